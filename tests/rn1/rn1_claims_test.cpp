// RN1 networks (paper 002): the chapter's fault-tolerance claims, exhaustively from the
// wiring (algo/rn1/rn1_claims.hpp) and simulated on the cycle model
// (twin/rn1/rn1_experiments.hpp); the baselines of Figs. 20.3 and 20.4; `rn1 claims`.
#include "minforge/algo/rn1/rn1_claims.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
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

// Every single dead router and every single dead link, one at a time, under all-to-all
// traffic: every message delivered exactly once.  fig20.9 ~1 s, fig20.7 ~2 s, fig20.4 ~2 s of
// CPU (the 16-endpoint multipath networks; fig20.3 and rn1-64 below).
void expect_every_single_fault_exactly_once(Topology t) {
  const twin::SingleFaultSweep sw = twin::single_fault_sweep(t, false, 1);
  EXPECT_EQ(sw.cases, static_cast<long>(net_spec(t).routers.size() + net_spec(t).links.size()));
  EXPECT_EQ(sw.failed, 0) << (sw.failures.empty() ? "" : sw.failures.front());
  EXPECT_GT(sw.sent, 100 * sw.cases);
  EXPECT_EQ(sw.delivered, sw.sent);
  EXPECT_EQ(sw.lost + sw.gave_up + sw.unfinished, 0);
  EXPECT_EQ(sw.duplicates, 0);
  EXPECT_EQ(sw.corrupt, 0);
}
TEST(Rn1Claims, EverySingleDeadComponentDeliversEveryMessageExactlyOnce) {
  expect_every_single_fault_exactly_once(Topology::kFig20_9);
  expect_every_single_fault_exactly_once(Topology::kFig20_7);
}
TEST(Rn1Claims, EverySingleDeadComponentOfFig20_4DeliversEveryMessageExactlyOnce) {
  expect_every_single_fault_exactly_once(Topology::kFig20_4);
}

// The unique-path fig20.3: every single fault disconnects pairs, so exactly once means every
// message between connected endpoints delivered once and every other one given up (never
// delivered, duplicated or corrupt).  With the default drain (50,000 cycles after generation)
// 10 of the 112 cases leave messages unfinished: each is a fault that leaves a source reaching
// no other endpoint (a first-stage router, or the link out of an endpoint), whose ~23 queued
// messages each take 64 attempts before it gives up.  With a 200,000-cycle drain every case
// finishes.  ~4 s of CPU for the sweep, ~3 s for the 10 cases again.
TEST(Rn1Claims, Fig20_3SingleFaultsDeliverOrGiveUpAndItsUnfinishedCasesAreCutOffSources) {
  const twin::SingleFaultSweep d = twin::single_fault_sweep(Topology::kFig20_3, false, 1);
  EXPECT_EQ(d.cases, 112);
  EXPECT_EQ(d.failed, 10);
  EXPECT_EQ(d.failed_unfinished_only, 10);
  EXPECT_EQ(d.failed_unfinished_source_cut_off, 10);
  EXPECT_EQ(d.lost_connected + d.duplicates + d.corrupt, 0);
  EXPECT_GT(d.unfinished, 0);
  const NetSpec& s = net_spec(Topology::kFig20_3);
  for (const std::string& f : d.failures) {  // first-stage routers, links out of endpoints
    const bool router = f.rfind("router ", 0) == 0;
    const auto k = static_cast<size_t>(std::stoi(f.substr(router ? 7 : 5)));
    if (router) {
      EXPECT_EQ(s.routers.at(k).stage, 1) << f;
    } else {
      EXPECT_TRUE(s.links.at(k).src.endpoint) << f;
    }
  }
  // The same 10 cases again (same seeds) with a 200,000-cycle drain: every message finishes,
  // delivered or given up for a disconnected pair.
  twin::RunConfig c;
  c.topology = Topology::kFig20_3;
  c.traffic = twin::Traffic::kAllToAll;
  c.load = 1.0;
  c.cycles = 14 * 15;
  c.drain_limit = 200000;
  const std::vector<Site> sites = all_sites(s);
  int rerun = 0;
  for (size_t k = 0; k < sites.size(); ++k) {
    if (std::find(d.failures.begin(), d.failures.end(), site_name(sites[k]) + " dead") ==
        d.failures.end())
      continue;
    c.seed = 1 * 7919ull + k;  // single_fault_sweep's seed of case k
    const twin::RunStats st = twin::run_model(c, dead_sites(s, {sites[k]}));
    ++rerun;
    EXPECT_EQ(st.unfinished, 0) << site_name(sites[k]);
    EXPECT_EQ(st.lost_connected + st.duplicates + st.corrupt, 0) << site_name(sites[k]);
    EXPECT_EQ(st.lost, st.gave_up);
    EXPECT_GT(st.lost, 0);
    EXPECT_EQ(st.delivered + st.lost, st.sent);
  }
  EXPECT_EQ(rerun, 10);
}

// rn1-64 (560 single faults, ~0.3 s each: the whole sweep is `minforge rn1 claims --topology
// rn1-64`, ~3 min): a sample of 21, the first, middle and last router of each stage and link
// of each stage, ~6 s of CPU.
TEST(Rn1Claims, SampledSingleDeadComponentsOfRn1_64DeliverEveryMessageExactlyOnce) {
  const NetSpec& s = net_spec(Topology::kRn1_64);
  std::map<int, std::vector<Site>> groups;  // routers: stage; links: 10 + stage they lead into
  for (const Site& x : all_sites(s)) {
    int g = 0;
    if (x.router) {
      g = s.routers[static_cast<size_t>(x.index)].stage;
    } else {
      const NodeRef& d = s.links[static_cast<size_t>(x.index)].dst;
      g = 10 + (d.endpoint ? s.stages + 1 : s.routers[static_cast<size_t>(d.node)].stage);
    }
    groups[g].push_back(x);
  }
  EXPECT_EQ(groups.size(), static_cast<size_t>(2 * s.stages + 1));
  twin::RunConfig c;
  c.topology = Topology::kRn1_64;
  c.traffic = twin::Traffic::kAllToAll;
  c.load = 1.0;
  c.cycles = 14 * 63;
  int cases = 0;
  for (const auto& [g, v] : groups) {
    for (size_t k : {size_t{0}, v.size() / 2, v.size() - 1}) {
      c.seed = static_cast<uint64_t>(1000 + cases++);
      const twin::RunStats st = twin::run_model(c, dead_sites(s, {v[k]}));
      EXPECT_GT(st.sent, 1000);
      EXPECT_EQ(st.delivered, st.sent) << site_name(v[k]);
      EXPECT_EQ(st.duplicates + st.corrupt + st.unfinished + st.lost + st.gave_up, 0)
          << site_name(v[k]);
    }
  }
  EXPECT_EQ(cases, 21);
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

TEST(Rn1Claims, MeasuredAttemptsByStageAtLeastTheExactValues) {
  const auto rows = twin::attempts_by_stage(Topology::kFig20_9, 4, 0.05, 6000, 1);
  ASSERT_EQ(rows.size(), 5u);  // routers of stages 1-2, links into stages 1-3
  for (const auto& r : rows) {
    EXPECT_GT(r.messages, 100);
    EXPECT_GT(r.variance, 0);
    // Contention and the LFSR's correlated choices only add attempts: the exact value (with
    // independent choices, no other traffic) never lies above the measured 95 % interval.
    const Interval m = mean_ci95(r.measured, r.variance, r.messages);
    EXPECT_LE(r.expected, m.hi) << r.stage << " " << r.routers;
  }
  // Only the first-stage routers: all 4, 24,000 cycles each.  "On average, two attempts"
  // (20.8.2) is measured false on the cycle model: the interval lies above 2.
  const auto f = twin::attempts_by_stage(Topology::kFig20_9, 1000, 0.05, 24000, 2, 0);
  EXPECT_EQ(f[0].components, 4);
  EXPECT_EQ(f[1].components, 0);
  EXPECT_DOUBLE_EQ(f[0].expected, 2.0);
  EXPECT_GT(f[0].messages, 3000);
  const Interval m = mean_ci95(f[0].measured, f[0].variance, f[0].messages);
  EXPECT_GT(m.lo, 2.0) << m.value;
}

TEST(Rn1Claims, ThroughputCurveMatchesTheRunAndHasAStandardError) {
  const auto p = twin::throughput_curve(Topology::kFig20_7, {0.3}, 1000, 0, 4);
  twin::RunConfig c;
  c.topology = Topology::kFig20_7;
  c.traffic = twin::Traffic::kUniform;
  c.load = 0.3;
  c.cycles = 1000;
  c.seed = 4;
  const twin::RunStats st = twin::run_model(c);
  EXPECT_DOUBLE_EQ(p[0].throughput, st.throughput);
  EXPECT_DOUBLE_EQ(p[0].mean_attempts, st.mean_attempts);
  // The spread over 16 sources of ~0.25 words/cycle each.
  EXPECT_GT(p[0].throughput_se, 0.001);
  EXPECT_LT(p[0].throughput_se, 0.05);
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

// The verdicts `rn1 claims` computes from every measured row against the table of expected
// verdicts beside the paper's words (claim_specs()): a claim measured false stays false.
void expect_verdicts_match_the_table(const nlohmann::json& claims) {
  for (const auto& c : claims) {
    const ClaimSpec& s = claim_spec(c["id"]);
    EXPECT_EQ(test::json_keys(c), (std::set<std::string>{"id", "network", "paper", "measured",
                                                         "verdict", "expected", "failing"}));
    EXPECT_EQ(c["verdict"], verdict_name(s.expected)) << c.dump();
    EXPECT_EQ(c["expected"], verdict_name(s.expected));
    EXPECT_EQ(c["paper"], s.paper);
    EXPECT_EQ(c["failing"].empty(), c["verdict"] == "holds") << c.dump();
  }
}

TEST(Rn1ClaimsCli, StaticVerdictsMatchTheTableAndJsonHasEveryKey) {
  const auto r = test::run_cli("rn1 claims --static --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(test::json_keys(j), (std::set<std::string>{"networks", "claims"}));
  EXPECT_EQ(j["networks"].size(), 5u);
  expect_verdicts_match_the_table(j["claims"]);
  std::set<std::string> ids;
  for (const auto& c : j["claims"]) ids.insert(c["id"]);
  std::set<std::string> all;
  for (const ClaimSpec& s : claim_specs())
    if (!s.simulated) all.insert(s.id);
  EXPECT_EQ(ids, all);
  // "Fewer retries further inside": the links hold, the routers do not (fig20.7: a dead
  // stage-3 router needs 2.000 attempts against 1.333 at stage 2; fig20.9 2.000 2.000).
  for (const auto& c : j["claims"]) {
    if (c["id"] != "inside_fewer_retries") continue;
    ASSERT_EQ(c["verdict"], "partly");
    for (const auto& f : c["failing"]) {
      EXPECT_NE(f.get<std::string>().find("dead router"), std::string::npos) << f;
    }
    if (c["network"] == "fig20.7") {
      ASSERT_EQ(c["failing"].size(), 1u);
      EXPECT_NE(c["failing"][0].get<std::string>().find("stage 3 vs 2: exact 2.000 vs 1.333"),
                std::string::npos);
    }
  }
  const auto t = test::run_cli("rn1 claims --static --topology fig20.9");
  ASSERT_EQ(t.rc, 0);
  EXPECT_NE(t.out.find("[holds] no_single_critical"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("[partly] inside_fewer_retries"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("      fails: fig20.9 dead router at stage 2 vs 1: exact 2.000 vs 2.000"),
            std::string::npos)
      << t.out;
}

// The default run (the five 16-endpoint networks simulated), ~14 s of CPU: every verdict as
// in the table, the simulated claims included; fig20.3's failed cases explained.
TEST(Rn1ClaimsCli, SimulatedVerdictsMatchTheTableAndBadInput) {
  const auto r = test::run_cli("rn1 claims --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  expect_verdicts_match_the_table(j["claims"]);
  std::map<std::string, int> seen;
  for (const auto& c : j["claims"]) ++seen[c["id"]];
  EXPECT_EQ(seen.size(), claim_specs().size());
  EXPECT_EQ(seen["first_stage_two_attempts"], 2);  // fig20.7, fig20.9
  EXPECT_EQ(seen["redundant_paths_performance"], 2);
  for (const auto& n : j["networks"]) {
    const auto& ss = n["sim_single_faults"];
    if (n["topology"] == "fig20.3") {
      EXPECT_EQ(ss["failed"], 10);
      EXPECT_EQ(ss["failed_unfinished_only"], 10);
      EXPECT_EQ(ss["failed_unfinished_source_cut_off"], 10);
      EXPECT_EQ(ss["lost_connected"], 0);
    } else {
      EXPECT_EQ(ss["failed"], 0) << n["topology"];
    }
    if (n["topology"] == "fig20.9") {
      EXPECT_EQ(ss["cases"], 104);
    }
    EXPECT_EQ(n["throughput"].size(), 8u);
  }
  const auto t = test::run_cli("rn1 claims --topology fig20.3");
  ASSERT_EQ(t.rc, 0) << t.err;
  EXPECT_NE(t.out.find("failed cases 10\n    (every failed case only left messages unfinished"),
            std::string::npos)
      << t.out;
  test::expect_cli_error("rn1 claims --topology fig20.8", "unknown topology");
  test::expect_cli_error("rn1 claims --static --stuck", "--stuck");
  test::expect_cli_error("rn1 claims --seed -1", "--seed");
  test::expect_cli_error("rn1 claims --bogus");
  test::expect_cli_error("rn1 net --topology fig20.7-d2last --traffic uniform --rtl", "model-only");
  test::expect_cli_error("rn1 verilog --topology fig20.7-d2last", "fig20.7-d2last");
}

TEST(Rn1ClaimsTable, EveryClaimOnceWithItsWords) {
  std::set<std::string> ids;
  for (const ClaimSpec& s : claim_specs()) {
    EXPECT_TRUE(ids.insert(s.id).second) << s.id;
    EXPECT_FALSE(s.paper.empty());
    EXPECT_FALSE(s.why.empty());
  }
  EXPECT_EQ(ids.size(), 10u);
  EXPECT_EQ(claim_spec("inside_fewer_retries").expected, minforge::Verdict::Partly);
  EXPECT_EQ(claim_spec("first_stage_two_attempts").expected, minforge::Verdict::Fails);
  EXPECT_TRUE(claim_spec("first_stage_two_attempts").simulated);
  EXPECT_THROW(claim_spec("nope"), InvalidArgument);
}

}  // namespace
}  // namespace minforge::rn1
