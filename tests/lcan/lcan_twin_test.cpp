// The twins of the circuit-switched CB-LCAN hardware (rtl/lcan: LcanSwitch, LcanNet,
// LcanEngine) against the paper's on-line routing (paper 003, section 3): every run of the
// twin must be a legal run of the simulator's policy, checked from the settings alone,
// every network cycle: every pending pair presents its request; every acknowledged pair has
// a circuit that climbs exactly to its LCA level and descends by its destination's digits
// to its destination, which receives its source and data; no directed link carries two
// circuits; every contended downer goes to a request of the lowest LCA level among those
// that want it, and every switch passes min(climbing requests, u) requests up; at least one
// pair is routed per cycle; the run ends with every pair delivered and no error.  The
// random choices (upward per switch per cycle, ties) are checked for their frequencies, the
// random source for its period, and the mean network cycles against the model's simulator.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"
#include "minforge/twin/lcan/lcan_engine.hpp"

namespace lc = minforge::lcan;
using minforge::InvalidArgument;
using minforge::Rng;
using minforge::twin::LcanEngine;
using minforge::twin::LcanNet;
using minforge::twin::LcanReq;
using minforge::twin::LcanSwitch;

namespace {

struct RunStats {
  int cycles = 0;
  long circuits = 0;
  long down_contests = 0;
};

// Checks one network cycle of the engine (evaluate() done) against the policy.
void check_cycle(const LcanEngine& e, const lc::Permutation& p, const std::vector<uint64_t>& data,
                 RunStats& st) {
  const LcanNet& net = e.net();
  const lc::Network& nw = net.network();
  const int d = net.d(), u = net.u(), P = d + u, n = net.n();
  // Every pending source presents its request on its level-0 downer.
  for (int s = 0; s < n; ++s) {
    const lc::End a = nw.attach(s);
    const LcanReq& r = net.downer_inputs(a.sw)[a.port];
    ASSERT_EQ(r.valid, e.pending()[s] != 0) << "source " << s;
    if (r.valid) {
      ASSERT_EQ(r.dst, static_cast<uint32_t>(p[s]));
      ASSERT_EQ(r.src, static_cast<uint32_t>(s));
      ASSERT_EQ(r.lca, nw.lca_level(s, p[s]));
    }
  }
  // Per switch: the downward contests (lower LCA level first) and the upward pass.
  for (int i = 0; i < net.levels(); ++i) {
    for (int s = 0; s < nw.switches(i); ++s) {
      const int g = net.switch_offset(i) + s;
      const auto din = net.downer_inputs(g);
      const auto uin = net.upper_inputs(g);
      const uint8_t* sel = net.settings().data() + static_cast<size_t>(g) * P;
      int climbing = 0, up_used = 0;
      for (int j = 0; j < d; ++j) climbing += din[j].valid && din[j].lca > i;
      for (int k = 0; k < u; ++k) up_used += sel[d + k] != 0;
      ASSERT_EQ(up_used, std::min(climbing, u)) << "level " << i << " switch " << s;
      for (int o = 0; o < d; ++o) {
        int best = 1 << 20, wants = 0;
        for (int c = 0; c < P; ++c) {
          const LcanReq& x = c < d ? din[c] : uin[c - d];
          if (!x.valid || (c < d && x.lca != i)) continue;
          if (nw.digit(static_cast<int>(x.dst), i) != o) continue;
          ++wants;
          best = std::min(best, x.lca);
        }
        if (wants == 0) {
          ASSERT_EQ(sel[o], 0);
          continue;
        }
        ASSERT_NE(sel[o], 0) << "a wanted downer left unused";
        const int c = sel[o] - 1;
        const LcanReq& w = c < d ? din[c] : uin[c - d];
        ASSERT_EQ(w.lca, best) << "downer " << o << " went to a higher LCA level";
        if (wants > 1) ++st.down_contests;
      }
    }
  }
  // The circuits, walked from every source through the settings and the model's wires.
  std::set<std::tuple<int, int, int>> used;  // (level, switch, output): a directed link
  int acked = 0;
  for (int s = 0; s < n; ++s) {
    if (!e.pending()[s]) continue;
    lc::End at = nw.attach(s);
    int level = 0, in = at.port, top = 0, dest = -1;
    std::vector<std::tuple<int, int, int>> path;
    while (true) {
      const int g = net.switch_offset(level) + at.sw;
      const uint8_t* sel = net.settings().data() + static_cast<size_t>(g) * P;
      int out = -1;
      for (int o = 0; o < P; ++o)
        if (sel[o] == in + 1) {
          ASSERT_EQ(out, -1) << "an input feeding two outputs";
          out = o;
        }
      if (out < 0) break;  // dropped here (or its winner was dropped below)
      path.emplace_back(level, at.sw, out);
      top = std::max(top, level);
      if (out < d) {
        ASSERT_EQ(out, nw.digit(p[s], level)) << "down by the destination's digit";
        if (level == 0) {
          dest = at.sw * d + out;
          break;
        }
        const lc::End e2 = nw.down(level, at.sw, out);
        at = lc::End{e2.sw, 0};
        in = d + e2.port;
        --level;
      } else {
        ASSERT_LT(level + 1, net.levels());
        const lc::End e2 = nw.up(level, at.sw, out - d);
        at = lc::End{e2.sw, 0};
        in = e2.port;
        ++level;
      }
    }
    // The walk can end early only for a dropped pair, or run into another pair's circuit
    // below a lost contest; the acknowledged ones are exactly the completed circuits.
    const bool complete = dest >= 0 && net.arrivals()[dest].valid &&
                          net.arrivals()[dest].src == static_cast<uint32_t>(s);
    ASSERT_EQ(e.acks()[s] != 0, complete) << "source " << s;
    if (!complete) continue;
    ++acked;
    ASSERT_EQ(dest, p[s]);
    ASSERT_EQ(top, nw.lca_level(s, p[s])) << "a circuit turns at its LCA level";
    ASSERT_EQ(net.arrivals()[dest].data, data[s]);
    for (const auto& l : path) ASSERT_TRUE(used.insert(l).second) << "a link carries two circuits";
    ++st.circuits;
  }
  ASSERT_EQ(acked, e.cycle_acks());
  ASSERT_GT(acked, 0) << "a network cycle routed nothing";
  ASSERT_EQ(e.cycle_bad(), 0);
}

// Runs p on the engine to completion, every cycle checked.
RunStats run_checked(LcanEngine& e, const lc::Permutation& p, uint16_t seed, Rng& rng) {
  RunStats st;
  const int n = e.net().n();
  std::vector<uint32_t> dst(p.begin(), p.end());
  std::vector<uint64_t> data(n);
  for (auto& x : data) x = rng.next() & 0xFF;
  LcanEngine::In in;
  in.start = true;
  in.seed = seed;
  in.perm_dst = dst;
  in.perm_data = data;
  e.evaluate();
  e.clock(in);
  while (true) {
    e.evaluate();
    if (!e.busy()) break;
    check_cycle(e, p, data, st);
    if (::testing::Test::HasFatalFailure()) return st;
    ++st.cycles;
    e.clock({});
    if (st.cycles > 4 * n + 8) {
      ADD_FAILURE() << "no end";
      return st;
    }
  }
  EXPECT_TRUE(e.done());
  EXPECT_TRUE(e.all_ok());
  EXPECT_EQ(e.cycles(), static_cast<uint32_t>(st.cycles));
  EXPECT_EQ(e.delivered(), static_cast<uint32_t>(n));
  EXPECT_EQ(e.errors(), 0u);
  return st;
}

struct NetCase {
  int n, d, u, perms;
};

}  // namespace

TEST(LcanTwin, XorshiftHasFullPeriodAndSeedsAreDistinct) {
  uint16_t x = 1;
  int period = 0;
  do {
    x = LcanSwitch::xorshift(x);
    ASSERT_NE(x, 0);
    ++period;
  } while (x != 1 && period <= 70000);
  EXPECT_EQ(period, 65535);
  std::set<uint16_t> s;
  for (int g = 0; g < 4096; ++g) s.insert(LcanSwitch::seed_state(7, g));
  EXPECT_EQ(s.size(), 4096u);
  EXPECT_EQ(LcanSwitch::seed_state(static_cast<uint16_t>(40503u), 0), 1);  // seed ^ hash = 0
}

TEST(LcanTwin, RejectsIllegalParameters) {
  EXPECT_THROW(LcanNet(16, 3, 2, 8), InvalidArgument);
  EXPECT_THROW(LcanNet(32, 4, 2, 8), InvalidArgument);
  EXPECT_THROW(LcanNet(16, 4, 1, 8), InvalidArgument);
  EXPECT_THROW(LcanNet(8192, 2, 2, 8), InvalidArgument);
  EXPECT_THROW(LcanNet(16, 4, 4, 0), InvalidArgument);
  EXPECT_NO_THROW(LcanNet(4, 4, 2, 8));
}

TEST(LcanTwin, EveryRunIsALegalRunOfThePapersPolicy) {
  const std::vector<NetCase> nets = {{16, 2, 2, 120}, {16, 4, 4, 120}, {16, 4, 2, 120},
                                     {64, 4, 4, 60},  {64, 4, 2, 60},  {64, 2, 2, 60},
                                     {8, 2, 4, 60},   {64, 8, 2, 40},  {256, 4, 4, 12},
                                     {256, 2, 2, 8},  {4, 4, 2, 20},   {256, 16, 8, 6}};
  Rng rng(16);
  for (const NetCase& c : nets) {
    LcanEngine e(c.n, c.d, c.u, 8);
    const lc::Network& nw = e.net().network();
    RunStats all;
    for (const lc::PermClass cls :
         {lc::PermClass::Root, lc::PermClass::Bpc, lc::PermClass::Random}) {
      for (int k = 0; k < c.perms; ++k) {
        const lc::Permutation p = lc::generate(nw, cls, rng);
        const RunStats st = run_checked(e, p, static_cast<uint16_t>(rng.next()), rng);
        ASSERT_FALSE(HasFatalFailure()) << nw.name() << " " << lc::class_name(cls) << " #" << k;
        all.circuits += st.circuits;
        all.down_contests += st.down_contests;
      }
    }
    EXPECT_EQ(all.circuits, 3L * c.perms * c.n) << nw.name();
    if (c.n > c.d) {
      EXPECT_GT(all.down_contests, 0) << nw.name();
    }
  }
}

TEST(LcanTwin, UpwardChoicesAndTiesAreRandom) {
  // A switch of level 0 of CB-LCAN(d^3, d, u), one climbing request on downer 1: every upper
  // equally often; all d downers climbing with d > u: each passes u/d of the time.
  for (const auto& [d, u] :
       std::vector<std::pair<int, int>>{{4, 4}, {2, 2}, {4, 2}, {2, 4}, {8, 2}}) {
    LcanSwitch sw(d, u, 0, 3);
    sw.clock(false, true, 99, false);
    std::vector<LcanReq> din(d), uin(u), uo(u), dout(d);
    std::vector<uint8_t> sel_up(u), sel_dn(d);
    std::vector<int> hits(u, 0), passed(d, 0);
    const int T = 8000;
    for (int t = 0; t < T; ++t) {
      for (int j = 0; j < d; ++j) din[j] = LcanReq{j == 1, 2, 0, static_cast<uint32_t>(j), 0};
      sw.route_up(din, uo, sel_up);
      for (int k = 0; k < u; ++k)
        if (sel_up[k]) ++hits[k];
      for (int j = 0; j < d; ++j) din[j] = LcanReq{true, 2, 0, static_cast<uint32_t>(j), 0};
      sw.route_up(din, uo, sel_up);
      for (int k = 0; k < u; ++k)
        if (sel_up[k]) ++passed[sel_up[k] - 1];
      sw.clock(false, false, 0, true);
    }
    for (int k = 0; k < u; ++k)
      EXPECT_NEAR(hits[k], T / u, 0.1 * T / u) << "d=" << d << " u=" << u << " upper " << k;
    for (int j = 0; j < d; ++j)
      EXPECT_NEAR(passed[j], T * std::min(u, d) / d, 0.1 * T * std::min(u, d) / d)
          << "d=" << d << " u=" << u << " downer " << j;
  }
  // Ties: two turning requests (downers 0 and 3) for downer 2 of a level-1 switch of
  // CB-LCAN(64, 4, 2); and one from an upper against a turning one (the turning one wins).
  LcanSwitch sw(4, 2, 1, 5);
  sw.clock(false, true, 1234, false);
  std::vector<LcanReq> din(4), uin(2), dout(4);
  std::vector<uint8_t> sel_dn(4);
  int first = 0;
  const int T = 8000;
  for (int t = 0; t < T; ++t) {
    const uint32_t dst = 2u << 2;  // digit 1 = 2
    din = {LcanReq{true, 1, dst, 10, 0}, {}, {}, LcanReq{true, 1, dst | 1u, 11, 0}};
    uin = {LcanReq{true, 2, dst | 2u, 12, 0}, {}};
    sw.route_down(din, uin, dout, sel_dn);
    ASSERT_TRUE(sel_dn[2] == 1 || sel_dn[2] == 4);
    first += sel_dn[2] == 1;
    sw.clock(false, false, 0, true);
  }
  EXPECT_NEAR(first, T / 2, 0.05 * T);
}

TEST(LcanTwin, MeanCyclesCloseToTheModelsSimulator) {
  // The hardware's upward rule (a random rotation and a random xor instead of a uniformly
  // random setting) changes the mean by a few hundredths of a cycle (docs/lcan_rtl.md).
  for (const NetCase& c :
       std::vector<NetCase>{{64, 4, 4, 400}, {64, 4, 2, 400}, {256, 2, 2, 150}}) {
    LcanEngine e(c.n, c.d, c.u, 8);
    const lc::Network& nw = e.net().network();
    Rng rng(3);
    double sum = 0;
    std::vector<uint32_t> dst(c.n);
    std::vector<uint64_t> data(c.n, 0);
    for (int k = 0; k < c.perms; ++k) {
      const lc::Permutation p = lc::generate(nw, lc::PermClass::Random, rng);
      std::copy(p.begin(), p.end(), dst.begin());
      LcanEngine::In in;
      in.start = true;
      in.seed = static_cast<uint16_t>(rng.next());
      in.perm_dst = dst;
      in.perm_data = data;
      e.evaluate();
      e.clock(in);
      for (e.evaluate(); e.busy(); e.evaluate()) e.clock({});
      ASSERT_TRUE(e.all_ok());
      sum += e.cycles();
    }
    const double hw = sum / c.perms;
    const lc::ClassStats m = lc::simulate_class(nw, lc::PermClass::Random, c.perms, 5);
    EXPECT_NEAR(hw, m.mean, 0.15) << nw.name() << ": twin " << hw << ", model " << m.mean;
  }
}

// The pipelined network cycle (PIPE = 1: a register between every two levels, both ways)
// routes exactly like the one-cycle network (PIPE = 0), which is what justifies it: on the
// same permutation and seed, every network cycle ends (its last clock cycle) with the same
// acknowledgements, arrivals and switch settings, so every run takes the same network cycles
// and delivers the same pairs; a network cycle is 4 L - 3 clock cycles, and the arrivals
// hold their final value from its clock cycle 2 L - 2 on.
TEST(LcanTwin, PipelinedNetworkCycleRoutesLikeTheOneCycleNetwork) {
  const std::vector<NetCase> nets = {{16, 2, 2, 40}, {16, 4, 2, 40}, {64, 4, 2, 20},
                                     {64, 4, 4, 20}, {64, 2, 2, 15}, {8, 2, 4, 30},
                                     {4, 4, 2, 20},  {256, 2, 2, 3}, {256, 16, 8, 2}};
  Rng rng(61);
  for (const NetCase& c : nets) {
    LcanEngine e0(c.n, c.d, c.u, 8, 0), e1(c.n, c.d, c.u, 8, 1);
    const lc::Network& nw = e0.net().network();
    const int L = e0.net().levels(), K = e1.net().clocks_per_cycle();
    ASSERT_EQ(e0.net().clocks_per_cycle(), 1);
    ASSERT_EQ(K, 4 * L - 3) << nw.name();
    std::vector<uint32_t> dst(c.n);
    std::vector<uint64_t> data(c.n);
    long runs = 0;
    for (const lc::PermClass cls :
         {lc::PermClass::Root, lc::PermClass::Bpc, lc::PermClass::Random}) {
      for (int k = 0; k < c.perms; ++k) {
        const lc::Permutation p = lc::generate(nw, cls, rng);
        std::copy(p.begin(), p.end(), dst.begin());
        for (auto& x : data) x = rng.next() & 0xFF;
        LcanEngine::In in;
        in.start = true;
        in.seed = static_cast<uint16_t>(rng.next());
        in.perm_dst = dst;
        in.perm_data = data;
        e0.evaluate();
        e0.clock(in);
        e1.evaluate();
        e1.clock(in);
        int cyc = 0;
        for (e0.evaluate(); e0.busy(); e0.evaluate()) {
          ++cyc;
          std::vector<LcanReq> arr;
          for (int ph = 0; ph < K; ++ph) {
            e1.evaluate();
            ASSERT_TRUE(e1.busy());
            ASSERT_EQ(e1.phase(), ph);
            ASSERT_EQ(e1.pending(), e0.pending());
            if (ph == 2 * L - 2) arr = e1.arrivals();
            if (ph > 2 * L - 2) {
              ASSERT_EQ(e1.arrivals(), arr) << "the arrivals settled";
            }
            if (ph + 1 < K) e1.clock({});
          }
          ASSERT_TRUE(e1.last_phase());
          ASSERT_EQ(e1.acks(), e0.acks()) << nw.name() << " network cycle " << cyc;
          ASSERT_EQ(e1.arrivals(), e0.arrivals()) << nw.name() << " network cycle " << cyc;
          ASSERT_EQ(e1.settings(), e0.settings()) << nw.name() << " network cycle " << cyc;
          e1.clock({});
          e0.clock({});
          ASSERT_LE(cyc, 4 * c.n + 8);
        }
        e1.evaluate();
        ASSERT_FALSE(e1.busy());
        ASSERT_TRUE(e0.all_ok());
        ASSERT_TRUE(e1.all_ok());
        ASSERT_EQ(e1.cycles(), e0.cycles());
        ASSERT_EQ(e1.cycles(), static_cast<uint32_t>(cyc));
        ASSERT_EQ(e1.delivered(), e0.delivered());
        ASSERT_EQ(e1.errors(), 0u);
        ++runs;
      }
    }
    EXPECT_EQ(runs, 3L * c.perms);
  }
  EXPECT_THROW(LcanNet(16, 2, 2, 8, 2), InvalidArgument);
  EXPECT_THROW(LcanEngine(16, 2, 2, 8, -1), InvalidArgument);
}
