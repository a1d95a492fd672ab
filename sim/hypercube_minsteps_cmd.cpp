// `minforge hypercube minsteps`: the fewest packet-switched steps of a permutation on the
// d-cube (SAT per step count, hypercube_minsteps.hpp), against Corollary 3.5's 2d - 3 and the
// distance bound; over one permutation, or a random sample with the structured candidates
// and an optional local search for permutations that need more steps.
#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli.hpp"
#include "hypercube_args.hpp"
#include "minforge/algo/hypercube/hypercube_minsteps.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace hc = minforge::hypercube;

constexpr int kMaxMinStepsDim = 8;

// The key of a permutation in the local search: more steps first, then more steps than its
// distance bound, then more packets at the largest distance (a tighter instance).
struct Score {
  int steps = 0;   // the proved minimum, or the upper bound when not exact
  int excess = 0;  // steps - distance bound
  int tight = 0;   // packets whose distance equals the distance bound
  bool operator<(const Score& o) const {
    if (steps != o.steps) return steps < o.steps;
    return excess != o.excess ? excess < o.excess : tight < o.tight;
  }
};

Score score_of(int d, const hc::Perm& pi, const hc::MinSteps& m) {
  const int lb = hc::step_lower_bound(d, pi);
  Score s{m.upper, m.upper - lb, 0};
  for (uint32_t v = 0; v < pi.size(); ++v) s.tight += hc::distance(v, pi[v]) == lb;
  return s;
}

hc::Perm random_perm(uint32_t n, Rng& rng) {
  hc::Perm p(n);
  for (uint32_t i = 0; i < n; ++i) p[i] = i;
  for (uint32_t i = n - 1; i > 0; --i) std::swap(p[i], p[rng.below(i + 1)]);
  return p;
}

json result_json(const hc::MinSteps& m) {
  return json{{"lower_bound", m.lower},
              {"min_steps", m.upper},
              {"exact", m.exact},
              {"corollary_steps", m.corollary_steps}};
}

int run_single(Args& a, std::ostream& out, double timeout) {
  HypercubePermOptions o = hypercube_perm_options(a, kMaxMinStepsDim);
  const bool with_schedule = a.flag("schedule");
  const bool as_json = a.flag("json");
  a.finish();
  auto [pi, label] = hypercube_load_perm(o);
  const hc::MinSteps m = [&] {
    const Heartbeat alive("hypercube minsteps", "a SAT call per step count");
    return hc::min_steps(o.dim, pi, timeout);
  }();
  if (as_json) {
    json j = result_json(m);
    j["dim"] = o.dim;
    if (with_schedule) j["moves"] = m.schedule.moves;
    out << j.dump() << "\n";
    return 0;
  }
  out << "hypercube d = " << o.dim << ", permutation " << label << "\n";
  out << "  distance bound       " << hc::step_lower_bound(o.dim, pi) << "\n";
  out << "  Corollary 3.5 steps  " << m.corollary_steps << "\n";
  out << "  fewest steps         "
      << (m.exact ? std::to_string(m.upper)
                  : "between " + std::to_string(m.lower) + " and " + std::to_string(m.upper) +
                        " (a solver call timed out)")
      << "  (schedule checked by the step simulator)\n";
  if (with_schedule)
    for (size_t t = 0; t < m.schedule.moves.size(); ++t) {
      out << "  step " << t << ":";
      int moved = 0;
      for (uint32_t v = 0; v < m.schedule.moves[t].size(); ++v)
        if (m.schedule.moves[t][v] != v) {
          out << " " << v << "->" << m.schedule.moves[t][v];
          ++moved;
        }
      if (!moved) out << " (nothing moves)";
      out << "\n";
    }
  return 0;
}

int run_sample(Args& a, std::ostream& out, double timeout) {
  const int d = static_cast<int>(a.get_int("dim", hc::kMinDim, kMaxMinStepsDim));
  const int64_t samples = a.get_int("sample", 0, int64_t{1} << 40);
  const auto seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, INT64_MAX));
  const int64_t climb = a.get_int_or("climb", 0, 0, int64_t{1} << 40);
  const auto outfile = a.get("out");
  if (outfile) check_output_file(*outfile, "--out");
  const bool as_json = a.flag("json");
  if (a.get("perm") || a.get("class")) throw UsageError("--sample excludes --perm and --class");
  a.finish();
  const uint32_t n = hc::vertices(d);
  std::map<int, int64_t> dist, lower_dist;
  int64_t unknown = 0, below_corollary = 0, above_distance = 0, total = 0;
  hc::Perm worst;
  Score worst_score{-1, -1, -1};
  std::string worst_label;
  const auto candidates = hc::structured_candidates(d);
  // Progress (on a terminal only) in permutations solved: structured, random, climb steps.
  Progress progress(
      "hypercube minsteps",
      candidates.size() + static_cast<uint64_t>(samples) + static_cast<uint64_t>(climb),
      "permutations");
  auto consider = [&](const hc::Perm& pi, const std::string& label) {
    const hc::MinSteps m = hc::min_steps(d, pi, timeout);
    ++total;
    progress.update(static_cast<uint64_t>(total), label);
    if (!m.exact) ++unknown;
    ++dist[m.upper];
    ++lower_dist[hc::step_lower_bound(d, pi)];
    below_corollary += m.upper < m.corollary_steps;
    above_distance += m.lower > hc::step_lower_bound(d, pi);
    const Score s = score_of(d, pi, m);
    if (worst_score < s) {
      worst_score = s;
      worst = pi;
      worst_label = label;
    }
    return std::make_pair(s, m);
  };
  json structured = json::object();
  for (const auto& [name, pi] : candidates) {
    auto [s, m] = consider(pi, name);
    structured[name] =
        m.exact ? json(m.upper) : json(std::to_string(m.lower) + ".." + std::to_string(m.upper));
  }
  Rng rng(seed);
  for (int64_t i = 0; i < samples; ++i)
    consider(random_perm(n, rng), "random #" + std::to_string(i));
  // Local search from the hardest permutation found: swap two destinations, keep the result
  // when its score is not lower (a walk on plateaus).
  hc::Perm cur = worst;
  Score cur_score = worst_score;
  for (int64_t i = 0; i < climb && n > 1; ++i) {
    hc::Perm next = cur;
    const uint32_t x = static_cast<uint32_t>(rng.below(n));
    uint32_t y = static_cast<uint32_t>(rng.below(n - 1));
    if (y >= x) ++y;
    std::swap(next[x], next[y]);
    auto [s, m] = consider(next, "local search step " + std::to_string(i));
    if (!(s < cur_score)) {
      cur = std::move(next);
      cur_score = s;
    }
  }
  if (outfile) {
    std::ostringstream os;
    os << "# minforge hypercube minsteps: the hardest permutation found, d = " << d << ", "
       << worst_score.steps << " steps (" << worst_label << ")\n"
       << hc::format_perm(worst) << "\n";
    write_output_file(*outfile, os.str(), "--out");
  }
  const int corollary = hc::schedule_steps(d);
  if (as_json) {
    json jd = json::object(), jl = json::object();
    for (auto [k, c] : dist) jd[std::to_string(k)] = c;
    for (auto [k, c] : lower_dist) jl[std::to_string(k)] = c;
    out << json{{"dim", d},
                {"seed", seed},
                {"samples", samples},
                {"climb", climb},
                {"permutations", total},
                {"corollary_steps", corollary},
                {"distribution", jd},
                {"distance_bound_distribution", jl},
                {"unknown", unknown},
                {"below_corollary", below_corollary},
                {"above_distance_bound", above_distance},
                {"structured", structured},
                {"worst",
                 json{{"steps", worst_score.steps}, {"label", worst_label}, {"perm", worst}}}}
               .dump()
        << "\n";
    return 0;
  }
  out << "hypercube d = " << d << ": " << total << " permutations (" << samples << " random, seed "
      << seed << "; structured; " << climb << " local-search steps)\n";
  out << "  Corollary 3.5: " << corollary << " steps for every permutation\n";
  out << "  fewest steps (count):";
  for (auto [k, c] : dist) out << "  " << k << ": " << c;
  out << "\n  distance bound (count):";
  for (auto [k, c] : lower_dist) out << "  " << k << ": " << c;
  out << "\n  need more than the distance bound: " << above_distance
      << "; fewer than 2d-3: " << below_corollary << "; unknown (timed out): " << unknown << "\n";
  out << "  hardest: " << worst_score.steps << " steps (" << worst_label
      << "): " << hc::format_perm(worst) << "\n";
  return 0;
}

int run_minsteps(Args& a, std::ostream& out) {
  const auto timeout_text = a.get("timeout");
  double timeout = 60;
  if (timeout_text) timeout = static_cast<double>(parse_int(*timeout_text, "--timeout", 1, 86400));
  if (a.get("sample")) return run_sample(a, out, timeout);
  if (a.get("climb")) throw UsageError("--climb applies to --sample only");
  return run_single(a, out, timeout);
}

const Registrar reg_minsteps{
    {"hypercube", "minsteps", "fewest packet-switched steps of a permutation (SAT), vs 2d-3",
     "usage: minforge hypercube minsteps --dim d (--perm FILE | --class C [--seed S])\n"
     "                                   [--schedule] [--timeout S] [--json]\n"
     "       minforge hypercube minsteps --dim d --sample N [--seed S] [--climb K]\n"
     "                                   [--out FILE] [--timeout S] [--json]\n"
     "  1 <= d <= 8.  The fewest synchronous steps that route the permutation on the\n"
     "  packet-switched d-cube under Corollary 3.5's rules (every vertex holds one packet,\n"
     "  sends it to itself or a neighbour, receives at most one, no buffer): a SAT instance\n"
     "  (CaDiCaL) per step count from the distance bound max dist(v, pi(v)) up, below the\n"
     "  2d-3 steps of Corollary 3.5; every schedule is checked by the step simulator.\n"
     "  --timeout S bounds each solver call (default 60 s); a timed-out call leaves the\n"
     "  answer an interval.  --schedule adds the moves (moves[t][v]).\n"
     "  --sample N: the structured permutations (bit-reversal, complement, transpose,\n"
     "  shuffle, unshuffle, every shift, and some followed by the complement) and N uniform\n"
     "  random ones (--seed), then --climb K steps of a local search (swap two destinations,\n"
     "  keep when it needs no fewer steps) from the hardest; --out FILE writes the hardest.\n"
     "  JSON (one permutation): {\"dim\",\"lower_bound\",\"min_steps\",\"exact\",\n"
     "    \"corollary_steps\"} + \"moves\" with --schedule; (--sample): {\"dim\",\"seed\",\n"
     "    \"samples\",\"climb\",\"permutations\",\"corollary_steps\",\"distribution\" (steps ->\n"
     "    count),\"distance_bound_distribution\",\"unknown\",\"below_corollary\",\n"
     "    \"above_distance_bound\",\"structured\" (name -> steps),\"worst\" {\"steps\",\"label\",\n"
     "    \"perm\"}}\n",
     run_minsteps}};

}  // namespace
}  // namespace minforge::cli
