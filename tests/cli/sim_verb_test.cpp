// `minforge sim <family>`: the one verb of every RTL run (issue 26).  Each family runs a small
// case through the new verb (the parameters of the family's own CLI test, so the on-demand
// model is the one that test builds: same cache key in the shared cache); each old spelling
// (`sim banyan --fault I,L,dead`, `rn1 net --rtl`, `hypercube sim`) prints the same stdout
// and one note on stderr; a missing or unknown family is one line on stderr listing the
// families, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/cli_run.hpp"

namespace {

using namespace minforge::test;

const std::string kFamilies = "axis, banyan, banyan-ft, board, gsen, hypercube, lcan, rn1";

CliResult run(const std::string& args) {
  return run_cli(args, "MINFORGE_CACHE='" + sim_cache_dir().string() + "'");
}

// A run through the new verb: exit 0, no alias note.
CliResult run_ok(const std::string& args) {
  const CliResult r = run(args);
  EXPECT_EQ(r.rc, 0) << args << ": " << r.out << r.err;
  EXPECT_EQ(r.err.find("minforge: note:"), std::string::npos) << args << ": " << r.err;
  return r;
}

// The old spelling gives the new verb's stdout and one note naming the new verb.
void expect_alias(const std::string& old_args, const CliResult& verb, const std::string& family) {
  SCOPED_TRACE(old_args);
  const CliResult r = run(old_args);
  EXPECT_EQ(r.rc, verb.rc);
  EXPECT_EQ(r.out, verb.out);
  const std::string note = "is an alias of `minforge sim " + family;
  const size_t at = r.err.find(note);
  EXPECT_NE(at, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(note, at + 1), std::string::npos) << "one note only: " << r.err;
  EXPECT_NE(r.err.find("kept for one release"), std::string::npos) << r.err;
}

TEST(SimVerb, MissingOrUnknownFamilyListsTheFamilies) {
  const std::string env = "MINFORGE_CACHE='" + sim_cache_dir().string() + "'";
  for (const char* a :
       {"sim", "sim --ports 4", "sim fabric --ports 4", "sim GSEN", "sim banyan_ft"})
    expect_cli_error(a, "family one of " + kFamilies, env);
  const CliResult h = run("sim --help");
  EXPECT_EQ(h.rc, 0);
  EXPECT_NE(h.out.find("families: " + kFamilies), std::string::npos) << h.out;
}

// A board top from power-up: the iCEBreaker's AXI4-Stream demo (N = 4, the cheapest top to
// build on demand, about 15 s of CPU), built as board_top_icebreaker_axis_top builds it (its
// manifest gives the harness the table's row), two UART lines checked against the twins.
TEST(SimVerb, BoardIcebreakerAxis) {
  const CliResult r = run_ok("sim board --board icebreaker --design axis --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["top"], "icebreaker_top");
  EXPECT_EQ(j["tag"], "AXIS BANYAN N=004 B=008 W=016");
  ASSERT_EQ(j["lines"].size(), 2u) << r.out;
  EXPECT_EQ(j["lines"][0]["text"].get<std::string>().rfind("AXIS BANYAN N=004 B=008 W=016 R=", 0),
            0u)
      << r.out;
  EXPECT_EQ(j["failures"].size(), 0u) << r.out;
  EXPECT_EQ(j["pass"], true);
  // The text form (the same model, from the cache): what board_top_tb prints.
  const CliResult t = run_ok("sim board --board icebreaker --design axis");
  EXPECT_NE(t.out.find("uart @"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("model predicts C=39 cycles per exchange"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("board top test passed"), std::string::npos) << t.out;
}

// A request the board table does not hold is refused before anything is built.
TEST(SimVerb, BoardBadInputBeforeAnyBuild) {
  const auto empty_cache = scratch_dir() / "cache";
  const std::string env = "MINFORGE_CACHE='" + empty_cache.string() + "'";
  expect_cli_error("sim board", "--board", env);
  expect_cli_error("sim board --board nosuch", "one of icebreaker, hx8k, ulx3s", env);
  expect_cli_error("sim board --board icebreaker --design lcan", "one of gsen, banyan, axis", env);
  expect_cli_error("sim board --board hx8k --design lcan --xpose 0", "built one way only", env);
  expect_cli_error("sim board --board hx8k --design banyan_ft --xpose 0", "one way only", env);
  expect_cli_error("sim board --board hx8k --design gsen --xpose 2", "--xpose", env);
  expect_cli_error("sim board --board hx8k --ports 4", "--ports", env);
  expect_cli_error("sim board --board ulx3s --design gsen --dead-links 1", "only the rn1", env);
  expect_cli_error("sim board --board ulx3s --design rn1 --dead-links 96", "must be < 96", env);
  expect_cli_error("sim board --board ulx3s --design rn1 --dead-links 5,5", "twice", env);
  EXPECT_FALSE(std::filesystem::exists(empty_cache)) << "bad input started a build";
  std::filesystem::remove_all(empty_cache.parent_path());
}

// Bad input through an old spelling or a new verb: one line (the note comes after the
// arguments are read), nothing built.
TEST(SimVerb, BadInputIsOneLineThroughOldAndNewSpellings) {
  const auto empty_cache = scratch_dir() / "cache";
  const std::string env = "MINFORGE_CACHE='" + empty_cache.string() + "'";
  for (const char* a : {
           "hypercube sim --dim 0 --class identity", "sim hypercube --dim 3",
           "rn1 net --topology fig20.7 --traffic uniform --cycles 0 --rtl",
           "sim rn1 --topology fig20.7 --traffic uniform --rtl",   // --rtl is the old spelling's
           "sim rn1 --topology fig20.7-d2last --traffic uniform",  // model-only network
           "sim banyan --ports 16 --fault 1,8,dead",
           "sim banyan-ft --ports 16",                            // no fault
           "sim banyan-ft --ports 16 --fault 1,1,straight",       // stuck: the Latin engine's
           "sim banyan-ft --ports 16 --fault 3,1",                // stage m-1 = 3 not internal
           "sim banyan-ft --ports 16 --fault 1,1 --control tag",  // no --control
           "sim banyan-ft --ports 256 --fault 1,0 --width 48",    // FT word > 64 bits
       })
    expect_cli_error(a, "", env);
  EXPECT_FALSE(std::filesystem::exists(empty_cache)) << "bad input started a build";
  std::filesystem::remove_all(empty_cache.parent_path());
}

// Valid input whose on-demand build fails (here: VERILATOR_ROOT pointing nowhere, so the
// model's CMake project cannot find Verilator; about 6 s) is neither bad input nor a bug of
// minforge: exit 4, nothing on stdout, the progress line and one error line naming the
// build log, which is kept.
TEST(SimVerb, FailedBuildIsAnEnvironmentError) {
  const auto cache = scratch_dir() / "cache";
  const CliResult r =
      run_cli("sim gsen --ports 8 --control stage",
              "MINFORGE_CACHE='" + cache.string() + "' VERILATOR_ROOT=/nonexistent");
  EXPECT_EQ(r.rc, 4) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  const std::string err_line = "minforge: error: the Verilator build of gsen_N8 failed; see ";
  const size_t at = r.err.find(err_line);
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n', at), r.err.size() - 1) << "the error is the last line: " << r.err;
  const std::string log =
      r.err.substr(at + err_line.size(), r.err.size() - 1 - at - err_line.size());
  EXPECT_TRUE(std::filesystem::exists(log)) << log;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  std::filesystem::remove_all(cache.parent_path());
}

TEST(SimVerb, Gsen) {
  const CliResult r = run_ok("sim gsen --ports 10 --control alt --seed 3 --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ports"], 10);
  EXPECT_EQ(j["control"], "alt");
  EXPECT_EQ(j["delivered"], 100);
  EXPECT_EQ(j["mismatches"], 0);
}

// The Latin-square exchange of N = 4 (N rounds under stage control).
TEST(SimVerb, Banyan) {
  const CliResult r = run_ok("sim banyan --ports 4 --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ports"], 4);
  EXPECT_EQ(j["control"], "stage");
  EXPECT_EQ(j["rounds"], 4);
  EXPECT_EQ(j["delivered"], 16);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["mismatches"], 0);
}

// The fault-tolerant engine, explicit; `sim banyan --fault I,L,dead` is its old spelling.
TEST(SimVerb, BanyanFtAndItsOldSpelling) {
  const CliResult r = run_ok("sim banyan-ft --ports 8 --fault 1,2 --seed 9 --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["control"], "fault-tolerant");
  EXPECT_EQ(j["rounds"], 24);
  EXPECT_EQ(j["delivered"], 64);
  EXPECT_EQ(j["mismatches"], 0);
  expect_alias("sim banyan --ports 8 --fault 1,2,dead --seed 9 --json", r, "banyan-ft");
  const CliResult t = run_ok("sim banyan-ft --ports 8 --fault 1,2 --seed 9");
  EXPECT_NE(t.out.find("fault-tolerant engine, E_1,2 dead"), std::string::npos) << t.out;
  expect_alias("sim banyan --ports 8 --fault 1,2,dead --seed 9", t, "banyan-ft");
}

TEST(SimVerb, Rn1AndItsOldSpelling) {
  // fig20.9: the smallest network top to build on demand (72 KB of Verilog, fig20.7 115 KB)
  const std::string args = "--topology fig20.9 --traffic uniform --load 0.2 --cycles 300 --seed 3";
  const CliResult r = run_ok("sim rn1 " + args + " --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["endpoints"], 16);
  EXPECT_GT(j["delivered"].get<int>(), 0);
  EXPECT_EQ(j["lost"], 0);
  EXPECT_EQ(j["mismatches"], 0);
  expect_alias("rn1 net " + args + " --rtl --json", r, "rn1");
  // Without --rtl `rn1 net` stays the model's run: no mismatch count, no note.
  const CliResult m = run_ok("rn1 net " + args + " --json");
  EXPECT_FALSE(nlohmann::json::parse(m.out).contains("mismatches")) << m.out;
}

TEST(SimVerb, Lcan) {
  const CliResult r = run_ok("sim lcan --network cb:16,2,2 --class random --trials 5 --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["network"], "CB-LCAN(16,2,2)");
  EXPECT_EQ(j["routed"], 5);
  EXPECT_EQ(j["mismatches"], 0);
}

TEST(SimVerb, HypercubeAndItsOldSpelling) {
  const CliResult r = run_ok("sim hypercube --dim 4 --class bit-reversal --json");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["dim"], 4);
  EXPECT_EQ(j["delivered"], 16);
  EXPECT_EQ(j["all_ok"], true);
  EXPECT_EQ(j["mismatches"], 0);
  expect_alias("hypercube sim --dim 4 --class bit-reversal --json", r, "hypercube");
}

}  // namespace
