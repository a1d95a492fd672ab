// Verilator lockstep harnesses of the RN1 RTL against the C++ golden model.
//
// Router: rtl/rn1/rn1.v (MODE_SEL = 0, configuration register) against its twin
// minforge::twin::Rn1, driven by protocol-following senders and responders plus phases of
// random words, resets and configuration writes; every output channel is compared every cycle.
// Networks: the tops rtl/rn1/gen/rn1_net_*.v in lockstep with minforge::twin::Rn1Net,
// both fed by identical TrafficDrivers; every link (forward as driven upstream, backward as
// driven downstream: every channel of every router and endpoint) is compared every cycle,
// and the user-visible pulses (tx_ready, deliveries, completions) as well.
// On a mismatch the run is replayed with an FST waveform when a path is given.
#pragma once

#include <cstdint>
#include <string>

#include "minforge/twin/rn1_traffic.hpp"

namespace minforge::rn1::rtl {

struct Mismatch {
  bool found = false;
  uint64_t cycle = 0;
  std::string component;  // "router 5" / "endpoint 3" / "rn1"
  std::string channel;    // "fwd_out[2]" ...
  unsigned expected = 0, actual = 0;
  std::string describe() const;
};

struct RouterRunResult {
  uint64_t cycles = 0;
  long mismatches = 0;  // mismatching channel-cycles
  Mismatch first;
  long transmissions = 0, drops = 0, config_writes = 0, resets = 0;
};
// `cycles` cycles of mixed stimulus from `seed`.
RouterRunResult router_lockstep(uint64_t seed, uint64_t cycles, const std::string& fst_path = "");

struct NetRunResult {
  twin::RunStats model, rtl;
  uint64_t cycles = 0;
  long mismatches = 0;
  Mismatch first;
};
NetRunResult net_lockstep(const twin::RunConfig& c, const std::string& fst_path = "");

// Verilated network alone (no model) for `cycles` cycles of traffic: for benchmarks.
// Returns the number of cycles simulated.
uint64_t net_rtl_only(const twin::RunConfig& c);

}  // namespace minforge::rn1::rtl
