// minforge golden model, hypercube (paper 004): the base cases of the recursion, the b-cubes
// with b = 1, 2, 3.  The paper takes both from Szymanski [9] without giving a construction:
//   * every permutation of the 2-cube and the 3-cube has a 1-realization with shortest paths
//     (REALIZE's base, Theorem 3.4's induction basis);
//   * every permutation of the 3-cube can be routed on the packet-switched 3-cube in 3 steps
//     (Corollary 3.5's base).
// Here both are constructed by search, once per process, for all 2!, 4! and 8! permutations
// (tables of 2, 24 and 40320 entries, built on first use), and the tests verify every entry:
//   * circuit: depth-first search over the vertices 0 .. 2^b-1 in order, each trying the
//     shortest paths to pi(v) in lexicographic order of their dimension sequences (so the
//     bit-fixing path, lowest dimension first, comes first), no directed edge used twice;
//   * packet: exactly b steps (steps in which nothing moves included), each a permutation of
//     the b-cube's vertices moving every vertex to itself or a neighbour (2, 9, 272 such
//     steps for b = 1, 2, 3), found by meeting in the middle: the last step is the first one,
//     in the enumeration order of the steps, that leaves a permutation reachable in b - 1
//     steps, and those are the first such sequence in that order.  b steps always suffice,
//     and b are needed in general (the complement moves every packet b edges).
//
// Local numbering: the base cube's vertices 0 .. 2^b-1; a 3-cube block of a larger cube is
// the 8 vertices 8q .. 8q+7 (dimensions 0, 1, 2).
#pragma once

#include <array>
#include <cstdint>

namespace minforge::hypercube::base {

// Path and move codes (the forms Realization stores):
//   path: bits 0-1 the length l (0..3), bits 2+2s..3+2s the dimension of edge s (s < l);
//   move: bits 2s..2s+1 for step s (s < b): 0 = keep the packet, 1 + j = send it along j.
using Codes = std::array<uint8_t, 8>;

// The shortest-path 1-realization of the local permutation pi (pi[0 .. 2^b-1]):
// codes[v] = the path from v to pi[v].  b in 1..3 (throws std::logic_error otherwise).
const Codes& circuit_paths(int b, const uint32_t* pi);
// The b-step packet routing of pi: codes[x] = what the holder x does in each step.
const Codes& packet_moves(int b, const uint32_t* pi);

// Rank of a permutation of 0 .. n-1 (n <= 8) in lexicographic order, and its inverse.
uint32_t perm_rank(const uint32_t* p, int n);
void perm_unrank(uint32_t rank, int n, uint32_t* p);

inline int path_length(uint8_t code) { return code & 3; }
inline int path_dim(uint8_t code, int s) { return (code >> (2 + 2 * s)) & 3; }
inline int move_code(uint8_t codes, int s) { return (codes >> (2 * s)) & 3; }

}  // namespace minforge::hypercube::base
