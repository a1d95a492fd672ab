// The schedule player under individual control (issue 28; rtl/engine/gsen_sched_player.v
// with CONTROL = 0, twin::gsen_sched_player on state matrices): the round table of an R(N)
// certificate routes every pair, its rounds are the model's routes, the memory entry holds
// every switch's state and is written in beats of the write port, and the engine twin
// delivers all N^2 words.  (The RTL in lockstep: CTest tb_gsen_eng_rbound.)
#include <gtest/gtest.h>

#include <string>

#include "minforge/algo/gsen/gsen_rbound.hpp"
#include "minforge/twin/engine/gsen_a2a_engine.hpp"

namespace minforge::twin {
namespace {

std::string cert_path(const char* name) {
  return std::string(MINFORGE_SOURCE_DIR) + "/docs/research/" + name;
}

bool bit(const std::vector<uint32_t>& w, int b) {
  return (w[static_cast<size_t>(b / 32)] >> (b % 32)) & 1u;
}

TEST(A2aPlayerIndiv, CertificateRoundsAreTheModelsRoutes) {
  const gsen::RboundCertificate c = gsen::read_rbound_certificate(cert_path("gsen_r20_k24.json"));
  const gsen::Topology t(c.ports);
  const A2aSchedule s = gsen_sched_player(c.ports, c.set);
  EXPECT_EQ(s.control, Ctrl::Indiv);
  ASSERT_EQ(s.rounds.size(), 24u);
  EXPECT_TRUE(s.missing.empty());
  const int H = t.switches_per_stage();
  for (size_t k = 0; k < s.rounds.size(); ++k) {
    const A2aRound& r = s.rounds[k];
    ASSERT_EQ(r.states.size(), static_cast<size_t>(t.stages() * H));
    for (int st = 0; st < t.stages(); ++st)
      for (int y = 0; y < H; ++y)
        EXPECT_EQ(r.states[static_cast<size_t>(st * H + y)], c.set[k].state(st, y));
    for (int i = 0; i < c.ports; ++i) {
      if (!r.send[static_cast<size_t>(i)]) continue;
      const gsen::Path p = gsen::route(t, c.set[k], i);
      EXPECT_EQ(r.dest[static_cast<size_t>(i)], p.dest);
      EXPECT_EQ(r.tag[static_cast<size_t>(i)], p.forward_tag);
    }
  }
  // A corrupted certificate (configuration 0 replaced by 1) misses pairs.
  std::vector<gsen::Configuration> bad = c.set;
  bad[0] = bad[1];
  EXPECT_FALSE(gsen_sched_player(c.ports, bad).missing.empty());
}

TEST(A2aPlayerIndiv, EntryHoldsEveryStateInBeats) {
  const gsen::RboundCertificate c = gsen::read_rbound_certificate(cert_path("gsen_r12_k16.json"));
  const int N = c.ports, n = 4, H = N / 2;  // N = 12: n = 4, 24 states
  const A2aSchedule s = gsen_sched_player(N, c.set);
  const int pw = player_port_bits(N);
  EXPECT_EQ(pw, N + 4);
  const int entry_bits = N + 24;  // CW4 = 24 state bits, then the send mask
  for (const A2aRound& r : s.rounds) {
    const std::vector<uint32_t> e = player_entry(N, r);
    for (int b = 0; b < n * H; ++b) EXPECT_EQ(bit(e, b), r.states[static_cast<size_t>(b)] != 0);
    for (int i = 0; i < N; ++i) EXPECT_EQ(bit(e, n * H + i), r.send[static_cast<size_t>(i)] != 0);
    const auto beats = player_beats(N, r);
    ASSERT_EQ(beats.size(), static_cast<size_t>((entry_bits + pw - 1) / pw));  // 3 beats of 16
    for (int b = 0; b < entry_bits; ++b)
      EXPECT_EQ(bit(beats[static_cast<size_t>(b / pw)], b % pw), bit(e, b)) << "bit " << b;
  }
  // A numbered entry is one beat, the entry itself.
  const A2aSchedule num = gsen_sched_player(N, Ctrl::Stage, {0, 5});
  for (const A2aRound& r : num.rounds) {
    const auto beats = player_beats(N, r);
    ASSERT_EQ(beats.size(), 1u);
    EXPECT_EQ(beats[0], player_entry(N, r));
  }
}

TEST(A2aPlayerIndiv, EngineTwinDeliversEveryWord) {
  for (const char* name : {"gsen_r12_k16.json", "gsen_r20_k24.json"}) {
    const gsen::RboundCertificate c = gsen::read_rbound_certificate(cert_path(name));
    for (bool tags : {false, true}) {
      GsenA2aEngine e(gsen_sched_player(c.ports, c.set), 20, true, tags);
      e.reset();
      e.eval(true);
      e.clock();
      for (int cyc = 0; cyc < 200 && !e.state().done; ++cyc) {
        e.eval(false);
        if (!e.state().done) e.clock();
      }
      ASSERT_TRUE(e.state().done) << name;
      EXPECT_EQ(e.state().delivered, static_cast<uint32_t>(c.ports * c.ports)) << name;
      EXPECT_EQ(e.state().errors, 0u) << name;
    }
  }
}

TEST(A2aPlayerIndiv, BadLists) {
  EXPECT_THROW(gsen_sched_player(12, std::vector<gsen::Configuration>{}), InvalidArgument);
  const gsen::Topology t20(20);
  EXPECT_THROW(gsen_sched_player(12, {gsen::Configuration(t20)}), InvalidArgument);
  // the numbered player refuses individual control (no configuration number)
  EXPECT_THROW(gsen_sched_player(12, Ctrl::Indiv, {0}), InvalidArgument);
}

}  // namespace
}  // namespace minforge::twin
