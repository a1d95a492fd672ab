// CTest driver of the fault-tolerant banyan exchange engine (a2a_ft_rtl.hpp) on the models
// linked in (tb/a2a/CMakeLists.txt builds banyan_ft_engine for N = 8, 16, 32 with PIPELINE 0
// and 1, N = 64 pipelined, and a B > 1 variant, with tb/a2a/a2a_ft.cmake).
//
//   tb_banyan_ft --model NAME [--faults all|sample:K] [--seed S] [--random-cycles C]
//                [--only random|plan] [--wave FILE] [--wave-dir DIR]
//                [--inject-mismatch CYCLE] [--quiet]
//   tb_banyan_ft --model NAME --plan-hex FILE [--seed S] [...]
//   tb_banyan_ft --list
//
// In this order: random stimulus (C cycles, RTL against twin), then one exchange per
// internal fault (all of them, or K spread over the stages and elements), each with the
// plan the model writes for the engine's fabric latency, random data, every cycle compared
// and the end-of-exchange checks (a2a_ft_rtl.hpp).  Exit 0 when everything matched; 1 on the
// first failure (MISMATCH line, waveform and the reproducing command printed); 2 on bad
// arguments.  The seed defaults to $MINFORGE_SEED or 1.  --plan-hex FILE runs one exchange
// with the plan of a `minforge banyan ftmin` certificate (its fault from the certificate's
// ftmin line, the certificate re-checked by the model first) instead of the model's plans.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "a2a/a2a_ft_rtl.hpp"
#include "core/model_table.hpp"
#include "core/options.hpp"
#include "minforge/algo/banyan/banyan_ft_min.hpp"

namespace {

using namespace minforge;
using namespace minforge::tb;

struct Options {
  std::string model, faults = "all", only, plan_hex;
  uint64_t random_cycles = 2000;
  CommonOptions c;  // --seed, --wave, --wave-dir, --inject-mismatch, --quiet
};

int usage(const std::string& why) { return usage_error("tb_banyan_ft", why); }

int report(const RunOutcome& r, const Options& o, const char* part, const std::string& extra) {
  report_failure(r);
  std::printf("reproduce: tb_banyan_ft --model %s --seed %" PRIu64 " --only %s%s\n",
              o.model.c_str(), o.c.seed, part, extra.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const int rc =
      read_options(argc, argv, "tb_banyan_ft", o.c, [&](const std::string& s, OptionValue& v) {
        if (s == "--list") {
          print_linked_models();
          return Opt::Exit0;
        }
        if (s == "--model")
          o.model = v.value();
        else if (s == "--faults")
          o.faults = v.value();
        else if (s == "--random-cycles")
          o.random_cycles = v.u64();
        else if (s == "--only")
          o.only = v.value();
        else if (s == "--plan-hex")
          o.plan_hex = v.value();
        else
          return Opt::Unknown;
        return Opt::Taken;
      });
  if (rc >= 0) return rc;
  const Model* m = linked_model(o.model);
  if (!m) return usage("--model: one of --list");
  if (!o.only.empty() && o.only != "random" && o.only != "plan") return usage("--only random|plan");
  try {
    const FtParams p = ft_params(*m);
    const banyan::Topology t(p.N);
    std::vector<banyan::Fault> all;
    for (int i = 1; i <= t.stages() - 2; ++i)
      for (int l = 0; l < p.N / 2; ++l) all.push_back({i, l});
    std::vector<banyan::Fault> faults;
    if (o.faults == "all") {
      faults = all;
    } else if (o.faults.rfind("sample:", 0) == 0) {
      const long k = std::atol(o.faults.c_str() + 7);
      if (k < 1) return usage("--faults sample:K needs K >= 1");
      const size_t step = std::max<size_t>(1, all.size() / static_cast<size_t>(k));
      for (size_t j = 0; j < all.size() && faults.size() < static_cast<size_t>(k); j += step)
        faults.push_back(all[j]);
      if (faults.back() != all.back()) faults.push_back(all.back());
    } else {
      return usage("--faults all|sample:K");
    }
    if (!o.plan_hex.empty()) {
      std::ifstream in(o.plan_hex);
      std::stringstream text;
      if (!in || !(text << in.rdbuf())) return usage("--plan-hex: cannot read " + o.plan_hex);
      const banyan::FtCertificateCheck c = banyan::check_ft_certificate(text.str());
      if (!c.ok()) {
        std::printf("FAIL %s: the certificate does not hold: %s\n", o.plan_hex.c_str(),
                    c.problems.front().c_str());
        return 1;
      }
      FtOptions fo;
      fo.run = o.c.run;
      fo.seed = o.c.seed;
      fo.context = "--seed " + std::to_string(o.c.seed) + " --plan-hex " + o.plan_hex;
      fo.images.push_back(banyan::ft_image_parse(text.str()));
      const FtPlanRun r = ft_plan_lockstep(*m, {c.fault}, fo);
      if (!r.run.ok) return report(r.run, o, "plan", " --plan-hex " + o.plan_hex);
      std::printf("ok   %s: %s, E_%d,%d, plan %ld cycles (paper %d), engine B*T + %d, %" PRId64
                  " words delivered once each, no relay waited\n",
                  p.describe().c_str(), o.plan_hex.c_str(), c.fault.stage, c.fault.element,
                  r.plan_cycles_max, c.paper, p.latency(), r.words);
      return 0;
    }
    if (o.only.empty() || o.only == "random") {
      const RunOutcome r = ft_random(*m, o.c.seed, o.random_cycles, o.c.run);
      if (!r.ok) return report(r, o, "random", "");
      if (!o.c.quiet)
        std::printf("ok   %s random stimulus: %" PRIu64 " cycles\n", p.describe().c_str(),
                    r.cycles);
    }
    if (o.only.empty() || o.only == "plan") {
      FtOptions fo;
      fo.run = o.c.run;
      fo.seed = o.c.seed;
      fo.context = "--seed " + std::to_string(o.c.seed) + " --faults " + o.faults;
      const FtPlanRun r = ft_plan_lockstep(*m, faults, fo);
      if (!r.run.ok) return report(r.run, o, "plan", " --faults " + o.faults);
      std::printf("ok   %s: %ld faults, plan %ld..%ld cycles, engine B*T + %d, %" PRId64
                  " words delivered once each, no relay waited, %" PRIu64 " cycles simulated\n",
                  p.describe().c_str(), r.exchanges, r.plan_cycles_min, r.plan_cycles_max,
                  p.latency(), r.words, r.run.cycles);
    }
  } catch (const std::exception& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  return 0;
}
