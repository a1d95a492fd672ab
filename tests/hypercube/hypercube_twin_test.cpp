// The twins of the packet-switched d-cube (rtl/hypercube: HypercubeNet, HypercubeNode)
// against the golden model's step simulator (hypercube::run_steps, paper 004 Corollary 3.5):
// the twin runs a schedule the way the hardware does (schedule rows and packets loaded
// through the load interface, start, STEPS cycles) and its state after every step must be
// the simulator's; its verdict (all_ok / error) must be the simulator's; its rule-violation
// flags must name exactly the nodes where two packets arrive or none.  Plus the controller's
// timing and the load interface's corner cases as stated in hypercube_net.v.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "minforge/algo/hypercube/hypercube.hpp"
#include "minforge/algo/hypercube/hypercube_packet.hpp"
#include "minforge/twin/hypercube/hypercube_net.hpp"
#include "minforge/twin/hypercube/hypercube_stimulus.hpp"

namespace hc = minforge::hypercube;
using minforge::InvalidArgument;
using minforge::Rng;
using minforge::twin::HypercubeMoves;
using minforge::twin::HypercubeNet;
using minforge::twin::HypercubeNode;

namespace {

uint64_t data_word(uint32_t v) { return (v * 37u + 11u) & 0xFF; }

// Loads the schedule (row t in cycle t, keep rows after the schedule) and the packets of pi
// with start in the last load cycle; returns the state (origin of the packet each node holds,
// or -1 when it holds none) after every one of the STEPS run cycles.
std::vector<std::vector<int64_t>> run(HypercubeNet& net, const hc::Perm& pi,
                                      const HypercubeMoves& moves) {
  const uint32_t nn = net.nodes();
  const std::vector<uint32_t> keep(nn, 0);
  std::vector<uint64_t> data(nn);
  for (uint32_t v = 0; v < nn; ++v) data[v] = data_word(v);
  for (int t = 0; t < net.steps(); ++t) {
    const std::vector<uint32_t> codes =
        t < static_cast<int>(moves.size())
            ? minforge::twin::hypercube_codes(net.dim(), moves[static_cast<size_t>(t)])
            : keep;
    HypercubeNet::In in;
    in.sched_we = true;
    in.sched_step = static_cast<uint32_t>(t);
    in.sched_code = codes;
    if (t == net.steps() - 1) {
      in.load_we = true;
      in.load_dst = pi;
      in.load_data = data;
      in.start = true;
    }
    net.clock(in);
  }
  std::vector<std::vector<int64_t>> states;
  for (int t = 0; t < net.steps(); ++t) {
    EXPECT_TRUE(net.busy());
    EXPECT_EQ(net.step(), static_cast<uint32_t>(t));
    net.clock({});
    std::vector<int64_t> s(nn);
    for (uint32_t v = 0; v < nn; ++v)
      s[v] = net.node(v).packet().valid ? static_cast<int64_t>(net.node(v).packet().src) : -1;
    states.push_back(std::move(s));
  }
  EXPECT_FALSE(net.busy());
  EXPECT_TRUE(net.done());
  return states;
}

// The twin on (pi, moves) against the step simulator: every step the simulator accepts gives
// the same state; the verdicts agree.  Returns the simulator's verdict.
bool expect_twin_matches_simulator(int d, const hc::Perm& pi, const HypercubeMoves& moves,
                                   const std::string& what) {
  HypercubeNet net(d, HypercubeNet::default_steps(d), 8);
  const auto states = run(net, pi, moves);
  const hc::StepRun model = hc::run_steps(d, pi, hc::Schedule{d, moves});
  for (int t = 0; t < net.steps(); ++t) {
    const size_t row = std::min(static_cast<size_t>(t) + 1, moves.size());
    if (row >= model.held.size()) break;
    for (uint32_t v = 0; v < net.nodes(); ++v)
      EXPECT_EQ(states[static_cast<size_t>(t)][v], static_cast<int64_t>(model.held[row][v]))
          << what << ": after step " << t << " node " << v;
  }
  EXPECT_EQ(net.all_ok(), model.ok) << what << ": " << model.error;
  EXPECT_EQ(net.error(), !model.ok) << what;
  if (model.ok)
    for (uint32_t v = 0; v < net.nodes(); ++v) {
      EXPECT_TRUE(net.node(v).ok()) << what << " node " << v;
      EXPECT_EQ(net.node(v).packet().dst, v);
      EXPECT_EQ(net.node(v).packet().data, data_word(net.node(v).packet().src));
    }
  return model.ok;
}

}  // namespace

// Corollary 3.5's schedules of every structured permutation and of random ones, d = 1..10:
// the twin routes them exactly as the step simulator does, in at most 2d - 3 steps (d >= 3).
TEST(HypercubeTwin, ModelSchedulesMatchStepSimulator) {
  for (int d = 1; d <= 10; ++d) {
    std::vector<std::string> classes = {"identity",  "bit-reversal", "complement",
                                        "transpose", "shift",        "shuffle"};
    for (int i = 0; i < (d <= 6 ? 40 : 8); ++i) classes.push_back("random:" + std::to_string(i));
    for (const std::string& c : classes) {
      const bool rnd = c.rfind("random:", 0) == 0;
      const hc::Perm pi =
          rnd ? hc::make_perm(d, "random",
                              1000u * static_cast<uint64_t>(d) + std::stoul(c.substr(7)))
              : hc::make_perm(d, c);
      const hc::Schedule s = hc::packet_schedule(d, pi);
      ASSERT_LE(static_cast<int>(s.moves.size()), HypercubeNet::default_steps(d));
      EXPECT_TRUE(expect_twin_matches_simulator(d, pi, s.moves, "d=" + std::to_string(d) + " " + c))
          << "d=" << d << " " << c;
    }
  }
}

// Every permutation of the 3-cube: the twin routes Corollary 3.5's 3-step schedule.
TEST(HypercubeTwin, Every3CubePermutation) {
  hc::Perm pi = {0, 1, 2, 3, 4, 5, 6, 7};
  HypercubeNet net(3, 3, 8);
  long routed = 0;
  do {
    const hc::Schedule s = hc::packet_schedule(3, pi);
    run(net, pi, s.moves);
    ASSERT_TRUE(net.all_ok());
    for (uint32_t v = 0; v < 8; ++v) ASSERT_EQ(net.node(v).packet().src, hc::inverse(pi)[v]);
    ++routed;
  } while (std::next_permutation(pi.begin(), pi.end()));
  EXPECT_EQ(routed, 40320);
}

// Random schedules that follow the rules (swaps, 4-cycles, longer cycles along cube edges)
// route the permutation they compose to; the step simulator agrees step by step.
TEST(HypercubeTwin, RandomValidSchedulesMatchStepSimulator) {
  Rng rng(7);
  for (int d = 1; d <= 9; ++d)
    for (int i = 0; i < 60; ++i) {
      const auto s = minforge::twin::hypercube_random_schedule(
          d, 1 + static_cast<int>(rng.below(static_cast<uint64_t>(HypercubeNet::default_steps(d)))),
          rng);
      for (const auto& row : s.moves) {
        ASSERT_TRUE(hc::is_permutation(row));
        for (uint32_t v = 0; v < row.size(); ++v)
          ASSERT_TRUE(row[v] == v || hc::adjacent(v, row[v]));
      }
      EXPECT_TRUE(expect_twin_matches_simulator(
          d, s.perm, s.moves, "d=" + std::to_string(d) + " #" + std::to_string(i)));
    }
}

// Schedules that break the rules: the twin flags exactly the nodes where two or more packets
// arrive (err_collide) or none (err_empty) in the first bad step, and its verdict is the
// simulator's.
TEST(HypercubeTwin, RuleBreakingSchedulesAreFlaggedWhereTheSimulatorSays) {
  Rng rng(11);
  int bad = 0;
  for (int d = 2; d <= 7; ++d)
    for (int i = 0; i < 40; ++i) {
      const int steps = HypercubeNet::default_steps(d);
      const HypercubeMoves moves = minforge::twin::hypercube_random_moves(d, steps, rng);
      const hc::Perm pi = hc::make_perm(d, "random", rng.next());
      if (!expect_twin_matches_simulator(d, pi, moves, "bad d=" + std::to_string(d))) ++bad;
      // The flags of the first step: arrivals counted from the moves.
      HypercubeNet net(d, steps, 8);
      HypercubeMoves first(moves.begin(), moves.begin() + 1);
      run(net, pi, first);
      std::vector<int> arrivals(net.nodes(), 0);
      for (uint32_t v = 0; v < net.nodes(); ++v) ++arrivals[moves[0][v]];
      for (uint32_t v = 0; v < net.nodes(); ++v) {
        EXPECT_EQ(net.node(v).err_collide(), arrivals[v] > 1) << "d=" << d << " node " << v;
        EXPECT_EQ(net.node(v).err_empty(), arrivals[v] == 0) << "d=" << d << " node " << v;
      }
    }
  EXPECT_GT(bad, 200);  // random keep/send choices almost never form a permutation
}

// Two packets meeting at a node: the register holds the OR of the two (the RTL's AND-OR
// multiplexer), the node is flagged, and the run ends with error.
TEST(HypercubeTwin, CollisionKeepsTheOrOfThePacketsAndIsFlagged) {
  const int d = 4;
  HypercubeNet net(d, 5, 8);
  HypercubeMoves moves(1, std::vector<uint32_t>(16));
  for (uint32_t v = 0; v < 16; ++v) moves[0][v] = v;
  moves[0][3] = 1;  // node 3 sends over link 1 into node 1, which keeps its own packet
  run(net, hc::make_perm(d, "identity"), moves);
  EXPECT_TRUE(net.node(1).packet().valid);
  EXPECT_EQ(net.node(1).packet().src, 1u | 3u);
  EXPECT_EQ(net.node(1).packet().dst, 1u | 3u);
  EXPECT_EQ(net.node(1).packet().data, data_word(1) | data_word(3));
  EXPECT_TRUE(net.node(1).err_collide());
  EXPECT_TRUE(net.node(3).err_empty());
  EXPECT_FALSE(net.node(3).packet().valid);
  EXPECT_TRUE(net.error());
  EXPECT_FALSE(net.all_ok());
}

// A move to a vertex that is not a neighbour has no code: the packet is sent nowhere (code
// d + 1) and its node is left empty.
TEST(HypercubeTwin, MoveToANonNeighbourLosesThePacket) {
  EXPECT_EQ(HypercubeNode::code_for(4, 5, 5), 0u);
  EXPECT_EQ(HypercubeNode::code_for(4, 5, 4), 1u);
  EXPECT_EQ(HypercubeNode::code_for(4, 5, 13), 4u);
  EXPECT_EQ(HypercubeNode::code_for(4, 5, 6), 5u);
  HypercubeNet net(4, 5, 8);
  HypercubeMoves moves(1, std::vector<uint32_t>(16));
  for (uint32_t v = 0; v < 16; ++v) moves[0][v] = v;
  moves[0][0] = 3;
  run(net, hc::make_perm(4, "identity"), moves);
  EXPECT_FALSE(net.node(0).packet().valid);
  EXPECT_TRUE(net.node(0).err_empty());
  for (uint32_t v = 0; v < 16; ++v) EXPECT_FALSE(net.node(v).err_collide());
  EXPECT_TRUE(net.error());
}

// The controller (hypercube_net.v, Timing): a run takes exactly STEPS cycles; start while
// busy is ignored; loads and schedule writes are ignored while busy; a load clears done; the
// next start clears the flags; reset empties every node.
TEST(HypercubeTwin, ControllerTimingAndLoadInterface) {
  const int d = 3;
  HypercubeNet net(d, 3, 8);
  const hc::Perm pi = hc::make_perm(d, "complement");
  const hc::Schedule s = hc::packet_schedule(d, pi);
  run(net, pi, s.moves);
  ASSERT_TRUE(net.all_ok());
  // A start with a bad schedule row loaded while busy: the row and the load are ignored.
  std::vector<uint32_t> junk(8, 2), dst(8, 0);
  std::vector<uint64_t> data(8, 0xAA);
  HypercubeNet::In in;
  in.start = true;
  net.clock(in);
  EXPECT_TRUE(net.busy());
  EXPECT_FALSE(net.done());
  for (int c = 0; c < 3; ++c) {
    HypercubeNet::In b;
    b.start = true;  // ignored
    b.sched_we = true;
    b.sched_step = 0;
    b.sched_code = junk;
    b.load_we = true;
    b.load_dst = dst;
    b.load_data = data;
    net.clock(b);
  }
  EXPECT_TRUE(net.done());
  EXPECT_FALSE(net.busy());
  // The schedule ran again on the routed packets: complement twice = identity, not ok.
  EXPECT_EQ(net.node(0).packet().src, 0u);
  EXPECT_TRUE(net.error());
  // The schedule memories still hold the model's schedule.
  auto expect_schedule_kept = [&] {
    for (uint32_t v = 0; v < 8; ++v)
      for (uint32_t t = 0; t < 3; ++t)
        EXPECT_EQ(net.node(v).code(t), HypercubeNode::code_for(d, v, s.moves[t][v]))
            << "node " << v << " step " << t;
  };
  expect_schedule_kept();
  // A load clears done; the flags stay until the next start.
  HypercubeNet::In l;
  l.load_we = true;
  l.load_dst = pi;
  l.load_data = data;
  net.clock(l);
  EXPECT_FALSE(net.done());
  // A schedule row beyond STEPS is ignored (the step index has 2 bits, STEPS = 3).
  HypercubeNet::In w;
  w.sched_we = true;
  w.sched_step = 3;
  w.sched_code = junk;
  net.clock(w);
  expect_schedule_kept();
  HypercubeNet::In r;
  r.rst = true;
  net.clock(r);
  for (uint32_t v = 0; v < 8; ++v) EXPECT_FALSE(net.node(v).packet().valid);
  EXPECT_FALSE(net.busy());
  EXPECT_FALSE(net.done());
  EXPECT_FALSE(net.error());
}

TEST(HypercubeTwin, WidthsAndBadParameters) {
  EXPECT_EQ(HypercubeNode::code_width(1), 1);
  EXPECT_EQ(HypercubeNode::code_width(3), 2);
  EXPECT_EQ(HypercubeNode::code_width(7), 3);
  EXPECT_EQ(HypercubeNode::code_width(8), 4);
  EXPECT_EQ(HypercubeNode::step_width(1), 1);
  EXPECT_EQ(HypercubeNode::step_width(3), 2);
  EXPECT_EQ(HypercubeNode::step_width(13), 4);
  for (int d = 1; d <= 16; ++d) EXPECT_EQ(HypercubeNet::default_steps(d), hc::path_bound(d));
  EXPECT_THROW(HypercubeNet(0, 3, 8), InvalidArgument);
  EXPECT_THROW(HypercubeNet(17, 3, 8), InvalidArgument);
  EXPECT_THROW(HypercubeNet(3, 0, 8), InvalidArgument);
  EXPECT_THROW(HypercubeNet(3, 3, 0), InvalidArgument);
  EXPECT_THROW(HypercubeNet(3, 3, 65), InvalidArgument);
  EXPECT_THROW(HypercubeNode(3, 3, 8, 8), InvalidArgument);
  EXPECT_THROW(minforge::twin::hypercube_compose(3, HypercubeMoves(1, std::vector<uint32_t>(8, 0))),
               InvalidArgument);
}
