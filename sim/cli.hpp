// minforge CLI framework: argument parsing, command registry, error convention.
//
// Every subcommand is a function `int run(Args&, std::ostream& out)`.  It writes its result
// to `out` (buffered: printed only when the command succeeds) and throws
// minforge::InvalidArgument or cli::UsageError for bad input, which main() reports as one
// line "minforge: error: ..." on stderr with exit code 2 and nothing on stdout.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::cli {

class UsageError : public InvalidArgument {
 public:
  using InvalidArgument::InvalidArgument;
};

class Args {
 public:
  // `argv` holds only the options (after "minforge group command").
  Args(std::string command, std::vector<std::string> argv);

  const std::string& command() const { return command_; }
  bool help() const { return help_; }
  // Boolean switch such as --json.
  bool flag(std::string_view name);
  // Option with a value (--ports 10 or --ports=10).
  std::optional<std::string> get(std::string_view name);
  std::string require(std::string_view name);
  // Integer option within [lo, hi]; the message names the option and the range.
  int64_t get_int(std::string_view name, int64_t lo, int64_t hi);
  int64_t get_int_or(std::string_view name, int64_t fallback, int64_t lo, int64_t hi);
  // One of a fixed set of words.
  std::string get_choice(std::string_view name, const std::vector<std::string>& choices);
  // Throws UsageError naming the first option that no accessor consumed.
  void finish() const;

 private:
  std::string command_;
  std::map<std::string, std::string, std::less<>> values_;
  std::set<std::string, std::less<>> flags_;
  mutable std::set<std::string, std::less<>> used_;
  bool help_ = false;
};

// Parses a decimal integer (whole string), range-checked.
int64_t parse_int(std::string_view text, std::string_view what, int64_t lo, int64_t hi);

struct Command {
  std::string group;    // "gsen", "banyan", "sim", "rn1"
  std::string name;     // "route", "schedule", ...
  std::string summary;  // one line for the command list
  std::string usage;    // full --help text
  std::function<int(Args&, std::ostream&)> run;
};

// Registry; command files add themselves with a static Registrar.
std::vector<Command>& registry();
struct Registrar {
  explicit Registrar(Command c) { registry().push_back(std::move(c)); }
};

// Writes a JSON value for std::vector<int> etc. is done with nlohmann::json in commands.

}  // namespace minforge::cli
