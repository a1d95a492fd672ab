// CTest driver of the hypercube lockstep runs (hypercube_rtl.hpp), on the models linked in
// (the regression builds hypercube_net for d = 3..8 with tb/hypercube/hypercube.cmake).
//
//   tb_hypercube --dim D [--seed S] [--random-cycles C] [--valid N] [--bad N] [--perms N]
//                [--all-perms] [--only random|valid|model] [--wave FILE] [--wave-dir DIR]
//                [--inject-mismatch CYCLE] [--quiet]
//
// For dimension D, in this order:
//   random  C cycles of random stimulus (schedule writes with any code, loads, starts while
//           busy, resets), RTL against twin every cycle;
//   valid   N random schedules that follow the rules (swaps, 4-cycles around faces, longer
//           cycles along cube edges) and N/4 that break them, each run compared with the
//           golden model's step simulator on every step;
//   model   the golden model's schedules (Corollary 3.5, hypercube::packet_schedule) of the
//           structured permutations (identity, bit reversal, complement, transpose, shifts,
//           perfect shuffle) and of N random ones (--all-perms: every permutation, D <= 3),
//           compared with the step simulator on every step; every one must be routed.
// Exit 0 when everything matched; 1 on the first failure (MISMATCH line, waveform and the
// command that reproduces it printed); 2 on bad arguments.  The seed defaults to
// $MINFORGE_SEED or 1.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "core/model_table.hpp"
#include "core/options.hpp"
#include "hypercube/hypercube_rtl.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"

namespace {

using namespace minforge;
using namespace minforge::tb;

struct Options {
  int dim = 0;
  uint64_t random_cycles = 3000;
  int valid = 200, bad = -1, perms = 1000;
  bool all_perms = false;
  std::string only;
  CommonOptions c;  // --seed, --wave, --wave-dir, --inject-mismatch, --quiet
};

// The model of dimension d: linked in (mf_model_table in tb/hypercube/CMakeLists.txt: d = 3..6,
// 7 and 8 with MINFORGE_TB_LARGE); d = 7, 8 otherwise built on demand with the same recipe, like
// `minforge sim hypercube`.
const Model* model_of(int d) {
  if (const Model* m = linked_model("Vhypercube_d" + std::to_string(d))) return m;
  if (d == 7 || d == 8) return &hypercube_model(d);
  return nullptr;
}

int usage(const char* why) { return usage_error("tb_hypercube", why); }

bool report(const RunOutcome& r, const Options& o, const char* part) {
  report_failure(r);
  std::printf("reproduce: tb_hypercube --dim %d --seed %" PRIu64 " --only %s\n", o.dim, o.c.seed,
              part);
  return false;
}

// Every permutation of 0..n-1 in lexicographic order.
std::vector<std::vector<uint32_t>> all_perms(uint32_t n) {
  std::vector<uint32_t> p(n);
  std::iota(p.begin(), p.end(), 0u);
  std::vector<std::vector<uint32_t>> out;
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

bool print_run(const HypercubeRun& r, const Options& o, const char* part, const char* what) {
  if (!r.run.ok) return report(r.run, o, part);
  if (!o.c.quiet)
    std::printf(
        "ok   d=%d %s: %ld runs (%ld routed, %ld flagged; step simulator: %ld ok, %ld steps "
        "compared), schedules %ld steps (longest %ld, hardware STEPS %d), %" PRIu64 " cycles\n",
        o.dim, what, r.cases, r.routed, r.flagged, r.model_ok, r.model_steps, r.schedule_steps,
        r.max_schedule_steps, r.params.steps, r.cycles);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const int rc =
      read_options(argc, argv, "tb_hypercube", o.c, [&](const std::string& s, OptionValue& v) {
        if (s == "--all-perms")
          o.all_perms = true;
        else if (s == "--dim")
          o.dim = v.i32();
        else if (s == "--random-cycles")
          o.random_cycles = v.u64();
        else if (s == "--valid")
          o.valid = v.i32();
        else if (s == "--bad")
          o.bad = v.i32();
        else if (s == "--perms")
          o.perms = v.i32();
        else if (s == "--only")
          o.only = v.value();
        else
          return Opt::Unknown;
        return Opt::Taken;
      });
  if (rc >= 0) return rc;
  const Model* m = model_of(o.dim);
  if (!m) return usage("--dim must be 3..8 (the dimensions this regression is built for)");
  if (o.bad < 0) o.bad = o.valid / 4;
  if (o.all_perms && o.dim > 3) return usage("--all-perms needs --dim 3 (8! permutations)");
  const std::string seed = "--seed " + std::to_string(o.c.seed);
  try {
    const HypercubeParams p = hypercube_params(*m);
    if (o.only.empty() || o.only == "random") {
      const RunOutcome r = hypercube_random(*m, o.c.seed, o.random_cycles, o.c.run);
      if (!r.ok) return report(r, o, "random"), 1;
      if (!o.c.quiet)
        std::printf("ok   d=%d random stimulus: %" PRIu64 " cycles\n", o.dim, r.cycles);
    }
    if (o.only.empty() || o.only == "valid") {
      HypercubeOptions ho;
      ho.run = o.c.run;
      ho.seed = o.c.seed;
      ho.tag = "hypercube_d" + std::to_string(o.dim) + "_valid";
      ho.context = "mode=random-schedules " + seed;
      const auto cases = hypercube_random_cases(o.dim, p.steps, o.valid, o.bad, o.c.seed);
      const HypercubeRun r = hypercube_lockstep(*m, cases, ho);
      if (!print_run(r, o, "valid", "random schedules")) return 1;
      // Every rule-following schedule routes its permutation; every rule-breaking one is
      // flagged (the step simulator agreed with each verdict).
      if (r.routed != o.valid || r.flagged != o.bad || r.model_ok != o.valid) {
        std::printf("FAIL d=%d random schedules: %ld routed (want %d), %ld flagged (want %d)\n",
                    o.dim, r.routed, o.valid, r.flagged, o.bad);
        return 1;
      }
    }
    if (o.only.empty() || o.only == "model") {
      std::vector<HypercubeCase> cases;
      const uint32_t nn = 1u << o.dim;
      for (const char* cls :
           {"identity", "bit-reversal", "complement", "transpose", "shift", "shuffle"})
        cases.push_back(hypercube_model_case(o.dim, hypercube::make_perm(o.dim, cls), cls));
      for (const uint32_t k : {nn / 2, nn - 1, 3u}) {
        const std::string cls = "shift:" + std::to_string(k % nn);
        cases.push_back(hypercube_model_case(o.dim, hypercube::make_perm(o.dim, cls), cls));
      }
      if (o.all_perms) {
        for (const auto& pi : all_perms(nn))
          cases.push_back(hypercube_model_case(o.dim, pi, "all"));
      } else {
        for (int i = 0; i < o.perms; ++i) {
          const uint64_t s = o.c.seed * 1000003u + static_cast<uint64_t>(i);
          cases.push_back(hypercube_model_case(o.dim, hypercube::make_perm(o.dim, "random", s),
                                               "random seed " + std::to_string(s)));
        }
      }
      HypercubeOptions ho;
      ho.run = o.c.run;
      ho.seed = o.c.seed;
      ho.tag = "hypercube_d" + std::to_string(o.dim) + "_model";
      ho.context = "mode=model-schedules " + seed;
      const HypercubeRun r = hypercube_lockstep(*m, cases, ho);
      if (!print_run(r, o, "model", "model schedules (Corollary 3.5)")) return 1;
      const long n = static_cast<long>(cases.size());
      if (r.routed != n || r.model_ok != n || r.max_schedule_steps > p.steps) {
        std::printf("FAIL d=%d model schedules: %ld of %ld routed\n", o.dim, r.routed, n);
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tb_hypercube: %s\n", e.what());
    return 3;
  }
  return 0;
}
