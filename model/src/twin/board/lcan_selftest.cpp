// Cycle twin of rtl/board/lcan_selftest.v (lcan_selftest.hpp).
#include "minforge/twin/board/lcan_selftest.hpp"

#include "minforge/common.hpp"
#include "minforge/twin/lcan/lcan_switch.hpp"

namespace minforge::twin {

LcanSelftest::LcanSelftest(int n, int d, int u, int w, uint16_t seed, int pipe)
    : eng_(n, d, u, w, pipe), n_(n), w_(w), seed_(seed), perm_(n), data_(n) {
  if (w < 1 || w > 32) throw InvalidArgument("LcanSelftest: W must be 1..32");
  clock(true, false);
  evaluate();
}

void LcanSelftest::evaluate() {
  eng_.evaluate();
  const uint32_t wmask = w_ >= 32 ? 0xFFFFFFFFu : ((1u << w_) - 1);
  wrong_ = false;
  for (const LcanReq& a : eng_.arrivals())
    if (a.valid && static_cast<uint32_t>(a.data) != ((a.src ^ run_) & wmask)) wrong_ = true;
}

void LcanSelftest::clock(bool rst, bool start) {
  const uint32_t wmask = w_ >= 32 ? 0xFFFFFFFFu : ((1u << w_) - 1);
  // the engine's inputs of this cycle
  for (int p = 0; p < n_; ++p) data_[p] = (static_cast<uint32_t>(p) ^ run_) & wmask;
  LcanEngine::In in;
  in.rst = rst;
  in.start = state_ == State::kGo;
  in.seed = lfsr_;
  in.perm_dst = perm_;
  in.perm_data = data_;
  const bool e_done = eng_.done();
  const uint32_t e_cycles = eng_.cycles(), e_del = eng_.delivered(), e_err = eng_.errors();
  eng_.clock(in);
  if (rst) {
    state_ = State::kIdle;
    busy_ = done_ = false;
    lfsr_ = seed_ == 0 ? 1 : seed_;
    idx_ = static_cast<uint32_t>(n_ - 1);
    run_ = draws_ = 0;
    dbad_ = 0;
    cycles_ = delivered_ = errors_ = 0;
    for (int p = 0; p < n_; ++p) perm_[p] = static_cast<uint32_t>(p);
    return;
  }
  switch (state_) {
    case State::kIdle:
      if (start) {
        state_ = State::kGen;
        busy_ = true;
        done_ = false;
        idx_ = static_cast<uint32_t>(n_ - 1);
        run_ = (run_ + 1) & wmask;
        dbad_ = 0;
        draws_ = 0;
      }
      break;
    case State::kGen: {
      const uint32_t draw = lfsr_ & static_cast<uint32_t>(n_ - 1);
      lfsr_ = LcanSwitch::xorshift(lfsr_);
      ++draws_;
      if (draw <= idx_) {
        std::swap(perm_[idx_], perm_[draw]);
        if (idx_ == 1) state_ = State::kGo;
        idx_ = (idx_ - 1) & static_cast<uint32_t>(n_ - 1);
      }
      break;
    }
    case State::kGo:
      state_ = State::kRun;
      break;
    case State::kRun:
      if (e_done) {
        state_ = State::kIdle;
        busy_ = false;
        done_ = true;
        cycles_ = e_cycles;
        delivered_ = e_del;
        const uint64_t s = uint64_t{e_err} + (static_cast<uint32_t>(n_) - e_del) + dbad_;
        errors_ = s > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(s);
      } else if (wrong_ && dbad_ != 0xFFFF) {
        ++dbad_;
      }
      break;
  }
}

std::vector<LcanRun> lcan_board_runs(int n, int d, int u, int w, uint16_t seed, size_t count,
                                     uint64_t max_edges, int pipe) {
  LcanSelftest st(n, d, u, w, seed, pipe);
  std::vector<LcanRun> out;
  bool eng_start = false, waiting = false;
  for (uint64_t edge = 1; edge <= max_edges && out.size() < count; ++edge) {
    const bool was_done = st.done();
    // board_reporter: start pulse when idle, waiting from the edge that takes it
    bool next_start = false, next_waiting = waiting;
    if (!waiting && !eng_start) {
      next_start = true;
    } else if (eng_start) {
      next_waiting = true;
    } else if (st.done()) {
      next_waiting = false;
    }
    st.clock(false, eng_start);
    st.evaluate();
    eng_start = next_start;
    waiting = next_waiting;
    if (!was_done && st.done()) {
      // the permutation stays in place from the end of GEN to the next start
      out.push_back(LcanRun{st.cycles(), st.delivered(), st.errors(), st.perm(), st.lfsr(),
                            st.draws(), edge});
    }
  }
  return out;
}

}  // namespace minforge::twin
