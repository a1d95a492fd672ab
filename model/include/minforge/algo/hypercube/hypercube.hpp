// minforge golden model, hypercube (paper 004: Shen, Hu, Liang, "Realization of an arbitrary
// permutation on a hypercube", IPL 51 (1994) 237-243; docs/references.md#paper-004): the
// d-cube, its permutations, the permutation file format and the structured permutations used
// by tests and experiments.  The paper's algorithms are in
//   hypercube_partition.hpp  PARTITION (psi, S, classes, Marked, G', L(C)) and CONSTRUCT,
//                            written out as the paper states them (reference form);
//   hypercube_base.hpp       the base cases d <= 3 (Szymanski's 1-realization with shortest
//                            paths and the d-step packet routing), constructed by search;
//   hypercube_realize.hpp    REALIZE in O(d 2^d) and the checks of Theorem 3.4 / Lemmas
//                            3.1-3.3;
//   hypercube_packet.hpp     Corollary 3.5: the (2d-3)-step packet schedule and the step
//                            simulator that checks it.
//
// Numbering (docs/hypercube.md): vertices 0 .. 2^d - 1; the paper's "ith-dimensional edge"
// (i = 1..d, bit u_i of u_d ... u_1) is dimension i-1 here, i.e. it flips bit i-1 of the
// vertex number.  The paper's dth dimension, which REALIZE removes first, is bit d-1: H_1 is
// the lower half 0 .. m-1, H_2 the upper half m .. 2m-1, i' = i + m.  A permutation pi is
// stored as pi[v] = destination of the packet (path) starting at v.
#pragma once

#include <bit>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::hypercube {

inline constexpr int kMinDim = 1;
inline constexpr int kMaxDim = 24;

// pi[v] = destination of the packet starting at v.
using Perm = std::vector<uint32_t>;

// Throws InvalidArgument unless kMinDim <= d <= kMaxDim.
void validate_dim(int d);
// 2^d (validates d).
uint32_t vertices(int d);

// True when p holds every value 0 .. p.size()-1 exactly once.
bool is_permutation(const Perm& p);
// Throws InvalidArgument (one line) unless d is valid, p has 2^d entries and p is a
// permutation; the message names the first offending entry.
void validate_perm(int d, const Perm& p);
// q[p[v]] = v.
Perm inverse(const Perm& p);

// Hamming distance: the length of a shortest path from u to v in the cube.
inline int distance(uint32_t u, uint32_t v) { return std::popcount(u ^ v); }
// True when u and v are joined by a pair of cube edges (differ in exactly one bit).
inline bool adjacent(uint32_t u, uint32_t v) {
  uint32_t x = u ^ v;
  return x != 0 && (x & (x - 1)) == 0;
}

// The directed edges: the d-cube has d 2^d of them, (x, x xor 2^j) for every vertex x and
// dimension j; the edge leaving x along j is numbered x d + j.
inline uint64_t edge_id(int d, uint32_t from, int dim) { return uint64_t(from) * d + dim; }
inline uint32_t edge_from(int d, uint64_t id) { return static_cast<uint32_t>(id / d); }
inline uint32_t edge_to(int d, uint64_t id) { return edge_from(d, id) ^ (uint32_t{1} << (id % d)); }

// Upper bound on the path length of REALIZE and on the step count of the packet schedule:
// 2d - 3 for d >= 3 (Theorem 3.4(ii), Corollary 3.5); d for d <= 2, where the base case gives
// shortest paths and d-step routing (2d - 3 < d there; docs/hypercube.md, "Base cases").
int path_bound(int d);
// d 2^d: the number of directed edges of the cube, Theorem 3.4(i)'s bound on edge uses.
uint64_t edge_use_bound(int d);

// ------------------------------------------------------------ structured permutations
// Classes: "identity"; "bit-reversal" (address bits reversed); "complement" (every bit
// flipped: v xor (2^d - 1)); "transpose" (the low floor(d/2) address bits swapped with the
// high floor(d/2) bits, the middle bit of an odd d stays); "shift" or "shift:k" (cyclic shift
// v -> (v + k) mod 2^d, k = 1 by default, 0 <= k < 2^d); "shuffle" (perfect shuffle: address
// rotated left by one bit); "random" (uniform, Fisher-Yates on minforge::Rng(seed)).
// Throws InvalidArgument for an unknown class, a bad k, or d out of range.
Perm make_perm(int d, std::string_view cls, uint64_t seed = 1);
// The class names accepted by make_perm (shift listed once, as "shift[:k]").
const std::vector<std::string>& perm_classes();

// ------------------------------------------------------------ permutation file format
// A permutation file holds the destinations pi(0), pi(1), ..., pi(2^d - 1) as decimal
// integers separated by any whitespace (spaces, tabs, newlines); '#' starts a comment that
// runs to the end of the line.  Exactly 2^d entries, each in 0 .. 2^d - 1, each once.
// parse_perm throws InvalidArgument with a one-line message starting with `what` (e.g.
// "perm file 'x.txt'") that names the offending entry.
Perm parse_perm(std::string_view text, int d, std::string_view what = "permutation");
Perm read_perm(std::istream& in, int d, std::string_view what = "permutation");
// Reads `path` (throws InvalidArgument when it cannot be opened).
Perm read_perm_file(const std::string& path, int d);
// The file format written back: one line, destinations separated by single spaces.
std::string format_perm(const Perm& p);

}  // namespace minforge::hypercube
