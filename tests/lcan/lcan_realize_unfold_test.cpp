// LCAN (paper 003, section 4) on plain index arithmetic: the Lev-Pippenger-Valiant
// construction on the unfolded CB-LCAN(N, d, d) (König colouring, looping algorithm), the
// self-routing rules of section 4.2 and the permutation classes they are claimed for.
// Routes are checked by check_unfolded_route (wire by wire); lcan_realize_test.cpp checks
// the same routes again by routing their switch settings through the CB-LCAN model.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_selfroute.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"
#include "minforge/algo/lcan/lcan_unfold.hpp"

namespace minforge::lcan {
namespace {

std::vector<int> random_perm(int N, Rng& rng) {
  std::vector<int> p(static_cast<size_t>(N));
  std::iota(p.begin(), p.end(), 0);
  for (int i = N - 1; i > 0; --i) std::swap(p[i], p[rng.below(static_cast<uint64_t>(i) + 1)]);
  return p;
}

int64_t ipow(int64_t b, int e) {
  int64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

// Every BPC permutation of N = 2^L PEs: L! bit permutations x N complement masks.
std::vector<Permutation> all_bpc(int N) {
  const int L = ceil_log2(static_cast<uint64_t>(N));
  std::vector<int> sigma(static_cast<size_t>(L));
  std::iota(sigma.begin(), sigma.end(), 0);
  std::vector<Permutation> out;
  do {
    for (int c = 0; c < N; ++c) out.push_back(bpc(sigma, static_cast<uint32_t>(c)));
  } while (std::next_permutation(sigma.begin(), sigma.end()));
  return out;
}

// ---- colouring -----------------------------------------------------------------------------

TEST(LcanUnfold, ColouringSplitsRegularMultigraphsIntoPerfectMatchings) {
  Rng rng(12);
  for (int deg = 1; deg <= 9; ++deg)
    for (int V : {1, 2, 3, 7, 16, 33}) {
      for (int trial = 0; trial < 10; ++trial) {
        // A union of deg random perfect matchings: regular, with parallel edges.
        std::vector<int> left, right;
        for (int k = 0; k < deg; ++k) {
          auto m = random_perm(V, rng);
          for (int v = 0; v < V; ++v) {
            left.push_back(v);
            right.push_back(m[v]);
          }
        }
        const auto colour = colour_regular_bipartite(V, deg, left, right);
        std::set<std::pair<int, int>> seen_l, seen_r;
        for (size_t e = 0; e < colour.size(); ++e) {
          ASSERT_GE(colour[e], 0);
          ASSERT_LT(colour[e], deg);
          EXPECT_TRUE(seen_l.insert({left[e], colour[e]}).second) << "deg " << deg << " V " << V;
          EXPECT_TRUE(seen_r.insert({right[e], colour[e]}).second) << "deg " << deg << " V " << V;
        }
      }
    }
}

TEST(LcanUnfold, ColouringRejectsIrregularGraphs) {
  const std::vector<int> l{0, 0, 1, 1}, r_ok{0, 1, 0, 1}, r_bad{0, 0, 0, 1};
  EXPECT_NO_THROW(colour_regular_bipartite(2, 2, l, r_ok));
  EXPECT_THROW(colour_regular_bipartite(2, 2, l, r_bad), InvalidArgument);
  EXPECT_THROW(colour_regular_bipartite(2, 2, l, std::vector<int>{0, 1, 0, 2}), InvalidArgument);
  EXPECT_THROW(colour_regular_bipartite(2, 3, l, r_ok), InvalidArgument);
}

// ---- LPV on the unfolded network ---------------------------------------------------------

TEST(LcanUnfold, LoopingAlgorithmRoutesAllPermutationsOfEightPEs) {
  std::vector<int> p(8);
  std::iota(p.begin(), p.end(), 0);
  int n = 0;
  do {
    const auto r = lpv_route(p, 2);
    ASSERT_EQ(check_unfolded_route(r), "") << ::testing::PrintToString(p);
    ++n;
  } while (std::next_permutation(p.begin(), p.end()));
  EXPECT_EQ(n, 40320);
}

TEST(LcanUnfold, LpvRoutesRandomPermutationsForEverySwitchSize) {
  // (d, largest n); permutations per network: 2000 up to N = 81, fewer above (CPU time).
  const std::vector<std::pair<int, int>> nets{{2, 10}, {3, 6}, {4, 5}, {5, 4},  {6, 3},
                                              {7, 3},  {8, 3}, {9, 3}, {16, 3}, {64, 2}};
  Rng rng(2024);
  int routed = 0;
  for (auto [d, nmax] : nets)
    for (int n = 1; n <= nmax; ++n) {
      const int N = static_cast<int>(ipow(d, n));
      const int trials = N <= 81 ? 2000 : N <= 256 ? 400 : N <= 1024 ? 60 : 20;
      for (int k = 0; k < trials; ++k) {
        const auto p = random_perm(N, rng);
        const auto r = lpv_route(p, d);
        ASSERT_EQ(check_unfolded_route(r), "") << "d " << d << " N " << N;
        ++routed;
      }
    }
  EXPECT_GT(routed, 30000);
}

TEST(LcanUnfold, EverySwitchOfTheFirstAndLastStageUsesEverySubnetworkOnce) {
  // The defining property of each LPV step, at every depth: the d pairs entering one
  // level-m switch (and the d pairs leaving its mirror) take d different uppers K_m.
  Rng rng(7);
  for (auto [d, n] : std::vector<std::pair<int, int>>{{2, 6}, {3, 4}, {4, 3}, {5, 3}}) {
    const int N = static_cast<int>(ipow(d, n));
    for (int k = 0; k < 50; ++k) {
      const auto r = lpv_route(random_perm(N, rng), d);
      for (int m = 0; m + 1 < n; ++m) {
        std::set<std::tuple<int64_t, int64_t, int>> up, down;
        for (int s = 0; s < N; ++s) {
          int64_t low = 0;
          for (int i = 0; i < m; ++i) low = low * d + r.upper(s, i);
          EXPECT_TRUE(up.insert({s / ipow(d, m + 1), low, r.upper(s, m)}).second);
          EXPECT_TRUE(down.insert({r.perm[s] / ipow(d, m + 1), low, r.upper(s, m)}).second);
        }
      }
    }
  }
}

TEST(LcanUnfold, CheckerCatchesEveryCorruptedUpper) {
  // Moving one pair to another sub-network puts it on a wire another pair already uses.
  Rng rng(3);
  for (int d : {2, 3, 4}) {
    const int n = 3, N = static_cast<int>(ipow(d, n));
    const auto good = lpv_route(random_perm(N, rng), d);
    ASSERT_EQ(check_unfolded_route(good), "");
    for (int s = 0; s < N; ++s)
      for (int m = 0; m + 1 < n; ++m) {
        auto bad = good;
        bad.ups[static_cast<size_t>(s) * (n - 1) + m] = (good.upper(s, m) + 1) % d;
        EXPECT_NE(check_unfolded_route(bad), "") << "d " << d << " s " << s << " m " << m;
      }
  }
}

TEST(LcanUnfold, BadInputIsRejected) {
  EXPECT_THROW(lpv_route(std::vector<int>{0, 1, 2}, 2), InvalidArgument);     // N not 2^n
  EXPECT_THROW(lpv_route(std::vector<int>{0, 1, 2, 3}, 3), InvalidArgument);  // N not 3^n
  EXPECT_THROW(lpv_route(std::vector<int>{0, 1}, 1), InvalidArgument);        // d < 2
  EXPECT_THROW(lpv_route(std::vector<int>{0, 1, 1, 3}, 2), InvalidArgument);  // repeated
  EXPECT_THROW(lpv_route(std::vector<int>{0, 1, 2, 4}, 2), InvalidArgument);  // out of range
  EXPECT_THROW(lpv_route(std::vector<int>{0}, 2), InvalidArgument);           // N < d
  EXPECT_EQ(unfold_levels(1024, 2), 10);
  EXPECT_EQ(unfold_levels(27, 3), 3);
  EXPECT_EQ(unfold_levels(5, 5), 1);
}

// ---- classes -------------------------------------------------------------------------------

TEST(LcanClasses, GeneratorsStayInTheirClassesAndExhaustiveSetsHaveTheRightSize) {
  Rng rng(5);
  for (int N : {2, 8, 64, 1024}) {
    for (int k = 0; k < 50; ++k) {
      const auto b = random_bpc(Network::cb(N, 2, 2), rng);
      EXPECT_TRUE(is_bpc(b));
      EXPECT_TRUE(is_affine(b));
      const auto l = random_linear(N, rng);
      EXPECT_TRUE(is_linear(l));
      const auto a = random_affine(N, rng);
      EXPECT_TRUE(is_affine(a));
      EXPECT_TRUE(is_inverse_omega(random_inverse_omega(N, rng)));
      for (const auto* p : {&b, &l, &a}) {
        std::vector<int> q = *p;
        std::sort(q.begin(), q.end());
        for (int i = 0; i < N; ++i) ASSERT_EQ(q[i], i);
      }
    }
  }
  EXPECT_EQ(all_linear(8).size(), 168u);     // |GL(3, 2)|
  EXPECT_EQ(all_linear(16).size(), 20160u);  // |GL(4, 2)|
  const auto io = all_inverse_omega(8);
  EXPECT_EQ(std::set<std::vector<int>>(io.begin(), io.end()).size(), 4096u);  // 2^(12) settings
  EXPECT_EQ(all_bpc(8).size(), 48u);                                          // 3! x 8
  // A random permutation is in none of the classes (at N = 64, with overwhelming odds).
  const auto r = random_perm(64, rng);
  EXPECT_FALSE(is_affine(r));
  EXPECT_FALSE(is_inverse_omega(r));
}

// Lawrie's omega network, N = 2^L: L stages, each a perfect shuffle (rotate the position
// left) followed by a column of 2 x 2 switches (exchange flips bit 0).
std::vector<int> omega_permutation(int N, const std::vector<uint8_t>& exchange) {
  const int L = ceil_log2(static_cast<uint64_t>(N));
  std::vector<int> out(static_cast<size_t>(N));
  for (int s = 0; s < N; ++s) {
    int p = s;
    for (int i = 0; i < L; ++i) {
      p = ((p << 1) | (p >> (L - 1))) & (N - 1);
      p ^= exchange[static_cast<size_t>(i) * (N / 2) + (p >> 1)];
    }
    out[s] = p;
  }
  return out;
}

TEST(LcanClasses, InverseOmegaIsTheSetOfInversesOfLawriesOmegaPermutations) {
  // All 2^12 settings of the 8-PE omega network: their inverses are exactly the inverse
  // omega permutations of the generator and of the membership test.
  const int N = 8;
  std::set<std::vector<int>> inverses;
  for (uint32_t mask = 0; mask < (1u << 12); ++mask) {
    std::vector<uint8_t> ex(12);
    for (int i = 0; i < 12; ++i) ex[i] = static_cast<uint8_t>((mask >> i) & 1u);
    const auto p = omega_permutation(N, ex);
    std::vector<int> inv(N);
    for (int s = 0; s < N; ++s) inv[p[s]] = s;
    EXPECT_TRUE(is_inverse_omega(inv));
    inverses.insert(inv);
  }
  const auto io = all_inverse_omega(N);
  EXPECT_EQ(inverses, std::set<std::vector<int>>(io.begin(), io.end()));
  // At N = 64: random omega settings, inverted, pass the membership test; random
  // permutations do not.
  Rng rng(8);
  for (int k = 0; k < 200; ++k) {
    std::vector<uint8_t> ex(6 * 32);
    for (auto& e : ex) e = static_cast<uint8_t>(rng.below(2));
    const auto p = omega_permutation(64, ex);
    std::vector<int> inv(64);
    for (int s = 0; s < 64; ++s) inv[p[s]] = s;
    EXPECT_TRUE(is_inverse_omega(inv));
    EXPECT_FALSE(is_inverse_omega(random_perm(64, rng)));
  }
}

// ---- self-routing --------------------------------------------------------------------------

bool routes(const Permutation& p, int d, SelfRouting rule) {
  return check_unfolded_route(self_route(p, d, rule)).empty();
}

std::vector<int> pow2_switch_sizes(int N) {
  std::vector<int> ds;
  const int L = ceil_log2(static_cast<uint64_t>(N));
  for (int b = 1; b <= L; ++b)
    if (L % b == 0) ds.push_back(1 << b);
  return ds;
}

TEST(LcanSelfRoute, NassimiSahniRoutesEveryBpcAndInverseOmegaPermutation) {
  for (int N : {4, 8, 16, 32})
    for (const auto& p : all_bpc(N))
      for (int d : pow2_switch_sizes(N))
        ASSERT_TRUE(routes(p, d, SelfRouting::NassimiSahni)) << "N " << N << " d " << d;
  for (const auto& p : all_inverse_omega(8))
    for (int d : {2, 8}) ASSERT_TRUE(routes(p, d, SelfRouting::NassimiSahni)) << "d " << d;
  Rng rng(41);
  for (int N : {64, 256, 4096}) {
    const Network net = Network::cb(N, 2, 2);
    for (int d : pow2_switch_sizes(N))
      for (int k = 0; k < (N <= 256 ? 300 : 20); ++k) {
        ASSERT_TRUE(routes(random_bpc(net, rng), d, SelfRouting::NassimiSahni));
        ASSERT_TRUE(routes(random_inverse_omega(N, rng), d, SelfRouting::NassimiSahni));
      }
  }
}

TEST(LcanSelfRoute, RaghavendraBoppanaRoutesEveryLinearAndAffinePermutation) {
  for (int N : {8, 16})
    for (const auto& p : all_linear(N))
      for (int d : pow2_switch_sizes(N)) {
        ASSERT_TRUE(routes(p, d, SelfRouting::RaghavendraBoppana)) << "N " << N << " d " << d;
        std::vector<int> q = p;  // the same matrix with a complement: affine
        for (int& t : q) t ^= N - 1;
        ASSERT_TRUE(routes(q, d, SelfRouting::RaghavendraBoppana)) << "N " << N << " d " << d;
      }
  for (int N : {16, 32})
    for (const auto& p : all_bpc(N))
      ASSERT_TRUE(routes(p, 2, SelfRouting::RaghavendraBoppana)) << "N " << N;
  Rng rng(42);
  for (int N : {64, 256, 4096})
    for (int d : pow2_switch_sizes(N))
      for (int k = 0; k < (N <= 256 ? 300 : 20); ++k) {
        ASSERT_TRUE(routes(random_linear(N, rng), d, SelfRouting::RaghavendraBoppana));
        ASSERT_TRUE(routes(random_affine(N, rng), d, SelfRouting::RaghavendraBoppana));
        ASSERT_TRUE(routes(random_inverse_omega(N, rng), d, SelfRouting::RaghavendraBoppana));
      }
}

TEST(LcanSelfRoute, TheRulesDifferAndRandomPermutationsGenerallyFail) {
  // Nassimi-Sahni's priority (lower-numbered input) does not realize every linear
  // permutation; Raghavendra-Boppana's (smaller destination) does.  Exact counts over all
  // 20160 linear permutations of 16 PEs on the binary network:
  int ns_linear = 0;
  for (const auto& p : all_linear(16)) ns_linear += routes(p, 2, SelfRouting::NassimiSahni);
  EXPECT_EQ(ns_linear, 10120);  // measured with the reconstructed rule
  // All 8! permutations of 8 PEs: how many each rule realizes on the unfolded
  // CB-LCAN(8, 2, 2) (the Benes network B(3)), against every BPC, inverse omega and linear
  // one.
  std::vector<int> p(8);
  std::iota(p.begin(), p.end(), 0);
  int ns = 0, rb = 0, both = 0;
  do {
    const bool a = routes(p, 2, SelfRouting::NassimiSahni);
    const bool b = routes(p, 2, SelfRouting::RaghavendraBoppana);
    ns += a;
    rb += b;
    both += a && b;
  } while (std::next_permutation(p.begin(), p.end()));
  // Measured with the reconstructed rules (not numbers of the paper; docs/lcan_realization.md).
  EXPECT_EQ(ns, 11632);
  EXPECT_EQ(rb, 21888);
  // At least the classes they are claimed for (every member of them is checked above).
  std::set<std::vector<int>> ns_class, rb_class;
  for (const auto& q : all_inverse_omega(8)) ns_class.insert(q), rb_class.insert(q);
  for (const auto& q : all_bpc(8)) ns_class.insert(q);
  for (const auto& q : all_linear(8)) {
    rb_class.insert(q);
    std::vector<int> c = q;
    for (int& t : c) t ^= 7;
    rb_class.insert(c);
  }
  EXPECT_GE(ns, static_cast<int>(ns_class.size()));
  EXPECT_GE(rb, static_cast<int>(rb_class.size()));
  EXPECT_EQ(ns_class.size(), 4136u);
  EXPECT_EQ(rb_class.size(), 4304u);
  // Random permutations of 64 or more PEs: (almost) never.
  Rng rng(43);
  for (int N : {64, 1024}) {
    int ok_ns = 0, ok_rb = 0;
    for (int k = 0; k < 200; ++k) {
      const auto q = random_perm(N, rng);
      ok_ns += routes(q, 2, SelfRouting::NassimiSahni);
      ok_rb += routes(q, 2, SelfRouting::RaghavendraBoppana);
    }
    EXPECT_EQ(ok_ns, 0) << "N " << N;
    EXPECT_EQ(ok_rb, 0) << "N " << N;
  }
}

TEST(LcanSelfRoute, LargerSwitchesRouteExactlyLikeTheirBinaryNetworks) {
  // d = 2^b: the d-ary upper K_m is b binary decisions; so a permutation routes on the
  // d-ary network whenever it routes on the binary one (a d x d crossbar only relaxes the
  // binary switches' constraints).
  Rng rng(44);
  for (int k = 0; k < 300; ++k) {
    const auto p = random_perm(256, rng);
    for (auto rule : {SelfRouting::NassimiSahni, SelfRouting::RaghavendraBoppana}) {
      const auto r2 = self_route(p, 2, rule), r4 = self_route(p, 4, rule),
                 r16 = self_route(p, 16, rule);
      for (int s = 0; s < 256; ++s) {
        for (int m = 0; m < 3; ++m)
          ASSERT_EQ(r4.upper(s, m), r2.upper(s, 2 * m) * 2 + r2.upper(s, 2 * m + 1));
        ASSERT_EQ(r16.upper(s, 0), r4.upper(s, 0) * 4 + r4.upper(s, 1));
      }
      if (routes(p, 2, rule)) {
        EXPECT_TRUE(routes(p, 4, rule));
        EXPECT_TRUE(routes(p, 16, rule));
      }
    }
  }
  EXPECT_THROW(self_route(std::vector<int>(9, 0), 3, SelfRouting::NassimiSahni), InvalidArgument);
  EXPECT_THROW(self_route(std::vector<int>{0, 1, 2, 2}, 2, SelfRouting::NassimiSahni),
               InvalidArgument);
}

}  // namespace
}  // namespace minforge::lcan
