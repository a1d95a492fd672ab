// `minforge lcan info|route|simulate|draw|figures`: the LCAN golden model (paper 003,
// sections 2 and 3).  `minforge lcan realize` (section 4) is in lcan_realize_cmd.cpp.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli.hpp"
#include "draw_lcan.hpp"
#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_experiments.hpp"
#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace lc = minforge::lcan;

constexpr int64_t kMaxSeed = (int64_t{1} << 62) - 1 + (int64_t{1} << 62);  // 2^63 - 1

const char* kNetworkHelp =
    "  --network SPEC   cb:N,d,u[,l]  complete bipartite CB-LCAN(N,d,u) (l levels, default\n"
    "                                 log_d N: Corollary 1; fewer = a partitioned network)\n"
    "                   t:N,d,u[,l]   (d/u)-ary tree T-LCAN(N,d,u) (default log_{d/u}(N/u)\n"
    "                                 levels: Corollary 2)\n"
    "                   cb:d/u,d/u,.. t:d/u,..   switch sizes per level, level 0 first\n"
    "                   baseline:N (CB 2,2)  trac:N (CB 3,2)  swbanyan:N,f,s (CB f,s)\n"
    "                   kyklos:N,d (CB d,1)  cm5:N (CB, d=4 u=2 on levels 0-1, d=u=4 above)\n";

lc::Network read_network(Args& a) { return lc::Network::parse(a.require("network")); }

json sizes_json(const lc::Network& net, bool downers) {
  if (net.uniform()) return downers ? net.d() : net.u();
  json v = json::array();
  for (int i = 0; i < net.levels(); ++i) v.push_back(downers ? net.d(i) : net.u(i));
  return v;
}

std::string port_name(lc::PortRef p) {
  return std::string(1, p.side == lc::PortRef::Up ? 'u' : 'd') + std::to_string(p.index);
}

std::string switch_label(const lc::Network& net, int level, int sw) {
  const std::string s =
      lc::Network::label_string(net.switch_label(level, sw), net.switch_label_radices(level));
  return s.empty() ? "root" : s;
}

std::string pe_label(const lc::Network& net, int pe) {
  std::vector<int> radices;
  for (int x = net.pe_digits() - 1; x >= 0; --x) radices.push_back(net.pe_radix(x));
  return lc::Network::label_string(net.pe_label(pe), radices);
}

lc::UpPolicy read_up(Args& a) {
  auto v = a.get("up");
  return v ? lc::parse_up_policy(*v) : lc::UpPolicy::PerCycle;
}

lc::DownPolicy read_down(Args& a) {
  auto v = a.get("down");
  return v ? lc::parse_down_policy(*v) : lc::DownPolicy::LowerFirst;
}

void write_file(const std::string& path, const std::string& text) {
  write_output_file(path, text, "output");
}

// ---- info -------------------------------------------------------------------------------

int run_info(Args& a, std::ostream& out) {
  const lc::Network net = read_network(a);
  const bool as_json = a.flag("json");
  a.finish();
  const auto lmax = net.l_max();
  if (as_json) {
    out << json{{"network", net.name()},
                {"N", net.N()},
                {"d", sizes_json(net, true)},
                {"u", sizes_json(net, false)},
                {"levels", net.levels()},
                {"l_max", lmax ? json(*lmax) : json(nullptr)},
                {"switches_per_level", net.switches_per_level()}}
               .dump()
        << "\n";
    return 0;
  }
  const bool cb = net.wiring() == lc::Wiring::CB;
  out << net.name() << ": " << (cb ? "complete bipartite" : "(d/u)-ary tree")
      << " level interconnect, N = " << net.N() << " PEs\n";
  out << "levels:   " << net.levels();
  if (net.levels() != net.full_levels())
    out << " of " << net.full_levels() << " (" << net.N() / net.part_size()
        << " disconnected parts of " << net.part_size() << " PEs)";
  else
    out << (cb ? " (Corollary 1: log_d N)" : " (Corollary 2: log_{d/u}(N/u))");
  out << "\n";
  out << "l_max:    "
      << (lmax ? std::to_string(*lmax)
               : std::string(net.uniform() ? "unbounded (d divides u)" : "- (sizes vary by level)"))
      << " (Theorem 1)\n";
  out << "PE label: " << net.pe_digits() << " digits, e.g. PE " << net.N() - 1 << " = "
      << pe_label(net, net.N() - 1) << "\n";
  int64_t wires = 0;
  for (int i = 0; i < net.levels(); ++i) {
    out << "level " << i << ":  " << std::setw(7) << net.switches(i) << " switches, " << net.d(i)
        << " downers x " << net.u(i) << " uppers";
    if (cb)
      out << ", labels: " << net.pe_digits() - 1 - i << " PE digits + " << i << " upper digits";
    out << "\n";
    if (i + 1 < net.levels()) wires += int64_t{net.switches(i)} * net.u(i);
  }
  out << "wires:    " << net.N() << " PE connectors + " << wires
      << " between levels (each bi-directional: an up link and a down link)\n";
  return 0;
}

// ---- route ------------------------------------------------------------------------------

int run_route(Args& a, std::ostream& out) {
  const lc::Network net = read_network(a);
  const int s = static_cast<int>(a.get_int("src", 0, net.N() - 1));
  const int t = static_cast<int>(a.get_int("dst", 0, net.N() - 1));
  const int64_t via = a.get_int_or("via", 0, 0, int64_t{1} << 40);
  const bool as_json = a.flag("json");
  a.finish();
  const int L = net.lca_level(s, t);
  if (L >= net.levels())
    throw InvalidArgument("PE " + std::to_string(s) + " and PE " + std::to_string(t) +
                          " are in different parts of " + net.name() + " (not connected)");
  const auto lcas = net.lca_switches(s, t);
  const auto path = net.route(s, t, via);
  if (as_json) {
    json jp = json::array();
    for (const auto& h : path)
      jp.push_back({{"level", h.level},
                    {"switch", h.sw},
                    {"label", switch_label(net, h.level, h.sw)},
                    {"in", port_name(h.in)},
                    {"out", port_name(h.out)}});
    json labels = json::array();
    for (int sw : lcas) labels.push_back(switch_label(net, L, sw));
    out << json{{"network", net.name()},
                {"src", s},
                {"dst", t},
                {"src_label", pe_label(net, s)},
                {"dst_label", pe_label(net, t)},
                {"lca_level", L},
                {"lca_switches", lcas},
                {"lca_switch_labels", labels},
                {"via", via},
                {"path", jp}}
               .dump()
        << "\n";
    return 0;
  }
  out << net.name() << ": PE " << s << " (" << pe_label(net, s) << ") -> PE " << t << " ("
      << pe_label(net, t) << ")\n";
  out << "LCA level:     " << L << "\n";
  out << "LCA switches:  " << lcas.size() << ":";
  for (size_t k = 0; k < lcas.size() && k < 64; ++k)
    out << " " << lcas[k] << "(" << switch_label(net, L, lcas[k]) << ")";
  if (lcas.size() > 64) out << " ...";
  out << "\npath via LCA switch #" << via << ":\n";
  for (const auto& h : path)
    out << "  level " << h.level << " switch " << std::setw(6) << h.sw << " ("
        << switch_label(net, h.level, h.sw) << "): " << port_name(h.in) << " -> "
        << port_name(h.out) << "\n";
  return 0;
}

// ---- simulate ---------------------------------------------------------------------------

int run_simulate(Args& a, std::ostream& out) {
  const lc::Network net = read_network(a);
  const auto cls_text = a.get("class");
  const auto perm_file = a.get("perm");
  if (cls_text.has_value() == perm_file.has_value())
    throw UsageError("give exactly one of --class root|bpc|random and --perm FILE");
  std::optional<lc::PermClass> cls;
  if (cls_text) cls = lc::parse_class(*cls_text);
  const int trials = static_cast<int>(a.get_int("trials", 1, 1000000));
  const uint64_t seed = static_cast<uint64_t>(a.get_int("seed", 0, kMaxSeed));
  const lc::UpPolicy up = read_up(a);
  const lc::DownPolicy down = read_down(a);
  const bool as_json = a.flag("json");
  a.finish();
  lc::ClassStats st;
  std::string cls_name;
  Progress progress("lcan simulate", static_cast<uint64_t>(trials), "permutations");
  if (cls) {
    if (*cls == lc::PermClass::Bpc && !is_pow2(static_cast<uint64_t>(net.part_size())))
      throw InvalidArgument("bpc permutations need N a power of 2 (" + net.name() + ")");
    st = lc::simulate_class(net, *cls, trials, seed, up, down,
                            [&](int k) { progress.update(static_cast<uint64_t>(k)); });
    cls_name = lc::class_name(*cls);
  } else {
    const lc::Permutation p =
        lc::parse_permutation(read_perm_text(*perm_file, static_cast<uint64_t>(net.N())),
                              "permutation file '" + *perm_file + "'");
    lc::check_for_network(net, p);
    lc::Simulator sim(net, up, down, seed);
    double sum = 0;
    for (int k = 0; k < trials; ++k) {
      st.cycles.push_back(sim.route(p).cycles);
      sum += st.cycles.back();
      progress.update(static_cast<uint64_t>(k) + 1);
    }
    st.trials = trials;
    st.mean = sum / trials;
    double ss = 0;
    for (int c : st.cycles) ss += (c - st.mean) * (c - st.mean);
    st.variance = trials > 1 ? ss / (trials - 1) : 0;
    st.min = *std::min_element(st.cycles.begin(), st.cycles.end());
    st.max = *std::max_element(st.cycles.begin(), st.cycles.end());
    cls_name = "file";
  }
  std::optional<double> predicted;
  if (cls == lc::PermClass::Root && net.wiring() == lc::Wiring::CB)
    predicted = lc::predict_root(net).cycles;
  if (as_json) {
    out << json{{"network", net.name()},
                {"class", cls_name},
                {"trials", trials},
                {"mean_cycles", st.mean},
                {"variance", st.variance},
                {"predicted_cycles", predicted ? json(*predicted) : json(nullptr)}}
               .dump()
        << "\n";
    return 0;
  }
  out << net.name() << ", " << (cls ? cls_name + " permutations" : "permutation " + *perm_file)
      << ", up " << lc::up_policy_name(up) << ", down " << lc::down_policy_name(down) << "\n";
  out << std::fixed << std::setprecision(4);
  out << "trials:           " << trials << " (seed " << seed << ")\n";
  out << "mean cycles:      " << st.mean << "\n";
  out << "variance:         " << st.variance << "\n";
  out << "min / max:        " << st.min << " / " << st.max << "\n";
  if (predicted) out << "predicted cycles: " << *predicted << " (Equations 2 and 3)\n";
  return 0;
}

// ---- draw -------------------------------------------------------------------------------

int run_draw(Args& a, std::ostream& out) {
  const lc::Network net = read_network(a);
  const auto perm_file = a.get("perm");
  const auto cls_text = a.get("class");
  if (perm_file && cls_text) throw UsageError("give at most one of --perm FILE and --class C");
  const uint64_t seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, kMaxSeed));
  const lc::UpPolicy up = read_up(a);
  const lc::DownPolicy down = read_down(a);
  const std::string file = a.require("svg");
  const bool as_json = a.flag("json");
  a.finish();
  draw::check_lcan_drawable(net);
  check_output_file(file, "--svg");
  std::optional<lc::Permutation> p;
  std::string what;
  if (perm_file) {
    p = lc::parse_permutation(read_perm_text(*perm_file, static_cast<uint64_t>(net.N())),
                              "permutation file '" + *perm_file + "'");
    lc::check_for_network(net, *p);
    what = "permutation " + std::filesystem::path(*perm_file).filename().string();
  } else if (cls_text) {
    const lc::PermClass c = lc::parse_class(*cls_text);
    Rng rng(seed);
    p = lc::generate(net, c, rng);
    what = *cls_text + " permutation (seed " + std::to_string(seed) + ")";
  }
  std::vector<lc::Circuit> circuits;
  int cycles = 0;
  if (p) {
    lc::Simulator sim(net, up, down, seed);
    std::vector<lc::CycleTrace> trace;
    cycles = sim.route(*p, &trace, 1).cycles;
    circuits = trace[0].circuits;
  }
  std::string subtitle;
  if (p)
    subtitle = what + ": network cycle 1 of " + std::to_string(cycles) + ", " +
               std::to_string(circuits.size()) + " of " + std::to_string(net.N()) +
               " pairs connected (up " + lc::up_policy_name(up) + ", down " +
               lc::down_policy_name(down) + ")";
  write_file(file, draw::lcan_svg(net, circuits, subtitle));
  if (as_json) {
    out << json{{"network", net.name()},
                {"svg", file},
                {"pairs", p ? net.N() : 0},
                {"routed_first_cycle", static_cast<int>(circuits.size())},
                {"cycles", p ? json(cycles) : json(nullptr)}}
               .dump()
        << "\n";
    return 0;
  }
  out << "wrote " << file << " (" << net.name();
  if (p) out << ", " << circuits.size() << " of " << net.N() << " pairs in the first cycle";
  out << ")\n";
  return 0;
}

// ---- figures ----------------------------------------------------------------------------

draw::Plot figure_plot(const lc::FigureSpec& fig, const std::vector<lc::FigureRow>& rows,
                       int trials) {
  draw::Plot p;
  p.title = fig.title;
  p.x_label = fig.x_label;
  p.y_label = "network cycles (mean of " + std::to_string(trials) + ", bars: 1 s.d.)";
  for (const auto& pt : fig.points) p.x.push_back(pt.x);
  const double nan = std::nan("");
  struct S {
    lc::PermClass c;
    const char* label;
    const char* colour;
    int marker;
  };
  for (const S& s :
       {S{lc::PermClass::Root, "root", "#1f5fbf", 0}, S{lc::PermClass::Bpc, "BPC", "#2a9d3a", 1},
        S{lc::PermClass::Random, "random", "#c0392b", 2}}) {
    draw::PlotSeries ser;
    ser.label = std::string(s.label) + " (simulated)";
    ser.colour = s.colour;
    ser.marker = s.marker;
    for (const auto& pt : fig.points) {
      double y = nan, e = 0;
      for (const auto& r : rows)
        if (r.x == pt.x && r.cls == s.c) {
          y = r.stats.mean;
          e = std::sqrt(r.stats.variance);
        }
      ser.y.push_back(y);
      ser.err.push_back(e);
    }
    p.series.push_back(ser);
  }
  draw::PlotSeries pred;
  pred.label = "root (predicted)";
  pred.colour = "#111";
  pred.dashed = true;
  pred.marker = 3;
  for (const auto& pt : fig.points) {
    double y = nan;
    for (const auto& r : rows)
      if (r.x == pt.x && r.predicted) y = *r.predicted;
    pred.y.push_back(y);
  }
  p.series.push_back(pred);
  return p;
}

int run_figures(Args& a, std::ostream& out) {
  const std::string dir = a.require("out");
  const int trials = static_cast<int>(a.get_int_or("trials", 1000, 1, 100000));
  const uint64_t seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, kMaxSeed));
  const bool quiet = a.flag("quiet");
  const bool as_json = a.flag("json");
  a.finish();
  check_output_dir(dir, "--out");
  json files = json::array();
  int nrows = 0;
  // Progress in permutations routed (rows x trials), on a terminal only, unless --quiet.
  uint64_t total = 0;
  for (const auto& fig : lc::paper_figures())
    for (const auto& pt : fig.points)
      total += static_cast<uint64_t>(trials) *
               (is_pow2(static_cast<uint64_t>(lc::Network::parse(pt.network).part_size())) ? 3 : 2);
  std::optional<Progress> progress;
  if (!quiet) progress.emplace("lcan figures", total, "permutations");
  uint64_t done = 0;
  for (const auto& fig : lc::paper_figures()) {
    auto rows = lc::run_figure(fig, trials, seed, [&](const lc::FigureRow& r) {
      done += static_cast<uint64_t>(trials);
      if (progress)
        progress->update(done, r.figure + " " + r.network + " " + lc::class_name(r.cls));
    });
    const std::string base = (std::filesystem::path(dir) / fig.id).string();
    write_file(base + ".csv", lc::figure_csv(rows));
    write_file(base + ".svg", draw::plot_svg(figure_plot(fig, rows, trials)));
    files.push_back(base + ".csv");
    files.push_back(base + ".svg");
    nrows += static_cast<int>(rows.size());
  }
  if (as_json) {
    out << json{{"out", dir}, {"trials", trials}, {"seed", seed}, {"rows", nrows}, {"files", files}}
               .dump()
        << "\n";
    return 0;
  }
  out << "wrote";
  for (const auto& f : files) out << " " << f.get<std::string>();
  out << " (" << nrows << " rows, " << trials << " permutations each, seed " << seed << ")\n";
  return 0;
}

const Registrar reg_info{{"lcan", "info", "LCAN structure: levels, l_max, switches per level",
                          std::string("usage: minforge lcan info --network SPEC [--json]\n") +
                              kNetworkHelp +
                              "  Levels (Corollaries 1, 2), l_max (Theorem 1), switches per level "
                              "(Equation 1).\n"
                              "  JSON: {\"network\",\"N\",\"d\",\"u\",\"levels\",\"l_max\","
                              "\"switches_per_level\"}\n"
                              "  (d and u are arrays for per-level networks; l_max is null when "
                              "unbounded or per-level)\n",
                          run_info}};
const Registrar reg_route{
    {"lcan", "route", "LCA level, LCA switches and one path of a PE pair",
     std::string("usage: minforge lcan route --network SPEC --src S --dst D [--via K] [--json]\n") +
         kNetworkHelp +
         "  --via K          which LCA switch the path turns in (index into lca_switches; in a\n"
         "                   CB-LCAN digit j of K in radix u is the upper taken at level j)\n"
         "  Ports: dJ = downer J, uK = upper K.\n"
         "  JSON: {\"network\",\"src\",\"dst\",\"src_label\",\"dst_label\",\"lca_level\","
         "\"lca_switches\",\"lca_switch_labels\",\"via\",\"path\"}, path = "
         "[{\"level\",\"switch\",\"label\",\"in\",\"out\"}]\n",
     run_route}};
const Registrar reg_simulate{
    {"lcan", "simulate", "on-line permutation routing: mean and variance of network cycles",
     std::string("usage: minforge lcan simulate --network SPEC (--class root|bpc|random | --perm "
                 "FILE)\n"
                 "         --trials T --seed S [--up cycle|perm|fixed] [--down "
                 "random|lower|higher] [--json]\n") +
         kNetworkHelp +
         "  --class C        T permutations of the class (root: every pair through the top level;\n"
         "                   bpc: bit-permute-complement, N a power of 2; random: uniform)\n"
         "  --perm FILE      one permutation (text: the destination of PE 0, 1, ... separated by\n"
         "                   whitespace, '#' comments), routed T times\n"
         "  --up P           upward switch settings drawn per switch every network cycle (cycle,\n"
         "                   default), once per permutation (perm), once per run (fixed)\n"
         "  --down P         downer contention: random, lower LCA level first (lower, default),\n"
         "                   higher first (higher)\n"
         "  JSON: {\"network\",\"class\",\"trials\",\"mean_cycles\",\"variance\","
         "\"predicted_cycles\"}\n"
         "  (predicted_cycles: Equations 2 and 3 for root permutations on a CB-LCAN, else "
         "null)\n",
     run_simulate}};
const Registrar reg_draw{
    {"lcan", "draw", "SVG of an LCAN with one network cycle's circuits (like Figs. 2-4)",
     std::string("usage: minforge lcan draw --network SPEC [--perm FILE | --class C [--seed S]]\n"
                 "         [--up P] [--down P] --svg FILE [--json]\n") +
         kNetworkHelp +
         "  Draws the levels, switches (with the paper's labels) and wires; with a permutation,\n"
         "  the circuits the simulator sets up in its first network cycle.  N <= 256.\n"
         "  JSON: {\"network\",\"svg\",\"pairs\",\"routed_first_cycle\",\"cycles\"}\n",
     run_draw}};
const Registrar reg_figures{
    {"lcan", "figures", "the section 3 experiments (Figs. 5-7): CSV and SVG",
     "usage: minforge lcan figures --out DIR [--trials T] [--seed S] [--quiet] [--json]\n"
     "  Runs Figs. 5, 6, 7 of paper 003 (T = 1000 permutations per class per network by\n"
     "  default, the paper's policy) and writes DIR/fig5.csv, fig5.svg, ... fig7.svg.\n"
     "  DIR must exist.  Progress goes to stderr when it is a terminal, unless --quiet.\n"
     "  (make lcan-figures: into docs/lcan/)\n"
     "  JSON: {\"out\",\"trials\",\"seed\",\"rows\",\"files\"}\n",
     run_figures}};

}  // namespace
}  // namespace minforge::cli
