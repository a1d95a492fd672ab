// CTest driver of the LCAN lockstep runs (lcan_rtl.hpp), on the models linked in (the
// regression builds lcan_engine for the networks of tb/lcan/CMakeLists.txt with
// tb/lcan/lcan.cmake, one model per network, some with PIPE = 1: the model's manifest says).
//
//   tb_lcan --network N,d,u [--seed S] [--random-cycles C] [--perms K] [--only random|perms]
//           [--wave FILE] [--wave-dir DIR] [--inject-mismatch CYCLE] [--quiet]
//
// For CB-LCAN(N, d, u), in this order:
//   random  C cycles of random stimulus (starts with random destinations, duplicates
//           included, starts while busy, resets), RTL against twin every cycle;
//   perms   the identity and K root, K BPC and K random permutations (paper 003's classes),
//           each routed to completion in lockstep, every arrival checked against the
//           permutation; every one must end with all_ok.  Prints the mean network cycles per
//           class: hardware, the model's simulator on the same permutations, and Equations
//           2-3 for root permutations.
// Exit 0 when everything matched; 1 on the first failure (MISMATCH line, waveform and the
// command that reproduces it printed); 2 on bad arguments.  The seed defaults to
// $MINFORGE_SEED or 1.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "core/model_table.hpp"
#include "core/options.hpp"
#include "lcan/lcan_rtl.hpp"
#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace {

using namespace minforge;
using namespace minforge::tb;

struct Options {
  int n = 0, d = 0, u = 0;
  uint64_t random_cycles = 2000;
  int perms = 100;
  std::string only;
  CommonOptions c;  // --seed, --wave, --wave-dir, --inject-mismatch, --quiet
};

// The model of CB-LCAN(n, d, u) linked in (mf_model_table in tb/lcan/CMakeLists.txt: one per
// network, Vlcan_n<n>_d<d>_u<u>, with the suffix _p1 when built with PIPE = 1).
const Model* model_of(int n, int d, int u) {
  const std::string name =
      "Vlcan_n" + std::to_string(n) + "_d" + std::to_string(d) + "_u" + std::to_string(u);
  if (const Model* m = linked_model(name)) return m;
  return linked_model(name + "_p1");
}

int usage(const std::string& why) { return usage_error("tb_lcan", why); }

void report(const RunOutcome& r, const Options& o, const char* part) {
  report_failure(r);
  std::printf("reproduce: tb_lcan --network %d,%d,%d --seed %" PRIu64 " --only %s\n", o.n, o.d, o.u,
              o.c.seed, part);
}

double mean(const std::vector<int>& v, size_t from, size_t to) {
  double s = 0;
  for (size_t i = from; i < to; ++i) s += v[i];
  return to > from ? s / static_cast<double>(to - from) : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const int rc =
      read_options(argc, argv, "tb_lcan", o.c, [&](const std::string& s, OptionValue& v) {
        if (s == "--network") {
          if (std::sscanf(v.value(), "%d,%d,%d", &o.n, &o.d, &o.u) != 3)
            throw OptionError("--network N,d,u");
        } else if (s == "--random-cycles") {
          o.random_cycles = v.u64();
        } else if (s == "--perms") {
          o.perms = v.i32();
        } else if (s == "--only") {
          o.only = v.value();
        } else {
          return Opt::Unknown;
        }
        return Opt::Taken;
      });
  if (rc >= 0) return rc;
  const Model* m = model_of(o.n, o.d, o.u);
  if (!m) return usage("--network: no model built for this network in the regression");
  try {
    if (o.only.empty() || o.only == "random") {
      const RunOutcome r = lcan_random(*m, o.c.seed, o.random_cycles, o.c.run);
      if (!r.ok) return report(r, o, "random"), 1;
      if (!o.c.quiet)
        std::printf("ok   CB-LCAN(%d,%d,%d) random stimulus: %" PRIu64 " cycles\n", o.n, o.d, o.u,
                    r.cycles);
    }
    if (o.only.empty() || o.only == "perms") {
      std::vector<LcanCase> cases;
      LcanCase id;
      id.label = "identity";
      id.perm.resize(static_cast<size_t>(o.n));
      std::iota(id.perm.begin(), id.perm.end(), 0u);
      cases.push_back(id);
      const lcan::PermClass classes[] = {lcan::PermClass::Root, lcan::PermClass::Bpc,
                                         lcan::PermClass::Random};
      for (int k = 0; k < 3; ++k) {
        auto c = lcan_class_cases(o.n, o.d, o.u, classes[k], o.perms, o.c.seed * 7919u + k);
        cases.insert(cases.end(), c.begin(), c.end());
      }
      LcanOptions lo;
      lo.run = o.c.run;
      lo.seed = o.c.seed;
      lo.context = "mode=perms --seed " + std::to_string(o.c.seed);
      const LcanRun r = lcan_lockstep(*m, cases, lo);
      if (!r.run.ok) return report(r.run, o, "perms"), 1;
      const long n = static_cast<long>(cases.size());
      if (r.routed != n || r.errors != 0 || r.delivered != n * o.n) {
        std::printf("FAIL CB-LCAN(%d,%d,%d): %ld of %ld permutations routed, %ld errors\n", o.n,
                    o.d, o.u, r.routed, n, r.errors);
        return 1;
      }
      if (r.cycles[0] != 1) {
        std::printf("FAIL CB-LCAN(%d,%d,%d): the identity took %d network cycles\n", o.n, o.d, o.u,
                    r.cycles[0]);
        return 1;
      }
      if (!o.c.quiet) {
        const lcan::Network nw = lcan::Network::cb(o.n, o.d, o.u);
        std::printf("ok   CB-LCAN(%d,%d,%d): %ld permutations routed in lockstep, %" PRIu64
                    " cycles; mean network cycles (hardware / model simulator):\n",
                    o.n, o.d, o.u, n, r.clock_cycles);
        for (int k = 0; k < 3; ++k) {
          const size_t from = 1 + static_cast<size_t>(k) * static_cast<size_t>(o.perms);
          const size_t to = from + static_cast<size_t>(o.perms);
          std::printf("     %-6s %.3f / %.3f", lcan::class_name(classes[k]).c_str(),
                      mean(r.cycles, from, to), mean(r.model_cycles, from, to));
          if (k == 0) std::printf("  (Equations 2-3: %.3f)", lcan::predict_root(nw).cycles);
          std::printf("\n");
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tb_lcan: %s\n", e.what());
    return 3;
  }
  return 0;
}
