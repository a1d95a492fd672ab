// RN1 fault localisation (paper 002, section 20.9): the sources' reading of the status words
// (rn1::decode_attempt) and the endpoints' decoders that do it in hardware (twin::Rn1Decoder,
// verdict for verdict), the monitor (rn1::FaultMonitor, twin::Rn1Monitor), localisation while
// traffic runs with faulty outputs and endpoint inputs switched off by the network's own
// monitor (twin::localise on Rn1Net), and `minforge rn1 localise`.
#include "minforge/algo/rn1/rn1_localise.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "../common/cli_run.hpp"
#include "minforge/algo/rn1/rn1_claims.hpp"
#include "minforge/twin/rn1/rn1_endpoint.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"
#include "minforge/twin/rn1/rn1_monitor.hpp"

namespace minforge::rn1 {
namespace {

TEST(Rn1Localise, EverySingleDeadLinkOfFig20_9IsNamedWithinABoundOfAttempts) {
  const NetSpec& s = net_spec(Topology::kFig20_9);
  long worst = 0;
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    twin::LocaliseConfig c;
    c.topology = Topology::kFig20_9;
    c.faults = dead_sites(s, {Site{false, l}});
    c.seed = static_cast<uint64_t>(l) + 1;
    const twin::LocaliseRun r = twin::localise(c);
    EXPECT_TRUE(r.localised) << "link " << l;
    EXPECT_EQ(r.wrong, 0) << "link " << l;
    ASSERT_EQ(r.declared.size(), 1u) << "link " << l;
    EXPECT_EQ(r.declared[0].link, l);
    // Switched off: the router output driving it, or the endpoint's input (in_en).
    EXPECT_TRUE(r.declared[0].switched);
    EXPECT_LE(r.attempts_to_localise, 400) << "link " << l;
    EXPECT_EQ(r.verdict_mismatches, 0) << "link " << l;
    worst = std::max(worst, r.attempts_to_localise);
    EXPECT_EQ(r.stats.lost_connected + r.stats.duplicates + r.stats.corrupt, 0);
  }
  EXPECT_GT(worst, 2);  // the bound is not trivially met: at least the threshold
}

TEST(Rn1Localise, AStuckWireOnEveryLinkOfFig20_9IsNamedWithoutWrongDeclarations) {
  const NetSpec& s = net_spec(Topology::kFig20_9);
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    for (int dir = l % 2; dir < 2; dir += 2) {  // even links forward, odd links backward
      twin::LocaliseConfig c;
      c.topology = Topology::kFig20_9;
      c.faults = FaultSet::none(s);
      c.faults.links[static_cast<size_t>(l)] = {false, true, dir == 1, (l + 3 * dir) % 8,
                                                ((l >> 2) & 1) != 0};
      c.seed = static_cast<uint64_t>(2 * l + dir) + 1;
      const twin::LocaliseRun r = twin::localise(c);
      EXPECT_EQ(r.wrong, 0) << "link " << l << " dir " << dir;
      EXPECT_TRUE(r.localised) << "link " << l << " dir " << dir;
    }
  }
}

TEST(Rn1Localise, NoFaultNoDeclarationEvenUnderHeavyBlocking) {
  for (Topology t : {Topology::kFig20_9, Topology::kFig20_7}) {
    twin::LocaliseConfig c;
    c.topology = t;
    c.faults = FaultSet::none(net_spec(t));
    c.load = 1.0;
    c.cycles = 3000;
    c.threshold = 1;
    const twin::LocaliseRun r = twin::localise(c);
    EXPECT_GT(r.blocked, 100);  // drops decoded as blocking
    EXPECT_EQ(r.suspect, 0);
    EXPECT_TRUE(r.declared.empty());
    EXPECT_EQ(r.attempts, static_cast<long>(r.stats.mean_attempts * r.stats.sent + 0.5));
  }
}

TEST(Rn1Localise, SwitchingOffADeadInternalLinkRemovesItsRetries) {
  const NetSpec& s = net_spec(Topology::kFig20_7);
  // A link into stage 3 (from a stage-2 router): switchable.
  int link = -1;
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    const LinkSpec& ls = s.links[static_cast<size_t>(l)];
    if (!ls.src.endpoint && s.routers[static_cast<size_t>(ls.src.node)].stage == 2) link = l;
  }
  ASSERT_GE(link, 0);
  twin::LocaliseConfig c;
  c.topology = Topology::kFig20_7;
  c.faults = dead_sites(s, {Site{false, link}});
  c.load = 0.1;
  c.cycles = 8000;
  const twin::LocaliseSweep sw = twin::localise_sweep(c, {c.faults});
  ASSERT_EQ(sw.localised, 1);
  EXPECT_GT(sw.mean_attempts_before, sw.mean_attempts_fault_free);
  EXPECT_LT(sw.mean_attempts_after, sw.mean_attempts_before);
  EXPECT_NEAR(sw.mean_attempts_after, sw.mean_attempts_fault_free, 0.05);
  // The network's monitor declared exactly that link; the run for the RTL lets the RTL's
  // monitor switch it off itself.
  const twin::LocaliseRun& r = sw.runs[0];
  ASSERT_EQ(r.declared.size(), 1u);
  EXPECT_EQ(r.declared[0].link, link);
  EXPECT_TRUE(r.replay.monitor_switch);
  EXPECT_TRUE(r.replay.enables.empty());
}

// Issue 15 item 2: the link from an endpoint's network input into the first stage has no
// router output to switch off; the monitor's declaration clears the endpoint's in_en bit for
// that input instead, and the source then always takes its other input.
TEST(Rn1Localise, SwitchingOffAnEndpointsDeadInputLinkRemovesItsRetries) {
  for (Topology t : {Topology::kFig20_9, Topology::kFig20_7}) {
    const NetSpec& s = net_spec(t);
    int link = -1;
    for (int l = 0; l < static_cast<int>(s.links.size()) && link < 0; ++l) {
      const LinkSpec& ls = s.links[static_cast<size_t>(l)];
      if (ls.src.endpoint && ls.src.node == 5 && ls.src.port == 1) link = l;
    }
    ASSERT_GE(link, 0);
    twin::LocaliseConfig c;
    c.topology = t;
    c.faults = dead_sites(s, {Site{false, link}});
    c.load = 0.1;
    c.cycles = 8000;
    const twin::LocaliseSweep sw = twin::localise_sweep(c, {c.faults});
    ASSERT_EQ(sw.localised, 1) << topology_name(t);
    const twin::LocaliseRun& r = sw.runs[0];
    ASSERT_EQ(r.declared.size(), 1u);
    EXPECT_EQ(r.declared[0].link, link);
    EXPECT_TRUE(r.declared[0].switched);
    EXPECT_GT(sw.mean_attempts_before, sw.mean_attempts_fault_free + 0.02) << topology_name(t);
    EXPECT_NEAR(sw.mean_attempts_after, sw.mean_attempts_fault_free, 0.04) << topology_name(t);
    // After the switch-off endpoint 5 never sends on input 1 again: no further suspect
    // verdict names that link, so nothing else is declared and nothing is lost.
    EXPECT_EQ(r.stats.lost_connected + r.stats.duplicates + r.stats.corrupt, 0);
    EXPECT_EQ(sw.verdict_mismatches, 0);
  }
  // The endpoint twin takes the only enabled input, whatever its LFSR says.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  for (int only = 0; only < 2; ++only) {
    twin::Rn1Endpoint ep(s, 3);
    ep.reset(0x1234);
    twin::Rn1Endpoint::In in;
    in.in_en = {only == 0, only == 1};
    for (int m = 0; m < 40; ++m) {
      in.tx_valid = true;
      in.tx_dst = 7;
      bool seen[2] = {false, false};
      for (int cyc = 0; cyc < 60; ++cyc) {
        ep.step(in);
        in.tx_valid = false;
        for (int k = 0; k < 2; ++k) seen[k] = seen[k] || word_ctl(ep.src_fwd(k));
      }
      EXPECT_TRUE(seen[only]);
      EXPECT_FALSE(seen[1 - only]);
    }
  }
}

// The endpoints' decoders (twin of rtl/rn1/rn1_decoder.v) read every attempt exactly as
// rn1::decode_attempt reads the same words, on every topology with an RTL top and every kind
// of fault (dead routers and links, stuck forward and backward data wires).
TEST(Rn1Localise, DecoderVerdictsEqualTheAlgorithmOnEveryTopologyAndFaultKind) {
  for (Topology t : {Topology::kFig20_9, Topology::kFig20_7, Topology::kFig20_4, Topology::kFig20_3,
                     Topology::kRn1_64}) {
    const NetSpec& s = net_spec(t);
    long attempts = 0, suspect = 0, blocked = 0;
    for (uint64_t k = 0; k < 6; ++k) {
      twin::LocaliseConfig c;
      c.topology = t;
      c.faults = random_faults(s, 1 + static_cast<int>(k % 3), 101 + k);
      c.load = k % 2 ? 0.6 : 0.2;
      c.cycles = t == Topology::kRn1_64 ? 800 : 1500;
      c.seed = 7 + k;
      c.switch_off = k % 2 == 0;
      const twin::LocaliseRun r = twin::localise(c);
      EXPECT_EQ(r.verdict_mismatches, 0) << topology_name(t) << " case " << k;
      attempts += r.attempts;
      suspect += r.suspect;
      blocked += r.blocked;
    }
    EXPECT_GT(attempts, 500) << topology_name(t);
    EXPECT_GT(suspect, 10) << topology_name(t);
    EXPECT_GT(blocked, 10) << topology_name(t);
  }
}

TEST(Rn1Localise, MonitorDeclaresTheLinkEveryVerdictNames) {
  const NetSpec& s = net_spec(Topology::kFig20_9);
  FaultMonitor m(s, 2);
  auto v = [](std::vector<int> c) {
    Verdict x;
    x.kind = Verdict::kSuspect;
    x.link = c.back();
    x.candidates = std::move(c);
    return x;
  };
  EXPECT_FALSE(m.report(v({3, 40, 70})));
  EXPECT_FALSE(m.report(v({3, 40, 70})));  // three-way tie at the threshold: wait
  EXPECT_FALSE(m.report(v({3, 41, 70})));  // 3 and 70 tie
  EXPECT_TRUE(m.report(v({20, 44, 70})));  // 70 alone on top
  ASSERT_EQ(m.declared(), std::vector<int>{70});
  const auto [r, o] = driving_output(s, 70);
  EXPECT_EQ(m.enables()[static_cast<size_t>(r)], static_cast<uint8_t>(0xFF & ~(1u << o)));
  EXPECT_FALSE(m.report(v({3, 40, 70})));  // explained by the declared link
  Verdict blocked;
  blocked.kind = Verdict::kBlocked;
  EXPECT_FALSE(m.report(blocked));
  EXPECT_THROW(FaultMonitor(s, 0), InvalidArgument);
}

TEST(Rn1Localise, MonitorTwinFollowsTheAlgorithmUntilItsCountersSaturate) {
  // The twin of rtl/rn1/rn1_monitor.v (one verdict per cycle, registered declaration,
  // saturating counters) declares the same links in the same order as rn1::FaultMonitor on
  // the verdicts of real localisation runs and on random streams.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  for (int th = 1; th <= 4; ++th) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      FaultMonitor ref(s, th);
      twin::Rn1Monitor hw({96, 7, 4, 8, th});
      Rng rng(seed * 31 + static_cast<uint64_t>(th));
      const int f = static_cast<int>(rng.below(96));
      std::vector<int> got;
      for (int v = 0; v < 300; ++v) {
        const int n = 1 + static_cast<int>(rng.below(4));
        std::vector<int> cand;
        while (static_cast<int>(cand.size()) < n) {
          const int l = rng.below(3) == 0 ? f : static_cast<int>(rng.below(96));
          if (std::find(cand.begin(), cand.end(), l) == cand.end()) cand.push_back(l);
        }
        Verdict x;
        x.kind = Verdict::kSuspect;
        x.candidates = cand;
        x.link = cand.back();
        ref.report(x);
        hw.step(true, n, cand);
        if (hw.decl_valid()) got.push_back(hw.decl_link());
      }
      EXPECT_EQ(got, ref.declared()) << "threshold " << th << " seed " << seed;
      EXPECT_FALSE(got.empty());
    }
  }
  EXPECT_THROW(twin::Rn1Monitor({200, 7, 4, 4, 2}), InvalidArgument);  // 200 > 2^7
  EXPECT_THROW(twin::Rn1Monitor({96, 7, 4, 2, 4}), InvalidArgument);   // TH >= 2^CW
}

TEST(Rn1Localise, DecodeRejectsBadArguments) {
  const NetSpec& s = net_spec(Topology::kFig20_3);
  EXPECT_THROW(decode_attempt(s, 0, 1, {1, 2}, {}), InvalidArgument);  // one input only
  EXPECT_THROW(decode_attempt(s, 16, 0, {1, 2}, {}), InvalidArgument);
  EXPECT_THROW(decode_attempt(s, 0, 0, {}, {}), InvalidArgument);
  const Verdict v = decode_attempt(s, 0, 0, {0x80, 0, 8, 0, 0, 0, 0, 1, 0xFE}, {});
  EXPECT_EQ(v.kind, Verdict::kSuspect);  // no reply: the source's own input link
  EXPECT_TRUE(v.exact);
  EXPECT_EQ(v.stage, 1);
  EXPECT_TRUE(s.links[static_cast<size_t>(v.link)].src.endpoint);
}

TEST(Rn1LocaliseCli, SingleFaultJsonAndBadInput) {
  const auto r = test::run_cli("rn1 localise --topology fig20.9 --fault link:40 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["localised"], 1);
  EXPECT_EQ(j["wrong"], 0);
  ASSERT_EQ(j["runs"].size(), 1u);
  EXPECT_EQ(j["runs"][0]["declared"][0]["link"], 40);
  EXPECT_EQ(j["runs"][0]["declared"][0]["switched_off"], true);
  EXPECT_EQ(j["runs"][0]["faults"], "link:40");
  for (const char* k : {"mean_attempts_fault_free", "mean_attempts_before", "mean_attempts_after",
                        "attempts_to_localise", "max_attempts_to_localise", "not_switchable"})
    EXPECT_TRUE(j.contains(k)) << k;
  const auto t = test::run_cli("rn1 localise --topology fig20.9 --fault router:5,link:3:bwd:2:1");
  ASSERT_EQ(t.rc, 0);
  // link 3 leaves an endpoint's input: switched off there (in_en), like the router's links
  EXPECT_NE(t.out.find("link 3 (an endpoint's input)"), std::string::npos) << t.out;
  EXPECT_EQ(t.out.find("not switchable"), std::string::npos) << t.out;
  EXPECT_EQ(t.out.find("WRONG"), std::string::npos) << t.out;
  test::expect_cli_error("rn1 localise --topology fig20.9 --fault link:3 --rtl --threshold 3",
                         "threshold 2");
  test::expect_cli_error("rn1 localise --topology fig20.9", "exactly one");
  test::expect_cli_error("rn1 localise --topology fig20.9 --fault link:96", "--fault link");
  test::expect_cli_error("rn1 localise --topology fig20.9 --fault link:3:up:2:1", "fwd or bwd");
  test::expect_cli_error("rn1 localise --topology fig20.9 --fault wire:3", "expected router");
  test::expect_cli_error("rn1 localise --topology fig20.3 --every-link", "--topology");
  test::expect_cli_error("rn1 localise --topology fig20.9 --every-link --random 1", "exactly one");
}

}  // namespace
}  // namespace minforge::rn1
