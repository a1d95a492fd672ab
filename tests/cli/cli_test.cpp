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

namespace {

using nlohmann::json;

struct Result {
  int rc;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

Result run(const std::string& args) {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("minforge_cli_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  std::string cmd = std::string(MINFORGE_CLI) + " " + args + " >" + (dir / "out").string() + " 2>" +
                    (dir / "err").string() + " </dev/null";
  int status = std::system(cmd.c_str());
  Result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  return r;
}

std::set<std::string> keys(const json& j) {
  std::set<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.insert(it.key());
  return k;
}

void expect_bad(const std::string& args) {
  SCOPED_TRACE(args);
  Result r = run(args);
  EXPECT_EQ(r.rc, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "expected exactly one line: " << r.err;
  EXPECT_EQ(r.err.rfind("minforge: error: ", 0), 0u) << r.err;
}

TEST(Cli, GsenRouteJsonReproducesFig4) {
  Result r = run("gsen route --ports 10 --stage 9 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(keys(j),
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
    Result r = run(std::string("gsen route --ports 20 --alt 5 --period ") + p + " --json");
    ASSERT_EQ(r.rc, 0) << r.err;
    json j = json::parse(r.out);
    std::set<int> seen(j["perm"].begin(), j["perm"].end());
    EXPECT_EQ(seen.size(), 20u);
  }
}

TEST(Cli, GsenScheduleAltJsonMatchesAlgorithm2) {
  Result r = run("gsen schedule --ports 10 --control alt --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(keys(j), (std::set<std::string>{"ports", "stages", "control", "rounds", "configs",
                                            "dest", "tags"}));
  EXPECT_EQ(j["control"], "alt");
  EXPECT_EQ(j["rounds"], 10);
  EXPECT_EQ(j["configs"], json::parse("[0,1,3,2,6,7,5,4,12,13]"));
  EXPECT_EQ(j["dest"][1], json::parse("[1,0,9,8,7,6,5,4,3,2]"));
  EXPECT_EQ(j["tags"][0][3], 3);
  EXPECT_EQ(j["tags"][1][3], 12);  // 2^n - 1 - k
}

TEST(Cli, GsenScheduleStageSendsEveryPairOnce) {
  Result r = run("gsen schedule --ports 12 --control stage --json");
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
  Result r = run("gsen schedule --ports 10 --control alt");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("every (i, j) pair delivered exactly once"), std::string::npos) << r.out;
}

TEST(Cli, GsenCoverR20) {
  Result r = run("gsen cover --ports 20 --control alt2 --configs 0-15,20-23,28-31 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(keys(j), (std::set<std::string>{"covers", "pairs_covered", "missing"}));
  EXPECT_EQ(j["covers"], true);
  EXPECT_EQ(j["pairs_covered"], 400);
  EXPECT_TRUE(j["missing"].empty());
}

TEST(Cli, GsenCoverReportsMissingPairs) {
  Result r = run("gsen cover --ports 12 --control alt --configs 0~11 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["covers"], false);
  EXPECT_EQ(j["pairs_covered"].get<int>() + static_cast<int>(j["missing"].size()), 144);
  EXPECT_EQ(j["missing"][0].size(), 2u);
}

TEST(Cli, GsenCostCounts) {
  Result r = run("gsen cost --max 10002 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["n_values"], 5000);
  EXPECT_EQ(j["saving_at_least_percent"]["10"], 4175);
  EXPECT_EQ(j["saving_at_least_percent"]["20"], 3356);
  EXPECT_EQ(j["saving_at_least_percent"]["30"], 2537);
  EXPECT_EQ(j["saving_at_least_percent"]["40"], 1632);
}

TEST(Cli, BanyanLatinExample1) {
  Result r = run("banyan latin --ports 8 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(keys(j), (std::set<std::string>{"ports", "rows"}));
  EXPECT_EQ(j["rows"][2], json::parse("[4,6,0,2,5,7,1,3]"));
  EXPECT_EQ(j["rows"][7], json::parse("[7,5,3,1,6,4,2,0]"));
}

TEST(Cli, BanyanFaultJson) {
  Result r = run("banyan fault --ports 16 --fault 1,1 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(keys(j), (std::set<std::string>{"ports", "fault", "blocked", "cycles", "bound",
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
  Result r = run("gsen draw --ports 10 --alt 9 --svg " + g);
  ASSERT_EQ(r.rc, 0) << r.err;
  std::string svg = slurp(g);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(svg.find("<polyline") != std::string::npos, true);
  r = run("banyan draw --ports 16 --config 2 --fault 2,1 --svg " + b);
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(slurp(b).find("</svg>"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Cli, BadInputExitsTwo) {
  // Odd, too small, too large, non-numeric, overflowing N.
  expect_bad("gsen route --ports 9 --stage 0");
  expect_bad("gsen route --ports 2 --stage 0");
  expect_bad("gsen route --ports 99999999999999999999 --stage 0");
  expect_bad("gsen route --ports ten --stage 0");
  expect_bad("gsen schedule --ports 4194304 --control stage");
  // Configuration out of range, both or neither of --stage/--alt, bad period.
  expect_bad("gsen route --ports 10 --stage 16");
  expect_bad("gsen route --ports 10 --stage 1 --alt 1");
  expect_bad("gsen route --ports 10");
  expect_bad("gsen route --ports 10 --alt 1 --period 3");
  expect_bad("gsen route --ports 10 --stage 1 --period 2");
  // Unknown control; alternating schedule needs N = 2 mod 4.
  expect_bad("gsen schedule --ports 10 --control diagonal");
  expect_bad("gsen schedule --ports 12 --control alt");
  expect_bad("gsen cover --ports 10 --control individual --configs 0");
  // Malformed and out-of-range config lists.
  expect_bad("gsen cover --ports 10 --control alt --configs 0-");
  expect_bad("gsen cover --ports 10 --control alt --configs 3-1");
  expect_bad("gsen cover --ports 10 --control alt --configs 0,16");
  expect_bad("gsen cover --ports 10 --control alt --configs 1,,2");
  expect_bad("gsen cover --ports 10 --control alt --configs x");
  expect_bad("gsen cover --ports 10 --control alt --configs 1,1");
  expect_bad("gsen cover --ports 10 --control alt");
  expect_bad("gsen cost --max 3");
  // Banyan: N not a power of two, fault not on an internal stage or out of range.
  expect_bad("banyan latin --ports 12");
  expect_bad("banyan latin --ports 2");
  expect_bad("banyan fault --ports 16 --fault 0,1");
  expect_bad("banyan fault --ports 16 --fault 3,1");
  expect_bad("banyan fault --ports 16 --fault 1,8");
  expect_bad("banyan fault --ports 16 --fault 1");
  expect_bad("banyan fault --ports 16 --fault a,b");
  expect_bad("banyan fault --ports 4 --fault 1,0");
  expect_bad("banyan draw --ports 16 --config 16 --svg /tmp/x.svg");
  // Unknown options, commands, stray arguments, duplicates.
  expect_bad("gsen route --ports 10 --stage 1 --colour red");
  expect_bad("gsen route --ports 10 --stage 1 --ports 12");
  expect_bad("gsen frobnicate --ports 10");
  expect_bad("gsen route 10");
  expect_bad("gsen draw --ports 10 --stage 1 --svg /nonexistent-dir/x.svg");
}

TEST(Cli, HelpExitsZero) {
  Result r = run("gsen route --help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("usage: minforge gsen route"), std::string::npos);
  r = run("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("gsen schedule"), std::string::npos);
}

}  // namespace
