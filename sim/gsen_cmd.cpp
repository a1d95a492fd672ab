// `minforge gsen ...`: queries of the GSEN golden model (paper 001).
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "draw.hpp"
#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/algo/gsen/gsen_cost.hpp"
#include "minforge/algo/gsen/gsen_coverage.hpp"
#include "minforge/algo/gsen/gsen_schedule.hpp"

namespace minforge::cli {
namespace {

using params::Ctrl;
using nlohmann::json;

constexpr int64_t kMaxCliPorts = gsen::kMaxPorts;

// Upper limits keep the output (schedule: N x 2^n entries) and memory (coverage: an N x N
// bitmap) within reason; the model itself accepts up to gsen::kMaxPorts.
constexpr int64_t kMaxSchedulePorts = 4096;
constexpr int64_t kMaxCoverPorts = 32768;

int read_ports(Args& a, int64_t max = kMaxCliPorts) {
  return static_cast<int>(a.get_int("ports", 4, max));
}

// --stage C | --alt A [--period 1|2|4]: the configuration of route and draw.
struct ControlChoice {
  Ctrl control;
  uint32_t value;
};

ControlChoice read_control_choice(Args& a, const gsen::Topology& t) {
  auto stage = a.get("stage");
  auto alt = a.get("alt");
  auto period = a.get("period");
  if (stage.has_value() == alt.has_value())
    throw UsageError("give exactly one of --stage C or --alt A");
  if (stage && period) throw UsageError("--period applies to --alt only");
  const int64_t limit = int64_t{t.power()} - 1;
  if (stage) return {Ctrl::Stage, static_cast<uint32_t>(parse_int(*stage, "--stage", 0, limit))};
  int p = period ? static_cast<int>(parse_int(*period, "--period", 1, 4)) : 1;
  if (p != 1 && p != 2 && p != 4) throw UsageError("--period must be 1, 2 or 4");
  return {gsen::control_for_period(p), static_cast<uint32_t>(parse_int(*alt, "--alt", 0, limit))};
}

std::string join(const std::vector<int>& v, int width = 0) {
  std::ostringstream os;
  for (size_t k = 0; k < v.size(); ++k) {
    if (k) os << ' ';
    os << std::setw(width) << v[k];
  }
  return os.str();
}

int run_route(Args& a, std::ostream& out) {
  int N = read_ports(a);
  bool as_json = a.flag("json");
  gsen::Topology t(N);
  ControlChoice c = read_control_choice(a, t);
  a.finish();
  std::vector<int> perm(N);
  std::vector<uint32_t> ftags(N), btags(N);
  for (int i = 0; i < N; ++i) {
    gsen::Path p = gsen::route(t, c.control, c.value, i);
    perm[i] = p.dest;
    ftags[i] = p.forward_tag;
    btags[i] = p.backward_tag;
  }
  if (as_json) {
    out << json{{"ports", N},
                {"stages", t.stages()},
                {"perm", perm},
                {"forward_tags", ftags},
                {"backward_tags", btags}}
               .dump()
        << "\n";
    return 0;
  }
  out << "GSEN " << N << "x" << N << ", " << t.stages() << " stages, " << params::name(c.control)
      << " configuration " << c.value << "\n";
  out << "  input  output  F (forward tag)  B (backward tag)\n";
  for (int i = 0; i < N; ++i)
    out << std::setw(7) << i << std::setw(8) << perm[i] << std::setw(17) << ftags[i]
        << std::setw(18) << btags[i] << "\n";
  out << "permutation: " << join(perm) << "\n";
  return 0;
}

int run_schedule(Args& a, std::ostream& out) {
  int N = read_ports(a, kMaxSchedulePorts);
  std::string ctl = a.get_choice("control", {"alt", "stage"});
  bool as_json = a.flag("json");
  a.finish();
  const Ctrl c = *params::ctrl_from_name(ctl);  // one of the choices above
  gsen::Schedule s = gsen::personalized_exchange(N, c);
  if (as_json) {
    out << json{{"ports", s.ports},     {"stages", s.stages},   {"control", ctl},
                {"rounds", s.rounds()}, {"configs", s.configs}, {"dest", s.dest},
                {"tags", s.tags}}
               .dump()
        << "\n";
    return 0;
  }
  const int w = N >= 1000 ? 5 : N >= 100 ? 4 : 3;
  out << "GSEN " << N << "x" << N << " all-to-all personalized exchange, " << ctl
      << " control: " << s.rounds() << " rounds, " << s.stages << " stages\n";
  out << "configs:";
  for (uint32_t v : s.configs) out << ' ' << v;
  out << "\n\ndestination d[i][k] of processor i in round k (. = idle):\n";
  out << std::setw(6) << "i\\k";
  for (int k = 0; k < s.rounds(); ++k) out << std::setw(w) << k;
  out << "\n";
  for (int i = 0; i < N; ++i) {
    out << std::setw(6) << i;
    for (int k = 0; k < s.rounds(); ++k) {
      if (s.dest[i][k] < 0)
        out << std::setw(w) << ".";
      else
        out << std::setw(w) << s.dest[i][k];
    }
    out << "\n";
  }
  auto errors = gsen::verify_schedule(s);
  int64_t sent = 0;
  for (const auto& row : s.dest)
    for (int d : row) sent += d >= 0;
  out << "\nverification: " << sent << " messages, "
      << (errors.empty() ? "every (i, j) pair delivered exactly once by its tag"
                         : std::to_string(errors.size()) + " errors")
      << "\n";
  for (const auto& e : errors) out << "  " << e << "\n";
  return errors.empty() ? 0 : 1;
}

// Peak memory of `gsen cover` at worst (every pair missing), fitted to /usr/bin/time's
// maximum resident size with one configuration: the missing pairs 8 bytes each, 9 measured
// with the bitmap (N = 2048: 38 MB, N = 8192: 546 MB); with --json their JSON, about 242
// bytes a pair (N = 1024: 260 MB, N = 2048: 1.02 GB).
uint64_t cover_memory(int N, bool json) {
  const uint64_t pairs = uint64_t{static_cast<uint32_t>(N)} * static_cast<uint32_t>(N);
  return (uint64_t{16} << 20) + pairs * (json ? 256 : 10);
}

int run_cover(Args& a, std::ostream& out) {
  int N = read_ports(a, kMaxCoverPorts);
  std::string ctl = a.get_choice("control", {"stage", "alt", "alt2", "alt4"});
  std::string list = a.require("configs");
  bool as_json = a.flag("json");
  const uint64_t max_mem = get_max_mem(a);
  a.finish();
  check_memory(cover_memory(N, as_json), max_mem,
               "gsen cover --ports " + std::to_string(N) + (as_json ? " --json" : ""));
  gsen::Topology t(N);
  auto configs = parse_config_list(list, t.power());
  gsen::Coverage cov = gsen::check_coverage(t, *params::ctrl_from_name(ctl), configs);
  if (as_json) {
    json missing = json::array();
    for (auto [i, j] : cov.missing) missing.push_back({i, j});
    out << json{{"covers", cov.covers}, {"pairs_covered", cov.pairs_covered}, {"missing", missing}}
               .dump()
        << "\n";
    return 0;
  }
  int necessary = 0;
  for (bool b : cov.necessary) necessary += b;
  out << "GSEN " << N << "x" << N << ", " << ctl << " control, " << configs.size()
      << " configurations\n";
  out << "pairs covered: " << cov.pairs_covered << " of " << int64_t{N} * N << "\n";
  out << "all-to-all:    " << (cov.covers ? "yes" : "no") << "\n";
  out << "necessary:     " << necessary << " of " << configs.size()
      << " configurations realize a pair no other listed one does\n";
  if (!cov.missing.empty()) {
    out << "missing pairs (" << cov.missing.size() << "):";
    size_t shown = std::min<size_t>(cov.missing.size(), 64);
    for (size_t k = 0; k < shown; ++k)
      out << " (" << cov.missing[k].first << "," << cov.missing[k].second << ")";
    if (shown < cov.missing.size()) out << " ...";
    out << "\n";
  }
  return 0;
}

int run_cost(Args& a, std::ostream& out) {
  int max = static_cast<int>(a.get_int("max", 4, 1 << 20));
  bool as_json = a.flag("json");
  a.finish();
  auto rows = gsen::cost_table(max);
  const double fractions[] = {0.10, 0.20, 0.30, 0.40};
  if (as_json) {
    json jr = json::array();
    for (const auto& r : rows)
      jr.push_back({{"ports", r.ports},
                    {"stages", r.stages},
                    {"gsen_switches", r.gsen},
                    {"sen_switches", r.sen},
                    {"saving", r.saving}});
    json counts = json::object();
    for (double f : fractions)
      counts[std::to_string(static_cast<int>(f * 100 + 0.5))] =
          gsen::count_saving_at_least(rows, f);
    out << json{{"max", max},
                {"n_values", rows.size()},
                {"saving_at_least_percent", counts},
                {"rows", jr}}
               .dump()
        << "\n";
    return 0;
  }
  out << "GSEN (N/2 * n switches) vs its 2^n x 2^n SEN (2^(n-1) * n switches), N = 4.." << max
      << "\n";
  out << std::setw(8) << "N" << std::setw(4) << "n" << std::setw(10) << "GSEN" << std::setw(10)
      << "SEN" << std::setw(9) << "saving\n";
  const size_t show = rows.size() <= 64 ? rows.size() : 32;
  for (size_t k = 0; k < rows.size(); ++k) {
    if (k == show && rows.size() > 64) out << "     ... (" << rows.size() - 64 << " rows)\n";
    if (k >= show && k < rows.size() - 32) continue;
    const auto& r = rows[k];
    out << std::setw(8) << r.ports << std::setw(4) << r.stages << std::setw(10) << r.gsen
        << std::setw(10) << r.sen << std::setw(7) << std::fixed << std::setprecision(1)
        << 100.0 * r.saving << " %\n";
  }
  out << "\nof " << rows.size() << " values of N:\n";
  for (double f : fractions)
    out << "  " << gsen::count_saving_at_least(rows, f) << " save at least "
        << static_cast<int>(f * 100 + 0.5) << " % of the switches\n";
  return 0;
}

int run_draw(Args& a, std::ostream& out) {
  int N = read_ports(a, 64);
  std::string file = a.require("svg");
  gsen::Topology t(N);
  ControlChoice c = read_control_choice(a, t);
  const bool as_json = a.flag("json");
  a.finish();
  check_output_file(file, "--svg");
  std::string svg = draw::gsen_svg(t, c.control, c.value);
  write_output_file(file, svg, "--svg");
  if (as_json) {
    out << json{{"svg", file},          {"ports", N},
                {"stages", t.stages()}, {"control", params::name(c.control)},
                {"config", c.value},    {"bytes", svg.size()}}
               .dump()
        << "\n";
    return 0;
  }
  out << "wrote " << file << " (GSEN " << N << "x" << N << ", " << params::name(c.control)
      << " configuration " << c.value << ")\n";
  return 0;
}

const Registrar reg_route{
    {"gsen", "route", "route every input under one configuration",
     "usage: minforge gsen route --ports N (--stage C | --alt A [--period "
     "1|2|4]) [--json]\n"
     "  Routes every input of an N x N GSEN (N even, >= 4) under stage\n"
     "  configuration C or alternating configuration A (period 1, 2, 4 =\n"
     "  alternating, doubly, quadruply); prints destination, forward tag F\n"
     "  and backward tag B per input.\n"
     "  JSON: {\"ports\",\"stages\",\"perm\",\"forward_tags\",\"backward_tags\"}\n",
     run_route}};
const Registrar reg_schedule{
    {"gsen", "schedule", "all-to-all personalized exchange schedule",
     "usage: minforge gsen schedule --ports N --control alt|stage [--json]\n"
     "  alt:   Algorithms 2-4 of paper 001 (N = 2 mod 4): N rounds, A_k = k xor (k >> 1).\n"
     "  stage: 2^n rounds, C = k; each (i, j) sent once, in the first round that routes it.\n"
     "  dest[i][k] is the destination of processor i in round k (-1: idle); tags[i][k] its\n"
     "  forward tag.  JSON: "
     "{\"ports\",\"stages\",\"control\",\"rounds\",\"configs\",\"dest\",\"tags\"}\n",
     run_schedule}};
const Registrar reg_cover{
    {"gsen", "cover", "does a set of configurations realize all-to-all?",
     "usage: minforge gsen cover --ports N --control stage|alt|alt2|alt4 --configs LIST [--json]\n"
     "                           [--max-mem SIZE]\n"
     "  LIST: comma-separated numbers and ranges, e.g. 0-15,20-23,28-31 (or 0~15 as printed).\n"
     "  --max-mem SIZE (default 2G; K, M, G suffixes): the run is refused when its estimated\n"
     "      peak memory (every pair missing: 10 bytes a pair, 256 with --json) is larger.\n"
     "  JSON: {\"covers\",\"pairs_covered\",\"missing\":[[i,j],...]}\n",
     run_cover}};
const Registrar reg_cost{
    {"gsen", "cost", "switch count: GSEN vs the SEN it replaces",
     "usage: minforge gsen cost --max N [--json]\n"
     "  Table of N = 4, 6, ..., N: switches of the N x N GSEN vs its 2^n x 2^n\n"
     "  SEN, and how many N save at least 10/20/30/40 %.\n",
     run_cost}};
const Registrar reg_draw{
    {"gsen", "draw", "SVG picture of a configuration and its paths",
     "usage: minforge gsen draw --ports N (--stage C | --alt A [--period 1|2|4]) --svg FILE "
     "[--json]\n"
     "  Writes an SVG (open it in a browser) of the N x N GSEN (N <= 64) with every switch\n"
     "  state and the path of every input, like Fig. 4, 7 and 9 of paper 001.\n"
     "  JSON: {\"svg\",\"ports\",\"stages\",\"control\",\"config\",\"bytes\"}\n",
     run_draw}};

}  // namespace
}  // namespace minforge::cli
