// LCAN (paper 003, section 4): permutation realization in CB-LCAN(N, d, u), every result
// checked by routing its switch settings through the CB-LCAN model (Network::attach / up /
// down): off-line for every permutation in ceil((d/u)^(l-1)) network cycles (Theorem 3),
// cut at the LCA level; on-line by the self-routing rules for the classes they realize; and
// the checker itself, on settings that are wrong in each way it looks for.
#include "minforge/algo/lcan/lcan_realize.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>
#include <vector>

#include "minforge/algo/lcan/lcan_selfroute.hpp"

namespace minforge::lcan {
namespace {

std::vector<int> random_perm(int N, Rng& rng) {
  std::vector<int> p(static_cast<size_t>(N));
  std::iota(p.begin(), p.end(), 0);
  for (int i = N - 1; i > 0; --i) std::swap(p[i], p[rng.below(static_cast<uint64_t>(i) + 1)]);
  return p;
}

int64_t ipow(int64_t b, int e) {
  int64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

// Realizes p, routes the settings, and checks everything a correct realization must show.
void expect_realized(const Network& net, const Permutation& p, RealizeMethod m) {
  const Realization r = realize(net, p, m);
  const RoutingCheck c = route_settings(net, p, r);
  ASSERT_TRUE(c.verified) << net.name() << " " << realize_method_name(m) << ": " << c.first_error;
  ASSERT_TRUE(r.blocked.empty());
  // Every pair goes up exactly to its LCA level and no further (partitionability).
  for (int s = 0; s < net.N(); ++s)
    ASSERT_EQ(c.reach[s], net.lca_level(s, p[s])) << net.name() << " PE " << s;
}

struct Case {
  int N, d, u;
  int trials;
};

void run_offline(const std::vector<Case>& cases, uint64_t seed) {
  Rng rng(seed);
  for (const Case& k : cases) {
    const Network net = Network::cb(k.N, k.d, k.u);
    const int l = net.levels();
    const int64_t cycles = k.d <= k.u ? 1 : ipow((k.d + k.u - 1) / k.u, l - 1);
    for (int i = 0; i < k.trials; ++i) {
      const auto p = random_perm(k.N, rng);
      const Realization r = realize(net, p, RealizeMethod::Offline);
      ASSERT_EQ(r.cycles, cycles) << net.name();
      if (k.d <= k.u || k.d % k.u == 0) {
        ASSERT_EQ(r.theorem3_cycles, std::optional<int64_t>(cycles)) << net.name();
        // Theorem 3's embeddings are equal: each cycle routes N (u/d)^(l-1) pairs.
        for (int c = 0; c < r.cycles; ++c)
          ASSERT_EQ(static_cast<int64_t>(r.cycle_sources(c).size()), k.N / cycles);
      } else {
        ASSERT_FALSE(r.theorem3_cycles.has_value());
      }
      for (int c = 0; c < r.cycles; ++c) ASSERT_FALSE(r.cycle_sources(c).empty());
      const RoutingCheck chk = route_settings(net, p, r);
      ASSERT_TRUE(chk.verified) << net.name() << ": " << chk.first_error;
      for (int s = 0; s < k.N; ++s) ASSERT_EQ(chk.reach[s], net.lca_level(s, p[s]));
    }
  }
}

TEST(LcanRealize, OfflineOneCycleWhenDEqualsU) {
  run_offline({{2, 2, 2, 2},
               {4, 2, 2, 2000},
               {16, 2, 2, 2000},
               {64, 2, 2, 2000},
               {256, 2, 2, 300},
               {1024, 2, 2, 40},
               {9, 3, 3, 2000},
               {27, 3, 3, 2000},
               {81, 3, 3, 500},
               {16, 4, 4, 2000},
               {64, 4, 4, 1000},
               {256, 4, 4, 200},
               {25, 5, 5, 2000},
               {125, 5, 5, 300},
               {36, 6, 6, 1000},
               {49, 7, 7, 1000},
               {64, 8, 8, 1000},
               {256, 16, 16, 100},
               {4096, 64, 64, 5}},
              1);
}

TEST(LcanRealize, OfflineOneCycleWhenDBelowU) {
  // CB-LCAN(N, d, u) embeds CB-LCAN(N, d, d): uppers 0 .. d-1 only.
  run_offline({{8, 2, 3, 2000},
               {16, 2, 4, 2000},
               {64, 2, 3, 500},
               {9, 3, 7, 2000},
               {27, 3, 4, 1000},
               {64, 4, 8, 300}},
              2);
}

TEST(LcanRealize, OfflineTheorem3CyclesWhenUDividesD) {
  run_offline({{4, 2, 1, 2000},
               {8, 2, 1, 2000},
               {64, 2, 1, 500},
               {16, 4, 2, 2000},
               {64, 4, 2, 1000},
               {256, 4, 2, 200},
               {64, 4, 1, 500},
               {27, 3, 1, 1000},
               {81, 9, 3, 1000},
               {64, 8, 2, 500},
               {64, 8, 4, 1000},
               {256, 16, 4, 200},
               {729, 9, 3, 30}},
              3);
  // The counts themselves: (d/u)^(l-1).
  EXPECT_EQ(theorem3_cycles(4, 2, 3), 4);
  EXPECT_EQ(theorem3_cycles(4, 2, 1), 1);
  EXPECT_EQ(theorem3_cycles(8, 2, 2), 4);
  EXPECT_EQ(theorem3_cycles(2, 1, 10), 512);
  EXPECT_EQ(theorem3_cycles(2, 2, 10), 1);
  EXPECT_EQ(theorem3_cycles(2, 5, 10), 1);
  EXPECT_EQ(theorem3_cycles(3, 2, 3), std::nullopt);
  EXPECT_EQ(offline_cycles(3, 2, 3), 4);  // the extension: ceil(3/2)^2
}

TEST(LcanRealize, OfflineBeyondTheorem3WhenUDoesNotDivideD) {
  // TRAC = CB-LCAN(N, 3, 2) and others: blocks of u uppers, the last one smaller,
  // ceil(d/u)^(l-1) cycles (the project's extension; Theorem 3 does not cover them).
  run_offline({{9, 3, 2, 2000},
               {27, 3, 2, 2000},
               {81, 3, 2, 300},
               {25, 5, 2, 1000},
               {125, 5, 3, 200},
               {64, 8, 3, 500}},
              4);
}

TEST(LcanRealize, OfflineRealizesEveryPermutationOfEightPEs) {
  for (int u : {1, 2, 3}) {
    const Network net = Network::cb(8, 2, u);
    std::vector<int> p(8);
    std::iota(p.begin(), p.end(), 0);
    do {
      const Realization r = realize(net, p, RealizeMethod::Offline);
      ASSERT_TRUE(route_settings(net, p, r).verified) << net.name();
      ASSERT_EQ(r.cycles, u == 1 ? 4 : 1);
    } while (std::next_permutation(p.begin(), p.end()));
  }
}

TEST(LcanRealize, PartitionedPermutationsStayInTheirPartitions) {
  // A permutation that maps every block of d^j consecutive PEs onto itself is routed with
  // switches of levels < j under that block only: the network partitions.
  Rng rng(9);
  for (auto [N, d, u] : std::vector<std::tuple<int, int, int>>{
           {64, 2, 2}, {81, 3, 3}, {256, 4, 4}, {64, 4, 2}, {27, 3, 2}, {64, 2, 4}}) {
    const Network net = Network::cb(N, d, u);
    for (int j = 1; j < net.levels(); ++j) {
      const int block = static_cast<int>(ipow(d, j));
      for (int trial = 0; trial < 20; ++trial) {
        std::vector<int> p(static_cast<size_t>(N));
        for (int b0 = 0; b0 < N; b0 += block) {
          const auto q = random_perm(block, rng);
          for (int i = 0; i < block; ++i) p[b0 + i] = b0 + q[i];
        }
        const Realization r = realize(net, p, RealizeMethod::Offline);
        ASSERT_TRUE(route_settings(net, p, r).verified);
        for (int c = 0; c < r.cycles; ++c) {
          std::set<int> blocks_of_sources;
          for (int s : r.cycle_sources(c)) blocks_of_sources.insert(s / block);
          for (const Hop& h : r.cycle_hops(c)) {
            ASSERT_LT(h.level, j) << net.name();
            // The switch's PE digits above its level name the block it serves.
            const int64_t H = h.sw / ipow(u, h.level);
            const int blk = static_cast<int>(H / ipow(d, j - 1 - h.level));
            ASSERT_TRUE(blocks_of_sources.count(blk)) << net.name();
          }
        }
      }
    }
  }
}

TEST(LcanRealize, OnlineSelfRoutingRealizesItsClassesOnCbLcans) {
  Rng rng(10);
  struct Net {
    int N, d, u, trials;
  };
  for (const Net& k : std::vector<Net>{{16, 2, 2, 1000},
                                       {16, 4, 4, 1000},
                                       {16, 4, 5, 500},
                                       {64, 2, 2, 1000},
                                       {64, 8, 8, 1000},
                                       {64, 4, 8, 500},
                                       {256, 2, 2, 200},
                                       {256, 16, 16, 200},
                                       {1024, 2, 2, 30},
                                       {1024, 4, 4, 30}}) {
    const Network net = Network::cb(k.N, k.d, k.u);
    for (int i = 0; i < k.trials; ++i) {
      expect_realized(net, random_bpc(net, rng), RealizeMethod::NassimiSahni);
      expect_realized(net, random_inverse_omega(k.N, rng), RealizeMethod::NassimiSahni);
      expect_realized(net, random_linear(k.N, rng), RealizeMethod::RaghavendraBoppana);
      expect_realized(net, random_bpc(net, rng), RealizeMethod::RaghavendraBoppana);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(LcanRealize, SelfRoutingBlocksRandomPermutationsAndTheCheckerSeesIt) {
  Rng rng(11);
  for (auto [N, d] : std::vector<std::pair<int, int>>{{64, 2}, {256, 4}, {1024, 2}}) {
    const Network net = Network::cb(N, d, d);
    int realized = 0;
    for (int i = 0; i < 100; ++i) {
      const auto p = random_perm(N, rng);
      for (auto m : {RealizeMethod::NassimiSahni, RealizeMethod::RaghavendraBoppana}) {
        const Realization r = realize(net, p, m);
        const RoutingCheck c = route_settings(net, p, r);
        // The blocked pairs have no setting at all: they stop in their level-0 switch; the
        // others arrive.
        EXPECT_EQ(c.broken, static_cast<int64_t>(r.blocked.size()));
        EXPECT_EQ(c.delivered, N - static_cast<int64_t>(r.blocked.size()));
        EXPECT_EQ(c.verified, r.blocked.empty());
        EXPECT_EQ(c.wire_conflicts + c.bad_settings + c.misrouted + c.unused_settings, 0);
        realized += c.verified;
      }
    }
    EXPECT_EQ(realized, 0) << net.name();
  }
}

TEST(LcanRealize, CuttingAtTheLcaLevelRealizesMoreThanTheBenesNetwork) {
  // Exhaustive on 8 PEs: a pair that turns at its LCA level frees the wires above it, so
  // the CB-LCAN realizes by self-routing every permutation the unfolded (Benes) network
  // does, and more.  Counts measured with the reconstructed rules.
  const Network net = Network::cb(8, 2, 2);
  std::vector<int> p(8);
  std::iota(p.begin(), p.end(), 0);
  int ns = 0, rb = 0;
  do {
    for (auto m : {RealizeMethod::NassimiSahni, RealizeMethod::RaghavendraBoppana}) {
      const bool benes = check_unfolded_route(self_route(p, 2,
                                                         m == RealizeMethod::NassimiSahni
                                                             ? SelfRouting::NassimiSahni
                                                             : SelfRouting::RaghavendraBoppana))
                             .empty();
      const bool lcan = route_settings(net, p, realize(net, p, m)).verified;
      ASSERT_TRUE(!benes || lcan);
      (m == RealizeMethod::NassimiSahni ? ns : rb) += lcan;
    }
  } while (std::next_permutation(p.begin(), p.end()));
  // The unfolded network's counts are 11632 and 21888 (lcan_realize_unfold_test.cpp).
  EXPECT_EQ(ns, 22728);
  EXPECT_EQ(rb, 27008);
}

// ---- the checker ---------------------------------------------------------------------------

TEST(LcanRealizeCheck, EveryKindOfWrongSettingIsCaught) {
  Rng rng(12);
  const Network net = Network::cb(64, 4, 4), multi = Network::cb(64, 4, 2);
  const auto p = random_perm(64, rng);
  const Realization good = realize(net, p, RealizeMethod::Offline);
  const Realization good_multi = realize(multi, p, RealizeMethod::Offline);
  ASSERT_TRUE(route_settings(net, p, good).verified);
  ASSERT_TRUE(route_settings(multi, p, good_multi).verified);
  ASSERT_EQ(good_multi.cycles, 4);
  auto check = [&](const Realization& r) { return route_settings(net, p, r); };
  // Two hops of one switch, both with downer outputs.
  auto two_down = [&](const Realization& r) {
    for (size_t a = 0; a + 1 < r.hops.size(); ++a)
      if (r.hops[a].level == r.hops[a + 1].level && r.hops[a].sw == r.hops[a + 1].sw &&
          r.hops[a].out.side == PortRef::Down && r.hops[a + 1].out.side == PortRef::Down)
        return a;
    ADD_FAILURE() << "no switch with two downward connections";
    return size_t{0};
  };

  {  // the settings of another permutation
    auto q = p;
    std::swap(q[0], q[1]);
    const auto c = route_settings(net, q, good);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.misrouted, 2);
  }
  {  // one connection removed: its pair stops in its level-0 switch, the rest is unused
    auto r = good;
    r.hops.erase(r.hops.begin());
    --r.cycle_hop_begin[1];
    const auto c = check(r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.broken, 1);
    EXPECT_EQ(c.delivered, 63);
    EXPECT_GT(c.unused_settings, 0);
  }
  {  // the outputs of two connections of one switch exchanged: both pairs misrouted
    auto r = good;
    const size_t a = two_down(r);
    std::swap(r.hops[a].out, r.hops[a + 1].out);
    const auto c = check(r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.misrouted, 2);
  }
  {  // one output driven by two inputs of its switch
    auto r = good;
    const size_t a = two_down(r);
    r.hops[a + 1].out = r.hops[a].out;
    const auto c = check(r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.bad_settings, 1);
  }
  {  // a connection no PE's connection passes through (a free input to a free output)
    auto r = good;
    bool added = false;
    for (int level = 0; level < net.levels() && !added; ++level)
      for (int sw = 0; sw < net.switches(level) && !added; ++sw) {
        std::set<std::pair<int, int>> in_used, out_used;
        for (const Hop& x : r.hops)
          if (x.level == level && x.sw == sw) {
            in_used.insert({x.in.side, x.in.index});
            out_used.insert({x.out.side, x.out.index});
          }
        for (int j = 0; j < net.d() && !added; ++j)
          for (int k = 0; k < net.d() && !added; ++k)
            if (!in_used.count({PortRef::Down, j}) && !out_used.count({PortRef::Down, k})) {
              r.hops.push_back(Hop{level, sw, {PortRef::Down, j}, {PortRef::Down, k}});
              added = true;
            }
      }
    ASSERT_TRUE(added);
    r.cycle_hop_begin[1] = static_cast<int64_t>(r.hops.size());
    const auto c = check(r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.unused_settings, 1);
    EXPECT_EQ(c.delivered, 64);
  }
  {  // illegal settings: upper -> upper, an upper of the top level, no such port or switch
    for (int kind = 0; kind < 4; ++kind) {
      auto r = good;
      Hop& h = r.hops[0];
      if (kind == 0) h.in = PortRef{PortRef::Up, 0}, h.out = PortRef{PortRef::Up, 1};
      if (kind == 1) h.level = net.levels() - 1, h.sw = 0, h.out = PortRef{PortRef::Up, 0};
      if (kind == 2) h.out = PortRef{PortRef::Up, net.u()};
      if (kind == 3) h.sw = net.switches(0);
      const auto c = check(r);
      EXPECT_FALSE(c.verified) << kind;
      EXPECT_EQ(c.bad_settings, 1) << kind;
    }
  }
  {  // a PE listed twice in its cycle: every wire of its connection carries two
    auto r = good;
    const int s = r.sources[0], gone = r.sources[1];
    r.sources[1] = s;
    const auto c = check(r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.missing, 2);  // s routed twice, `gone` never
    EXPECT_EQ(c.wire_conflicts, 2 * net.lca_level(s, p[s]) + 2);
    EXPECT_EQ(c.unused_settings, 2 * net.lca_level(gone, p[gone]) + 1);
  }
  {  // a PE routed in two cycles, another in none
    auto r = good_multi;
    r.sources[0] = r.sources[static_cast<size_t>(r.cycle_source_begin[1])];
    const auto c = route_settings(multi, p, r);
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.missing, 2);
  }
  {  // two of Theorem 3's cycles merged into one: their connections collide
    auto r = good_multi;
    r.cycles -= 1;
    r.cycle_source_begin.erase(r.cycle_source_begin.begin() + 1);
    r.cycle_hop_begin.erase(r.cycle_hop_begin.begin() + 1);
    const auto c = route_settings(multi, p, r);
    EXPECT_FALSE(c.verified);
    EXPECT_GT(c.bad_settings, 0);
  }
}

// ---- bad input -----------------------------------------------------------------------------

TEST(LcanRealize, BadInputIsRejected) {
  const std::vector<int> id16 = [] {
    std::vector<int> v(16);
    std::iota(v.begin(), v.end(), 0);
    return v;
  }();
  const Network cb = Network::cb(16, 2, 2);
  EXPECT_THROW(realize(Network::t(16, 4, 2), id16, RealizeMethod::Offline), InvalidArgument);
  EXPECT_THROW(realize(Network::cb(16, 2, 2, 2), id16, RealizeMethod::Offline), InvalidArgument);
  EXPECT_THROW(realize(Network::cb_levels({{4, 2}, {4, 4}}), id16, RealizeMethod::Offline),
               InvalidArgument);
  EXPECT_THROW(realize(cb, std::vector<int>(8, 0), RealizeMethod::Offline), InvalidArgument);
  auto dup = id16;
  dup[3] = 4;
  EXPECT_THROW(realize(cb, dup, RealizeMethod::Offline), InvalidArgument);
  std::vector<int> id27(27);
  std::iota(id27.begin(), id27.end(), 0);
  EXPECT_THROW(realize(Network::cb(27, 3, 3), id27, RealizeMethod::NassimiSahni),
               InvalidArgument);  // d not a power of two
  EXPECT_THROW(realize(Network::cb(16, 4, 2), id16, RealizeMethod::RaghavendraBoppana),
               InvalidArgument);  // u < d
  EXPECT_NO_THROW(realize(Network::cb(16, 4, 2), id16, RealizeMethod::Offline));
  for (auto m :
       {RealizeMethod::Offline, RealizeMethod::NassimiSahni, RealizeMethod::RaghavendraBoppana})
    EXPECT_EQ(parse_realize_method(realize_method_name(m)), m);
  EXPECT_THROW(parse_realize_method("looping"), InvalidArgument);
}

}  // namespace
}  // namespace minforge::lcan
