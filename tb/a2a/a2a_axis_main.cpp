// CTest driver of the AXI4-Stream exchange IP (a2a_axis_rtl.hpp) on the models linked in
// (tb/a2a/a2a_axis_regression.cmake builds a2a_axis_xchg for a few parameter sets with
// tb/a2a/a2a_axis.cmake).
//
//   tb_a2a_axis --model NAME [--frames F] [--tlast-error P] [--seed S] [--wave FILE]
//               [--wave-dir DIR] [--inject-mismatch CYCLE] [--plant-twin-bug CYCLE]
//               [--plant-relay-skip] [--quiet]
//   tb_a2a_axis --list
//
// One run: reset, then the phases of a2a_axis_rtl.hpp (no pauses; tvalid gaps 0.3; tready
// pauses 0.5; both 0.5; gaps 0.2 and pauses 0.8; both 0.3 with a reset in its middle), F
// random frames each (default 20), tlast
// misplaced with probability P (default 0.02), every output compared with the twin every
// cycle, every master word with the transpose.  Exit 0 when everything matched; 1 on the
// first failure (MISMATCH line, waveform and the reproducing command printed); 2 on bad
// arguments.  The seed defaults to $MINFORGE_SEED or 1.  Self-tests: --inject-mismatch C
// corrupts one expected value in cycle C (tb/core), --plant-twin-bug C hands the twin slave
// port 0's words with bit 0 flipped from cycle C on (its memories diverge from the RTL's);
// --plant-relay-skip (the fault-tolerant engine's models) hands the twin a plan whose first
// relay hop is dropped (a relay that never forwards its message).
#include <cinttypes>
#include <cstdio>
#include <string>

#include "a2a/a2a_axis_rtl.hpp"
#include "core/model_table.hpp"
#include "core/options.hpp"

using namespace minforge;
using namespace minforge::tb;

int main(int argc, char** argv) {
  std::string model;
  AxisOptions ao;
  CommonOptions c;
  const int rc =
      read_options(argc, argv, "tb_a2a_axis", c, [&](const std::string& s, OptionValue& v) {
        if (s == "--list") {
          print_linked_models();
          return Opt::Exit0;
        }
        if (s == "--model") {
          model = v.value();
        } else if (s == "--frames") {
          const long f = v.i64();
          if (f < 1 || f > 100000) throw OptionError("--frames must be 1..100000");
          ao.frames = static_cast<int>(f);
        } else if (s == "--plant-twin-bug") {
          ao.plant_twin = v.i64();
          if (ao.plant_twin < 0) throw OptionError("--plant-twin-bug needs a cycle >= 0");
        } else if (s == "--plant-relay-skip") {
          ao.plant_relay = true;
        } else if (s == "--tlast-error") {
          ao.tlast_error = v.f64();
          if (!(ao.tlast_error >= 0 && ao.tlast_error <= 1))
            throw OptionError("--tlast-error must be a probability 0..1");
        } else {
          return Opt::Unknown;
        }
        return Opt::Taken;
      });
  if (rc >= 0) return rc;
  const Model* m = linked_model(model);
  if (!m) return usage_error("tb_a2a_axis", "--model: one of --list");
  try {
    ao.run = c.run;
    ao.seed = c.seed;
    const std::string plant =
        (ao.plant_twin >= 0 ? " --plant-twin-bug " + std::to_string(ao.plant_twin) : "") +
        (ao.plant_relay ? " --plant-relay-skip" : "");
    ao.context =
        "--seed " + std::to_string(c.seed) + " --frames " + std::to_string(ao.frames) + plant;
    const AxisRun r = axis_lockstep(*m, ao);
    if (!r.run.ok) {
      report_failure(r.run);
      std::printf("reproduce: tb_a2a_axis --model %s --seed %" PRIu64 " --frames %d%s\n",
                  model.c_str(), c.seed, ao.frames, plant.c_str());
      return 1;
    }
    std::printf(
        "ok   %s: %ld frames per port in %zu phases (%ld dropped by a reset %s an exchange), "
        "%" PRId64
        " words checked against the transpose, %u tlasts misplaced and counted since "
        "the reset, frame period %ld (B*ROUNDS + LAT + 1 = %ld), %.3f words per clock "
        "without pauses, %" PRIu64 " cycles%s\n",
        r.params.describe().c_str(), r.frames, ao.phases.size(), r.frames_dropped,
        r.reset_in_exchange ? "during" : "outside", r.words, r.tlast_errors, r.period,
        r.expected_period, r.words_per_clock, r.run.cycles,
        r.fault.empty() ? ""
                        : (", dead element " + r.fault + ", plan of " +
                           std::to_string(r.plan_cycles) + " cycles (ROUNDS = T)")
                              .c_str());
  } catch (const std::exception& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  return 0;
}
