// minforge cycle twin of rtl/board/lcan_selftest.v (the random-permutation generator and
// checker around lcan_engine in the CB-LCAN board self-test) and, in lcan_board_runs(), of
// the start/done handshake of rtl/board/board_reporter.v.  Together they predict, cycle for
// cycle, what the self-testing CB-LCAN board top does: the permutation, network cycles,
// pairs routed and errors of every run.  Used by the board-top harness (tb/board) and
// tests/lcan/lcan_board_twin_test.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "minforge/twin/lcan/lcan_engine.hpp"

namespace minforge::twin {

// Counters of one run, as lcan_selftest holds them when done.
struct LcanRun {
  uint32_t cycles = 0, delivered = 0, errors = 0;
  std::vector<uint32_t> perm;  // the permutation routed (perm[p] = destination of p)
  uint16_t seed = 0;           // the engine's seed of the run
  uint32_t draws = 0;          // generator draws (clock cycles of GEN)
  uint64_t end_edge = 0;       // edge (counted from 1 after reset) at which done rose
};

class LcanSelftest {
 public:
  // CB-LCAN(n, d, u) with w data bits (lcan_engine's rules); seed = the top's SEED; pipe =
  // the engine's PIPE (0 or 1).
  LcanSelftest(int n, int d, int u, int w, uint16_t seed, int pipe = 0);

  // The combinational part of the cycle (the engine's network cycle): call after every
  // clock() before reading the outputs or clocking again.
  void evaluate();
  // One rising edge (start as sampled at it).
  void clock(bool rst, bool start);

  bool busy() const { return busy_; }
  bool done() const { return done_; }
  uint32_t cycles() const { return cycles_; }
  uint32_t delivered() const { return delivered_; }
  uint32_t errors() const { return errors_; }
  const std::vector<uint32_t>& perm() const { return perm_; }
  const LcanEngine& engine() const { return eng_; }
  // Generator state (the engine's seed of the run once GEN ends) and draws of this run.
  uint16_t lfsr() const { return lfsr_; }
  uint32_t draws() const { return draws_; }

 private:
  enum class State { kIdle, kGen, kGo, kRun };
  LcanEngine eng_;
  int n_, w_;
  uint16_t seed_;
  State state_ = State::kIdle;
  bool busy_ = false, done_ = false;
  uint16_t lfsr_ = 1, dbad_ = 0;
  uint32_t idx_ = 0, run_ = 0, draws_ = 0;
  uint32_t cycles_ = 0, delivered_ = 0, errors_ = 0;
  std::vector<uint32_t> perm_;
  std::vector<uint64_t> data_;
  bool wrong_ = false;  // evaluate(): an arrival with a wrong data word this cycle
};

// The board's self-test from the first clock edge after its power-on reset: board_reporter's
// start/done handshake and lcan_selftest.  Returns the first `count` runs (or fewer if
// `max_edges` edges pass first).
std::vector<LcanRun> lcan_board_runs(int n, int d, int u, int w, uint16_t seed, size_t count,
                                     uint64_t max_edges, int pipe = 0);

}  // namespace minforge::twin
