// minforge harness core: Mismatch, the one record of an RTL-vs-twin disagreement, and
// Checker, which every lockstep run compares through.
//
// Report format (one line, printed by every harness and by `minforge sim`):
//   MISMATCH cycle <c> [<where>] <signal> expected 0x<e> actual 0x<a> (<context>)
//   MISMATCH cycle <c> <note> (<context>)
// <where> names the place ("port 5", "router 3", "endpoint 2"), <signal> the RTL port or
// probe ("out_data", "fwd_out[2] (link 7)"), <context> the run (model, variant, mode, seed)
// so that the line alone reproduces it.  Cycle numbers count from the first cycle after
// reset unless the run says otherwise (engine runs: cycle 0 of the exchange).
#pragma once

#include <cstdint>
#include <string>

namespace minforge::tb {

struct Mismatch {
  bool found = false;
  uint64_t cycle = 0;
  std::string where;   // "" when the signal belongs to the whole model
  std::string signal;  // "" for a note
  uint64_t expected = 0, actual = 0;
  std::string note;  // a failure that is not one value (e.g. "pair 3->5 arrived twice")
  std::string context;
  std::string text() const;
};

class Checker {
 public:
  explicit Checker(std::string context = "") : context_(std::move(context)) {}

  uint64_t cycle = 0;  // the harness sets it every cycle
  // Self-test of a harness: the first comparison in this cycle gets a wrong expectation.
  int64_t inject = -1;

  // True when equal; otherwise counts and records the first mismatch.
  bool eq(const std::string& where, const char* signal, uint64_t expected, uint64_t actual) {
    if (static_cast<int64_t>(cycle) == inject) {
      expected ^= 1;
      inject = -1;
    }
    if (expected == actual) return true;
    record(where, signal, expected, actual, "");
    return false;
  }
  // Same, `port` >= 0 reads as "port <port>", < 0 as the whole model.
  bool eq(int port, const char* signal, uint64_t expected, uint64_t actual) {
    if (expected == actual && static_cast<int64_t>(cycle) != inject) return true;
    return eq(port < 0 ? std::string() : "port " + std::to_string(port), signal, expected, actual);
  }
  // A failure that is not one value.
  bool fail(const std::string& note) {
    record("", "", 0, 0, note);
    return false;
  }

  bool ok() const { return count_ == 0; }
  uint64_t count() const { return count_; }
  const Mismatch& first() const { return first_; }
  const std::string& context() const { return context_; }

 private:
  void record(const std::string& where, const char* signal, uint64_t e, uint64_t a,
              const std::string& note);
  std::string context_;
  Mismatch first_;
  uint64_t count_ = 0;
};

}  // namespace minforge::tb
