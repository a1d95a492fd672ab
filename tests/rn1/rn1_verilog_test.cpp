// The RN1 network tops rtl/rn1/gen/rn1_net_*.v are the output of `minforge rn1 verilog`
// (the model's wiring, minforge::rn1::net_spec, written as Verilog): each test regenerates
// one top with the CLI and compares it byte for byte with the checked-in file, so a change
// on either side (the model's wiring or writer, or a hand edit of the Verilog) fails here.
// Fix: `make rn1-verilog` (after a deliberate wiring change) or revert the hand edit.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Result {
  int rc;
  std::string out, err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::filesystem::path scratch_dir() {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("minforge_rn1v_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  return dir;
}

Result run(const std::string& args, const std::filesystem::path& dir) {
  const std::string cmd = std::string(MINFORGE_CLI) + " " + args + " >" + (dir / "out").string() +
                          " 2>" + (dir / "err").string() + " </dev/null";
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
}

// First line where a and b differ (1-based), with both versions of it.
std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ga = static_cast<bool>(std::getline(sa, la));
    const bool gb = static_cast<bool>(std::getline(sb, lb));
    if (!ga && !gb) return "same lines, different line endings or final newline";
    if (!ga || !gb || la != lb) {
      return "line " + std::to_string(line) + ":\n  generated: " + (ga ? la : "<end of file>") +
             "\n  checked in: " + (gb ? lb : "<end of file>");
    }
  }
}

void expect_checked_in_top_is_generated(const std::string& topology, const std::string& top) {
  const std::filesystem::path checked_in =
      std::filesystem::path(MINFORGE_SOURCE_DIR) / "rtl" / "rn1" / "gen" / (top + ".v");
  ASSERT_TRUE(std::filesystem::exists(checked_in)) << checked_in;
  const std::string want = slurp(checked_in);
  ASSERT_FALSE(want.empty()) << checked_in;
  const auto dir = scratch_dir();
  // --out FILE
  const Result w =
      run("rn1 verilog --topology " + topology + " --out " + (dir / "top.v").string(), dir);
  ASSERT_EQ(w.rc, 0) << w.err;
  EXPECT_TRUE(w.err.empty()) << w.err;
  EXPECT_NE(w.out.find("wrote "), std::string::npos) << w.out;
  const std::string got = slurp(dir / "top.v");
  EXPECT_TRUE(got == want) << checked_in.string()
                           << " differs from `minforge rn1 verilog --topology " << topology
                           << "` (run make rn1-verilog after a deliberate wiring change); first "
                           << first_difference(got, want);
  // stdout: the same text.
  const Result s = run("rn1 verilog --topology " + topology, dir);
  ASSERT_EQ(s.rc, 0) << s.err;
  EXPECT_TRUE(s.out == want) << "stdout differs from " << checked_in.string() << "; first "
                             << first_difference(s.out, want);
  std::filesystem::remove_all(dir);
}

TEST(Rn1Verilog, Fig20_7TopIsTheModelsWiring) {
  expect_checked_in_top_is_generated("fig20.7", "rn1_net_fig20_7");
}

TEST(Rn1Verilog, Fig20_9TopIsTheModelsWiring) {
  expect_checked_in_top_is_generated("fig20.9", "rn1_net_fig20_9");
}

TEST(Rn1Verilog, Rn1_64TopIsTheModelsWiring) {
  expect_checked_in_top_is_generated("rn1-64", "rn1_net_rn1_64");
}

TEST(Rn1Verilog, Fig20_3TopIsTheModelsWiring) {
  expect_checked_in_top_is_generated("fig20.3", "rn1_net_fig20_3");
}

TEST(Rn1Verilog, Fig20_4TopIsTheModelsWiring) {
  expect_checked_in_top_is_generated("fig20.4", "rn1_net_fig20_4");
}

TEST(Rn1Verilog, BadInputExitsTwoWithNothingOnStdout) {
  const auto dir = scratch_dir();
  const std::string unwritable = (dir / "no" / "such" / "dir.v").string();
  for (const std::string& args : std::vector<std::string>{
           "rn1 verilog", "rn1 verilog --topology fig20.8", "rn1 verilog --topology",
           "rn1 verilog --topology fig20.9 --out",
           "rn1 verilog --topology fig20.9 --out=", "rn1 verilog --topology fig20.9 --bogus 1",
           "rn1 verilog --topology fig20.9 --out " + unwritable}) {
    SCOPED_TRACE(args);
    const Result r = run(args, dir);
    EXPECT_EQ(r.rc, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "expected exactly one line: " << r.err;
    EXPECT_EQ(r.err.rfind("minforge: error: ", 0), 0u) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "no"));
  std::filesystem::remove_all(dir);
}

TEST(Rn1Verilog, Help) {
  const auto dir = scratch_dir();
  const Result r = run("rn1 verilog --help", dir);
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.out.rfind("usage: minforge rn1 verilog --topology fig20.7|fig20.9|rn1-64", 0), 0u)
      << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
