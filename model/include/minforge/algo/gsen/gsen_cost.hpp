// minforge golden model: hardware cost of an N x N GSEN against the 2^n x 2^n SEN that
// would otherwise implement it (paper 001, section 1).
#pragma once

#include <cstdint>
#include <vector>

namespace minforge::gsen {

struct CostRow {
  int ports;      // N
  int stages;     // n
  int64_t gsen;   // (N/2) * n switches
  int64_t sen;    // 2^(n-1) * n switches
  double saving;  // 1 - gsen / sen
};

// Rows for N = 4, 6, ..., max_ports (even).  Throws InvalidArgument when max_ports < 4 or
// too large.
std::vector<CostRow> cost_table(int max_ports);

// One row: N even, 4 <= N <= kMaxPorts (else InvalidArgument).
CostRow cost_row(int N);

// Exact test "saves at least percent %": 100 (sen - gsen) >= percent * sen, in integers.
bool saves_at_least_percent(const CostRow& row, int percent);
// How many rows save at least `percent` % (exact integer comparison).  The paper's counts
// for N = 4..10002: 4175 / 3356 / 2537 / 1632 for 10 / 20 / 30 / 40 %.
int count_saving_at_least_percent(const std::vector<CostRow>& rows, int percent);

// How many N of the table save at least `fraction` (e.g. 0.10) of the switches.  The
// comparison is done exactly on the rational saving: sen - gsen >= fraction * sen with
// fraction taken as the exact binary value of the double (0.10 is slightly above 1/10;
// no GSEN saving equals 1/10, 2/10, 3/10 or 4/10 exactly, since saving = 1 - N / 2^n).
int count_saving_at_least(const std::vector<CostRow>& rows, double fraction);

}  // namespace minforge::gsen
