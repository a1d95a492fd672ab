// GSEN topology and routing (paper 001, sections 1-2): exact printed values and
// consistency of the routing layers over whole ranges of N.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "minforge/algo/gsen/gsen.hpp"

using namespace minforge;
using namespace minforge::gsen;

namespace {

std::vector<int> ints(std::initializer_list<int> v) { return std::vector<int>(v); }

}  // namespace

TEST(GsenTopology, ShuffleAndSizes) {
  Topology t(10);
  EXPECT_EQ(t.stages(), 4);
  EXPECT_EQ(t.power(), 16u);
  EXPECT_EQ(t.switch_count(), 20);
  // pi(t) = (2t + floor(2t/N)) mod N on 10 terminals.
  std::vector<int> pi;
  for (int x = 0; x < 10; ++x) pi.push_back(t.shuffle(x));
  EXPECT_EQ(pi, ints({0, 2, 4, 6, 8, 1, 3, 5, 7, 9}));
  // The folded form used by route(): shuffled position pi(t) is switch pi(t)/2, subport
  // pi(t)%2, which is switch t mod N/2 and in-subport floor(t / (N/2)).
  for (int N = 4; N <= 300; N += 2) {
    Topology tt(N);
    for (int x = 0; x < N; ++x) {
      ASSERT_EQ(tt.shuffle(x) / 2, tt.switch_of(x)) << N << " " << x;
      ASSERT_EQ(tt.shuffle(x) % 2, tt.in_subport(x)) << N << " " << x;
    }
  }
  EXPECT_EQ(Topology(514).switch_count(), 2570);
  EXPECT_EQ(Topology(4).stages(), 2);
  EXPECT_EQ(Topology(kMaxPorts).stages(), 20);
}

TEST(GsenTopology, RejectsBadPortCounts) {
  EXPECT_THROW(Topology(9), InvalidArgument);
  EXPECT_THROW(Topology(2), InvalidArgument);
  EXPECT_THROW(Topology(0), InvalidArgument);
  EXPECT_THROW(Topology(-4), InvalidArgument);
  EXPECT_THROW(Topology(kMaxPorts + 2), InvalidArgument);
  try {
    Topology t(11);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("even"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
  EXPECT_NO_THROW(Topology{4});
  EXPECT_NO_THROW(Topology{kMaxPorts});
}

TEST(GsenRouting, RejectsBadConfigsTagsAndInputs) {
  Topology t(10);
  EXPECT_THROW(Configuration::from_control(t, Ctrl::Stage, 16), InvalidArgument);
  EXPECT_THROW(Configuration::from_control(t, Ctrl::Indiv, 0), InvalidArgument);
  EXPECT_THROW(route(t, Ctrl::Alt, 16, 0), InvalidArgument);
  EXPECT_THROW(route(t, Ctrl::Indiv, 3, 0), InvalidArgument);
  EXPECT_THROW(route(t, Ctrl::Stage, 3, 10), InvalidArgument);
  EXPECT_THROW(route(t, Ctrl::Stage, 3, -1), InvalidArgument);
  EXPECT_THROW(route_by_tag(t, 0, 16), InvalidArgument);
  EXPECT_THROW(route_endpoint_by_tag(t, 0, 16), InvalidArgument);
  EXPECT_THROW(permutation(t, Ctrl::Alt2, 99), InvalidArgument);
  EXPECT_THROW(permutation(t, Ctrl::Indiv, 0), InvalidArgument);
  EXPECT_THROW(forward_tags(t, Ctrl::Stage, 16), InvalidArgument);
  Configuration wrong(Topology(12));
  EXPECT_THROW(route(t, wrong, 0), InvalidArgument);
  try {
    route(t, Ctrl::Indiv, 0, 0);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("individual"), std::string::npos) << e.what();
  }
}

TEST(GsenRouting, NumberedControls) {
  for (Ctrl c : {Ctrl::Stage, Ctrl::Alt, Ctrl::Alt2, Ctrl::Alt4}) EXPECT_TRUE(numbered(c));
  EXPECT_FALSE(numbered(Ctrl::Indiv));
  EXPECT_FALSE(numbered(Ctrl::Tag));
  EXPECT_EQ(control_for_period(0), Ctrl::Stage);
  EXPECT_EQ(control_for_period(1), Ctrl::Alt);
  EXPECT_EQ(control_for_period(2), Ctrl::Alt2);
  EXPECT_EQ(control_for_period(4), Ctrl::Alt4);
  EXPECT_THROW(control_for_period(3), InvalidArgument);
  EXPECT_EQ(alt_period(Ctrl::Alt4), 4);
  EXPECT_THROW(alt_period(Ctrl::Indiv), InvalidArgument);
  EXPECT_THROW(alt_period(Ctrl::Tag), InvalidArgument);
  EXPECT_THROW(route(Topology(10), Ctrl::Tag, 0, 0), InvalidArgument);
}

// Fig. 4(a): N = 10 with stage control C = 9 = (1001)_2 realizes 9 7 5 3 8 1 6 4 2 0.
TEST(GsenRouting, Fig4StageConfig9) {
  Topology t(10);
  const auto expect = ints({9, 7, 5, 3, 8, 1, 6, 4, 2, 0});
  EXPECT_EQ(permutation(t, Ctrl::Stage, 9), expect);
  EXPECT_EQ(permutation(t, Configuration::from_control(t, Ctrl::Stage, 9)), expect);
  // Fig. 4(b): every switch of stages 0 and 3 is cross, of stages 1 and 2 straight.
  const auto cfg = Configuration::from_control(t, Ctrl::Stage, 9);
  for (int y = 0; y < 5; ++y) {
    EXPECT_EQ(cfg.state(0, y), 1);
    EXPECT_EQ(cfg.state(1, y), 0);
    EXPECT_EQ(cfg.state(2, y), 0);
    EXPECT_EQ(cfg.state(3, y), 1);
  }
}

// Section 2: in Fig. 4(a) the (2, 5)-request is fulfilled with tag 13 = (1101)_2.
TEST(GsenRouting, Fig4Request2To5ByTag13) {
  Topology t(10);
  const Path p = route(t, Ctrl::Stage, 9, 2);
  EXPECT_EQ(p.dest, 5);
  EXPECT_EQ(p.forward_tag, 13u);
  EXPECT_EQ(p.backward_tag, 4u);  // C = B xor F = 0100 xor 1101 = 1001
  const Path q = route_by_tag(t, 2, 13);
  EXPECT_EQ(q.dest, 5);
  EXPECT_EQ(q.switches, p.switches);
  EXPECT_EQ(q.terminals, p.terminals);
  // Terminal 2 -> switch 2 (sub 0), out 1 -> 5 -> switch 0 (sub 1), out 1 -> 1 -> switch 1
  // (sub 0), out 0 -> 2 -> switch 2 (sub 0), out 1 -> 5.
  EXPECT_EQ(p.switches, ints({2, 0, 1, 2}));
  EXPECT_EQ(p.terminals, ints({5, 1, 2, 5}));
}

// Fig. 7: alternating configuration A = 9 on N = 10.  The figure is not in the text, so the
// permutation is the computed one, cross-checked with Lemma 4.3: A = 9 = A_14, so even
// inputs carry tag 14 and odd inputs 16 - 1 - 14 = 1.
TEST(GsenRouting, Fig7AlternatingConfig9) {
  Topology t(10);
  EXPECT_EQ(lemma::tag_from_alt_config(9), 14u);
  EXPECT_EQ(permutation(t, Ctrl::Alt, 9), ints({4, 7, 6, 9, 8, 1, 0, 3, 2, 5}));
  const auto tags = forward_tags(t, Ctrl::Alt, 9);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(tags[static_cast<size_t>(i)], i % 2 == 0 ? 14u : 1u) << i;
    EXPECT_EQ(route(t, Ctrl::Alt, 9, i).dest,
              lemma::destination(10, i, tags[static_cast<size_t>(i)]));
  }
  // Switch states of Fig. 7: a_3 = 1 at stage 0 gives 1 0 1 0 1, a_2 = 0 at stage 1 0 1 0 1 0.
  const auto cfg = Configuration::from_control(t, Ctrl::Alt, 9);
  EXPECT_EQ(cfg.matrix()[0], (std::vector<uint8_t>{1, 0, 1, 0, 1}));
  EXPECT_EQ(cfg.matrix()[1], (std::vector<uint8_t>{0, 1, 0, 1, 0}));
  EXPECT_EQ(cfg.matrix()[3], (std::vector<uint8_t>{1, 0, 1, 0, 1}));
}

TEST(GsenRouting, AlternationPatternsOfSwitchStates) {
  Topology t(20);  // 10 switches per stage
  // Doubly alternating a' = 0: 0 0 1 1 0 0 1 1 ...; quadruply a'' = 0: 0 0 0 0 1 1 1 1 ...
  const auto c2 = Configuration::from_control(t, Ctrl::Alt2, 0);
  EXPECT_EQ(c2.matrix()[0], (std::vector<uint8_t>{0, 0, 1, 1, 0, 0, 1, 1, 0, 0}));
  const auto c4 = Configuration::from_control(t, Ctrl::Alt4, 16);  // a''_4 = 1 at stage 0
  EXPECT_EQ(c4.matrix()[0], (std::vector<uint8_t>{1, 1, 1, 1, 0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(c4.matrix()[1], (std::vector<uint8_t>{0, 0, 0, 0, 1, 1, 1, 1, 0, 0}));
}

// route(), route(Configuration), route_endpoint(), permutation_into() and route_by_tag()
// agree; every configuration is a permutation; the path's switches/terminals are coherent.
TEST(GsenRouting, RoutingLayersAgreeForEveryEvenNUpTo300) {
  for (int N = 4; N <= 300; N += 2) {
    Topology t(N);
    const uint32_t P = t.power();
    const uint32_t step = N <= 64 ? 1 : 7;  // every config for small N, a sample above
    for (Ctrl c : {Ctrl::Stage, Ctrl::Alt, Ctrl::Alt2, Ctrl::Alt4}) {
      for (uint32_t v = 0; v < P; v += step) {
        const auto perm = permutation(t, c, v);
        ASSERT_TRUE(is_permutation(perm)) << N << " " << params::name(c) << " " << v;
        for (int i = 0; i < N; i += (N <= 64 ? 1 : 5)) {
          const Endpoint e = route_endpoint(t, c, v, i);
          ASSERT_EQ(e.dest, perm[static_cast<size_t>(i)]);
          const Endpoint g = route_endpoint_by_tag(t, i, e.forward_tag);
          ASSERT_EQ(g.dest, e.dest);
          ASSERT_EQ(g.backward_tag, e.backward_tag);
        }
      }
    }
    // Full Path objects and the matrix form on one configuration per kind.
    for (Ctrl c : {Ctrl::Stage, Ctrl::Alt, Ctrl::Alt2, Ctrl::Alt4}) {
      const uint32_t v = (P - 1) / 3;
      const auto cfg = Configuration::from_control(t, c, v);
      for (int i = 0; i < N; ++i) {
        const Path p = route(t, c, v, i);
        const Path q = route(t, cfg, i);
        ASSERT_EQ(p.dest, q.dest);
        ASSERT_EQ(p.forward_tag, q.forward_tag);
        ASSERT_EQ(p.switches, q.switches);
        ASSERT_EQ(static_cast<int>(p.switches.size()), t.stages());
        ASSERT_EQ(p.terminals.back(), p.dest);
        int term = i;
        for (int s = 0; s < t.stages(); ++s) {
          const int y = p.switches[static_cast<size_t>(s)];
          ASSERT_EQ(y, t.switch_of(term));
          const int f = static_cast<int>((p.forward_tag >> (t.stages() - 1 - s)) & 1u);
          const int b = static_cast<int>((p.backward_tag >> (t.stages() - 1 - s)) & 1u);
          ASSERT_EQ(b, t.in_subport(term));
          ASSERT_EQ(f, b ^ cfg.state(s, y));
          term = Topology::out_terminal(y, f);
          ASSERT_EQ(term, p.terminals[static_cast<size_t>(s)]);
        }
      }
    }
  }
}

// Individually set switches: random state matrices always give permutations, and the
// route's tags satisfy Lemma 3.3 (it holds for any configuration).
TEST(GsenRouting, IndividualConfigurationsAreSelfConsistent) {
  std::mt19937 rng(12345);
  for (int N = 4; N <= 300; N += 2) {
    Topology t(N);
    for (int rep = 0; rep < 3; ++rep) {
      Configuration cfg(t);
      for (int s = 0; s < t.stages(); ++s)
        for (int y = 0; y < N / 2; ++y) cfg.set_state(s, y, static_cast<int>(rng() & 1u));
      const auto perm = permutation(t, cfg);
      ASSERT_TRUE(is_permutation(perm)) << N;
      for (int i = 0; i < N; ++i) {
        const Path p = route(t, cfg, i);
        ASSERT_EQ(p.dest, lemma::destination(N, i, p.forward_tag));
        ASSERT_EQ(p.backward_tag, lemma::backward_tag(N, i, p.forward_tag));
      }
    }
  }
}

TEST(GsenRouting, LargeNSampled) {
  std::mt19937 rng(7);
  for (int N : {1026, 4094, 4096, 16382, 65536, 65538, kMaxPorts - 2, kMaxPorts}) {
    Topology t(N);
    for (int rep = 0; rep < 200; ++rep) {
      const int i = static_cast<int>(rng() % static_cast<uint32_t>(N));
      const uint32_t F = rng() % t.power();
      const Path p = route_by_tag(t, i, F);
      ASSERT_EQ(p.dest, lemma::destination(N, i, F)) << N;
      ASSERT_EQ(p.backward_tag, lemma::backward_tag(N, i, F)) << N;
      const uint32_t C = rng() % t.power();
      const Endpoint e = route_endpoint(t, Ctrl::Stage, C, i);
      ASSERT_EQ(lemma::stage_config(e.backward_tag, e.forward_tag), C) << N;
    }
  }
}

// PermutationSweep (prefix-sharing) equals permutation() in any visiting order.
TEST(GsenRouting, PermutationSweepMatchesPermutation) {
  std::mt19937 rng(99);
  for (int N = 4; N <= 300; N += 2) {
    Topology t(N);
    for (Ctrl c : {Ctrl::Stage, Ctrl::Alt, Ctrl::Alt2, Ctrl::Alt4}) {
      PermutationSweep sweep(t, c);
      std::vector<uint32_t> values;
      for (uint32_t v = 0; v < t.power(); ++v) values.push_back(v);
      values.push_back(3 % t.power());  // repeat a value
      std::shuffle(values.begin(), values.end(), rng);
      for (uint32_t v : values.size() > 40
                            ? std::vector<uint32_t>(values.begin(), values.begin() + 40)
                            : values) {
        const auto got = sweep(v);
        const auto want = permutation(t, c, v);
        ASSERT_TRUE(std::equal(got.begin(), got.end(), want.begin(), want.end(),
                               [](uint32_t a, int b) { return static_cast<int>(a) == b; }))
            << N << " " << params::name(c) << " " << v;
      }
    }
  }
  EXPECT_THROW(PermutationSweep(Topology(10), Ctrl::Indiv), InvalidArgument);
  PermutationSweep sweep(Topology(10), Ctrl::Stage);
  EXPECT_THROW(sweep(16), InvalidArgument);
}
