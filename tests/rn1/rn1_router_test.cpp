// RN1 router model: protocol unit tests (docs/rn1_protocol.md).  The Verilator lockstep runs
// (tb/rn1) show the RTL equal to this model cycle for cycle.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/twin/rn1/rn1.hpp"
#include "minforge/twin/rn1/rn1_lfsr.hpp"
#include "minforge/twin/rn1/rn1_xbar_core.hpp"

namespace minforge::rn1 {
namespace {

using twin::Rn1;
using twin::Rn1Lfsr;
using twin::Rn1Mode;
using twin::Rn1XbarCore;

// Drives a core cycle by cycle; records every output.
struct Bench {
  explicit Bench(const Rn1XbarCore::Params& p, uint32_t seed = 1) : core(p) {
    core.reset(seed);
    fin.assign(p.inputs, 0);
    bin.assign(p.radix * p.dilation, 0);
  }
  void step(uint32_t en = 0xFF) {
    core.step(fin.data(), bin.data(), en);
    std::fill(fin.begin(), fin.end(), 0);
  }
  Rn1XbarCore core;
  std::vector<Word> fin, bin;
};

TEST(Rn1Router, Crc8CheckValue) {
  // CRC-8 (poly 0x07, init 0): check value of "123456789" is 0xF4.
  uint8_t c = 0;
  for (char ch : std::string("123456789")) c = crc8(c, static_cast<uint8_t>(ch));
  EXPECT_EQ(c, 0xF4);
}

TEST(Rn1Router, LfsrSequenceAndPeriod) {
  Rn1Lfsr l(kLfsrWidth, kLfsrTaps);
  l.reset(1);
  std::vector<uint32_t> first;
  for (int k = 0; k < 5; ++k) {
    first.push_back(l.state());
    l.step();
  }
  // one-source: ok (the documented sequence of x^16 + x^14 + x^13 + x^11 + 1 from seed 1)
  EXPECT_EQ(first, (std::vector<uint32_t>{0x0001, 0xB400, 0x5A00, 0x2D00, 0x1680}));
  l.reset(0);
  EXPECT_EQ(l.state(), 1u);  // zero seed loads 1
  l.reset(params::kSelftestSeed);
  const uint32_t s0 = l.state();
  int period = 0;
  do {
    l.step();
    ++period;
  } while (l.state() != s0 && period < 70000);
  EXPECT_EQ(period, 65535);  // maximal length
}

TEST(Rn1Router, ConnectedTransmissionTimeline) {
  Bench b(Rn1XbarCore::Params{8, 4, 2, 0});
  // Header to direction 2 (bits 7:6 = 10), two data words, close.
  const std::array<uint8_t, 3> words = {0x9B, 0x11, 0x22};
  b.fin[3] = make_word(true, words[0]);
  b.step();
  ASSERT_EQ(b.core.state(3), Rn1XbarCore::kFwd);
  const int o = b.core.connection(3);
  EXPECT_TRUE(o == 4 || o == 5);
  EXPECT_EQ(b.core.fwd_out(o), make_word(true, static_cast<uint8_t>(0x9B << 2)));
  b.fin[3] = make_word(true, words[1]);
  b.step();
  EXPECT_EQ(b.core.fwd_out(o), make_word(true, 0x11));
  b.fin[3] = make_word(true, words[2]);
  b.step();
  EXPECT_EQ(b.core.fwd_out(o), make_word(true, 0x22));
  b.step();  // close
  EXPECT_EQ(b.core.fwd_out(o), 0);
  Status st = decode_status(word_data(b.core.bwd_out(3)), 4);
  EXPECT_TRUE(word_ctl(b.core.bwd_out(3)));
  EXPECT_TRUE(st.connected);
  EXPECT_EQ(st.out_port, o);
  EXPECT_EQ(st.in_port, 3);
  EXPECT_EQ(word_data(b.core.bwd_out(3)), 0x80 | (o << 3) | 3);
  b.step();
  uint8_t c = 0;
  for (uint8_t w : words) c = crc8(c, w);
  EXPECT_EQ(b.core.bwd_out(3), make_word(true, c));
  // Downstream reply of two words: each relayed word appears one cycle after it arrives.
  b.bin[o] = make_word(true, 0x77);
  b.step();
  EXPECT_EQ(b.core.bwd_out(3), make_word(true, 0x77));
  EXPECT_TRUE(b.core.busy(o));
  b.bin[o] = make_word(true, 0x78);
  b.step();
  EXPECT_EQ(b.core.bwd_out(3), make_word(true, 0x78));
  b.bin[o] = 0;
  b.step();
  EXPECT_EQ(b.core.bwd_out(3), 0);
  EXPECT_EQ(b.core.state(3), Rn1XbarCore::kIdle);
  EXPECT_FALSE(b.core.busy(o));
}

TEST(Rn1Router, DropWhenDirectionFullReportsDirection) {
  Bench b(Rn1XbarCore::Params{8, 4, 2, 0});
  // Three same-cycle requests for direction 1: two connect, the third is dropped.
  for (int i : {0, 2, 5}) b.fin[i] = make_word(true, 0x40 | i);
  b.step();
  int conn = 0, drop = -1;
  std::set<int> used;
  for (int i : {0, 2, 5}) {
    if (b.core.state(i) == Rn1XbarCore::kFwd) {
      ++conn;
      used.insert(b.core.connection(i));
    } else {
      EXPECT_EQ(b.core.state(i), Rn1XbarCore::kDrop);
      drop = i;
    }
  }
  EXPECT_EQ(conn, 2);
  EXPECT_EQ(used, (std::set<int>{2, 3}));
  EXPECT_EQ(drop, 5);  // priority pointer starts at input 0: 0 and 2 win
  b.step();            // close all
  const Word s = b.core.bwd_out(drop);
  EXPECT_EQ(s, make_word(true, 0x40 | (1 << 3) | 5));
  EXPECT_FALSE(decode_status(word_data(s), 4).connected);
  EXPECT_EQ(decode_status(word_data(s), 4).direction, 1);
  b.step();
  EXPECT_EQ(b.core.bwd_out(drop), make_word(true, crc8(0, 0x45)));
  b.step();
  EXPECT_EQ(b.core.bwd_out(drop), 0);  // a dropped reply ends after its two words
  EXPECT_EQ(b.core.state(drop), Rn1XbarCore::kIdle);
}

TEST(Rn1Router, RoundRobinAmongSameCycleRequests) {
  // Radix 4, dilation 1: one output per direction; four inputs keep asking for direction 0.
  std::vector<int> winners;
  Bench b(Rn1XbarCore::Params{4, 4, 1, 0});
  for (int round = 0; round < 8; ++round) {
    for (int i = 0; i < 4; ++i) b.fin[i] = make_word(true, 0x00);
    b.step();
    for (int i = 0; i < 4; ++i) {
      if (b.core.state(i) == Rn1XbarCore::kFwd) winners.push_back(i);
    }
    // close, status, checksum, relay end: 4 more cycles
    for (int k = 0; k < 4; ++k) b.step();
    for (int i = 0; i < 4; ++i) ASSERT_EQ(b.core.state(i), Rn1XbarCore::kIdle);
  }
  EXPECT_EQ(winners, (std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3}));
}

TEST(Rn1Router, RandomChoiceFollowsLfsrAndUsesBothOutputs) {
  Bench b(Rn1XbarCore::Params{8, 4, 2, 0}, 0x1234);
  std::array<int, 2> count{};
  for (int trial = 0; trial < 200; ++trial) {
    const uint32_t lf = b.core.lfsr().state();
    b.fin[6] = make_word(true, 0xC0);  // direction 3, both outputs free
    b.step();
    const int o = b.core.connection(6);
    EXPECT_EQ(o, 6 + static_cast<int>((lf >> 3) & 1));  // offset = lfsr bit d for d = 3
    ++count[o - 6];
    for (int k = 0; k < 4; ++k) b.step();
  }
  EXPECT_GT(count[0], 60);
  EXPECT_GT(count[1], 60);
}

TEST(Rn1Router, EnableBitsSteerAndDrop) {
  for (int trial = 0; trial < 20; ++trial) {
    Bench b(Rn1XbarCore::Params{8, 4, 2, 0}, 100 + trial);
    b.fin[1] = make_word(true, 0x00);  // direction 0: outputs 0 and 1
    b.step(0xFE);                      // output 0 disabled
    EXPECT_EQ(b.core.connection(1), 1);
    b.fin[2] = make_word(true, 0x00);
    b.step(0xFE);  // output 1 busy, output 0 disabled: drop
    EXPECT_EQ(b.core.state(2), Rn1XbarCore::kDrop);
  }
  Bench b(Rn1XbarCore::Params{8, 4, 2, 0});
  b.fin[0] = make_word(true, 0x80);
  b.step(0xCF);  // both outputs of direction 2 disabled
  EXPECT_EQ(b.core.state(0), Rn1XbarCore::kDrop);
}

TEST(Rn1Router, DualModeHalvesAreIndependentWithPhysicalPorts) {
  Rn1 r(Rn1Mode::kRegister);
  r.reset(7);
  std::array<Word, 8> fin{}, bin{};
  Rn1::Config cfg{true, true, 0xFF};
  r.step(fin.data(), bin.data(), cfg);  // write dual mode
  EXPECT_TRUE(r.dual());
  cfg.we = false;
  fin[1] = make_word(true, 0x80);  // lower half, direction 2 -> output 2
  fin[5] = make_word(true, 0x80);  // upper half, direction 2 -> output 6
  r.step(fin.data(), bin.data(), cfg);
  EXPECT_EQ(r.fwd_out(2), make_word(true, 0x00));
  EXPECT_EQ(r.fwd_out(6), make_word(true, 0x00));
  fin = {};
  r.step(fin.data(), bin.data(), cfg);  // close
  EXPECT_EQ(r.bwd_out(1), make_word(true, 0x80 | (2 << 3) | 1));
  EXPECT_EQ(r.bwd_out(5), make_word(true, 0x80 | (6 << 3) | 5));
  // Same-direction requests in one half with dilation 1: one wins, one drops.
  for (int k = 0; k < 3; ++k) r.step(fin.data(), bin.data(), cfg);
  fin[4] = make_word(true, 0x40);
  fin[7] = make_word(true, 0x40);
  r.step(fin.data(), bin.data(), cfg);
  fin = {};
  r.step(fin.data(), bin.data(), cfg);
  EXPECT_EQ(word_data(r.bwd_out(4)) & 0xC0, 0x80);
  EXPECT_EQ(word_data(r.bwd_out(7)) & 0xC0, 0x40);
  // Back to 8x4 mode: the single core was held in reset.
  for (int k = 0; k < 3; ++k) r.step(fin.data(), bin.data(), cfg);
  cfg = Rn1::Config{true, false, 0xFF};
  r.step(fin.data(), bin.data(), cfg);
  EXPECT_FALSE(r.dual());
  EXPECT_EQ(r.single_core().lfsr().state(), 7u);
}

TEST(Rn1Router, RadixTwoShiftsOneBit) {
  Bench b(Rn1XbarCore::Params{4, 2, 2, 0});
  b.fin[0] = make_word(true, 0xA5);  // direction 1 (bit 7)
  b.step();
  const int o = b.core.connection(0);
  EXPECT_TRUE(o == 2 || o == 3);
  EXPECT_EQ(b.core.fwd_out(o), make_word(true, 0x4A));
}

TEST(Rn1Router, IllegalParametersRejected) {
  EXPECT_THROW(Rn1XbarCore(Rn1XbarCore::Params{9, 4, 2, 0}), InvalidArgument);
  EXPECT_THROW(Rn1XbarCore(Rn1XbarCore::Params{8, 3, 2, 0}), InvalidArgument);
  EXPECT_THROW(Rn1XbarCore(Rn1XbarCore::Params{8, 4, 4, 0}), InvalidArgument);  // 16 outputs
  EXPECT_THROW(Rn1XbarCore(Rn1XbarCore::Params{4, 4, 1, 5}), InvalidArgument);  // ports beyond 8
}

}  // namespace
}  // namespace minforge::rn1
