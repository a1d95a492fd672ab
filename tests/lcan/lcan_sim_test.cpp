// LCAN on-line permutation routing (paper 003, section 3): termination, wire exclusivity
// (checked by the simulator itself and again here, independently, from the circuits it
// reports), the three upward and three downward policies, and the analytic model of root
// permutations against hand computations.
#include "minforge/algo/lcan/lcan_sim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_experiments.hpp"

namespace {

using minforge::InvalidArgument;
using minforge::Rng;
using namespace minforge::lcan;

const UpPolicy kUp[] = {UpPolicy::PerCycle, UpPolicy::PerPermutation, UpPolicy::Fixed};
const DownPolicy kDown[] = {DownPolicy::Random, DownPolicy::LowerFirst, DownPolicy::HigherFirst};

// Independent check of one cycle's circuits: each one starts at its source, follows the wires
// hop by hop (up only, then down only, turning at the pair's LCA level), ends at its
// destination; no directed link (a connector in one direction) is used twice.
void check_circuits(const Network& net, const std::vector<Circuit>& cs) {
  std::set<std::tuple<int, int, int, int>> used;  // (kind, level, switch, port)
  auto take = [&](int kind, int level, int sw, int port) {
    EXPECT_TRUE(used.insert({kind, level, sw, port}).second)
        << "link used twice: kind " << kind << " level " << level << " switch " << sw << " port "
        << port;
  };
  for (const Circuit& c : cs) {
    ASSERT_FALSE(c.hops.empty());
    const int L = net.lca_level(c.src, c.dst);
    take(0, -1, c.src, 0);  // the source PE's upward link
    End at = net.attach(c.src);
    EXPECT_EQ(c.hops[0].level, 0);
    EXPECT_EQ(c.hops[0].sw, at.sw);
    EXPECT_EQ(c.hops[0].in, (PortRef{PortRef::Down, at.port}));
    ASSERT_EQ(static_cast<int>(c.hops.size()), 2 * L + 1);
    for (size_t h = 0; h < c.hops.size(); ++h) {
      const Hop& hop = c.hops[h];
      const bool going_up = static_cast<int>(h) < L;
      EXPECT_EQ(hop.level, going_up ? static_cast<int>(h) : 2 * L - static_cast<int>(h));
      EXPECT_EQ(hop.out.side, going_up ? PortRef::Up : PortRef::Down);
      End next;
      if (hop.out.side == PortRef::Up) {
        take(1, hop.level, hop.sw, hop.out.index);
        next = net.up(hop.level, hop.sw, hop.out.index);
      } else {
        take(2, hop.level, hop.sw, hop.out.index);
        next = net.down(hop.level, hop.sw, hop.out.index);
      }
      if (h + 1 < c.hops.size()) {
        EXPECT_EQ(c.hops[h + 1].sw, next.sw);
        EXPECT_EQ(c.hops[h + 1].in.index, next.port);
      } else {
        EXPECT_EQ(hop.level, 0);
        EXPECT_EQ(next.sw, c.dst);  // the destination PE
      }
    }
  }
}

std::vector<Network> sim_networks() {
  return {Network::cb(4, 2, 2),
          Network::cb(16, 2, 2),
          Network::cb(64, 2, 2),
          Network::cb(27, 3, 2),
          Network::cb(81, 3, 3),
          Network::cb(64, 4, 4),
          Network::cb(64, 4, 2),
          Network::cb(64, 4, 1),
          Network::cb(64, 8, 3),
          Network::cb(16, 2, 3),
          Network::cb(32, 2, 4),
          Network::cb(256, 16, 16),
          Network::t(16, 4, 2),
          Network::t(64, 4, 2),
          Network::t(54, 6, 2),
          Network::cm5(256),
          Network::cb(81, 3, 2, 2),
          Network::t(64, 4, 2, 3),
          Network::t_levels({{2, 1}, {2, 2}, {4, 4}, {8, 8}})};
}

// Thousands of permutations: every policy pair on every network, every class it admits; the
// simulator's own check runs on every cycle, the circuits of every cycle are checked again here
// for a share of them.
TEST(LcanSim, EveryPairRoutedOnceOverThousandsOfPermutations) {
  int perms = 0, checked_cycles = 0;
  Rng rng(2024);
  for (const Network& net : sim_networks()) {
    SCOPED_TRACE(net.name());
    for (UpPolicy up : kUp)
      for (DownPolicy down : kDown) {
        Simulator sim(net, up, down, rng.next());
        for (int k = 0; k < 18; ++k) {
          const PermClass cls = k % 3 == 0   ? PermClass::Root
                                : k % 3 == 1 ? PermClass::Random
                                             : PermClass::Bpc;
          if (cls == PermClass::Bpc && !minforge::is_pow2(net.part_size())) continue;
          Permutation p = generate(net, cls, rng);
          std::vector<CycleTrace> trace;
          RouteResult r = sim.route(p, k < 4 ? &trace : nullptr);
          ++perms;
          int sum = 0;
          for (int x : r.routed) {
            EXPECT_GT(x, 0);  // every cycle routes a pair: termination
            sum += x;
          }
          EXPECT_EQ(sum, net.N());
          EXPECT_EQ(static_cast<int>(r.routed.size()), r.cycles);
          int64_t links = 0;
          for (int s = 0; s < net.N(); ++s) {
            EXPECT_GE(r.cycle_of[s], 1);
            EXPECT_LE(r.cycle_of[s], r.cycles);
            links += 2 * net.lca_level(s, p[s]) + 2;
          }
          EXPECT_EQ(r.links_checked, links);  // the simulator walked every circuit
          if (k < 4) {
            ASSERT_EQ(static_cast<int>(trace.size()), r.cycles);
            std::set<int> seen;
            for (int c = 0; c < r.cycles; ++c) {
              EXPECT_EQ(static_cast<int>(trace[c].circuits.size()), r.routed[c]);
              check_circuits(net, trace[c].circuits);
              for (const Circuit& ci : trace[c].circuits) {
                EXPECT_TRUE(seen.insert(ci.src).second);
                EXPECT_EQ(ci.dst, p[ci.src]);
                EXPECT_EQ(r.cycle_of[ci.src], c + 1);
              }
              ++checked_cycles;
            }
          }
        }
      }
  }
  EXPECT_GT(perms, 2500);
  EXPECT_GT(checked_cycles, 1000);
}

TEST(LcanSim, LargeNetworksTerminateAndStayExclusive) {
  Rng rng(7);
  for (const char* spec : {"cb:4096,2,2", "cb:4096,64,64", "cb:4096,64,16", "cb:4096,4,4"}) {
    Network net = Network::parse(spec);
    Simulator sim(net, UpPolicy::PerCycle, DownPolicy::LowerFirst, 1);
    for (PermClass c : {PermClass::Root, PermClass::Random}) {
      std::vector<CycleTrace> trace;
      RouteResult r = sim.route(generate(net, c, rng), &trace, 1);
      check_circuits(net, trace[0].circuits);
      EXPECT_GE(r.cycles, 2);
    }
  }
}

// d <= u: no pair ever waits for an upper.  d > u: a switch passes min(requests, u) pairs up:
// in the first cycle of a root permutation on CB-LCAN(16, 4, 2) each of the 4 level-0 switches
// has 4 requests and 2 uppers, so 8 pairs are dropped on the way up.
TEST(LcanSim, UpwardConcentration) {
  Rng rng(9);
  for (const char* spec : {"cb:64,4,4", "cb:32,2,4", "cb:81,3,3"}) {
    Network net = Network::parse(spec);
    for (UpPolicy up : kUp) {
      Simulator sim(net, up, DownPolicy::Random, 3);
      for (int k = 0; k < 20; ++k) {
        std::vector<CycleTrace> trace;
        sim.route(generate(net, PermClass::Random, rng), &trace);
        for (const auto& t : trace) EXPECT_EQ(t.up_drops, 0) << net.name();
      }
    }
  }
  Network net = Network::cb(16, 4, 2);
  for (UpPolicy up : kUp) {
    Simulator sim(net, up, DownPolicy::Random, 5);
    for (int k = 0; k < 20; ++k) {
      std::vector<CycleTrace> trace;
      sim.route(random_root(net, rng), &trace);
      EXPECT_EQ(trace[0].up_drops, 8);
      EXPECT_EQ(static_cast<int>(trace[0].circuits.size()) + 8 +
                    static_cast<int>(trace[0].down_losses.size()),
                16);
    }
  }
}

// The upward settings (d <= u, where the setting is a fixed injection): per permutation they
// are the same in every cycle of a permutation; fixed ones are the same across permutations;
// per-cycle ones change.
TEST(LcanSim, UpwardPoliciesDrawSettingsWhenTheyShould) {
  Network net = Network::cb(64, 4, 4);
  Rng rng(13);
  // (level, switch, in downer) -> upper, over the circuits of a trace.
  auto settings = [](const std::vector<CycleTrace>& trace, int from, int to) {
    std::map<std::tuple<int, int, int>, std::set<int>> m;
    for (int c = from; c < to && c < static_cast<int>(trace.size()); ++c)
      for (const Circuit& ci : trace[c].circuits)
        for (const Hop& h : ci.hops)
          if (h.out.side == PortRef::Up) m[{h.level, h.sw, h.in.index}].insert(h.out.index);
    return m;
  };
  auto consistent = [](const auto& m) {
    for (const auto& [k, v] : m)
      if (v.size() != 1) return false;
    return true;
  };
  for (UpPolicy up : kUp) {
    Simulator sim(net, up, DownPolicy::Random, 21);
    std::vector<CycleTrace> a, b;
    sim.route(random_root(net, rng), &a);
    sim.route(random_root(net, rng), &b);
    auto within = settings(a, 0, 100);
    std::vector<CycleTrace> both = a;
    both.insert(both.end(), b.begin(), b.end());
    auto across = settings(both, 0, 1000);
    if (up == UpPolicy::PerCycle) {
      EXPECT_FALSE(consistent(within));
    } else if (up == UpPolicy::PerPermutation) {
      EXPECT_TRUE(consistent(within));
      EXPECT_FALSE(consistent(across));
    } else {
      EXPECT_TRUE(consistent(across));
    }
  }
  // The same seed gives the same routing.
  Permutation p = random_root(net, rng);
  for (UpPolicy up : kUp) {
    Simulator s1(net, up, DownPolicy::Random, 77), s2(net, up, DownPolicy::Random, 77);
    EXPECT_EQ(s1.route(p).cycle_of, s2.route(p).cycle_of);
  }
}

// Downward contention: the loser of a downer never has a lower (LowerFirst) or higher
// (HigherFirst) LCA level than the winner; with Random both happen.
TEST(LcanSim, DownwardPoliciesRankByLcaLevel) {
  Rng rng(17);
  for (const char* spec : {"cb:64,2,2", "cb:81,3,3", "t:64,4,2", "cb:64,4,2"}) {
    Network net = Network::parse(spec);
    for (DownPolicy down : kDown) {
      Simulator sim(net, UpPolicy::PerCycle, down, 4);
      int lower_won = 0, higher_won = 0;
      for (int k = 0; k < 60; ++k) {
        std::vector<CycleTrace> trace;
        sim.route(random_permutation(net, rng), &trace);
        for (const auto& t : trace)
          for (auto [w, l] : t.down_losses) {
            lower_won += w < l;
            higher_won += w > l;
          }
      }
      SCOPED_TRACE(net.name() + " " + down_policy_name(down));
      if (down == DownPolicy::LowerFirst) {
        EXPECT_EQ(higher_won, 0);
        EXPECT_GT(lower_won, 0);
      } else if (down == DownPolicy::HigherFirst) {
        EXPECT_EQ(lower_won, 0);
        EXPECT_GT(higher_won, 0);
      } else {
        EXPECT_GT(lower_won, 0);
        EXPECT_GT(higher_won, 0);
      }
    }
  }
}

TEST(LcanSim, PoliciesAndBadInput) {
  EXPECT_EQ(parse_up_policy("cycle"), UpPolicy::PerCycle);
  EXPECT_EQ(parse_up_policy("perm"), UpPolicy::PerPermutation);
  EXPECT_EQ(parse_up_policy("fixed"), UpPolicy::Fixed);
  EXPECT_EQ(parse_down_policy("random"), DownPolicy::Random);
  EXPECT_EQ(parse_down_policy("lower"), DownPolicy::LowerFirst);
  EXPECT_EQ(parse_down_policy("higher"), DownPolicy::HigherFirst);
  EXPECT_EQ(up_policy_name(UpPolicy::PerPermutation), "perm");
  EXPECT_EQ(down_policy_name(DownPolicy::HigherFirst), "higher");
  EXPECT_THROW(parse_up_policy("up"), InvalidArgument);
  EXPECT_THROW(parse_down_policy("low"), InvalidArgument);
  Network net = Network::cb(8, 2, 2);
  Simulator sim(net, UpPolicy::PerCycle, DownPolicy::LowerFirst, 1);
  EXPECT_THROW(sim.route({0, 1, 2}), InvalidArgument);
  EXPECT_THROW(sim.route({0, 1, 2, 3, 4, 5, 6, 6}), InvalidArgument);
  Network cut = Network::cb(8, 2, 2, 2);
  Simulator sc(cut, UpPolicy::PerCycle, DownPolicy::LowerFirst, 1);
  EXPECT_THROW(sc.route({4, 1, 2, 3, 0, 5, 6, 7}), InvalidArgument);  // crosses the parts
  EXPECT_THROW(simulate_class(net, PermClass::Root, 0, 1), InvalidArgument);
  EXPECT_THROW(simulate_class(Network::cb(27, 3, 2), PermClass::Bpc, 1, 1), InvalidArgument);
  // One level: everything turns in the level-0 switches, one cycle.
  Network one = Network::cb(8, 2, 2, 1);
  Simulator s1(one, UpPolicy::PerCycle, DownPolicy::LowerFirst, 1);
  EXPECT_EQ(s1.route({1, 0, 3, 2, 4, 5, 7, 6}).cycles, 1);
  // The identity turns in level 0: one cycle on any network.
  Network big = Network::cb(64, 4, 2);
  Simulator sb(big, UpPolicy::Fixed, DownPolicy::Random, 1);
  Permutation id(64);
  for (int s = 0; s < 64; ++s) id[s] = s;
  EXPECT_EQ(sb.route(id).cycles, 1);
}

TEST(LcanSim, ClassStatistics) {
  ClassStats st = simulate_class(Network::cb(64, 4, 4), PermClass::Root, 50, 3);
  EXPECT_EQ(st.network, "CB-LCAN(64,4,4)");
  EXPECT_EQ(st.trials, 50);
  ASSERT_EQ(st.cycles.size(), 50u);
  double sum = 0;
  for (int c : st.cycles) sum += c;
  EXPECT_DOUBLE_EQ(st.mean, sum / 50);
  double ss = 0;
  for (int c : st.cycles) ss += (c - st.mean) * (c - st.mean);
  EXPECT_NEAR(st.variance, ss / 49, 1e-12);
  EXPECT_EQ(st.min, *std::min_element(st.cycles.begin(), st.cycles.end()));
  EXPECT_EQ(st.max, *std::max_element(st.cycles.begin(), st.cycles.end()));
  EXPECT_LT(st.min, st.max);  // 50 root permutations do not all take the same number of cycles
  // The same seed, the same statistics.
  EXPECT_EQ(simulate_class(Network::cb(64, 4, 4), PermClass::Root, 50, 3).cycles, st.cycles);
}

// ---- the analytic model, against hand computations ---------------------------------------------

TEST(LcanAnalysis, Equation2) {
  EXPECT_DOUBLE_EQ(eq2(1.0, 2, 2), 0.75);           // 1 - (1/2)^2
  EXPECT_DOUBLE_EQ(eq2(0.25, 2, 2), 0.234375);      // 1 - (7/8)^2
  EXPECT_DOUBLE_EQ(eq2(1.0, 4, 4), 175.0 / 256.0);  // 1 - (3/4)^4
  EXPECT_DOUBLE_EQ(eq2(1.0, 4, 2), 7.0 / 16.0);     // 1 - (3/4)^2
  EXPECT_DOUBLE_EQ(eq2(0.0, 4, 2), 0.0);
}

void expect_prediction(const Prediction& pr, std::vector<double> x, double cycles) {
  ASSERT_EQ(pr.remaining.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(pr.remaining[i], x[i], 1e-12) << i;
  EXPECT_NEAR(pr.cycles, cycles, 1e-12);
  EXPECT_EQ(pr.routed.size() + 1, x.size());
  for (size_t i = 0; i + 1 < x.size(); ++i) EXPECT_NEAR(pr.routed[i], x[i] - x[i + 1], 1e-12);
}

TEST(LcanAnalysis, HandComputedPredictions) {
  // CB-LCAN(4, 2, 2), 2 levels.  Cycle 1: load 1, a downer of a top switch is wanted with
  // 1 - (1/2)^2 = 3/4, 4 links into level 0: 3 routed, x_1 = 1.  Cycle 2: load 1/4,
  // 1 - (7/8)^2 = 15/64, 4 * 15/64 = 0.9375 routed, x_2 = 0.0625 < 1: 2 + 0.0625 cycles.
  expect_prediction(predict_root(Network::cb(4, 2, 2)), {4, 1, 0.0625}, 2.0625);
  // CB-LCAN(8, 2, 2), 3 levels.  Cycle 1: 3/4, then 1 - (1 - 3/8)^2 = 39/64, 8 * 39/64 =
  // 4.875 routed, x_1 = 3.125.  Cycle 2: load 25/64: 1 - (1 - 25/128)^2 = 0.352478...,
  // 1 - (1 - 0.176239...)^2 = 0.321167..., 8 * that = 2.571342..., x_2 = 0.553657...
  expect_prediction(predict_root(Network::cb(8, 2, 2)), {8, 3.125, 0.5536573007702827},
                    2.5536573007702827);
  // CB-LCAN(16, 4, 2), d > u, 2 levels: 2 top switches with 8 downers, 8 links into level 0.
  // Cycles 1 and 2 at load 1 (x >= 8): a top downer used with 1 - (3/4)^4 = 175/256 (the top
  // switch sees its 4 downers' pairs), 8 * 175/256 = 5.46875 routed each; cycle 3 at load
  // 5.0625 / 8, cycle 4 at 1.0797 / 8.
  expect_prediction(predict_root(Network::cb(16, 4, 2)),
                    {16, 10.53125, 5.0625, 1.0796608702512458, 0.05342200618594956},
                    4.05342200618595);
  // The same with the printed equations read literally (exponent u, N p_0 routed): 1 - (3/4)^2
  // = 7/16, 16 * 7/16 = 7 routed per cycle at load 1.
  expect_prediction(predict_root(Network::cb(16, 4, 2), TopReading::Uppers), {16, 9, 2, 0.0625},
                    3.0625);
  // d = u: the two readings agree.
  EXPECT_DOUBLE_EQ(predict_root(Network::cb(81, 3, 3)).cycles,
                   predict_root(Network::cb(81, 3, 3), TopReading::Uppers).cycles);
  expect_prediction(predict_root(Network::cb(9, 3, 3)), {9, 2.6666666666666665, 0.2547037206387915},
                    2.2547037206387914);
  // TRAC, CB-LCAN(27, 3, 2): 4 top switches with 12 downers, 18 links into level 0.
  EXPECT_NEAR(predict_root(Network::cb(27, 3, 2)).cycles, 4.801453639883786, 1e-12);
  EXPECT_NEAR(predict_root(Network::cb(27, 3, 2)).remaining[1], 19.545953360768177, 1e-12);
  // One level: one cycle.
  EXPECT_DOUBLE_EQ(predict_root(Network::cb(8, 2, 2, 1)).cycles, 1.0);
  EXPECT_THROW(predict_root(Network::t(16, 4, 2)), InvalidArgument);
}

// ---- the experiments -------------------------------------------------------------------

TEST(LcanFigures, TheNetworksOfFigs5To7) {
  auto figs = paper_figures();
  ASSERT_EQ(figs.size(), 3u);
  std::vector<std::string> names;
  for (const auto& f : figs)
    for (const auto& p : f.points) names.push_back(f.id + " " + Network::parse(p.network).name());
  EXPECT_EQ(names,
            (std::vector<std::string>{
                "fig5 CB-LCAN(4096,64,64)", "fig5 CB-LCAN(4096,64,32)", "fig5 CB-LCAN(4096,64,16)",
                "fig5 CB-LCAN(4096,64,8)", "fig5 CB-LCAN(4096,64,4)", "fig6 CB-LCAN(4096,64,64)",
                "fig6 CB-LCAN(4096,16,16)", "fig6 CB-LCAN(4096,8,8)", "fig6 CB-LCAN(4096,4,4)",
                "fig6 CB-LCAN(4096,2,2)", "fig7 CB-LCAN(4,4,4)", "fig7 CB-LCAN(16,4,4)",
                "fig7 CB-LCAN(64,4,4)", "fig7 CB-LCAN(256,4,4)", "fig7 CB-LCAN(1024,4,4)",
                "fig7 CB-LCAN(4096,4,4)"}));
  // Fig. 6 goes from 2 to 12 levels, as the text says.
  EXPECT_EQ(Network::parse(figs[1].points.front().network).levels(), 2);
  EXPECT_EQ(Network::parse(figs[1].points.back().network).levels(), 12);
}

// The committed docs/lcan/fig7.csv is the model's output: its rows for N <= 256 are
// recomputed from their seeds (1000 permutations each) and must match to the printed digits.
TEST(LcanFigures, CommittedCsvRowsReproduce) {
  std::ifstream f(std::string(MINFORGE_SOURCE_DIR) + "/docs/lcan/fig7.csv");
  ASSERT_TRUE(f) << "docs/lcan/fig7.csv missing (make lcan-figures)";
  std::string line;
  std::getline(f, line);
  int checked = 0;
  while (std::getline(f, line)) {
    // figure,x,"network",N,d,u,levels,class,trials,seed,mean,variance,min,max,pred,lit,printed
    std::vector<std::string> c;
    std::string cell;
    bool quoted = false;
    for (char ch : line) {
      if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        c.push_back(cell);
        cell.clear();
      } else {
        cell += ch;
      }
    }
    c.push_back(cell);
    ASSERT_EQ(c.size(), 17u) << line;
    const int N = std::stoi(c[3]);
    if (N > 256) continue;
    Network net = Network::cb(N, std::stoi(c[4]), std::stoi(c[5]));
    EXPECT_EQ(net.name(), c[2]);
    ClassStats st = simulate_class(net, parse_class(c[7]), std::stoi(c[8]), std::stoull(c[9]));
    char mean[32], var[32];
    std::snprintf(mean, sizeof mean, "%.4f", st.mean);
    std::snprintf(var, sizeof var, "%.4f", st.variance);
    EXPECT_EQ(mean, c[10]) << line;
    EXPECT_EQ(var, c[11]) << line;
    EXPECT_EQ(std::to_string(st.min), c[12]);
    EXPECT_EQ(std::to_string(st.max), c[13]);
    if (c[7] == "root") {
      char pred[32];
      std::snprintf(pred, sizeof pred, "%.4f", predict_root(net).cycles);
      EXPECT_EQ(pred, c[14]);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

}  // namespace
