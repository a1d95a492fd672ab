// The hypercube's permutations: the structured classes (exact values), the permutation file
// format and its errors, validation, the bounds of Theorem 3.4 / Corollary 3.5 per d.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "minforge/algo/hypercube/hypercube.hpp"

namespace hc = minforge::hypercube;
using minforge::InvalidArgument;

namespace {

std::string error_of(const std::string& text, int d) {
  try {
    hc::parse_perm(text, d, "perm file 'p'");
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(HypercubePerm, StructuredClassesExactValues) {
  using P = hc::Perm;
  EXPECT_EQ(hc::make_perm(3, "identity"), (P{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(hc::make_perm(3, "bit-reversal"), (P{0, 4, 2, 6, 1, 5, 3, 7}));
  EXPECT_EQ(hc::make_perm(3, "complement"), (P{7, 6, 5, 4, 3, 2, 1, 0}));
  // d = 4: low two bits <-> high two bits; d = 3: bit 0 <-> bit 2, bit 1 stays
  EXPECT_EQ(hc::make_perm(4, "transpose"),
            (P{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}));
  EXPECT_EQ(hc::make_perm(3, "transpose"), hc::make_perm(3, "bit-reversal"));
  EXPECT_EQ(hc::make_perm(3, "shift"), (P{1, 2, 3, 4, 5, 6, 7, 0}));
  EXPECT_EQ(hc::make_perm(3, "shift:3"), (P{3, 4, 5, 6, 7, 0, 1, 2}));
  EXPECT_EQ(hc::make_perm(3, "shift:0"), hc::make_perm(3, "identity"));
  EXPECT_EQ(hc::make_perm(3, "shuffle"), (P{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(hc::make_perm(1, "shuffle"), (P{0, 1}));
  EXPECT_EQ(hc::make_perm(1, "complement"), (P{1, 0}));
  // random: a permutation, reproducible, different seeds differ
  for (int d = 1; d <= 16; ++d)
    for (const auto& c :
         {"identity", "bit-reversal", "complement", "transpose", "shift", "shuffle", "random"})
      EXPECT_TRUE(hc::is_permutation(hc::make_perm(d, c, 9))) << d << c;
  EXPECT_EQ(hc::make_perm(10, "random", 4), hc::make_perm(10, "random", 4));
  EXPECT_NE(hc::make_perm(10, "random", 4), hc::make_perm(10, "random", 5));
  EXPECT_THROW(hc::make_perm(3, "diagonal"), InvalidArgument);
  EXPECT_THROW(hc::make_perm(3, "shift:8"), InvalidArgument);
  EXPECT_THROW(hc::make_perm(3, "shift:-1"), InvalidArgument);
  EXPECT_THROW(hc::make_perm(3, "shift:"), InvalidArgument);
  EXPECT_THROW(hc::make_perm(0, "identity"), InvalidArgument);
  EXPECT_THROW(hc::make_perm(25, "identity"), InvalidArgument);
}

TEST(HypercubePerm, FileFormat) {
  EXPECT_EQ(hc::parse_perm("# c\n3 2\r\n\t1 0 # end", 2), (hc::Perm{3, 2, 1, 0}));
  EXPECT_EQ(hc::parse_perm("1#x\n0", 1), (hc::Perm{1, 0}));
  const hc::Perm pi = hc::make_perm(6, "random", 3);
  EXPECT_EQ(hc::parse_perm(hc::format_perm(pi), 6), pi);
  std::istringstream in("0 1 3 2");
  EXPECT_EQ(hc::read_perm(in, 2), (hc::Perm{0, 1, 3, 2}));

  EXPECT_EQ(error_of("0 1 2", 2), "perm file 'p': 3 entries, the 2-cube needs 2^d = 4");
  EXPECT_EQ(error_of("0 1 2 3 4", 2), "perm file 'p': more than 2^d = 4 entries (d = 2)");
  EXPECT_EQ(error_of("0 1\n2 2", 2),
            "perm file 'p', line 2: not a permutation, destination 2 appears twice (entries 2 "
            "and 3)");
  EXPECT_EQ(error_of("0 1 2 4", 2), "perm file 'p', line 1: entry 3 = 4 is out of range 0..3");
  EXPECT_EQ(error_of("0 1 2 99999999999999999999999", 2),
            "perm file 'p', line 1: entry 3 = 99999999999999999999999 is out of range 0..3");
  EXPECT_EQ(error_of("0 1 2 0x3", 2),
            "perm file 'p', line 1: '0x3' is not a non-negative decimal integer");
  EXPECT_EQ(error_of("0 1 2 -3", 2),
            "perm file 'p', line 1: '-3' is not a non-negative decimal integer");
  EXPECT_EQ(error_of("", 3), "perm file 'p': 0 entries, the 3-cube needs 2^d = 8");
  EXPECT_THROW(hc::read_perm_file("/nonexistent/p.txt", 2), InvalidArgument);
  // every message is one line
  for (const char* t : {"0 1 2", "0 1 2 3 4", "0 1\n2 2", "0 1 2 4", "0 1 2 x"})
    EXPECT_EQ(error_of(t, 2).find('\n'), std::string::npos);
}

TEST(HypercubePerm, ValidationAndBounds) {
  EXPECT_NO_THROW(hc::validate_perm(2, {1, 0, 3, 2}));
  EXPECT_THROW(hc::validate_perm(2, {1, 0, 3}), InvalidArgument);
  EXPECT_THROW(hc::validate_perm(2, {1, 0, 3, 3}), InvalidArgument);
  EXPECT_THROW(hc::validate_perm(2, {1, 0, 3, 4}), InvalidArgument);
  EXPECT_THROW(hc::validate_dim(0), InvalidArgument);
  EXPECT_THROW(hc::validate_dim(25), InvalidArgument);
  EXPECT_EQ(hc::vertices(24), 1u << 24);
  EXPECT_TRUE(hc::is_permutation({}));
  EXPECT_FALSE(hc::is_permutation({1}));
  const hc::Perm pi = hc::make_perm(8, "random", 1);
  const hc::Perm inv = hc::inverse(pi);
  for (uint32_t v = 0; v < pi.size(); ++v) EXPECT_EQ(inv[pi[v]], v);
  // path_bound: d for d <= 2 (shortest paths of the base), 2d - 3 from d = 3 on
  const int expect[] = {0, 1, 2, 3, 5, 7, 9, 11, 13};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(hc::path_bound(d), expect[d]);
  EXPECT_EQ(hc::path_bound(24), 45);
  EXPECT_EQ(hc::edge_use_bound(3), 24u);
  EXPECT_EQ(hc::edge_use_bound(20), 20971520u);
  EXPECT_TRUE(hc::adjacent(5, 7));
  EXPECT_FALSE(hc::adjacent(5, 5));
  EXPECT_FALSE(hc::adjacent(5, 6));
  EXPECT_EQ(hc::distance(0, 7), 3);
}

TEST(HypercubePerm, DirectedEdges) {
  // d 2^d directed edges, numbered x d + j, each joining x to its neighbour along j; every
  // ordered pair of neighbours exactly once.
  for (int d = 1; d <= 6; ++d) {
    std::set<std::pair<uint32_t, uint32_t>> seen;
    for (uint64_t e = 0; e < hc::edge_use_bound(d); ++e) {
      const uint32_t x = hc::edge_from(d, e), y = hc::edge_to(d, e);
      EXPECT_TRUE(hc::adjacent(x, y));
      EXPECT_EQ(hc::edge_id(d, x, __builtin_ctz(x ^ y)), e);
      EXPECT_TRUE(seen.insert({x, y}).second);
    }
    EXPECT_EQ(seen.size(), size_t(d) << d);
  }
}
