// Switch counts of an N x N GSEN against the 2^n x 2^n SEN (paper 001, section 1).
#include "minforge/algo/gsen/gsen_cost.hpp"

#include <string>

#include "minforge/common.hpp"
#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::gsen {

CostRow cost_row(int N) {
  const Topology t(N);
  CostRow r;
  r.ports = N;
  r.stages = t.stages();
  r.gsen = static_cast<int64_t>(N / 2) * r.stages;
  r.sen = (int64_t{1} << (r.stages - 1)) * r.stages;
  r.saving = 1.0 - static_cast<double>(r.gsen) / static_cast<double>(r.sen);
  return r;
}

std::vector<CostRow> cost_table(int max_ports) {
  if (max_ports < 4 || max_ports > kMaxPorts)
    throw InvalidArgument("cost table needs 4 <= max N <= " + std::to_string(kMaxPorts) + " (got " +
                          std::to_string(max_ports) + ")");
  std::vector<CostRow> rows;
  rows.reserve(static_cast<size_t>(max_ports / 2));
  for (int N = 4; N <= max_ports; N += 2) rows.push_back(cost_row(N));
  return rows;
}

bool saves_at_least_percent(const CostRow& row, int percent) {
  return 100 * (row.sen - row.gsen) >= static_cast<int64_t>(percent) * row.sen;
}

int count_saving_at_least_percent(const std::vector<CostRow>& rows, int percent) {
  int c = 0;
  for (const CostRow& r : rows) c += saves_at_least_percent(r, percent) ? 1 : 0;
  return c;
}

int count_saving_at_least(const std::vector<CostRow>& rows, double fraction) {
  // sen - gsen and sen are integers < 2^53, so both sides are exact in long double except
  // for the product fraction * sen, whose rounding cannot cross an integer boundary unless
  // the exact product is within one ulp of it; compare in long double (64-bit mantissa).
  int c = 0;
  for (const CostRow& r : rows) {
    const long double lhs = static_cast<long double>(r.sen - r.gsen);
    const long double rhs = static_cast<long double>(fraction) * static_cast<long double>(r.sen);
    c += lhs >= rhs ? 1 : 0;
  }
  return c;
}

}  // namespace minforge::gsen
