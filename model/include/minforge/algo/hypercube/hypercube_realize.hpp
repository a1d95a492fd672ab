// minforge golden model, hypercube (paper 004, section 3): REALIZE, the 2-realization of any
// permutation on the circuit-switched d-cube in O(d 2^d) time, and the checks of Theorem 3.4
// and Lemmas 3.1-3.3 as functions shared by the tests and the CLI.
//
// A realization is one path per vertex v, from v to pi(v), along directed cube edges.
// REALIZE (d >= 4) removes dimension d-1, PARTITIONs pi into pi_1 on H_1 (the lower half)
// and pi_2 on H_2 (the upper half), realizes both recursively and extends their paths by
// dimension-(d-1) edges (CONSTRUCT).  Every path therefore reads
//     [pre_d] [pre_{d-1}] ... [pre_4]  base path  [post_4] ... [post_{d-1}] [post_d]
// where the optional edge pre_k / post_k is a dimension-(k-1) edge added at level k (CONSTRUCT
// cases 5 and 7 start with e(i, i') / e(i', i); cases 2, 3, 5, 8 end with one) and the base
// path is a shortest path inside a 3-cube (hypercube_base.hpp).  The realization is stored in
// this form, O(2^d) words: `pre` and `post` per level and per vertex at which a level's path
// starts ("entered at u"), the base paths, and the packet schedule of Corollary 3.5 that the
// same recursion yields (hypercube_packet.hpp).
//
// The recursion runs level by level over the whole cube: level k = d, d-1, ..., 4 treats the
// 2^(d-k) subcubes ("blocks") of dimension k at once, each with its permutation pi_k (global
// vertex numbers; a block is 2^k consecutive vertices); PARTITION turns pi_k into pi_{k-1}.
// Its choice of I is the paper's, with the conventions the paper leaves open fixed in
// hypercube_partition.hpp (the same function decides both forms; tests compare them).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "minforge/algo/hypercube/hypercube.hpp"

namespace minforge::hypercube {

// The base level: min(d, 3).
inline int base_level(int d) { return d < 3 ? d : 3; }

struct Realization {
  int dim = 0;
  Perm pi;
  // Bit k-1 (base_level(d) < k <= d) of pre[u]: the level-k path entered at u starts with the
  // edge (u, u xor 2^(k-1)) (u's index is in the level's I: cases 5 and 7).
  std::vector<uint32_t> pre;
  // Bit k-1 of post[u]: the level-k path entered at u ends with a dimension-(k-1) edge
  // (cases 2, 3, 5, 8).
  std::vector<uint32_t> post;
  // base[u] = pi_b(u), b = base_level(d): where the base path entered at u ends.
  Perm base;
  // base_path[u]: the shortest base path from u to base[u], coded as its length in bits 0-1
  // and dimension j of its edge s (s = 0..2) in bits 2+2s .. 3+2s.
  std::vector<uint8_t> base_path;
  // The packet schedule (Corollary 3.5), indexed by the vertex holding the packet at the
  // start of the step: bit k-1 of post_at[x]: in level k's last step x sends along
  // dimension k-1; base_moves[x] bits 2s..2s+1 (s = 0 .. b-1): in base step s the holder x
  // keeps its packet (0) or sends it along dimension (code - 1).  The first step of level k
  // is pre (the holder is the vertex at which the level-k path is entered).
  std::vector<uint32_t> post_at;
  std::vector<uint8_t> base_moves;
  // Only with RealizeOptions::keep_levels: levels[k] = pi_k over all blocks of level k, for
  // k = base_level(d) .. d (levels[d] = pi, levels[b] = base); empty below b.
  std::vector<Perm> levels;

  uint32_t vertices() const { return uint32_t{1} << dim; }
  // The path from v to pi(v) as a vertex list (v first), expanded from the stored form.
  void path(uint32_t v, std::vector<uint32_t>& out) const;
  std::vector<uint32_t> path(uint32_t v) const;
};

struct RealizeOptions {
  bool keep_levels = false;  // fill Realization::levels (memory (d-2) 2^d words)
};

// Result of the per-level checks of Lemmas 3.1-3.3 (filled while REALIZE runs).
struct LevelSummary {
  int level = 0;           // k: the level's blocks are k-cubes, its new edges dimension k-1
  uint64_t crossings = 0;  // dimension-(k-1) edge uses over all blocks (Lemma 3.3)
  uint64_t max_block_crossings = 0;  // largest count in one block; bound 2^k
  int max_edge_load = 0;             // largest use of one dimension-(k-1) directed edge (Lemma 3.2)
  uint64_t swapped = 0;              // |I| summed over the blocks
};
struct LemmaReport {
  bool ok = true;
  std::vector<std::string> errors;   // at most kMaxErrors, each one line
  std::vector<LevelSummary> levels;  // k = d down to base_level(d) + 1
};
inline constexpr size_t kMaxErrors = 20;

// REALIZE(pi, H^d).  Validates d and pi (throws InvalidArgument).  With `lemmas`, checks at
// every level k > base_level(d), in every block: PARTITION yields permutations pi_1, pi_2;
// Lemma 3.1 (every path of R_1 and R_2 is used by exactly one path of R, and the extended
// path ends where pi_k says); Lemma 3.2 (no dimension-(k-1) directed edge carries more than 2
// paths); Lemma 3.3 (at most 2^k dimension-(k-1) edge uses in a block).
Realization realize(int d, const Perm& pi, const RealizeOptions& opt = {},
                    LemmaReport* lemmas = nullptr);

// The recursion level by level, the one loop under REALIZE and the schedule: for k = d down
// to base_level(d) + 1, calls f(k, pi_k, pi_{k-1}, swapped) after PARTITION of every block of
// level k, where swapped[v] = 1 when v's index (v with bit k-1 cleared) is in I; then once
// f(b, pi_b, pi_b, swapped) for the base level b = base_level(d) (swapped then means
// nothing).  Validates d and pi.
using LevelFn = std::function<void(int k, const Perm& pi_k, const Perm& pi_km1,
                                   const std::vector<uint8_t>& swapped)>;
void for_each_level(int d, const Perm& pi, const LevelFn& f);

// ------------------------------------------------------------ checks (Theorem 3.4)
struct RealizationCheck {
  bool ok = true;
  std::vector<std::string> errors;  // at most kMaxErrors, each one line
  int max_edge_load = 0;            // most paths over one directed edge (bound 2)
  uint64_t edge_uses = 0;           // total path length, every repetition counted
  uint64_t bound_edge_uses = 0;     // d 2^d (Theorem 3.4(i))
  int max_path_length = 0;
  int bound_path_length = 0;  // path_bound(d) (Theorem 3.4(ii); d for d <= 2)
};
// Produces the path of v (vertex list, v first) into `out`.
using PathFn = std::function<void(uint32_t v, std::vector<uint32_t>& out)>;
// Checks any realization of pi given path by path: every path is a walk along cube edges
// from v to pi(v); no directed edge carries more than 2 paths; at most d 2^d edge uses; every
// path at most path_bound(d) long.  Validates d and pi.
RealizationCheck check_realization(int d, const Perm& pi, const PathFn& path);
RealizationCheck check_realization(const Realization& r);
RealizationCheck check_realization(int d, const Perm& pi,
                                   const std::vector<std::vector<uint32_t>>& paths);

// Per-level form of Theorem 3.4 on REALIZE's output: for every level k and every block, the
// level-k realization uses at most k 2^k edges and its paths are at most path_bound(k) long;
// every base block (3-cube, or the whole cube for d <= 3) is a 1-realization of its
// permutation with shortest paths.  Errors are appended to `report`.
void check_levels(const Realization& r, LemmaReport& report);

}  // namespace minforge::hypercube
