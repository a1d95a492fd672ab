// minforge cycle twin of rtl/board/board_xpose.v: the board tops' matrix-transpose
// demonstration (XPOSE = 1).  Source buffers hold the seeded matrix A (element() below, the
// formula of the RTL header), the data engine's twin (GsenA2aXchg / BanyanA2aXchg) moves it,
// and the checker compares every sink write with the transpose, counts the mismatches
// through the same population-count levels as the engine's counters, and XOR-folds each
// sink's words into the checksum.  Cycle protocol as the engine twins: eval(start, seed)
// (this cycle's outputs, no state change) then clock() (the edge).
//
// ENGINE = MF_DESIGN_BANYAN_FT: the data engine is the fault-tolerant banyan engine's twin
// (BanyanFtEngine) with a dead internal element and the plan image loaded (the RTL's loader
// writes it after reset, before the first start; here reset() writes it, so cycle counts
// match the RTL's from the first start on, not before).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/algo/banyan/banyan_ft_plan.hpp"
#include "minforge/twin/engine/a2a_xchg.hpp"
#include "minforge/twin/engine/banyan_ft_engine.hpp"

namespace minforge::twin {

class BoardXpose {
 public:
  // The RTL's parameters: ENGINE (net), N, W (fabric word; DW = W - 2*ceil(log2 N) -
  // ceil(log2 B) must be 4..32), SCHED (GSEN: Alt or Stage), PIPELINE, B.  Throws
  // InvalidArgument for what the RTL refuses to elaborate.
  BoardXpose(Net net, int N, int W, Sched sched, bool pipeline, int B = 1);
  // ENGINE banyan_ft: N, W, PIPELINE, B as above, the dead element `fault` (fed to the
  // fabric's fault port, kind dead) and the plan image the RTL loads (PLAN_FILE).
  BoardXpose(int N, int W, bool pipeline, banyan::Fault fault, const banyan::FtImage& plan,
             int B = 1);

  // A(i, c) = y(x), x = (3*i + 5*c + seed) mod 2^DW, y(x) = x xor (x >> 3): word c = b*N + j
  // of row i (the word source i sends to destination j in block word b).
  static uint32_t element(int DW, uint32_t i, uint32_t c, uint32_t seed);
  // The checksum of a correct transpose: XOR over sinks j of rotl32(acc_j, j mod 32),
  // acc_j = XOR over i < N, b < B of A(i, b*N + j).
  static uint32_t expected_sum(int N, int B, int DW, uint32_t seed);
  // The same in the AXI4-Stream IP's stream order (rtl/board/board_axis_demo.v, frame f =
  // seed): XOR over processors j of rotl32(acc_j, j mod 32), acc_j = XOR over i < N, b < B of
  // A(i, j*B + b) (processor i's stream word p = j*B + b carries element(DW, i, p, seed)).
  static uint32_t expected_stream_sum(int N, int B, int DW, uint32_t seed);

  int data_width() const { return DW_; }
  const A2aXchg& engine() const { return *x_; }  // GSEN / banyan only
  // cycles of one exchange: B*ROUNDS + LAT, banyan_ft B*T + LAT
  int exchange_cycles() const;

  void reset();
  void eval(bool start, uint32_t seed);
  void clock();
  bool busy() const { return ft_ ? ft_->busy() : x_->state().busy; }
  bool done() const { return ft_ ? ft_->done() : x_->state().done; }
  uint32_t cycles() const { return ft_ ? ft_->cycles() : x_->state().cycles; }
  // err_dst + err_dup + missing (banyan_ft: + relay_miss + relay_ovf) of the engine + the
  // words that are not the transpose's.
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
  void init(int W);
  struct Ports;  // the engine's memory ports of this cycle
  Ports ports() const;

  int N_, B_, DW_, L_;
  std::unique_ptr<A2aXchg> x_;
  std::unique_ptr<BanyanFtEngine> ft_;  // banyan_ft (x_ empty)
  BanyanFault fault_;
  banyan::FtImage plan_;
  bool start_ = false;
  uint32_t seed_ = 0;
  std::vector<uint64_t> rd_data_;  // the source buffers' read registers
  std::vector<uint32_t> acc_;      // per sink XOR fold
  uint32_t bad_q_ = 0;             // population of the registered mismatch vector
  std::vector<uint32_t> pipe_;     // the count tree's levels (last = `count`)
  uint32_t err_data_ = 0;
};

}  // namespace minforge::twin
