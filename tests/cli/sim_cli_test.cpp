// `minforge sim`: bad input exits 2 before any work; on-demand Verilator builds (shared
// cache inside the build tree) run the exchange in lockstep with the model.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "minforge/algo/banyan/banyan_fault.hpp"

namespace {

namespace fs = std::filesystem;
using namespace minforge::test;

// The CLI with the shared model cache.
CliResult run(const std::string& args) {
  return run_cli(args, "MINFORGE_CACHE='" + sim_cache_dir().string() + "'");
}

TEST(SimCli, BadInputExits2WithoutOutput) {
  for (const char* a : {
           "sim gsen --ports 11 --control alt",                   // odd N
           "sim gsen --ports 258 --control stage",                // N > 256
           "sim gsen --ports 2 --control stage",                  // N < 4
           "sim gsen --ports 10 --control alt --width 11",        // W < 2*4+4
           "sim gsen --ports 10 --control tag --configs 0-3",     // configs with tag
           "sim gsen --ports 10 --control alt --configs 0,16",    // config >= 2^n
           "sim gsen --ports 10 --control diagonal",              // unknown control
           "sim gsen --ports 10 --control alt --pipeline 2",      // pipeline not 0/1
           "sim gsen --ports 10 --control alt --bogus 1",         // unknown option
           "sim banyan --ports 12",                               // not a power of two
           "sim banyan --ports 16 --fault 0,1,dead",              // stage 0 not internal
           "sim banyan --ports 16 --fault 3,1,dead",              // stage m-1
           "sim banyan --ports 16 --fault 1,8,dead",              // element >= N/2
           "sim banyan --ports 16 --fault 1,1,melted",            // unknown kind
           "sim banyan --ports 16 --fault 1,1",                   // malformed
           "sim banyan --ports 4 --fault 1,0,dead",               // N = 4: no internal stage
           "sim banyan --ports 256 --fault 1,0,dead --width 48",  // FT engine word > 64 bits
           "sim axis --engine banyan --ports 6",                  // banyan: not a power of two
           "sim axis --engine gsen --ports 7",                    // GSEN: odd
           "sim axis --engine gsen --ports 8 --sched alt",        // alt needs N = 2 mod 4
           "sim axis --engine banyan --ports 4 --sched stage",    // --sched is GSEN's
           "sim axis --engine banyan --ports 128",                // N > 64
           "sim axis --engine banyan --ports 4 --src-lat 3",      // SRC_LAT 1 or 2
           "sim axis --engine banyan --ports 64 --width 60",      // fabric word > 64 bits
           "sim axis --engine banyan --ports 4 --frames 0",       // no frame
           "sim axis --engine banyan-ft --ports 4",               // FT: N >= 8
           "sim axis --engine banyan-ft --ports 8 --tags 1",      // FT: routed by its plan
           "sim axis --engine player --ports 4",                  // unknown engine
           "sim axis --ports 4",                                  // no engine
       }) {
    expect_cli_error(a, "", "MINFORGE_CACHE='" + sim_cache_dir().string() + "'");
  }
}

nlohmann::json sim_json(const std::string& args) {
  const CliResult r = run(args + " --json");
  EXPECT_EQ(r.rc, 0) << args << ": " << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"control", "cycles", "delivered", "duplicates", "latency",
                                      "lost", "mismatches", "ports", "rounds", "width"}));
  return j;
}

// N = 10 (2 mod 4), alternating control, a register per stage: N rounds + the engine's
// latency n + 4 + 2 (scheduler register, source read, sink register, event register, and
// the two levels of the counters' population counts of 10 bits) = 20 cycles.
TEST(SimCli, Gsen10AltOnDemandBuildAndCacheReuse) {
  const nlohmann::json j = sim_json("sim gsen --ports 10 --control alt --seed 3");
  EXPECT_EQ(j["ports"], 10);
  EXPECT_EQ(j["control"], "alt");
  EXPECT_EQ(j["rounds"], 10);
  EXPECT_EQ(j["latency"], 10);
  EXPECT_EQ(j["cycles"], 20);
  EXPECT_EQ(j["delivered"], 100);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["duplicates"], 0);
  EXPECT_EQ(j["mismatches"], 0);
  size_t builds = 0;
  for (const auto& e : fs::directory_iterator(sim_cache_dir()))
    if (e.path().filename().string().rfind("gsen_N10_", 0) == 0) ++builds;
  // same parameters, another seed and a short list of configurations: same cache entry for
  // the seed; --configs selects the player (a second build)
  const nlohmann::json k = sim_json("sim gsen --ports 10 --control alt --seed 4");
  EXPECT_EQ(k["cycles"], 20);
  size_t after = 0;
  for (const auto& e : fs::directory_iterator(sim_cache_dir()))
    if (e.path().filename().string().rfind("gsen_N10_", 0) == 0) ++after;
  EXPECT_EQ(after, builds);
}

// N = 24 (not a power of two) under stage control: 2^n + n + 4 + 3 (population counts of 24
// bits) = 32 + 12 cycles.  (N above 64 runs in lockstep in tb_gsen_eng_alt, N = 98, and with
// MINFORGE_TB_LARGE in tb_gsen_large; an N = 100 model cost this test 20 s of CPU to build.)
TEST(SimCli, Gsen24Stage) {
  const nlohmann::json j = sim_json("sim gsen --ports 24 --control stage --width 24");
  EXPECT_EQ(j["rounds"], 32);
  EXPECT_EQ(j["latency"], 12);
  EXPECT_EQ(j["cycles"], 44);
  EXPECT_EQ(j["delivered"], 576);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["duplicates"], 0);
  EXPECT_EQ(j["mismatches"], 0);
}

// A dead internal fault: the fault-tolerant exchange engine (rtl/engine/banyan_ft_engine.v,
// relays in hardware) runs the model's plan for it.  N = 16, E_11, combinational fabric: the
// plan's 48 cycles + 6 (plan read, source read, sink register, event register, 2 levels of
// population count).
TEST(SimCli, Banyan16DeadFaultTolerantEngine) {
  const nlohmann::json j = sim_json("sim banyan-ft --ports 16 --fault 1,1 --pipeline 0");
  const minforge::banyan::Topology t(16);
  const auto plan = minforge::banyan::fault_tolerant_plan(t, {1, 1});
  EXPECT_EQ(j["control"], "fault-tolerant");
  EXPECT_EQ(j["rounds"], static_cast<int>(plan.cycles.size()));
  EXPECT_EQ(j["latency"], 6);
  EXPECT_EQ(j["cycles"], static_cast<int>(plan.cycles.size()) + 6);
  EXPECT_EQ(j["delivered"], 256);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["duplicates"], 0);
  EXPECT_EQ(j["mismatches"], 0);
}

// N = 8, E_1,2, a register per stage: the latency-hiding plan has 3N = 24 cycles (the
// minimum, tests/banyan/ft_n8_min.txt; the Appendix's 25 cannot hide the latency), + 3 + 6
// engine latency (fabric 3; plan read, source read, sink register, event register, 2
// levels of population count).
TEST(SimCli, Banyan8DeadPipelined) {
  const nlohmann::json j = sim_json("sim banyan-ft --ports 8 --fault 1,2 --seed 9");
  EXPECT_EQ(j["rounds"], 24);
  EXPECT_EQ(j["latency"], 9);
  EXPECT_EQ(j["cycles"], 33);
  EXPECT_EQ(j["delivered"], 64);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["mismatches"], 0);
}

// The AXI4-Stream exchange IP around the banyan engine, N = 4, B = 2: 5 frames in each of the
// six phases (30 x 4 x 8 words checked against the transpose on the master ports, and those
// of the frames the last phase's reset interrupted); the
// exchange B*N + LAT = 8 + 7 cycles (fabric 2, plan read, source read, sink register, event
// register, one population-count level), one frame every 16 cycles without pauses: 32 words
// per 16 clocks.
TEST(SimCli, AxisBanyan4) {
  const CliResult r =
      run("sim axis --engine banyan --ports 4 --blocks 2 --frames 5 --seed 4 --json");
  ASSERT_EQ(r.rc, 0) << r.out << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"blocks", "cycles", "engine", "err_tlast", "frames",
                                            "mismatches", "period", "ports", "tlast_errors",
                                            "width", "words", "words_per_clock", "xchg_cycles"}));
  EXPECT_EQ(j["engine"], "banyan");
  EXPECT_EQ(j["frames"], 30);
  EXPECT_GE(j["words"].get<int>(), 30 * 4 * 8);
  EXPECT_EQ(j["xchg_cycles"], 15);
  EXPECT_EQ(j["period"], 16);
  EXPECT_DOUBLE_EQ(j["words_per_clock"].get<double>(), 2.0);
  EXPECT_EQ(j["err_tlast"], j["tlast_errors"]);
  EXPECT_EQ(j["mismatches"], 0);
}

}  // namespace
