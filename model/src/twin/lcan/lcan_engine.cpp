// Cycle twin of rtl/lcan/lcan_engine.v (lcan_engine.hpp).
#include "minforge/twin/lcan/lcan_engine.hpp"

#include "minforge/common.hpp"

namespace minforge::twin {

LcanEngine::LcanEngine(int n, int d, int u, int w, int pipe)
    : net_(n, d, u, w, pipe), pending_(n, 0), dst_(n, 0), data_(n, 0), lca_(n, 0), req_(n) {}

void LcanEngine::evaluate() {
  const int n = net_.n();
  for (int p = 0; p < n; ++p)
    req_[p] = LcanReq{busy_ && pending_[p], lca_[p], dst_[p], static_cast<uint32_t>(p), data_[p]};
  net_.evaluate(req_);
  n_ack_ = 0;
  n_bad_ = 0;
  for (int t = 0; t < n; ++t) {
    n_ack_ += net_.acks()[t];
    const LcanReq& a = net_.arrivals()[t];
    if (a.valid && a.dst != static_cast<uint32_t>(t)) ++n_bad_;
  }
}

void LcanEngine::clock(const In& in) {
  const int n = net_.n();
  const bool clear = in.start && !busy_;
  const bool last = last_phase();
  net_.clock(in.rst, !in.rst && clear, in.seed, !in.rst && busy_ && last);
  if (in.rst || clear)
    phase_ = 0;
  else if (busy_)
    phase_ = last ? 0 : phase_ + 1;
  if (in.rst) {
    busy_ = done_ = false;
    cycles_ = delivered_ = errors_ = 0;
    std::fill(pending_.begin(), pending_.end(), 0);
    return;
  }
  if (clear) {
    if (in.perm_dst.size() != static_cast<size_t>(n) ||
        in.perm_data.size() != static_cast<size_t>(n))
      throw InvalidArgument("LcanEngine: start needs one destination and one data word per source");
    const uint32_t nmask = static_cast<uint32_t>(n - 1);
    const uint64_t dmask = net_.width() >= 64 ? ~uint64_t{0} : ((uint64_t{1} << net_.width()) - 1);
    busy_ = true;
    done_ = false;
    cycles_ = delivered_ = errors_ = 0;
    for (int p = 0; p < n; ++p) {
      pending_[p] = 1;
      dst_[p] = in.perm_dst[p] & nmask;
      data_[p] = in.perm_data[p] & dmask;
      lca_[p] = net_.network().lca_level(p, static_cast<int>(dst_[p]));
    }
    return;
  }
  if (!busy_ || !last) return;
  // The outputs of this cycle (evaluate() was called for it), the network cycle's last.
  bool left = false;
  for (int p = 0; p < n; ++p) {
    if (net_.acks()[p]) pending_[p] = 0;
    left = left || pending_[p];
  }
  const bool stall = n_ack_ == 0;
  cycles_ = (cycles_ + 1) & 0xFFFFu;
  delivered_ += static_cast<uint32_t>(n_ack_);
  const uint32_t e = errors_ + static_cast<uint32_t>(n_bad_) + (stall ? 1u : 0u);
  errors_ = e > 0xFFFFu ? 0xFFFFu : e;
  if (!left || stall) {
    busy_ = false;
    done_ = true;
  }
}

}  // namespace minforge::twin
