// LCAN permutations: the file format, the three classes of section 3 (root, BPC, random).
#include "minforge/algo/lcan/lcan_perm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace {

using minforge::InvalidArgument;
using minforge::Rng;
using namespace minforge::lcan;

TEST(LcanPerm, FileFormatRoundTripAndComments) {
  EXPECT_EQ(parse_permutation("# root permutation of CB-LCAN(4,2,2)\n2 3 0 1\n"),
            (Permutation{2, 3, 0, 1}));
  EXPECT_EQ(parse_permutation("1\n0 # swap\n\n  2\t3\r\n"), (Permutation{1, 0, 2, 3}));
  EXPECT_EQ(parse_permutation("0"), (Permutation{0}));
  Rng rng(5);
  Network net = Network::cb(81, 3, 2);
  Permutation p = random_permutation(net, rng);
  EXPECT_EQ(parse_permutation(format_permutation(p, "a comment")), p);
  auto path =
      std::filesystem::temp_directory_path() / ("lcan_perm_" + std::to_string(::getpid()) + ".txt");
  write_permutation_file(path.string(), p, "written by the test");
  EXPECT_EQ(read_permutation_file(path.string()), p);
  std::filesystem::remove(path);
}

TEST(LcanPerm, BadFilesAreRefusedWithOneLine) {
  for (const char* text :
       {"", "# only a comment\n", "0 1 x", "0 -1", "0 1 1", "0 2", "3 0 1 4", "1.5 0", "0,1"}) {
    SCOPED_TRACE(text);
    try {
      parse_permutation(text);
      ADD_FAILURE() << "accepted";
    } catch (const InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_THROW(read_permutation_file("/nonexistent/perm.txt"), InvalidArgument);
  try {
    parse_permutation("0 1\n2 2\n");
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("appears twice"), std::string::npos) << e.what();
  }
  try {
    parse_permutation("0 1\nzz\n");
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  Network net = Network::cb(9, 3, 2);
  EXPECT_THROW(check_for_network(net, Permutation{0, 1, 2}), InvalidArgument);
  // A truncated network refuses pairs between its parts.
  Network cut = Network::cb(9, 3, 2, 1);
  EXPECT_THROW(check_for_network(cut, Permutation{3, 1, 2, 0, 4, 5, 6, 7, 8}), InvalidArgument);
  EXPECT_NO_THROW(check_for_network(cut, Permutation{1, 2, 0, 3, 4, 5, 8, 7, 6}));
}

TEST(LcanPerm, ClassesHaveTheirDefiningProperty) {
  Rng rng(11);
  for (const char* spec : {"cb:16,2,2", "cb:64,4,4", "cb:81,3,2", "cb:4096,64,16", "cb:64,8,8",
                           "t:64,4,2", "cm5:256", "cb:81,3,2,3", "cb:27,3,2,1"}) {
    Network net = Network::parse(spec);
    SCOPED_TRACE(net.name());
    for (int k = 0; k < 20; ++k) {
      Permutation r = generate(net, PermClass::Root, rng);
      EXPECT_NO_THROW(check_for_network(net, r));
      EXPECT_TRUE(is_root(net, r));
      Permutation x = generate(net, PermClass::Random, rng);
      EXPECT_NO_THROW(check_for_network(net, x));
      if (minforge::is_pow2(static_cast<uint64_t>(net.part_size()))) {
        Permutation b = generate(net, PermClass::Bpc, rng);
        EXPECT_NO_THROW(check_for_network(net, b));
        if (net.part_size() == net.N()) {
          EXPECT_TRUE(is_bpc(b));
        }
      } else {
        EXPECT_THROW(generate(net, PermClass::Bpc, rng), InvalidArgument);
      }
    }
  }
  EXPECT_EQ(bpc({0, 1, 2}, 0), (Permutation{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(bpc({2, 1, 0}, 0), (Permutation{0, 4, 2, 6, 1, 5, 3, 7}));  // bit reversal
  EXPECT_EQ(bpc({0, 1, 2}, 7), (Permutation{7, 6, 5, 4, 3, 2, 1, 0}));  // complement
  EXPECT_FALSE(is_bpc(Permutation{1, 2, 3, 0}));
  EXPECT_EQ(parse_class("root"), PermClass::Root);
  EXPECT_EQ(class_name(PermClass::Bpc), "bpc");
  EXPECT_THROW(parse_class("worst"), InvalidArgument);
}

// The draws are uniform: on CB-LCAN(8, 2, 2) every root permutation (4! 4! = 576 of them),
// and on CB-LCAN(9, 3, 3) the Metropolis chain covers the 3-block derangements evenly.
TEST(LcanPerm, RootAndBpcDrawsAreUniformOnSmallNetworks) {
  auto chi2 = [](const std::map<Permutation, int>& h, int classes, int draws) {
    double e = double(draws) / classes, c = 0;
    for (const auto& [p, n] : h) c += (n - e) * (n - e) / e;
    c += (classes - static_cast<int>(h.size())) * e;  // classes never drawn
    return c;
  };
  Rng rng(3);
  {
    Network net = Network::cb(8, 2, 2);
    std::map<Permutation, int> h;
    const int draws = 576 * 40;
    for (int k = 0; k < draws; ++k) ++h[random_root(net, rng)];
    EXPECT_EQ(h.size(), 576u);
    EXPECT_LT(chi2(h, 576, draws), 575 + 5 * 34);  // mean 575, sd ~ 34
  }
  {
    // Root permutations of 9 PEs in 3 blocks of 3 (no PE maps into its own block), counted
    // by enumeration (12096).
    Network net = Network::cb(9, 3, 3);
    std::vector<int> v{0, 1, 2, 3, 4, 5, 6, 7, 8};
    int count = 0;
    do {
      bool ok = true;
      for (int s = 0; s < 9 && ok; ++s) ok = s / 3 != v[s] / 3;
      count += ok;
    } while (std::next_permutation(v.begin(), v.end()));
    std::map<Permutation, int> h;
    const int draws = count * 10;
    for (int k = 0; k < draws; ++k) ++h[random_root(net, rng)];
    EXPECT_EQ(static_cast<int>(h.size()), count);
    EXPECT_LT(chi2(h, count, draws), count + 5 * std::sqrt(2.0 * count));
  }
  {
    // Four blocks of two: levels (2, 2) and (4, 4), 4752 root permutations.
    Network net = Network::cb_levels({{2, 2}, {4, 4}});
    ASSERT_EQ(net.block_size(), 2);
    std::map<Permutation, int> h;
    const int draws = 4752 * 10;
    for (int k = 0; k < draws; ++k) ++h[random_root(net, rng)];
    EXPECT_EQ(h.size(), 4752u);
    EXPECT_LT(chi2(h, 4752, draws), 4751 + 5 * std::sqrt(2.0 * 4751));
  }
  {
    Network net = Network::cb(8, 2, 2);
    std::map<Permutation, int> h;
    const int draws = 48 * 200;  // 3! 2^3 BPC permutations of 8 PEs
    for (int k = 0; k < draws; ++k) ++h[random_bpc(net, rng)];
    EXPECT_EQ(h.size(), 48u);
    EXPECT_LT(chi2(h, 48, draws), 47 + 5 * std::sqrt(94.0));
  }
}

}  // namespace
