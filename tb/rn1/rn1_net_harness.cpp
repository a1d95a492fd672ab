// The RN1 network tops rtl/rn1/gen/rn1_net_*.v in lockstep with their twin
// minforge::twin::Rn1Net (rn1_rtl.hpp).  One body serves every network: the ports are
// reached by name (tb/core/dut.hpp), their widths follow the NetSpec.
#include <array>
#include <string>
#include <vector>

#include "core/sim.hpp"
#include "ports/rn1_net.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::tb {

using rn1::FaultSet;
using rn1::LinkFault;
using rn1::LinkSpec;
using rn1::NetSpec;
using rn1::NodeRef;
using twin::net_seed;
using twin::Rn1Endpoint;
using twin::Rn1Net;
using twin::run_faults;
using twin::RunConfig;
using twin::TrafficDriver;

namespace {

// Where link l is driven: forward by its upstream node, backward by its downstream node.
void link_side(const NetSpec& s, int l, bool backward, std::string* where, std::string* signal) {
  const LinkSpec& ls = s.links[static_cast<size_t>(l)];
  const NodeRef& n = backward ? ls.dst : ls.src;
  *where = (n.endpoint ? "endpoint " : "router ") + std::to_string(n.node);
  *signal = std::string(n.endpoint ? (backward ? "dst_bwd[" : "src_fwd[")
                                   : (backward ? "bwd_out[" : "fwd_out[")) +
            std::to_string(n.port) + "] (link " + std::to_string(l) + ")";
}

// One run; `chk` null: the RTL alone (the benchmark), no twin.
bool run_net(Sim& sim, Checker* chk, const RunControl& ctl, const RunConfig& c, Rn1NetRun& res) {
  const NetSpec& s = rn1::net_spec(c.topology);
  const FaultSet f = run_faults(c);
  const uint16_t seed = net_seed(c.seed);
  const bool with_model = chk != nullptr;
  Rn1Net net(s, f);
  net.set_monitor_switch(c.monitor_switch);
  net.reset(seed);
  const rn1::DecodeTables& dt = net.decode_tables();
  TrafficDriver drv_m(s, c.traffic, c.load, c.seed, c.cycles);
  TrafficDriver drv_r(s, c.traffic, c.load, c.seed, c.cycles);
  const int ne = s.endpoints, nl = static_cast<int>(s.links.size());
  int nout = 0;
  std::vector<int> en_off;  // first cfg_en bit of each router
  for (const auto& r : s.routers) {
    en_off.push_back(nout);
    nout += r.radix * r.dilation;
  }

  Rn1NetPorts p(sim);
  p.seed.set(seed);
  rn1_apply_faults(p, f);
  for (int k = 0; k < nout; ++k) p.cfg_en.set_bit(k, true);
  p.mon_switch.set(c.monitor_switch ? 1 : 0);
  sim.reset(2);

  std::string where, signal;
  auto note = [&](uint64_t cyc, const std::string& w, const std::string& sig, unsigned e,
                  unsigned a) {
    chk->cycle = cyc;
    chk->eq(w, sig.c_str(), e, a);
  };
  Rn1Net::UserIn in_m, in_r;
  uint64_t t = 0;
  auto busy = [&]() { return !drv_r.quiescent() || (with_model && !drv_m.quiescent()); };
  while ((t < c.cycles || (busy() && t < c.cycles + c.drain_limit)) &&
         !(with_model && ctl.stop(*chk))) {
    if (with_model) chk->cycle = t;
    // Enable-bit changes of this cycle (switched-off outputs), in the RTL and the model.
    twin::enables_at(c, t, [&](int r, uint8_t m) {
      const int no =
          s.routers[static_cast<size_t>(r)].radix * s.routers[static_cast<size_t>(r)].dilation;
      for (int o = 0; o < no; ++o)
        p.cfg_en.set_bit(en_off[static_cast<size_t>(r)] + o, ((m >> o) & 1) != 0);
      if (with_model) net.set_enable(r, m);
    });
    drv_r.before(t, &in_r);
    if (with_model) drv_m.before(t, &in_m);
    for (int e = 0; e < ne; ++e) {
      p.tx_valid.set_bit(e, in_r.tx_valid[static_cast<size_t>(e)] != 0);
      p.tx_dst.set(8 * e, 8, in_r.tx_dst[static_cast<size_t>(e)]);
      p.tx_payload.set(16 * e, 16, in_r.tx_payload[static_cast<size_t>(e)]);
    }
    sim.settle();
    for (int e = 0; e < ne; ++e) {
      const bool rdy = p.tx_ready.bit(e);
      if (in_r.tx_valid[static_cast<size_t>(e)] && rdy) drv_r.accepted(e);
      if (with_model) {
        const bool mrdy = net.endpoint(e).tx_ready();
        if (in_m.tx_valid[static_cast<size_t>(e)] && mrdy) drv_m.accepted(e);
        if (mrdy != rdy) note(t, "endpoint " + std::to_string(e), "tx_ready", mrdy, rdy);
      }
    }
    if (with_model) {
      for (int l = 0; l < nl; ++l) {
        const unsigned ef = net.probe_fwd(l), af = static_cast<unsigned>(p.probe_fwd.get(9 * l, 9));
        if (ef != af) {
          link_side(s, l, false, &where, &signal);
          note(t, where, signal, ef, af);
        }
        const unsigned eb = net.probe_bwd(l), ab = static_cast<unsigned>(p.probe_bwd.get(9 * l, 9));
        if (eb != ab) {
          link_side(s, l, true, &where, &signal);
          note(t, where, signal, eb, ab);
        }
      }
    }
    sim.edge();
    if (with_model) net.step(in_m);
    for (int e = 0; e < ne; ++e) {
      for (int q = 0; q < 2; ++q) {
        const bool v = p.dlv_valid.bit(2 * e + q);
        if (v)
          drv_r.delivered(t, e, q, static_cast<uint8_t>(p.dlv_src.get(16 * e + 8 * q, 8)),
                          static_cast<uint16_t>(p.dlv_seq.get(32 * e + 16 * q, 16)),
                          static_cast<uint16_t>(p.dlv_payload.get(32 * e + 16 * q, 16)));
        if (with_model) {
          const Rn1Endpoint& ep = net.endpoint(e);
          if (ep.dlv_valid(q))
            drv_m.delivered(t, e, q, ep.dlv_src(q), ep.dlv_seq(q), ep.dlv_payload(q));
          if (ep.dlv_valid(q) != v)
            note(t, "endpoint " + std::to_string(e), "dlv_valid[" + std::to_string(q) + "]",
                 ep.dlv_valid(q), v);
        }
      }
      // the decoder beside endpoint e
      const bool fin = p.vd_fin.bit(e);
      const unsigned kind = static_cast<unsigned>(p.vd_kind.get(2 * e, 2));
      if (fin) {
        ++res.attempts;
        res.suspect += kind == twin::Rn1Decoder::kSuspect;
        res.blocked += kind == twin::Rn1Decoder::kBlocked;
      }
      if (with_model) {
        const twin::Rn1Decoder& d = net.decoder(e);
        const std::string w = "decoder " + std::to_string(e);
        if (d.fin() != fin) note(t, w, "vd_fin", d.fin(), fin);
        if (static_cast<unsigned>(d.kind()) != kind) note(t, w, "vd_kind", d.kind(), kind);
        if (d.pend() != p.vd_pend.bit(e)) note(t, w, "vd_pend", d.pend(), p.vd_pend.bit(e));
        const std::array<bool, 2> ie = net.input_enable(e);
        for (int k = 0; k < 2; ++k) {
          if (ie[static_cast<size_t>(k)] != p.in_en.bit(2 * e + k))
            note(t, "endpoint " + std::to_string(e), "in_en[" + std::to_string(k) + "]",
                 ie[static_cast<size_t>(k)], p.in_en.bit(2 * e + k));
        }
      }
      const bool ev = p.ev_valid.bit(e);
      const bool ok = p.ev_ok.bit(e);
      const int att = static_cast<int>(p.ev_attempts.get(8 * e, 8));
      if (ev) drv_r.finished(e, ok, att);
      if (with_model) {
        const Rn1Endpoint& ep = net.endpoint(e);
        if (ep.ev_valid()) drv_m.finished(e, ep.ev_ok(), ep.ev_attempts());
        if (ep.ev_valid() != ev)
          note(t, "endpoint " + std::to_string(e), "ev_valid", ep.ev_valid(), ev);
      }
    }
    // the monitor: the verdict it takes, its declarations, the enables applied
    const bool mv = p.mon_v_valid.bit(0);
    if (p.mon_decl_valid.bit(0)) {
      res.declared.push_back({t, static_cast<int>(p.mon_decl_link.get(0, dt.lw)), res.attempts});
    }
    if (with_model) {
      const int g = net.granted();
      if ((g >= 0) != mv) note(t, "arbiter", "mon_v_valid", g >= 0, mv);
      if (g >= 0 && mv) {
        const twin::Rn1Decoder& d = net.decoder(g);
        const unsigned src = static_cast<unsigned>(p.mon_v_src.get(0, 8));
        if (static_cast<unsigned>(g) != src) note(t, "arbiter", "mon_v_src", g, src);
        const unsigned n = static_cast<unsigned>(p.mon_v_n.get(0, 4));
        if (static_cast<unsigned>(d.vn()) != n) note(t, "arbiter", "mon_v_n", d.vn(), n);
        for (int k = 0; k < dt.maxc; ++k) {
          const unsigned a = static_cast<unsigned>(p.mon_v_cand.get(dt.lw * k, dt.lw));
          if (static_cast<unsigned>(d.vcand(k)) != a)
            note(t, "arbiter", "mon_v_cand[" + std::to_string(k) + "]", d.vcand(k), a);
        }
      }
      const twin::Rn1Monitor& m = net.monitor();
      if (m.decl_valid() != p.mon_decl_valid.bit(0))
        note(t, "monitor", "decl_valid", m.decl_valid(), p.mon_decl_valid.bit(0));
      if (m.decl_valid() && static_cast<unsigned>(m.decl_link()) != p.mon_decl_link.get(0, dt.lw))
        note(t, "monitor", "decl_link", m.decl_link(),
             static_cast<unsigned>(p.mon_decl_link.get(0, dt.lw)));
      for (int r = 0; r < static_cast<int>(s.routers.size()); ++r) {
        const int no = net.router_outputs(r);
        const unsigned a = static_cast<unsigned>(p.en_eff.get(en_off[static_cast<size_t>(r)], no));
        const unsigned e = net.enable_applied(r) & ((1u << no) - 1);
        if (a != e) note(t, "router " + std::to_string(r), "en_eff", e, a);
      }
    }
    ++t;
  }
  res.cycles = t;
  res.rtl = drv_r.stats(t, &f);
  if (with_model) res.model = drv_m.stats(t, &f);
  return true;
}

const char* traffic_name(twin::Traffic t) {
  switch (t) {
    case twin::Traffic::kUniform:
      return "uniform";
    case twin::Traffic::kPermutation:
      return "permutation";
    case twin::Traffic::kAllToAll:
      return "alltoall";
  }
  return "?";
}

std::string run_name(const RunConfig& c) {
  return rn1::topology_name(c.topology) + " " + traffic_name(c.traffic) +
         " load=" + std::to_string(c.load) + " cycles=" + std::to_string(c.cycles) +
         " faults=" + std::to_string(c.faults) + " seed=" + std::to_string(c.seed);
}

}  // namespace

Rn1NetRun rn1_net_lockstep(const Model& model, const RunConfig& c, const RunOptions& opt) {
  twin::validate(c);
  Rn1NetRun res;
  std::string tag = "rn1_" + rn1::topology_name(c.topology);
  for (char& ch : tag)
    if (ch == '.' || ch == '-') ch = '_';
  res.run =
      run_checked(model, opt, tag, run_name(c), [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        Rn1NetRun r;
        const bool ok = run_net(sim, &chk, ctl, c, r);
        if (!ctl.replay) res = r;
        return ok;
      });
  return res;
}

uint64_t rn1_net_rtl_only(const Model& model, const RunConfig& c) {
  twin::validate(c);
  RunConfig d = c;
  d.drain_limit = 0;
  Rn1NetRun res;
  Sim sim(model);
  run_net(sim, nullptr, RunControl{}, d, res);
  return res.cycles;
}

}  // namespace minforge::tb
