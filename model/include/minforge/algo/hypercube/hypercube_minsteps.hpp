// minforge golden model, hypercube (paper 004, beyond Corollary 3.5): the fewest synchronous
// steps in which a permutation can be routed on the packet-switched d-cube, under the step
// rules of hypercube_packet.hpp (every vertex holds one packet, sends it to itself or to a
// neighbour, receives at most one, buffers nothing: one step is a permutation of the vertices
// moving every v to v or a neighbour).  Corollary 3.5 routes every permutation in 2d - 3
// steps; max_v dist(v, pi(v)) steps are needed.  The exact minimum between the two is found by
// SAT (CaDiCaL), one instance per step count T:
//
//   x[t][v][w]  the packet of v is at w after step t, t = 1 .. T-1, only for w with
//               dist(v, w) <= t and dist(w, pi(v)) <= T - t (after 0 steps it is at v,
//               after T at pi(v));
//   every packet somewhere (at least one w per (t, v)), at most one place per packet and at
//   most one packet per vertex (so the positions after every step form a permutation), and a
//   packet at w after step t was at w or a neighbour of w after step t - 1 and is at w or a
//   neighbour after step t + 1.
//
// A satisfying assignment is decoded into a Schedule and CHECKED by run_steps (the step
// simulator) before it is returned; "unsat" for T proves that T steps are too few.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "minforge/algo/hypercube/hypercube.hpp"
#include "minforge/algo/hypercube/hypercube_packet.hpp"

namespace minforge::hypercube {

// max_v dist(v, pi(v)): no schedule has fewer steps (a packet moves one edge per step).
int step_lower_bound(int d, const Perm& pi);

enum class StepVerdict { Sat, Unsat, Unknown };

struct StepSearch {
  StepVerdict verdict = StepVerdict::Unknown;
  Schedule schedule;  // when Sat: T rows, checked by run_steps
};

// Is pi routable in exactly T steps (equivalently at most T: idle steps are legal)?  T >= 0.
// timeout_seconds <= 0: no limit.  Throws InvalidArgument for a bad d or pi; throws
// std::logic_error if the solver's schedule fails run_steps (never expected).
StepSearch route_in_steps(int d, const Perm& pi, int T, double timeout_seconds = 0);

struct MinSteps {
  int lower = 0;            // proved: no schedule has fewer steps
  int upper = 0;            // schedule.moves.size()
  bool exact = false;       // lower == upper
  Schedule schedule;        // a shortest known schedule, checked by run_steps
  int corollary_steps = 0;  // schedule_steps(d): 2d - 3 for d >= 3
};

// The schedule shortener: starts from Corollary 3.5's schedule (upper = 2d - 3) and the
// distance bound (lower), and asks the solver for T = lower, lower + 1, ... until one is
// satisfiable (then upper = T) or upper is reached; a call that times out (per call) leaves
// the bounds where they are (exact = false).  Every returned schedule passed run_steps.
MinSteps min_steps(int d, const Perm& pi, double timeout_per_call = 0);

// The automorphisms of the d-cube act on permutations by conjugation (pi -> a pi a^-1, a a
// vertex map v -> sigma(v) xor c with sigma a permutation of the d bit positions); a
// conjugate needs the same number of steps.  The canonical form is the lexicographically
// smallest conjugate (2^d d! of them; d <= 6).
Perm canonical_conjugate(int d, const Perm& pi);

// The structured candidates of the search for hard permutations (make_perm classes except
// random: bit-reversal, complement, transpose, shift:k for every k, shuffle and its inverse).
std::vector<std::pair<std::string, Perm>> structured_candidates(int d);

}  // namespace minforge::hypercube
