// minforge golden model, LCAN (paper 003, section 4.1): the unfolded CB-LCAN(N, d, d) as a
// Benes-like network of d x d switches, and the Lev-Pippenger-Valiant (LPV) construction of
// its routes, on plain index arithmetic (no topology object: lcan_realize.hpp maps these
// routes onto the CB-LCAN(N, d, u) and checks them by routing through the model).
//
// Unfolding (Fig. 8): A = the PEs, the switches and the upward wires; A2 = a mirrored copy
// of the PEs and the switches below the top level with the downward wires.  The unfolded
// CB-LCAN(N, d, d) with n = log_d N levels is a (2n - 1)-stage network: levels 0 .. n-1
// going up (A), the top level n-1 as the middle stage, the mirror levels n-2 .. 0 going
// down (A2).  In the paper's labels (section 2.1: a level-m switch has n-1-m base-d digits
// followed by m base-u digits, u = d here) a PE s reaches the level-m switch
//     (s / d^(m+1) ; K_0 K_1 .. K_{m-1})        entering at downer s_m (digit m of s),
// where K_i is the upper taken at level i, and a pair s -> t that went up through
// K_0 .. K_{n-2} comes down through the level-m switch (t / d^(m+1) ; K_0 .. K_{m-1}),
// entering at upper K_m and leaving at downer t_m.  So the switches with K_0 = k above
// level 0 form the k-th sub-network, itself an unfolded CB-LCAN(N/d, d, d) whose "PE" x is
// the level-0 switch x (Benes recursion: first stage, d sub-networks, last stage).
//
// LPV construction: at depth m every group (sub-network K_0 .. K_{m-1}) routes N/d^m pairs;
// the pairs form a d-regular bipartite multigraph between the group's first-stage switches
// (s / d^(m+1)) and last-stage switches (t / d^(m+1)); splitting it into d perfect matchings
// gives every pair its sub-network K_m such that no first- or last-stage switch sends two
// pairs into one sub-network.  Recursing down to the middle stage routes every pair, one
// per wire.  The d perfect matchings come from Euler splits (an Euler partition of an
// even-degree regular bipartite multigraph into two halves of half the degree; for d = 2
// this is exactly the looping algorithm) and, for an odd degree, one perfect matching
// found by Hopcroft-Karp first.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/common.hpp"

namespace minforge::lcan {

// Routes of all N = d^n pairs of a permutation through the unfolded CB-LCAN(N, d, d) up to
// its middle stage: pair s (the pair whose source is PE s) takes upper K_m = upper(s, m) at
// level m = 0 .. n-2 and reaches the top-level switch top_switch(s).  The way down is fixed
// by the destination (downer t_m at mirror level m).
struct UnfoldedRoute {
  int N = 0;
  int d = 0;
  int n = 0;                 // levels, N = d^n
  Permutation perm;          // perm[s] = t
  std::vector<int32_t> ups;  // ups[s * (n-1) + m] = K_m

  int upper(int s, int m) const { return ups[static_cast<size_t>(s) * (n - 1) + m]; }
  // The top-level switch (K_0 .. K_{n-2} read as a base-d number, K_0 most significant).
  int64_t top_switch(int s) const;
};

// n with N = d^n; throws InvalidArgument unless d >= 2 and N is a power of d (N >= d).
int unfold_levels(int64_t N, int d);

// The LPV construction: routes every pair of perm (a permutation of N = d^n PEs) through
// the unfolded CB-LCAN(N, d, d) with no wire used twice.  Throws InvalidArgument for a
// non-permutation or N not a power of d.
UnfoldedRoute lpv_route(const Permutation& perm, int d);

// Edge colouring of a deg-regular bipartite multigraph with V vertices on each side (König):
// edge e joins left[e] and right[e] (both in [0, V)); returns colour[e] in [0, deg) such that
// no vertex has two edges of one colour, i.e. each colour class is a perfect matching.
// Throws InvalidArgument when the graph is not deg-regular.
std::vector<int> colour_regular_bipartite(int V, int deg, std::span<const int> left,
                                          std::span<const int> right);

// The independent check of a route in the unfolded network by plain arithmetic (used by
// the tests next to the check through the CB-LCAN model): every pair's way up and down,
// positions as above, no wire (level, switch, port, direction) used twice, every upper in
// range.  Returns an empty string when the route is sound, otherwise the first problem.
std::string check_unfolded_route(const UnfoldedRoute& r);

}  // namespace minforge::lcan
