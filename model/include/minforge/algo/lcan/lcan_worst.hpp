// Worst-case permutations for on-line LCAN routing (paper 003 leaves them open): a local
// search over permutations for a large expected number of network cycles under the
// simulator's policies (lcan_sim.hpp).  A candidate is scored by the mean cycles of `trials`
// routings with common random numbers (every candidate's simulator starts from the same seed,
// so two candidates are compared on the same random draws); a move swaps the destinations of
// two sources and is kept when the score does not drop.  The start is the highest-scoring of a
// few root, BPC and random permutations.
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"

namespace minforge::lcan {

struct WorstSearch {
  Permutation perm;  // the best found
  double score = 0;  // its mean cycles under the search's common random numbers
  double start_score = 0;
  int evaluations = 0;
};

// Mean cycles of p over `trials` routings by a simulator seeded with `seed`.
double mean_cycles(const Network& net, const Permutation& p, int trials, uint64_t seed,
                   UpPolicy up = UpPolicy::PerCycle, DownPolicy down = DownPolicy::LowerFirst);

// The search: `iterations` swap moves; `starts` candidates of each class for the start.
WorstSearch search_worst(const Network& net, int iterations, int trials, uint64_t seed,
                         int starts = 4, UpPolicy up = UpPolicy::PerCycle,
                         DownPolicy down = DownPolicy::LowerFirst);

}  // namespace minforge::lcan
