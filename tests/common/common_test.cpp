#include "minforge/common.hpp"

#include <gtest/gtest.h>

using minforge::InvalidArgument;
using minforge::parse_config_list;

TEST(ConfigList, RangesAndSinglesKeepOrder) {
  auto v = parse_config_list("0-3,8,20~21", 32);
  EXPECT_EQ(v, (std::vector<uint32_t>{0, 1, 2, 3, 8, 20, 21}));
}

TEST(ConfigList, RejectsMalformedAndOutOfRange) {
  EXPECT_THROW(parse_config_list("", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("1,,2", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("3-1", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("16", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("a", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("1-", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("-1", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("1,1", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("99999999999999999999999", 16), InvalidArgument);
  EXPECT_THROW(parse_config_list("4,", 16), InvalidArgument);
}

TEST(CeilLog2, SmallValues) {
  EXPECT_EQ(minforge::ceil_log2(1), 0);
  EXPECT_EQ(minforge::ceil_log2(2), 1);
  EXPECT_EQ(minforge::ceil_log2(10), 4);
  EXPECT_EQ(minforge::ceil_log2(16), 4);
  EXPECT_EQ(minforge::ceil_log2(17), 5);
}
