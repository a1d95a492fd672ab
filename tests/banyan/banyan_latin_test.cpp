// Banyan network (paper 000): Latin square L' (Algorithm A, Example 1, Fig. 2(b), Fig. 5,
// Appendix rows), Properties 1-3, routing, blocked sets (Example 2, Fig. 2), bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "minforge/algo/banyan/banyan.hpp"

using minforge::InvalidArgument;
using minforge::Pair;
namespace bn = minforge::banyan;

namespace {

// Stage-by-stage Gamma_k(x) straight from the definition (sigma, tau) for cross-checks.
int gamma_by_definition(const bn::Topology& t, uint32_t k, int x) {
  int p = x;
  for (int i = 0; i < t.stages(); ++i) {
    p = bn::Topology::sigma(t.stage_cross(k, i), p);
    if (i < t.stages() - 1) p = t.tau(i, p);
  }
  return p;
}

}  // namespace

TEST(BanyanTopology, TauOfFig1) {
  bn::Topology t(8);
  std::vector<int> tau0, tau1;
  for (int x = 0; x < 8; ++x) {
    tau0.push_back(t.tau(0, x));
    tau1.push_back(t.tau(1, x));
  }
  EXPECT_EQ(tau0, (std::vector<int>{0, 2, 1, 3, 4, 6, 5, 7}));
  EXPECT_EQ(tau1, (std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7}));
  EXPECT_EQ(t.stages(), 3);
}

TEST(BanyanLatin, Example1VerbatimWithLabels) {
  bn::Topology t(8);
  const std::vector<std::vector<int>> paper = {{0, 2, 4, 6, 1, 3, 5, 7}, {1, 3, 5, 7, 0, 2, 4, 6},
                                               {4, 6, 0, 2, 5, 7, 1, 3}, {5, 7, 1, 3, 4, 6, 0, 2},
                                               {2, 0, 6, 4, 3, 1, 7, 5}, {3, 1, 7, 5, 2, 0, 6, 4},
                                               {6, 4, 2, 0, 7, 5, 3, 1}, {7, 5, 3, 1, 6, 4, 2, 0}};
  const std::vector<std::string> labels = {"I.t0.I.t1.I", "I.t0.I.t1.s", "I.t0.s.t1.I",
                                           "I.t0.s.t1.s", "s.t0.I.t1.I", "s.t0.I.t1.s",
                                           "s.t0.s.t1.I", "s.t0.s.t1.s"};
  EXPECT_EQ(bn::latin_square(t), paper);
  for (uint32_t k = 0; k < 8; ++k) EXPECT_EQ(bn::gamma_label(t, k), labels[k]) << k;
}

TEST(BanyanLatin, Fig2bRowsN16) {
  bn::Topology t(16);
  // Rows printed intact in the paper's Fig. 2(b).
  const std::map<int, std::vector<int>> intact = {
      {0, {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15}},
      {1, {1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14}},
      {4, {4, 6, 0, 2, 12, 14, 8, 10, 5, 7, 1, 3, 13, 15, 9, 11}},
      {5, {5, 7, 1, 3, 13, 15, 9, 11, 4, 6, 0, 2, 12, 14, 8, 10}},
      {10, {10, 8, 14, 12, 2, 0, 6, 4, 11, 9, 15, 13, 3, 1, 7, 5}},
      {11, {11, 9, 15, 13, 3, 1, 7, 5, 10, 8, 14, 12, 2, 0, 6, 4}},
      {14, {14, 12, 10, 8, 6, 4, 2, 0, 15, 13, 11, 9, 7, 5, 3, 1}},
      {15, {15, 13, 11, 9, 7, 5, 3, 1, 14, 12, 10, 8, 6, 4, 2, 0}}};
  for (const auto& [k, row] : intact) EXPECT_EQ(bn::gamma_row(t, k), row) << "row " << k;
  // In rows 2, 3, 6, 12, 13 the OCR put the row label over column 0; the printed
  // columns 1..15 are legible (row 2 column 8 reads "8", an OCR slip for 9).
  const std::map<int, std::vector<int>> tail = {
      {3, {11, 13, 15, 1, 3, 5, 7, 8, 10, 12, 14, 0, 2, 4, 6}},
      {6, {14, 8, 10, 4, 6, 0, 2, 13, 15, 9, 11, 5, 7, 1, 3}},
      {12, {4, 2, 0, 14, 12, 10, 8, 7, 5, 3, 1, 15, 13, 11, 9}},
      {13, {5, 3, 1, 15, 13, 11, 9, 6, 4, 2, 0, 14, 12, 10, 8}}};
  for (const auto& [k, cols] : tail) {
    auto row = bn::gamma_row(t, k);
    EXPECT_EQ(std::vector<int>(row.begin() + 1, row.end()), cols) << "row " << k;
  }
  auto row2 = bn::gamma_row(t, 2);
  EXPECT_EQ(std::vector<int>(row2.begin() + 1, row2.begin() + 8),
            (std::vector<int>{10, 12, 14, 0, 2, 4, 6}));
  EXPECT_EQ(std::vector<int>(row2.begin() + 9, row2.end()),
            (std::vector<int>{11, 13, 15, 1, 3, 5, 7}));
  // Rows 8, 9: label prepended, columns 0..14 shifted right by one (last entry lost).
  auto row8 = bn::gamma_row(t, 8);
  EXPECT_EQ(std::vector<int>(row8.begin(), row8.end() - 1),
            (std::vector<int>{2, 0, 6, 4, 10, 8, 14, 12, 3, 1, 7, 5, 11, 9, 15}));
  auto row9 = bn::gamma_row(t, 9);
  EXPECT_EQ(std::vector<int>(row9.begin(), row9.end() - 1),
            (std::vector<int>{3, 1, 7, 5, 11, 9, 15, 13, 2, 0, 6, 4, 10, 8, 14}));
  // Row 7: label prepended, column 7 lost.
  auto row7 = bn::gamma_row(t, 7);
  EXPECT_EQ(std::vector<int>(row7.begin(), row7.begin() + 7),
            (std::vector<int>{13, 15, 9, 11, 5, 7, 1}));
  EXPECT_EQ(std::vector<int>(row7.begin() + 8, row7.end()),
            (std::vector<int>{12, 14, 8, 10, 4, 6, 0, 2}));
  // Example 2's relays: 0 -> 8 and 2 -> 12 are Gamma_2, 8 -> 2 and 12 -> 10 are Gamma_9.
  EXPECT_EQ(bn::gamma_label(t, 2), "I.t0.I.t1.s.t2.I");
  EXPECT_EQ(bn::gamma_index(t, 0, 8), 2u);
  EXPECT_EQ(bn::gamma_index(t, 2, 12), 2u);
  EXPECT_EQ(bn::gamma_index(t, 8, 2), 9u);
  EXPECT_EQ(bn::gamma_index(t, 12, 10), 9u);
}

TEST(BanyanLatin, Fig5RowsN32) {
  bn::Topology t(32);
  // Fig. 5 as printed (row k = Gamma_k); row 28 lost one number in the text after
  // column 15 and is pinned on columns 0..15 only.
  const std::vector<std::vector<int>> fig5 = {
      {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
       1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31},
      {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31,
       0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30},
      {16, 18, 20, 22, 24, 26, 28, 30, 0, 2, 4, 6, 8, 10, 12, 14,
       17, 19, 21, 23, 25, 27, 29, 31, 1, 3, 5, 7, 9, 11, 13, 15},
      {17, 19, 21, 23, 25, 27, 29, 31, 1, 3, 5, 7, 9, 11, 13, 15,
       16, 18, 20, 22, 24, 26, 28, 30, 0, 2, 4, 6, 8, 10, 12, 14},
      {8, 10, 12, 14, 0, 2, 4, 6, 24, 26, 28, 30, 16, 18, 20, 22,
       9, 11, 13, 15, 1, 3, 5, 7, 25, 27, 29, 31, 17, 19, 21, 23},
      {9, 11, 13, 15, 1, 3, 5, 7, 25, 27, 29, 31, 17, 19, 21, 23,
       8, 10, 12, 14, 0, 2, 4, 6, 24, 26, 28, 30, 16, 18, 20, 22},
      {24, 26, 28, 30, 16, 18, 20, 22, 8, 10, 12, 14, 0, 2, 4, 6,
       25, 27, 29, 31, 17, 19, 21, 23, 9, 11, 13, 15, 1, 3, 5, 7},
      {25, 27, 29, 31, 17, 19, 21, 23, 9, 11, 13, 15, 1, 3, 5, 7,
       24, 26, 28, 30, 16, 18, 20, 22, 8, 10, 12, 14, 0, 2, 4, 6},
      {4, 6, 0, 2, 12, 14, 8, 10, 20, 22, 16, 18, 28, 30, 24, 26,
       5, 7, 1, 3, 13, 15, 9, 11, 21, 23, 17, 19, 29, 31, 25, 27},
      {5, 7, 1, 3, 13, 15, 9, 11, 21, 23, 17, 19, 29, 31, 25, 27,
       4, 6, 0, 2, 12, 14, 8, 10, 20, 22, 16, 18, 28, 30, 24, 26},
      {20, 22, 16, 18, 28, 30, 24, 26, 4, 6, 0, 2, 12, 14, 8, 10,
       21, 23, 17, 19, 29, 31, 25, 27, 5, 7, 1, 3, 13, 15, 9, 11},
      {21, 23, 17, 19, 29, 31, 25, 27, 5, 7, 1, 3, 13, 15, 9, 11,
       20, 22, 16, 18, 28, 30, 24, 26, 4, 6, 0, 2, 12, 14, 8, 10},
      {12, 14, 8, 10, 4, 6, 0, 2, 28, 30, 24, 26, 20, 22, 16, 18,
       13, 15, 9, 11, 5, 7, 1, 3, 29, 31, 25, 27, 21, 23, 17, 19},
      {13, 15, 9, 11, 5, 7, 1, 3, 29, 31, 25, 27, 21, 23, 17, 19,
       12, 14, 8, 10, 4, 6, 0, 2, 28, 30, 24, 26, 20, 22, 16, 18},
      {28, 30, 24, 26, 20, 22, 16, 18, 12, 14, 8, 10, 4, 6, 0, 2,
       29, 31, 25, 27, 21, 23, 17, 19, 13, 15, 9, 11, 5, 7, 1, 3},
      {29, 31, 25, 27, 21, 23, 17, 19, 13, 15, 9, 11, 5, 7, 1, 3,
       28, 30, 24, 26, 20, 22, 16, 18, 12, 14, 8, 10, 4, 6, 0, 2},
      {2, 0, 6, 4, 10, 8, 14, 12, 18, 16, 22, 20, 26, 24, 30, 28,
       3, 1, 7, 5, 11, 9, 15, 13, 19, 17, 23, 21, 27, 25, 31, 29},
      {3, 1, 7, 5, 11, 9, 15, 13, 19, 17, 23, 21, 27, 25, 31, 29,
       2, 0, 6, 4, 10, 8, 14, 12, 18, 16, 22, 20, 26, 24, 30, 28},
      {18, 16, 22, 20, 26, 24, 30, 28, 2, 0, 6, 4, 10, 8, 14, 12,
       19, 17, 23, 21, 27, 25, 31, 29, 3, 1, 7, 5, 11, 9, 15, 13},
      {19, 17, 23, 21, 27, 25, 31, 29, 3, 1, 7, 5, 11, 9, 15, 13,
       18, 16, 22, 20, 26, 24, 30, 28, 2, 0, 6, 4, 10, 8, 14, 12},
      {10, 8, 14, 12, 2, 0, 6, 4, 26, 24, 30, 28, 18, 16, 22, 20,
       11, 9, 15, 13, 3, 1, 7, 5, 27, 25, 31, 29, 19, 17, 23, 21},
      {11, 9, 15, 13, 3, 1, 7, 5, 27, 25, 31, 29, 19, 17, 23, 21,
       10, 8, 14, 12, 2, 0, 6, 4, 26, 24, 30, 28, 18, 16, 22, 20},
      {26, 24, 30, 28, 18, 16, 22, 20, 10, 8, 14, 12, 2, 0, 6, 4,
       27, 25, 31, 29, 19, 17, 23, 21, 11, 9, 15, 13, 3, 1, 7, 5},
      {27, 25, 31, 29, 19, 17, 23, 21, 11, 9, 15, 13, 3, 1, 7, 5,
       26, 24, 30, 28, 18, 16, 22, 20, 10, 8, 14, 12, 2, 0, 6, 4},
      {6, 4, 2, 0, 14, 12, 10, 8, 22, 20, 18, 16, 30, 28, 26, 24,
       7, 5, 3, 1, 15, 13, 11, 9, 23, 21, 19, 17, 31, 29, 27, 25},
      {7, 5, 3, 1, 15, 13, 11, 9, 23, 21, 19, 17, 31, 29, 27, 25,
       6, 4, 2, 0, 14, 12, 10, 8, 22, 20, 18, 16, 30, 28, 26, 24},
      {22, 20, 18, 16, 30, 28, 26, 24, 6, 4, 2, 0, 14, 12, 10, 8,
       23, 21, 19, 17, 31, 29, 27, 25, 7, 5, 3, 1, 15, 13, 11, 9},
      {23, 21, 19, 17, 31, 29, 27, 25, 7, 5, 3, 1, 15, 13, 11, 9,
       22, 20, 18, 16, 30, 28, 26, 24, 6, 4, 2, 0, 14, 12, 10, 8},
      {14, 12, 10, 8, 6, 4, 2, 0, 30, 28, 26, 24, 22, 20, 18, 16},
      {15, 13, 11, 9, 7, 5, 3, 1, 31, 29, 27, 25, 23, 21, 19, 17,
       14, 12, 10, 8, 6, 4, 2, 0, 30, 28, 26, 24, 22, 20, 18, 16},
      {30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0,
       31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1},
      {31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1,
       30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0}};
  ASSERT_EQ(fig5.size(), 32u);
  for (uint32_t k = 0; k < 32; ++k) {
    auto row = bn::gamma_row(t, k);
    row.resize(fig5[k].size());
    EXPECT_EQ(row, fig5[k]) << "row " << k;
  }
  // Fig. 4's routes 0->16->3, 2->20->11, 4->24->19, 6->28->27 use Gamma_2 and Gamma_16.
  for (auto [s, r, d] : {std::tuple{0, 16, 3}, {2, 20, 11}, {4, 24, 19}, {6, 28, 27}}) {
    EXPECT_EQ(bn::gamma_index(t, s, r), 2u);
    EXPECT_EQ(bn::gamma_index(t, r, d), 16u);
  }
}

TEST(BanyanLatin, AppendixRowsN8) {
  bn::Topology t(8);
  const std::vector<std::pair<uint32_t, std::vector<int>>> rows = {
      {0, {0, 2, 4, 6, 1, 3, 5, 7}}, {4, {2, 0, 6, 4, 3, 1, 7, 5}}, {7, {7, 5, 3, 1, 6, 4, 2, 0}},
      {3, {5, 7, 1, 3, 4, 6, 0, 2}}, {1, {1, 3, 5, 7, 0, 2, 4, 6}}, {2, {4, 6, 0, 2, 5, 7, 1, 3}},
      {6, {6, 4, 2, 0, 7, 5, 3, 1}}, {5, {3, 1, 7, 5, 2, 0, 6, 4}}};
  for (const auto& [k, row] : rows) EXPECT_EQ(bn::gamma_row(t, k), row) << k;
}

TEST(BanyanLatin, Properties1To3AndClosedFormUpTo1024) {
  for (int N = 4; N <= 1024; N *= 2) {
    bn::Topology t(N);
    auto L = bn::latin_square(t);
    ASSERT_EQ(static_cast<int>(L.size()), N);
    // Property 1: Latin square (rows and columns are permutations); rows distinct.
    std::vector<std::vector<uint8_t>> col_seen(N, std::vector<uint8_t>(N, 0));
    for (int k = 0; k < N; ++k) {
      std::vector<uint8_t> seen(N, 0);
      for (int x = 0; x < N; ++x) {
        int y = L[k][x];
        ASSERT_TRUE(y >= 0 && y < N);
        ASSERT_FALSE(seen[y]) << "N=" << N << " row " << k;
        ASSERT_FALSE(col_seen[x][y]) << "N=" << N << " column " << x;
        seen[y] = col_seen[x][y] = 1;
        ASSERT_EQ(bn::gamma_index(t, x, y), static_cast<uint32_t>(k));
        ASSERT_EQ(bn::gamma_inverse(t, k, y), x);
      }
    }
    // Property 3: the row sequences of L'_0 and L'_1 form the same set; in each row,
    // L'_00 lies in one half {0..N/2-1} / {N/2..N-1} and L'_01 in the other.
    std::set<std::vector<int>> left, right;
    for (int k = 0; k < N; ++k) {
      left.insert(std::vector<int>(L[k].begin(), L[k].begin() + N / 2));
      right.insert(std::vector<int>(L[k].begin() + N / 2, L[k].end()));
      bool low00 = L[k][0] < N / 2;
      for (int x = 0; x < N / 4; ++x) ASSERT_EQ(L[k][x] < N / 2, low00);
      for (int x = N / 4; x < N / 2; ++x) ASSERT_EQ(L[k][x] < N / 2, !low00);
    }
    EXPECT_EQ(left, right) << "N=" << N;
    EXPECT_EQ(static_cast<int>(left.size()), N);
    // The closed form equals the stage-by-stage product of the definition (N <= 256).
    if (N <= 256) {
      for (int k = 0; k < N; ++k)
        for (int x = 0; x < N; ++x) ASSERT_EQ(gamma_by_definition(t, k, x), L[k][x]) << "N=" << N;
    }
  }
}

TEST(BanyanRoute, PathsMatchGammaAndElementClosedForm) {
  for (int N : {8, 16, 64}) {
    bn::Topology t(N);
    for (int k = 0; k < N; ++k)
      for (int x = 0; x < N; ++x) {
        auto r = bn::route(t, k, x);
        ASSERT_TRUE(r.delivered);
        ASSERT_EQ(r.dest, bn::gamma(t, k, x));
        ASSERT_EQ(static_cast<int>(r.elements.size()), t.stages());
        for (int i = 0; i < t.stages(); ++i)
          ASSERT_EQ(r.elements[i], bn::element_on_path(t, x, r.dest, i));
      }
  }
}

TEST(BanyanRoute, FaultKinds) {
  bn::Topology t(16);
  bn::Fault f{1, 1};
  // 0 -> 2 under Gamma_k crosses E_11.
  uint32_t k = bn::gamma_index(t, 0, 2);
  auto dead = bn::route(t, k, 0, std::pair{f, bn::FaultKind::Dead});
  EXPECT_FALSE(dead.delivered);
  EXPECT_EQ(dead.dest, -1);
  EXPECT_EQ(dead.elements, (std::vector<int>{0, 1}));
  bool cross = t.stage_cross(k, 1);
  auto same = bn::route(
      t, k, 0, std::pair{f, cross ? bn::FaultKind::StuckCross : bn::FaultKind::StuckStraight});
  EXPECT_TRUE(same.delivered);
  EXPECT_EQ(same.dest, 2);
  auto wrong = bn::route(
      t, k, 0, std::pair{f, cross ? bn::FaultKind::StuckStraight : bn::FaultKind::StuckCross});
  EXPECT_TRUE(wrong.delivered);
  EXPECT_NE(wrong.dest, 2);
  // A path that avoids E_11 is not affected.
  auto clear = bn::route(t, bn::gamma_index(t, 0, 8), 0, std::pair{f, bn::FaultKind::Dead});
  EXPECT_TRUE(clear.delivered);
  EXPECT_EQ(clear.dest, 8);
  EXPECT_EQ(bn::parse_fault_kind("dead"), bn::FaultKind::Dead);
  EXPECT_EQ(bn::parse_fault_kind("stuck-cross"), bn::FaultKind::StuckCross);
  EXPECT_EQ(bn::to_string(bn::FaultKind::StuckStraight), "stuck-straight");
  EXPECT_THROW(bn::parse_fault_kind("broken"), InvalidArgument);
}

TEST(BanyanBlocked, Example2AndFig2) {
  bn::Topology t(16);
  EXPECT_EQ(bn::blocked_sources(t, {1, 1}), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(bn::blocked_destinations(t, {1, 1}), (std::vector<int>{2, 3, 6, 7, 10, 11, 14, 15}));
  auto p = bn::blocked_pairs(t, {2, 1});
  std::vector<int> from0;
  for (auto [s, d] : p)
    if (s == 0) from0.push_back(d);
  EXPECT_EQ(from0, (std::vector<int>{2, 3, 10, 11}));
  EXPECT_EQ(bn::blocked_sources(t, {2, 1}), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Example 3 (N = 32, E_11): blocked sources 0..3.
  EXPECT_EQ(bn::blocked_sources(bn::Topology(32), {1, 1}), (std::vector<int>{0, 1, 2, 3}));
}

TEST(BanyanBlocked, EqualsBruteForcePathCrossingUpTo256) {
  for (int N = 8; N <= 256; N *= 2) {
    bn::Topology t(N);
    const int m = t.stages();
    // Bucket every (k, x) path by the elements it crosses.
    std::vector<std::vector<std::vector<Pair>>> crossing(m, std::vector<std::vector<Pair>>(N / 2));
    for (int k = 0; k < N; ++k)
      for (int x = 0; x < N; ++x) {
        auto r = bn::route(t, k, x);
        for (int i = 1; i <= m - 2; ++i) crossing[i][r.elements[i]].emplace_back(x, r.dest);
      }
    for (int i = 1; i <= m - 2; ++i)
      for (int l = 0; l < N / 2; ++l) {
        auto brute = crossing[i][l];
        std::sort(brute.begin(), brute.end());
        auto p = bn::blocked_pairs(t, {i, l});
        ASSERT_EQ(static_cast<int>(p.size()), 2 * N);
        ASSERT_EQ(p, brute) << "N=" << N << " E_" << i << "," << l;
        for (auto [s, d] : p) ASSERT_TRUE(bn::is_blocked(t, {i, l}, s, d));
      }
  }
}

TEST(BanyanBadInput, Rejected) {
  for (int N : {0, 1, 2, 3, 6, 12, 100, 1 << 17, -8})
    EXPECT_THROW(bn::Topology{N}, InvalidArgument) << N;
  bn::Topology t4(4);
  EXPECT_THROW(bn::validate_fault(t4, {1, 0}), InvalidArgument);
  bn::Topology t(16);
  EXPECT_THROW(bn::validate_fault(t, {0, 0}), InvalidArgument);
  EXPECT_THROW(bn::validate_fault(t, {3, 0}), InvalidArgument);
  EXPECT_THROW(bn::validate_fault(t, {1, 8}), InvalidArgument);
  EXPECT_THROW(bn::validate_fault(t, {1, -1}), InvalidArgument);
  EXPECT_NO_THROW(bn::validate_fault(t, {2, 7}));
  EXPECT_THROW(bn::blocked_pairs(t, {0, 1}), InvalidArgument);
  EXPECT_THROW(bn::theorem1_bound(t, {3, 1}), InvalidArgument);
  EXPECT_THROW(bn::gamma(t, 16, 0), InvalidArgument);
  EXPECT_THROW(bn::gamma(t, 0, 16), InvalidArgument);
  EXPECT_THROW(t.tau(3, 0), InvalidArgument);
  EXPECT_THROW(bn::route(t, 0, 0, std::pair{bn::Fault{0, 0}, bn::FaultKind::Dead}),
               InvalidArgument);
}

TEST(BanyanBound, Table1) {
  for (int m = 4; m <= 10; ++m) {
    bn::Topology t(1 << m);
    for (int i = 1; i <= m - 2; ++i) {
      int expect = (i == 1 || i == m - 2) ? 3 * (1 << m) : 2 * (1 << m);
      EXPECT_EQ(bn::theorem1_bound(t, {i, 0}), expect) << "m=" << m << " i=" << i;
    }
  }
  EXPECT_EQ(bn::theorem1_bound(bn::Topology(8), {1, 1}), 25);
}
