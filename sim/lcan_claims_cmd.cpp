// `minforge lcan claims`: the sentences of paper 003, section 3, checked on the on-line routing
// simulator with 95 % confidence intervals (algo/lcan/lcan_claims.hpp).  docs/lcan.md, "The
// section 3 claims".
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "minforge/algo/lcan/lcan_claims.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace lc = minforge::lcan;

json interval_json(const Interval& x) { return json::array({x.lo, x.hi}); }

int run_lcan_claims(Args& a, std::ostream& out) {
  const int trials = static_cast<int>(a.get_int_or("trials", 1000, 2, 100000));
  const uint64_t seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 62) - 1));
  const bool as_json = a.flag("json");
  a.finish();
  // Progress (on a terminal only) in PE routes: a row of CB-LCAN(N, ...) routes trials x N,
  // so the rate and the time left hold across the networks' sizes.
  uint64_t total = 0, done = 0;
  for (const std::string& spec : lc::claims_networks())
    total +=
        3 * static_cast<uint64_t>(trials) * static_cast<uint64_t>(lc::Network::parse(spec).N());
  Progress progress("lcan claims", total, "PE routes");
  const std::vector<lc::ClaimsRow> rows =
      lc::measure_claims(trials, seed, [&](const lc::ClaimsRow& r) {
        done += static_cast<uint64_t>(trials) * static_cast<uint64_t>(r.N);
        progress.update(done, r.network + " " + lc::class_name(r.cls));
      });
  const std::vector<lc::ClaimResult> claims = lc::judge_claims(rows);
  if (as_json) {
    json nets = json::array(), cl = json::array();
    for (const lc::ClaimsRow& r : rows) {
      nets.push_back({{"network", r.network},
                      {"spec", r.spec},
                      {"N", r.N},
                      {"d", r.d},
                      {"u", r.u},
                      {"class", lc::class_name(r.cls)},
                      {"seed", r.seed},
                      {"trials", r.trials},
                      {"mean_cycles", r.mean.value},
                      {"mean_ci", interval_json(r.mean)},
                      {"variance", r.variance.value},
                      {"variance_ci", interval_json(r.variance)}});
    }
    for (const lc::ClaimResult& c : claims) {
      cl.push_back({{"id", c.id},
                    {"paper", c.paper},
                    {"verdict", verdict_name(c.verdict)},
                    {"expected", verdict_name(c.expected)},
                    {"measured", c.measured},
                    {"summary", c.summary},
                    {"failing", c.failing}});
    }
    out << json{{"trials", trials}, {"seed", seed}, {"networks", nets}, {"claims", cl}}.dump()
        << "\n";
    return 0;
  }
  out << "paper 003, section 3, on the simulator (random up per switch every network cycle, "
         "lower LCA level first down)\n"
      << "sample: " << trials << " permutations per class per network, seed " << seed
      << "; intervals are 95 % confidence intervals\n"
      << std::fixed << std::setprecision(3);
  for (const lc::ClaimsRow& r : rows) {
    out << "  " << std::left << std::setw(20) << r.network << std::setw(7) << lc::class_name(r.cls)
        << std::right << " mean " << r.mean.value << " [" << r.mean.lo << ", " << r.mean.hi
        << "]  variance " << r.variance.value << " [" << r.variance.lo << ", " << r.variance.hi
        << "]  seed " << r.seed << "\n";
  }
  out << "claims:\n";
  for (const lc::ClaimResult& c : claims) {
    // Claims over many rows print their summary (the rows are listed above).
    out << "  [" << verdict_name(c.verdict) << "] " << c.id << ": "
        << (c.measured.size() > 400 ? c.summary : c.measured) << "\n";
    for (const std::string& f : c.failing) out << "      " << f << "\n";
  }
  return 0;
}

const Registrar reg_lcan_claims{Command{
    "lcan", "claims", "paper 003's section 3 sentences, checked on the simulator",
    "usage: minforge lcan claims [--trials T] [--seed S] [--json]\n"
    "  Routes T permutations (default 1000, the paper's sample; T >= 2) of each class (root,\n"
    "  BPC, random) on CB-LCAN(16..4096, 4, 4), CB-LCAN(4096, d, d) for d = 2, 8, 16, 64 and\n"
    "  CB-LCAN(4096, 64, 16) with the paper's policy, then judges each sentence of section 3\n"
    "  from every measured row with 95 % confidence intervals: variances 0.02 .. 0.28 when\n"
    "  d = u; u from 64 to 16: wires and crosspoints / 4, performance / 2; N from 1024 to\n"
    "  4096: under one cycle more; BPC faster than random; root faster than random.\n"
    "  Verdicts: holds, fails, partly (the rows that fail are listed), undecided (the\n"
    "  intervals overlap).  ~25 s at T = 1000.  Every row's seed repeats it alone with\n"
    "  `minforge lcan simulate --network SPEC --class C --trials T --seed SEED`.\n"
    "  JSON: "
    "{\"trials\",\"seed\",\"networks\":[{\"network\",\"spec\",\"N\",\"d\",\"u\",\"class\",\"seed\","
    "\n"
    "  "
    "\"trials\",\"mean_cycles\",\"mean_ci\",\"variance\",\"variance_ci\"}],\"claims\":[{\"id\","
    "\"paper\",\n"
    "  \"verdict\",\"expected\",\"measured\",\"summary\",\"failing\"}]}\n",
    run_lcan_claims}};

}  // namespace
}  // namespace minforge::cli
