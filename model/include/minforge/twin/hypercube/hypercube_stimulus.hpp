// minforge hypercube runs: stimulus shared by the twin tests (tests/hypercube) and the RTL
// harness (tb/hypercube).  Not a twin of any RTL block (like twin/rn1/rn1_traffic.hpp): it
// draws schedules in the model's form (moves[t][v] = the vertex the packet held by v at the
// start of step t is sent to, v when it stays; docs/hypercube.md) that exercise the hardware
// beyond the schedules of Corollary 3.5, and converts schedules into the entries of the
// hardware's schedule memories.
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::twin {

using HypercubeMoves = std::vector<std::vector<uint32_t>>;  // moves[t][v]

// One random step that follows the rules of Corollary 3.5: a permutation of the 2^d
// vertices in which every vertex sends its packet to itself or to a cube neighbour (a union
// of fixed points, swaps along an edge, 4-cycles around a face and longer random cycles of
// the cube graph).  d in 1..16.
std::vector<uint32_t> hypercube_random_step(int d, Rng& rng);

// `steps` random steps, and the permutation they realize: perm[v] = where the packet that
// starts at v ends.
struct HypercubeRandomSchedule {
  HypercubeMoves moves;
  std::vector<uint32_t> perm;
};
HypercubeRandomSchedule hypercube_random_schedule(int d, int steps, Rng& rng);

// `steps` steps that break the rules: every vertex picks at random to keep its packet or send
// it to a random neighbour, so that packets collide and vertices are left empty.
HypercubeMoves hypercube_random_moves(int d, int steps, Rng& rng);

// The hardware's schedule-memory entries of step t (codes[v]: 0 keep, k+1 send on link k;
// d+1 for a move to a vertex that is not a neighbour: the hardware sends the packet nowhere).
std::vector<uint32_t> hypercube_codes(int d, const std::vector<uint32_t>& moves_t);

// Where each packet ends after the steps when every step is a permutation: perm[v] for the
// packet that starts at v.  Throws InvalidArgument when a step is not a permutation of the
// 2^d vertices.
std::vector<uint32_t> hypercube_compose(int d, const HypercubeMoves& moves);

}  // namespace minforge::twin
