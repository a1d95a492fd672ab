// `minforge sim hypercube` (old spelling `minforge hypercube sim`, an alias kept for one
// release): the packet-switched d-cube rtl/hypercube/hypercube_net.v run in
// this process on the golden model's schedule (Corollary 3.5) of a permutation.  The model of
// dimension d is built on demand with the regression's own recipe (tb/hypercube/
// hypercube.cmake through tb/core/ondemand.hpp) into a cache, loaded, and run in lockstep
// with its twin by the hypercube harness library (tb/hypercube/hypercube_rtl.hpp), which
// also compares the twin with the step simulator on every step and returns a struct; this
// file only checks the arguments and prints
//   {"dim","nodes","steps","hw_steps","cycles","delivered","ok_nodes","all_ok","error",
//    "collisions","empty","model_ok","model_steps","mismatches"}.
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else ~/.cache/minforge/models.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>

#include "cli.hpp"
#include "hypercube/hypercube_rtl.hpp"
#include "hypercube_args.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"

namespace minforge::cli {
namespace {

namespace fs = std::filesystem;
namespace hc = minforge::hypercube;
using nlohmann::json;

// Largest dimension of `minforge sim hypercube`: the first build of d = 10 (1024 nodes)
// takes 50 s of CPU (about 100 s on two shared cores); later runs reuse it.
constexpr int64_t kMaxSimDim = 10;

// `alias`: called by the old spelling, which notes so once the arguments are read.
int run_sim(Args& a, std::ostream& out, bool alias = false) {
  tb::HypercubeSimRequest r;
  const HypercubePermOptions o = hypercube_perm_options(a, kMaxSimDim);
  r.d = o.dim;
  r.seed = o.seed;
  if (auto w = a.get("wave")) {
    if (w->empty()) throw UsageError("--wave needs a file name");
    check_output_file(*w, "--wave");  // before a model is built
    r.wave = fs::absolute(*w).string();
  }
  const bool as_json = a.flag("json");
  a.finish();
  // The permutation is read and validated before anything is built.
  std::tie(r.perm, r.perm_label) = hypercube_load_perm(o);
  r.wave_dir = fs::temp_directory_path().string();
  if (alias) alias_note("hypercube sim", "hypercube");

  const tb::HypercubeSimResult res = tb::hypercube_sim(r, tb::hypercube_model(r.d));
  for (const auto& m : res.reports) std::cerr << m.text() << "\n";
  for (const auto& w : res.waves) std::cerr << "waveform: " << w << "\n";
  if (as_json) {
    const json j{{"dim", res.dim},
                 {"nodes", res.nodes},
                 {"steps", res.steps},
                 {"hw_steps", res.hw_steps},
                 {"cycles", res.cycles},
                 {"delivered", res.delivered},
                 {"ok_nodes", res.ok_nodes},
                 {"all_ok", res.all_ok},
                 {"error", res.error},
                 {"collisions", res.collide_nodes},
                 {"empty", res.empty_nodes},
                 {"model_ok", res.model_ok},
                 {"model_steps", res.model_steps},
                 {"mismatches", res.mismatches}};
    out << j.dump() << "\n";
  } else {
    out << "hypercube d = " << res.dim << " (" << res.nodes << " nodes), permutation "
        << r.perm_label << ": schedule of " << res.steps << " steps (Corollary 3.5) on "
        << "hypercube_net D=" << res.dim << " STEPS=" << res.hw_steps << " W=" << res.width << "\n"
        << "  run                " << res.cycles << " cycles, " << (res.all_ok ? "all_ok" : "error")
        << "; " << res.delivered << " of " << res.nodes << " packets delivered (nodes ok), "
        << res.collide_nodes << " collisions, " << res.empty_nodes << " empty nodes\n"
        << "  step simulator     " << (res.model_ok ? "accepts the schedule" : "rejects it") << "; "
        << res.model_steps << " steps compared with the twin\n"
        << "  lockstep           " << res.mismatches
        << " mismatches (every node's register, RTL vs twin, every cycle)\n";
  }
  return res.mismatches == 0 && res.all_ok ? 0 : 1;
}

const std::string kUsage =
    "usage: minforge sim hypercube --dim d (--perm FILE | --class C [--seed S]) [--wave FILE]\n"
    "                              [--json]\n"
    "Verilates the packet-switched d-cube rtl/hypercube/hypercube_net.v for d (1..10; cached),\n"
    "loads the golden model's schedule of the permutation (Corollary 3.5: at most 2d-3 steps\n"
    "for d >= 3) into the nodes' schedule memories and runs it in lockstep: every node's packet\n"
    "register against the twin every cycle, the twin against the step simulator every step.\n"
    "Permutation: --perm FILE (pi(0) .. pi(2^d-1), whitespace separated, '#' comments) or\n"
    "--class identity|bit-reversal|complement|transpose|shift[:k]|shuffle|random (--seed S\n"
    "for random).  --wave FILE traces the run (FST).  Exit 0 when every packet is delivered\n"
    "and nothing mismatched.\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";

const Registrar kSimHypercube{
    Command{"sim", "hypercube", "run the hypercube RTL (Verilator) on the model's schedule", kUsage,
            [](Args& a, std::ostream& out) { return run_sim(a, out); }}};
// The old spelling: the same run after a note on stderr.
const Registrar kHypercubeSimAlias{Command{
    "hypercube", "sim", "alias of `minforge sim hypercube`, kept for one release",
    kUsage + "`minforge hypercube sim` is an alias of `minforge sim hypercube`, kept for one "
             "release.\n",
    [](Args& a, std::ostream& out) { return run_sim(a, out, /*alias=*/true); }}};

}  // namespace
}  // namespace minforge::cli
