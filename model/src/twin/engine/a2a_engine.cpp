// A2aEngine, the composition both self-testing engine twins share (a2a_engine.hpp).
#include "minforge/twin/engine/a2a_engine.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace minforge::twin {

int a2a_engine_dw(int N, int W, int B) {
  if (N < 2 || B < 1) throw InvalidArgument("engine needs N >= 2 and B >= 1");
  const int iw = ceil_log2(static_cast<uint64_t>(N));
  const int hbw = ceil_log2(static_cast<uint64_t>(B));
  const int dw = W - 2 * iw - hbw;
  if (dw < 4)
    throw InvalidArgument("message width W = " + std::to_string(W) +
                          " too small for N = " + std::to_string(N) + ", B = " + std::to_string(B) +
                          ": needs 2*" + std::to_string(iw) + " index bits + " +
                          std::to_string(hbw) + " block bits + 4 payload bits");
  return dw;
}

A2aEngine::A2aEngine(std::unique_ptr<A2aXchg> x) : x_(std::move(x)) {
  gen_q_.assign(static_cast<size_t>(x_->ports()), 0);
  const int DW = x_->data_width();
  dmask_ = DW >= 64 ? ~uint64_t{0} : ((uint64_t{1} << DW) - 1);
  pc_bad_.assign(static_cast<size_t>(x_->count_levels()), 0);
  reset();
}

void A2aEngine::reset() {
  x_->reset();
  n_bad_ = bad_q_ = err_payload_ = 0;
  std::fill(pc_bad_.begin(), pc_bad_.end(), 0);
  clear_ = false;
}

void A2aEngine::eval(bool start, const BanyanFault& fault) {
  x_->eval(start, gen_q_, fault);
  const XchgState& xs = x_->state();
  clear_ = start && !xs.busy;
  // a2a_check: the sink writes against the generator's words
  const uint8_t* en = x_->snk_wr_en().data();
  const uint32_t* addr = x_->snk_wr_addr().data();
  const uint64_t* data = x_->snk_wr_data().data();
  const uint32_t N = static_cast<uint32_t>(x_->ports());
  const uint64_t dm = dmask_;
  uint32_t bad = 0;
  for (uint32_t j = 0; j < N; ++j) {
    if (!en[j]) continue;
    uint32_t s = addr[j], bn = 0;  // s = addr mod N, bn = addr - s (addr < N*B)
    while (s >= N) {
      s -= N;
      bn += N;
    }
    bad += data[j] != (a2a_payload32(s, bn + j) & dm);
  }
  n_bad_ = bad;
  st_.busy = xs.busy;
  st_.done = xs.done;
  st_.inject = xs.issue;
  st_.round = xs.round;
  st_.cycles = xs.cycles;
  st_.delivered = xs.delivered;
  st_.err_dst = xs.err_dst;
  st_.err_payload = err_payload_;
  st_.err_dup = xs.err_dup;
  st_.missing = xs.missing;
  st_.errors = xs.err_dst + err_payload_ + xs.err_dup + xs.missing;
  st_.conflicts = xs.conflicts;
}

void A2aEngine::clock() {
  // a2a_gen: the read registers
  const uint8_t* en = x_->src_rd_en().data();
  const uint32_t* addr = x_->src_rd_addr().data();
  const uint64_t dm = dmask_;
  uint64_t* q = gen_q_.data();
  const size_t N = gen_q_.size();
  for (size_t i = 0; i < N; ++i)
    if (en[i]) q[i] = a2a_payload32(static_cast<uint32_t>(i), addr[i]) & dm;
  // a2a_check
  if (clear_) {
    bad_q_ = err_payload_ = 0;
    std::fill(pc_bad_.begin(), pc_bad_.end(), 0);
  } else {
    err_payload_ += pc_bad_.back();
    for (size_t k = pc_bad_.size() - 1; k > 0; --k) pc_bad_[k] = pc_bad_[k - 1];
    pc_bad_[0] = bad_q_;
    bad_q_ = n_bad_;
  }
  x_->clock();
}

}  // namespace minforge::twin
