// minforge golden model, hypercube (paper 004, Corollary 3.5): routing a permutation on the
// packet-switched d-cube in at most 2d - 3 synchronous steps (d >= 3), as an explicit
// schedule, and the step simulator that checks a schedule instead of assuming it.
//
// The model of a step (section 3 of the paper, before Corollary 3.5): every vertex holds
// exactly one packet; in a step it sends it along at most one outgoing edge or keeps it;
// every vertex receives at most one packet; nothing is buffered.  So the moves of one step
// form a permutation of the vertices in which every v goes to itself or to a neighbour (its
// cycles run along cube edges: swaps over one edge, or longer cycles).
//
// The schedule is REALIZE's recursion with its steps aligned by level (hypercube_realize.hpp):
//   t = 0 .. d-4          the first step of level k = d - t (Corollary 3.5 step (2)): the
//                         holder u swaps over dimension k-1 when u's index is in I;
//   t = d-3 .. d-1        the 3 steps of each 3-cube's base routing (hypercube_base.hpp);
//   t = d-1+(k-3)         the last step of level k = 4 .. d (step (4)): cases 2 and 8 move
//                         pi_1(i) -> pi_1(i)', cases 3 and 5 move pi_2(i)' -> pi_2(i).
// 2d - 3 steps for every d >= 3 (steps where nothing moves included); d steps for d <= 2
// (docs/hypercube.md, "Base cases").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/hypercube/hypercube.hpp"
#include "minforge/algo/hypercube/hypercube_realize.hpp"

namespace minforge::hypercube {

// moves[t][v] = the vertex to which the packet held by v at the START of step t is sent (v
// itself when it stays).  A valid schedule has every moves[t] a permutation in which each v
// maps to itself or a cube neighbour; packet_schedule gives moves.size() == path_bound(d)
// (2d - 3 for d >= 3).
struct Schedule {
  int dim = 0;
  std::vector<std::vector<uint32_t>> moves;
};

// Corollary 3.5's schedule for pi (validates d and pi; throws InvalidArgument).
Schedule packet_schedule(int d, const Perm& pi);
// The same schedule from a realization already computed (REALIZE computes both at once).
Schedule expand_schedule(const Realization& r);
// Number of steps of the schedule: path_bound(d).
int schedule_steps(int d);
// Row t of r's schedule (moves[t]) into `row`, without building the others.
void schedule_row(const Realization& r, int t, std::vector<uint32_t>& row);

// The dimension of a move: -1 when the packet stays (to == from), j when to = from xor 2^j,
// -2 when from and to are not neighbours.
int move_dimension(uint32_t from, uint32_t to);

// One synchronous step of the simulator.  held_before[v] = the packet (its origin vertex)
// held by v before the step; fills held_after.  Checks the step's rules: move has 2^d
// entries, every target is v or a neighbour of v, no two vertices send to the same vertex
// (no buffering, at most one packet received, so every vertex again holds exactly one).
// Returns false with a one-line `error` naming step t and the vertices.
bool apply_step(int d, int t, const std::vector<uint32_t>& move,
                const std::vector<uint32_t>& held_before, std::vector<uint32_t>& held_after,
                std::string* error);

// held[t][v] = origin of the packet held by v after step t (held[0] = the initial state,
// held[0][v] = v); held has moves.size() + 1 rows when every step is valid, fewer when the
// run stops at the first broken rule.
struct StepRun {
  bool ok = false;
  std::string error;  // empty when ok; else the first broken rule or undelivered packet
  std::vector<std::vector<uint32_t>> held;
};
// The step simulator: checks every rule of every step (apply_step), s.dim == d, and that
// every packet ends at its destination (held[T][pi(v)] == v).  It CHECKS the schedule,
// never assumes it.  Throws InvalidArgument only for a bad d or pi.
StepRun run_steps(int d, const Perm& pi, const Schedule& s);

// The same checks on r's schedule, streamed row by row (memory O(2^d) instead of
// O(d 2^d)): for the CLI at large d.  steps = the number of steps run.
struct StepCheck {
  bool ok = false;
  std::string error;
  int steps = 0;
};
StepCheck check_schedule(const Realization& r);

}  // namespace minforge::hypercube
