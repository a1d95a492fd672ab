// The analytic model of root permutations (paper 003, section 3, "Analysis of root
// permutations"): Equation 2 iterated down the levels of a CB-LCAN for the fraction of pairs
// that survive one network cycle, Equation 3 for the pairs left, iterated to a predicted
// number of network cycles.  The reading of the OCR'd equations is written out in
// docs/lcan.md; in short:
//
//   Equation 2   p_{i-1} = 1 - (1 - p_i / d)^u
//     p_i: the probability that an upper of a level-i switch carries a pair coming down.  A
//     downer of the switch is wanted by each of its u incoming pairs with probability p_i / d
//     and is used when at least one wants it.
//   Equation 3   x_i = x_{i-1} - (pairs routed in cycle i),   x_0 = N
//   Initial load p_{l-1} = min(1, x / (N (u/d)^(l-1))): the pairs left, uniformly over the
//     N (u/d)^(l-1) downers of the top level (for d = u: x / N, 1.0 in the first cycle); for
//     d > u the load is 1.0 while x >= N (u/d)^(l-1).
//   Iteration: cycles c = 1, 2, ... until x_c < 1; predicted cycles = c + x_c (an extra pass
//     with probability x_c).
//
// The paper writes Equation 2 with the exponent u at every level and counts N p_0 pairs per
// cycle; for d = u that is exactly the above.  For d != u two readings differ at the top level,
// where the turning pairs arrive on the d downers of a top switch, not on u uppers:
//   TopReading::Downers (default): the top switch sees d incoming pairs with load p_{l-1}
//     (exponent d there, u below), and the pairs routed per cycle are the links into level 0
//     times their load, N (u/d) p_0;
//   TopReading::Uppers: the printed equations taken literally: exponent u at every level,
//     N p_0 pairs per cycle.
// Per-level CB networks use (d_i, u_i) of each level.  T-LCANs are not covered by the
// analysis (InvalidArgument).
#pragma once

#include <vector>

#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::lcan {

enum class TopReading { Downers, Uppers };

// Equation 2, one level: 1 - (1 - p/d)^u.
double eq2(double p, int d, int u);

struct Prediction {
  double cycles = 0;              // predicted network cycles, c + x_c
  std::vector<double> remaining;  // x_0 = N, x_1, ..., x_c (Equation 3)
  std::vector<double> load;       // the initial load p_{l-1} of cycles 1 .. c
  std::vector<double> routed;     // expected pairs routed in cycles 1 .. c
};

Prediction predict_root(const Network& net, TopReading reading = TopReading::Downers);

}  // namespace minforge::lcan
