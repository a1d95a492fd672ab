// minforge harness core: the one option reader of the regression mains (tb_<sweep>,
// tb_banyan_ft, tb_lcan, tb_hypercube).
//
// Options every main takes (read here):
//   --seed S               run seed (default: $MINFORGE_SEED when set and not empty, else 1)
//   --wave FILE            trace the whole run into FILE      (RunOptions::wave)
//   --wave-dir DIR         where a mismatch's waveform goes   (RunOptions::wave_dir)
//   --inject-mismatch C    harness self-test                  (RunOptions::inject)
//   --quiet                only failures and the summary
// A main's own options go to its callback, in command-line order, with a reader of the next
// argument as the value.  Bad input (an unknown option, a value missing, a callback's
// OptionError) prints one line `<prog>: <why>` on stderr and makes the main exit 2 before
// doing any work.  The failure report of a run (MISMATCH line, waveform) is printed the same
// way by every main: report_failure.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/run.hpp"

namespace minforge::tb {

struct CommonOptions {
  uint64_t seed = 1;
  bool seed_given = false;  // --seed on the command line
  bool quiet = false;
  RunOptions run;
};

// A bad family option (its text is the one line printed after `<prog>: `).
struct OptionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The value of the option being read: value() takes the next argument, or throws
// OptionError("missing value for <name>").
class OptionValue {
 public:
  OptionValue(int argc, char** argv, int& at, const std::string& name)
      : argc_(argc), argv_(argv), at_(at), name_(name) {}
  const char* value();
  uint64_t u64() { return std::strtoull(value(), nullptr, 0); }
  long i64() { return std::atol(value()); }
  int i32() { return std::atoi(value()); }
  double f64() { return std::atof(value()); }

 private:
  int argc_;
  char** argv_;
  int& at_;
  const std::string& name_;
};

// What a family callback did with an option.
enum class Opt {
  Unknown,  // not one of the main's options (an error unless a common option)
  Taken,    // read (with its value, if any)
  Exit0     // done: the main exits 0 now (e.g. --list printed)
};
using FamilyOptions = std::function<Opt(const std::string& name, OptionValue& v)>;

// Reads argv into `common` and, through `family`, the main's own options (the callback sees
// each option first, so a main may take an option name over).  Returns -1 to go on, else the
// exit code (0 after Opt::Exit0, 2 after printing the error line).
int read_options(int argc, char** argv, const std::string& prog, CommonOptions& common,
                 const FamilyOptions& family);

// The error line of a main (`<prog>: <why>` on stderr, or `<why>` when prog is empty); 2.
int usage_error(const std::string& prog, const std::string& why);

// A failed run: its MISMATCH line, and the waveform kept, on stdout and stderr.
void report_failure(const RunOutcome& r);

}  // namespace minforge::tb
