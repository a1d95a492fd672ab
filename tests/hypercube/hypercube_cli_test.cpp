// `minforge hypercube realize|draw`: JSON keys and values, the permutation file format, the
// paths and moves it prints (checked here independently of the model's own checks), and
// every bad-input case (exit 2, one line on stderr, nothing on stdout).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"

namespace {

using namespace minforge::test;

using nlohmann::json;
namespace hc = minforge::hypercube;
namespace fs = std::filesystem;

std::string write_file(const std::string& text) {
  auto p = scratch_dir() / "perm.txt";
  std::ofstream(p) << text;
  return p.string();
}

const std::set<std::string> kKeys = {"dim",
                                     "max_edge_load",
                                     "edge_uses",
                                     "bound_edge_uses",
                                     "max_path_length",
                                     "bound_path_length",
                                     "packet_steps"};

}  // namespace

TEST(HypercubeCli, RealizeJsonComplementOf3Cube) {
  CliResult r = run_cli("hypercube realize --dim 3 --class complement --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j), kKeys);
  EXPECT_EQ(j["dim"], 3);
  EXPECT_EQ(j["max_edge_load"], 1);  // the base: a 1-realization
  EXPECT_EQ(j["edge_uses"], 24);     // every packet crosses all 3 dimensions
  EXPECT_EQ(j["bound_edge_uses"], 24);
  EXPECT_EQ(j["max_path_length"], 3);
  EXPECT_EQ(j["bound_path_length"], 3);
  EXPECT_EQ(j["packet_steps"], 3);
}

TEST(HypercubeCli, RealizePathsAndMovesAreValid) {
  for (int d : {2, 4, 7}) {
    const std::string args = "hypercube realize --dim " + std::to_string(d) +
                             " --class random --seed 12 --paths --schedule --json";
    CliResult r = run_cli(args);
    ASSERT_EQ(r.rc, 0) << r.err;
    json j = json::parse(r.out);
    std::set<std::string> k = kKeys;
    k.insert({"paths", "moves"});
    EXPECT_EQ(json_keys(j), k);
    const hc::Perm pi = hc::make_perm(d, "random", 12);
    const uint32_t n = 1u << d;
    // paths: walks along cube edges from v to pi(v), at most 2 per directed edge
    ASSERT_EQ(j["paths"].size(), n);
    std::map<std::pair<uint32_t, uint32_t>, int> load;
    uint64_t uses = 0;
    size_t longest = 0;
    for (uint32_t v = 0; v < n; ++v) {
      auto p = j["paths"][v].get<std::vector<uint32_t>>();
      ASSERT_FALSE(p.empty());
      EXPECT_EQ(p.front(), v);
      EXPECT_EQ(p.back(), pi[v]);
      for (size_t s = 0; s + 1 < p.size(); ++s) {
        EXPECT_TRUE(hc::adjacent(p[s], p[s + 1]));
        ++load[{p[s], p[s + 1]}];
      }
      uses += p.size() - 1;
      longest = std::max(longest, p.size() - 1);
    }
    int max_load = 0;
    for (auto& [e, l] : load) max_load = std::max(max_load, l);
    EXPECT_EQ(j["max_edge_load"], max_load);
    EXPECT_LE(max_load, 2);
    EXPECT_EQ(j["edge_uses"], uses);
    EXPECT_EQ(j["max_path_length"], longest);
    EXPECT_LE(uses, uint64_t(d) << d);
    // moves: run them here, step by step
    ASSERT_EQ(j["moves"].size(), j["packet_steps"].get<size_t>());
    EXPECT_EQ(j["packet_steps"], d >= 3 ? 2 * d - 3 : d);
    std::vector<uint32_t> held(n);
    for (uint32_t v = 0; v < n; ++v) held[v] = v;
    for (const auto& row : j["moves"]) {
      auto mv = row.get<std::vector<uint32_t>>();
      ASSERT_EQ(mv.size(), n);
      std::vector<uint32_t> next(n, UINT32_MAX);
      for (uint32_t v = 0; v < n; ++v) {
        ASSERT_TRUE(mv[v] == v || hc::adjacent(v, mv[v]));
        ASSERT_EQ(next[mv[v]], UINT32_MAX) << "two packets into " << mv[v];
        next[mv[v]] = held[v];
      }
      held = next;
    }
    for (uint32_t v = 0; v < n; ++v) EXPECT_EQ(held[pi[v]], v);
  }
}

TEST(HypercubeCli, PermFileWithCommentsAndText) {
  // bit reversal of the 4-cube, written across lines with comments
  const std::string file = write_file(
      "# bit reversal, d = 4\n0 8 4 12   2 10 6 14\n\t1 9 5 13 # second half\n3 11 7 15\n");
  CliResult r = run_cli("hypercube realize --dim 4 --perm " + file + " --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  CliResult c = run_cli("hypercube realize --dim 4 --class bit-reversal --json");
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(json::parse(r.out), json::parse(c.out));
  CliResult t = run_cli("hypercube realize --dim 4 --perm " + file + " --paths --schedule");
  ASSERT_EQ(t.rc, 0) << t.err;
  EXPECT_NE(t.out.find("max edge load      2"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("Lemmas 3.1-3.3     hold at levels 4..4"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("every packet delivered"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("  0: 0 8 0\n"), std::string::npos) << t.out;  // 0 is in I: out and back
  EXPECT_NE(t.out.find("  step 4:"), std::string::npos) << t.out;
}

TEST(HypercubeCli, DrawWritesSvg) {
  auto dir = scratch_dir();
  const std::string svg = (dir / "c.svg").string();
  CliResult r = run_cli("hypercube draw --dim 5 --class transpose --svg " + svg + " --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(json_keys(j),
            (std::set<std::string>{"svg", "dim", "max_edge_load", "edge_uses", "max_path_length"}));
  EXPECT_EQ(j["svg"], svg);
  const std::string text = slurp(svg);
  EXPECT_EQ(text.rfind("<?xml", 0), 0u);
  EXPECT_NE(text.find("</svg>"), std::string::npos);
  EXPECT_NE(text.find("5-cube, permutation transpose"), std::string::npos);
  EXPECT_NE(text.find(">31: "), std::string::npos);  // the path list
  CliResult t = run_cli("hypercube draw --dim 1 --class complement --svg " + svg);
  ASSERT_EQ(t.rc, 0) << t.err;
  EXPECT_NE(t.out.find("wrote"), std::string::npos);
  fs::remove_all(dir);
}

TEST(HypercubeCli, HelpAndBadInput) {
  CliResult h = run_cli("hypercube realize --help");
  EXPECT_EQ(h.rc, 0);
  EXPECT_NE(h.out.find("--perm FILE"), std::string::npos);
  EXPECT_EQ(run_cli("hypercube draw --help").rc, 0);

  const std::string perm4 = write_file("3 2 1 0");
  expect_cli_error("hypercube realize --dim 0 --class identity", "--dim");
  expect_cli_error("hypercube realize --dim 25 --class identity", "--dim");
  expect_cli_error("hypercube realize --dim x --class identity", "--dim");
  expect_cli_error("hypercube realize --class identity", "--dim");
  expect_cli_error("hypercube realize --dim 3", "--perm FILE or --class C");
  expect_cli_error("hypercube realize --dim 2 --perm " + perm4 + " --class identity", "not both");
  expect_cli_error("hypercube realize --dim 3 --class nope", "unknown permutation class");
  expect_cli_error("hypercube realize --dim 3 --class shift:8", "shift k");
  expect_cli_error("hypercube realize --dim 3 --class shift:x", "shift k");
  expect_cli_error("hypercube realize --dim 3 --class complement --seed 4", "--seed");
  expect_cli_error("hypercube realize --dim 3 --class random --seed -1", "--seed");
  expect_cli_error("hypercube realize --dim 3 --perm " + perm4, "the 3-cube needs 2^d = 8");
  expect_cli_error("hypercube realize --dim 1 --perm " + write_file("0 1 0"),
                   "more than 2^d = 2 entries");
  expect_cli_error("hypercube realize --dim 2 --perm " + write_file("0 1 2 2"), "appears twice");
  expect_cli_error("hypercube realize --dim 2 --perm " + write_file("0 1 2 4"), "out of range");
  expect_cli_error("hypercube realize --dim 2 --perm " + write_file("0 1 2 x3"),
                   "not a non-negative");
  expect_cli_error("hypercube realize --dim 2 --perm " + write_file("0 1 2 -3"),
                   "not a non-negative");
  expect_cli_error("hypercube realize --dim 2 --perm " + write_file(""), "0 entries");
  expect_cli_error("hypercube realize --dim 2 --perm /nonexistent/perm.txt", "cannot open");
  expect_cli_error("hypercube realize --dim 2 --class identity --frobnicate", "unknown option");
  expect_cli_error("hypercube draw --dim 6 --class identity --svg /tmp/x.svg", "--dim");
  expect_cli_error("hypercube draw --dim 3 --class identity", "--svg");
  expect_cli_error("hypercube draw --dim 3 --class identity --svg /nonexistent/dir/x.svg",
                   "cannot write");
}
