// Paper 004: REALIZE (the 2-realization) checked by Theorem 3.4 and Lemmas 3.1-3.3 at every
// level, for every permutation of the 1-, 2- and 3-cube, thousands of random permutations
// for d = 4..16 and the structured ones; the compact realization equals the reference
// PARTITION + CONSTRUCT (explicit paths, the eight cases) path for path; the checker rejects
// broken realizations.
#include "minforge/algo/hypercube/hypercube_realize.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "minforge/algo/hypercube/hypercube_base.hpp"
#include "minforge/algo/hypercube/hypercube_partition.hpp"

namespace hc = minforge::hypercube;
using minforge::InvalidArgument;

namespace {

// Every check on one permutation; returns the realization.
hc::Realization realize_checked(int d, const hc::Perm& pi, const std::string& what) {
  SCOPED_TRACE(what);
  hc::LemmaReport lemmas;
  hc::Realization r = hc::realize(d, pi, {}, &lemmas);
  EXPECT_TRUE(lemmas.ok) << (lemmas.errors.empty() ? "" : lemmas.errors[0]);
  EXPECT_EQ(lemmas.levels.size(), static_cast<size_t>(d - hc::base_level(d)));
  for (const auto& l : lemmas.levels) {
    EXPECT_LE(l.max_block_crossings, uint64_t{1} << l.level);  // Lemma 3.3
    EXPECT_LE(l.max_edge_load, 2);                             // Lemma 3.2
  }
  hc::check_levels(r, lemmas);
  EXPECT_TRUE(lemmas.ok) << (lemmas.errors.empty() ? "" : lemmas.errors[0]);
  hc::RealizationCheck c = hc::check_realization(r);
  EXPECT_TRUE(c.ok) << (c.errors.empty() ? "" : c.errors[0]);
  EXPECT_LE(c.max_edge_load, d <= 3 ? 1 : 2);
  EXPECT_LE(c.edge_uses, uint64_t(d) << d);  // Theorem 3.4(i)
  EXPECT_EQ(c.bound_edge_uses, uint64_t(d) << d);
  EXPECT_LE(c.max_path_length, d <= 3 ? d : 2 * d - 3);  // Theorem 3.4(ii)
  EXPECT_EQ(c.bound_path_length, hc::path_bound(d));
  return r;
}

}  // namespace

TEST(HypercubeRealize, Every3CubePermutationIsA1RealizationWithShortestPaths) {
  hc::Perm pi(8);
  std::vector<uint32_t> p;
  for (uint32_t rank = 0; rank < 40320; ++rank) {
    hc::base::perm_unrank(rank, 8, pi.data());
    ASSERT_EQ(hc::base::perm_rank(pi.data(), 8), rank);
    hc::Realization r = hc::realize(3, pi);
    hc::RealizationCheck c = hc::check_realization(r);
    ASSERT_TRUE(c.ok) << rank << ": " << c.errors[0];
    ASSERT_LE(c.max_edge_load, 1) << rank;  // edge-disjoint (Szymanski [9])
    for (uint32_t v = 0; v < 8; ++v) {
      r.path(v, p);
      ASSERT_EQ(static_cast<int>(p.size()) - 1, hc::distance(v, pi[v])) << rank;  // shortest
    }
    hc::LemmaReport rep;
    hc::check_levels(r, rep);
    ASSERT_TRUE(rep.ok) << rep.errors[0];
  }
}

TEST(HypercubeRealize, Every1CubeAnd2CubePermutation) {
  for (int d : {1, 2}) {
    const uint32_t n = 1u << d, count = d == 1 ? 2 : 24;
    hc::Perm pi(n);
    for (uint32_t rank = 0; rank < count; ++rank) {
      hc::base::perm_unrank(rank, n, pi.data());
      hc::Realization r = realize_checked(d, pi, "d " + std::to_string(d));
      for (uint32_t v = 0; v < n; ++v)
        EXPECT_EQ(static_cast<int>(r.path(v).size()) - 1, hc::distance(v, pi[v]));
    }
  }
  // The 2-cube's complement needs paths of length 2 = d > 2d - 3.
  hc::Realization r = hc::realize(2, hc::make_perm(2, "complement"));
  EXPECT_EQ(hc::check_realization(r).max_path_length, 2);
}

TEST(HypercubeRealize, RandomPermutationsAllChecks) {
  int total = 0;
  for (int d = 4; d <= 16; ++d) {
    const int count = d <= 7 ? 600 : d <= 10 ? 100 : d <= 13 ? 10 : 2;
    for (int k = 0; k < count; ++k, ++total)
      realize_checked(d, hc::make_perm(d, "random", 7919u * d + k),
                      "d " + std::to_string(d) + " seed " + std::to_string(k));
  }
  EXPECT_EQ(total, 4 * 600 + 3 * 100 + 3 * 10 + 3 * 2);
}

TEST(HypercubeRealize, StructuredPermutationsAllChecks) {
  for (int d = 1; d <= 16; ++d)
    for (std::string cls : {"identity", "bit-reversal", "complement", "transpose", "shift",
                            "shift:3", "shuffle", "random"}) {
      if (cls == "shift:3" && d < 2) continue;
      hc::Realization r =
          realize_checked(d, hc::make_perm(d, cls, 3), cls + " d " + std::to_string(d));
      if (cls == "identity") {  // nothing moves: every path is empty
        EXPECT_EQ(hc::check_realization(r).edge_uses, 0u);
      }
      if (cls == "complement" && d >= 3) {
        // every packet crosses every dimension: d 2^d edge uses, exactly the bound
        EXPECT_EQ(hc::check_realization(r).edge_uses, uint64_t(d) << d) << d;
      }
    }
}

TEST(HypercubeRealize, EqualsReferencePartitionAndConstruct) {
  for (int d = 1; d <= 11; ++d) {
    const int count = d <= 6 ? 100 : d <= 8 ? 10 : 2;
    for (int k = 0; k < count + 6; ++k) {
      static const char* classes[] = {"bit-reversal", "complement", "transpose",
                                      "shift",        "shuffle",    "identity"};
      hc::Perm pi = k < count ? hc::make_perm(d, "random", 31u * d + k)
                              : hc::make_perm(d, classes[k - count]);
      hc::PathSet ref = hc::realize_reference(d, pi);
      hc::Realization r = hc::realize(d, pi);
      for (uint32_t v = 0; v < pi.size(); ++v) ASSERT_EQ(r.path(v), ref[v]) << d << " " << k;
      hc::RealizationCheck c = hc::check_realization(d, pi, ref);
      EXPECT_TRUE(c.ok);
    }
  }
}

// The level-by-level PARTITION of REALIZE chooses the same I as the reference partition()
// in every block of every level, and its pi_{k-1} is (2.2)'s pi_1, pi_2.
TEST(HypercubeRealize, EveryLevelAgreesWithReferencePartition) {
  for (int d = 4; d <= 10; ++d)
    for (int k = 0; k < 8; ++k) {
      hc::Perm pi = hc::make_perm(d, "random", 101u * d + k);
      hc::Realization r = hc::realize(d, pi, {.keep_levels = true});
      ASSERT_EQ(r.levels.size(), static_cast<size_t>(d + 1));
      EXPECT_EQ(r.levels[d], pi);
      EXPECT_EQ(r.levels[3], r.base);
      for (int lv = d; lv >= 4; --lv) {
        const uint32_t bs = 1u << lv, m = bs / 2;
        for (uint32_t q = 0; q < pi.size(); q += bs) {
          hc::Perm local(bs);
          for (uint32_t v = 0; v < bs; ++v) local[v] = r.levels[lv][q + v] - q;
          hc::Partition P = hc::partition(local);
          for (uint32_t i = 0; i < m; ++i) {
            ASSERT_EQ((r.pre[q + i] >> (lv - 1)) & 1u, P.in_I[i]) << d << " " << lv;
            ASSERT_EQ((r.pre[q + i + m] >> (lv - 1)) & 1u, P.in_I[i]);
            ASSERT_EQ(r.levels[lv - 1][q + i], q + P.pi1[i]);
            ASSERT_EQ(r.levels[lv - 1][q + m + i], q + m + P.pi2[i]);
          }
        }
      }
    }
}

TEST(HypercubeRealize, BaseBlocksReachedByTheRecursion) {
  // Every 3-cube block at the bottom of the recursion is one of the 8! verified base cases:
  // its paths stay in the block, are shortest and edge-disjoint (check_levels), and the
  // block's permutation is what the level above handed down.
  for (int d = 4; d <= 12; ++d) {
    hc::Perm pi = hc::make_perm(d, "random", 4242u + d);
    hc::Realization r = hc::realize(d, pi, {.keep_levels = true});
    hc::LemmaReport rep;
    hc::check_levels(r, rep);
    EXPECT_TRUE(rep.ok);
    for (uint32_t q = 0; q < pi.size(); q += 8) {
      uint32_t local[8];
      for (uint32_t v = 0; v < 8; ++v) {
        ASSERT_EQ(r.base[q + v] >> 3, q >> 3);
        local[v] = r.base[q + v] - q;
      }
      const auto& codes = hc::base::circuit_paths(3, local);
      for (uint32_t v = 0; v < 8; ++v) EXPECT_EQ(codes[v], r.base_path[q + v]);
    }
  }
}

TEST(HypercubeRealize, BadInputThrows) {
  EXPECT_THROW(hc::realize(0, {0}), InvalidArgument);
  EXPECT_THROW(hc::realize(25, {}), InvalidArgument);
  EXPECT_THROW(hc::realize(3, {0, 1, 2, 3, 4, 5, 6}), InvalidArgument);
  EXPECT_THROW(hc::realize(3, {0, 1, 2, 3, 4, 5, 6, 6}), InvalidArgument);
  EXPECT_THROW(hc::realize(3, {0, 1, 2, 3, 4, 5, 6, 8}), InvalidArgument);
  EXPECT_THROW(hc::partition({0, 1, 2}), InvalidArgument);
  EXPECT_THROW(hc::partition({0, 0}), InvalidArgument);
}

// The checker can fail: one broken property at a time.
TEST(HypercubeRealize, CheckerRejectsBrokenRealizations) {
  const int d = 4;
  hc::Perm pi = hc::make_perm(d, "random", 9);
  const hc::PathSet good = hc::realize_reference(d, pi);
  ASSERT_TRUE(hc::check_realization(d, pi, good).ok);
  auto fails_with = [&](const hc::PathSet& paths, const std::string& text) {
    hc::RealizationCheck c = hc::check_realization(d, pi, paths);
    EXPECT_FALSE(c.ok) << text;
    bool found = false;
    for (const auto& e : c.errors) found = found || e.find(text) != std::string::npos;
    EXPECT_TRUE(found) << text << " / " << (c.errors.empty() ? "" : c.errors[0]);
  };
  {  // does not start at v
    hc::PathSet p = good;
    p[3].front() ^= 1;
    fails_with(p, "does not start");
  }
  {  // ends elsewhere
    hc::PathSet p = good;
    p[5].push_back(p[5].back() ^ 1);
    fails_with(p, "not at pi(v)");
  }
  {  // jumps over a non-edge
    hc::PathSet p = good;
    p[6] = {6, 6 ^ 3};
    fails_with(p, "not a cube edge");
  }
  {  // a path longer than 2d - 3: v, v^1, v, v^1, ... then the real path
    hc::PathSet p = good;
    std::vector<uint32_t> detour = {0, 1, 0, 1, 0, 1, 0};
    detour.insert(detour.end(), good[0].begin() + 1, good[0].end());
    p[0] = detour;
    fails_with(p, "Theorem 3.4(ii)");
    fails_with(p, "more than 2 paths");  // (0,1) now carries 3 uses
  }
  {  // three paths over the directed edge (8, 9), each path otherwise fine
    hc::Perm id = hc::make_perm(d, "identity");
    hc::PathSet p(16);
    for (uint32_t v = 0; v < 16; ++v) p[v] = {v};
    p[8] = {8, 9, 8};
    p[10] = {10, 8, 9, 11, 10};
    EXPECT_TRUE(hc::check_realization(d, id, p).ok);
    EXPECT_EQ(hc::check_realization(d, id, p).max_edge_load, 2);
    p[12] = {12, 8, 9, 13, 12};
    hc::RealizationCheck c = hc::check_realization(d, id, p);
    EXPECT_EQ(c.max_edge_load, 3);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.errors.at(0).find("edge (8, 9) carries more than 2 paths"), std::string::npos);
  }
  {  // too many edge uses in total, every edge at most twice: all 32 undirected edges of the
     // 4-cube ... each vertex of the identity walks to a neighbour and back in every
     // dimension: 2 d 2^d = 128 uses > 64, every directed edge exactly twice
    hc::Perm id = hc::make_perm(d, "identity");
    hc::PathSet p(16);
    for (uint32_t v = 0; v < 16; ++v) {
      p[v] = {v};
      for (int j = 0; j < d; ++j) {
        p[v].push_back(v ^ (1u << j));
        p[v].push_back(v);
      }
    }
    hc::RealizationCheck c = hc::check_realization(d, id, p);
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.edge_uses, 128u);
    EXPECT_EQ(c.max_edge_load, 2);
    EXPECT_NE(c.errors.back().find("Theorem 3.4(i)"), std::string::npos) << c.errors.back();
  }
  EXPECT_THROW(hc::check_realization(d, pi, hc::PathSet(15)), InvalidArgument);
}
