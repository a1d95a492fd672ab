// Running the `minforge` CLI from a test: one helper for every family's CLI tests.
//
//   run_cli("gsen route --ports 10 --stage 9 --json")  -> {rc, out, err}
//   expect_cli_error(args, "says")   the project's bad-input rule: exit code 2, nothing on
//                                    stdout, exactly one line on stderr starting
//                                    "minforge: error: " (and containing `says`)
// MINFORGE_CLI is the CLI's path (tests/CMakeLists.txt).  `env` is prepended to the command
// line (e.g. "MINFORGE_CACHE=/x"); stdin is /dev/null.
#pragma once

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

namespace minforge::test {

struct CliResult {
  int rc = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A fresh, empty directory under the system's temporary directory.
inline std::filesystem::path scratch_dir() {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("minforge_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline CliResult run_cli(const std::string& args, const std::string& env = "") {
  const auto dir = scratch_dir();
  const std::string cmd = (env.empty() ? "" : env + " ") + "'" + std::string(MINFORGE_CLI) + "' " +
                          args + " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() +
                          "' </dev/null";
  const int status = std::system(cmd.c_str());
  CliResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  return r;
}

inline void expect_cli_error(const std::string& args, const std::string& says = "",
                             const std::string& env = "") {
  SCOPED_TRACE(args);
  const CliResult r = run_cli(args, env);
  EXPECT_EQ(r.rc, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "expected exactly one line: " << r.err;
  EXPECT_EQ(r.err.rfind("minforge: error: ", 0), 0u) << r.err;
  if (!says.empty()) {
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
  }
}

// The keys of a JSON object.
inline std::set<std::string> json_keys(const nlohmann::json& j) {
  std::set<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.insert(it.key());
  return k;
}

// The cache of the on-demand Verilator models the CLI tests share (inside the build tree).
inline std::filesystem::path sim_cache_dir() {
  return std::filesystem::path(MINFORGE_CLI).parent_path().parent_path() / "sim-cache";
}

}  // namespace minforge::test
