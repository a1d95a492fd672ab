// minforge golden model: bounds on R(N), the fewest GSEN configurations with individual
// control (every switch free) that route all N^2 pairs (paper 001, section 5; issue 28).
//
// Upper bounds: a SAT search (CaDiCaL, libcadical-dev) for K configurations.  Variables: the
// state x[c][s][y] of every switch of every configuration c < K, and r[c][i][F] "path P(i, F)
// is set up by configuration c" (implies the n switch states on the path: state = in-subport
// xor out-subport).  Every pair (i, j) needs one r of one of its one or two paths (tags F0 and
// F0 + N, Lemma 3.3) in some configuration.  Symmetry breaking (the configurations are
// interchangeable): configuration j < N carries pair (0, j) (input 0 meets every output in a
// different configuration), and the configurations c >= N are sorted by input 0's forward tag
// (for input 0, r is equivalent to its path's states).  A found set is checked by the
// coverage checker (check_coverage on state matrices) before it is returned.
//
// Lower bounds: the counting argument of Theorem 5.4's proof, by computation.  A path P(i, F)
// is unique when 2^n - N <= F < N (Lemma 3.5); every unique path must be set up by some
// configuration.  For a class S of unique paths (all of them, or those whose tag starts with
// a fixed t-bit prefix), max_carried(S) is the most paths of S one configuration sets up and
// R(N) >= ceil(|S| / max_carried(S)).  Its upper side: the paths a configuration sets up use
// distinct terminals after every stage s, so max_carried(S) <= the maximum matching between
// inputs and the terminals their paths of S reach after stage s (bipartite, exact), for every
// s (the minimum is taken).  Its lower side: a configuration setting up that many, found by
// SAT (a sequential counter over the inputs); when none exists the target is lowered after
// an unsat answer.  Theorem 5.4's class is the prefix 01..1 of length k (2^k the largest
// power of two dividing N): the matching after stage k is its Lemma 5.1 (N / 2^k terminals).
//
// Repeated requests (Theorem 5.5's argument, by computation): a connection t of a switch at
// stage s (in-subport b to out-subport f, state b xor f) carries at most one path per
// configuration, so the u(t) unique paths through t need u(t) configurations with the switch
// in state b xor f, and then the other connection t' of that state is used as often:
// m(t) = max(u(t), u(t')) path instances, all through t at stage s, hence distinct for
// distinct t.  An instance through t routes a pair of R(t) (the pairs of the paths through
// t).  These sum_t m(t) instances route at most D distinct pairs, D the maximum b-matching of
// instances (m(t) per t) to pairs (one each, within R(t)), so at least sum m - D of them
// repeat a pair, and K N >= N^2 + sum m - D: R(N) >= ceil((N^2 + sum m - D) / N), for every
// stage s (the maximum is taken).  N = 20, stage 2: the 80 repeats of Theorem 5.5.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::gsen {

enum class SatStatus { Sat, Unsat, Unknown };
std::string_view to_string(SatStatus s);

struct RboundResult {
  SatStatus status = SatStatus::Unknown;
  std::vector<Configuration> set;  // K configurations when Sat (verified to cover)
  double seconds = 0;              // solver wall time
  int variables = 0;
  int64_t clauses = 0;
};

// SAT search for K configurations (1 <= K <= 2^n) that route all pairs.  timeout_seconds <= 0:
// no limit.  Unknown only when the time limit stopped the solver.  Throws InvalidArgument for
// K out of range.
RboundResult rbound_search(const Topology& t, int K, double timeout_seconds,
                           bool symmetry_breaking = true);

// The set as JSON-ready numbers: set[c][s][y].
std::vector<std::vector<std::vector<int>>> set_matrices(const std::vector<Configuration>& set);
// The inverse; throws InvalidArgument unless every entry is n x N/2 of 0/1.
std::vector<Configuration> set_from_matrices(const Topology& t,
                                             const std::vector<std::vector<std::vector<int>>>& m);

// The certificate of an rbound search: the JSON that `minforge gsen rbound --json` prints and
// --out writes (docs/research.md lists the committed ones):
//   {"ports","stages","configs","status","seconds","variables","clauses","set"}
// with "set" (only when sat) = set_matrices(set).
std::string rbound_json(const Topology& t, int K, const RboundResult& r);
// Reads a certificate file; its set must be sat with K = "configs" matrices of the right shape
// (it is not checked for coverage here: check_coverage does that).  Throws InvalidArgument on a
// missing, unreadable or malformed file.
struct RboundCertificate {
  int ports = 0;
  int configs = 0;
  std::vector<Configuration> set;
};
RboundCertificate read_rbound_certificate(const std::string& path);

// One class of unique paths and what it proves.
struct UniqueClass {
  int prefix_bits = 0;  // t (0: all unique paths)
  uint32_t prefix = 0;  // the tag's top t bits
  int64_t paths = 0;    // |S|
  int matching = 0;     // the matching bound (minimum over the stages)
  int max_carried = 0;  // the upper bound used: the matching, lowered by unsat answers
  int found = 0;        // a configuration setting up this many paths of S (SAT)
  bool exact = false;   // found == max_carried
  int bound = 0;        // ceil(|S| / max_carried): R(N) >= bound
  double seconds = 0;
};

// The repeated-request bound of one stage (see the top of this file).
struct RepeatBound {
  int stage = 0;
  int64_t forced = 0;    // sum over the stage's connections t of m(t)
  int64_t distinct = 0;  // D: the most distinct pairs those instances route (b-matching)
  int64_t repeats = 0;   // forced - distinct
  int bound = 0;         // ceil((N^2 + repeats) / N): R(N) >= bound
};

// One entry per stage s = 0..n-1.
std::vector<RepeatBound> repeat_bounds(const Topology& t);

struct RLower {
  int ports = 0;
  int stages = 0;
  int64_t unique_paths = 0;    // N (2N - 2^n)
  int trivial = 0;             // N (Theorem 3.8: N^2 pairs, N per configuration)
  int counting = 0;            // best class bound
  int lower_bound = 0;         // max(trivial, counting, repeat)
  int repeat = 0;              // best repeated-request bound (over the stages)
  RepeatBound repeat_witness;  // the stage giving `repeat`
  std::vector<RepeatBound> repeat_stages;
  UniqueClass witness;               // the class giving `counting`
  std::vector<UniqueClass> classes;  // every class examined (all unique paths, every prefix
                                     // class inside the unique range)
  double seconds = 0;
};

// Throws InvalidArgument for N > 128.  sat_seconds: the SAT time limit per class (the
// matching bound stays valid when it runs out: exact is then false).
RLower rlower(const Topology& t, double sat_seconds = 10);

// One class: the matching bound, then SAT for a configuration reaching it (time limit
// sat_seconds per call, <= 0: none).  Fills matching, max_carried, found, exact, paths.
UniqueClass max_carried(const Topology& t, const std::vector<std::pair<int, uint32_t>>& paths,
                        double sat_seconds);

}  // namespace minforge::gsen
