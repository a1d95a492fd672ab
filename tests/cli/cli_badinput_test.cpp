// The `minforge` command line under hostile input (issue 26): outputs it cannot write, inputs
// that are directories, devices or huge files, numbers with trailing junk, control bytes in
// the input, a bare call, work too large for memory, and long runs on a terminal.  Every
// refusal follows the project's rule (tests/common/cli_run.hpp: exit 2, one line on stderr
// starting "minforge: error: ", nothing on stdout); nothing a user can type exits 3.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "common/cli_run.hpp"

namespace {

using namespace minforge::test;
namespace fs = std::filesystem;
using nlohmann::json;

// A command line argument holding the bytes printf(1) makes of `fmt` (sh's printf: \n, \033).
std::string printf_arg(const std::string& fmt) { return "\"$(printf '" + fmt + "')\""; }

TEST(CliBadInput, OutputDirectoryMissingOrUnwritable) {
  const fs::path dir = scratch_dir();
  // A missing folder is not created (before: created silently, exit 0).
  expect_cli_error(
      "rn1 claims --static --topology fig20.7 --svg '" + (dir / "a" / "b").string() + "'",
      "does not exist");
  EXPECT_FALSE(fs::exists(dir / "a"));
  // A path through a regular file (before: exit 3, "internal error: filesystem error").
  std::ofstream(dir / "plain") << "x\n";
  expect_cli_error("rn1 claims --static --topology fig20.7 --svg '" +
                   (dir / "plain" / "d").string() + "'");
  expect_cli_error(
      "rn1 claims --static --topology fig20.7 --svg '" + (dir / "plain").string() + "'",
      "not a directory");
  // A folder nobody can create files in, root included.
  expect_cli_error("rn1 claims --static --topology fig20.7 --svg /proc/self", "cannot write");
  // Single-file outputs in a missing folder or onto a directory.
  expect_cli_error("gsen draw --ports 10 --stage 1 --svg '" + (dir / "no" / "x.svg").string() +
                   "'");
  expect_cli_error("banyan draw --ports 8 --config 1 --svg '" + dir.string() + "'");
  expect_cli_error("rn1 verilog --topology fig20.7 --out '" + (dir / "no" / "x.v").string() + "'");
  expect_cli_error("lcan figures --out '" + (dir / "plain").string() + "'");
  // A waveform into a missing folder: refused before a model is built.
  expect_cli_error(
      "hypercube sim --dim 3 --class identity --wave '" + (dir / "no" / "w.vcd").string() + "'",
      "does not exist", "MINFORGE_CACHE=/nonexistent-cache");
  EXPECT_FALSE(fs::exists(dir / "no"));
  fs::remove_all(dir);
}

TEST(CliBadInput, PermFileDirectoryDeviceHuge) {
  const fs::path dir = scratch_dir();
  const std::string d = "'" + dir.string() + "'";
  const std::string svg = "'" + (dir / "x.svg").string() + "'";
  // A directory (before: exit 3 in hypercube realize|draw).
  expect_cli_error("hypercube realize --dim 3 --perm " + d, "not a regular file");
  expect_cli_error("hypercube draw --dim 3 --perm " + d + " --svg " + svg, "not a regular file");
  expect_cli_error("lcan simulate --network cb:8,2,2 --perm " + d + " --trials 1 --seed 1",
                   "not a regular file");
  expect_cli_error("lcan realize --network cb:8,2,2 --perm " + d, "not a regular file");
  // An endless device: refused before reading (before: read until std::bad_alloc at ~2 GB;
  // the 1 GB address-space limit makes that fail fast).
  const std::string lim = "ulimit -v 1000000;";
  expect_cli_error("hypercube realize --dim 3 --perm /dev/zero", "not a regular file", lim);
  expect_cli_error("hypercube draw --dim 3 --perm /dev/zero --svg " + svg, "", lim);
  expect_cli_error("hypercube sim --dim 3 --perm /dev/zero", "not a regular file", lim);
  expect_cli_error("lcan simulate --network cb:8,2,2 --perm /dev/zero --trials 1 --seed 1", "",
                   lim);
  expect_cli_error("lcan realize --network cb:8,2,2 --perm /dev/zero", "", lim);
  expect_cli_error("lcan draw --network cb:8,2,2 --perm /dev/zero --svg " + svg, "", lim);
  // A huge file (sparse: costs no disk): refused by its size, the message says the cap.
  const fs::path huge = dir / "huge.txt";
  std::ofstream(huge).put(' ');
  fs::resize_file(huge, uint64_t{1} << 30);
  const std::string h = "'" + huge.string() + "'";
  expect_cli_error("hypercube realize --dim 3 --perm " + h, "bytes", lim);
  expect_cli_error("lcan realize --network cb:8,2,2 --perm " + h, "bytes", lim);
  expect_cli_error("lcan simulate --network cb:8,2,2 --perm " + h + " --trials 1 --seed 1", "bytes",
                   lim);
  EXPECT_FALSE(fs::exists(dir / "x.svg"));
  fs::remove_all(dir);
}

TEST(CliBadInput, StrictNumbers) {
  for (const char* v : {"0.5abc", "0.1.2", "' 0.5'", "0x0.8p0", "+0.5", "nan", "inf", "1e-400x",
                        "''", "0", "1.5", "-0.5"}) {
    expect_cli_error(std::string("rn1 localise --topology fig20.9 --every-link --load ") + v,
                     "--load");
    expect_cli_error(std::string("rn1 net --topology fig20.9 --traffic uniform --load ") + v,
                     "--load");
  }
  expect_cli_error("gsen route --ports 10abc --stage 1", "--ports");
  expect_cli_error("gsen route --ports ' 10' --stage 1", "--ports");
  expect_cli_error("gsen route --ports +10 --stage 1", "--ports");
  expect_cli_error("banyan fault --ports 16 --fault 1,1x", "--fault");
  expect_cli_error("lcan info --network cb:16,2,2x", "");
  expect_cli_error("rn1 localise --topology fig20.9 --fault router:1x", "--fault");
  expect_cli_error("rn1 localise --topology fig20.9 --fault router:1:", "--fault");
  expect_cli_error("rn1 localise --topology fig20.9 --fault router:1,", "--fault");
  // Accepted: the same option with a well-formed number.
  const CliResult ok = run_cli(
      "rn1 localise --topology fig20.9 --fault router:1 --load 0.25 "
      "--trials 1 --json");
  EXPECT_EQ(ok.rc, 0) << ok.err;
}

TEST(CliBadInput, ControlBytesAreEscaped) {
  // A newline and an escape sequence in a value, an option name and a command name: the
  // message stays one line and shows them as \n and \x1b.
  for (const std::string& args :
       {"gsen route --ports " + printf_arg("1\\n2") + " --stage 0",
        "gsen route --ports " + printf_arg("\\033[2J10") + " --stage 0",
        "gsen route --ports 10 --stage 0 --" + printf_arg("x\\ny"),
        printf_arg("gsen\\033[31m") + " route", "rn1 net --topology " + printf_arg("a\\rb"),
        "hypercube realize --dim 3 --perm " + printf_arg("/no/such\\nfile")}) {
    SCOPED_TRACE(args);
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.rc, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_EQ(r.err.find('\033'), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
    EXPECT_TRUE(r.err.find("\\n") != std::string::npos ||
                r.err.find("\\x1b") != std::string::npos || r.err.find("\\r") != std::string::npos)
        << r.err;
  }
}

TEST(CliBadInput, BareCallIsUsageOnStderr) {
  expect_cli_error("", "usage: minforge <group> <command>");
  expect_cli_error("gsen", "missing command");
}

TEST(CliBadInput, JsonWhereTheReadmeSaysSo) {
  const fs::path dir = scratch_dir();
  CliResult r =
      run_cli("gsen draw --ports 10 --stage 1 --svg '" + (dir / "g.svg").string() + "' --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["svg"], (dir / "g.svg").string());
  EXPECT_EQ(j["ports"], 10);
  EXPECT_TRUE(fs::file_size(dir / "g.svg") > 0);
  r = run_cli("banyan draw --ports 8 --config 1 --fault 1,1 --svg '" + (dir / "b.svg").string() +
              "' --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  j = json::parse(r.out);
  EXPECT_EQ(j["svg"], (dir / "b.svg").string());
  EXPECT_EQ(j["config"], 1);
  r = run_cli("rn1 verilog --topology fig20.7 --out '" + (dir / "n.v").string() + "' --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  j = json::parse(r.out);
  EXPECT_EQ(j["out"], (dir / "n.v").string());
  EXPECT_EQ(j["bytes"], fs::file_size(dir / "n.v"));
  r = run_cli("rn1 verilog --topology fig20.7 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  j = json::parse(r.out);
  EXPECT_EQ(j["verilog"], slurp(dir / "n.v"));
  fs::remove_all(dir);
}

TEST(CliBadInput, MemoryEstimatedBeforeLargeWork) {
  // Refused at once with the estimate and the flag that lifts it (before: 3.4 GB and more,
  // here std::bad_alloc under the 1 GB address-space limit, exit 3).
  const std::string lim = "ulimit -v 1000000;";
  expect_cli_error("hypercube realize --dim 22 --class random --schedule --json", "--max-mem", lim);
  expect_cli_error("lcan realize --network cb:65536,2,1 --class random --json", "--max-mem", lim);
  // The limit is the user's: a tiny one refuses small work, a malformed one is an error.
  expect_cli_error("hypercube realize --dim 6 --class random --max-mem 1K", "estimate");
  expect_cli_error("lcan realize --network cb:16,2,1 --class random --json --max-mem 1K",
                   "estimate");
  for (const char* m : {"0", "2X", "1.5G", "G", "-1"})
    expect_cli_error(std::string("hypercube realize --dim 3 --class random --max-mem ") + m,
                     "--max-mem");
  // Within the limit: runs.
  const CliResult r = run_cli("hypercube realize --dim 6 --class random --max-mem 2G --json");
  EXPECT_EQ(r.rc, 0) << r.err;
}

TEST(CliBadInput, ProgressOnlyOnATerminal) {
  const fs::path dir = scratch_dir();
  // stderr not a terminal: quiet (before: lcan figures printed a line per row).
  CliResult r = run_cli("lcan figures --out '" + dir.string() + "' --trials 1");
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err, "");
  r = run_cli("lcan simulate --network cb:16,2,2 --class random --trials 200 --seed 1");
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.err, "");
  r = run_cli("rn1 claims --static --topology fig20.7");
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.err, "");
  // On a terminal (script(1) gives the command a pseudo-terminal): a progress line with the
  // rate and the time left, on stderr only.
  if (std::system("command -v script >/dev/null 2>&1") == 0) {
    const std::string cmd = "'" + std::string(MINFORGE_CLI) +
                            "' lcan simulate --network cb:16,2,2 --class random --trials 200 "
                            "--seed 1 --json >'" +
                            (dir / "out").string() + "'";
    const std::string line =
        "script -qec \"" + cmd + "\" /dev/null >'" + (dir / "tty").string() + "' 2>&1 </dev/null";
    EXPECT_EQ(std::system(line.c_str()), 0) << line;
    const std::string tty = slurp(dir / "tty");
    EXPECT_NE(tty.find("lcan simulate"), std::string::npos) << tty;
    EXPECT_NE(tty.find("/s"), std::string::npos) << tty;
    EXPECT_NE(tty.find("left"), std::string::npos) << tty;
    EXPECT_NO_THROW(json::parse(slurp(dir / "out")));
  }
  fs::remove_all(dir);
}

}  // namespace
