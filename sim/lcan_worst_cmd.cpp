// `minforge lcan worst`: a local search for permutations with many on-line routing cycles
// (lcan_worst.hpp), the found permutation re-scored on fresh random draws and compared with
// the root, BPC and random classes, each with a 95 % confidence interval.
#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "minforge/algo/lcan/lcan_worst.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace lc = minforge::lcan;

struct Ci {
  double mean = 0, half = 0;  // mean +- half: 95 % normal interval of the mean
};

Ci ci_of(const std::vector<int>& xs) {
  Ci c;
  const double n = double(xs.size());
  for (int x : xs) c.mean += x;
  c.mean /= n;
  double ss = 0;
  for (int x : xs) ss += (x - c.mean) * (x - c.mean);
  c.half = xs.size() > 1 ? 1.96 * std::sqrt(ss / (n - 1) / n) : 0;
  return c;
}

int run_worst(Args& a, std::ostream& out) {
  const std::string spec = a.require("network");
  const lc::Network net = lc::Network::parse(spec);
  const int iterations = static_cast<int>(a.get_int("iterations", 0, 100000000));
  const int trials = static_cast<int>(a.get_int_or("trials", 200, 1, 1000000));
  const int verify = static_cast<int>(a.get_int_or("verify-trials", 2000, 2, 10000000));
  const auto seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, INT64_MAX));
  const auto outfile = a.get("out");
  const bool as_json = a.flag("json");
  a.finish();
  if (outfile) check_output_file(*outfile, "--out");  // before the search
  // The search and the re-scoring below: a sign of life on a terminal until the output.
  const Heartbeat alive("lcan worst", std::to_string(iterations) + " swap moves of " +
                                          std::to_string(trials) + " routings, " +
                                          std::to_string(verify) + " to re-score");
  const lc::WorstSearch w = lc::search_worst(net, iterations, trials, seed);
  // Re-scored on draws the search never saw.
  lc::Simulator sim(net, lc::UpPolicy::PerCycle, lc::DownPolicy::LowerFirst, ~seed);
  std::vector<int> cyc;
  for (int k = 0; k < verify; ++k) cyc.push_back(sim.route(w.perm).cycles);
  const Ci found = ci_of(cyc);
  json classes = json::object();
  std::vector<std::pair<std::string, Ci>> rows;
  for (const char* c : {"root", "bpc", "random"}) {
    const lc::PermClass pc = lc::parse_class(c);
    if (pc == lc::PermClass::Bpc && !is_pow2(static_cast<uint64_t>(net.part_size()))) continue;
    const lc::ClassStats st = lc::simulate_class(net, pc, verify, seed + 1);
    const Ci ci = ci_of(st.cycles);
    classes[c] = json{{"mean_cycles", ci.mean}, {"ci95", ci.half}};
    rows.emplace_back(c, ci);
  }
  if (outfile)
    write_output_file(
        *outfile,
        lc::format_permutation(
            w.perm, "minforge lcan worst --network " + spec + " --iterations " +
                        std::to_string(iterations) + " --trials " + std::to_string(trials) +
                        " --seed " + std::to_string(seed) + ": mean cycles " +
                        std::to_string(found.mean) + " +- " + std::to_string(found.half) +
                        " (95 %, " + std::to_string(verify) + " trials)"),
        "--out");
  if (as_json) {
    out << json{{"network", net.name()},
                {"iterations", iterations},
                {"trials", trials},
                {"seed", seed},
                {"evaluations", w.evaluations},
                {"search_score", w.score},
                {"start_score", w.start_score},
                {"mean_cycles", found.mean},
                {"ci95", found.half},
                {"verify_trials", verify},
                {"classes", classes},
                {"perm", w.perm}}
               .dump()
        << "\n";
    return 0;
  }
  out << net.name() << ": local search, " << iterations << " swaps, " << trials
      << " trials per candidate (seed " << seed << "), " << w.evaluations << " evaluations\n";
  out << "  search score " << w.start_score << " -> " << w.score << " (common random numbers)\n";
  out << "  found permutation: mean cycles " << found.mean << " +- " << found.half << " (95 %, "
      << verify << " fresh trials)\n";
  for (const auto& [c, ci] : rows)
    out << "  class " << c << ": " << ci.mean << " +- " << ci.half << " (" << verify
        << " permutations)\n";
  return 0;
}

const Registrar reg_worst{
    {"lcan", "worst", "local search for permutations with many on-line routing cycles",
     "usage: minforge lcan worst --network SPEC --iterations K [--trials T] [--seed S]\n"
     "                           [--verify-trials V] [--out FILE] [--json]\n"
     "  SPEC as in `lcan simulate` (cb:N,d,u ...).  Starts from the highest-scoring of 4 root,\n"
     "  4 random and 4 BPC permutations and makes K swap moves (two sources exchange\n"
     "  destinations), keeping a move when the mean cycles of T routings (default 200, the\n"
     "  same random draws for every candidate) does not drop.  The result is routed again V\n"
     "  times on fresh draws (default 2000) and set against V permutations of each class\n"
     "  (root, bpc, random; policies: up per cycle, down lower first); means with 95 %\n"
     "  intervals.  --out FILE writes the permutation (lcan file format).\n"
     "  JSON: {\"network\",\"iterations\",\"trials\",\"seed\",\"evaluations\",\"search_score\",\n"
     "    \"start_score\",\"mean_cycles\",\"ci95\",\"verify_trials\",\"classes\" {class:\n"
     "    {\"mean_cycles\",\"ci95\"}},\"perm\"}\n",
     run_worst}};

}  // namespace
}  // namespace minforge::cli
