// `minforge hypercube realize|draw`: the hypercube golden model (paper 004): REALIZE's
// 2-realization with the checks of Theorem 3.4 and Lemmas 3.1-3.3, and Corollary 3.5's
// packet schedule checked by the step simulator.  (`hypercube sim`, the RTL in lockstep, is
// sim/hypercube_sim_cmd.cpp.)
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "draw_hypercube.hpp"
#include "hypercube_args.hpp"
#include "minforge/algo/hypercube/hypercube_packet.hpp"
#include "minforge/algo/hypercube/hypercube_realize.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace hc = minforge::hypercube;

// Peak memory of `hypercube realize`, fitted to /usr/bin/time's maximum resident size at
// d = 16, 18, 20 (random permutation) with margin: the realization about 64 bytes per vertex;
// the output (buffered until the command succeeds) per vertex and schedule step 33-38 bytes as
// JSON, 13 as text; per vertex and path vertex about 32 bytes as JSON, 12 as text (d = 18:
// 23 MB bare, 303 MB --schedule --json, 136 MB --schedule, 173 MB --paths --json; d = 20
// --schedule --json: 1.51 GiB).
uint64_t realize_memory(int d, bool paths, bool schedule, bool json) {
  const uint64_t n = uint64_t{1} << d;
  uint64_t b = 64 * n + (uint64_t{16} << 20);
  if (schedule) b += (json ? 44 : 16) * n * static_cast<uint64_t>(hc::schedule_steps(d));
  if (paths) b += (json ? 36 : 16) * n * static_cast<uint64_t>(d);
  return b;
}

int run_realize(Args& a, std::ostream& out) {
  HypercubePermOptions o = hypercube_perm_options(a, hc::kMaxDim);
  const bool with_paths = a.flag("paths");
  const bool with_schedule = a.flag("schedule");
  const bool as_json = a.flag("json");
  const uint64_t max_mem = get_max_mem(a);
  a.finish();
  const int d = o.dim;
  const uint32_t n = uint32_t{1} << d;
  check_memory(realize_memory(d, with_paths, with_schedule, as_json), max_mem,
               "hypercube realize --dim " + std::to_string(d) + (with_paths ? " --paths" : "") +
                   (with_schedule ? " --schedule" : "") + (as_json ? " --json" : ""));
  auto [pi, label] = hypercube_load_perm(o);

  hc::LemmaReport lemmas;
  hc::Realization r = hc::realize(d, pi, {}, &lemmas);
  hc::check_levels(r, lemmas);
  hc::RealizationCheck c = hc::check_realization(r);
  hc::StepCheck steps = hc::check_schedule(r);
  std::vector<std::string> errors = c.errors;
  errors.insert(errors.end(), lemmas.errors.begin(), lemmas.errors.end());
  if (!steps.ok) errors.push_back("packet schedule: " + steps.error);
  const int bound_steps = hc::schedule_steps(d);
  if (steps.steps > hc::path_bound(d))
    errors.push_back("packet schedule: " + std::to_string(steps.steps) + " steps > bound");

  if (as_json) {
    json j{{"dim", d},
           {"max_edge_load", c.max_edge_load},
           {"edge_uses", c.edge_uses},
           {"bound_edge_uses", c.bound_edge_uses},
           {"max_path_length", c.max_path_length},
           {"bound_path_length", c.bound_path_length},
           {"packet_steps", steps.steps}};
    if (with_paths) {
      json jp = json::array();
      std::vector<uint32_t> p;
      for (uint32_t v = 0; v < n; ++v) {
        r.path(v, p);
        jp.push_back(p);
      }
      j["paths"] = std::move(jp);
    }
    if (with_schedule) j["moves"] = hc::expand_schedule(r).moves;
    if (!errors.empty()) j["errors"] = errors;
    out << j.dump() << "\n";
    return errors.empty() ? 0 : 1;
  }
  out << "hypercube d = " << d << " (" << n << " vertices, " << c.bound_edge_uses
      << " directed edges), permutation " << label << "\n";
  out << "2-realization (REALIZE, paper 004 Theorem 3.4):\n";
  out << "  max edge load      " << c.max_edge_load << "  (bound 2"
      << (d <= 3 ? "; d <= 3: a 1-realization with shortest paths" : "") << ")\n";
  out << "  edge uses          " << c.edge_uses << "  (bound d 2^d = " << c.bound_edge_uses
      << ")\n";
  out << "  max path length    " << c.max_path_length << "  (bound " << (d >= 3 ? "2d-3" : "d")
      << " = " << c.bound_path_length << ")\n";
  if (d > hc::base_level(d))
    out << "  Lemmas 3.1-3.3     " << (lemmas.ok ? "hold" : "FAIL") << " at levels "
        << hc::base_level(d) + 1 << ".." << d << "; base 3-cubes: shortest 1-realizations\n";
  out << "packet-switched routing (Corollary 3.5):\n";
  out << "  steps              " << steps.steps << "  (bound " << (d >= 3 ? "2d-3" : "d") << " = "
      << bound_steps << "); step simulator: "
      << (steps.ok ? "every packet delivered, every step legal" : steps.error) << "\n";
  if (with_paths) {
    out << "paths (v: v -> ... -> pi(v)):\n";
    std::vector<uint32_t> p;
    for (uint32_t v = 0; v < n; ++v) {
      r.path(v, p);
      out << "  " << v << ":";
      for (uint32_t x : p) out << " " << x;
      out << "\n";
    }
  }
  if (with_schedule) {
    out << "schedule (step t: holder -> receiver, packets that stay omitted):\n";
    std::vector<uint32_t> row;
    for (int t = 0; t < bound_steps; ++t) {
      hc::schedule_row(r, t, row);
      out << "  step " << t << ":";
      int moved = 0;
      for (uint32_t v = 0; v < n; ++v)
        if (row[v] != v) {
          out << " " << v << "->" << row[v];
          ++moved;
        }
      if (!moved) out << " (nothing moves)";
      out << "\n";
    }
  }
  for (const auto& e : errors) out << "error: " << e << "\n";
  return errors.empty() ? 0 : 1;
}

int run_draw(Args& a, std::ostream& out) {
  HypercubePermOptions o = hypercube_perm_options(a, draw::kMaxDrawDim);
  const std::string file = a.require("svg");
  const bool as_json = a.flag("json");
  a.finish();
  check_output_file(file, "--svg");
  auto [pi, label] = hypercube_load_perm(o);
  hc::Realization r = hc::realize(o.dim, pi);
  hc::RealizationCheck c = hc::check_realization(r);
  const std::string svg = draw::hypercube_svg(r, label);
  write_output_file(file, svg, "--svg");
  if (as_json) {
    out << json{{"svg", file},
                {"dim", o.dim},
                {"max_edge_load", c.max_edge_load},
                {"edge_uses", c.edge_uses},
                {"max_path_length", c.max_path_length}}
               .dump()
        << "\n";
  } else {
    out << "wrote " << file << " (" << o.dim << "-cube, permutation " << label << ", max edge load "
        << c.max_edge_load << ", " << c.edge_uses << " edge uses)\n";
  }
  return c.ok ? 0 : 1;
}

const std::string kPermHelp =
    "  The permutation: --perm FILE (destinations pi(0) .. pi(2^d-1), decimal, separated by\n"
    "  whitespace, '#' comments; exactly 2^d entries, each once) or --class C with C one of\n"
    "  identity, bit-reversal, complement, transpose (low and high floor(d/2) address bits\n"
    "  swapped), shift[:k] (v -> v+k mod 2^d, k = 1 by default), shuffle (perfect shuffle,\n"
    "  address rotated left), random (--seed S, default 1).\n";

const Registrar reg_realize{
    {"hypercube", "realize", "2-realization (REALIZE) and (2d-3)-step packet schedule",
     "usage: minforge hypercube realize --dim d (--perm FILE | --class C [--seed S])\n"
     "                                  [--paths] [--schedule] [--json] [--max-mem SIZE]\n"
     "  The 2-realization of paper 004 (REALIZE: PARTITION, CONSTRUCT) on the d-cube,\n"
     "  1 <= d <= 24, checked: every path a walk along cube edges from v to pi(v), no directed\n"
     "  edge in more than 2 paths, at most d 2^d edge uses (Theorem 3.4(i)), paths at most\n"
     "  2d-3 long for d >= 3 (3.4(ii); d for d <= 2), Lemmas 3.1-3.3 at every level; and\n"
     "  Corollary 3.5's packet schedule, run by the step simulator.  Exit 1 if a check fails.\n" +
         kPermHelp +
         "  --paths adds the paths, --schedule the moves of every step.\n"
         "  --max-mem SIZE (default 2G; K, M, G suffixes): the run is refused when its estimated\n"
         "  peak memory is larger (d = 22 --schedule --json: about 7.3 GiB).\n"
         "  JSON: "
         "{\"dim\",\"max_edge_load\",\"edge_uses\",\"bound_edge_uses\",\"max_path_length\",\n"
         "         \"bound_path_length\",\"packet_steps\"} + \"paths\" (paths[v] = the vertices\n"
         "         from v to pi(v)) with --paths, + \"moves\" (moves[t][v] = where the packet "
         "held\n"
         "         by v at the start of step t goes, v when it stays) with --schedule\n",
     run_realize}};
const Registrar reg_draw{
    {"hypercube", "draw", "SVG of the d-cube (d <= 5) with REALIZE's paths and edge loads",
     "usage: minforge hypercube draw --dim d (--perm FILE | --class C [--seed S]) --svg FILE\n"
     "                               [--json]\n"
     "  1 <= d <= 5.  Draws every vertex and both directed edges of every cube edge, coloured\n"
     "  by the number of paths of REALIZE's 2-realization using it, and lists the paths.\n" +
         kPermHelp +
         "  JSON: {\"svg\",\"dim\",\"max_edge_load\",\"edge_uses\",\"max_path_length\"}\n",
     run_draw}};

}  // namespace
}  // namespace minforge::cli
