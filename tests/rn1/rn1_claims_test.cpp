// RN1 networks (paper 002): the chapter's fault-tolerance claims, exhaustively from the
// wiring (algo/rn1/rn1_claims.hpp) and simulated on the cycle model
// (twin/rn1/rn1_experiments.hpp); the baselines of Figs. 20.3 and 20.4; `rn1 claims`.
#include "minforge/algo/rn1/rn1_claims.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "../common/cli_run.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"

namespace minforge::rn1 {
namespace {

const std::vector<Topology> kMultipath = {Topology::kFig20_7, Topology::kFig20_4,
                                          Topology::kFig20_9, Topology::kRn1_64};

TEST(Rn1Baselines, Fig20_3IsAUniquePathButterflyOf2x2Crossbars) {
  const NetSpec& s = net_spec(Topology::kFig20_3);
  EXPECT_EQ(s.endpoint_ports, 1);
  EXPECT_EQ(s.routers.size(), 32u);
  for (const RouterSpec& r : s.routers) {
    EXPECT_EQ(r.inputs, 2);
    EXPECT_EQ(r.radix, 2);
    EXPECT_EQ(r.dilation, 1);
  }
  const FaultSet none = FaultSet::none(s);
  std::vector<int> per_stage;
  for (int a = 0; a < 16; ++a) {
    for (int b = 0; b < 16; ++b) {
      EXPECT_EQ(pair_paths(s, none, a, b, &per_stage), 1) << a << "->" << b;
      for (int w : per_stage) EXPECT_EQ(w, 1);
    }
  }
}

TEST(Rn1Baselines, Fig20_4PairsShareFourEndpointsAndKeepFullExpansion) {
  const NetSpec& s = net_spec(Topology::kFig20_4);
  std::map<std::set<int>, int> share;  // first-stage router pair -> endpoints on both
  for (int e = 0; e < 16; ++e) {
    std::set<int> f;
    for (const LinkSpec& l : s.links)
      if (l.src.endpoint && l.src.node == e) f.insert(l.dst.node);
    ASSERT_EQ(f.size(), 2u);
    ++share[f];
  }
  EXPECT_EQ(share.size(), 4u);  // "one of the four sets of pairs"
  for (const auto& [pair, n] : share) EXPECT_EQ(n, 4);
  const PathExpansion pe = path_expansion(s);
  EXPECT_EQ(pe.per_stage_min, (std::vector<int>{2, 4, 8, 4, 2}));
  EXPECT_EQ(pe.total_min, 16);
}

TEST(Rn1Claims, NoSingleCriticalComponentExceptInTheBaselines) {
  for (Topology t : kMultipath) {
    const SingleFaultSummary sf = single_faults(net_spec(t));
    EXPECT_EQ(sf.sites, static_cast<long>(net_spec(t).routers.size() + net_spec(t).links.size()));
    EXPECT_EQ(sf.critical, 0) << topology_name(t);
  }
  // Fig. 20.3: every component is critical ("some input will be isolated from some output").
  const SingleFaultSummary u = single_faults(net_spec(Topology::kFig20_3));
  EXPECT_EQ(u.sites, 112);
  EXPECT_EQ(u.critical, 112);
  EXPECT_EQ(u.max_isolated, 2);  // a first- or last-stage crossbar serves two endpoints
  // Dilated last stage: exactly its 8 routers are critical.
  const SingleFaultSummary d = single_faults(net_spec(Topology::kFig20_7D));
  EXPECT_EQ(d.critical, 8);
  for (const Site& x : d.critical_sites) {
    EXPECT_TRUE(x.router);
    EXPECT_EQ(net_spec(Topology::kFig20_7D).routers[static_cast<size_t>(x.index)].stage, 4);
  }
}

TEST(Rn1Claims, NFailuresIsolateAnEndpointAndMOverDWithADilatedLastStage) {
  for (Topology t : kMultipath) {
    const MinCut mc = min_isolating_set(net_spec(t), 2);
    EXPECT_EQ(mc.size, 2) << topology_name(t);  // n = 2
    EXPECT_FALSE(mc.isolated.empty());
  }
  EXPECT_EQ(min_isolating_set(net_spec(Topology::kFig20_3), 2).size, 1);  // n = 1
  const MinCut d = min_isolating_set(net_spec(Topology::kFig20_7D), 2);
  EXPECT_EQ(d.size, 1);  // m / d = 2 / 2
  EXPECT_EQ(d.isolated.size(), 2u);
}

TEST(Rn1Claims, FirstStageIsolationCountsOfFigs20_4And20_5) {
  const auto ne = first_stage_isolation(net_spec(Topology::kFig20_4), 4);
  const auto ex = first_stage_isolation(net_spec(Topology::kFig20_7), 4);
  ASSERT_EQ(ne.size(), 5u);
  // Non-expansive: two failures cut off four endpoints, but only as one of four pairs.
  EXPECT_EQ(ne[1].max_isolated, 0);
  EXPECT_EQ(ne[2].sets, 28);
  EXPECT_EQ(ne[2].isolating_sets, 4);
  EXPECT_EQ(ne[2].max_isolated, 4);
  // Expansive: any two isolate at most one, any three at most two; 16 of 28 pairs isolate.
  EXPECT_EQ(ex[2].max_isolated, 1);
  EXPECT_EQ(ex[2].isolating_sets, 16);
  EXPECT_EQ(ex[3].max_isolated, 2);
  EXPECT_EQ(ne[3].isolating_sets, 24);
  EXPECT_EQ(ex[3].isolating_sets, 48);
  // "as many as half of the routing components ... without severing any endpoints".
  EXPECT_EQ(first_stage_survivable(net_spec(Topology::kFig20_4)), 4);
  EXPECT_EQ(first_stage_survivable(net_spec(Topology::kFig20_7)), 4);
  // rn1-64 keeps the expansive property with 16 first-stage routers.
  const auto big = first_stage_isolation(net_spec(Topology::kRn1_64), 3);
  EXPECT_EQ(big[2].max_isolated, 1);
  EXPECT_EQ(big[3].max_isolated, 2);
}

TEST(Rn1Claims, FirstStageShortcutAgreesWithReachability) {
  for (Topology t : {Topology::kFig20_7, Topology::kFig20_4, Topology::kFig20_9}) {
    const NetSpec& s = net_spec(t);
    std::vector<int> fs;
    for (int r = 0; r < static_cast<int>(s.routers.size()); ++r)
      if (s.routers[static_cast<size_t>(r)].stage == 1) fs.push_back(r);
    const int n = static_cast<int>(fs.size());
    for (int mask = 0; mask < (1 << n); ++mask) {  // every subset
      std::vector<uint8_t> dead(s.routers.size(), 0);
      std::vector<Site> sites;
      for (int k = 0; k < n; ++k)
        if ((mask >> k) & 1) {
          dead[static_cast<size_t>(fs[static_cast<size_t>(k)])] = 1;
          sites.push_back({true, fs[static_cast<size_t>(k)]});
        }
      EXPECT_EQ(first_stage_cut(s, dead),
                static_cast<int>(isolated_endpoints(s, dead_sites(s, sites)).size()))
          << s.name << " mask " << mask;
    }
  }
}

TEST(Rn1Claims, ExactAttemptsFollowThePathExpansion) {
  // A dead link into stage s is met with probability 1 / p(s) (Table 20.1: 2 4 8 4 2).
  for (Topology t :
       {Topology::kFig20_7, Topology::kFig20_4, Topology::kFig20_9, Topology::kRn1_64}) {
    const NetSpec& s = net_spec(t);
    const PathExpansion pe = path_expansion(s);
    for (const StageAttempts& r : expected_attempts_by_stage(s)) {
      if (r.routers && r.stage == 1) {
        EXPECT_DOUBLE_EQ(r.mean_attempts, 2.0) << s.name;  // section 20.8.2
        EXPECT_DOUBLE_EQ(r.max_attempts, 2.0);
      }
      if (!r.routers) {
        const double p = pe.per_stage_min[static_cast<size_t>(r.stage - 1)];
        EXPECT_NEAR(r.mean_attempts, p / (p - 1), 1e-12) << s.name << " stage " << r.stage;
        EXPECT_NEAR(r.max_attempts, p / (p - 1), 1e-12);
      }
      EXPECT_EQ(r.disconnected_pairs, 0);
    }
  }
  // Per pair: every (component, pair) value agrees with the stage table.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b)
      if (a != b) {
        const double e = expected_attempts(s, Site{true, 0}, a, b);
        EXPECT_TRUE(e == 1.0 || e == 2.0) << e;
      }
}

TEST(Rn1Claims, EverySingleDeadComponentDeliversEveryMessageExactlyOnce) {
  for (Topology t : {Topology::kFig20_9, Topology::kFig20_7}) {
    const twin::SingleFaultSweep sw = twin::single_fault_sweep(t, false, 1);
    EXPECT_EQ(sw.cases, static_cast<long>(net_spec(t).routers.size() + net_spec(t).links.size()));
    EXPECT_EQ(sw.failed, 0) << (sw.failures.empty() ? "" : sw.failures.front());
    EXPECT_GT(sw.sent, 100 * sw.cases);
    EXPECT_EQ(sw.delivered, sw.sent);
    EXPECT_EQ(sw.duplicates, 0);
    EXPECT_EQ(sw.corrupt, 0);
  }
}

TEST(Rn1Claims, EveryStuckWireOfFig20_9DeliversExactlyOnce) {
  // Every link, both directions, one data bit per link (bit = link mod 8, value = bit 3 of
  // the link number): the full 32-variant sweep is `minforge rn1 claims --stuck`.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  twin::RunConfig c;
  c.topology = Topology::kFig20_9;
  c.traffic = twin::Traffic::kAllToAll;
  c.load = 1.0;
  c.cycles = 14 * 15;
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    for (int dir = 0; dir < 2; ++dir) {
      FaultSet f = FaultSet::none(s);
      f.links[static_cast<size_t>(l)] = {false, true, dir == 1, l % 8, ((l >> 3) & 1) != 0};
      c.seed = static_cast<uint64_t>(2 * l + dir + 1);
      const twin::RunStats st = twin::run_model(c, f);
      EXPECT_EQ(st.delivered, st.sent) << "link " << l << " dir " << dir;
      EXPECT_EQ(st.duplicates + st.corrupt + st.unfinished + st.lost, 0) << "link " << l;
    }
  }
}

TEST(Rn1Claims, MeasuredAttemptsByStageNearTheExactValues) {
  const auto rows = twin::attempts_by_stage(Topology::kFig20_9, 4, 0.05, 6000, 1);
  ASSERT_EQ(rows.size(), 5u);  // routers of stages 1-2, links into stages 1-3
  for (const auto& r : rows) {
    EXPECT_GT(r.messages, 100);
    // Measured is a little above exact (light contention, LFSR correlation): within 0.5.
    EXPECT_GT(r.measured, r.expected - 0.15);
    EXPECT_LT(r.measured, r.expected + 0.5);
  }
  EXPECT_NEAR(rows[0].measured, 2.0, 0.25);  // a dead first-stage router: two attempts
}

TEST(Rn1Claims, MultipathBeatsTheUniquePathBaselineAboveLightLoad) {
  const std::vector<double> loads = {0.1, 0.3, 0.6};
  const auto u = twin::throughput_curve(Topology::kFig20_3, loads, 2000, 0, 3);
  const auto m = twin::throughput_curve(Topology::kFig20_7, loads, 2000, 0, 3);
  EXPECT_NEAR(u[0].throughput, m[0].throughput, 0.02);  // light load: both carry it
  EXPECT_GT(m[1].throughput, u[1].throughput);
  EXPECT_GT(m[2].throughput, u[2].throughput);
  EXPECT_LT(m[2].mean_attempts, u[2].mean_attempts);
}

TEST(Rn1ClaimsCli, StaticClaimsHoldAndJsonHasEveryKey) {
  const auto r = test::run_cli("rn1 claims --static --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(test::json_keys(j), (std::set<std::string>{"networks", "claims"}));
  EXPECT_EQ(j["networks"].size(), 5u);
  std::set<std::string> ids;
  for (const auto& c : j["claims"]) {
    EXPECT_TRUE(c["holds"].get<bool>()) << c.dump();
    ids.insert(c["id"]);
  }
  EXPECT_EQ(ids, (std::set<std::string>{
                     "no_single_critical", "n_failures_isolate", "unique_path_critical", "m_over_d",
                     "nonexpansive_two_cut_four", "expansive_two_at_most_one",
                     "half_without_severing", "first_stage_two_attempts", "inside_fewer_retries"}));
  const auto t = test::run_cli("rn1 claims --static --topology fig20.9");
  ASSERT_EQ(t.rc, 0);
  EXPECT_NE(t.out.find("[holds] no_single_critical"), std::string::npos) << t.out;
}

TEST(Rn1ClaimsCli, SimulatedClaimsOnFig20_9AndBadInput) {
  const auto r = test::run_cli("rn1 claims --topology fig20.9 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& n = j["networks"][0];
  EXPECT_EQ(n["sim_single_faults"]["failed"], 0);
  EXPECT_EQ(n["sim_single_faults"]["cases"], 104);
  EXPECT_EQ(n["throughput"].size(), 8u);
  test::expect_cli_error("rn1 claims --topology fig20.8", "unknown topology");
  test::expect_cli_error("rn1 claims --static --stuck", "--stuck");
  test::expect_cli_error("rn1 claims --seed -1", "--seed");
  test::expect_cli_error("rn1 claims --bogus");
  test::expect_cli_error("rn1 net --topology fig20.7-d2last --traffic uniform --rtl", "model-only");
  test::expect_cli_error("rn1 verilog --topology fig20.7-d2last", "fig20.7-d2last");
}

}  // namespace
}  // namespace minforge::rn1
