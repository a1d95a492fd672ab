// The `minforge` command line: JSON keys, values, and every bad-input case (exit 2, one
// line on stderr, nothing on stdout).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"

namespace {

using namespace minforge::test;

using nlohmann::json;

TEST(Cli, GsenRouteJsonReproducesFig4) {
  CliResult r = run_cli("gsen route --ports 10 --stage 9 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j),
            (std::set<std::string>{"ports", "stages", "perm", "forward_tags", "backward_tags"}));
  EXPECT_EQ(j["ports"], 10);
  EXPECT_EQ(j["stages"], 4);
  EXPECT_EQ(j["perm"], json::parse("[9,7,5,3,8,1,6,4,2,0]"));
  EXPECT_EQ(j["forward_tags"][2], 13);  // Fig. 4(a): input 2 reaches 5 with tag 13
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(j["forward_tags"][i].get<int>() ^ j["backward_tags"][i].get<int>(), 9);  // Lemma 3.4
}

TEST(Cli, GsenRouteAlternatingPeriods) {
  for (const char* p : {"1", "2", "4"}) {
    CliResult r = run_cli(std::string("gsen route --ports 20 --alt 5 --period ") + p + " --json");
    ASSERT_EQ(r.rc, 0) << r.err;
    json j = json::parse(r.out);
    std::set<int> seen(j["perm"].begin(), j["perm"].end());
    EXPECT_EQ(seen.size(), 20u);
  }
}

TEST(Cli, GsenScheduleAltJsonMatchesAlgorithm2) {
  CliResult r = run_cli("gsen schedule --ports 10 --control alt --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"ports", "stages", "control", "rounds", "configs",
                                                 "dest", "tags"}));
  EXPECT_EQ(j["control"], "alt");
  EXPECT_EQ(j["rounds"], 10);
  EXPECT_EQ(j["configs"], json::parse("[0,1,3,2,6,7,5,4,12,13]"));
  EXPECT_EQ(j["dest"][1], json::parse("[1,0,9,8,7,6,5,4,3,2]"));
  EXPECT_EQ(j["tags"][0][3], 3);
  EXPECT_EQ(j["tags"][1][3], 12);  // 2^n - 1 - k
}

TEST(Cli, GsenScheduleStageSendsEveryPairOnce) {
  CliResult r = run_cli("gsen schedule --ports 12 --control stage --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["rounds"], 16);
  std::set<std::pair<int, int>> pairs;
  int sent = 0;
  for (int i = 0; i < 12; ++i)
    for (int k = 0; k < 16; ++k) {
      int d = j["dest"][i][k];
      if (d < 0) {
        EXPECT_EQ(j["tags"][i][k], -1);
        continue;
      }
      ++sent;
      pairs.insert({i, d});
    }
  EXPECT_EQ(sent, 144);
  EXPECT_EQ(pairs.size(), 144u);
}

TEST(Cli, GsenScheduleTextVerifies) {
  CliResult r = run_cli("gsen schedule --ports 10 --control alt");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("every (i, j) pair delivered exactly once"), std::string::npos) << r.out;
}

TEST(Cli, GsenCoverR20) {
  CliResult r = run_cli("gsen cover --ports 20 --control alt2 --configs 0-15,20-23,28-31 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"covers", "pairs_covered", "missing"}));
  EXPECT_EQ(j["covers"], true);
  EXPECT_EQ(j["pairs_covered"], 400);
  EXPECT_TRUE(j["missing"].empty());
}

TEST(Cli, GsenCoverReportsMissingPairs) {
  CliResult r = run_cli("gsen cover --ports 12 --control alt --configs 0~11 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["covers"], false);
  EXPECT_EQ(j["pairs_covered"].get<int>() + static_cast<int>(j["missing"].size()), 144);
  EXPECT_EQ(j["missing"][0].size(), 2u);
}

TEST(Cli, GsenCostCounts) {
  CliResult r = run_cli("gsen cost --max 10002 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["n_values"], 5000);
  EXPECT_EQ(j["saving_at_least_percent"]["10"], 4175);
  EXPECT_EQ(j["saving_at_least_percent"]["20"], 3356);
  EXPECT_EQ(j["saving_at_least_percent"]["30"], 2537);
  EXPECT_EQ(j["saving_at_least_percent"]["40"], 1632);
}

TEST(Cli, BanyanLatinExample1) {
  CliResult r = run_cli("banyan latin --ports 8 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"ports", "rows"}));
  EXPECT_EQ(j["rows"][2], json::parse("[4,6,0,2,5,7,1,3]"));
  EXPECT_EQ(j["rows"][7], json::parse("[7,5,3,1,6,4,2,0]"));
}

TEST(Cli, BanyanFaultJson) {
  CliResult r = run_cli("banyan fault --ports 16 --fault 1,1 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"ports", "fault", "blocked", "cycles", "bound",
                                                 "delivered", "lost", "duplicates"}));
  EXPECT_EQ(j["fault"], json::parse("[1,1]"));
  EXPECT_EQ(j["blocked"].size(), 32u);
  EXPECT_EQ(j["delivered"], 256);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["duplicates"], 0);
  EXPECT_LE(j["cycles"].get<int>(), j["bound"].get<int>());
  EXPECT_EQ(j["bound"], 48);
}

TEST(Cli, DrawWritesSvg) {
  auto dir =
      std::filesystem::temp_directory_path() / ("minforge_svg_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto g = (dir / "g.svg").string(), b = (dir / "b.svg").string();
  CliResult r = run_cli("gsen draw --ports 10 --alt 9 --svg " + g);
  ASSERT_EQ(r.rc, 0) << r.err;
  std::string svg = slurp(g);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(svg.find("<polyline") != std::string::npos, true);
  r = run_cli("banyan draw --ports 16 --config 2 --fault 2,1 --svg " + b);
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(slurp(b).find("</svg>"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Cli, BadInputExitsTwo) {
  // Odd, too small, too large, non-numeric, overflowing N.
  expect_cli_error("gsen route --ports 9 --stage 0");
  expect_cli_error("gsen route --ports 2 --stage 0");
  expect_cli_error("gsen route --ports 99999999999999999999 --stage 0");
  expect_cli_error("gsen route --ports ten --stage 0");
  expect_cli_error("gsen schedule --ports 4194304 --control stage");
  // Configuration out of range, both or neither of --stage/--alt, bad period.
  expect_cli_error("gsen route --ports 10 --stage 16");
  expect_cli_error("gsen route --ports 10 --stage 1 --alt 1");
  expect_cli_error("gsen route --ports 10");
  expect_cli_error("gsen route --ports 10 --alt 1 --period 3");
  expect_cli_error("gsen route --ports 10 --stage 1 --period 2");
  // Unknown control; alternating schedule needs N = 2 mod 4.
  expect_cli_error("gsen schedule --ports 10 --control diagonal");
  expect_cli_error("gsen schedule --ports 12 --control alt");
  expect_cli_error("gsen cover --ports 10 --control individual --configs 0");
  // Malformed and out-of-range config lists.
  expect_cli_error("gsen cover --ports 10 --control alt --configs 0-");
  expect_cli_error("gsen cover --ports 10 --control alt --configs 3-1");
  expect_cli_error("gsen cover --ports 10 --control alt --configs 0,16");
  expect_cli_error("gsen cover --ports 10 --control alt --configs 1,,2");
  expect_cli_error("gsen cover --ports 10 --control alt --configs x");
  expect_cli_error("gsen cover --ports 10 --control alt --configs 1,1");
  expect_cli_error("gsen cover --ports 10 --control alt");
  expect_cli_error("gsen cost --max 3");
  // Banyan: N not a power of two, fault not on an internal stage or out of range.
  expect_cli_error("banyan latin --ports 12");
  expect_cli_error("banyan latin --ports 2");
  expect_cli_error("banyan fault --ports 16 --fault 0,1");
  expect_cli_error("banyan fault --ports 16 --fault 3,1");
  expect_cli_error("banyan fault --ports 16 --fault 1,8");
  expect_cli_error("banyan fault --ports 16 --fault 1");
  expect_cli_error("banyan fault --ports 16 --fault a,b");
  expect_cli_error("banyan fault --ports 4 --fault 1,0");
  expect_cli_error("banyan draw --ports 16 --config 16 --svg /tmp/x.svg");
  // Unknown options, commands, stray arguments, duplicates.
  expect_cli_error("gsen route --ports 10 --stage 1 --colour red");
  expect_cli_error("gsen route --ports 10 --stage 1 --ports 12");
  expect_cli_error("gsen frobnicate --ports 10");
  expect_cli_error("gsen route 10");
  expect_cli_error("gsen draw --ports 10 --stage 1 --svg /nonexistent-dir/x.svg");
}

TEST(Cli, HelpExitsZero) {
  CliResult r = run_cli("gsen route --help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("usage: minforge gsen route"), std::string::npos);
  r = run_cli("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("gsen schedule"), std::string::npos);
}

}  // namespace
