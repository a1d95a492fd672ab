// minforge harness of the hypercube family (paper 004): the packet-switched d-cube
// rtl/hypercube/hypercube_net.v in lockstep with its twin, and the twin in step with the
// golden model's step simulator, as a typed library on the harness core (tb/core).  Callers:
// the regression (tb/hypercube/hypercube_main.cpp) and `minforge hypercube sim` (in-process,
// on a model built on demand).
//
//   RTL                                 twin (model/include/minforge/twin/hypercube)
//   rtl/hypercube/hypercube_net.v       HypercubeNet
//   rtl/hypercube/hypercube_node.v      HypercubeNode (2^D of them inside HypercubeNet)
//
// Compared every cycle, RTL against twin: busy, done, step, error, all_ok, and for every node
// its packet register (valid; src, dst and data where valid), its checker bit ok and its
// flags err_collide and err_empty.  Compared on every step of a run, twin against the golden
// model (hypercube::run_steps on the same permutation and schedule): the origin (src) of the
// packet every node holds after the step, for every step the step simulator accepted; at the
// end of a run, the hardware's verdict (all_ok) against the simulator's (ok).  Every mismatch
// is counted; the first is reported (tb/core/check.hpp) and its waveform kept (run_checked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "minforge/twin/hypercube/hypercube_stimulus.hpp"

namespace minforge::tb {

// The parameters a model was built with (its manifest, tb/hypercube/hypercube.cmake).
struct HypercubeParams {
  int d = 0, steps = 0, w = 0;
};
HypercubeParams hypercube_params(const Model& m);

// One run of the hardware: the packets of `perm` (node v's packet: src v, dst perm[v], a
// random data word) and the schedule `moves` (at most STEPS steps; the remaining entries are
// keep) loaded, start, STEPS steps.
struct HypercubeCase {
  std::string label;           // "bit-reversal", "random valid #12", ...
  std::vector<uint32_t> perm;  // perm[v] = destination of the packet generated at v
  twin::HypercubeMoves moves;  // moves[t][v], the golden model's convention
};

struct HypercubeRun {
  RunOutcome run;  // the lockstep check: first mismatch, waveform
  HypercubeParams params;
  long cases = 0;
  long routed = 0;    // runs the hardware ended with all_ok
  long flagged = 0;   // runs it ended with error
  long model_ok = 0;  // runs the step simulator accepted (schedule valid, every packet home)
  long schedule_steps = 0, max_schedule_steps = 0;  // the schedules' lengths (sum, largest)
  long model_steps = 0;  // steps at which the twin's state was compared with the simulator
  long delivered = 0;    // nodes ending with the packet addressed to them (ok), summed
  long collide_nodes = 0, empty_nodes = 0;  // nodes ending with err_collide / err_empty
  uint64_t cycles = 0;                      // clock cycles simulated (loads included)
  uint64_t run_cycles = 0;                  // cycles from start to done of one run: STEPS
};

struct HypercubeOptions {
  RunOptions run;
  uint64_t seed = 1;        // the packets' data words
  std::string tag;          // waveform name: <wave dir>/<tag>.fst
  std::string context;      // the report's context: how to reproduce the run
  bool check_model = true;  // compare with hypercube::run_steps (false: RTL vs twin only)
};

// The cases back to back on one instance (after a reset): for each, STEPS load cycles
// (schedule row t in cycle t, the packets and start in the last), then STEPS run cycles.
HypercubeRun hypercube_lockstep(const Model& m, const std::vector<HypercubeCase>& cases,
                                const HypercubeOptions& o);

// Random stimulus, RTL against twin only: every cycle random schedule writes (random codes,
// codes above D included, steps beyond STEPS), packet loads, start pulses (also while busy:
// ignored), reset pulses (1 in 64).
RunOutcome hypercube_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt);

// Cases for a dimension: `n` runs of random schedules that follow the rules (the permutation
// is the one they realize) and `n_bad` of schedules that break them (random keep / send
// choices, a random permutation).
std::vector<HypercubeCase> hypercube_random_cases(int d, int steps, int n, int n_bad,
                                                  uint64_t seed);
// The golden model's schedule (hypercube::packet_schedule, Corollary 3.5) of a permutation.
HypercubeCase hypercube_model_case(int d, const std::vector<uint32_t>& perm,
                                   const std::string& label);

// Models built on demand with the regression's recipe (tb/hypercube/hypercube.cmake), loaded
// into this process: hypercube_net with D = d and the default STEPS and W.
const Model& hypercube_model(int d);

// ---- `minforge hypercube sim`
struct HypercubeSimRequest {
  int d = 0;
  std::vector<uint32_t> perm;
  std::string perm_label;  // the class or the file
  uint64_t seed = 1;
  std::string wave;      // trace the run into this FST file
  std::string wave_dir;  // where a mismatch's waveform goes
};
struct HypercubeSimResult {
  int dim = 0, nodes = 0, steps = 0, hw_steps = 0, width = 0;
  uint64_t cycles = 0;  // start to done (STEPS)
  long delivered = 0;   // packets at their destination (= ok nodes)
  long ok_nodes = 0;
  bool all_ok = false, error = false;
  long collide_nodes = 0, empty_nodes = 0;
  bool model_ok = false;    // the step simulator accepted the schedule
  long model_steps = 0;     // steps compared with it
  uint64_t mismatches = 0;  // RTL vs twin and twin vs model
  std::vector<Mismatch> reports;
  std::vector<std::string> waves;
};
// The model's schedule of req.perm run on `m` (a hypercube_model of req.d) in lockstep.
HypercubeSimResult hypercube_sim(const HypercubeSimRequest& req, const Model& m);

}  // namespace minforge::tb
