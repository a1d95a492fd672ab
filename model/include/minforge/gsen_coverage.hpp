// minforge golden model: does a set of GSEN configurations realize all-to-all
// communication (every input reaches every output in some configuration)?  Paper 001,
// Theorem 3.8 (R_sc = 2^n), Theorem 5.5 (R(20) <= 24) and section 6's computer bounds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/gsen.hpp"

namespace minforge::gsen {

struct Coverage {
  bool covers = false;
  int64_t pairs_covered = 0;      // distinct (i, j) pairs realized
  std::vector<Pair> missing;      // pairs realized by no configuration, sorted
  // necessary[k]: configs[k] realizes at least one pair no other listed config realizes.
  std::vector<bool> necessary;
};

// Throws InvalidArgument for Individual control or a config >= 2^n.
Coverage check_coverage(const Topology& t, Control c, std::span<const uint32_t> configs);

// Removes redundant configurations greedily (last first) while coverage is kept.
std::vector<uint32_t> prune_redundant(const Topology& t, Control c, std::vector<uint32_t> configs);

// The paper's computer-found doubly/quadruply alternating sets of section 6 and the R(20)
// set of Theorem 5.5, as printed.  paper_bound(N) gives the printed bound (e.g. 72 for
// N = 68); paper_set(N) returns the set as printed in the paper (73 members for N = 68: the
// R(68) erratum, see conventions.md), corrected_set(N) the set with the erratum fixed.
struct PaperSet {
  int ports;
  Control control;
  int bound;                      // the paper's R(N) <= bound
  const char* printed;            // the list exactly as printed (with '~' ranges)
  const char* corrected;          // same list with the erratum fixed (== printed if none)
};
const std::vector<PaperSet>& paper_sets();

}  // namespace minforge::gsen
