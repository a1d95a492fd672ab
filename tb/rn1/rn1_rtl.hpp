// minforge harness of the RN1 family (paper 002): the router and the multipath networks in
// lockstep with their twins, as a typed library on the harness core (tb/core).  Callers: the
// regression (tb/rn1/rn1_lockstep_main.cpp), `minforge rn1 net --rtl` (in-process, on a model
// built on demand), the RTL throughput benchmark.
//
//   RTL                               twin (model/include/minforge/twin)
//   rtl/rn1/rn1.v (+ rn1_xbar_core,   Rn1 (+ Rn1XbarCore, Rn1Lfsr)
//                  rn1_lfsr)
//   rtl/rn1/gen/rn1_net_*.v           Rn1Net (+ Rn1Endpoint, rn1_link.v's apply_fault)
//   rtl/rn1/rn1_monitor.v             Rn1Monitor
//
// Router: rn1.v with MODE_SEL = 0 (configuration register) or 1 (pins), driven by
// protocol-following senders and responders plus phases of random words, resets and configuration
// writes; every output channel (fwd_out, bwd_out, dual_o) compared every cycle. Networks: the RTL
// and the twin fed by identical TrafficDrivers; every link (forward as driven upstream, backward as
// driven downstream: every channel of every router and endpoint) compared every cycle, and the
// user-visible pulses (tx_ready, deliveries, completions), and the fault localisation: every
// endpoint's decoder (vd_fin, vd_kind, vd_pend), the verdict the monitor takes (mon_v_*), its
// declarations (mon_decl_*) and the enables applied (en_eff, in_en); a run may carry explicit
// faults, the monitor switching declared links off (RunConfig::monitor_switch), and
// enable-bit changes at given cycles (twin::RunConfig::fault_set / enables: the replay of a
// localisation run, whose switched-off outputs drive cfg_en).  Every mismatch is counted; the first
// is reported (tb/core/check.hpp) and its waveform kept (run_checked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "core/sim.hpp"
#include "minforge/twin/rn1/rn1_traffic.hpp"

namespace minforge::tb {

struct Rn1RouterRun {
  RunOutcome run;
  uint64_t cycles = 0;
  long transmissions = 0, drops = 0, config_writes = 0, resets = 0;
};
// `cycles` cycles of mixed stimulus from `seed`, on a model of rtl/rn1/rn1.v built with
// MODE_SEL = `mode_sel` (0: configuration register, 1: pins).
Rn1RouterRun rn1_router_lockstep(const Model& router, uint64_t seed, uint64_t cycles,
                                 const RunOptions& opt = {}, int mode_sel = 0);

// rtl/rn1/rn1_monitor.v (the model built with NL = 100, LW = 7, MAXC = 5, CW = 3, TH = 3) in
// lockstep with twin::Rn1Monitor: `cycles` cycles of verdicts from `seed` (candidate lists
// around one or two faulty links, noise, out-of-range links, resets); decl_valid,
// decl_link and every declared bit compared every cycle.
struct Rn1MonitorRun {
  RunOutcome run;
  uint64_t cycles = 0;
  long verdicts = 0, declarations = 0, resets = 0;
};
Rn1MonitorRun rn1_monitor_lockstep(const Model& monitor, uint64_t seed, uint64_t cycles,
                                   const RunOptions& opt = {});

struct Rn1NetRun {
  RunOutcome run;
  twin::RunStats model, rtl;
  uint64_t cycles = 0;
  // Fault localisation as the RTL did it: its decoders' verdicts and its monitor's
  // declarations (with the attempts read in the whole network until then).
  struct Declaration {
    uint64_t cycle = 0;  // the cycle whose edge declared it (mon_decl_valid from cycle + 1)
    int link = -1;
    long attempts = 0;
  };
  std::vector<Declaration> declared;
  long attempts = 0, suspect = 0, blocked = 0;
};
// A traffic run on a model of the network top of c.topology.
Rn1NetRun rn1_net_lockstep(const Model& net, const twin::RunConfig& c, const RunOptions& opt = {});
// The network top alone (no twin) for c.cycles cycles of traffic: for benchmarks.  Returns
// the number of cycles simulated.
uint64_t rn1_net_rtl_only(const Model& net, const twin::RunConfig& c);

// Drives a fault set into the flt_* ports every RN1 network top (Rn1NetPorts) and the board
// self-test network (Rn1SelftestNetPorts) have: flt_router_dead, flt_link_dead / _stuck /
// _dir / _bit / _val.  Ports: a generated port struct (tb/core/ports.cmake), so a top
// without one of them does not compile.
template <class Ports>
void rn1_apply_faults(Ports& p, const rn1::FaultSet& f) {
  for (size_t r = 0; r < f.router_dead.size(); ++r)
    p.flt_router_dead.set_bit(static_cast<int>(r), f.router_dead[r] != 0);
  for (size_t l = 0; l < f.links.size(); ++l) {
    const rn1::LinkFault& lf = f.links[l];
    const int k = static_cast<int>(l);
    p.flt_link_dead.set_bit(k, lf.dead);
    p.flt_link_stuck.set_bit(k, lf.stuck);
    p.flt_link_dir.set_bit(k, lf.backward);
    p.flt_link_bit.set(3 * k, 3, static_cast<uint64_t>(lf.bit));
    p.flt_link_val.set_bit(k, lf.value);
  }
}

// The NAME of a topology's network top in mf_rn1_model (tb/rn1/rn1.cmake): fig20.7 ->
// fig20_7, rn1-64 -> rn1_64 (rtl/rn1/gen/rn1_net_<NAME>.v, model Vrn1_net_<NAME>).
std::string rn1_net_name(rn1::Topology t);

// Models built on demand with the regression's recipe (tb/rn1/rn1.cmake), loaded into this
// process: the network top of a topology, the router.
const Model& rn1_net_model(rn1::Topology t);
const Model& rn1_router_model();

}  // namespace minforge::tb
