// The twin of rtl/engine/banyan_ft_engine.v (twin/engine/banyan_ft_engine.hpp) on its own:
// the model's plans for every internal fault of N = 8..64 move a transpose through it with
// the counters the RTL header promises; a plan whose relays would wait is caught by
// relay_miss; a fault the plan was not made for loses words.
#include <gtest/gtest.h>

#include <vector>

#include "minforge/twin/engine/banyan_ft_engine.hpp"

namespace bn = minforge::banyan;
using minforge::InvalidArgument;
using minforge::Rng;
using minforge::twin::BanyanFault;
using minforge::twin::BanyanFtEngine;
namespace params = minforge::params;

namespace {

// banyan_fabric's fault_kind codes (MF_FAULT_*)
constexpr int kDead = params::code(params::Fault::Dead);
constexpr int kCross = params::code(params::Fault::Cross);

struct Outcome {
  uint32_t cycles = 0, delivered = 0, missing = 0, err_dst = 0, err_dup = 0, relay_miss = 0,
           relay_ovf = 0;
  bool transpose = true;
};

// Loads `img`, fills the source buffers with random words, runs one exchange with `fault`.
// The source memories answer `mem_lat` cycles after a read (2: an output register after the
// read register).
Outcome run(BanyanFtEngine& e, const bn::FtImage& img, int B, int DW, BanyanFault fault,
            uint64_t seed, int mem_lat = 1) {
  const int N = e.ports(), nb = N * B;
  Rng rng(seed);
  std::vector<uint64_t> src(static_cast<size_t>(N) * nb), snk(src.size(), ~uint64_t{0});
  for (auto& w : src) w = rng.next() & ((uint64_t{1} << DW) - 1);
  std::vector<uint64_t> rd(static_cast<size_t>(N), 0), rd_reg = rd;
  BanyanFtEngine::In in;
  std::vector<uint32_t> bits;
  auto clock = [&] {
    std::vector<uint64_t> next = rd_reg;
    for (int i = 0; i < N; ++i) {
      if (e.src_rd_en(i)) next[i] = src[static_cast<size_t>(i) * nb + e.src_rd_addr(i)];
      if (e.snk_wr_en(i)) snk[static_cast<size_t>(i) * nb + e.snk_wr_addr(i)] = e.snk_wr_data(i);
    }
    in.src_rd_data = rd;
    in.plan_wr_data = bits;
    e.clock(in);
    rd = mem_lat == 2 ? rd_reg : next;
    rd_reg = next;
    in = BanyanFtEngine::In{};
    in.fault = fault;
  };
  in.rst = true;
  clock();
  for (size_t t = 0; t < img.entries.size(); ++t) {
    in.plan_wr_en = true;
    in.plan_wr_addr = static_cast<uint32_t>(t);
    bits = bn::ft_entry_bits(img, t);
    clock();
  }
  in.start = true;
  in.plan_len = static_cast<uint32_t>(img.entries.size());
  clock();
  for (int c = 0; c < 100000 && !e.done(); ++c) clock();
  Outcome o{e.cycles(),  e.delivered(),  e.missing(),   e.err_dst(),
            e.err_dup(), e.relay_miss(), e.relay_ovf(), true};
  for (int d = 0; d < N; ++d)
    for (int b = 0; b < B; ++b)
      for (int s = 0; s < N; ++s)
        if (snk[static_cast<size_t>(d) * nb + b * N + s] !=
            src[static_cast<size_t>(s) * nb + b * N + d])
          o.transpose = false;
  return o;
}

}  // namespace

TEST(BanyanFtTwin, EveryInternalFaultMovesTheTranspose) {
  for (int N : {8, 16, 32, 64}) {
    const bn::Topology t(N);
    for (bool pipe : {false, true}) {
      const int flat = pipe ? t.stages() : 0;
      const int B = N == 16 ? 2 : 1;
      BanyanFtEngine e(N, 12, B, pipe, BanyanFtEngine::default_plan_depth(N), 2);
      // plan read, source read, sink register, event register, ceil(log4 N) >= 1 levels
      // of population count (N = 8, 16: 2; 32, 64: 3)
      const int levels = N <= 16 ? 2 : 3;
      EXPECT_EQ(e.latency(), flat + 4 + levels);
      for (int i = 1; i <= t.stages() - 2; ++i)
        for (int l = 0; l < N / 2; ++l) {
          SCOPED_TRACE("N=" + std::to_string(N) + " PIPELINE=" + std::to_string(pipe) + " E_" +
                       std::to_string(i) + "," + std::to_string(l));
          const bn::FtImage img =
              bn::ft_image(t, bn::fault_tolerant_plan(t, {i, l}, flat), flat, 2);
          const Outcome o = run(e, img, B, 12, BanyanFault{true, i, l, kDead}, 7 + l);
          const uint32_t T = static_cast<uint32_t>(img.entries.size());
          EXPECT_EQ(o.cycles, B * T + flat + 4 + levels);
          EXPECT_EQ(o.delivered, static_cast<uint32_t>(N * N * B));
          EXPECT_EQ(o.missing, 0u);
          EXPECT_EQ(o.err_dst + o.err_dup + o.relay_miss + o.relay_ovf, 0u);
          EXPECT_TRUE(o.transpose);
          if (::testing::Test::HasFailure()) return;
        }
    }
  }
}

// SRC_LAT = 2 (source memories with an output register): the same plans move the transpose,
// one cycle later; a memory answering after one cycle (the engine expects two) breaks it, and
// the reverse too.  SRC_LAT other than 1 or 2 is refused.
TEST(BanyanFtTwin, SourceReadLatencyTwo) {
  const bn::Topology t(16);
  for (bool pipe : {false, true}) {
    const int flat = pipe ? t.stages() : 0;
    BanyanFtEngine e(16, 12, 2, pipe, BanyanFtEngine::default_plan_depth(16), 2, 2);
    EXPECT_EQ(e.src_lat(), 2);
    EXPECT_EQ(e.latency(), flat + 5 + 2);
    for (const bn::Fault f : {bn::Fault{1, 1}, bn::Fault{2, 6}}) {
      SCOPED_TRACE("PIPELINE=" + std::to_string(pipe) + " E_" + std::to_string(f.stage) + "," +
                   std::to_string(f.element));
      const bn::FtImage img = bn::ft_image(t, bn::fault_tolerant_plan(t, f, flat), flat, 2);
      const uint32_t T = static_cast<uint32_t>(img.entries.size());
      const BanyanFault bf{true, f.stage, f.element, 0};
      const Outcome o = run(e, img, 2, 12, bf, 11, 2);
      EXPECT_EQ(o.cycles, 2 * T + flat + 5 + 2);
      EXPECT_EQ(o.delivered, 16u * 16u * 2u);
      EXPECT_EQ(o.missing + o.err_dst + o.err_dup + o.relay_miss + o.relay_ovf, 0u);
      EXPECT_TRUE(o.transpose);
      EXPECT_FALSE(run(e, img, 2, 12, bf, 11, 1).transpose);
      BanyanFtEngine e1(16, 12, 2, pipe, BanyanFtEngine::default_plan_depth(16), 2, 1);
      EXPECT_FALSE(run(e1, img, 2, 12, bf, 11, 2).transpose);
    }
  }
  EXPECT_THROW(BanyanFtEngine(16, 8, 1, true, 56, 2, 3), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(16, 8, 1, true, 56, 2, 0), InvalidArgument);
}

// The paper's order on the pipelined engine: every relayed message's second hop comes
// 1 cycle after its first hop, before the message left the fabric: the 32 relayed messages
// are missing at done, and the counters say why.
TEST(BanyanFtTwin, APlanWhoseRelaysWaitIsCaught) {
  const bn::Topology t(16);
  const bn::Plan plain = bn::fault_tolerant_plan(t, {1, 1});
  const bn::PlanTiming tm = bn::plan_timing(t, plain, 4);
  ASSERT_EQ(tm.waits, 32);
  BanyanFtEngine e(16, 8, 1, true, 56, 2);
  const Outcome o = run(e, bn::ft_image(t, plain, 0, 2), 1, 8, BanyanFault{true, 1, 1, kDead}, 3);
  // Slots assigned for latency 0: each terminal reuses slot 0.  4 second hops find it empty
  // (relay_miss); the other 28 send the message an earlier first hop left there, which
  // arrives where its header does not point (err_dst, not written); 2 first hops land on a
  // slot still held (relay_ovf).
  EXPECT_EQ(o.relay_miss, 4u);
  EXPECT_EQ(o.err_dst, 28u);
  EXPECT_EQ(o.relay_ovf, 2u);
  EXPECT_EQ(o.err_dup, 0u);
  EXPECT_EQ(o.missing, 32u);
  EXPECT_EQ(o.delivered, 256u - 32u);
  EXPECT_EQ(o.cycles, 48u + 4u + 4u + 2u);
  EXPECT_FALSE(o.transpose);
  // The same plan without pipeline registers: nothing waits.
  BanyanFtEngine e0(16, 8, 1, false, 56, 2);
  const Outcome o0 = run(e0, bn::ft_image(t, plain, 0, 2), 1, 8, BanyanFault{true, 1, 1, kDead}, 3);
  EXPECT_EQ(o0.relay_miss, 0u);
  EXPECT_EQ(o0.missing, 0u);
  EXPECT_TRUE(o0.transpose);
}

// A plan made for E_1,1 with the fault elsewhere: the words through the real fault are lost
// (dead) or misrouted (stuck: err_dst, not written).
TEST(BanyanFtTwin, TheWrongFaultLosesWords) {
  const bn::Topology t(16);
  const bn::FtImage img = bn::ft_image(t, bn::fault_tolerant_plan(t, {1, 1}, 4), 4, 2);
  BanyanFtEngine e(16, 8, 1, true, 56, 2);
  Outcome o = run(e, img, 1, 8, BanyanFault{true, 2, 5, kDead}, 1);
  EXPECT_GT(o.missing, 0u);
  EXPECT_EQ(o.delivered + o.missing, 256u);
  o = run(e, img, 1, 8, BanyanFault{true, 2, 5, kCross}, 1);
  EXPECT_GT(o.err_dst, 0u);
  EXPECT_EQ(o.missing, 256u - o.delivered);
  // No fault at all: the plan still delivers everything (relays are only detours).
  o = run(e, img, 1, 8, BanyanFault{}, 1);
  EXPECT_EQ(o.missing, 0u);
  EXPECT_TRUE(o.transpose);
}

TEST(BanyanFtTwin, IllegalParametersAreRefused) {
  EXPECT_THROW(BanyanFtEngine(4, 8, 1, true, 20, 2), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(12, 8, 1, true, 20, 2), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(16, 0, 1, true, 20, 2), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(16, 8, 0, true, 20, 2), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(16, 8, 1, true, 0, 2), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(16, 8, 1, true, 20, 0), InvalidArgument);
  EXPECT_THROW(BanyanFtEngine(64, 60, 1, true, 20, 2), InvalidArgument);  // fabric word > 64
  EXPECT_NO_THROW(BanyanFtEngine(64, 50, 1, true, 20, 2));
}
