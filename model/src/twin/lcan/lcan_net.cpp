// Cycle twin of rtl/lcan/lcan_net.v (lcan_net.hpp).
#include "minforge/twin/lcan/lcan_net.hpp"

#include <algorithm>
#include <string>

#include "minforge/common.hpp"

namespace minforge::twin {

namespace {
int check_net(int n, int d, int u, int w, int pipe) {
  if (pipe != 0 && pipe != 1)
    throw InvalidArgument("lcan_net: PIPE must be 0 or 1 (PIPE=" + std::to_string(pipe) + ")");
  for (const int v : {d, u})
    if (v != 2 && v != 4 && v != 8 && v != 16)
      throw InvalidArgument("lcan_net: d and u must be 2, 4, 8 or 16 (d=" + std::to_string(d) +
                            " u=" + std::to_string(u) + ")");
  int levels = 0;
  int64_t p = 1;
  while (p < n) {
    p *= d;
    ++levels;
  }
  if (n < d || n > 4096 || p != n)
    throw InvalidArgument("lcan_net: N must be a power of d, d..4096 (N=" + std::to_string(n) +
                          " d=" + std::to_string(d) + ")");
  if (w < 1 || w > 32)
    throw InvalidArgument("lcan_net: w must be 1..32 (w=" + std::to_string(w) + ")");
  return levels;
}
int clog2(int v) {
  int l = 0;
  while ((1 << l) < v) ++l;
  return l;
}
}  // namespace

LcanNet::LcanNet(int n, int d, int u, int w, int pipe)
    : net_(lcan::Network::cb(n, d, u, check_net(n, d, u, w, pipe))),
      n_(n),
      d_(d),
      u_(u),
      w_(w),
      pipe_(pipe),
      L_(net_.levels()),
      nb_(clog2(n)),
      lw_(clog2(L_) < 1 ? 1 : clog2(L_)),
      sc_(clog2(d + u + 1)) {
  goff_.assign(L_ + 1, 0);
  for (int i = 0; i < L_; ++i) {
    goff_[i + 1] = goff_[i] + net_.switches(i);
    for (int s = 0; s < net_.switches(i); ++s) sw_.emplace_back(d, u, i, goff_[i] + s);
  }
  const size_t S = sw_.size();
  din_.assign(S * d, {});
  dout_.assign(S * d, {});
  uin_.assign(S * u, {});
  uout_.assign(S * u, {});
  sel_.assign(S * (d + u), 0);
  dack_in_.assign(S * d, 0);
  dack_out_.assign(S * d, 0);
  uack_in_.assign(S * u, 0);
  uack_out_.assign(S * u, 0);
  arr_.assign(n, {});
  ack_.assign(n, 0);
  if (pipe_) {
    uout_q_.assign(S * u, {});
    dout_q_.assign(S * d, {});
    uack_q_.assign(S * u, 0);
    dack_q_.assign(S * d, 0);
  }
}

std::span<const LcanReq> LcanNet::downer_inputs(int g) const {
  return std::span<const LcanReq>(din_).subspan(static_cast<size_t>(g) * d_, d_);
}
std::span<const LcanReq> LcanNet::upper_inputs(int g) const {
  return std::span<const LcanReq>(uin_).subspan(static_cast<size_t>(g) * u_, u_);
}

void LcanNet::evaluate(std::span<const LcanReq> pe_req) {
  const size_t d = static_cast<size_t>(d_), u = static_cast<size_t>(u_), p = d + u;
  auto span_of = [](auto& v, size_t off, size_t len) { return std::span(v).subspan(off, len); };
  // What a level receives from its neighbours: their outputs of this evaluation (pipe 0, in
  // the order below) or the link registers (pipe 1).
  const std::vector<LcanReq>& up_in = pipe_ ? uout_q_ : uout_;
  const std::vector<LcanReq>& dn_in = pipe_ ? dout_q_ : dout_;
  const std::vector<uint8_t>& uack_in = pipe_ ? uack_q_ : uack_out_;
  const std::vector<uint8_t>& dack_in = pipe_ ? dack_q_ : dack_out_;
  // Up, level by level: the downer inputs, then the upper outputs.
  for (int i = 0; i < L_; ++i) {
    for (int s = 0; s < net_.switches(i); ++s) {
      const size_t g = static_cast<size_t>(goff_[i] + s);
      for (int j = 0; j < d_; ++j) {
        const lcan::End e = net_.down(i, s, j);
        din_[g * d + j] = i == 0 ? pe_req[static_cast<size_t>(e.sw)]
                                 : up_in[static_cast<size_t>(goff_[i - 1] + e.sw) * u + e.port];
      }
      sw_[g].route_up(span_of(din_, g * d, d), span_of(uout_, g * u, u),
                      span_of(sel_, g * p + d, u));
    }
  }
  // Down, from the top: the upper inputs, then the downer outputs.
  for (int i = L_ - 1; i >= 0; --i) {
    for (int s = 0; s < net_.switches(i); ++s) {
      const size_t g = static_cast<size_t>(goff_[i] + s);
      for (int k = 0; k < u_; ++k) {
        if (i + 1 < L_) {
          const lcan::End e = net_.up(i, s, k);
          uin_[g * u + k] = dn_in[static_cast<size_t>(goff_[i + 1] + e.sw) * d + e.port];
        } else {
          uin_[g * u + k] = LcanReq{};
        }
      }
      sw_[g].route_down(span_of(din_, g * d, d), span_of(uin_, g * u, u), span_of(dout_, g * d, d),
                        span_of(sel_, g * p, d));
    }
  }
  // Acknowledgements: up (from the arrivals), then down (to the sources).
  for (int i = 0; i < L_; ++i) {
    for (int s = 0; s < net_.switches(i); ++s) {
      const size_t g = static_cast<size_t>(goff_[i] + s);
      for (int j = 0; j < d_; ++j) {
        if (i == 0) {
          dack_in_[g * d + j] = dout_[g * d + j].valid ? 1 : 0;  // a PE accepts what arrives
        } else {
          const lcan::End e = net_.down(i, s, j);
          dack_in_[g * d + j] = uack_in[static_cast<size_t>(goff_[i - 1] + e.sw) * u + e.port];
        }
      }
      sw_[g].ack_up(span_of(sel_, g * p, d), span_of(dack_in_, g * d, d),
                    span_of(uack_out_, g * u, u));
    }
  }
  for (int i = L_ - 1; i >= 0; --i) {
    for (int s = 0; s < net_.switches(i); ++s) {
      const size_t g = static_cast<size_t>(goff_[i] + s);
      for (int k = 0; k < u_; ++k) {
        if (i + 1 < L_) {
          const lcan::End e = net_.up(i, s, k);
          uack_in_[g * u + k] = dack_in[static_cast<size_t>(goff_[i + 1] + e.sw) * d + e.port];
        } else {
          uack_in_[g * u + k] = 0;
        }
      }
      sw_[g].ack_down(span_of(sel_, g * p, d), span_of(sel_, g * p + d, u),
                      span_of(dack_in_, g * d, d), span_of(uack_in_, g * u, u),
                      span_of(dack_out_, g * d, d));
    }
  }
  for (int t = 0; t < n_; ++t) {
    const lcan::End a = net_.attach(t);
    arr_[t] = dout_[static_cast<size_t>(a.sw) * d + a.port];
    ack_[t] = dack_out_[static_cast<size_t>(a.sw) * d + a.port];
  }
}

void LcanNet::clock(bool rst, bool load, uint16_t seed, bool step) {
  for (LcanSwitch& s : sw_) s.clock(rst, load, seed, step);
  if (!pipe_) return;
  if (rst) {
    std::fill(uout_q_.begin(), uout_q_.end(), LcanReq{});
    std::fill(dout_q_.begin(), dout_q_.end(), LcanReq{});
    std::fill(uack_q_.begin(), uack_q_.end(), uint8_t{0});
    std::fill(dack_q_.begin(), dack_q_.end(), uint8_t{0});
    return;
  }
  uout_q_ = uout_;
  dout_q_ = dout_;
  uack_q_ = uack_out_;
  dack_q_ = dack_out_;
}

}  // namespace minforge::twin
