// minforge golden model: hardware cost of an N x N GSEN against the 2^n x 2^n SEN that
// would otherwise implement it (paper 001, section 1).
#pragma once

#include <cstdint>
#include <vector>

namespace minforge::gsen {

struct CostRow {
  int ports;            // N
  int stages;           // n
  int64_t gsen;         // (N/2) * n switches
  int64_t sen;          // 2^(n-1) * n switches
  double saving;        // 1 - gsen / sen
};

// Rows for N = 4, 6, ..., max_ports (even).  Throws InvalidArgument when max_ports < 4 or
// too large.
std::vector<CostRow> cost_table(int max_ports);

// How many N of the table save at least `fraction` (e.g. 0.10) of the switches.
int count_saving_at_least(const std::vector<CostRow>& rows, double fraction);

}  // namespace minforge::gsen
