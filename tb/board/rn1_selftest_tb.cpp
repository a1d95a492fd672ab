// Verilator harness of the RN1 board top's core (tb/board/rn1_selftest_net.v:
// rtl/board/rn1_selftest on the Fig. 20.9 network) against its C++ mirror
// (minforge::twin::Rn1Selftest driving the cycle-exact network model), with faults and checker
// tampering chosen at run time.  Every exchange's cycles, deliveries and error counts must be
// equal in RTL and model, and each scenario asserts what the protocol guarantees:
//   clean    no faults (two seeds): 240 deliveries, 0 errors per exchange.
//   faulty   a dead stage-1 router, a dead stage-1 -> stage-2 link, a stuck forward and a
//            stuck backward data wire: every pair still has a path (checked with
//            minforge::rn1::pair_paths), so source-responsible retry must still deliver every
//            message exactly once (0 errors) -- only slower than the clean run.
//   cut      both links into endpoint 5 dead: no path to 5, so each of the 15 other sources
//            gives up on its message to 5 after MAX_ATT attempts: 225 deliveries and
//            exactly 15 errors (failed) per exchange -- the board reports FAIL.
//   badpay   tamper_pay: every delivery on endpoint 3 port 0 carries a wrong payload; each
//            is counted bad and, once its source reports success, missing.
//   dup      tamper_dup: every delivery on endpoint 0 port 0 is shown again one cycle later
//            on port 1; each repeat is counted as a duplicate, nothing else.
// Usage: tb_rn1_selftest <scenario>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/sim.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/params.hpp"
#include "minforge/twin/board/rn1_selftest.hpp"
#include "minforge/twin/rn1/rn1_net.hpp"
#include "ports/rn1_selftest_net.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::tb::models {
const Model& Vrn1_selftest_net();  // the adapter of the model linked in (tb/core/vl_adapter.py)
}

namespace {

namespace rn1 = minforge::rn1;
namespace twin = minforge::twin;
using minforge::tb::Sim;
using twin::Rn1Exchange;

constexpr int kExchanges = 3;
constexpr uint64_t kMaxEdges = 200000;

struct Scenario {
  uint16_t seed = minforge::params::kSelftestSeed;
  rn1::FaultSet faults;
  bool tamper_pay = false, tamper_dup = false;
};

int failures = 0;
void check(bool ok, const std::string& what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what.c_str());
    ++failures;
  }
}

const rn1::NetSpec& spec() { return rn1::net_spec(rn1::Topology::kFig20_9); }

// Links of the given kind: from a router of stage `from_stage` (0 = an endpoint) to a node.
std::vector<int> links_from(int from_stage, bool to_endpoint) {
  std::vector<int> out;
  const auto& s = spec();
  for (size_t l = 0; l < s.links.size(); ++l) {
    const auto& ls = s.links[l];
    const int st = ls.src.endpoint ? 0 : s.routers[ls.src.node].stage;
    if (st == from_stage && ls.dst.endpoint == to_endpoint) out.push_back(static_cast<int>(l));
  }
  return out;
}

std::vector<Rn1Exchange> run_rtl(const Scenario& sc) {
  Sim sim(minforge::tb::models::Vrn1_selftest_net());
  minforge::tb::Rn1SelftestNetPorts p(sim);
  p.seed.set(sc.seed);
  minforge::tb::rn1_apply_faults(p, sc.faults);
  p.tamper_pay.set(sc.tamper_pay ? 1 : 0);
  p.tamper_dup.set(sc.tamper_dup ? 1 : 0);
  p.start.set(1);
  sim.reset(2);
  std::vector<Rn1Exchange> out;
  bool was_done = false;
  for (uint64_t e = 1; e <= kMaxEdges && out.size() < kExchanges; ++e) {
    sim.cycle();
    const bool d = p.done.bit(0);
    if (d && !was_done) {
      Rn1Exchange x;
      x.cycles = static_cast<uint32_t>(p.cycles.value());
      x.delivered = static_cast<uint32_t>(p.delivered.value());
      x.errors = static_cast<uint32_t>(p.errors.value());
      x.bad = static_cast<uint32_t>(p.err_bad.value());
      x.dup = static_cast<uint32_t>(p.err_dup.value());
      x.failed = static_cast<uint32_t>(p.failed.value());
      x.missing = static_cast<uint32_t>(p.missing.value());
      x.end_edge = e;
      out.push_back(x);
    }
    was_done = d;
  }
  return out;
}

std::vector<Rn1Exchange> run_model(const Scenario& sc) {
  twin::Rn1Net net(spec(), sc.faults);
  net.reset(sc.seed);
  twin::Rn1Selftest st(spec().endpoints);
  twin::Rn1Net::UserIn in;
  std::vector<uint8_t> rdy, evv, evo;
  std::vector<twin::Rn1Pulse> dlv;
  twin::Rn1Pulse rep;  // tamper_dup: endpoint 0 port 0's pulse of the previous cycle
  std::vector<Rn1Exchange> out;
  for (uint64_t e = 1; e <= kMaxEdges && out.size() < kExchanges; ++e) {
    st.user_inputs(&in);
    twin::rn1_model_pulses(net, &rdy, &dlv, &evv, &evo);
    const twin::Rn1Pulse raw0 = dlv[0];
    if (sc.tamper_pay) dlv[6].payload ^= 1;  // endpoint 3 port 0, payload bit 0
    if (rep.valid && !dlv[1].valid) dlv[1] = rep;
    rep = raw0;
    rep.valid = sc.tamper_dup && raw0.valid;
    const bool was_done = st.done();
    st.edge(true, in, rdy, dlv, evv, evo);
    net.step(in);
    if (st.done() && !was_done) {
      Rn1Exchange x = st.counters();
      x.end_edge = e;
      out.push_back(x);
    }
  }
  return out;
}

std::string describe(const Rn1Exchange& x) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "cycles %u delivered %u errors %u (bad %u dup %u failed %u missing %u) edge %llu",
                x.cycles, x.delivered, x.errors, x.bad, x.dup, x.failed, x.missing,
                static_cast<unsigned long long>(x.end_edge));
  return buf;
}

bool same(const Rn1Exchange& a, const Rn1Exchange& b) {
  return a.cycles == b.cycles && a.delivered == b.delivered && a.errors == b.errors &&
         a.bad == b.bad && a.dup == b.dup && a.failed == b.failed && a.missing == b.missing &&
         a.end_edge == b.end_edge;
}

// Runs RTL and model; checks they agree on every exchange.  Returns the RTL's exchanges.
std::vector<Rn1Exchange> run_both(const std::string& name, const Scenario& sc) {
  const auto r = run_rtl(sc);
  const auto m = run_model(sc);
  check(r.size() == static_cast<size_t>(kExchanges),
        name + ": RTL finished " + std::to_string(r.size()) + " exchanges");
  check(m.size() == r.size(), name + ": model finished " + std::to_string(m.size()) +
                                  " exchanges, RTL " + std::to_string(r.size()));
  for (size_t k = 0; k < r.size(); ++k) {
    std::printf("%s exchange %zu: %s\n", name.c_str(), k + 1, describe(r[k]).c_str());
    if (k < m.size() && !same(r[k], m[k])) {
      check(false, name + " exchange " + std::to_string(k + 1) + ": model " + describe(m[k]));
    }
  }
  return r;
}

uint64_t total_cycles(const std::vector<Rn1Exchange>& v) {
  uint64_t t = 0;
  for (const auto& x : v) t += x.cycles;
  return t;
}

bool all_connected(const rn1::FaultSet& f) {
  for (int s = 0; s < spec().endpoints; ++s) {
    for (int d = 0; d < spec().endpoints; ++d) {
      if (s != d && rn1::pair_paths(spec(), f, s, d) == 0) return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  const int ne = spec().endpoints;
  const uint32_t all = static_cast<uint32_t>(ne * (ne - 1));
  Scenario sc;
  sc.faults = rn1::FaultSet::none(spec());
  if (which == "clean") {
    for (uint16_t seed :
         {static_cast<uint16_t>(minforge::params::kSelftestSeed), static_cast<uint16_t>(0x1234)}) {
      sc.seed = seed;
      for (const auto& x : run_both("clean seed " + std::to_string(seed), sc)) {
        check(x.delivered == all && x.errors == 0, "clean: " + describe(x));
      }
    }
  } else if (which == "faulty") {
    const auto s1s2 = links_from(1, false);
    const auto e_in = links_from(0, false);
    sc.faults.router_dead.at(2) = 1;
    sc.faults.links.at(s1s2.at(0)).dead = true;
    auto& fw = sc.faults.links.at(s1s2.at(5));
    fw.stuck = true;
    fw.bit = 3;
    fw.value = true;
    auto& bw = sc.faults.links.at(e_in.at(0));
    bw.stuck = true;
    bw.backward = true;
    bw.bit = 6;
    bw.value = false;
    check(all_connected(sc.faults), "faulty: some pair has no path left (bad scenario)");
    const auto f = run_both("faulty", sc);
    for (const auto& x : f) {
      check(x.delivered == all && x.errors == 0, "faulty: " + describe(x));
    }
    Scenario clean;
    clean.faults = rn1::FaultSet::none(spec());
    const uint64_t tc = total_cycles(run_model(clean)), tf = total_cycles(f);
    std::printf("faulty: %llu cycles for %d exchanges, clean %llu\n",
                static_cast<unsigned long long>(tf), kExchanges,
                static_cast<unsigned long long>(tc));
    check(tf > tc, "faulty run is not slower than the clean one");
  } else if (which == "cut") {
    constexpr int kCut = 5;
    for (size_t l = 0; l < spec().links.size(); ++l) {
      const auto& ls = spec().links[l];
      if (ls.dst.endpoint && ls.dst.node == kCut) sc.faults.links[l].dead = true;
    }
    check(sc.faults.count() == 2, "cut: expected 2 links into endpoint 5");
    for (int s = 0; s < ne; ++s) {
      if (s != kCut) check(rn1::pair_paths(spec(), sc.faults, s, kCut) == 0, "cut: path left");
    }
    for (const auto& x : run_both("cut", sc)) {
      check(x.delivered == all - (ne - 1) && x.failed == static_cast<uint32_t>(ne - 1) &&
                x.errors == x.failed && x.bad == 0 && x.dup == 0 && x.missing == 0,
            "cut: " + describe(x));
    }
  } else if (which == "badpay") {
    sc.tamper_pay = true;
    for (const auto& x : run_both("badpay", sc)) {
      check(x.bad > 0 && x.missing == x.bad && x.dup == 0 && x.failed == 0 &&
                x.delivered + x.bad == all && x.errors == x.bad + x.missing,
            "badpay: " + describe(x));
    }
  } else if (which == "dup") {
    sc.tamper_dup = true;
    for (const auto& x : run_both("dup", sc)) {
      check(x.dup > 0 && x.bad == 0 && x.missing == 0 && x.failed == 0 && x.delivered == all &&
                x.errors == x.dup,
            "dup: " + describe(x));
    }
  } else {
    std::fprintf(stderr, "usage: tb_rn1_selftest clean|faulty|cut|badpay|dup\n");
    return 2;
  }
  std::printf("%s\n", failures ? "rn1 self-test FAILED" : "rn1 self-test passed");
  return failures ? 1 : 0;
}
