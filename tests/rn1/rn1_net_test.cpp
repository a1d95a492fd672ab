// RN1 networks: wiring, path expansion (Table 20.1, Equations 20.1-20.5), the analytic
// acceptance model against simulation, exactly-once delivery under fault campaigns, CLI.
#include "minforge/twin/rn1/rn1_net.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1_traffic.hpp"
#include "minforge/twin/rn1/rn1_xbar_core.hpp"

namespace minforge::rn1 {
namespace {

using twin::apply_fault;
using twin::drive_model_cycle;
using twin::Rn1Net;
using twin::Rn1XbarCore;
using twin::run_model;
using twin::RunConfig;
using twin::RunStats;
using twin::Traffic;
using twin::TrafficDriver;

const std::array<Topology, 3> kAll = {Topology::kFig20_7, Topology::kFig20_9, Topology::kRn1_64};

TEST(Rn1Paths, Fig20_7MatchesTable20_1ForEveryPair) {
  const PathExpansion pe = path_expansion(net_spec(Topology::kFig20_7));
  EXPECT_EQ(pe.per_stage_min, (std::vector<int>{2, 4, 8, 4, 2}));
  EXPECT_EQ(pe.per_stage_max, (std::vector<int>{2, 4, 8, 4, 2}));
  EXPECT_EQ(pe.total_min, 16);
  EXPECT_EQ(pe.total_max, 16);
  EXPECT_EQ(pe.per_stage_eq, (std::vector<long>{2, 4, 8, 4, 2}));
  EXPECT_EQ(pe.total_eq, 16);
  EXPECT_NEAR(pe.s_turn, 3.0, 1e-12);  // "Solving Equation 20.3 for s', we find s' = 3"
}

TEST(Rn1Paths, Fig20_9AndRn1_64AchieveTheEquations) {
  const PathExpansion a = path_expansion(net_spec(Topology::kFig20_9));
  EXPECT_EQ(a.per_stage_min, (std::vector<int>{2, 4, 2}));
  EXPECT_EQ(a.per_stage_max, (std::vector<int>{2, 4, 2}));
  EXPECT_EQ(a.per_stage_eq, (std::vector<long>{2, 4, 2}));
  EXPECT_EQ(a.total_min, 4);
  EXPECT_EQ(a.total_eq, 4);
  EXPECT_NEAR(a.s_turn, 7.0 / 3.0, 1e-12);
  const PathExpansion b = path_expansion(net_spec(Topology::kRn1_64));
  EXPECT_EQ(b.per_stage_min, (std::vector<int>{2, 4, 8, 2}));
  EXPECT_EQ(b.per_stage_max, (std::vector<int>{2, 4, 8, 2}));
  EXPECT_EQ(b.per_stage_eq, (std::vector<long>{2, 4, 8, 2}));
  EXPECT_EQ(b.total_min, 8);
  EXPECT_EQ(b.total_eq, 8);
}

TEST(Rn1Paths, EquationsOverParameterRanges) {
  // p(s) = min(p_in(s), p_out(s)) and total = n d^(N-1) whenever s' is an integer or not.
  for (int n = 1; n <= 4; ++n) {
    for (int r : {2, 4}) {
      for (int d : {1, 2, 4}) {
        for (int N = 1; N <= 5; ++N) {
          double st;
          std::vector<long> p;
          long total;
          path_equations(n, n, r, d, N, &st, &p, &total);
          ASSERT_EQ(static_cast<int>(p.size()), N + 1);
          long dp = 1;
          for (int k = 0; k < N - 1; ++k) dp *= d;
          EXPECT_EQ(total, n * dp);
          for (int s = 1; s <= N + 1; ++s) {
            long pin = n, pout = n;
            for (int k = 0; k < s - 1; ++k) pin *= d;
            for (int k = 0; k < N + 1 - s; ++k) pout *= r;
            EXPECT_EQ(p[s - 1], std::min(pin, pout)) << n << " " << r << " " << d << " " << N;
          }
        }
      }
    }
  }
}

TEST(Rn1Wiring, ExpansiveAndComplete) {
  for (Topology t : kAll) {
    const NetSpec& s = net_spec(t);
    std::map<std::pair<int, int>, int> src_of;  // (router, port) -> link
    std::vector<std::set<int>> ep_first(s.endpoints), ep_last_pkg(s.endpoints);
    for (const LinkSpec& l : s.links) {
      if (l.src.endpoint) ep_first[l.src.node].insert(l.dst.node);
      if (l.dst.endpoint) ep_last_pkg[l.dst.node].insert(l.src.node);
    }
    for (int e = 0; e < s.endpoints; ++e) {
      EXPECT_EQ(ep_first[e].size(), 2u) << s.name;     // two different first-stage routers
      EXPECT_EQ(ep_last_pkg[e].size(), 2u) << s.name;  // outputs from two packages
    }
    // No two outputs of one logical direction lead to the same next-stage component.
    for (size_t r = 0; r < s.routers.size(); ++r) {
      const RouterSpec& rs = s.routers[r];
      if (rs.kind == RouterKind::kRn1Dual || rs.dilation == 1) continue;
      std::map<int, std::set<int>> next_of_dir;
      int count = 0;
      for (const LinkSpec& l : s.links) {
        if (l.src.endpoint || l.src.node != static_cast<int>(r)) continue;
        const int dir = l.src.port / rs.dilation;
        EXPECT_TRUE(next_of_dir[dir].insert(l.dst.endpoint ? -1 - l.dst.node : l.dst.node).second)
            << s.name << " router " << r;
        ++count;
      }
      EXPECT_EQ(count, rs.radix * rs.dilation);
    }
    // Expansive inputs (Fig. 20.5): no two endpoints share both first-stage routers where
    // the router count allows it (rn1-64, fig20.7).
    if (t != Topology::kFig20_9) {
      std::set<std::set<int>> pairs;
      for (auto& f : ep_first) EXPECT_TRUE(pairs.insert(f).second) << s.name;
    }
  }
}

TEST(Rn1Faults, LinkFaultSemantics) {
  LinkFault f;
  f.stuck = true;
  f.bit = 3;
  f.value = true;
  EXPECT_EQ(apply_fault(f, make_word(true, 0x00), false), make_word(true, 0x08));
  EXPECT_EQ(apply_fault(f, make_word(true, 0x00), true), make_word(true, 0x00));
  f.backward = true;
  f.value = false;
  EXPECT_EQ(apply_fault(f, make_word(true, 0xFF), true), make_word(true, 0xF7));
  LinkFault d;
  d.dead = true;
  EXPECT_EQ(apply_fault(d, make_word(true, 0xFF), false), 0);
}

TEST(Rn1Net, FaultFreeRunsDeliverEverythingOnce) {
  for (Topology t : kAll) {
    for (Traffic tr : {Traffic::kUniform, Traffic::kPermutation, Traffic::kAllToAll}) {
      RunConfig c;
      c.topology = t;
      c.traffic = tr;
      c.load = 0.2;
      c.cycles = 1500;
      c.seed = 5;
      const RunStats s = run_model(c);
      EXPECT_GT(s.sent, 100);
      EXPECT_EQ(s.delivered, s.sent);
      EXPECT_EQ(s.lost, 0);
      EXPECT_EQ(s.duplicates, 0);
      EXPECT_EQ(s.corrupt, 0);
      EXPECT_EQ(s.unfinished, 0);
      EXPECT_GT(s.mean_attempts, 1.0);  // load 0.2: some attempts block and are retried
    }
  }
}

TEST(Rn1Net, ExactlyOnceUnderFaultCampaigns) {
  // Random dead routers, dead links, stuck forward and backward wires: every message between
  // connected pairs is delivered exactly once with the right content; messages between
  // disconnected pairs are given up (never delivered twice, never corrupted).
  long total_gave_up = 0, total_lost = 0;
  for (Topology t : kAll) {
    for (int k = 1; k <= 6; k += 1) {
      for (int trial = 0; trial < 2; ++trial) {
        RunConfig c;
        c.topology = t;
        c.load = 0.15;
        c.cycles = t == Topology::kRn1_64 ? 800 : 1500;
        c.faults = k;
        c.seed = 100 * k + trial;
        c.drain_limit = 1000000;  // an isolated source needs 64 attempts per queued message
        const FaultSet f = run_faults(c);
        const RunStats s = run_model(c, f);
        EXPECT_EQ(s.duplicates, 0) << s.topology << " k=" << k;
        EXPECT_EQ(s.corrupt, 0) << s.topology << " k=" << k;
        EXPECT_EQ(s.lost_connected, 0) << s.topology << " k=" << k;
        EXPECT_EQ(s.unfinished, 0) << s.topology << " k=" << k;
        EXPECT_EQ(s.delivered + s.lost, s.sent);
        total_gave_up += s.gave_up;
        total_lost += s.lost;
      }
    }
  }
  // Some fault sets disconnect pairs: their messages are given up, and every lost message is
  // one its source gave up on.
  EXPECT_GT(total_gave_up, 0);
  EXPECT_EQ(total_lost, total_gave_up);
}

TEST(Rn1Net, StuckBackwardWireCreatesDuplicatesThatAreDiscarded) {
  // A stuck backward wire on every output link of endpoint 5's first output: the ACKs that
  // come back through it are corrupted, so sources retry messages already delivered; the
  // sequence numbers discard the copies.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  FaultSet f = FaultSet::none(s);
  for (size_t l = 0; l < s.links.size(); ++l) {
    if (s.links[l].dst.endpoint && s.links[l].dst.node == 5 && s.links[l].dst.port == 0) {
      f.links[l].stuck = true;
      f.links[l].backward = true;
      f.links[l].bit = 0;
      f.links[l].value = true;
    }
  }
  Rn1Net net(s, f);
  net.reset(9);
  TrafficDriver drv(s, Traffic::kUniform, 0.3, 3, 3000);
  Rn1Net::UserIn in;
  long dest_dups = 0;
  while (net.cycle() < 3000 || (!drv.quiescent() && net.cycle() < 40000)) {
    drive_model_cycle(net, drv, in);
  }
  const RunStats st = drv.stats(net.cycle(), &f);
  EXPECT_EQ(st.delivered, st.sent);
  EXPECT_EQ(st.duplicates, 0);
  EXPECT_GT(st.mean_attempts, 1.0);
  EXPECT_EQ(dest_dups, 0);
}

TEST(Rn1Net, OneDeadFirstStageRouterCostsTwoAttemptsOnAverage) {
  // Section 20.8.2: with two inputs per endpoint and one first-stage router dead, a source
  // needs two attempts on average (it picks a random input each time).  In fig20.9 half of
  // the endpoints lose one input: mean over all messages ~ 1.5 at a low load.
  const NetSpec& s = net_spec(Topology::kFig20_9);
  FaultSet f = FaultSet::none(s);
  f.router_dead[0] = 1;
  RunConfig c;
  c.topology = Topology::kFig20_9;
  c.load = 0.02;
  c.cycles = 40000;
  c.seed = 4;
  const RunStats st = run_model(c, f);
  EXPECT_EQ(st.delivered, st.sent);
  EXPECT_NEAR(st.mean_attempts, 1.5, 0.08);
}

TEST(Rn1Analytic, BinomialFormulaExactValues) {
  // n = 8, r = 4, d = 2, p = 1: X ~ Bin(8, 1/4).
  double e = 0;
  for (int k = 0; k <= 8; ++k) {
    double c = 1;
    for (int j = 0; j < k; ++j) c = c * (8 - j) / (j + 1);
    e += std::min(k, 2) * c * std::pow(0.25, k) * std::pow(0.75, 8 - k);
  }
  EXPECT_NEAR(expected_accepted(8, 4, 2, 1.0), e, 1e-12);
  EXPECT_NEAR(expected_accepted(4, 4, 1, 1.0), 1 - std::pow(0.75, 4), 1e-12);
  EXPECT_NEAR(expected_accepted(8, 4, 2, 0.0), 0.0, 1e-15);
  EXPECT_THROW(expected_accepted(8, 4, 2, 1.5), InvalidArgument);
}

// One wave: every input requests with probability p a uniformly random direction in the
// same cycle; count grants per direction.
double simulate_wave(const Rn1XbarCore::Params& cp, double p, int waves, uint64_t seed) {
  Rng rng(seed);
  Rn1XbarCore core(cp);
  core.reset(static_cast<uint32_t>(seed | 1));
  std::vector<Word> fin(cp.inputs), bin(cp.radix * cp.dilation, 0);
  long granted = 0;
  const int rb = cp.radix == 4 ? 2 : 1;
  for (int w = 0; w < waves; ++w) {
    for (int i = 0; i < cp.inputs; ++i) {
      fin[i] = rng.uniform() < p
                   ? make_word(true, static_cast<uint8_t>(rng.below(cp.radix) << (8 - rb)))
                   : 0;
    }
    core.step(fin.data(), bin.data(), 0xFF);
    for (int i = 0; i < cp.inputs; ++i) granted += core.state(i) == Rn1XbarCore::kFwd;
    std::fill(fin.begin(), fin.end(), 0);
    for (int k = 0; k < 4; ++k) core.step(fin.data(), bin.data(), 0xFF);  // drain
  }
  return static_cast<double>(granted) / waves / cp.radix;
}

TEST(Rn1Analytic, SingleStageMatchesSimulationWithinTolerance) {
  // Tolerance 0.03 accepted requests per direction (>= 5 standard errors at 4000 waves).
  for (const Rn1XbarCore::Params& cp :
       {Rn1XbarCore::Params{8, 4, 2, 0}, Rn1XbarCore::Params{4, 4, 1, 0},
        Rn1XbarCore::Params{4, 2, 2, 0}, Rn1XbarCore::Params{2, 2, 1, 0}}) {
    for (double p : {0.25, 0.5, 0.75, 1.0}) {
      const double sim = simulate_wave(cp, p, 4000, 77);
      const double ana = expected_accepted(cp.inputs, cp.radix, cp.dilation, p);
      EXPECT_NEAR(sim, ana, 0.03) << cp.inputs << "x" << cp.radix << "/d" << cp.dilation
                                  << " p=" << p;
    }
  }
}

TEST(Rn1Analytic, NetworkWaveMatchesIteratedFormula) {
  // All endpoints start one message in the same cycle on one input each (probability p per
  // network input wire = q/2 with q the fraction of sending endpoints): fraction reaching the
  // destination vs the iterated binomial model (independence assumption): tolerance 0.04.
  for (Topology t : kAll) {
    const NetSpec& s = net_spec(t);
    const double q = 1.0;  // every endpoint sends
    long reached = 0, sent = 0;
    for (int wave = 0; wave < 60; ++wave) {
      Rn1Net net(s, FaultSet::none(s));
      net.reset(static_cast<uint16_t>(wave * 977 + 1));
      Rng rng(wave + 1000);
      Rn1Net::UserIn in;
      in.tx_valid.assign(s.endpoints, 1);
      in.tx_dst.assign(s.endpoints, 0);
      in.tx_payload.assign(s.endpoints, 0);
      for (int e = 0; e < s.endpoints; ++e)
        in.tx_dst[e] = static_cast<uint8_t>(rng.below(s.endpoints));
      net.step(in);  // accept
      in.tx_valid.assign(s.endpoints, 0);
      std::vector<int> seen(s.endpoints, 0);
      for (int k = 0; k < 9 + 2 * s.stages + 6; ++k) {
        net.step(in);
        for (int e = 0; e < s.endpoints; ++e) {
          for (int p = 0; p < 2; ++p) reached += net.endpoint(e).dlv_valid(p);
        }
      }
      sent += s.endpoints;
    }
    const double sim = static_cast<double>(reached) / sent;
    const std::vector<double> w = wave_acceptance(s, q / 2);
    const double ana = w.back() / (q / 2);  // survival of a request through all stages
    std::printf("%s wave: simulated %.4f analytic %.4f\n", s.name.c_str(), sim, ana);
    EXPECT_NEAR(sim, ana, 0.04) << s.name;
  }
}

// ---------------------------------------------------------------- CLI
int run_cli(const std::string& args, std::string* out) {
  const std::string cmd = std::string(MINFORGE_CLI) + " " + args + " 2>/dev/null";
  FILE* f = popen(cmd.c_str(), "r");
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const int st = pclose(f);
  if (out) *out = text;
  return WEXITSTATUS(st);
}

TEST(Rn1Cli, BadInputExitsTwoWithNothingOnStdout) {
  for (const char* bad :
       {"rn1 net --topology fig20.8 --traffic uniform", "rn1 net --topology fig20.9",
        "rn1 net --topology fig20.9 --traffic uniform --load 0",
        "rn1 net --topology fig20.9 --traffic uniform --load 1.5",
        "rn1 net --topology fig20.9 --traffic uniform --load abc",
        "rn1 net --topology fig20.9 --traffic uniform --faults 100000",
        "rn1 net --topology fig20.9 --traffic uniform --cycles 0",
        "rn1 net --topology fig20.9 --traffic uniform --bogus 1", "rn1 paths",
        "rn1 paths --topology rn1-65", "rn1 faults --topology fig20.9",
        "rn1 faults --topology fig20.9 --max-faults -1"}) {
    std::string out;
    EXPECT_EQ(run_cli(bad, &out), 2) << bad;
    EXPECT_TRUE(out.empty()) << bad;
  }
}

TEST(Rn1Cli, PathsAndNetJson) {
  std::string out;
  ASSERT_EQ(run_cli("rn1 paths --topology fig20.7 --json", &out), 0);
  EXPECT_NE(out.find("\"per_stage\":[2,4,8,4,2]"), std::string::npos) << out;
  EXPECT_NE(out.find("\"total\":16"), std::string::npos) << out;
  ASSERT_EQ(run_cli("rn1 net --topology fig20.9 --traffic uniform --load 0.2 --cycles 500 "
                    "--seed 3 --json",
                    &out),
            0);
  for (const char* key : {"\"topology\"", "\"endpoints\":16", "\"sent\"", "\"delivered\"",
                          "\"lost\":0", "\"duplicates\":0", "\"mean_attempts\"", "\"p99_attempts\"",
                          "\"mean_latency\"", "\"p99_latency\"", "\"throughput\""}) {
    EXPECT_NE(out.find(key), std::string::npos) << key << " in " << out;
  }
  ASSERT_EQ(run_cli("rn1 faults --topology fig20.9 --max-faults 2 --trials 2 --cycles 300 "
                    "--seed 2 --json",
                    &out),
            0);
  EXPECT_NE(out.find("\"connected_pairs\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"lost_connected\":0"), std::string::npos) << out;
}

}  // namespace
}  // namespace minforge::rn1
