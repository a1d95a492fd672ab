// Lockstep harness: Verilated network tops (rtl/rn1/gen) vs minforge::twin::Rn1Net.
#include <memory>

#include "Vrn1_net_fig20_7.h"
#include "Vrn1_net_fig20_9.h"
#include "Vrn1_net_rn1_64.h"
#include "rn1_rtl.hpp"
#include "rn1_rtl_bits.hpp"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace minforge::rn1::rtl {

using twin::net_seed;
using twin::Rn1Endpoint;
using twin::Rn1Net;
using twin::run_faults;
using twin::RunConfig;
using twin::TrafficDriver;
using twin::validate;

namespace {

std::string link_side(const NetSpec& s, int l, bool backward) {
  const LinkSpec& ls = s.links[l];
  const NodeRef& n = backward ? ls.dst : ls.src;
  std::string who = (n.endpoint ? "endpoint " : "router ") + std::to_string(n.node);
  std::string ch =
      n.endpoint ? (backward ? "dst_bwd[" : "src_fwd[") : (backward ? "bwd_out[" : "fwd_out[");
  return who + "|" + ch + std::to_string(n.port) + "] (link " + std::to_string(l) + ")";
}

template <class Top>
void apply_faults(Top* top, const FaultSet& f) {
  for (size_t r = 0; r < f.router_dead.size(); ++r) {
    set_bits(top->flt_router_dead, static_cast<int>(r), 1, f.router_dead[r]);
  }
  for (size_t l = 0; l < f.links.size(); ++l) {
    const LinkFault& lf = f.links[l];
    const int k = static_cast<int>(l);
    set_bits(top->flt_link_dead, k, 1, lf.dead);
    set_bits(top->flt_link_stuck, k, 1, lf.stuck);
    set_bits(top->flt_link_dir, k, 1, lf.backward);
    set_bits(top->flt_link_bit, 3 * k, 3, static_cast<uint64_t>(lf.bit));
    set_bits(top->flt_link_val, k, 1, lf.value);
  }
}

template <class Top>
NetRunResult run_net(const RunConfig& c, const std::string& fst, uint64_t stop_after,
                     bool with_model) {
  NetRunResult res;
  const NetSpec& s = net_spec(c.topology);
  const FaultSet f = run_faults(c);
  const uint16_t seed = net_seed(c.seed);
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->traceEverOn(!fst.empty());
  auto top = std::make_unique<Top>(ctx.get());
  std::unique_ptr<VerilatedFstC> tfp;
  if (!fst.empty()) {
    tfp = std::make_unique<VerilatedFstC>();
    top->trace(tfp.get(), 99);
    tfp->open(fst.c_str());
  }
  Rn1Net net(s, f);
  net.reset(seed);
  TrafficDriver drv_m(s, c.traffic, c.load, c.seed, c.cycles);
  TrafficDriver drv_r(s, c.traffic, c.load, c.seed, c.cycles);
  const int ne = s.endpoints, nl = static_cast<int>(s.links.size());
  int nout = 0;
  for (const auto& r : s.routers) nout += r.radix * r.dilation;

  top->seed = seed;
  apply_faults(top.get(), f);
  for (int k = 0; k < nout; ++k) set_bits(top->cfg_en, k, 1, 1);
  uint64_t vtime = 0;
  auto edge = [&]() {
    top->clk = 0;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
    top->clk = 1;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
  };
  top->rst = 1;
  edge();
  edge();
  top->rst = 0;

  auto note = [&](uint64_t cyc, const std::string& comp, const std::string& ch, unsigned e,
                  unsigned a) {
    ++res.mismatches;
    if (!res.first.found) res.first = {true, cyc, comp, ch, e, a};
  };
  Rn1Net::UserIn in_m, in_r;
  uint64_t t = 0;
  auto busy = [&]() { return !drv_r.quiescent() || (with_model && !drv_m.quiescent()); };
  while ((t < c.cycles || (busy() && t < c.cycles + c.drain_limit)) && t <= stop_after) {
    drv_r.before(t, &in_r);
    if (with_model) drv_m.before(t, &in_m);
    for (int e = 0; e < ne; ++e) {
      set_bits(top->tx_valid, e, 1, in_r.tx_valid[e]);
      set_bits(top->tx_dst, 8 * e, 8, in_r.tx_dst[e]);
      set_bits(top->tx_payload, 16 * e, 16, in_r.tx_payload[e]);
    }
    top->clk = 0;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
    for (int e = 0; e < ne; ++e) {
      const bool rdy = get_bits(top->tx_ready, e, 1) != 0;
      if (in_r.tx_valid[e] && rdy) drv_r.accepted(e);
      if (with_model) {
        const bool mrdy = net.endpoint(e).tx_ready();
        if (in_m.tx_valid[e] && mrdy) drv_m.accepted(e);
        if (mrdy != rdy) note(t, "endpoint " + std::to_string(e), "tx_ready", mrdy, rdy);
      }
    }
    if (with_model) {
      for (int l = 0; l < nl; ++l) {
        const unsigned ef = net.probe_fwd(l), af = get_bits(top->probe_fwd, 9 * l, 9);
        if (ef != af) {
          const std::string w = link_side(s, l, false);
          note(t, w.substr(0, w.find('|')), w.substr(w.find('|') + 1), ef, af);
        }
        const unsigned eb = net.probe_bwd(l), ab = get_bits(top->probe_bwd, 9 * l, 9);
        if (eb != ab) {
          const std::string w = link_side(s, l, true);
          note(t, w.substr(0, w.find('|')), w.substr(w.find('|') + 1), eb, ab);
        }
      }
    }
    top->clk = 1;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
    if (with_model) net.step(in_m);
    for (int e = 0; e < ne; ++e) {
      for (int p = 0; p < 2; ++p) {
        const bool v = get_bits(top->dlv_valid, 2 * e + p, 1) != 0;
        if (v) {
          drv_r.delivered(t, e, p, static_cast<uint8_t>(get_bits(top->dlv_src, 16 * e + 8 * p, 8)),
                          static_cast<uint16_t>(get_bits(top->dlv_seq, 32 * e + 16 * p, 16)),
                          static_cast<uint16_t>(get_bits(top->dlv_payload, 32 * e + 16 * p, 16)));
        }
        if (with_model) {
          const Rn1Endpoint& ep = net.endpoint(e);
          if (ep.dlv_valid(p)) {
            drv_m.delivered(t, e, p, ep.dlv_src(p), ep.dlv_seq(p), ep.dlv_payload(p));
          }
          if (ep.dlv_valid(p) != v) {
            note(t, "endpoint " + std::to_string(e), "dlv_valid[" + std::to_string(p) + "]",
                 ep.dlv_valid(p), v);
          }
        }
      }
      const bool ev = get_bits(top->ev_valid, e, 1) != 0;
      const bool ok = get_bits(top->ev_ok, e, 1) != 0;
      const int att = static_cast<int>(get_bits(top->ev_attempts, 8 * e, 8));
      if (ev) drv_r.finished(e, ok, att);
      if (with_model) {
        const Rn1Endpoint& ep = net.endpoint(e);
        if (ep.ev_valid()) drv_m.finished(e, ep.ev_ok(), ep.ev_attempts());
        if (ep.ev_valid() != ev) {
          note(t, "endpoint " + std::to_string(e), "ev_valid", ep.ev_valid(), ev);
        }
      }
    }
    ++t;
  }
  res.cycles = t;
  res.rtl = drv_r.stats(t, &f);
  if (with_model) res.model = drv_m.stats(t, &f);
  if (tfp) tfp->close();
  top->final();
  return res;
}

template <class Top>
NetRunResult lockstep(const RunConfig& c, const std::string& fst) {
  NetRunResult r = run_net<Top>(c, "", ~0ull, true);
  if (r.first.found && !fst.empty()) run_net<Top>(c, fst, r.first.cycle + 4, true);
  return r;
}

}  // namespace

NetRunResult net_lockstep(const RunConfig& c, const std::string& fst_path) {
  validate(c);
  switch (c.topology) {
    case Topology::kFig20_7:
      return lockstep<Vrn1_net_fig20_7>(c, fst_path);
    case Topology::kFig20_9:
      return lockstep<Vrn1_net_fig20_9>(c, fst_path);
    case Topology::kRn1_64:
      return lockstep<Vrn1_net_rn1_64>(c, fst_path);
  }
  return {};
}

uint64_t net_rtl_only(const RunConfig& c) {
  validate(c);
  RunConfig d = c;
  d.drain_limit = 0;
  switch (c.topology) {
    case Topology::kFig20_7:
      return run_net<Vrn1_net_fig20_7>(d, "", ~0ull, false).cycles;
    case Topology::kFig20_9:
      return run_net<Vrn1_net_fig20_9>(d, "", ~0ull, false).cycles;
    case Topology::kRn1_64:
      return run_net<Vrn1_net_rn1_64>(d, "", ~0ull, false).cycles;
  }
  return 0;
}

}  // namespace minforge::rn1::rtl
