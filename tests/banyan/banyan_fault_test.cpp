// Banyan fault tolerance (paper 000, section 3, Algorithm B, Example 2, Fig. 4, Theorem 1,
// Appendix): the fault-tolerant plan delivers all N^2 messages exactly once within U(i),
// and the simulator catches broken plans.
#include "minforge/algo/banyan/banyan_fault.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

using minforge::InvalidArgument;
namespace bn = minforge::banyan;

namespace {

using Hop = std::tuple<int, int, int>;  // (processor, message origin, message destination)

// (cycle gamma, proc, origin, dest) of every relay hop (extra cycles).
std::vector<std::tuple<uint32_t, int, int, int>> extra_sends(const bn::Topology& t,
                                                             const bn::Plan& p) {
  std::vector<std::tuple<uint32_t, int, int, int>> v;
  for (size_t c = t.ports(); c < p.cycles.size(); ++c)
    for (const auto& s : p.cycles[c].sends)
      v.emplace_back(p.cycles[c].gamma, s.proc, s.origin, s.final_dest);
  return v;
}

// Plan and simulate every internal fault of one N and stage range; checks the hard
// requirement and returns {min, max} cycles.
std::pair<int, int> sweep(int N, int stage_lo, int stage_hi) {
  bn::Topology t(N);
  int lo = 1 << 30, hi = 0;
  const int64_t all = static_cast<int64_t>(N) * N;
  for (int i = stage_lo; i <= stage_hi; ++i)
    for (int l = 0; l < N / 2; ++l) {
      bn::Fault f{i, l};
      auto plan = bn::fault_tolerant_plan(t, f);
      auto r = bn::simulate(t, plan, std::pair{f, bn::FaultKind::Dead});
      EXPECT_TRUE(r.errors.empty())
          << "N=" << N << " E_" << i << "," << l << ": " << (r.errors.empty() ? "" : r.errors[0]);
      EXPECT_EQ(r.delivered, all) << "N=" << N << " E_" << i << "," << l;
      EXPECT_EQ(r.lost, 0) << "N=" << N << " E_" << i << "," << l;
      EXPECT_EQ(r.duplicates, 0) << "N=" << N << " E_" << i << "," << l;
      EXPECT_EQ(r.misrouted, 0);
      EXPECT_EQ(r.bound, bn::theorem1_bound(t, f));
      EXPECT_LE(r.cycles, r.bound) << "N=" << N << " E_" << i << "," << l;
      if (::testing::Test::HasFailure()) return {lo, hi};
      lo = std::min(lo, r.cycles);
      hi = std::max(hi, r.cycles);
    }
  return {lo, hi};
}

}  // namespace

TEST(BanyanPlan, Example2KeyPairsAndRelays) {
  bn::Topology t(16);
  auto kp = bn::algorithm_b_key_pairs(t, {1, 1});
  ASSERT_EQ(kp.size(), 2u);
  EXPECT_EQ(kp[0], (bn::KeyPair{0, 2, 8, 12, 2}));
  EXPECT_EQ(kp[1], (bn::KeyPair{1, 3, 8, 12, 10}));
  auto plan = bn::fault_tolerant_plan(t, {1, 1});
  ASSERT_EQ(plan.cycles.size(), 48u);  // 3 x 16, as Example 2 counts
  // Extra cycles 0..3: Gamma_2 (0->8, 2->12), Gamma_9 (8->2, 12->10), Gamma_2, Gamma_8
  // (8->3, 12->11): Example 2's "0->8->2 and 2->12->10 (Gamma_2 and Gamma_9), 0->8->3 and
  // 2->12->11 (Gamma_2 and Gamma_8)".
  auto ex = extra_sends(t, plan);
  using S = std::tuple<uint32_t, int, int, int>;
  EXPECT_EQ(std::vector<S>(ex.begin(), ex.begin() + 8),
            (std::vector<S>{S{2, 0, 0, 2}, S{2, 2, 2, 10}, S{9, 8, 0, 2}, S{9, 12, 2, 10},
                            S{2, 0, 0, 3}, S{2, 2, 2, 11}, S{8, 8, 0, 3}, S{8, 12, 2, 11}}));
  // "0->8->15 and 2->12->7 (Gamma_2 and Gamma_14)", "1->8->2 and 3->12->10 (Gamma_10 and
  // Gamma_9)", "1->8->15 and 3->12->7 (Gamma_10 and Gamma_14)".
  std::set<S> all(ex.begin(), ex.end());
  for (S s : {S{2, 0, 0, 15}, S{2, 2, 2, 7}, S{14, 8, 0, 15}, S{14, 12, 2, 7}, S{10, 1, 1, 2},
              S{10, 3, 3, 10}, S{9, 8, 1, 2}, S{9, 12, 3, 10}, S{14, 8, 1, 15}, S{14, 12, 3, 7}})
    EXPECT_TRUE(all.count(s)) << std::get<0>(s) << " " << std::get<1>(s) << " " << std::get<2>(s)
                              << " " << std::get<3>(s);
}

TEST(BanyanPlan, Fig2E21TerminalsAndPairs) {
  // N = 16, E_21 (i = 2 = m-2): terminals 8 and 12; Gamma_2, Gamma_8, Gamma_9, Gamma_10,
  // Gamma_11 are common to 0->8 & 2->12, 8->3 & 12->11, 8->2 & 12->10, 8->11 & 12->3,
  // 8->10 & 12->2.
  bn::Topology t(16);
  auto kp = bn::algorithm_b_key_pairs(t, {2, 1});
  ASSERT_EQ(kp.size(), 4u);
  EXPECT_EQ(kp[0], (bn::KeyPair{0, 2, 8, 12, 2}));
  EXPECT_EQ(kp[1].a, 4);
  EXPECT_EQ(kp[1].b, 6);
  EXPECT_EQ(kp[2].a, 1);
  EXPECT_EQ(kp[3].a, 5);
  auto ex = extra_sends(t, bn::fault_tolerant_plan(t, {2, 1}));
  using S = std::tuple<uint32_t, int, int, int>;
  std::set<S> all(ex.begin(), ex.end());
  for (S s : {S{8, 8, 0, 3}, S{8, 12, 2, 11}, S{9, 8, 0, 2}, S{9, 12, 2, 10}, S{10, 8, 0, 11},
              S{10, 12, 2, 3}, S{11, 8, 0, 10}, S{11, 12, 2, 2}})
    EXPECT_TRUE(all.count(s)) << std::get<0>(s) << " " << std::get<1>(s);
  // E_20: terminals 10 and 14 (the paper's "another two common transitive output
  // terminals 10 and 14").
  auto kp0 = bn::algorithm_b_key_pairs(t, {2, 0});
  EXPECT_EQ(kp0[0].terminal_a, 10);
  EXPECT_EQ(kp0[0].terminal_b, 14);
}

TEST(BanyanPlan, Fig4RefinementN32E21) {
  bn::Topology t(32);
  EXPECT_EQ(bn::fig4_relays(t, {2, 1}), (std::vector<int>{16, 20, 24, 28}));
  auto plan = bn::fault_tolerant_plan(t, {2, 1});
  ASSERT_EQ(plan.cycles.size(), 64u);  // 2N
  // First extra pair: Gamma_2 carries 0->16, 2->20, 4->24, 6->28; then Gamma_17 carries
  // 16->2, 20->10, 24->18, 28->26 ("0->16->2, 2->20->10, 4->24->18, 6->28->26 by Gamma_2
  // and Gamma_17"); the pair for destination 3 uses Gamma_2 and Gamma_16.
  const auto& c0 = plan.cycles[32];
  const auto& c1 = plan.cycles[33];
  EXPECT_EQ(c0.gamma, 2u);
  EXPECT_EQ(c1.gamma, 17u);
  EXPECT_EQ(c0.sends, (std::vector<bn::Send>{{0, 0, 2}, {2, 2, 10}, {4, 4, 18}, {6, 6, 26}}));
  EXPECT_EQ(c1.sends, (std::vector<bn::Send>{{16, 0, 2}, {20, 2, 10}, {24, 4, 18}, {28, 6, 26}}));
  EXPECT_EQ(plan.cycles[35].gamma, 16u);
  EXPECT_EQ(plan.cycles[35].sends,
            (std::vector<bn::Send>{{16, 0, 3}, {20, 2, 11}, {24, 4, 19}, {28, 6, 27}}));
  // Odd sources 1, 3, 5, 7 use Gamma_18 for their first hop.
  EXPECT_EQ(plan.cycles[32 + 16].gamma, 18u);
  EXPECT_THROW(bn::fig4_relays(t, {1, 0}), InvalidArgument);
  EXPECT_THROW(bn::fig4_relays(t, {3, 0}), InvalidArgument);
}

TEST(BanyanPlan, TerminalCorrectionWhereThePaperTerminalIsBlocked) {
  // N = 16, E_22: l mod 4 = 2 = 2^(i-1); the paper's terminal n/2 + 2d = 12 is itself a
  // blocked destination ({4, 5, 12, 13}), so the offset o = 2 is used: 10 and 14.
  bn::Topology t(16);
  EXPECT_TRUE(bn::is_blocked(t, {2, 2}, 0, 12));
  auto kp = bn::algorithm_b_key_pairs(t, {2, 2});
  EXPECT_EQ(kp[0].terminal_a, 10);
  EXPECT_EQ(kp[0].terminal_b, 14);
  // l >= N/4: terminals 0-based (E_1,5 of N = 16: blocked sources 8..11, terminals 0, 4).
  auto kp5 = bn::algorithm_b_key_pairs(t, {1, 5});
  EXPECT_EQ(kp5[0].a, 8);
  EXPECT_EQ(kp5[0].terminal_a, 0);
  EXPECT_EQ(kp5[0].terminal_b, 4);
  EXPECT_THROW(bn::algorithm_b_key_pairs(bn::Topology(8), {1, 1}), InvalidArgument);
}

TEST(BanyanPlan, AppendixN8) {
  bn::Topology t(8);
  EXPECT_EQ(bn::appendix_sequence(),
            (std::vector<uint32_t>{0, 4, 7, 3, 1, 2, 6, 5, 0, 7, 2, 4, 5, 2, 7, 0, 5}));
  for (int l = 0; l < 4; ++l) {
    bn::Fault f{1, l};
    auto plan = bn::fault_tolerant_plan(t, f);
    ASSERT_EQ(plan.cycles.size(), 25u);  // 8 fault-free + 17 Appendix cycles
    if (l == 1) {
      for (size_t c = 0; c < 17; ++c)
        EXPECT_EQ(plan.cycles[8 + c].gamma, bn::appendix_sequence()[c]);
    }
    auto r = bn::simulate(t, plan, std::pair{f, bn::FaultKind::Dead});
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.delivered, 64);
    EXPECT_EQ(r.duplicates, 0);
    EXPECT_EQ(r.cycles, 25);
    EXPECT_EQ(r.bound, 25);
    // Relays keep both hops off the fault: only 4, 5 qualify for E_11.
    if (l == 1) {
      for (auto [g, p, o, d] : extra_sends(t, plan)) {
        if (p != o) {
          EXPECT_TRUE(p == 4 || p == 5);
        }
      }
    }
  }
}

TEST(BanyanSim, StuckFaultsAreAlsoTolerated) {
  for (int N : {16, 64}) {
    bn::Topology t(N);
    for (auto kind : {bn::FaultKind::StuckStraight, bn::FaultKind::StuckCross})
      for (int i = 1; i <= t.stages() - 2; ++i) {
        bn::Fault f{i, 3};
        auto r = bn::simulate(t, bn::fault_tolerant_plan(t, f), std::pair{f, kind});
        EXPECT_EQ(r.delivered, int64_t{N} * N);
        EXPECT_EQ(r.misrouted, 0);
        EXPECT_TRUE(r.errors.empty());
      }
  }
}

TEST(BanyanSim, LatinScheduleFaultFreeAndUnderFault) {
  for (int N : {8, 16, 128}) {
    bn::Topology t(N);
    auto plan = bn::latin_plan(t);
    auto ok = bn::simulate(t, plan, std::nullopt);
    EXPECT_EQ(ok.cycles, N);  // Property 2
    EXPECT_EQ(ok.bound, N);
    EXPECT_EQ(ok.delivered, int64_t{N} * N);
    EXPECT_EQ(ok.lost, 0);
    EXPECT_TRUE(ok.errors.empty());
    for (int i = 1; i <= t.stages() - 2; ++i) {
      bn::Fault f{i, N / 2 - 1};
      auto dead = bn::simulate(t, plan, std::pair{f, bn::FaultKind::Dead});
      EXPECT_EQ(dead.lost, 2 * N);  // exactly the blocked pairs
      EXPECT_EQ(dead.delivered, int64_t{N} * N - 2 * N);
      EXPECT_TRUE(dead.errors.empty());
      // A stuck element misroutes the blocked messages whose stage state differs: half.
      auto stuck = bn::simulate(t, plan, std::pair{f, bn::FaultKind::StuckStraight});
      EXPECT_EQ(stuck.lost, N);
      EXPECT_EQ(stuck.misrouted, N);
    }
  }
}

TEST(BanyanSim, BrokenPlansAreReported) {
  bn::Topology t(32);
  bn::Fault f{2, 5};
  auto fault = std::pair{f, bn::FaultKind::Dead};
  auto plan = bn::fault_tolerant_plan(t, f);
  // Remove one relay's second hop: that message stays in the relay buffer.
  {
    auto p = plan;
    auto& sends = p.cycles[33].sends;
    ASSERT_NE(sends[0].proc, sends[0].origin);
    sends.erase(sends.begin());
    auto r = bn::simulate(t, p, fault);
    EXPECT_EQ(r.lost, 1);
    EXPECT_TRUE(r.errors.empty());
  }
  // Remove a first hop: the relay then sends a message it does not hold.
  {
    auto p = plan;
    p.cycles[32].sends.erase(p.cycles[32].sends.begin());
    auto r = bn::simulate(t, p, fault);
    EXPECT_EQ(r.lost, 1);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].find("does not hold"), std::string::npos) << r.errors[0];
  }
  // A processor sending twice in one cycle.
  {
    auto p = plan;
    p.cycles[0].sends.push_back(p.cycles[0].sends[0]);
    auto r = bn::simulate(t, p, fault);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_NE(r.errors[0].find("sends twice"), std::string::npos) << r.errors[0];
    EXPECT_EQ(r.duplicates, 0);
  }
  // Second hop moved before the first hop.
  {
    auto p = plan;
    std::swap(p.cycles[32], p.cycles[33]);
    auto r = bn::simulate(t, p, fault);
    EXPECT_EQ(r.errors.size(), 4u);
    EXPECT_EQ(r.lost, 4);
  }
  // A message sent twice is a duplicate; a blocked direct send is lost.
  {
    auto p = plan;
    p.cycles.push_back(p.cycles[3]);
    auto r = bn::simulate(t, p, fault);
    EXPECT_EQ(r.duplicates, static_cast<int64_t>(p.cycles[3].sends.size()));
    EXPECT_GT(r.cycles, r.bound - 1);
  }
  {
    auto p = plan;
    p.cycles[0].sends.clear();
    for (int x = 0; x < 32; ++x) p.cycles[0].sends.push_back({x, x, bn::gamma(t, 0, x)});
    auto r = bn::simulate(t, p, fault);
    int blocked_in_0 = 0;
    for (int x = 0; x < 32; ++x) blocked_in_0 += bn::is_blocked(t, f, x, bn::gamma(t, 0, x));
    EXPECT_EQ(r.lost, 0);
    EXPECT_EQ(r.delivered, 32 * 32);
    EXPECT_GT(blocked_in_0, 0);
  }
  // Numbers out of range and a plan for another N.
  {
    auto p = plan;
    p.cycles[1].gamma = 99;
    p.cycles[2].sends.push_back({40, 0, 0});
    auto r = bn::simulate(t, p, fault);
    EXPECT_EQ(r.errors.size(), 2u);
    auto other = bn::simulate(bn::Topology(16), plan, std::nullopt);
    EXPECT_EQ(other.errors.size(), 1u);
  }
  EXPECT_THROW(bn::simulate(t, plan, std::pair{bn::Fault{0, 0}, bn::FaultKind::Dead}),
               InvalidArgument);
  EXPECT_THROW(bn::fault_tolerant_plan(t, {4, 0}), InvalidArgument);
}

// Hard requirement: every internal fault location of N = 8..256 (split for ctest -j2).
TEST(BanyanSweep, N8To64) {
  for (int N : {8, 16, 32, 64}) {
    bn::Topology t(N);
    sweep(N, 1, t.stages() - 2);
  }
}
TEST(BanyanSweep, N128) { sweep(128, 1, 5); }
TEST(BanyanSweep, N256Stages1To3) { sweep(256, 1, 3); }
TEST(BanyanSweep, N256Stages4To6) { sweep(256, 4, 6); }

TEST(BanyanSweep, CycleCountsEqualTheorem1) {
  // The construction meets U(i) exactly: 3N (i = 1, m-2), 2N (1 < i < m-2), 25 (N = 8).
  for (int N : {16, 32, 64, 128, 256, 1024}) {
    bn::Topology t(N);
    for (int i = 1; i <= t.stages() - 2; ++i) {
      bn::Fault f{i, (N / 2 - 1) * (i % 2)};
      EXPECT_EQ(static_cast<int>(bn::fault_tolerant_plan(t, f).cycles.size()),
                bn::theorem1_bound(t, f));
    }
  }
}
