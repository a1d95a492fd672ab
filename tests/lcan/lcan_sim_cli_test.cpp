// `minforge sim lcan`: bad input exits 2 with one line on stderr, nothing on stdout and
// nothing built; an on-demand Verilator build of rtl/lcan/lcan_engine.v (shared cache inside
// the build tree) routes permutations of each class in lockstep with the twin, beside the
// model's simulator and Equations 2-3.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace {

namespace fs = std::filesystem;
using namespace minforge::test;

CliResult run(const std::string& args, const fs::path& cache = sim_cache_dir()) {
  return run_cli(args, "MINFORGE_CACHE='" + cache.string() + "'");
}

nlohmann::json sim_json(const std::string& args) {
  const CliResult r = run("sim lcan " + args + " --json");
  EXPECT_EQ(r.rc, 0) << args << ": " << r.out << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(json_keys(j),
            (std::set<std::string>{"network", "class", "trials", "seed", "mean_cycles", "variance",
                                   "min_cycles", "max_cycles", "model_mean_cycles",
                                   "model_variance", "predicted_cycles", "routed", "delivered",
                                   "errors", "clock_cycles", "mismatches"}));
  return j;
}

}  // namespace

TEST(LcanSimCli, BadInputExits2BeforeBuildingAnything) {
  const fs::path dir = fs::temp_directory_path() / ("lcan_sim_bad_" + std::to_string(::getpid()));
  const fs::path empty_cache = dir / "cache";
  for (const std::string& a : std::vector<std::string>{
           "sim lcan --class random --trials 2",                        // no network
           "sim lcan --network cb:16,2,2 --trials 2",                   // no class
           "sim lcan --network cb:16,2,2 --class random",               // no trials
           "sim lcan --network t:16,4,2 --class random --trials 2",     // not CB
           "sim lcan --network cb:16,2 --class random --trials 2",      // two numbers
           "sim lcan --network cb:16,2,2,3 --class random --trials 2",  // levels
           "sim lcan --network cb:27,3,2 --class random --trials 2",    // d = 3
           "sim lcan --network cb:16,4,1 --class random --trials 2",    // u = 1
           "sim lcan --network cb:32,4,2 --class random --trials 2",    // N not a power of d
           "sim lcan --network cb:1024,2,2 --class random --trials 2",  // N above 256
           "sim lcan --network cb:16,2,2 --class diagonal --trials 2",  // unknown class
           "sim lcan --network cb:16,2,2 --class random --trials 0",    // trials
           "sim lcan --network cb:16,2,2 --class random --trials 2 --seed -1",
           "sim lcan --network cb:16,2,2 --class random --trials 2 --wave",  // no file
           "sim lcan --network cb:16,2,2 --class random --trials 2 --bogus 1",
       }) {
    expect_cli_error(a, "", "MINFORGE_CACHE='" + empty_cache.string() + "'");
  }
  EXPECT_FALSE(fs::exists(empty_cache)) << "bad input started a build";
  fs::remove_all(dir);
}

// CB-LCAN(16, 2, 2): every class routed to completion in lockstep (1000 permutations each,
// about 0.3 s per class once the model is built), the model's simulator and (root)
// Equations 2-3 beside; a second call reuses the cached model; the text form.  CB-LCAN(16, 2, 2)
// rather than (16, 4, 2): with the switches' generator before issue 25 its BPC mean was off
// the model's by 0.2 cycle (more than twice the 3-SE bound below), where (16, 4, 2)'s bias
// stayed within it.
TEST(LcanSimCli, Cb16_2_2EveryClassOnDemandBuildAndCacheReuse) {
  const minforge::lcan::Network nw = minforge::lcan::Network::cb(16, 2, 2);
  constexpr int kTrials = 1000;
  for (const char* cls : {"root", "bpc", "random"}) {
    const nlohmann::json j = sim_json("--network cb:16,2,2 --trials " + std::to_string(kTrials) +
                                      " --seed 3 --class " + cls);
    EXPECT_EQ(j["network"], "CB-LCAN(16,2,2)");
    EXPECT_EQ(j["class"], cls);
    EXPECT_EQ(j["trials"], kTrials);
    EXPECT_EQ(j["routed"], kTrials);
    EXPECT_EQ(j["delivered"], kTrials * 16);
    EXPECT_EQ(j["errors"], 0);
    EXPECT_EQ(j["mismatches"], 0);
    EXPECT_GE(j["min_cycles"].get<int>(), 1);
    EXPECT_LE(j["max_cycles"].get<int>(), 16);
    // Four levels, two uppers per switch: more than one cycle on average, and the model's
    // simulator within 3 standard errors of the hardware (the SE of the difference of the two
    // means, from their sample variances over kTrials permutations each; the twin test
    // LcanTwin.MeanCyclesPerClassWithinThreeStandardErrorsOfTheModel does the same on four more
    // networks).
    EXPECT_GT(j["mean_cycles"].get<double>(), 1.0);
    const double se =
        std::sqrt((j["variance"].get<double>() + j["model_variance"].get<double>()) / kTrials);
    EXPECT_GT(se, 0.0) << cls;
    EXPECT_LE(std::fabs(j["mean_cycles"].get<double>() - j["model_mean_cycles"].get<double>()),
              3 * se)
        << cls << ": hardware " << j["mean_cycles"] << ", model " << j["model_mean_cycles"];
    if (std::string(cls) == "root")
      EXPECT_DOUBLE_EQ(j["predicted_cycles"].get<double>(),
                       minforge::lcan::predict_root(nw).cycles);
    else
      EXPECT_TRUE(j["predicted_cycles"].is_null());
  }
  // The calls above built the model once (or found it); the next one reuses it.
  auto builds = [] {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(sim_cache_dir()))
      if (e.path().filename().string().rfind("lcan_n16_d2_u2", 0) == 0) ++n;
    return n;
  };
  const size_t before = builds();
  EXPECT_GE(before, 1u);
  const CliResult t = run("sim lcan --network cb:16,2,2 --class random --trials 5");
  EXPECT_EQ(t.rc, 0) << t.err;
  EXPECT_NE(t.out.find("5 of 5 routed"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("0 mismatches"), std::string::npos) << t.out;
  EXPECT_EQ(builds(), before);
}
