// minforge golden model, LCAN (paper 003, section 4.2): on-line realization of
// "commonly-used" permutation classes by self-routing on the unfolded CB-LCAN(N, 2, 2)
// (isomorphic to a Benes network, lcan_unfold.hpp), extended to switch sizes d = 2^b.
//
// The paper only names the two algorithms and their priority rules; the original papers
// (Nassimi & Sahni 1981; Raghavendra & Boppana 1991) are not available to the project, so
// the rules below are the project's RECONSTRUCTION, stated exactly and checked by routing
// (docs/lcan_realization.md gives the reasoning):
//
//   Binary unfolded network, L = log2 N bits, levels j = 0 .. L-1 (top = L-1).  A pair
//   from PE s reaches the level-j switch (s >> (j+1) ; k_0 .. k_{j-1}) at downer s_j (bit j
//   of s).  At every level j < L-1 the switch looks at its two inputs, gives one of them
//   PRIORITY, sends it up through upper k_j = bit j of its destination (the bit its mirror
//   switch at level j will route on) and sends the other input through the other upper.
//     Nassimi-Sahni:        priority to the lower-numbered input (the one at downer 0);
//     Raghavendra-Boppana:  priority to the input with the smaller destination tag.
//   Top and mirror levels route by destination bits (downer t_j at level j).
//
// The way up never conflicts; a conflict can only happen on the way down (two connections
// wanting one downer), which is where a permutation outside the algorithm's class fails.
//
// Switch sizes d = 2^b (paper: "each larger switch simulates an equivalent size network of
// 2 x 2 switches"): the level-m d x d switch of the d-ary unfolded network stands for the
// binary levels b m .. b m + b - 1 (b levels of 2 x 2 switches, a butterfly from its d
// downers to its d uppers) and the top d x d switch for the middle 2b - 1 binary levels; the
// d-ary upper K_m is the b-bit number k_{bm} k_{bm+1} .. k_{bm+b-1} (k_{bm} most significant).
//
// Classes: BPC (bit-permute-complement), inverse omega (the permutations the inverse omega
// network passes: for every k = 1 .. L-1, no two sources agreeing in bits L-1 .. k have
// destinations agreeing in bits k-1 .. 0), linear (t = A s over GF(2), A nonsingular) and
// affine (t = A s + c).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_unfold.hpp"
#include "minforge/common.hpp"

namespace minforge::lcan {

enum class SelfRouting { NassimiSahni, RaghavendraBoppana };

std::string_view self_routing_name(SelfRouting rule);  // "nassimi-sahni", ...

// The self-routing decisions for perm on the unfolded CB-LCAN(N, d, d), d = 2^b, N = d^n:
// the upper every pair takes on the way up (the way down follows the destination).  The
// route is conflict-free exactly when the permutation is in the rule's class (check with
// check_unfolded_route or by routing the settings, lcan_realize.hpp).  Throws
// InvalidArgument when d is not a power of two, N not a power of d, or perm not a
// permutation.
UnfoldedRoute self_route(const Permutation& perm, int d, SelfRouting rule);

// Permutation classes on L = log2 N bits (N a power of two, throws InvalidArgument
// otherwise), next to lcan_perm.hpp's root / BPC / random.  Each generator draws uniformly
// from its class (distinct settings or matrices give distinct permutations).
Permutation random_inverse_omega(int N, Rng& rng);  // one random bit per switch
Permutation random_linear(int N, Rng& rng);         // t = A s, A nonsingular
Permutation random_affine(int N, Rng& rng);         // t = A s xor c

// Membership tests (N a power of two; perm a permutation).
bool is_inverse_omega(const Permutation& perm);
bool is_linear(const Permutation& perm);  // t(0) = 0 and t(a xor b) = t(a) xor t(b)
bool is_affine(const Permutation& perm);

// Every linear permutation of N = 2^L PEs in a fixed order (all nonsingular L x L matrices
// over GF(2)); for the exhaustive tests, L <= 4.
std::vector<Permutation> all_linear(int N);
// Every inverse omega permutation of N = 2^L PEs (2^(L N / 2) switch settings, each a
// different permutation); L <= 3.
std::vector<Permutation> all_inverse_omega(int N);

}  // namespace minforge::lcan
