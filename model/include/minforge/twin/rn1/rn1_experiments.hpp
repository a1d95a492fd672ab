// minforge RN1 experiments (paper 002, sections 20.2-20.8): the chapter's claims that need
// the networks to run, measured on the cycle model (Rn1Net).  Not a twin of any RTL block:
// like rn1_traffic.hpp, it drives the twins.  The claims that follow from the wiring alone
// are minforge/algo/rn1/rn1_claims.hpp.
//
//   * single_fault_sweep: every router dead, every link dead (and optionally every data
//     wire of every link stuck at 0 and at 1, forward and backward), one at a time, under
//     all-to-all traffic: every message between connected endpoints delivered exactly once
//     ("no single critical component", section 20.2.2);
//   * attempts_by_stage: mean attempts of the messages a dead router or link at each stage
//     affects, measured at low load beside the exact expectation (section 20.8.2: "two
//     attempts" for a first-stage router; fewer further inside);
//   * throughput_curve: delivered words per endpoint per cycle against offered load
//     (section 20.4: "redundant paths ... improve network routing performance");
//   * localise: fault localisation (section 20.9) while traffic runs, as the hardware does
//     it: the network's decoders (Rn1Decoder) read every attempt, the arbiter passes one
//     verdict per cycle to the monitor (Rn1Monitor), which switches declared links off
//     through the enable bits (Rn1Net with mon_switch).  Every decoder verdict is checked
//     against rn1::decode_attempt on the same words (verdict_mismatches); the run is returned
//     as a RunConfig, so the RTL in lockstep (tb/rn1) runs it again with its own monitor.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "minforge/algo/rn1/rn1_claims.hpp"
#include "minforge/algo/rn1/rn1_localise.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1_traffic.hpp"

namespace minforge::twin {

struct SingleFaultSweep {
  std::string topology;
  bool stuck_wires = false;
  long cases = 0;
  long failed = 0;  // cases where a connected pair lost a message, or a duplicate, a
                    // corrupt delivery or an unfinished message appeared
  long sent = 0, delivered = 0, lost = 0, lost_connected = 0, duplicates = 0, corrupt = 0,
       unfinished = 0;
  long gave_up = 0;  // messages whose source gave up (max_attempts failed attempts)
  // Failed cases whose only failure is unfinished messages (none lost between connected
  // pairs, duplicated or corrupt), and of those the ones whose fault leaves some source
  // reaching no other endpoint: such a source spends max_attempts attempts on every message
  // before giving up, so its queue may outlast the drain (fig20.3: 10 of 112 cases at the
  // default drain, 0 with drain_limit 200,000).
  long failed_unfinished_only = 0, failed_unfinished_source_cut_off = 0;
  double mean_attempts = 0;        // over every message of every case
  double worst_case_attempts = 0;  // the largest per-case mean
  std::string worst_case;
  std::vector<std::string> failures;  // the failed cases (at most 20 listed)
};
// `cycles_per_pair`: generation cycles per destination of each source at load 1 (every
// source sends about cycles * (endpoints - 1) / 9 messages, cycling over all destinations);
// `drain_limit`: cycles after generation for the queued messages to finish (RunConfig).
SingleFaultSweep single_fault_sweep(rn1::Topology t, bool stuck_wires, uint64_t seed,
                                    int cycles_per_pair = 14, uint64_t drain_limit = 50000);

struct StageAttemptsSim {
  int stage = 0;
  bool routers = true;  // false: links into `stage` (stages + 1 = links into the endpoints)
  int components = 0;   // components of this stage run (each alone)
  long messages = 0;    // messages of affected, connected pairs
  double measured = 0;  // their mean attempts
  double variance = 0;  // the sample variance of their attempts (for a confidence interval)
  double expected = 0;  // the mean of rn1::expected_attempts over the same messages
};
// Up to `per_stage` components per stage (spread over the stage), each dead alone, uniform
// traffic at `load` for `cycles` cycles.  The rows are the routers of stages 1..N, then the
// links into stages 1..N+1; with `only_group` >= 0 only that row is run (the others stay
// empty), e.g. 0: the first-stage routers.
std::vector<StageAttemptsSim> attempts_by_stage(rn1::Topology t, int per_stage, double load,
                                                uint64_t cycles, uint64_t seed,
                                                int only_group = -1);

struct ThroughputPoint {
  double load = 0, throughput = 0, mean_attempts = 0, mean_latency = 0;
  // The standard error of `throughput` from its spread over the sources (each source's
  // delivered words per cycle, uniform traffic: the sources are alike), for a 95 % interval.
  double throughput_se = 0;
};
std::vector<ThroughputPoint> throughput_curve(rn1::Topology t, const std::vector<double>& loads,
                                              uint64_t cycles, int faults, uint64_t seed);

struct LocaliseConfig {
  rn1::Topology topology = rn1::Topology::kFig20_9;
  rn1::FaultSet faults;
  double load = 0.2;
  uint64_t cycles = 4000;
  uint64_t seed = 1;
  int threshold = 2;
  bool switch_off = true;
};
struct Declaration {
  int link = -1;
  uint64_t cycle = 0;     // when the monitor declared it
  long attempts = 0;      // attempts finished in the network until then
  long failed = 0;        // of which failed (suspect, blocked or timed out)
  bool correct = false;   // rn1::declaration_correct
  bool switched = false;  // switched off: the router output driving it, or (a link from an
                          // endpoint's input) that input of the endpoint
};
struct LocaliseRun {
  std::vector<Declaration> declared;
  long attempts = 0, suspect = 0, blocked = 0;  // attempts read, by verdict
  long verdict_mismatches = 0;     // decoder verdicts that differ from rn1::decode_attempt
  bool localised = false;          // every faulty component named by a correct declaration
  long wrong = 0;                  // incorrect declarations
  long attempts_to_localise = 0;   // attempts until the last faulty component was named
  double mean_attempts = 0;        // per message, whole run
  double mean_attempts_after = 0;  // per message generated after the last switch-off
  long messages_after = 0;
  RunStats stats;
  RunConfig replay;  // the same run as a RunConfig (faults, monitor_switch) for tb/rn1
};
LocaliseRun localise(const LocaliseConfig& c);
// Many fault sets, each localised with switch-off and run again without (the "before").
struct LocaliseSweep {
  long cases = 0, localised = 0, wrong = 0, not_switchable = 0;
  long verdict_mismatches = 0;      // over every run (with, without switch-off, fault-free)
  double attempts_to_localise = 0;  // mean over the localised cases
  long max_attempts_to_localise = 0;
  // Mean attempts per message: the same traffic without faults, with the faults and no
  // switch-off, and over the messages generated after the last switch-off (a case with
  // nothing switched off counts its "before").
  double mean_attempts_fault_free = 0, mean_attempts_before = 0, mean_attempts_after = 0;
  std::vector<LocaliseRun> runs;
};
// `base` gives topology, load, cycles, threshold; case k runs with seed base.seed + k.
// `on_case` (if set) is called with the number of cases done (the CLI's progress line).
LocaliseSweep localise_sweep(const LocaliseConfig& base, const std::vector<rn1::FaultSet>& cases,
                             const std::function<void(size_t)>& on_case = {});
// The faulty components of a fault set (router dead; link dead or stuck).
std::vector<rn1::Site> faulty_sites(const rn1::FaultSet& f);

}  // namespace minforge::twin
