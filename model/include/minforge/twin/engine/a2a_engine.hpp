// A2aEngine: the composition both self-testing all-to-all engine twins share (not a twin of
// its own):
//   GsenA2aEngine    rtl/engine/gsen_a2a_engine.v    twin/engine/gsen_a2a_engine.hpp
//   BanyanA2aEngine  rtl/engine/banyan_a2a_engine.v  twin/engine/banyan_a2a_engine.hpp
// Both are A2aEngine, the RTL's composition:
//   a2a_gen     the generator memory: processor i's word at address a = b*N + j is the low
//               DW bits of mf_payload32(i, a) (a2a_gen_word), read one cycle after rd_en
//   the data engine  GsenA2aXchg / BanyanA2aXchg (gsen_a2a_xchg.hpp, banyan_a2a_xchg.hpp),
//               DW = W - 2*IW - HBW
//   a2a_check   every sink write compared with the generator's word of its source and block
//               word; mismatches registered, counted through the data engine's
//               count_levels() registered levels, then added (err_payload)
// Cycle protocol as the fabrics: eval(start, fault) then clock().
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/twin/engine/a2a_xchg.hpp"

namespace minforge::twin {

// The engine's observable registers in one cycle (after eval, before the edge): the output
// ports, plus the controller's `inject` (= issue) and `round`.
struct A2aState {
  bool busy = false, done = false, inject = false;
  uint32_t round = 0;
  uint32_t cycles = 0, delivered = 0, err_dst = 0, err_payload = 0, err_dup = 0;
  uint32_t missing = 0, errors = 0, conflicts = 0;
};

// The generator's word (a2a_gen): the low DW bits of mf_payload32(i, a), a = b*N + j.
inline uint64_t a2a_gen_word(int DW, uint32_t i, uint32_t a) {
  const uint64_t p = a2a_payload32(i, a);
  return DW >= 64 ? p : (p & ((uint64_t{1} << DW) - 1));
}

// The self-test engine's data width for fabric word width W: W - 2*ceil(log2 N) -
// ceil(log2 B); throws InvalidArgument when that is below 4.
int a2a_engine_dw(int N, int W, int B);

class A2aEngine {
 public:
  int ports() const { return x_->ports(); }
  int width() const { return x_->fabric_width(); }
  int blocks() const { return x_->blocks(); }
  int rounds() const { return x_->rounds(); }
  int latency() const { return x_->latency(); }
  int exchange_cycles() const { return x_->exchange_cycles(); }
  const A2aSchedule& schedule() const { return x_->schedule(); }
  const A2aXchg& xchg() const { return *x_; }

  void reset();
  // This cycle, given `start` and the banyan fault ports (ignored by GSEN).
  void eval(bool start, const BanyanFault& fault = {});
  void clock();
  const A2aState& state() const { return st_; }
  const FabricIn& fabric_in() const { return x_->fabric_in(); }
  const FabricOut& fabric_out() const { return x_->fabric_out(); }

 protected:
  explicit A2aEngine(std::unique_ptr<A2aXchg> x);

 private:
  std::unique_ptr<A2aXchg> x_;
  std::vector<uint64_t> gen_q_;  // a2a_gen read registers
  uint64_t dmask_ = 0;           // the low DW bits
  uint32_t n_bad_ = 0, bad_q_ = 0, err_payload_ = 0;
  std::vector<uint32_t> pc_bad_;  // the checker's population-count tree, one per level
  bool clear_ = false;
  A2aState st_;
};

}  // namespace minforge::twin
