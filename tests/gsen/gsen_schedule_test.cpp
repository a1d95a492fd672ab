// GSEN schedules: Algorithms 1-4 of paper 001 and the 2^n-round stage-control exchange.
#include "minforge/algo/gsen/gsen_schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace minforge;
using namespace minforge::gsen;

namespace {

// Round in which each (i, j) is first reached under stage control, by simulation.
std::vector<uint32_t> simulated_first_rounds(int N) {
  Topology t(N);
  std::vector<uint32_t> first(static_cast<size_t>(N) * static_cast<size_t>(N), UINT32_MAX);
  for (uint32_t C = 0; C < t.power(); ++C) {
    const auto perm = permutation(t, Ctrl::Stage, C);
    for (int i = 0; i < N; ++i) {
      uint32_t& f = first[static_cast<size_t>(i) * static_cast<size_t>(N) +
                          static_cast<size_t>(perm[static_cast<size_t>(i)])];
      f = std::min(f, C);
    }
  }
  return first;
}

int64_t count_sent(const Schedule& s) {
  int64_t c = 0;
  for (const auto& row : s.dest)
    for (int d : row) c += d >= 0 ? 1 : 0;
  return c;
}

}  // namespace

// Section 4: A_0..A_9 = 0 1 3 2 6 7 5 4 12 13 for N = 10.
TEST(GsenSchedule, AlternatingConfigsN10) {
  std::vector<uint32_t> a;
  for (uint32_t k = 0; k < 10; ++k) a.push_back(alt_config(k));
  EXPECT_EQ(a, (std::vector<uint32_t>{0, 1, 3, 2, 6, 7, 5, 4, 12, 13}));
  EXPECT_EQ(personalized_exchange_alt(10).configs, a);
  EXPECT_EQ(broadcast_schedule(10).configs, a);
  EXPECT_EQ(OnTheFlyExchange(10).config(8), 12u);
}

// Algorithm 2's matrix D for the 10 x 10 GSEN, verbatim from the paper.
TEST(GsenSchedule, DestinationMatrixN10Verbatim) {
  const std::vector<std::vector<int>> paper = {
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 0, 9, 8, 7, 6, 5, 4, 3, 2},
      {2, 3, 4, 5, 6, 7, 8, 9, 0, 1}, {3, 2, 1, 0, 9, 8, 7, 6, 5, 4},
      {4, 5, 6, 7, 8, 9, 0, 1, 2, 3}, {5, 4, 3, 2, 1, 0, 9, 8, 7, 6},
      {6, 7, 8, 9, 0, 1, 2, 3, 4, 5}, {7, 6, 5, 4, 3, 2, 1, 0, 9, 8},
      {8, 9, 0, 1, 2, 3, 4, 5, 6, 7}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
  };
  EXPECT_EQ(destination_matrix(10), paper);
  EXPECT_EQ(personalized_exchange_alt(10).dest, paper);
}

// Fig. 9, round 2: configuration 0011 = 3 = A_2; 0 -> 2, 1 -> 9, 2 -> 4, ..., 9 -> 7 (column
// 2 of D), and the network set to A_2 really carries those messages with tags 2 / 13.
TEST(GsenSchedule, Fig9Round2) {
  const Schedule s = personalized_exchange_alt(10);
  EXPECT_EQ(s.configs[2], 3u);
  std::vector<int> column;
  for (int i = 0; i < 10; ++i) column.push_back(s.dest[static_cast<size_t>(i)][2]);
  EXPECT_EQ(column, (std::vector<int>{2, 9, 4, 1, 6, 3, 8, 5, 0, 7}));
  Topology t(10);
  EXPECT_EQ(permutation(t, Ctrl::Alt, 3), column);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(s.tags[static_cast<size_t>(i)][2], i % 2 == 0 ? 2 : 13);
    const Path p = route_by_tag(t, i, static_cast<uint32_t>(s.tags[static_cast<size_t>(i)][2]));
    EXPECT_EQ(p.dest, column[static_cast<size_t>(i)]);
  }
}

// Algorithms 1, 3 and 4 for every N = 2 mod 4 up to 300: the schedules verify, D's column k
// is the permutation of A_k, and OnTheFlyExchange gives the same messages.
TEST(GsenSchedule, AlternatingAlgorithmsAgreeAndVerify) {
  for (int N = 6; N <= 300; N += 4) {
    Topology t(N);
    const Schedule ex = personalized_exchange_alt(N);
    const Schedule bc = broadcast_schedule(N);
    ASSERT_EQ(ex.rounds(), N);
    ASSERT_TRUE(verify_schedule(ex).empty()) << N << ": " << verify_schedule(ex).front();
    ASSERT_TRUE(verify_schedule(bc).empty()) << N;
    const auto D = destination_matrix(N);
    const OnTheFlyExchange fly(N);
    ASSERT_EQ(fly.rounds(), N);
    for (int k = 0; k < N; ++k) {
      const auto perm = permutation(t, Ctrl::Alt, alt_config(static_cast<uint32_t>(k)));
      for (int i = 0; i < N; ++i) {
        const size_t si = static_cast<size_t>(i), sk = static_cast<size_t>(k);
        ASSERT_EQ(D[si][sk], perm[si]) << N << " " << i << " " << k;
        ASSERT_EQ(fly.dest(i, k), D[si][sk]);
        ASSERT_EQ(static_cast<int64_t>(fly.tag(i, k)), ex.tags[si][sk]);
        ASSERT_EQ(bc.dest[si][sk], D[si][sk]);
        ASSERT_EQ(fly.dest(i, k), lemma::alt_destination(N, i, static_cast<uint32_t>(k)));
      }
    }
  }
}

TEST(GsenSchedule, OnTheFlyLargeNIsAPermutationPerRound) {
  for (int N : {4094, 16382}) {
    const OnTheFlyExchange fly(N);
    Topology t(N);
    for (int k : {0, 1, N / 2, N - 1}) {
      std::vector<int> col(static_cast<size_t>(N));
      for (int i = 0; i < N; ++i) col[static_cast<size_t>(i)] = fly.dest(i, k);
      ASSERT_EQ(col, permutation(t, Ctrl::Alt, fly.config(k))) << N << " " << k;
    }
  }
}

TEST(GsenSchedule, AlternatingNeedsTwoModFour) {
  for (int N : {4, 8, 12, 20, 64}) {
    EXPECT_THROW(destination_matrix(N), InvalidArgument);
    EXPECT_THROW(broadcast_schedule(N), InvalidArgument);
    EXPECT_THROW(personalized_exchange_alt(N), InvalidArgument);
    EXPECT_THROW(OnTheFlyExchange{N}, InvalidArgument);
    try {
      personalized_exchange(N, Ctrl::Alt);
      FAIL();
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("use stage control"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(destination_matrix(7), InvalidArgument);
  EXPECT_THROW(personalized_exchange(10, Ctrl::Alt2), InvalidArgument);
  EXPECT_THROW(personalized_exchange(10, Ctrl::Indiv), InvalidArgument);
  EXPECT_THROW(personalized_exchange_stage(3), InvalidArgument);
  const OnTheFlyExchange fly(10);
  EXPECT_THROW(fly.dest(10, 0), InvalidArgument);
  EXPECT_THROW(fly.tag(0, 10), InvalidArgument);
  EXPECT_THROW(first_stage_round(10, 0, 10), InvalidArgument);
  EXPECT_THROW(first_stage_round(11, 0, 0), InvalidArgument);
}

// The O(1) first_stage_round equals the simulated first round, every pair, every even N <= 300.
TEST(GsenSchedule, FirstStageRoundMatchesSimulation) {
  for (int N = 4; N <= 300; N += 2) {
    const auto first = simulated_first_rounds(N);
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        ASSERT_EQ(first_stage_round(N, i, j),
                  first[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j)])
            << N << " " << i << " " << j;
  }
}

// Stage-control exchange: 2^n rounds, round k uses C = k, every message exactly once in its
// first round, idle processors marked -1; every even N up to 300.
TEST(GsenSchedule, StageExchangeVerifiesForEveryEvenNUpTo300) {
  for (int N = 4; N <= 300; N += 2) {
    const Schedule s = personalized_exchange_stage(N);
    Topology t(N);
    ASSERT_EQ(s.rounds(), static_cast<int>(t.power()));
    for (int k = 0; k < s.rounds(); ++k)
      ASSERT_EQ(s.configs[static_cast<size_t>(k)], static_cast<uint32_t>(k));
    const auto errors = verify_schedule(s);
    ASSERT_TRUE(errors.empty()) << N << ": " << errors.front();
    ASSERT_EQ(count_sent(s), static_cast<int64_t>(N) * N);
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < s.rounds(); ++k) {
        const int d = s.dest[static_cast<size_t>(i)][static_cast<size_t>(k)];
        if (d >= 0) {
          ASSERT_EQ(first_stage_round(N, i, d), static_cast<uint32_t>(k));
        }
      }
    // Theorem 3.8: every round carries at least one message (every C is necessary).
    for (int k = 0; k < s.rounds(); ++k) {
      bool any = false;
      for (int i = 0; i < N; ++i)
        any |= s.dest[static_cast<size_t>(i)][static_cast<size_t>(k)] >= 0;
      ASSERT_TRUE(any) << N << " round " << k;
    }
    if (N == static_cast<int>(t.power())) {
      ASSERT_EQ(count_sent(s), static_cast<int64_t>(N) * s.rounds());
    }
  }
}

// N = 10 stage exchange, round 9 (the configuration of Fig. 4): input 2 sends to 5 with tag 13
// unless (2, 5) was already served in an earlier round.
TEST(GsenSchedule, StageExchangeN10Round9) {
  const Schedule s = personalized_exchange_stage(10);
  // Tags reaching 5 from 2: F0 = (5 - 32) mod 10 = 3 (C = B xor F = 3 xor 3 = 0) and F0 + 10
  // = 13 (C = 4 xor 13 = 9); the first is round 0, so input 2 idles in round 9.
  EXPECT_EQ(first_stage_round(10, 2, 5), 0u);
  EXPECT_EQ(s.dest[2][0], 5);
  EXPECT_EQ(s.tags[2][0], 3);
  EXPECT_EQ(s.dest[2][9], -1);
  EXPECT_EQ(s.tags[2][9], -1);
  // Input 0 reaches 9 only by tag 9 (unique path, 6 <= 9 < 10): B = 0, C = 9.
  EXPECT_EQ(first_stage_round(10, 0, 9), 9u);
  EXPECT_EQ(s.dest[0][9], 9);
  EXPECT_EQ(s.tags[0][9], 9);
}

TEST(GsenSchedule, VerifyScheduleCatchesErrors) {
  const Schedule good = personalized_exchange_alt(10);
  ASSERT_TRUE(verify_schedule(good).empty());
  auto has = [](const std::vector<std::string>& errs, const std::string& what) {
    return std::any_of(errs.begin(), errs.end(),
                       [&](const std::string& e) { return e.find(what) != std::string::npos; });
  };
  {  // wrong destination: tag does not route there, and (0,5) is sent twice, (0,3) never
    Schedule s = good;
    s.dest[0][3] = 5;
    const auto e = verify_schedule(s);
    EXPECT_TRUE(has(e, "routes to 3, not to 5")) << e.front();
    EXPECT_TRUE(has(e, "more than once"));
    EXPECT_TRUE(has(e, "message (0, 3) never sent"));
  }
  {  // tag consistent with dest (Lemma 3.3) but not the path the configuration sets up
    Schedule s = good;
    s.tags[0][0] = 10;  // (0*16 + 10) mod 10 = 0 = dest, but A_0 gives input 0 tag 0
    const auto e = verify_schedule(s);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_TRUE(has(e, "configuration 0 gives tag 0, schedule says 10"));
  }
  {  // idle marker mismatch, tag out of range, config out of range
    Schedule s = good;
    s.dest[1][1] = -1;
    s.tags[2][2] = 16;
    s.configs[4] = 16;
    const auto e = verify_schedule(s);
    EXPECT_TRUE(has(e, "idle marker mismatch"));
    EXPECT_TRUE(has(e, "tag 16 out of range"));
    EXPECT_TRUE(has(e, "round 4: configuration 16"));
  }
  {  // a dropped message
    Schedule s = personalized_exchange_stage(10);
    for (int k = 0; k < s.rounds(); ++k)
      if (s.dest[3][static_cast<size_t>(k)] >= 0) {
        s.dest[3][static_cast<size_t>(k)] = -1;
        s.tags[3][static_cast<size_t>(k)] = -1;
        break;
      }
    EXPECT_EQ(verify_schedule(s).size(), 1u);
  }
  {  // shape errors
    Schedule s = good;
    s.dest.pop_back();
    EXPECT_FALSE(verify_schedule(s).empty());
    Schedule u = good;
    u.ports = 7;
    EXPECT_FALSE(verify_schedule(u).empty());
    Schedule w = good;
    w.control = Ctrl::Indiv;
    EXPECT_FALSE(verify_schedule(w).empty());
  }
  {  // many errors are capped
    Schedule s = good;
    for (auto& row : s.dest) std::fill(row.begin(), row.end(), 0);
    const auto e = verify_schedule(s);
    EXPECT_LE(e.size(), 51u);
    EXPECT_TRUE(has(e, "more errors"));
  }
}
