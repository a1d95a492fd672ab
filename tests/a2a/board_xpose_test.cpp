// The twin of the board tops' matrix-transpose demonstration (twin/board/board_xpose.hpp,
// rtl/board/board_xpose.v): the data engines' twins move the seeded matrix, every sink buffer
// is row j of the transpose, the checker counts no error, and the checksum is the closed form;
// also through the fault-tolerant banyan engine around a dead element, its plan image loaded.
#include "minforge/twin/board/board_xpose.hpp"

#include <gtest/gtest.h>

#include <tuple>

#include "minforge/common.hpp"

namespace minforge::twin {
namespace {

struct Cfg {
  Net net;
  int N, W;
  Sched sched;
  bool pipeline;
  int B;
};

// One exchange of x (N ports, B words per pair) with `seed`: no error, the sinks hold the
// transpose, the checksum is the closed form.
void check_transpose(BoardXpose& x, int N, int B, uint32_t seed) {
  const int DW = x.data_width();
  const auto r = x.run(seed);
  SCOPED_TRACE("N=" + std::to_string(N) + " DW=" + std::to_string(DW) + " B=" + std::to_string(B) +
               " seed=" + std::to_string(seed));
  EXPECT_EQ(r.errors, 0u);
  EXPECT_EQ(r.cycles, static_cast<uint32_t>(x.exchange_cycles()));
  for (int j = 0; j < N; ++j)
    for (int b = 0; b < B; ++b)
      for (int i = 0; i < N; ++i)
        ASSERT_EQ(r.sinks[static_cast<size_t>(j)][static_cast<size_t>(b * N + i)],
                  BoardXpose::element(DW, static_cast<uint32_t>(i),
                                      static_cast<uint32_t>(b * N + j), seed))
            << "sink " << j << " block word " << b << " from source " << i;
  EXPECT_EQ(r.sum, BoardXpose::expected_sum(N, B, DW, seed));
}

void expect_transpose(const Cfg& c, uint32_t seed) {
  BoardXpose x(c.net, c.N, c.W, c.sched, c.pipeline, c.B);
  EXPECT_EQ(x.exchange_cycles(), x.engine().exchange_cycles());
  check_transpose(x, c.N, c.B, seed);
}

// The plan image the board loads for `f` on a fabric of latency `lat` (relay depth 2).
banyan::FtImage ft_plan(int N, banyan::Fault f, int lat) {
  const banyan::Topology t(N);
  return banyan::ft_image(t, banyan::fault_tolerant_plan(t, f, lat), lat, 2);
}

TEST(BoardXpose, FaultTolerantEngineDeliversTheTransposeAroundADeadElement) {
  // the hx8k_top banyan_ft design (N = 16, E_1,1, pipelined: latency 4), another fault, the
  // combinational fabric, two words per pair; two exchanges each (the second after the first)
  for (const auto& [f, pipeline, B] :
       {std::tuple{banyan::Fault{1, 1}, true, 1}, std::tuple{banyan::Fault{2, 5}, true, 2},
        std::tuple{banyan::Fault{1, 6}, false, 1}}) {
    BoardXpose x(16, 16, pipeline, f, ft_plan(16, f, pipeline ? 4 : 0), B);
    EXPECT_EQ(x.exchange_cycles(), B * 48 + (pipeline ? 4 : 0) + 6);  // B*T + FLAT + 4 + PL
    check_transpose(x, 16, B, 7);
    check_transpose(x, 16, B, 8);
  }
}

TEST(BoardXpose, FaultTolerantEngineWithThePlanOfAnotherFaultCountsErrors) {
  // the plan routes around E_1,1; the dead element is E_2,5: words are lost
  BoardXpose x(16, 16, true, banyan::Fault{2, 5}, ft_plan(16, banyan::Fault{1, 1}, 4));
  const auto r = x.run(3);
  EXPECT_GT(r.errors, 0u);
  EXPECT_NE(r.sum, BoardXpose::expected_sum(16, 1, x.data_width(), 3));
}

TEST(BoardXpose, SinksHoldTheTransposeOnEveryEngine) {
  const Cfg cfgs[] = {
      {Net::Gsen, 10, 16, Sched::Alt, true, 1},     // the iCEBreaker GSEN top
      {Net::Gsen, 22, 16, Sched::Alt, true, 1},     // the HX8K GSEN top
      {Net::Gsen, 16, 16, Sched::Stage, false, 1},  // stage control, combinational fabric
      {Net::Gsen, 12, 20, Sched::Stage, true, 3},   // blocks of B = 3 words
      {Net::Banyan, 8, 16, Sched::Alt, true, 1},    // the iCEBreaker banyan top
      {Net::Banyan, 16, 16, Sched::Alt, true, 1},   // the HX8K banyan top
      {Net::Banyan, 32, 20, Sched::Alt, false, 2},
      {Net::Gsen, 64, 32, Sched::Stage, true, 1},  // the ULX3S tops
      {Net::Banyan, 64, 32, Sched::Alt, true, 1},
  };
  for (const Cfg& c : cfgs)
    for (uint32_t seed : {0u, 1u, 7u, 0x12345u}) expect_transpose(c, seed);
}

TEST(BoardXpose, SeedsGiveDifferentMatricesAndTheMatrixIsNotSymmetric) {
  for (int DW : {4, 6, 8, 20, 32})
    for (uint32_t i = 0; i < 64; ++i)
      for (uint32_t j = 0; j < 64; ++j) {
        // A(i, j) = A(j, i) only where i = j mod 2^(DW-1) (the RTL header's claim)
        const bool sym = BoardXpose::element(DW, i, j, 5) == BoardXpose::element(DW, j, i, 5);
        EXPECT_EQ(sym, ((i - j) & ((1u << (DW - 1)) - 1u)) == 0u) << DW << " " << i << " " << j;
      }
  int same = 0;
  for (uint32_t s = 0; s < 256; ++s)
    same += BoardXpose::expected_sum(10, 1, 8, s) == BoardXpose::expected_sum(10, 1, 8, s + 1);
  EXPECT_LT(same, 8);  // consecutive exchanges move different matrices
}

TEST(BoardXpose, ChecksumExactValues) {
  // Hand-checkable: N = 4, DW = 4 (W = 8), seed 0: A(i, c) = y((3i + 5c) mod 16).
  uint32_t s = 0;
  for (int j = 0; j < 4; ++j) {
    uint32_t acc = 0;
    for (int i = 0; i < 4; ++i) {
      const uint32_t x = (3u * static_cast<uint32_t>(i) + 5u * static_cast<uint32_t>(j)) & 15u;
      acc ^= x ^ (x >> 3);
    }
    s ^= j == 0 ? acc : (acc << j) | (acc >> (32 - j));
  }
  EXPECT_EQ(BoardXpose::expected_sum(4, 1, 4, 0), s);
  EXPECT_EQ(BoardXpose::element(4, 1, 2, 0), 13u ^ 1u);  // x = 13, y = 13 xor 1
}

TEST(BoardXpose, RefusesWhatTheRtlRefuses) {
  EXPECT_THROW(BoardXpose(Net::Gsen, 10, 11, Sched::Alt, true), InvalidArgument);    // DW = 3
  EXPECT_THROW(BoardXpose(Net::Gsen, 64, 45, Sched::Stage, true), InvalidArgument);  // DW = 33
  EXPECT_THROW(BoardXpose(Net::Gsen, 10, 16, Sched::Player, true), InvalidArgument);
  EXPECT_THROW(BoardXpose(Net::Gsen, 10, 16, Sched::Alt, true, 0), InvalidArgument);
  EXPECT_THROW(BoardXpose(8, 16, true, banyan::Fault{1, 1}, ft_plan(16, {1, 1}, 4)),
               InvalidArgument);  // a plan for N = 16 on N = 8
}

}  // namespace
}  // namespace minforge::twin
