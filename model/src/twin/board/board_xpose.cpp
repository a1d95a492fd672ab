// Twin of rtl/board/board_xpose.v (board_xpose.hpp).
#include "minforge/twin/board/board_xpose.hpp"

#include <string>

#include "minforge/common.hpp"
#include "minforge/twin/engine/banyan_a2a_xchg.hpp"
#include "minforge/twin/engine/gsen_a2a_xchg.hpp"

namespace minforge::twin {

namespace {
uint32_t rotl32(uint32_t v, int r) {
  r %= 32;
  return r == 0 ? v : (v << r) | (v >> (32 - r));
}
uint32_t dmask(int DW) { return DW >= 32 ? 0xffffffffu : (1u << DW) - 1u; }
}  // namespace

uint32_t BoardXpose::element(int DW, uint32_t i, uint32_t c, uint32_t seed) {
  const uint32_t x = (3u * i + 5u * c + seed) & dmask(DW);
  return x ^ (x >> 3);
}

uint32_t BoardXpose::expected_sum(int N, int B, int DW, uint32_t seed) {
  uint32_t s = 0;
  for (int j = 0; j < N; ++j) {
    uint32_t acc = 0;
    for (int b = 0; b < B; ++b)
      for (int i = 0; i < N; ++i)
        acc ^= element(DW, static_cast<uint32_t>(i), static_cast<uint32_t>(b * N + j), seed);
    s ^= rotl32(acc, j);
  }
  return s;
}

// The RTL's data word: DW = W - 2*ceil(log2 N) - ceil(log2 B), 4..32.
void BoardXpose::init(int W) {
  if (N_ < 4) throw InvalidArgument("board_xpose: N must be >= 4 (N=" + std::to_string(N_) + ")");
  if (B_ < 1) throw InvalidArgument("board_xpose: B must be >= 1 (B=" + std::to_string(B_) + ")");
  const int iw = ceil_log2(static_cast<uint64_t>(N_));
  DW_ = W - 2 * iw - ceil_log2(static_cast<uint64_t>(B_));
  if (DW_ < 4 || DW_ > 32)
    throw InvalidArgument("board_xpose: DW = W - 2*ceil(log2 N) - ceil(log2 B) = " +
                          std::to_string(DW_) + " must be 4..32");
}

uint32_t BoardXpose::expected_stream_sum(int N, int B, int DW, uint32_t seed) {
  uint32_t s = 0;
  for (int j = 0; j < N; ++j) {
    uint32_t acc = 0;
    for (int i = 0; i < N; ++i)
      for (int b = 0; b < B; ++b)
        acc ^= element(DW, static_cast<uint32_t>(i), static_cast<uint32_t>(j * B + b), seed);
    s ^= rotl32(acc, j);
  }
  return s;
}

BoardXpose::BoardXpose(int N, int W, bool pipeline, banyan::Fault fault,
                       const banyan::FtImage& plan, int B)
    : N_(N), B_(B), plan_(plan) {
  init(W);
  if (plan.ports != N)
    throw InvalidArgument("board_xpose: the plan image is for N=" + std::to_string(plan.ports) +
                          ", not N=" + std::to_string(N));
  const int depth = BanyanFtEngine::default_plan_depth(N);
  if (plan.entries.empty() || static_cast<int>(plan.entries.size()) > depth)
    throw InvalidArgument("board_xpose: PLAN_LEN must be 1..3N+8 (PLAN_LEN=" +
                          std::to_string(plan.entries.size()) + ")");
  ft_ = std::make_unique<BanyanFtEngine>(N, DW_, B, pipeline, depth,
                                         BanyanFtEngine::kDefaultRelayDepth);
  fault_ = BanyanFault{true, fault.stage, fault.element, params::code(params::Fault::Dead)};
  L_ = ft_->count_levels();
  reset();
}

BoardXpose::BoardXpose(Net net, int N, int W, Sched sched, bool pipeline, int B) : N_(N), B_(B) {
  init(W);
  if (net == Net::Gsen) {
    if (sched != Sched::Alt && sched != Sched::Stage)
      throw InvalidArgument("board_xpose: SCHED must be alt or stage");
    x_ = std::make_unique<GsenA2aXchg>(N, DW_, B, sched, pipeline, false);
  } else {
    x_ = std::make_unique<BanyanA2aXchg>(N, DW_, B, pipeline, false);
  }
  L_ = x_->count_levels();
  reset();
}

int BoardXpose::exchange_cycles() const {
  return ft_ ? B_ * static_cast<int>(plan_.entries.size()) + ft_->latency() : x_->exchange_cycles();
}

void BoardXpose::reset() {
  if (ft_) {
    // reset, then the loader: entry t written at plan address t
    BanyanFtEngine::In in;
    in.rst = true;
    in.fault = fault_;
    ft_->clock(in);
    in.rst = false;
    in.plan_wr_en = true;
    for (size_t t = 0; t < plan_.entries.size(); ++t) {
      const auto bits = banyan::ft_entry_bits(plan_, t);
      in.plan_wr_addr = static_cast<uint32_t>(t);
      in.plan_wr_data = bits;
      ft_->clock(in);
    }
  } else {
    x_->reset();
  }
  start_ = false;
  seed_ = 0;
  rd_data_.assign(static_cast<size_t>(N_), 0);
  acc_.assign(static_cast<size_t>(N_), 0);
  bad_q_ = 0;
  pipe_.assign(static_cast<size_t>(L_), 0);
  err_data_ = 0;
}

void BoardXpose::eval(bool start, uint32_t seed) {
  start_ = start;
  seed_ = seed;
  if (!ft_) x_->eval(start, rd_data_);  // the fault-tolerant twin's outputs are its state
}

uint32_t BoardXpose::errors() const {
  if (ft_)
    return ft_->err_dst() + ft_->err_dup() + ft_->missing() + ft_->relay_miss() + ft_->relay_ovf() +
           err_data_;
  const auto& s = x_->state();
  return s.err_dst + s.err_dup + s.missing + err_data_;
}

struct BoardXpose::Ports {
  std::vector<uint8_t> rd_en, wr_en;
  std::vector<uint32_t> rd_addr, wr_addr;
  std::vector<uint64_t> wr_data;
};

BoardXpose::Ports BoardXpose::ports() const {
  Ports p;
  if (!ft_) {
    p.rd_en.assign(x_->src_rd_en().begin(), x_->src_rd_en().end());
    p.rd_addr.assign(x_->src_rd_addr().begin(), x_->src_rd_addr().end());
    p.wr_en.assign(x_->snk_wr_en().begin(), x_->snk_wr_en().end());
    p.wr_addr.assign(x_->snk_wr_addr().begin(), x_->snk_wr_addr().end());
    p.wr_data.assign(x_->snk_wr_data().begin(), x_->snk_wr_data().end());
    return p;
  }
  for (int i = 0; i < N_; ++i) {
    p.rd_en.push_back(ft_->src_rd_en(i) ? 1 : 0);
    p.rd_addr.push_back(ft_->src_rd_addr(i));
    p.wr_en.push_back(ft_->snk_wr_en(i) ? 1 : 0);
    p.wr_addr.push_back(ft_->snk_wr_addr(i));
    p.wr_data.push_back(ft_->snk_wr_data(i));
  }
  return p;
}

uint32_t BoardXpose::sum() const {
  uint32_t s = 0;
  for (int j = 0; j < N_; ++j) s ^= rotl32(acc_[static_cast<size_t>(j)], j);
  return s;
}

void BoardXpose::clock() {
  const bool clear = start_ && !busy();
  const Ports p = ports();
  const auto& rd_en = p.rd_en;
  const auto& rd_addr = p.rd_addr;
  const auto& wr_en = p.wr_en;
  const auto& wr_addr = p.wr_addr;
  const auto& wr_data = p.wr_data;
  // the sinks: compare with the transpose, fold
  uint32_t bad = 0;
  for (int j = 0; j < N_; ++j) {
    const size_t jj = static_cast<size_t>(j);
    if (!wr_en[jj]) continue;
    const uint32_t a = wr_addr[jj];
    uint32_t bn = 0;  // b*N: the largest multiple k*N <= a, k < B
    for (int k = 1; k < B_; ++k)
      if (a >= static_cast<uint32_t>(k * N_)) bn = static_cast<uint32_t>(k * N_);
    const uint32_t want = element(DW_, a - bn, bn + static_cast<uint32_t>(j), seed_);
    const uint32_t got = static_cast<uint32_t>(wr_data[jj]) & dmask(DW_);
    if (got != want) ++bad;
    if (!clear) acc_[jj] ^= got;
  }
  // the count tree, its counter (a2a_popcount L levels, a2a_counter)
  if (clear) {
    bad_q_ = 0;
    pipe_.assign(pipe_.size(), 0);
    err_data_ = 0;
    acc_.assign(acc_.size(), 0);
  } else {
    err_data_ += pipe_.back();
    for (size_t l = pipe_.size() - 1; l > 0; --l) pipe_[l] = pipe_[l - 1];
    pipe_[0] = bad_q_;
    bad_q_ = bad;
  }
  // the engine's edge (it sees this cycle's read registers), then the source buffers' read
  // registers
  if (ft_) {
    BanyanFtEngine::In in;
    in.start = start_;
    in.plan_len = static_cast<uint32_t>(plan_.entries.size());
    in.fault = fault_;
    in.src_rd_data = rd_data_;
    ft_->clock(in);
  } else {
    x_->clock();
  }
  for (int i = 0; i < N_; ++i) {
    const size_t ii = static_cast<size_t>(i);
    if (rd_en[ii]) rd_data_[ii] = element(DW_, static_cast<uint32_t>(i), rd_addr[ii], seed_);
  }
}

BoardXpose::Run BoardXpose::run(uint32_t seed) {
  Run r;
  r.sinks.assign(static_cast<size_t>(N_),
                 std::vector<uint64_t>(static_cast<size_t>(N_ * B_), ~0ull));
  bool started = false;
  for (int cyc = 0; cyc < 1 + exchange_cycles() + 4; ++cyc) {
    eval(!started, seed);
    if (started && done()) break;
    const Ports p = ports();
    for (int j = 0; j < N_; ++j) {
      const size_t jj = static_cast<size_t>(j);
      if (p.wr_en[jj]) {
        const uint32_t a = p.wr_addr[jj];
        if (a < static_cast<uint32_t>(N_ * B_)) r.sinks[jj][a] = p.wr_data[jj];
      }
    }
    clock();
    started = true;
  }
  r.cycles = cycles();
  r.errors = errors();
  r.sum = sum();
  return r;
}

}  // namespace minforge::twin
