// `minforge lcan info|route|simulate|draw|figures`: JSON keys and values, help, and every
// bad-input case (exit 2, one line on stderr, nothing on stdout).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"
#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace {

using namespace minforge::test;

using nlohmann::json;
namespace fs = std::filesystem;

json run_json(const std::string& args) {
  CliResult r = run_cli(args + " --json");
  EXPECT_EQ(r.rc, 0) << args << ": " << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  return json::parse(r.out);
}

TEST(LcanCli, InfoJson) {
  json j = run_json("lcan info --network cb:27,3,2");
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"network", "N", "d", "u", "levels", "l_max",
                                                 "switches_per_level"}));
  EXPECT_EQ(j["network"], "CB-LCAN(27,3,2)");
  EXPECT_EQ(j["N"], 27);
  EXPECT_EQ(j["d"], 3);
  EXPECT_EQ(j["u"], 2);
  EXPECT_EQ(j["levels"], 3);
  EXPECT_EQ(j["l_max"], 3);
  EXPECT_EQ(j["switches_per_level"], json::parse("[9,6,4]"));
  j = run_json("lcan info --network cb:4096,64,64");
  EXPECT_TRUE(j["l_max"].is_null());  // d = u: unbounded
  EXPECT_EQ(j["switches_per_level"], json::parse("[64,64]"));
  j = run_json("lcan info --network t:16,4,2");
  EXPECT_EQ(j["network"], "T-LCAN(16,4,2)");
  EXPECT_EQ(j["levels"], 3);
  EXPECT_EQ(j["l_max"], 3);
  EXPECT_EQ(j["switches_per_level"], json::parse("[4,2,1]"));
  j = run_json("lcan info --network cm5:256");
  EXPECT_EQ(j["d"], json::parse("[4,4,4,4]"));
  EXPECT_EQ(j["u"], json::parse("[2,2,4,4]"));
  EXPECT_EQ(j["switches_per_level"], json::parse("[64,32,16,16]"));
  EXPECT_EQ(run_json("lcan info --network baseline:16")["switches_per_level"],
            json::parse("[8,8,8,8]"));
  CliResult r = run_cli("lcan info --network trac:27");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("Theorem 1"), std::string::npos);
}

TEST(LcanCli, RouteReproducesFig4) {
  json j = run_json("lcan route --network cb:27,3,2 --src 4 --dst 18");
  EXPECT_EQ(json_keys(j),
            (std::set<std::string>{"network", "src", "dst", "src_label", "dst_label", "lca_level",
                                   "lca_switches", "lca_switch_labels", "via", "path"}));
  EXPECT_EQ(j["src_label"], "011");
  EXPECT_EQ(j["dst_label"], "200");
  EXPECT_EQ(j["lca_level"], 2);
  EXPECT_EQ(j["lca_switches"].size(), 4u);
  std::set<int> tops;
  minforge::lcan::Network net = minforge::lcan::Network::cb(27, 3, 2);
  for (int via = 0; via < 4; ++via) {
    json p = run_json("lcan route --network cb:27,3,2 --src 4 --dst 18 --via " +
                      std::to_string(via))["path"];
    ASSERT_EQ(p.size(), 5u);
    EXPECT_EQ(p[2]["level"], 2);
    EXPECT_EQ(p[2]["out"], "d2");  // digit 2 of 200
    tops.insert(p[2]["switch"].get<int>());
    EXPECT_EQ(p[4]["out"], "d0");
    EXPECT_EQ(net.down(0, p[4]["switch"], 0).sw, 18);  // every choice reaches PE 18
  }
  EXPECT_EQ(tops.size(), 4u);
}

TEST(LcanCli, SimulateJson) {
  json j = run_json("lcan simulate --network cb:64,4,4 --class root --trials 40 --seed 5");
  EXPECT_EQ(json_keys(j), (std::set<std::string>{"network", "class", "trials", "mean_cycles",
                                                 "variance", "predicted_cycles"}));
  EXPECT_EQ(j["class"], "root");
  EXPECT_EQ(j["trials"], 40);
  EXPECT_DOUBLE_EQ(j["predicted_cycles"].get<double>(),
                   minforge::lcan::predict_root(minforge::lcan::Network::cb(64, 4, 4)).cycles);
  // The simulator's statistics of the same permutations (default policies: up per cycle,
  // lower LCA level first).
  const minforge::lcan::ClassStats st = minforge::lcan::simulate_class(
      minforge::lcan::Network::cb(64, 4, 4), minforge::lcan::PermClass::Root, 40, 5);
  EXPECT_DOUBLE_EQ(j["mean_cycles"].get<double>(), st.mean);
  EXPECT_DOUBLE_EQ(j["variance"].get<double>(), st.variance);
  // Deterministic for a seed; classes without a prediction give null.
  EXPECT_EQ(run_json("lcan simulate --network cb:64,4,4 --class root --trials 40 --seed 5"), j);
  json b = run_json(
      "lcan simulate --network cb:64,2,2 --class bpc --trials 20 --seed 1 --up perm --down higher");
  EXPECT_TRUE(b["predicted_cycles"].is_null());
  EXPECT_TRUE(
      run_json(
          "lcan simulate --network t:64,4,2 --class root --trials 5 --seed 1")["predicted_cycles"]
          .is_null());
  // A permutation from a file: CB-LCAN(4, 2, 2) routes 2 3 0 1 in one cycle every time (the two
  // pairs meeting at a top switch want different downers).
  const fs::path dir = scratch_dir();
  std::ofstream(dir / "p.txt") << "# halves swapped\n2\n3\n0\n1\n";
  json f = run_json("lcan simulate --network cb:4,2,2 --perm " + (dir / "p.txt").string() +
                    " --trials 50 --seed 2 --up fixed");
  EXPECT_EQ(f["class"], "file");
  EXPECT_EQ(f["mean_cycles"], 1.0);
  EXPECT_EQ(f["variance"], 0.0);
  fs::remove_all(dir);
}

TEST(LcanCli, DrawAndFigures) {
  const fs::path dir = scratch_dir();
  json j = run_json("lcan draw --network trac:27 --class root --seed 3 --svg " +
                    (dir / "t.svg").string());
  EXPECT_EQ(json_keys(j),
            (std::set<std::string>{"network", "svg", "pairs", "routed_first_cycle", "cycles"}));
  EXPECT_EQ(j["pairs"], 27);
  EXPECT_GT(j["routed_first_cycle"].get<int>(), 0);
  EXPECT_LT(j["routed_first_cycle"].get<int>(), 27);
  std::string svg = slurp(dir / "t.svg");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("CB-LCAN(27,3,2)"), std::string::npos);
  std::ofstream(dir / "p.txt") << "1 0 3 2 5 4 7 6 9 8 11 10 13 12 15 14";
  j = run_json("lcan draw --network cb:16,2,2 --perm " + (dir / "p.txt").string() + " --svg " +
               (dir / "p.svg").string());
  EXPECT_EQ(j["routed_first_cycle"], 16);  // every pair turns in its level-0 switch
  EXPECT_EQ(j["cycles"], 1);
  j = run_json("lcan draw --network t:16,4,2 --svg " + (dir / "n.svg").string());
  EXPECT_EQ(j["pairs"], 0);
  EXPECT_TRUE(j["cycles"].is_null());
  j = run_json("lcan figures --out " + dir.string() + " --trials 2 --seed 4 --quiet");
  EXPECT_EQ(j["files"].size(), 6u);
  std::string csv = slurp(dir / "fig6.csv");
  EXPECT_EQ(csv.rfind("figure,x,network,N,d,u,levels,class,trials,seed,mean_cycles", 0), 0u);
  EXPECT_NE(csv.find("\"CB-LCAN(4096,2,2)\""), std::string::npos);
  EXPECT_EQ(slurp(dir / "fig7.svg").rfind("<?xml", 0), 0u);
  fs::remove_all(dir);
}

TEST(LcanCli, HelpForEveryCommand) {
  for (const char* c : {"info", "route", "simulate", "draw", "figures"}) {
    CliResult r = run_cli(std::string("lcan ") + c + " --help");
    EXPECT_EQ(r.rc, 0) << c;
    EXPECT_NE(r.out.find("usage: minforge lcan"), std::string::npos) << c;
    EXPECT_NE(r.out.find("JSON"), std::string::npos) << c;
  }
}

TEST(LcanCli, BadInputIsOneLineExit2) {
  const fs::path dir = scratch_dir();
  std::ofstream(dir / "dup.txt") << "0 1 2 2";
  std::ofstream(dir / "short.txt") << "1 0";
  const std::string dup = (dir / "dup.txt").string(), shrt = (dir / "short.txt").string();
  expect_cli_error("lcan info", "--network");
  expect_cli_error("lcan info --network cb:10,3,2", "not a power of d");
  expect_cli_error("lcan info --network t:16,2,4", "u < d");
  expect_cli_error("lcan info --network t:16,4,4", "u < d");
  expect_cli_error("lcan info --network t:64,4,2,6", "beyond l_max");
  expect_cli_error("lcan info --network cb:27,3,2,4", "Corollary 1");
  expect_cli_error("lcan info --network cb:27,3", "integers");
  expect_cli_error("lcan info --network xx:27", "unknown network kind");
  expect_cli_error("lcan info --network cb:1048576,2,4", "too large");
  expect_cli_error("lcan info --network cb:27,3,2 --levels 2", "unknown option");
  expect_cli_error("lcan route --network cb:27,3,2 --src 27 --dst 0", "--src");
  expect_cli_error("lcan route --network cb:27,3,2 --src 4 --dst 18 --via 4", "via");
  expect_cli_error("lcan route --network cb:81,3,2,2 --src 0 --dst 9", "not connected");
  expect_cli_error("lcan route --network cb:27,3,2 --src 4", "--dst");
  expect_cli_error("lcan simulate --network cb:64,4,4 --class worst --trials 5 --seed 1", "class");
  expect_cli_error("lcan simulate --network cb:64,4,4 --class root --seed 1", "--trials");
  expect_cli_error("lcan simulate --network cb:64,4,4 --class root --trials 0 --seed 1",
                   "--trials");
  expect_cli_error("lcan simulate --network cb:64,4,4 --class root --trials 5", "--seed");
  expect_cli_error("lcan simulate --network trac:27 --class bpc --trials 5 --seed 1", "power of 2");
  expect_cli_error("lcan simulate --network cb:4,2,2 --perm " + dup + " --trials 5 --seed 1",
                   "appears twice");
  expect_cli_error("lcan simulate --network cb:4,2,2 --perm " + shrt + " --trials 5 --seed 1",
                   "N = 4");
  expect_cli_error("lcan simulate --network cb:4,2,2 --perm /nonexistent.txt --trials 5 --seed 1",
                   "cannot read");
  expect_cli_error(
      "lcan simulate --network cb:4,2,2 --class root --perm " + dup + " --trials 5 --seed 1",
      "exactly one");
  expect_cli_error(
      "lcan simulate --network cb:4,2,2 --class root --trials 5 --seed 1 --up sideways",
      "upward policy");
  expect_cli_error("lcan simulate --network cb:4,2,2 --class root --trials 5 --seed 1 --down first",
                   "downward policy");
  expect_cli_error("lcan draw --network cb:1024,2,2 --svg " + (dir / "x.svg").string(), "at most");
  expect_cli_error("lcan draw --network cb:16,2,2 --svg /nonexistent/dir/x.svg", "cannot write");
  expect_cli_error(
      "lcan draw --network cb:16,2,2 --perm " + dup + " --svg " + (dir / "x.svg").string(),
      "appears twice");
  expect_cli_error(
      "lcan draw --network cb:16,2,2 --perm " + shrt + " --svg " + (dir / "x.svg").string(),
      "N = 16");
  expect_cli_error("lcan draw --network cb:16,2,2", "--svg");
  expect_cli_error("lcan figures --out /nonexistent/dir", "not a directory");
  expect_cli_error("lcan figures --out " + dir.string() + " --trials 0", "--trials");
  EXPECT_FALSE(fs::exists(dir / "x.svg"));
  fs::remove_all(dir);
}

}  // namespace
