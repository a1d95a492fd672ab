// minforge cycle twin of rtl/board/board_xpose.v: the board tops' matrix-transpose
// demonstration (XPOSE = 1).  Source buffers hold the seeded matrix A (element() below, the
// formula of the RTL header), the data engine's twin (GsenA2aXchg / BanyanA2aXchg) moves it,
// and the checker compares every sink write with the transpose, counts the mismatches
// through the same population-count levels as the engine's counters, and XOR-folds each
// sink's words into the checksum.  Cycle protocol as the engine twins: eval(start, seed)
// (this cycle's outputs, no state change) then clock() (the edge).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/twin/engine/a2a_xchg.hpp"

namespace minforge::twin {

class BoardXpose {
 public:
  // The RTL's parameters: ENGINE (net), N, W (fabric word; DW = W - 2*ceil(log2 N) -
  // ceil(log2 B) must be 4..32), SCHED (GSEN: Alt or Stage), PIPELINE, B.  Throws
  // InvalidArgument for what the RTL refuses to elaborate.
  BoardXpose(Net net, int N, int W, Sched sched, bool pipeline, int B = 1);

  // A(i, c) = y(x), x = (3*i + 5*c + seed) mod 2^DW, y(x) = x xor (x >> 3): word c = b*N + j
  // of row i (the word source i sends to destination j in block word b).
  static uint32_t element(int DW, uint32_t i, uint32_t c, uint32_t seed);
  // The checksum of a correct transpose: XOR over sinks j of rotl32(acc_j, j mod 32),
  // acc_j = XOR over i < N, b < B of A(i, b*N + j).
  static uint32_t expected_sum(int N, int B, int DW, uint32_t seed);

  int data_width() const { return DW_; }
  const A2aXchg& engine() const { return *x_; }

  void reset();
  void eval(bool start, uint32_t seed);
  void clock();
  bool busy() const { return x_->state().busy; }
  bool done() const { return x_->state().done; }
  uint32_t cycles() const { return x_->state().cycles; }
  // err_dst + err_dup + missing of the engine + the words that are not the transpose's.
  uint32_t errors() const;
  uint32_t sum() const;

  // One exchange from idle with `seed` (start in the first cycle), run to done; the sink
  // buffers as written (sinks[j][b*N + i]).
  struct Run {
    uint32_t cycles = 0, errors = 0, sum = 0;
    std::vector<std::vector<uint64_t>> sinks;
  };
  Run run(uint32_t seed);

 private:
  int N_, B_, DW_, L_;
  std::unique_ptr<A2aXchg> x_;
  bool start_ = false;
  uint32_t seed_ = 0;
  std::vector<uint64_t> rd_data_;  // the source buffers' read registers
  std::vector<uint32_t> acc_;      // per sink XOR fold
  uint32_t bad_q_ = 0;             // population of the registered mismatch vector
  std::vector<uint32_t> pipe_;     // the count tree's levels (last = `count`)
  uint32_t err_data_ = 0;
};

}  // namespace minforge::twin
