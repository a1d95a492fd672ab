// minforge harness of the all-to-all family (GSEN and banyan, which share rtl/engine and
// rtl/common): the RTL fabrics and engines in lockstep with their twins, as a typed library
// on the harness core (tb/core).  Callers: the regression sweeps (tb/a2a/sweep_main.cpp),
// `minforge sim gsen|banyan` (in-process, on a model built on demand), the RTL speed bench.
//
//   RTL                              twin (model/include/minforge/twin)
//   rtl/gsen/gsen_fabric.v           GsenFabric
//   rtl/banyan/banyan_fabric.v       BanyanFabric
//   rtl/engine/gsen_a2a_engine.v     GsenA2aEngine
//   rtl/engine/banyan_a2a_engine.v   BanyanA2aEngine
//   rtl/engine/gsen_a2a_xchg.v       GsenA2aXchg
//   rtl/engine/banyan_a2a_xchg.v     BanyanA2aXchg
//
// A model here is a sweep top (tb/a2a/gen_sweep.py): many parameter sets ("variants") of
// the fabrics and engines in one Verilated model behind a variant select; its manifest lists
// them.  Every run compares, every cycle (docs/verification.md):
//   fabric: out_valid of every port, out_data where valid, every out_conflict bit;
//   engine: busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup, missing,
//           conflicts, inject; while injecting the round, configuration, send mask and
//           each sender's destination and tag; the fabric outputs inside the engine;
//   data engine (xchg): busy, done, cycles, delivered, err_dst, err_dup, missing, conflicts,
//           inject, every read enable and (where enabled) read address, every write enable
//           and (where enabled) write address and data; the source buffers hold random
//           data (read with the variant's SRC_LAT: 1 a synchronous block RAM, 2 one with
//           its output register), the sink buffers must end as their transpose.
// A mismatch stops the run; the report and waveform come from the core (run_checked).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "minforge/twin/engine/banyan_a2a_engine.hpp"
#include "minforge/twin/engine/banyan_a2a_xchg.hpp"
#include "minforge/twin/engine/gsen_a2a_engine.hpp"
#include "minforge/twin/engine/gsen_a2a_xchg.hpp"

namespace minforge::tb {

using params::Ctrl;
using params::Sched;
using twin::BanyanFault;
using twin::Net;

const char* ctrl_name(Ctrl c);  // "indiv", "stage", ... (minforge/params.hpp)
// "dead", "straight", "cross" (params::Fault); the unnamed kind 3 acts as dead (banyan_fabric.v).
const char* fault_name(int kind);

struct A2aFabricVariant {
  int sel = 0;
  Net net = Net::Gsen;
  int N = 0, W = 0;
  Ctrl control = Ctrl::Stage;
  bool pipeline = true, round_valid = false;
};
struct A2aEngineVariant {
  int sel = 0;
  Net net = Net::Gsen;
  int N = 0, W = 0;
  Sched sched = Sched::Stage;
  bool pipeline = true, use_tags = false;
  Ctrl player_control = Ctrl::Alt;
  int player_len = 0;
  int B = 1;
};
struct A2aXchgVariant {
  int sel = 0;
  Net net = Net::Gsen;
  int N = 0, DW = 0, B = 1;
  Sched sched = Sched::Stage;
  bool pipeline = true, use_tags = false;
  Ctrl player_control = Ctrl::Alt;
  int player_len = 0;
  int src_lat = 1;  // SRC_LAT: source read latency (1 or 2)
};

// A Verilated sweep top and its variants (read from the model's manifest).
class A2aModel {
 public:
  explicit A2aModel(const Model& m);
  const Model& model() const { return *m_; }
  const std::string& top() const { return top_; }
  const std::vector<A2aFabricVariant>& fabrics() const { return fab_; }
  const std::vector<A2aEngineVariant>& engines() const { return eng_; }
  const std::vector<A2aXchgVariant>& xchgs() const { return xch_; }
  // "variant gsen_fabric N=10 W=16 CONTROL=alt PIPELINE=1 [<top> fabric variant 3]"
  std::string describe_fabric(int k) const;
  std::string describe_engine(int k) const;
  std::string describe_xchg(int k) const;

 private:
  const Model* m_;
  std::string top_;
  std::vector<A2aFabricVariant> fab_;
  std::vector<A2aEngineVariant> eng_;
  std::vector<A2aXchgVariant> xch_;
};

// ---- fabric runs (variant k of the top's fabrics)

// Random stimulus: every cycle random valid bits (density varies; ROUND_VALID variants: full
// or, 1 time in 4, empty rounds), data, configuration number, state matrix and tags (real
// tag conflicts), reset pulses (1/64), and for the banyan a random fault every 16 cycles.
RunOutcome a2a_fabric_random(const A2aModel& m, int k, uint64_t seed, int cycles,
                             const RunOptions& opt);

// The variant's schedule (GSEN stage / alt / player over all configurations, banyan Latin
// square), one round per cycle; every scheduled pair must arrive exactly once.  `cycles`:
// the cycles played, or -1 when n/a (ROUND_VALID=1 with a schedule that has partial rounds).
RunOutcome a2a_fabric_schedule(const A2aModel& m, int k, const RunOptions& opt, long* cycles);

// ---- engine runs (variant k of the top's engines)

struct ExchangeResult {
  RunOutcome run;
  int rounds = 0, latency = 0, blocks = 1;  // cycles = blocks * rounds + latency
  long cycles = 0;                          // the engine's own cycle counter when done
  int64_t delivered = 0, lost = 0, duplicates = 0;
  uint32_t conflicts = 0;
  std::vector<std::tuple<int, int, int>> misrouted;  // (source, intended dest, arrival port)
};
// One exchange: reset, the player memory written through its port (player variants:
// `configs`, or the first player_len configurations cycled), start, compare every cycle.
ExchangeResult a2a_engine_exchange(const A2aModel& m, int k, const std::vector<uint32_t>& configs,
                                   const BanyanFault& fault, const RunOptions& opt);
// The same with any round table for the variant (e.g. an individual-control player variant
// replaying the state matrices of an R(N) certificate: twin::gsen_sched_player(N, matrices)).
ExchangeResult a2a_engine_exchange(const A2aModel& m, int k, const twin::A2aSchedule& s,
                                   const BanyanFault& fault, const RunOptions& opt);
// The Latin exchange with a banyan fault, and its consequence as the model predicts it:
// dead -> exactly the words of the 2N blocked pairs lost (2N B); stuck -> exactly the
// corrupted paths of banyan::route(..., FaultKind), (source, intended destination, arrival
// port) for each, once per block word.
ExchangeResult a2a_engine_fault(const A2aModel& m, int k, const BanyanFault& fault,
                                const RunOptions& opt);
// The round table an engine variant runs (configs: as a2a_engine_exchange; an
// individual-control player replays the configurations' stage-control state matrices).
twin::A2aSchedule a2a_engine_schedule(const A2aEngineVariant& v,
                                      const std::vector<uint32_t>& configs);

// ---- data engine runs (variant k of the top's xchgs)

// Two exchanges back to back, each with fresh random words (seeded) in the source buffers
// (the harness's synchronous memories: the word read at an edge reaches src_rd_data
// src_lat - 1 edges later, through the output registers of a block RAM); every cycle
// compared.  At the end of each, every
// word written must be the transpose's: sink j address b*N + s = source s address b*N + j
// (checked for every write; `transposed` counts the pairs (s, j, b) found in place).
struct XchgResult {
  RunOutcome run;
  int rounds = 0, latency = 0, blocks = 1;
  long cycles = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0, misrouted = 0, transposed = 0;
  uint32_t conflicts = 0;
};
XchgResult a2a_xchg_exchange(const A2aModel& m, int k, uint64_t seed, const BanyanFault& fault,
                             const RunOptions& opt);
// The round table a data engine variant runs (the player: its first player_len
// configurations, cycled).
twin::A2aSchedule a2a_xchg_schedule(const A2aXchgVariant& v);

// ---- `minforge sim gsen|banyan`

struct A2aSimRequest {
  Net net = Net::Gsen;
  int N = 0, W = 0;
  bool pipeline = true;
  Ctrl control = Ctrl::Stage;     // gsen: stage, alt, alt2, alt4, tag; banyan: stage, tag
  std::vector<uint32_t> configs;  // gsen: replay this list (player)
  BanyanFault fault;              // banyan: dead -> fault-tolerant plan, stuck -> Latin
  uint64_t seed = 1;
  int cycles = 256;      // random fabric cycles
  std::string wave;      // trace the exchange into this FST file
  std::string wave_dir;  // where a mismatch's waveform goes
};
struct A2aSimResult {
  int ports = 0, width = 0;
  std::string control;
  int rounds = 0, latency = 0;
  long cycles = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0;
  int mismatches = 0;              // runs that mismatched (fabric random, exchange)
  std::vector<Mismatch> reports;   // their first mismatches
  std::vector<std::string> waves;  // the waveforms kept
};
// The gen_sweep.py specs of the one-fabric one-engine top of a request.
std::vector<std::string> a2a_sim_specs(const A2aSimRequest& r);
// The request's model, built on demand with the regression's recipe (tb/a2a/a2a.cmake) into
// the cache (tb/core/ondemand.hpp), loaded in this process.
const Model& a2a_sim_model(const A2aSimRequest& r);
// Fabric random run, then the exchange (or the fault-tolerant plan), in lockstep.
A2aSimResult a2a_sim(const A2aSimRequest& r, const A2aModel& m);

// ---- RTL speed (make bench-rtl): back-to-back exchanges of engine variant k for about
// `seconds` each, the model alone, then with the twin attached and every output compared.
struct A2aSpeed {
  double verilator_cps = 0, lockstep_cps = 0;
  uint64_t exchanges = 0;
};
A2aSpeed a2a_speed(const A2aModel& m, int k, double seconds);

}  // namespace minforge::tb
