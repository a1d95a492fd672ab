// `minforge sim hypercube` (its old spelling `hypercube sim`: tests/cli/sim_verb_test.cpp):
// bad input exits 2 with one line on stderr, nothing on stdout and nothing built; on-demand
// Verilator builds of rtl/hypercube/hypercube_net.v (shared cache inside the build tree) run
// the golden model's schedule in lockstep with the twin and the step simulator.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"

namespace {

namespace fs = std::filesystem;
using namespace minforge::test;

// The CLI with a model cache (default: the one the CLI tests share).
CliResult run(const std::string& args, const fs::path& cache = sim_cache_dir()) {
  return run_cli(args, "MINFORGE_CACHE='" + cache.string() + "'");
}

nlohmann::json sim_json(const std::string& args) {
  const CliResult r = run("sim hypercube " + args + " --json");
  EXPECT_EQ(r.rc, 0) << args << ": " << r.out << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"all_ok", "collisions", "cycles", "delivered", "dim",
                                            "empty", "error", "hw_steps", "mismatches", "model_ok",
                                            "model_steps", "nodes", "ok_nodes", "steps"}));
  return j;
}

}  // namespace

TEST(HypercubeSimCli, BadInputExits2BeforeBuildingAnything) {
  const fs::path dir = fs::temp_directory_path() / ("hc_sim_bad_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path dup = dir / "dup.txt", shortp = dir / "short.txt", big = dir / "big.txt",
                 word = dir / "word.txt";
  std::ofstream(dup) << "0 1 2 3 4 5 6 6\n";      // not a permutation
  std::ofstream(shortp) << "0 1 2 3 4 5 6\n";     // 7 entries for d = 3
  std::ofstream(big) << "0 1 2 3 4 5 6 8\n";      // entry out of range
  std::ofstream(word) << "0 1 2 3 four 5 6 7\n";  // not a number
  const fs::path empty_cache = dir / "cache";
  for (const std::string& a : std::vector<std::string>{
           "sim hypercube --dim 3",                            // no permutation
           "sim hypercube --class identity",                   // no --dim
           "sim hypercube --dim 0 --class identity",           // d out of range
           "sim hypercube --dim 11 --class identity",          // d above the sim's 10
           "sim hypercube --dim 25 --class identity",          // d above the model's 24
           "sim hypercube --dim 3 --class diagonal",           // unknown class
           "sim hypercube --dim 3 --class shift:8",            // shift out of range
           "sim hypercube --dim 3 --class identity --seed 4",  // seed without random
           "sim hypercube --dim 3 --class random --seed -1",   // negative seed
           "sim hypercube --dim 3 --class identity --perm " + dup.string(),  // both
           "sim hypercube --dim 3 --perm " + dup.string(),
           "sim hypercube --dim 3 --perm " + shortp.string(),
           "sim hypercube --dim 3 --perm " + big.string(),
           "sim hypercube --dim 3 --perm " + word.string(),
           "sim hypercube --dim 3 --perm " + (dir / "missing.txt").string(),
           "sim hypercube --dim 3 --class identity --wave",     // --wave without a file
           "sim hypercube --dim 3 --class identity --bogus 1",  // unknown option
       }) {
    expect_cli_error(a, "", "MINFORGE_CACHE='" + empty_cache.string() + "'");
  }
  EXPECT_FALSE(fs::exists(empty_cache)) << "bad input started a build";
  fs::remove_all(dir);
}

// d = 4, bit reversal: the model's 2d - 3 = 5-step schedule routes every packet on the RTL;
// a second call with another permutation reuses the cached model.
TEST(HypercubeSimCli, D4BitReversalOnDemandBuildAndCacheReuse) {
  const nlohmann::json j = sim_json("--dim 4 --class bit-reversal");
  EXPECT_EQ(j["dim"], 4);
  EXPECT_EQ(j["nodes"], 16);
  EXPECT_EQ(j["steps"], 5);
  EXPECT_EQ(j["hw_steps"], 5);
  EXPECT_EQ(j["cycles"], 5);
  EXPECT_EQ(j["delivered"], 16);
  EXPECT_EQ(j["ok_nodes"], 16);
  EXPECT_EQ(j["all_ok"], true);
  EXPECT_EQ(j["error"], false);
  EXPECT_EQ(j["collisions"], 0);
  EXPECT_EQ(j["empty"], 0);
  EXPECT_EQ(j["model_ok"], true);
  EXPECT_EQ(j["model_steps"], 5);
  EXPECT_EQ(j["mismatches"], 0);
  auto builds = [] {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(sim_cache_dir()))
      if (e.path().filename().string().rfind("hypercube_d4_", 0) == 0) ++n;
    return n;
  };
  const size_t before = builds();
  const nlohmann::json k = sim_json("--dim 4 --class random --seed 9");
  EXPECT_EQ(k["delivered"], 16);
  EXPECT_EQ(k["mismatches"], 0);
  EXPECT_EQ(builds(), before);
}

// A permutation file, d = 6 (64 nodes, 9 steps), with the waveform written.
TEST(HypercubeSimCli, D6PermutationFileWithWaveform) {
  const fs::path dir = fs::temp_directory_path() / ("hc_sim_file_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const minforge::hypercube::Perm pi = minforge::hypercube::make_perm(6, "random", 77);
  std::ofstream(dir / "pi.txt") << "# d = 6\n" << minforge::hypercube::format_perm(pi) << "\n";
  const fs::path wave = dir / "run.fst";
  const nlohmann::json j =
      sim_json("--dim 6 --perm " + (dir / "pi.txt").string() + " --wave " + wave.string());
  EXPECT_EQ(j["steps"], 9);
  EXPECT_EQ(j["cycles"], 9);
  EXPECT_EQ(j["delivered"], 64);
  EXPECT_EQ(j["all_ok"], true);
  EXPECT_EQ(j["model_steps"], 9);
  EXPECT_EQ(j["mismatches"], 0);
  EXPECT_TRUE(fs::exists(wave));
  EXPECT_GT(fs::file_size(wave), 0u);
  // The text form says the same.
  const CliResult t = run("sim hypercube --dim 6 --perm " + (dir / "pi.txt").string());
  EXPECT_EQ(t.rc, 0);
  EXPECT_NE(t.out.find("64 of 64 packets delivered"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("0 mismatches"), std::string::npos) << t.out;
  fs::remove_all(dir);
}
