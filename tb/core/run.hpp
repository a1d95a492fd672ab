// minforge harness core: run_checked, the one way every harness runs a lockstep check.
//
// The body drives a fresh instance of the model (a Sim) and compares it with the twin
// through a Checker.  If anything mismatched, the same run is repeated on another fresh
// instance with FST tracing on (every run is deterministic: same model, same seed, same
// stimulus), the body being asked to stop a few cycles after the first mismatch
// (RunControl::stop_after), and the waveform is kept at <wave_dir>/<tag>.fst.  A run given an
// explicit wave file traces from the start instead.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/check.hpp"
#include "core/dut.hpp"
#include "core/sim.hpp"

namespace minforge::tb {

struct RunOptions {
  std::string wave;      // trace the whole run into this FST file ("" = only on mismatch)
  std::string wave_dir;  // where a mismatch's waveform goes ("" = $MINFORGE_WAVE_DIR or .)
  int64_t inject = -1;   // Checker::inject (harness self-tests)
};

// What the body may ask: stop once the cycle passes stop_after (set during the replay).  A
// body that fills a result should keep the first run's, not the replay's (`replay`).
struct RunControl {
  uint64_t stop_after = UINT64_MAX;
  bool replay = false;
  bool stop(const Checker& c) const { return c.cycle > stop_after; }
};

struct RunOutcome {
  bool ok = false;
  uint64_t mismatches = 0;
  Mismatch first;
  std::string wave;     // the waveform kept ("" when none)
  uint64_t cycles = 0;  // clock cycles simulated by the (first) run
};

using RunBody = std::function<bool(Sim&, Checker&, const RunControl&)>;

RunOutcome run_checked(const Model& model, const RunOptions& opt, const std::string& tag,
                       const std::string& context, const RunBody& body);

}  // namespace minforge::tb
