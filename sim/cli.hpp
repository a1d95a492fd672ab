// minforge CLI framework: argument parsing, command registry, error convention.
//
// Every subcommand is a function `int run(Args&, std::ostream& out)`.  It writes its result
// to `out` (buffered: printed only when the command succeeds) and throws
// minforge::InvalidArgument or cli::UsageError for bad input, which main() reports as one
// line "minforge: error: ..." on stderr with exit code 2 and nothing on stdout.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <thread>
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
// Parses a decimal number (the whole string: no blank, sign '+', hex, second point or
// trailing character) within [lo, hi], or (lo, hi] with lo_open.
double parse_double(std::string_view text, std::string_view what, double lo, double hi,
                    bool lo_open = false);

// User input as it may appear in a message: control bytes and DEL as \n, \r, \t, \xNN, so
// that an error message stays one line and cannot drive the terminal.  main() passes every
// message through it.
std::string escape(std::string_view text);

// The whole of a regular file of at most max_bytes; a directory, device, FIFO, missing file or
// a larger file is an InvalidArgument naming `what` (the cap is checked before reading, and no
// more than max_bytes + 1 bytes are ever read).  `why` says where the cap comes from.
std::string read_input_file(const std::string& path, std::string_view what, uint64_t max_bytes,
                            std::string_view why);
// Certificates (gsen rcheck --cert, banyan ftcheck --cert) are read up to this size.
inline constexpr uint64_t kMaxCertificateBytes = uint64_t{64} << 20;
// The same checks without reading (for a file a model function reads by its path).
void check_input_file(const std::string& path, std::string_view what, uint64_t max_bytes,
                      std::string_view why);
// A permutation file of `entries` decimal destinations (0 .. entries-1): read_input_file with
// the cap entries x (digits + 2) + 1 MiB for comments and blank lines.
std::string read_perm_text(const std::string& path, uint64_t entries);
// Writes `text` to path; the folder must exist (none is created), a FIFO needs a reader
// (refused, not waited for).  Errors (/dev/full, /proc/...) are InvalidArgument.
void write_output_file(const std::string& path, std::string_view text, std::string_view what);
// `dir` must be an existing folder a file can be created in (checked with a probe file, so it
// holds for root too), before any long work.  Folders are not created.
void check_output_dir(const std::string& dir, std::string_view what);
// `path` must be writable as a new or existing file: its folder exists, it is not a folder,
// it opens for writing (tried without truncating; a new file is removed again), a FIFO has a
// reader.
void check_output_file(const std::string& path, std::string_view what);

// --max-mem SIZE (bytes, or with K, M, G suffix: powers of 1024); default kDefaultMaxMem.
inline constexpr uint64_t kDefaultMaxMem = uint64_t{2} << 30;
uint64_t get_max_mem(Args& a);
// Refuses work whose estimated peak memory exceeds the limit: the message gives the estimate
// and the flag that lifts it.
void check_memory(uint64_t estimate, uint64_t limit, std::string_view what);
std::string format_bytes(uint64_t bytes);

// Progress of a long run on stderr, only when stderr is a terminal (isatty); quiet otherwise.
// One line redrawn in place: "label: done/total (pct %, rate/s, time left)", at most 5 times
// a second; the line is cleared when the object goes away.
class Progress {
 public:
  Progress(std::string label, uint64_t total, std::string unit = "");
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  void update(uint64_t done, std::string_view note = "");
  bool active() const { return active_; }

 private:
  void draw(uint64_t done, std::string_view note);
  std::string label_, unit_;
  uint64_t total_;
  bool active_;
  double start_ = 0, last_ = -1;
};

// A sign of life for work whose total is not known in advance (the SAT searches): on a
// terminal, "label: running, T elapsed (note)" redrawn every second by a background thread;
// quiet otherwise.  The line is cleared when the object goes away.
class Heartbeat {
 public:
  explicit Heartbeat(std::string label, std::string note = "");
  ~Heartbeat();
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

 private:
  std::string label_, note_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

struct Command {
  std::string group;    // "gsen", "banyan", "sim", "rn1"
  std::string name;     // "route", "schedule", ...
  std::string summary;  // one line for the command list
  std::string usage;    // full --help text
  std::function<int(Args&, std::ostream&)> run;
};

// An old spelling of an RTL run kept for one release (issue 26: every RTL run is
// `minforge sim <family>`): one note on stderr, then the same run as the new verb (same
// stdout).  `old_spelling` as the user typed it, e.g. "hypercube sim".
void alias_note(std::string_view old_spelling, std::string_view family);

// Registry; command files add themselves with a static Registrar.
std::vector<Command>& registry();
struct Registrar {
  explicit Registrar(Command c) { registry().push_back(std::move(c)); }
};

// Writes a JSON value for std::vector<int> etc. is done with nlohmann::json in commands.

}  // namespace minforge::cli
