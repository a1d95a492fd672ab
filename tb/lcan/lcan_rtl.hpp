// minforge harness of the LCAN family (paper 003): the circuit-switched CB-LCAN with the
// on-line routing of section 3, rtl/lcan/lcan_engine.v, in lockstep with its twin, as a
// typed library on the harness core (tb/core).  Callers: the regression
// (tb/lcan/lcan_main.cpp) and `minforge sim lcan` (in-process, on a model built on demand).
//
//   RTL                           twin (model/include/minforge/twin/lcan)
//   rtl/lcan/lcan_engine.v        LcanEngine
//   rtl/lcan/lcan_net.v           LcanNet (inside LcanEngine)
//   rtl/lcan/lcan_switch.v        LcanSwitch (every switch of LcanNet)
//
// Compared every cycle, RTL against twin: busy, done, cycles, delivered, errors, all_ok, the
// pending sources, the acknowledgements, every arrival (valid, and where valid its source
// and data word) and every switch's setting (the `settings` port: the input feeding each
// output of each switch); with PIPE = 1 in every clock cycle of a network cycle, as the
// link registers fill.  Checked every network cycle against the permutation: an arrival
// at PE t comes from a source s with perm[s] = t and carries the data word s was loaded
// with.  Per permutation: the hardware's network cycles beside the model's simulator
// (lcan::Simulator, random up per cycle, lower LCA level first down) on the same
// permutation.  Every mismatch is counted; the first is reported (tb/core/check.hpp) and
// its waveform kept (run_checked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "minforge/algo/lcan/lcan_perm.hpp"

namespace minforge::tb {

// The parameters a model was built with (its manifest, tb/lcan/lcan.cmake).
struct LcanParams {
  int n = 0, d = 0, u = 0, w = 0;
  int pipe = 0;  // PIPE: 1 = the pipelined network cycle (4 L - 3 clock cycles each)
};
LcanParams lcan_params(const Model& m);

// One permutation run to completion: perm[s] = destination of source s (any values: a
// non-permutation runs too), the switches' seed.
struct LcanCase {
  std::string label;
  std::vector<uint32_t> perm;
  uint16_t seed = 1;
};

struct LcanRun {
  RunOutcome run;  // the lockstep check: first mismatch, waveform
  LcanParams params;
  long cases = 0;
  long routed = 0;                // runs the hardware ended with all_ok
  long delivered = 0;             // pairs delivered (summed)
  long errors = 0;                // the hardware's error counts (summed)
  std::vector<int> cycles;        // network cycles per case (hardware)
  std::vector<int> model_cycles;  // the model's simulator on the same permutation (-1: not run)
  uint64_t clock_cycles = 0;      // clock cycles simulated
};

struct LcanOptions {
  RunOptions run;
  uint64_t seed = 1;    // the data words
  std::string tag;      // waveform name: <wave dir>/<tag>.fst
  std::string context;  // the report's context: how to reproduce the run
  bool model = true;    // also route each permutation with lcan::Simulator (permutations only)
};

// The cases back to back on one instance (after a reset): start, then one clock cycle per
// network cycle (PIPE = 1: 4 L - 3; the arrivals are checked against the permutation in
// the last one, where they count) until done.
LcanRun lcan_lockstep(const Model& m, const std::vector<LcanCase>& cases, const LcanOptions& o);

// Random stimulus, RTL against twin only: resets (1 in 64), starts (also while busy:
// ignored) with random destinations (duplicates included) and seeds.
RunOutcome lcan_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt);

// `count` permutations of a class on CB-LCAN(n, d, u) with their seeds, from `seed`.
std::vector<LcanCase> lcan_class_cases(int n, int d, int u, lcan::PermClass c, int count,
                                       uint64_t seed);

// Models built on demand with the regression's recipe (tb/lcan/lcan.cmake), loaded into this
// process: lcan_engine with N = n, D = d, U = u, W = 8.
const Model& lcan_model(int n, int d, int u);

// ---- `minforge sim lcan`
struct LcanSimRequest {
  int n = 0, d = 0, u = 0;
  lcan::PermClass cls = lcan::PermClass::Random;
  int trials = 1;
  uint64_t seed = 1;
  std::string wave;      // trace the run into this FST file
  std::string wave_dir;  // where a mismatch's waveform goes
};
struct LcanSimResult {
  std::string network;  // "CB-LCAN(64,4,4)"
  int trials = 0;
  double mean_cycles = 0, variance = 0;              // hardware, per permutation
  double model_mean_cycles = 0, model_variance = 0;  // lcan::Simulator, same permutations
  bool predicted_valid = false;
  double predicted_cycles = 0;  // Equations 2-3 (root class only)
  int min_cycles = 0, max_cycles = 0;
  long routed = 0, delivered = 0, errors = 0;
  uint64_t clock_cycles = 0;
  uint64_t mismatches = 0;
  std::vector<Mismatch> reports;
  std::vector<std::string> waves;
};
LcanSimResult lcan_sim(const LcanSimRequest& req, const Model& m);

}  // namespace minforge::tb
