// Paper 004, Corollary 3.5: the packet schedule on the packet-switched d-cube, checked by the
// step simulator (which checks every rule of every step and the delivery, and is shown to
// reject broken schedules).
#include "minforge/algo/hypercube/hypercube_packet.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hypercube/step_bfs.hpp"
#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace hc = minforge::hypercube;
using minforge::InvalidArgument;

namespace {

// The schedule's shape: path_bound(d) steps, each a permutation along cube edges.
void expect_schedule_shape(int d, const hc::Schedule& s) {
  ASSERT_EQ(s.dim, d);
  ASSERT_EQ(static_cast<int>(s.moves.size()), hc::path_bound(d));
  for (const auto& row : s.moves) {
    ASSERT_EQ(row.size(), size_t{1} << d);
    EXPECT_TRUE(hc::is_permutation(row));
    for (uint32_t v = 0; v < row.size(); ++v) EXPECT_GE(hc::move_dimension(v, row[v]), -1);
  }
}

}  // namespace

TEST(HypercubePacket, Every3CubePermutationIn3Steps) {
  hc::Perm pi(8);
  for (uint32_t r = 0; r < 40320; ++r) {
    hc::base::perm_unrank(r, 8, pi.data());
    hc::Schedule s = hc::packet_schedule(3, pi);
    ASSERT_EQ(s.moves.size(), 3u);
    hc::StepRun run = hc::run_steps(3, pi, s);
    ASSERT_TRUE(run.ok) << "rank " << r << ": " << run.error;
    ASSERT_EQ(run.held.size(), 4u);
    for (uint32_t v = 0; v < 8; ++v) ASSERT_EQ(run.held[3][pi[v]], v);
  }
}

TEST(HypercubePacket, Every2CubeAnd1CubePermutationInDSteps) {
  for (int d : {1, 2}) {
    hc::Perm pi(size_t{1} << d);
    const uint32_t count = d == 1 ? 2 : 24;
    for (uint32_t r = 0; r < count; ++r) {
      hc::base::perm_unrank(r, 1 << d, pi.data());
      hc::Schedule s = hc::packet_schedule(d, pi);
      expect_schedule_shape(d, s);
      hc::StepRun run = hc::run_steps(d, pi, s);
      EXPECT_TRUE(run.ok) << d << " " << r << ": " << run.error;
    }
  }
  // 2d - 3 = 1 step cannot route the 2-cube's complement (every packet 2 edges away).
  EXPECT_EQ(hc::path_bound(2), 2);
}

TEST(HypercubePacket, RandomPermutationsWithin2dMinus3Steps) {
  for (int d = 4; d <= 12; ++d) {
    const int count = d <= 8 ? 200 : 20;
    for (int k = 0; k < count; ++k) {
      hc::Perm pi = hc::make_perm(d, "random", 1000 * d + k);
      hc::Schedule s = hc::packet_schedule(d, pi);
      expect_schedule_shape(d, s);
      EXPECT_EQ(static_cast<int>(s.moves.size()), 2 * d - 3);
      hc::StepRun run = hc::run_steps(d, pi, s);
      ASSERT_TRUE(run.ok) << "d " << d << " seed " << k << ": " << run.error;
    }
  }
}

TEST(HypercubePacket, StructuredPermutations) {
  for (int d = 1; d <= 12; ++d)
    for (std::string cls :
         {"identity", "bit-reversal", "complement", "transpose", "shift", "shift:3", "shuffle"}) {
      if (cls == "shift:3" && d < 2) continue;
      hc::Perm pi = hc::make_perm(d, cls);
      hc::Schedule s = hc::packet_schedule(d, pi);
      expect_schedule_shape(d, s);
      hc::StepRun run = hc::run_steps(d, pi, s);
      EXPECT_TRUE(run.ok) << d << " " << cls << ": " << run.error;
    }
}

TEST(HypercubePacket, StreamedCheckAgreesWithSimulator) {
  for (int d = 1; d <= 10; ++d) {
    hc::Perm pi = hc::make_perm(d, "random", 77 + d);
    hc::Realization r = hc::realize(d, pi);
    hc::StepCheck c = hc::check_schedule(r);
    EXPECT_TRUE(c.ok) << c.error;
    EXPECT_EQ(c.steps, hc::path_bound(d));
    hc::Schedule s = hc::expand_schedule(r);
    EXPECT_EQ(s.moves, hc::packet_schedule(d, pi).moves);
  }
}

TEST(HypercubePacket, SimulatorRejectsBrokenSchedules) {
  const int d = 5;
  hc::Perm pi = hc::make_perm(d, "random", 5);
  const hc::Schedule good = hc::packet_schedule(d, pi);
  ASSERT_TRUE(hc::run_steps(d, pi, good).ok);

  // Two packets sent to one vertex (buffering).
  {
    hc::Schedule s = good;
    s.moves[1].assign(32, 0);
    for (uint32_t v = 0; v < 32; ++v) s.moves[1][v] = v;
    s.moves[1][1] = 0;
    hc::StepRun run = hc::run_steps(d, pi, s);
    EXPECT_FALSE(run.ok);
    EXPECT_NE(run.error.find("step 1"), std::string::npos) << run.error;
    EXPECT_NE(run.error.find("both move"), std::string::npos) << run.error;
    EXPECT_EQ(run.held.size(), 2u);
  }
  // A move along a non-edge (0 -> 3).
  {
    hc::Schedule s = good;
    for (uint32_t v = 0; v < 32; ++v) s.moves[0][v] = v;
    s.moves[0][0] = 3;
    s.moves[0][3] = 0;
    hc::StepRun run = hc::run_steps(d, pi, s);
    EXPECT_FALSE(run.ok);
    EXPECT_NE(run.error.find("not a neighbour"), std::string::npos) << run.error;
  }
  // Dropping the last step: every step legal, but packets are not delivered.
  {
    hc::Schedule s = good;
    s.moves.pop_back();
    hc::StepRun run = hc::run_steps(d, pi, s);
    EXPECT_FALSE(run.ok);
    EXPECT_NE(run.error.find("is not at pi"), std::string::npos) << run.error;
  }
  // A swap added at the end: legal step, wrong delivery.
  {
    hc::Schedule s = good;
    std::vector<uint32_t> row(32);
    for (uint32_t v = 0; v < 32; ++v) row[v] = v;
    row[4] = 5;
    row[5] = 4;
    s.moves.push_back(row);
    EXPECT_FALSE(hc::run_steps(d, pi, s).ok);
  }
  // A row of the wrong size, a target out of range, the wrong dimension.
  {
    hc::Schedule s = good;
    s.moves[2].pop_back();
    EXPECT_FALSE(hc::run_steps(d, pi, s).ok);
    s = good;
    s.moves[2][7] = 99;
    EXPECT_FALSE(hc::run_steps(d, pi, s).ok);
    s = good;
    s.dim = 4;
    EXPECT_FALSE(hc::run_steps(d, pi, s).ok);
  }
  // Bad input to the model throws.
  EXPECT_THROW(hc::packet_schedule(0, {0}), InvalidArgument);
  EXPECT_THROW(hc::packet_schedule(25, {}), InvalidArgument);
  EXPECT_THROW(hc::packet_schedule(2, {0, 1, 2}), InvalidArgument);
  EXPECT_THROW(hc::packet_schedule(2, {0, 1, 1, 3}), InvalidArgument);
  EXPECT_THROW(hc::run_steps(2, {0, 1, 2, 4}, good), InvalidArgument);
}

// The numbers docs/hypercube.md quotes for the base, recomputed here by brute force: the
// legal steps of the b-cube (permutations moving every vertex to itself or a neighbour) and
// the minimum number of steps of every permutation (breadth-first search), so b = 3 steps are
// needed and, as the model's schedules show above, enough.
TEST(HypercubePacket, BaseStepCountsByBreadthFirstSearch) {
  const std::vector<std::vector<int>> histogram = {{1, 1}, {1, 8, 15}, {1, 271, 13355, 26693}};
  const size_t legal[] = {2, 9, 272};
  for (int b = 1; b <= 3; ++b) {
    EXPECT_EQ(minforge::test::hypercube_legal_steps(b).size(), legal[b - 1]);
    const std::vector<int> dist = minforge::test::hypercube_step_distances(b);
    std::vector<int> h;
    for (int dd : dist) {
      ASSERT_GE(dd, 0);
      if (static_cast<int>(h.size()) <= dd) h.resize(dd + 1, 0);
      ++h[dd];
    }
    EXPECT_EQ(h, histogram[b - 1]) << b;
  }
}
