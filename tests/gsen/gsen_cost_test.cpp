// Hardware cost of an N x N GSEN against the 2^n x 2^n SEN (paper 001, section 1).
#include "minforge/algo/gsen/gsen_cost.hpp"

#include <gtest/gtest.h>

#include "minforge/common.hpp"
#include "minforge/algo/gsen/gsen.hpp"

using namespace minforge;
using namespace minforge::gsen;

// "A 514 x 514 GSEN uses 2570 switches while its corresponding 1024 x 1024 SEN uses 5120".
TEST(GsenCost, Example514) {
  const CostRow r = cost_row(514);
  EXPECT_EQ(r.stages, 10);
  EXPECT_EQ(r.gsen, 2570);
  EXPECT_EQ(r.sen, 5120);
  EXPECT_NEAR(r.saving, 0.498046875, 1e-12);  // "about 50%"
  EXPECT_TRUE(saves_at_least_percent(r, 49));
  EXPECT_FALSE(saves_at_least_percent(r, 50));
}

// Section 1: among N = 4, 6, ..., 10002 (5000 values), 4175 / 3356 / 2537 / 1632 save at
// least 10 / 20 / 30 / 40 % of the switches.
TEST(GsenCost, PaperCountsUpTo10002) {
  const auto rows = cost_table(10002);
  ASSERT_EQ(rows.size(), 5000u);
  EXPECT_EQ(rows.front().ports, 4);
  EXPECT_EQ(rows.back().ports, 10002);
  EXPECT_EQ(count_saving_at_least_percent(rows, 10), 4175);
  EXPECT_EQ(count_saving_at_least_percent(rows, 20), 3356);
  EXPECT_EQ(count_saving_at_least_percent(rows, 30), 2537);
  EXPECT_EQ(count_saving_at_least_percent(rows, 40), 1632);
  // The floating-point interface agrees (no saving equals k/10 exactly: saving = 1 - N/2^n).
  EXPECT_EQ(count_saving_at_least(rows, 0.10), 4175);
  EXPECT_EQ(count_saving_at_least(rows, 0.20), 3356);
  EXPECT_EQ(count_saving_at_least(rows, 0.30), 2537);
  EXPECT_EQ(count_saving_at_least(rows, 0.40), 1632);
  // "At least" vs "more than" does not matter: no N of the range saves exactly 10..40 %.
  for (const CostRow& r : rows)
    for (int p : {10, 20, 30, 40}) ASSERT_NE(100 * (r.sen - r.gsen), p * r.sen) << r.ports;
}

TEST(GsenCost, RowsMatchTopology) {
  for (const CostRow& r : cost_table(2050)) {
    const Topology t(r.ports);
    ASSERT_EQ(r.gsen, t.switch_count());
    ASSERT_EQ(r.sen, (int64_t{1} << (t.stages() - 1)) * t.stages());
    ASSERT_LE(r.gsen, r.sen);
    // Saving is exactly 1 - N / 2^n; it is zero only for N = 2^n.
    ASSERT_EQ(r.gsen * (int64_t{1} << t.stages()), r.sen * r.ports);
    ASSERT_EQ(r.gsen == r.sen, is_pow2(static_cast<uint64_t>(r.ports)));
    ASSERT_TRUE(saves_at_least_percent(r, 0));
    ASSERT_FALSE(saves_at_least_percent(r, 50));  // N > 2^(n-1)
  }
}

TEST(GsenCost, RejectsBadArguments) {
  EXPECT_THROW(cost_table(3), InvalidArgument);
  EXPECT_THROW(cost_table(kMaxPorts + 2), InvalidArgument);
  EXPECT_THROW(cost_row(7), InvalidArgument);
  EXPECT_THROW(cost_row(2), InvalidArgument);
  EXPECT_EQ(cost_table(5).size(), 1u);
}
