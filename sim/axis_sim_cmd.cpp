// `minforge sim axis`: the AXI4-Stream exchange IP rtl/engine/a2a_axis_xchg.v run in this
// process.  The requested parameter set is built on demand with the regression's own recipe
// (tb/a2a/a2a_axis.cmake through tb/core/ondemand.hpp) into a cache, loaded, and run in
// lockstep with its twin by the IP's harness library (tb/a2a/a2a_axis_rtl.hpp: random frames
// through phases of tvalid gaps and tready pauses, misplaced tlasts, every output every
// cycle, every master word against the transpose), which returns a struct; this file only
// checks the arguments and prints
//   {"engine","ports","width","blocks","frames","words","tlast_errors","err_tlast",
//    "xchg_cycles","period","words_per_clock","cycles","mismatches"}.
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else ~/.cache/minforge/models.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "a2a/a2a_axis_rtl.hpp"
#include "cli.hpp"
#include "minforge/common.hpp"

namespace minforge::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Largest N of `minforge sim axis`: the first build grows with N (N memories of each kind).
constexpr int64_t kMaxAxisPorts = 64;

int run_sim_axis(Args& a, std::ostream& out) {
  tb::AxisParams p;
  const std::string engine = a.get_choice("engine", {"gsen", "banyan", "banyan-ft"});
  p.engine = engine == "gsen"     ? params::Design::Gsen
             : engine == "banyan" ? params::Design::Banyan
                                  : params::Design::BanyanFt;
  const bool ft = p.engine == params::Design::BanyanFt;
  p.N = static_cast<int>(a.get_int("ports", 4, kMaxAxisPorts));
  if (p.engine != params::Design::Gsen && !is_pow2(static_cast<uint64_t>(p.N)))
    throw InvalidArgument("--ports must be a power of two for the banyan engine (got " +
                          std::to_string(p.N) + ")");
  if (ft && p.N < 8)
    throw InvalidArgument("--ports must be >= 8 for the fault-tolerant engine (got " +
                          std::to_string(p.N) + ")");
  if (p.engine == params::Design::Gsen && p.N % 2 != 0)
    throw InvalidArgument("--ports must be even for the GSEN engine (got " + std::to_string(p.N) +
                          ")");
  p.DW = static_cast<int>(a.get_int_or("width", 8, 1, 64));
  p.B = static_cast<int>(a.get_int_or("blocks", 1, 1, 256));
  if (auto s = a.get("sched")) {
    if (p.engine != params::Design::Gsen) throw UsageError("--sched is the GSEN engine's");
    p.sched = a.get_choice("sched", {"alt", "stage"}) == "alt" ? params::Sched::Alt
                                                               : params::Sched::Stage;
  } else {
    p.sched = p.N % 4 == 2 ? params::Sched::Alt : params::Sched::Stage;
  }
  if (p.engine == params::Design::Gsen && p.sched == params::Sched::Alt && p.N % 4 != 2)
    throw InvalidArgument(
        "--sched alt needs N = 2 mod 4 (Algorithm 4; got N = " + std::to_string(p.N) + ")");
  p.pipeline = a.get_int_or("pipeline", 1, 0, 1) != 0;
  p.use_tags = a.get_int_or("tags", 0, 0, 1) != 0;
  if (ft && p.use_tags) throw UsageError("--tags 1 is not the fault-tolerant engine's (its plan)");
  p.src_lat = static_cast<int>(a.get_int_or("src-lat", 1, 1, 2));
  // the FT engine's word also carries its relay slot (1 bit, RELAY_DEPTH 2) and hop flag
  const int fw = p.DW + 2 * ceil_log2(static_cast<uint64_t>(p.N)) +
                 ceil_log2(static_cast<uint64_t>(p.B)) + (ft ? 2 : 0);
  if (fw > 64)
    throw InvalidArgument(
        "--width " + std::to_string(p.DW) + ": the fabric word DW + 2*ceil(log2 N) + ceil(log2 B)" +
        (ft ? " + 2" : "") + " = " + std::to_string(fw) + " bits, the twin carries at most 64");
  tb::AxisOptions o;
  o.frames = static_cast<int>(a.get_int_or("frames", 20, 1, 10000));
  o.seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, INT64_MAX));
  if (auto w = a.get("wave")) {
    if (w->empty()) throw UsageError("--wave needs a file name");
    check_output_file(*w, "--wave");  // before a model is built
    o.run.wave = fs::absolute(*w).string();
  }
  o.run.wave_dir = fs::temp_directory_path().string();
  o.context = "seed=" + std::to_string(o.seed) + " frames=" + std::to_string(o.frames);
  const bool as_json = a.flag("json");
  a.finish();
  const tb::Model& model = tb::axis_model(p);
  std::cerr << "minforge sim: seed " << o.seed << "\n";
  const tb::AxisRun r = tb::axis_lockstep(model, o);
  const int mismatches = r.run.ok ? 0 : 1;
  if (!r.run.ok) {
    std::cerr << r.run.first.text() << "\n";
    if (!r.run.wave.empty()) std::cerr << "waveform: " << r.run.wave << "\n";
  }
  if (as_json) {
    const json j{{"engine", engine},
                 {"ports", p.N},
                 {"width", p.DW},
                 {"blocks", p.B},
                 {"frames", r.frames},
                 {"words", r.words},
                 {"tlast_errors", r.tlast_errors},
                 {"err_tlast", r.err_tlast},
                 {"xchg_cycles", r.xchg_cycles},
                 {"period", r.period},
                 {"words_per_clock", r.words_per_clock},
                 {"cycles", r.run.cycles},
                 {"mismatches", mismatches}};
    out << j.dump() << "\n";
  } else {
    out << p.describe() << ": " << r.frames << " frames per port, " << r.words
        << " words checked against the transpose, " << r.tlast_errors
        << " tlasts misplaced, exchange " << r.xchg_cycles << " cycles, frame period " << r.period
        << ", " << std::fixed << std::setprecision(3) << r.words_per_clock
        << " words per clock without pauses, " << r.run.cycles << " cycles, mismatches "
        << mismatches << "\n";
  }
  return mismatches == 0 ? 0 : 1;
}

const std::string kAxisUsage =
    "usage: minforge sim axis --engine gsen|banyan|banyan-ft --ports N [--width DW]\n"
    "                         [--blocks B] [--sched alt|stage] [--pipeline 0|1] [--tags 0|1]\n"
    "                         [--src-lat 1|2] [--frames F] [--wave FILE] [--seed S] [--json]\n"
    "Verilates the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v) for these parameters\n"
    "(cached) and runs it in lockstep with its twin: F random frames (default 20) per phase\n"
    "through six phases of tvalid gaps and tready pauses (the first without, the last with a\n"
    "reset in its middle), tlast misplaced on 2 % of the words, every output compared every\n"
    "cycle, every master word checked against the transpose of the frames sent, the frame\n"
    "period (no pauses) against B*ROUNDS + LAT + 1; \"frames\" = frames per port handed over\n"
    "(not those the reset dropped).  N: banyan a power of two, GSEN even, 4..64; DW 1..64\n"
    "(default 8), B 1..256 (default 1); GSEN --sched alt (N = 2 mod 4, the default there)\n"
    "or stage.  banyan-ft: the fault-tolerant engine (N >= 8), the model's plan for a dead\n"
    "element drawn from the seed loaded through the IP's plan port first.\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";

const Registrar kSimAxis{Command{"sim", "axis",
                                 "run the AXI4-Stream exchange IP RTL (Verilator) against its twin",
                                 kAxisUsage, run_sim_axis}};

}  // namespace
}  // namespace minforge::cli
