// Paper 001's closed forms (lemma::) property-tested against the routing code: Lemmas
// 3.3-3.7 and Theorem 4.2 / Lemma 4.3 / Theorem 4.4, for every even N up to 300 in full and
// sampled at larger N.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "minforge/algo/gsen/gsen.hpp"

using namespace minforge;
using namespace minforge::gsen;

namespace {

constexpr int kFullMax = 300;
const int kLargeN[] = {1026, 2048, 4094, 10002, 16382, 65534, kMaxPorts - 2, kMaxPorts};

}  // namespace

// Lemma 3.3: destination and backward tag of P(i, F), every i and F, every even N <= 300.
TEST(GsenLemma, Lemma33DestinationAndBackwardTag) {
  for (int N = 4; N <= kFullMax; N += 2) {
    Topology t(N);
    for (int i = 0; i < N; ++i)
      for (uint32_t F = 0; F < t.power(); ++F) {
        const Endpoint e = route_endpoint_by_tag(t, i, F);
        ASSERT_EQ(e.forward_tag, F);
        ASSERT_EQ(e.dest, lemma::destination(N, i, F)) << N << " " << i << " " << F;
        ASSERT_EQ(e.backward_tag, lemma::backward_tag(N, i, F)) << N << " " << i << " " << F;
      }
  }
}

TEST(GsenLemma, Lemma33LargeNSampled) {
  std::mt19937 rng(33);
  for (int N : kLargeN) {
    Topology t(N);
    for (int rep = 0; rep < 2000; ++rep) {
      const int i = static_cast<int>(rng() % static_cast<uint32_t>(N));
      const uint32_t F = rng() % t.power();
      const Endpoint e = route_endpoint_by_tag(t, i, F);
      ASSERT_EQ(e.dest, lemma::destination(N, i, F));
      ASSERT_EQ(e.backward_tag, lemma::backward_tag(N, i, F));
    }
    // Extreme corners: i = N-1 with F = 2^n - 1 (largest i 2^n + F).
    const Endpoint e = route_endpoint_by_tag(t, N - 1, t.power() - 1);
    EXPECT_EQ(e.dest, lemma::destination(N, N - 1, t.power() - 1));
    EXPECT_EQ(e.backward_tag, lemma::backward_tag(N, N - 1, t.power() - 1));
  }
}

// Lemma 3.4: with stage control C, the path of every input has C = B xor F.
TEST(GsenLemma, Lemma34StageConfigIsBXorF) {
  for (int N = 4; N <= kFullMax; N += 2) {
    Topology t(N);
    for (uint32_t C = 0; C < t.power(); ++C)
      for (int i = 0; i < N; ++i) {
        const Endpoint e = route_endpoint(t, Ctrl::Stage, C, i);
        ASSERT_EQ(lemma::stage_config(e.backward_tag, e.forward_tag), C) << N << " " << i;
      }
  }
}

// Lemma 3.5: P(i, F) is the only path from i to its destination iff 2^n - N <= F < N;
// in particular F = 2^(n-1) and 2^(n-1) + 1 give unique paths.  Checked by counting, for
// each i, how many tags reach each output.
TEST(GsenLemma, Lemma35UniquePaths) {
  for (int N = 4; N <= kFullMax; N += 2) {
    Topology t(N);
    const uint32_t P = t.power();
    EXPECT_TRUE(lemma::unique_path(N, P / 2));
    EXPECT_TRUE(lemma::unique_path(N, P / 2 + 1));
    std::vector<int> hits(static_cast<size_t>(N));
    for (int i = 0; i < N; ++i) {
      std::fill(hits.begin(), hits.end(), 0);
      std::vector<int> dest(P);
      for (uint32_t F = 0; F < P; ++F) {
        dest[F] = route_endpoint_by_tag(t, i, F).dest;
        ++hits[static_cast<size_t>(dest[F])];
      }
      for (uint32_t F = 0; F < P; ++F)
        ASSERT_EQ(lemma::unique_path(N, F), hits[static_cast<size_t>(dest[F])] == 1)
            << N << " " << i << " " << F;
      // Every output is reachable (by one or two tags).
      for (int h : hits) ASSERT_TRUE(h == 1 || h == 2);
    }
  }
}

// Lemma 3.6: B_{2^(n-1)} = B_{2^(n-1)+1}, with the sets taken from routed paths.
// Lemma 3.7: no B_F has two consecutive holes (routed paths vs lemma::).
TEST(GsenLemma, Lemma36And37BackwardSets) {
  for (int N = 4; N <= kFullMax; N += 2) {
    Topology t(N);
    const uint32_t P = t.power();
    auto routed_set = [&](uint32_t F) {
      std::vector<uint32_t> b(static_cast<size_t>(N));
      for (int i = 0; i < N; ++i)
        b[static_cast<size_t>(i)] = route_endpoint_by_tag(t, i, F).backward_tag;
      return b;
    };
    auto as_set = [](const std::vector<uint32_t>& v) {
      return std::set<uint32_t>(v.begin(), v.end());
    };
    EXPECT_EQ(as_set(routed_set(P / 2)), as_set(routed_set(P / 2 + 1))) << N;
    for (uint32_t F = 0; F < P; ++F) {
      const auto routed = routed_set(F);
      ASSERT_EQ(routed, lemma::backward_set(N, F));
      // Holes computed independently of lemma::no_two_consecutive_holes.
      std::vector<bool> present(P, false);
      for (uint32_t b : routed) present[b] = true;
      bool two_holes = false;
      for (uint32_t h = 0; h + 1 < P; ++h) two_holes |= !present[h] && !present[h + 1];
      ASSERT_FALSE(two_holes) << N << " " << F;
      ASSERT_TRUE(lemma::no_two_consecutive_holes(N, F));
      // B values along the inputs are strictly increasing in steps of 1 or 2 (the proof).
      ASSERT_LE(routed.front(), 1u);
      ASSERT_GE(routed.back(), P - 2);
      for (int i = 1; i < N; ++i) {
        const uint32_t d = routed[static_cast<size_t>(i)] - routed[static_cast<size_t>(i - 1)];
        ASSERT_TRUE(d == 1 || d == 2);
      }
    }
  }
}

// Theorem 4.2 and Lemma 4.3 (N = 2 mod 4, alternating control): even inputs share tag F,
// odd inputs share F-bar, F xor F-bar = 11..1, A = F xor F/2, F = A xor A/2 xor ... .
// Theorem 4.4: destinations d(i, k).  Every A for every N = 2 mod 4 up to 300.
TEST(GsenLemma, Theorem42AlternatingTags) {
  for (int N = 6; N <= kFullMax; N += 4) {
    Topology t(N);
    const uint32_t P = t.power();
    for (uint32_t A = 0; A < P; ++A) {
      const auto tags = forward_tags(t, Ctrl::Alt, A);
      const uint32_t F = tags[0], Fbar = tags[1];
      for (int i = 0; i < N; ++i) ASSERT_EQ(tags[static_cast<size_t>(i)], i % 2 == 0 ? F : Fbar);
      ASSERT_EQ(F ^ Fbar, P - 1);                   // (i)
      ASSERT_EQ(lemma::alt_config_from_tag(F), A);  // (ii)
      ASSERT_EQ(lemma::tag_from_alt_config(A), F);  // (iii)
      ASSERT_EQ(lemma::alt_even_tag(N, A), F);      // Lemma 4.3
      ASSERT_EQ(lemma::alt_odd_tag(N, A), Fbar);
      // With A = A_k (k = F): destinations of Theorem 4.4.
      const auto perm = permutation(t, Ctrl::Alt, A);
      for (int i = 0; i < N; ++i)
        ASSERT_EQ(perm[static_cast<size_t>(i)], lemma::alt_destination(N, i, F)) << N << " " << A;
    }
  }
}

// Property (*) needs N = 2 mod 4: for N = 0 mod 4 (N >= 8) some alternating configuration
// gives two even inputs different tags (so Theorem 4.2 is not vacuous).
TEST(GsenLemma, Theorem42NeedsNTwoModFour) {
  for (int N = 8; N <= kFullMax; N += 4) {
    Topology t(N);
    bool differs = false;
    for (uint32_t A = 0; A < t.power() && !differs; ++A) {
      const auto tags = forward_tags(t, Ctrl::Alt, A);
      for (int i = 2; i < N && !differs; i += 2) differs = tags[static_cast<size_t>(i)] != tags[0];
    }
    EXPECT_TRUE(differs) << N;
  }
  EXPECT_THROW(lemma::alt_even_tag(12, 0), InvalidArgument);
  EXPECT_THROW(lemma::alt_odd_tag(12, 0), InvalidArgument);
  EXPECT_THROW(lemma::alt_destination(12, 0, 0), InvalidArgument);
}

TEST(GsenLemma, Theorem42LargeNSampled) {
  std::mt19937 rng(42);
  for (int N : {1026, 4094, 16382, 65538, kMaxPorts - 2}) {
    if (N % 4 != 2) continue;
    Topology t(N);
    for (int rep = 0; rep < 50; ++rep) {
      const uint32_t A = rng() % t.power();
      const uint32_t F = lemma::alt_even_tag(N, A);
      for (int s = 0; s < 20; ++s) {
        const int i = static_cast<int>(rng() % static_cast<uint32_t>(N));
        const Endpoint e = route_endpoint(t, Ctrl::Alt, A, i);
        ASSERT_EQ(e.forward_tag, i % 2 == 0 ? F : lemma::alt_odd_tag(N, A));
        ASSERT_EQ(e.dest, lemma::alt_destination(N, i, F));
      }
    }
  }
}

TEST(GsenLemma, RejectsBadArguments) {
  EXPECT_THROW(lemma::destination(9, 0, 0), InvalidArgument);
  EXPECT_THROW(lemma::destination(10, 10, 0), InvalidArgument);
  EXPECT_THROW(lemma::destination(10, 0, 16), InvalidArgument);
  EXPECT_THROW(lemma::backward_tag(2, 0, 0), InvalidArgument);
  EXPECT_THROW(lemma::unique_path(10, 16), InvalidArgument);
  EXPECT_THROW(lemma::backward_set(kMaxPorts + 2, 0), InvalidArgument);
  EXPECT_THROW(lemma::alt_even_tag(10, 16), InvalidArgument);
  // N = 10: unique-path tags are 6..9 (2^n - N = 6).
  std::vector<uint32_t> unique;
  for (uint32_t F = 0; F < 16; ++F)
    if (lemma::unique_path(10, F)) unique.push_back(F);
  EXPECT_EQ(unique, (std::vector<uint32_t>{6, 7, 8, 9}));
  // N = 20: 12..19 (Theorem 5.5's proof).
  unique.clear();
  for (uint32_t F = 0; F < 32; ++F)
    if (lemma::unique_path(20, F)) unique.push_back(F);
  EXPECT_EQ(unique, (std::vector<uint32_t>{12, 13, 14, 15, 16, 17, 18, 19}));
}
