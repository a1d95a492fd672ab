// Paper 004, section 2: PARTITION's structures (the psi sequences, the classes of S as
// sequences (I) with heads and tails, G' and Lemma 2.1, L(C)), CONSTRUCT's eight cases and
// the counting of Lemma 3.3, on all permutations of the 2- and 3-cube and random ones up to
// d = 10; the reading of Marked(D) per slot, with the permutation where the printed set union
// breaks Lemma 3.3.
#include "minforge/algo/hypercube/hypercube_partition.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace hc = minforge::hypercube;

namespace {

// dimension-(d-1) edge uses of CONSTRUCT, from the cases (Lemma 3.3's table).
int crossings(const std::vector<int>& cases) {
  static const int uses[9] = {0, 0, 1, 1, 0, 2, 1, 1, 2};
  int c = 0;
  for (int k : cases) c += uses[k];
  return c;
}

// R for pi_1 and pi_2: any valid realization serves CONSTRUCT; use the reference one.
hc::Constructed construct_for(const hc::Perm& pi, const hc::Partition& P) {
  int d = 0;
  while ((1u << d) < pi.size()) ++d;
  return hc::construct(pi, P, hc::realize_reference(d - 1, P.pi1),
                       hc::realize_reference(d - 1, P.pi2));
}

void check_partition(const hc::Perm& pi) {
  const hc::Partition P = hc::partition(pi);
  const uint32_t m = P.m;
  ASSERT_EQ(pi.size(), 2 * m);
  // (2.1) and Observation 2: every value of M twice among psi_1, psi_2.
  std::vector<int> count(m, 0);
  for (uint32_t i = 0; i < m; ++i) {
    EXPECT_EQ(P.psi1[i], pi[i] % m);
    EXPECT_EQ(P.psi2[i], pi[i + m] % m);
    ++count[P.psi1[i]];
    ++count[P.psi2[i]];
  }
  for (int c : count) EXPECT_EQ(c, 2);
  // Classes: a partition of M into sequences (I), closed under S.
  std::vector<int> seen(m, 0);
  for (size_t a = 0; a < P.classes.size(); ++a) {
    const auto& D = P.classes[a];
    for (size_t j = 0; j + 1 < D.members.size(); ++j)
      EXPECT_EQ(P.psi1[D.members[j + 1]], P.psi2[D.members[j]]);  // (I)
    EXPECT_EQ(D.head, P.psi1[D.members.front()]);
    EXPECT_EQ(D.tail, P.psi2[D.members.back()]);
    EXPECT_EQ(D.cyclic, D.head == D.tail);  // case 2 vs case 1
    if (D.cyclic) {
      EXPECT_EQ(D.members.front(), *std::min_element(D.members.begin(), D.members.end()));
    }
    for (uint32_t p : D.members) {
      ++seen[p];
      EXPECT_EQ(P.class_of[p], static_cast<int>(a));
    }
  }
  for (int s : seen) EXPECT_EQ(s, 1);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < m; ++j)
      if (P.psi1[i] == P.psi2[j]) {
        EXPECT_EQ(P.class_of[i], P.class_of[j]);  // S
      }
  // Case 1: the head occurs twice in psi_1 and the tail twice in psi_2.
  for (const auto& D : P.classes)
    if (!D.cyclic) {
      EXPECT_EQ(std::count(P.psi1.begin(), P.psi1.end(), D.head), 2);
      EXPECT_EQ(std::count(P.psi2.begin(), P.psi2.end(), D.tail), 2);
    }
  // G' from the definition, and Lemma 2.1: each component an isolated vertex, a single edge
  // or an even cycle.
  std::set<std::tuple<int, int, char>> edges;
  for (size_t a = 0; a < P.classes.size(); ++a)
    for (size_t b = a + 1; b < P.classes.size(); ++b) {
      if (P.classes[a].head == P.classes[b].head) edges.insert({a, b, 'h'});
      if (P.classes[a].tail == P.classes[b].tail) edges.insert({a, b, 't'});
    }
  std::set<std::tuple<int, int, char>> listed;
  for (const auto& e : P.edges) listed.insert({e.a, e.b, e.mark});
  EXPECT_EQ(listed, edges);
  EXPECT_EQ(edges.empty(), hc::is_permutation(P.psi1) && hc::is_permutation(P.psi2));
  size_t covered = 0;
  for (const auto& C : P.components) {
    covered += C.classes.size();
    const size_t k = C.classes.size();
    switch (C.kind) {
      case hc::ComponentKind::kIsolated:
        EXPECT_EQ(k, 1u);
        EXPECT_TRUE(P.classes[C.classes[0]].cyclic);
        break;
      case hc::ComponentKind::kEdge:
      case hc::ComponentKind::kCycle:
        EXPECT_EQ(k % 2, 0u);
        EXPECT_EQ(C.kind == hc::ComponentKind::kEdge, k == 2);
        for (size_t j = 0; j < k; ++j) {
          int a = C.classes[j], b = C.classes[(j + 1) % k];
          EXPECT_TRUE(edges.count({std::min(a, b), std::max(a, b), C.marks[j]}));
          EXPECT_NE(C.marks[j], C.marks[(j + 1) % k]);  // h and t alternate
        }
        {  // (2.3)
          int odd = 0, even = 0;
          for (size_t j = 0; j < k; ++j) (j % 2 ? even : odd) += P.classes[C.classes[j]].marked;
          EXPECT_EQ(C.odd_chosen, odd <= even);
          for (size_t j = 0; j < k; ++j)
            for (uint32_t i : P.classes[C.classes[j]].members)
              EXPECT_EQ(P.in_I[i], (j % 2 == 0) == C.odd_chosen);
        }
        break;
    }
  }
  EXPECT_EQ(covered, P.classes.size());
  // (2.2): pi_1 and pi_2 are permutations.
  EXPECT_TRUE(hc::is_permutation(P.pi1));
  EXPECT_TRUE(hc::is_permutation(P.pi2));
  // CONSTRUCT: cases 1-4 for i not in I, 5-8 for i in I, each as the paper states, and
  // Lemma 3.3: #(cases 5, 8) <= #(cases 1, 4), hence at most n dimension-(d-1) edge uses.
  const hc::Constructed R = construct_for(pi, P);
  std::map<int, int> n_case;
  for (uint32_t i = 0; i < m; ++i) {
    const int a = R.cases[i], b = R.cases[i + m];
    ++n_case[a];
    ++n_case[b];
    if (P.in_I[i]) {
      EXPECT_EQ(a, pi[i] < m ? 5 : 6);
      EXPECT_EQ(b, pi[i + m] < m ? 7 : 8);
    } else {
      EXPECT_EQ(a, pi[i] < m ? 1 : 2);
      EXPECT_EQ(b, pi[i + m] < m ? 3 : 4);
    }
    EXPECT_EQ(R.paths[i].back(), pi[i]);
    EXPECT_EQ(R.paths[i + m].back(), pi[i + m]);
  }
  EXPECT_LE(n_case[5] + n_case[8], n_case[1] + n_case[4]);
  EXPECT_LE(crossings(R.cases), static_cast<int>(2 * m));
}

}  // namespace

TEST(HypercubePartition, EveryPermutationOfThe2And3Cube) {
  for (uint32_t n : {4u, 8u}) {
    hc::Perm pi(n);
    const uint32_t count = n == 4 ? 24 : 40320;
    for (uint32_t r = 0; r < count; ++r) {
      hc::base::perm_unrank(r, n, pi.data());
      SCOPED_TRACE(r);
      check_partition(pi);
    }
  }
}

TEST(HypercubePartition, RandomAndStructured) {
  for (int d = 4; d <= 10; ++d) {
    for (int k = 0; k < (d <= 6 ? 150 : 15); ++k) {
      SCOPED_TRACE(d * 1000 + k);
      check_partition(hc::make_perm(d, "random", 555u * d + k));
    }
    for (const char* cls :
         {"identity", "bit-reversal", "complement", "transpose", "shift", "shuffle"}) {
      SCOPED_TRACE(cls);
      check_partition(hc::make_perm(d, cls));
    }
  }
}

// A single-edge component, spelled out (docs/hypercube.md): pi = 0 1 2 5 3 7 4 6 on the
// 3-cube.  psi_1 = 0 1 2 1, psi_2 = 3 3 0 2; classes D_1 = (3, 2, 0) with head 1, tail 3 and
// D_2 = (1) with head 1, tail 3.  Marked slots: D_1 has 4 (psi_1(0), psi_1(2), psi_2(2),
// psi_2(3)) but only the values {0, 2}; D_2 has 2 (values {1, 3}).  Counting slots, (2.3)
// puts D_2 into I: 6 dimension-2 edge uses.  Counting values (2 <= 2) it puts D_1 into I and
// CONSTRUCT uses 10 > n = 8 dimension-2 edges, breaking Lemma 3.3.
TEST(HypercubePartition, MarkedCountsSlotsNotValues) {
  const hc::Perm pi = {0, 1, 2, 5, 3, 7, 4, 6};
  const hc::Partition P = hc::partition(pi);
  EXPECT_EQ(P.psi1, (std::vector<uint32_t>{0, 1, 2, 1}));
  EXPECT_EQ(P.psi2, (std::vector<uint32_t>{3, 3, 0, 2}));
  ASSERT_EQ(P.classes.size(), 2u);
  EXPECT_EQ(P.classes[0].members, (std::vector<uint32_t>{3, 2, 0}));
  EXPECT_EQ(P.classes[0].head, 1u);
  EXPECT_EQ(P.classes[0].tail, 3u);
  EXPECT_EQ(P.classes[1].members, (std::vector<uint32_t>{1}));
  EXPECT_EQ(P.classes[0].marked, 4);
  EXPECT_EQ(P.classes[0].marked_values, 2);
  EXPECT_EQ(P.classes[1].marked, 2);
  EXPECT_EQ(P.classes[1].marked_values, 2);
  ASSERT_EQ(P.components.size(), 1u);
  EXPECT_EQ(P.components[0].kind, hc::ComponentKind::kEdge);
  EXPECT_EQ(P.in_I, (std::vector<uint8_t>{0, 1, 0, 0}));
  EXPECT_EQ(crossings(construct_for(pi, P).cases), 6);

  const hc::Partition V = hc::partition(pi, hc::MarkedReading::kValues);
  EXPECT_EQ(V.in_I, (std::vector<uint8_t>{1, 0, 1, 1}));
  EXPECT_EQ(crossings(construct_for(pi, V).cases), 10);  // > 8: Lemma 3.3 fails

  // How often: of the 8! permutations of the 3-cube, the value reading breaks Lemma 3.3 for
  // 432, the slot reading for none.
  int broken_values = 0, broken_slots = 0;
  hc::Perm q(8);
  for (uint32_t r = 0; r < 40320; ++r) {
    hc::base::perm_unrank(r, 8, q.data());
    auto count = [&](const hc::Partition& X) {
      int c = 0;
      for (uint32_t i = 0; i < 4; ++i)
        c +=
            X.in_I[i] ? (q[i] < 4 ? 2 : 1) + (q[i + 4] >= 4 ? 2 : 1) : (q[i] >= 4) + (q[i + 4] < 4);
      return c;
    };
    broken_values += count(hc::partition(q, hc::MarkedReading::kValues)) > 8;
    broken_slots += count(hc::partition(q)) > 8;
  }
  EXPECT_EQ(broken_values, 432);
  EXPECT_EQ(broken_slots, 0);
}
