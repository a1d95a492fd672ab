// minforge golden model: shared definitions.
//
// Every function of the model that takes user-controlled parameters validates them and
// throws minforge::InvalidArgument with a one-line message; the CLI turns that into a
// message on stderr and exit code 2 (EnvironmentError, a tool or the machine failing on
// valid input: exit 4).  Internal invariants use assert-like checks that
// throw std::logic_error (a bug, never a user error).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace minforge {

// Bad user input (parameters out of range, malformed lists).  Message is one line.
class InvalidArgument : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The machine could not do what valid input asked for: a tool it needs failed or is missing
// (an on-demand Verilator build), a cache could not be locked or loaded.  Not the user's
// input and not a bug of minforge: the CLI prints the one-line message (which names the log
// to read) and exits 4.
class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ceil(log2(x)) for x >= 1.
int ceil_log2(uint64_t x);

// True when x is a power of two (x >= 1).
constexpr bool is_pow2(uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

// Parses a configuration list such as "0-15,20-23,28-31" or "0~3,8" (the papers write
// ranges with '~').  Every value must be < limit; ranges must be ascending; duplicates are
// rejected.  Throws InvalidArgument naming the offending item.  Order is preserved.
std::vector<uint32_t> parse_config_list(std::string_view text, uint64_t limit);

// An (i, j) pair: source processor i, destination processor j.
using Pair = std::pair<int, int>;

// Deterministic 64-bit generator (splitmix64): the same seed gives the same sequence on
// every machine, so a model run and its RTL harness can draw identical stimulus.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next();
  double uniform();                // [0, 1)
  uint64_t below(uint64_t bound);  // [0, bound); 0 when bound is 0
 private:
  uint64_t s_;
};

}  // namespace minforge
