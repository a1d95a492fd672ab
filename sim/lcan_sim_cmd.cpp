// `minforge sim lcan`: the circuit-switched CB-LCAN rtl/lcan/lcan_engine.v run
// in this process on permutations of one of paper 003's classes.  The model of
// CB-LCAN(N, d, u) is built on demand with the regression's own recipe
// (tb/lcan/lcan.cmake through tb/core/ondemand.hpp) into a cache, loaded, and
// run in lockstep with its twin by the LCAN harness library
// (tb/lcan/lcan_rtl.hpp), which also routes every permutation with the model's
// simulator and returns a struct; this file only checks the arguments and
// prints
//   {"network","class","trials","seed","mean_cycles","variance","min_cycles","max_cycles",
//    "model_mean_cycles","model_variance","predicted_cycles","routed","delivered","errors",
//    "clock_cycles","mismatches"}.
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else
// ~/.cache/minforge/models.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli.hpp"
#include "lcan/lcan_rtl.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::cli {
namespace {

namespace fs = std::filesystem;
namespace lc = minforge::lcan;
using nlohmann::json;

// Largest network of `minforge sim lcan`: the first build of CB-LCAN(256, 2, 2)
// (1024 switches) takes about a minute of CPU; later runs reuse it.
constexpr int kMaxSimPes = 256;

int run_sim(Args &a, std::ostream &out) {
  tb::LcanSimRequest r;
  const std::string spec = a.require("network");
  if (spec.rfind("cb:", 0) != 0)
    throw InvalidArgument("--network must be cb:N,d,u (the hardware is a CB-LCAN), got '" + spec +
                          "'");
  const std::string body = spec.substr(3);
  const size_t c1 = body.find(','), c2 = c1 == std::string::npos ? c1 : body.find(',', c1 + 1);
  if (c1 == std::string::npos || c2 == std::string::npos ||
      body.find(',', c2 + 1) != std::string::npos)
    throw InvalidArgument("--network must be cb:N,d,u, got '" + spec + "'");
  r.n = static_cast<int>(parse_int(body.substr(0, c1), "--network N", 2, kMaxSimPes));
  r.d = static_cast<int>(parse_int(body.substr(c1 + 1, c2 - c1 - 1), "--network d", 2, 16));
  r.u = static_cast<int>(parse_int(body.substr(c2 + 1), "--network u", 2, 16));
  for (const int v : {r.d, r.u})
    if (v != 2 && v != 4 && v != 8 && v != 16)
      throw InvalidArgument("--network: d and u must be 2, 4, 8 or 16 (the hardware's switches)");
  int64_t pw = r.d;
  while (pw < r.n) pw *= r.d;
  if (pw != r.n)
    throw InvalidArgument("--network: N must be a power of d (got N = " + std::to_string(r.n) +
                          ", d = " + std::to_string(r.d) + ")");
  r.cls = lc::parse_class(a.require("class"));
  r.trials = static_cast<int>(a.get_int("trials", 1, 100000));
  r.seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 53)));
  if (auto w = a.get("wave")) {
    if (w->empty()) throw UsageError("--wave needs a file name");
    check_output_file(*w, "--wave");  // before a model is built
    r.wave = fs::absolute(*w).string();
  }
  const bool as_json = a.flag("json");
  a.finish();
  r.wave_dir = fs::temp_directory_path().string();

  const tb::LcanSimResult res = tb::lcan_sim(r, tb::lcan_model(r.n, r.d, r.u));
  for (const auto &m : res.reports) std::cerr << m.text() << "\n";
  for (const auto &w : res.waves) std::cerr << "waveform: " << w << "\n";
  const std::string cls = lc::class_name(r.cls);
  if (as_json) {
    json j{{"network", res.network},
           {"class", cls},
           {"trials", res.trials},
           {"seed", r.seed},
           {"mean_cycles", res.mean_cycles},
           {"variance", res.variance},
           {"min_cycles", res.min_cycles},
           {"max_cycles", res.max_cycles},
           {"model_mean_cycles", res.model_mean_cycles},
           {"model_variance", res.model_variance},
           {"predicted_cycles", nullptr},
           {"routed", res.routed},
           {"delivered", res.delivered},
           {"errors", res.errors},
           {"clock_cycles", res.clock_cycles},
           {"mismatches", res.mismatches}};
    if (res.predicted_valid) j["predicted_cycles"] = res.predicted_cycles;
    out << j.dump() << "\n";
  } else {
    out << std::fixed << std::setprecision(3);
    out << res.network << " on lcan_engine N=" << r.n << " D=" << r.d << " U=" << r.u << ", "
        << res.trials << " " << cls << " permutations (seed " << r.seed << ")\n"
        << "  hardware           mean " << res.mean_cycles << " network cycles, variance "
        << res.variance << " (min " << res.min_cycles << ", max " << res.max_cycles << "); "
        << res.routed << " of " << res.trials << " routed, " << res.delivered
        << " pairs delivered, " << res.errors << " errors\n"
        << "  model simulator    mean " << res.model_mean_cycles << ", variance "
        << res.model_variance << " (random up per cycle, lower LCA level first)\n";
    if (res.predicted_valid)
      out << "  Equations 2-3      " << res.predicted_cycles << " (root permutations)\n";
    out << "  lockstep           " << res.mismatches
        << " mismatches (every switch's setting and every arrival, RTL vs "
           "twin, every cycle; "
        << res.clock_cycles << " clock cycles)\n";
  }
  return res.mismatches == 0 && res.routed == res.trials && res.errors == 0 ? 0 : 1;
}

const std::string kUsage =
    "usage: minforge sim lcan --network cb:N,d,u --class root|bpc|random "
    "--trials T [--seed S]\n"
    "                         [--wave FILE] [--json]\n"
    "Verilates the circuit-switched CB-LCAN rtl/lcan/lcan_engine.v for (N, d, "
    "u) (d, u in 2, 4,\n"
    "8, 16; N a power of d up to 256; cached) and routes T permutations of the "
    "class (paper\n"
    "003, section 3) to completion in lockstep with its twin: every switch's "
    "setting and every\n"
    "arrival compared every cycle.  Prints the mean network cycles of the "
    "hardware, of the\n"
    "model's simulator on the same permutations, and Equations 2-3 for root "
    "permutations.\n"
    "--wave FILE traces the run (FST).  Exit 0 when every permutation is "
    "routed and nothing\n"
    "mismatched.\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";

const Registrar kSimLcan{Command{
    "sim", "lcan", "run the CB-LCAN RTL (Verilator) on permutations of a class", kUsage, run_sim}};

}  // namespace
}  // namespace minforge::cli
