// The twins of the all-to-all fabrics and engines (twin/gsen_fabric.hpp, banyan_fabric.hpp,
// gsen_a2a_engine.hpp, a2a_sched.hpp) against the papers' algorithms (gsen::route, banyan::gamma,
// banyan::route with faults) over whole ranges of N.
#include <gtest/gtest.h>

#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/gsen/gsen_schedule.hpp"
#include "minforge/twin/banyan/banyan_fabric.hpp"
#include "minforge/twin/engine/gsen_a2a_engine.hpp"
#include "minforge/twin/gsen/gsen_fabric.hpp"

namespace minforge::twin {
namespace {

// Sends message i from every input i in one round and returns out[j] = source seen at j.
std::vector<int> one_round(StagedFabric& m, FabricIn& in) {
  const int N = m.ports();
  for (int i = 0; i < N; ++i) {
    in.valid[static_cast<size_t>(i)] = 1;
    in.data[static_cast<size_t>(i)] = static_cast<uint64_t>(i);
  }
  const FabricOut o = m.eval(in);
  std::vector<int> src(static_cast<size_t>(N), -1);
  for (int j = 0; j < N; ++j)
    if (o.valid[static_cast<size_t>(j)])
      src[static_cast<size_t>(j)] = static_cast<int>(o.data[static_cast<size_t>(j)]);
  return src;
}

TEST(A2aTwin, GsenConfigModesMatchRoute) {
  for (int N = 4; N <= 40; N += 2) {
    const gsen::Topology t(N);
    for (Ctrl c : {Ctrl::Stage, Ctrl::Alt, Ctrl::Alt2, Ctrl::Alt4}) {
      GsenFabric m(N, 16, c, false);
      FabricIn in;
      in.resize(N, t.stages());
      for (uint32_t v = 0; v < t.power(); ++v) {
        in.cfg = v;
        const std::vector<int> src = one_round(m, in);
        for (int i = 0; i < N; ++i)
          ASSERT_EQ(src[static_cast<size_t>(gsen::route(t, c, v, i).dest)], i)
              << "N=" << N << " control " << static_cast<int>(c) << " cfg=" << v;
      }
    }
  }
}

TEST(A2aTwin, GsenIndividualAndTagMatchRoute) {
  for (int N = 4; N <= 40; N += 2) {
    const gsen::Topology t(N);
    GsenFabric mi(N, 16, Ctrl::Indiv, false);
    GsenFabric mt(N, 16, Ctrl::Tag, false);
    FabricIn in;
    in.resize(N, t.stages());
    for (uint32_t v = 0; v < t.power(); ++v) {
      const auto cfg = gsen::Configuration::from_control(t, Ctrl::Alt2, v);
      for (int s = 0; s < t.stages(); ++s)
        for (int y = 0; y < N / 2; ++y)
          in.states[static_cast<size_t>(s * (N / 2) + y)] = static_cast<uint8_t>(cfg.state(s, y));
      for (int i = 0; i < N; ++i)
        in.tag[static_cast<size_t>(i)] = gsen::route(t, cfg, i).forward_tag;
      const std::vector<int> a = one_round(mi, in);
      const std::vector<int> b = one_round(mt, in);
      const FabricOut o = mt.eval(in);
      for (uint8_t x : o.conflict) ASSERT_EQ(x, 0);
      for (int i = 0; i < N; ++i) {
        const int j = gsen::route(t, cfg, i).dest;
        ASSERT_EQ(a[static_cast<size_t>(j)], i);
        ASSERT_EQ(b[static_cast<size_t>(j)], i);
      }
    }
  }
}

TEST(A2aTwin, GsenTagConflictDropsInSubport1) {
  // N = 4, both inputs of switch 0 at stage 0 (terminals 0 and 2) ask for out-subport 0.
  GsenFabric m(4, 8, Ctrl::Tag, false);
  FabricIn in;
  in.resize(4, 2);
  in.valid = {1, 0, 1, 0};
  in.data = {10, 0, 12, 0};
  in.tag = {0, 0, 0, 0};
  const FabricOut o = m.eval(in);
  int delivered = 0;
  for (int j = 0; j < 4; ++j) delivered += o.valid[static_cast<size_t>(j)];
  EXPECT_EQ(delivered, 1);
  EXPECT_EQ(o.conflict[0], 1);  // stage 0, switch 0
  EXPECT_EQ(o.valid[0], 1);     // tag 00 from terminal 0: 0 -> 0 -> 0
  EXPECT_EQ(o.data[0], 10u);
}

TEST(A2aTwin, PipelineDelaysByStages) {
  const int N = 10;
  GsenFabric m(N, 16, Ctrl::Stage, true);
  EXPECT_EQ(m.latency(), 4);
  FabricIn in;
  in.resize(N, 4);
  m.reset();
  for (int c = 0; c < 8; ++c) {
    in.cfg = static_cast<uint32_t>(c);
    for (int i = 0; i < N; ++i) {
      in.valid[static_cast<size_t>(i)] = c < 2;
      in.data[static_cast<size_t>(i)] = static_cast<uint64_t>(100 * c + i);
    }
    const FabricOut o = m.eval(in);
    int nv = 0;
    for (uint8_t v : o.valid) nv += v;
    EXPECT_EQ(nv, (c == 4 || c == 5) ? N : 0) << c;
    if (c == 5) {
      const gsen::Topology t(N);
      for (int i = 0; i < N; ++i)
        EXPECT_EQ(o.data[static_cast<size_t>(gsen::route(t, Ctrl::Stage, 1, i).dest)],
                  static_cast<uint64_t>(100 + i));
    }
    m.clock();
  }
}

TEST(A2aTwin, BanyanStageMatchesGammaAndFaultRoute) {
  for (int N : {4, 8, 16, 32, 64}) {
    const banyan::Topology t(N);
    BanyanFabric m(N, 16, Ctrl::Stage, false);
    FabricIn in;
    in.resize(N, t.stages());
    for (uint32_t k = 0; k < static_cast<uint32_t>(N); ++k) {
      in.cfg = k;
      const std::vector<int> src = one_round(m, in);
      for (int x = 0; x < N; ++x) ASSERT_EQ(src[static_cast<size_t>(banyan::gamma(t, k, x))], x);
    }
    for (int st = 1; st + 1 < t.stages(); ++st)
      for (int l = 0; l < N / 2; ++l)
        for (const auto& fault_name : params::kFaultNames) {  // every MF_FAULT_* kind
          const int kind = params::code(fault_name.code);
          const banyan::Fault f{st, l};
          const banyan::FaultKind fk = banyan::fault_kind(fault_name.code);
          for (uint32_t k = 0; k < static_cast<uint32_t>(N); ++k) {
            in.cfg = k;
            for (int i = 0; i < N; ++i) {
              in.valid[static_cast<size_t>(i)] = 1;
              in.data[static_cast<size_t>(i)] = static_cast<uint64_t>(i);
            }
            const FabricOut o = m.eval(in, BanyanFault{true, st, l, kind});
            std::vector<int> src(static_cast<size_t>(N), -1);
            for (int j = 0; j < N; ++j)
              if (o.valid[static_cast<size_t>(j)])
                src[static_cast<size_t>(j)] = static_cast<int>(o.data[static_cast<size_t>(j)]);
            for (int x = 0; x < N; ++x) {
              const banyan::Route r = banyan::route(t, k, x, std::make_pair(f, fk));
              if (!r.delivered) {
                for (int j = 0; j < N; ++j) ASSERT_NE(src[static_cast<size_t>(j)], x);
              } else {
                ASSERT_EQ(src[static_cast<size_t>(r.dest)], x)
                    << "N=" << N << " fault " << st << "," << l << " kind " << kind;
              }
            }
          }
        }
  }
}

TEST(A2aTwin, EnginePredictionsCompleteExchange) {
  for (int N = 4; N <= 24; N += 2) {
    std::vector<A2aSchedule> scheds{gsen_sched_stage(N)};
    if (N % 4 == 2 && N >= 6) scheds.push_back(gsen_sched_alt(N));
    for (const auto& s : scheds)
      for (bool pipe : {false, true})
        for (bool tags : {false, true}) {
          GsenA2aEngine e(s, 20, pipe, tags);
          e.reset();
          e.eval(true);
          e.clock();
          int c = 0;
          for (; c < 200; ++c) {
            e.eval(false);
            if (e.state().done) break;
            e.clock();
          }
          const A2aState& st = e.state();
          ASSERT_TRUE(st.done);
          EXPECT_EQ(st.cycles, static_cast<uint32_t>(e.rounds() + e.latency()));
          EXPECT_EQ(st.delivered, static_cast<uint32_t>(N * N));
          EXPECT_EQ(st.errors, 0u);
          EXPECT_EQ(st.conflicts, 0u);
        }
  }
}

TEST(A2aTwin, PlayerScheduleReportsMissingPairs) {
  const A2aSchedule all = gsen_sched_player(10, Ctrl::Alt, {0, 1, 3, 2, 6, 7, 5, 4, 12, 13});
  EXPECT_TRUE(all.missing.empty());
  const A2aSchedule part = gsen_sched_player(10, Ctrl::Alt, {0, 1});
  EXPECT_EQ(part.missing.size(), 80u);  // two permutations cover 20 of the 100 pairs
}

TEST(A2aTwin, BanyanLatinTagsSelfRoute) {
  for (int N : {4, 8, 16, 32}) {
    const A2aSchedule s = banyan_sched_latin(N);
    BanyanFabric m(N, 16, Ctrl::Tag, false);
    FabricIn in;
    in.resize(N, banyan::Topology(N).stages());
    for (const A2aRound& r : s.rounds) {
      in.tag = r.tag;
      const std::vector<int> src = one_round(m, in);
      for (int i = 0; i < N; ++i)
        ASSERT_EQ(src[static_cast<size_t>(r.dest[static_cast<size_t>(i)])], i);
    }
  }
}

}  // namespace
}  // namespace minforge::twin
