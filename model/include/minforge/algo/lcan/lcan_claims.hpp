// The sentences of paper 003, section 3 ("Simulation results"), checked on the on-line routing
// simulator (lcan_sim.hpp) with the paper's policy (random up per switch every network cycle,
// lower LCA level first down): `minforge lcan claims`.  Every claim is judged from every
// measured row with 95 % confidence intervals (minforge/algo/claims.hpp); claim_specs() is the
// one table of the paper's words beside the verdict the project measures (at the default
// sample, 1000 permutations per class per network, seed 1), which the tests assert.
//
// Networks (the project's reading of Figs. 5-7, lcan_experiments.hpp): the CB-LCANs with d = u
// of Figs. 6 and 7 (N = 4096, d = u = 64, 16, 8, 4, 2; d = u = 4, N = 16 .. 1024) and
// CB-LCAN(4096, 64, 16) of Fig. 5; N = 4 (one cycle, variance 0) is left out.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "minforge/algo/claims.hpp"
#include "minforge/algo/lcan/lcan_perm.hpp"

namespace minforge::lcan {

// One claim of the table: its id, the paper's words, the expected verdict and why.
struct ClaimSpec {
  std::string id;
  std::string paper;
  Verdict expected;
  std::string why;
};
const std::vector<ClaimSpec>& claim_specs();
const ClaimSpec& claim_spec(const std::string& id);  // throws InvalidArgument if unknown

// One (network, class) measured: `trials` permutations routed to the end.
struct ClaimsRow {
  std::string spec;     // Network::parse specification, "cb:4096,4,4"
  std::string network;  // "CB-LCAN(4096,4,4)"
  int N = 0, d = 0, u = 0;
  PermClass cls = PermClass::Root;
  uint64_t seed = 0;  // `minforge lcan simulate --network spec --class c --seed seed` repeats it
  int trials = 0;
  Interval mean;      // mean network cycles, 95 % CI
  Interval variance;  // sample variance (divisor trials - 1), 95 % CI (asymptotic, from the
                      // sample's fourth central moment)
};

struct ClaimResult {
  std::string id, paper;
  Verdict verdict = Verdict::Undecided;
  Verdict expected = Verdict::Undecided;
  std::string measured;              // the numbers of every row, with their intervals
  std::string summary;               // rows by verdict ("27 rows: 22 hold, 2 fail, 3 undecided")
  std::vector<std::string> failing;  // the rows that fail or are undecided (and why)
};

// The network specifications measured, in order.
const std::vector<std::string>& claims_networks();
// Every network of claims_networks() for the three classes; row (network k, class c) has its
// own seed derived from `seed`.  trials >= 2.  `on_row` (if set) is called after each row
// (the CLI's progress line).
std::vector<ClaimsRow> measure_claims(int trials, uint64_t seed,
                                      const std::function<void(const ClaimsRow&)>& on_row = {});
// The verdicts from the rows (every claim of claim_specs(), in order).
std::vector<ClaimResult> judge_claims(const std::vector<ClaimsRow>& rows);

// Wires between the levels and crosspoints (d^2 + 2du per switch: Fig. 1a's I->O, I->O2 and
// I2->O) of a uniform CB-LCAN.
int64_t cb_wires(int N, int d, int u);
int64_t cb_crosspoints(int N, int d, int u);

}  // namespace minforge::lcan
