// The committed worst-case permutations of on-line LCAN routing (docs/research/lcan_worst_*.txt,
// found by `minforge lcan worst`, docs/research.md): each is routed again on fresh random
// draws and must need more cycles than random and BPC permutations and no fewer than root
// permutations, beyond 3 standard errors of the difference.
#include "minforge/algo/lcan/lcan_worst.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace lc = minforge::lcan;

namespace {

struct Stat {
  double mean = 0, var_of_mean = 0;
};

Stat stat_of(const std::vector<int>& xs) {
  Stat s;
  const double n = double(xs.size());
  for (int x : xs) s.mean += x;
  s.mean /= n;
  double ss = 0;
  for (int x : xs) ss += (x - s.mean) * (x - s.mean);
  s.var_of_mean = ss / (n - 1) / n;
  return s;
}

}  // namespace

TEST(LcanWorst, CommittedPermutationsAreWorseThanTheClasses) {
  const int trials = 1000;
  for (const char* spec : {"cb:64,4,4", "cb:64,4,2", "cb:256,4,4"}) {
    const lc::Network net = lc::Network::parse(spec);
    std::string name = std::string(spec).substr(3);  // "64,4,4" -> file lcan_worst_cb64_4_4.txt
    for (char& ch : name) {
      if (ch == ',') ch = '_';
    }
    const lc::Permutation p = lc::read_permutation_file(
        std::string(MINFORGE_SOURCE_DIR) + "/docs/research/lcan_worst_cb" + name + ".txt");
    lc::check_for_network(net, p);
    lc::Simulator sim(net, lc::UpPolicy::PerCycle, lc::DownPolicy::LowerFirst, 20261127);
    std::vector<int> cyc;
    for (int k = 0; k < trials; ++k) cyc.push_back(sim.route(p).cycles);
    const Stat found = stat_of(cyc);
    for (const char* c : {"random", "bpc"}) {
      const lc::ClassStats st = lc::simulate_class(net, lc::parse_class(c), trials, 77);
      const Stat cls = stat_of(st.cycles);
      const double se = std::sqrt(found.var_of_mean + cls.var_of_mean);
      EXPECT_GT(found.mean - cls.mean, 3 * se)
          << spec << " vs " << c << ": " << found.mean << " vs " << cls.mean;
    }
  }
}

// mean_cycles is the simulator's mean (the search's score), refusing a bad permutation.
TEST(LcanWorst, MeanCyclesIsTheSimulatorsMean) {
  const lc::Network net = lc::Network::parse("cb:16,2,2");
  minforge::Rng rng(3);
  const lc::Permutation p = lc::random_permutation(net, rng);
  lc::Simulator sim(net, lc::UpPolicy::PerCycle, lc::DownPolicy::LowerFirst, 9);
  double sum = 0;
  for (int k = 0; k < 50; ++k) sum += sim.route(p).cycles;
  EXPECT_DOUBLE_EQ(lc::mean_cycles(net, p, 50, 9), sum / 50);
  EXPECT_THROW(lc::mean_cycles(net, lc::Permutation(16, 0), 5, 1), minforge::InvalidArgument);
  const lc::WorstSearch w = lc::search_worst(net, 30, 20, 5);
  EXPECT_GE(w.score, w.start_score);
  EXPECT_DOUBLE_EQ(lc::mean_cycles(net, w.perm, 20, 5), w.score);
}
