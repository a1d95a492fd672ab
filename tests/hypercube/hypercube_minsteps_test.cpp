// The fewest packet-switched steps of a hypercube permutation (hypercube_minsteps.hpp): the
// SAT answer against breadth-first search over the 3-cube's step graph, the distance bound and
// Corollary 3.5's 2d - 3 on the 4- and 5-cube, the committed hardest 4-cube permutations
// (docs/research/), and the CLI verb.
#include "minforge/algo/hypercube/hypercube_minsteps.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "hypercube/step_bfs.hpp"
#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace hc = minforge::hypercube;
using minforge::test::run_cli;

// Every 3-cube permutation whose minimum exceeds its distance bound (the ones a wrong
// encoding would get wrong first), and every 40th of the others: the solver's minimum equals
// the breadth-first distance, and one step fewer is unsatisfiable.
TEST(HypercubeMinSteps, SatEqualsBreadthFirstSearchOn3Cube) {
  const std::vector<int> dist = minforge::test::hypercube_step_distances(3);
  hc::Perm pi(8);
  int checked = 0, above = 0;
  for (uint32_t r = 0; r < 40320; ++r) {
    hc::base::perm_unrank(r, 8, pi.data());
    const bool is_above = dist[r] > hc::step_lower_bound(3, pi);
    if (!is_above && r % 40) continue;
    above += is_above;
    ++checked;
    const hc::MinSteps m = hc::min_steps(3, pi);
    ASSERT_TRUE(m.exact);
    ASSERT_EQ(m.upper, dist[r]) << "rank " << r;
    ASSERT_EQ(m.schedule.moves.size(), size_t(dist[r]));
    // the solver itself at the BFS distance (min_steps leaves 3 = 2d - 3 to Corollary 3.5)
    ASSERT_EQ(hc::route_in_steps(3, pi, dist[r]).verdict, hc::StepVerdict::Sat) << "rank " << r;
    if (dist[r] > 0) {
      ASSERT_EQ(hc::route_in_steps(3, pi, dist[r] - 1).verdict, hc::StepVerdict::Unsat);
    }
  }
  EXPECT_GT(above, 0);
  EXPECT_GT(checked, 1000);
}

// The 4- and 5-cube: never more than 2d - 3 steps, never fewer than the distance bound; the
// complement needs exactly d.
TEST(HypercubeMinSteps, BetweenDistanceBoundAndCorollary) {
  for (int d : {4, 5}) {
    for (uint64_t seed = 1; seed <= (d == 4 ? 40u : 6u); ++seed) {
      const hc::Perm pi = hc::make_perm(d, "random", seed);
      const hc::MinSteps m = hc::min_steps(d, pi);
      ASSERT_TRUE(m.exact);
      EXPECT_GE(m.upper, hc::step_lower_bound(d, pi));
      EXPECT_LE(m.upper, 2 * d - 3);
      EXPECT_TRUE(hc::run_steps(d, pi, m.schedule).ok);
    }
    const hc::MinSteps c = hc::min_steps(d, hc::make_perm(d, "complement"));
    EXPECT_EQ(c.upper, d);
    EXPECT_TRUE(c.exact);
  }
}

// Conjugation by a cube automorphism keeps the step count; the canonical form is shared.
TEST(HypercubeMinSteps, ConjugatesNeedEqualSteps) {
  const hc::Perm pi = hc::make_perm(4, "random", 7);
  hc::Perm c(16);
  for (uint32_t v = 0; v < 16; ++v) {  // a(v) = rotate bits left by one, xor 5
    auto a = [](uint32_t x) { return (((x << 1) | (x >> 3)) & 15u) ^ 5u; };
    c[a(v)] = a(pi[v]);
  }
  EXPECT_EQ(hc::canonical_conjugate(4, pi), hc::canonical_conjugate(4, c));
  EXPECT_EQ(hc::min_steps(4, pi).upper, hc::min_steps(4, c).upper);
}

// The committed hardest 4-cube permutations (docs/research/hypercube_d4_hardest.txt: one per
// line, "steps : destinations") need exactly the recorded steps.
TEST(HypercubeMinSteps, CommittedHardestPermutations) {
  std::ifstream in(std::string(MINFORGE_SOURCE_DIR) + "/docs/research/hypercube_d4_hardest.txt");
  ASSERT_TRUE(in) << "missing docs/research/hypercube_d4_hardest.txt";
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(':');
    ASSERT_NE(colon, std::string::npos) << line;
    const int steps = std::stoi(line.substr(0, colon));
    const hc::Perm pi = hc::parse_perm(line.substr(colon + 1), 4);
    const hc::MinSteps m = hc::min_steps(4, pi);
    EXPECT_TRUE(m.exact);
    EXPECT_EQ(m.upper, steps) << line;
    EXPECT_GT(m.upper, hc::step_lower_bound(4, pi)) << line;
    ++n;
  }
  EXPECT_GT(n, 0);
}

TEST(HypercubeMinSteps, Cli) {
  auto r = run_cli("hypercube minsteps --dim 4 --class bit-reversal --schedule --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["min_steps"], 4);
  EXPECT_EQ(j["lower_bound"], 4);
  EXPECT_EQ(j["exact"], true);
  EXPECT_EQ(j["corollary_steps"], 5);
  const hc::Schedule s{4, j["moves"].get<std::vector<std::vector<uint32_t>>>()};
  EXPECT_TRUE(hc::run_steps(4, hc::make_perm(4, "bit-reversal"), s).ok);
  r = run_cli("hypercube minsteps --dim 3 --sample 20 --seed 3 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unknown"], 0);
  EXPECT_LE(j["worst"]["steps"].get<int>(), 3);
  for (const char* bad : {"hypercube minsteps --dim 4 --class complement --climb 3",
                          "hypercube minsteps --dim 9 --class complement",
                          "hypercube minsteps --dim 4 --sample 3 --class complement",
                          "hypercube minsteps --dim 4 --class complement --timeout 0"}) {
    r = run_cli(bad);
    EXPECT_EQ(r.rc, 2) << bad;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad;
  }
}
