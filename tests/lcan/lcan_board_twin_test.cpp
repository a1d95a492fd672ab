// The twin of the CB-LCAN board self-test (twin::LcanSelftest, lcan_board_runs: the
// random-permutation generator of rtl/board/lcan_selftest.v and board_reporter's handshake)
// checked against properties that must hold for every run: each run's destinations are a
// permutation, the generator's permutations are uniform (Fisher-Yates with rejection), every
// run routes all N pairs without error in exactly the network cycles that the engine's twin
// takes alone on the same permutation and seed, and consecutive runs are draws + cycles + 5
// clock edges apart (lcan_selftest.v: GO, the edge that sees the engine done, and the
// reporter's three handshake edges).  tb/board checks the RTL top against the same twin.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "minforge/common.hpp"
#include "minforge/params.hpp"
#include "minforge/twin/board/lcan_selftest.hpp"
#include "minforge/twin/lcan/lcan_engine.hpp"

namespace tw = minforge::twin;
// The board self-test's seed (MF_SELFTEST_SEED of rtl/common/mf_consts.vh).
constexpr uint16_t kSeed = minforge::params::kSelftestSeed;

namespace {

// Network cycles of the engine's twin alone on one permutation.
uint32_t engine_cycles(int n, int d, int u, int w, const std::vector<uint32_t>& perm, uint16_t seed,
                       uint32_t run) {
  tw::LcanEngine eng(n, d, u, w);
  std::vector<uint64_t> data(n);
  const uint32_t wmask = w >= 32 ? 0xFFFFFFFFu : ((1u << w) - 1);
  for (int p = 0; p < n; ++p) data[p] = (static_cast<uint32_t>(p) ^ run) & wmask;
  tw::LcanEngine::In rst;
  rst.rst = true;
  eng.clock(rst);
  eng.evaluate();
  tw::LcanEngine::In go;
  go.start = true;
  go.seed = seed;
  go.perm_dst = perm;
  go.perm_data = data;
  eng.clock(go);
  eng.evaluate();
  for (int c = 0; c < 100000 && eng.busy(); ++c) {
    eng.clock(tw::LcanEngine::In{});
    eng.evaluate();
  }
  EXPECT_TRUE(eng.all_ok());
  return eng.cycles();
}

}  // namespace

TEST(LcanBoardTwin, RunsArePermutationsRoutedLikeTheEngineAlone) {
  struct Net {
    int n, d, u, w;
    size_t runs;
  };
  for (const Net& net : {Net{16, 2, 2, 8, 300}, Net{16, 4, 2, 8, 200}, Net{64, 4, 4, 32, 60},
                         Net{8, 8, 4, 1, 200}, Net{4, 2, 2, 3, 200}}) {
    SCOPED_TRACE("CB-LCAN(" + std::to_string(net.n) + "," + std::to_string(net.d) + "," +
                 std::to_string(net.u) + ")");
    const auto runs = tw::lcan_board_runs(net.n, net.d, net.u, net.w, kSeed, net.runs, 1u << 30);
    ASSERT_EQ(runs.size(), net.runs);
    for (size_t k = 0; k < runs.size(); ++k) {
      const tw::LcanRun& r = runs[k];
      std::vector<uint32_t> sorted = r.perm;
      std::sort(sorted.begin(), sorted.end());
      for (int p = 0; p < net.n; ++p) ASSERT_EQ(sorted[p], static_cast<uint32_t>(p)) << "run " << k;
      EXPECT_EQ(r.errors, 0u);
      EXPECT_EQ(r.delivered, static_cast<uint32_t>(net.n));
      // the run number k + 1 (modulo 2^W) is the data words' xor mask
      const uint32_t run = static_cast<uint32_t>(k + 1) & ((1u << net.w) - 1);
      EXPECT_EQ(r.cycles, engine_cycles(net.n, net.d, net.u, net.w, r.perm, r.seed, run))
          << "run " << k;
      // Fisher-Yates with rejection: N - 1 accepted draws at least
      EXPECT_GE(r.draws, static_cast<uint32_t>(net.n - 1));
      if (k > 0) {
        EXPECT_EQ(r.end_edge - runs[k - 1].end_edge, r.draws + r.cycles + 5) << k;
      }
    }
    // first run: the reporter's start pulse is sampled at edge 2, done at edge
    // 2 + draws + 1 (GO) + cycles + 1
    EXPECT_EQ(runs[0].end_edge, uint64_t{runs[0].draws} + runs[0].cycles + 4);
  }
}

TEST(LcanBoardTwin, PermutationsAreUniform) {
  // N = 4: 24 permutations, 4800 runs, each expected 200 times; chi-square with 23 degrees
  // of freedom stays below 60 unless the generator is biased (p < 1e-4 for a uniform one).
  const auto runs = tw::lcan_board_runs(4, 2, 2, 1, 0x1234, 4800, 1u << 30);
  ASSERT_EQ(runs.size(), 4800u);
  std::map<std::vector<uint32_t>, int> count;
  for (const auto& r : runs) ++count[r.perm];
  EXPECT_EQ(count.size(), 24u);
  double chi2 = 0;
  for (const auto& [perm, c] : count) chi2 += (c - 200.0) * (c - 200.0) / 200.0;
  EXPECT_LT(chi2, 60.0);
  // and the mean draws per run at N = 16: sum over i = 1..15 of 16 / (i + 1) = 38.1
  const auto r16 = tw::lcan_board_runs(16, 2, 2, 8, kSeed, 2000, 1u << 30);
  double draws = 0;
  for (const auto& r : r16) draws += r.draws;
  EXPECT_NEAR(draws / r16.size(), 38.09, 1.0);
}

TEST(LcanBoardTwin, IllegalParametersThrow) {
  EXPECT_THROW(tw::LcanSelftest(16, 2, 2, 0, 1), minforge::InvalidArgument);
  EXPECT_THROW(tw::LcanSelftest(16, 2, 2, 33, 1), minforge::InvalidArgument);
  EXPECT_THROW(tw::LcanSelftest(32, 4, 2, 8, 1), minforge::InvalidArgument);
}

TEST(LcanBoardTwin, PipelinedSelftestRunsTheSamePermutationsInTheSameNetworkCycles) {
  // PIPE = 1 (the board's engine): the same generator draws, so the same permutations and
  // seeds; the same network cycles and no error; each network cycle 4 L - 3 clock edges.
  struct Net {
    int n, d, u, w;
    size_t runs;
  };
  for (const Net& net :
       {Net{16, 2, 2, 8, 200}, Net{16, 4, 2, 8, 100}, Net{64, 4, 2, 8, 20}, Net{4, 4, 4, 1, 50}}) {
    const auto r0 = tw::lcan_board_runs(net.n, net.d, net.u, net.w, kSeed, net.runs, 1u << 30, 0);
    const auto r1 = tw::lcan_board_runs(net.n, net.d, net.u, net.w, kSeed, net.runs, 1u << 30, 1);
    ASSERT_EQ(r0.size(), net.runs);
    ASSERT_EQ(r1.size(), net.runs);
    const int k = tw::LcanEngine(net.n, net.d, net.u, net.w, 1).net().clocks_per_cycle();
    for (size_t i = 0; i < net.runs; ++i) {
      ASSERT_EQ(r1[i].perm, r0[i].perm) << i;
      ASSERT_EQ(r1[i].seed, r0[i].seed) << i;
      ASSERT_EQ(r1[i].draws, r0[i].draws) << i;
      ASSERT_EQ(r1[i].cycles, r0[i].cycles) << i;
      ASSERT_EQ(r1[i].delivered, static_cast<uint32_t>(net.n)) << i;
      ASSERT_EQ(r1[i].errors, 0u) << i;
      if (i > 0) {
        ASSERT_EQ(r1[i].end_edge - r1[i - 1].end_edge, r1[i].draws + r1[i].cycles * k + 5) << i;
      }
    }
  }
  EXPECT_THROW(tw::LcanSelftest(16, 2, 2, 8, 1, 2), minforge::InvalidArgument);
}
