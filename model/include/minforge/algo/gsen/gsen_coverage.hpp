// minforge golden model: does a set of GSEN configurations realize all-to-all
// communication (every input reaches every output in some configuration)?  Paper 001,
// Theorem 3.8 (R_sc = 2^n), Theorem 5.5 (R(20) <= 24) and section 6's computer bounds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::gsen {

struct Coverage {
  bool covers = false;
  int64_t pairs_covered = 0;  // distinct (i, j) pairs realized
  std::vector<Pair> missing;  // pairs realized by no configuration, sorted
  // necessary[k]: configs[k] realizes at least one pair no other listed config realizes.
  std::vector<bool> necessary;
};

// Throws InvalidArgument for Individual control or a config >= 2^n.
//
// Cost: O(N n) per configuration (stage-by-stage permutation over all inputs) plus two
// N x N bitmaps ("realized at least once", "at least twice"; 2 N^2 / 8 bytes, 67 MB at
// N = 16382).  A pair realized exactly once is in the first bitmap only; a configuration
// is necessary when one of its pairs is such a pair (a second pass over the configs).
Coverage check_coverage(const Topology& t, Ctrl c, std::span<const uint32_t> configs);
// Same; with compute_necessary = false the second pass and the second bitmap are skipped
// (necessary is left empty).
Coverage check_coverage(const Topology& t, Ctrl c, std::span<const uint32_t> configs,
                        bool compute_necessary);

// Individual control: the same check for full state matrices (every switch free; R(N)'s
// setting).  Each configuration is routed input by input (route(), O(N n)); necessary is
// filled as above.  Throws InvalidArgument when a matrix is not stages x N/2.
Coverage check_coverage(const Topology& t, std::span<const Configuration> configs);

// Removes redundant configurations greedily (last first) while coverage is kept.
std::vector<uint32_t> prune_redundant(const Topology& t, Ctrl c, std::vector<uint32_t> configs);

// The paper's computer-found doubly/quadruply alternating sets of section 6 and the R(20)
// set of Theorem 5.5, as printed.  paper_bound(N) gives the printed bound (e.g. 72 for
// N = 68); paper_set(N) returns the set as printed in the paper (73 members for N = 68: the
// R(68) erratum, see docs/conventions.md), corrected_set(N) the set with the erratum fixed.
struct PaperSet {
  int ports;
  Ctrl control;
  int bound;              // the paper's R(N) <= bound
  const char* printed;    // the list exactly as printed (with '~' ranges)
  const char* corrected;  // same list with the erratum fixed (== printed if none)
};
const std::vector<PaperSet>& paper_sets();
// The configuration numbers of a paper set (printed or corrected list), parsed with
// parse_config_list against 2^n.
std::vector<uint32_t> paper_set_configs(const PaperSet& p, bool corrected);

// R_sc(N) = 2^n (Theorem 3.8).  Validates N like Topology.
int r_sc(int N);
// Theorem 5.4's hypothesis: with 2^k the largest power of two dividing N, k >= 2 and
// 2^(n-1) + 2^(n-k) <= N (then R(N) = 2^n).
bool theorem_5_4_applies(int N);
// The exact R(N) the paper proves, or 0 when it proves none: N for N = 2 mod 4
// (Theorem 4.8), 2^n under Theorem 5.4 (which includes N = 2^n), 24 for N = 20 (Theorem 5.5).
int proven_r(int N);

}  // namespace minforge::gsen
