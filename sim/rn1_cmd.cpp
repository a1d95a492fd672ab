// `minforge rn1 ...`: RN1 fault-tolerant multipath networks (paper 002).
//   rn1 net     traffic run of the cycle-accurate model (with --rtl, an alias of `sim rn1`)
//   sim rn1     the same traffic on the network RTL in lockstep with the model
//   rn1 paths   path expansion from the wiring vs Equations 20.1-20.5
//   rn1 faults  random fault campaigns
//   rn1 verilog the network top Verilog from the model's wiring (rtl/rn1/gen/*.v)
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/algo/rn1/rn1_verilog.hpp"
#include "minforge/twin/rn1/rn1_traffic.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
using namespace minforge::rn1;
using namespace minforge::twin;

// Every network; those with an RTL top (rtl/rn1/gen/: `--rtl`, `verilog`).
const std::vector<std::string> kTopologies = {"fig20.7", "fig20.9", "rn1-64",
                                              "fig20.3", "fig20.4", "fig20.7-d2last"};
const std::vector<std::string> kRtlTopologies = {"fig20.7", "fig20.9", "rn1-64", "fig20.3",
                                                 "fig20.4"};
const std::vector<std::string> kTraffic = {"uniform", "permutation", "alltoall"};

double get_load(Args& a, double fallback) {
  auto v = a.get("load");
  return v ? parse_double(*v, "--load", 0, 1, /*lo_open=*/true) : fallback;
}

json stats_json(const RunStats& s) {
  return json{{"topology", s.topology},
              {"endpoints", s.endpoints},
              {"sent", s.sent},
              {"delivered", s.delivered},
              {"lost", s.lost},
              {"duplicates", s.duplicates},
              {"mean_attempts", s.mean_attempts},
              {"p99_attempts", s.p99_attempts},
              {"mean_latency", s.mean_latency},
              {"p99_latency", s.p99_latency},
              {"throughput", s.throughput},
              {"unfinished", s.unfinished},
              {"lost_connected", s.lost_connected},
              {"cycles_run", s.cycles_run}};
}

// `rn1 net` (sim_verb false: the model, or the RTL with --rtl, the old spelling of `sim rn1`)
// and `sim rn1` (sim_verb true: the network top in lockstep with the model).
int run_net(Args& a, std::ostream& out, bool sim_verb) {
  RunConfig c;
  c.topology = parse_topology(a.get_choice("topology", sim_verb ? kRtlTopologies : kTopologies));
  c.traffic = parse_traffic(a.get_choice("traffic", kTraffic));
  c.load = get_load(a, 0.2);
  c.cycles = static_cast<uint64_t>(a.get_int_or("cycles", 5000, 1, 10000000));
  c.faults = static_cast<int>(a.get_int_or("faults", 0, 0, 100000));
  c.seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 53)));
  const bool rtl = sim_verb || a.flag("rtl");
  const bool as_json = a.flag("json");
  a.finish();
  if (rtl && net_spec(c.topology).rtl_top.empty()) {
    throw UsageError("--rtl: " + topology_name(c.topology) + " is a model-only network");
  }
  validate(c);
  if (rtl && !sim_verb) alias_note("rn1 net --rtl", "rn1");
  RunStats st;
  long mismatches = -1;
  std::string first;
  if (rtl) {  // the network top built on demand, in lockstep in this process
    tb::RunOptions opt;
    opt.wave_dir = std::filesystem::temp_directory_path().string();
    const auto r = tb::rn1_net_lockstep(tb::rn1_net_model(c.topology), c, opt);
    st = r.model;
    mismatches = static_cast<long>(r.run.mismatches);
    if (!r.run.ok) first = r.run.first.text();
    if (!r.run.wave.empty()) std::cerr << "waveform: " << r.run.wave << "\n";
  } else {
    const Heartbeat alive("rn1 net", std::to_string(c.cycles) + " cycles");
    st = run_model(c);
  }
  json j = stats_json(st);
  if (rtl) {
    j["mismatches"] = mismatches;
    if (!first.empty()) j["first_mismatch"] = first;
  }
  if (as_json) {
    out << j.dump() << "\n";
    return 0;
  }
  out << st.topology << " (" << st.endpoints << " endpoints), " << topology_name(c.topology)
      << " load " << c.load << ", " << c.cycles << " cycles, " << c.faults << " faults\n"
      << "  sent " << st.sent << ", delivered " << st.delivered << ", lost " << st.lost
      << ", duplicates " << st.duplicates << ", unfinished " << st.unfinished << "\n"
      << std::fixed << std::setprecision(3) << "  attempts mean " << st.mean_attempts << " p99 "
      << st.p99_attempts << "; latency mean " << st.mean_latency << " p99 " << st.p99_latency
      << " cycles; throughput " << st.throughput << " words/endpoint/cycle\n";
  if (rtl)
    out << "  RTL lockstep mismatches: " << mismatches << (first.empty() ? "" : " (" + first + ")")
        << "\n";
  return 0;
}

int run_paths(Args& a, std::ostream& out) {
  const Topology t = parse_topology(a.get_choice("topology", kTopologies));
  const bool as_json = a.flag("json");
  a.finish();
  const PathExpansion pe = path_expansion(net_spec(t));
  if (as_json) {
    json j{{"topology", topology_name(t)},
           {"per_stage", pe.per_stage_min},
           {"total", pe.total_min},
           {"per_stage_max", pe.per_stage_max},
           {"total_max", pe.total_max},
           {"equations",
            {{"n", pe.n},
             {"m", pe.m},
             {"r", pe.r},
             {"d", pe.d},
             {"N", pe.N},
             {"s_turn", pe.s_turn},
             {"per_stage", pe.per_stage_eq},
             {"total", pe.total_eq}}}};
    out << j.dump() << "\n";
    return 0;
  }
  out << "path expansion of " << topology_name(t) << " (wires into stage s = 1.." << pe.N + 1
      << ", minimum over all source-destination pairs)\n  wiring:   ";
  for (int v : pe.per_stage_min) out << std::setw(4) << v;
  out << "   total " << pe.total_min << "\n  Eq 20.4:  ";
  for (long v : pe.per_stage_eq) out << std::setw(4) << v;
  out << "   total " << pe.total_eq << " (Eq 20.5), s' = " << std::fixed << std::setprecision(3)
      << pe.s_turn << " (n=" << pe.n << " m=" << pe.m << " r=" << pe.r << " d=" << pe.d
      << " N=" << pe.N << ")\n";
  return 0;
}

int run_faults(Args& a, std::ostream& out) {
  const Topology t = parse_topology(a.get_choice("topology", kTopologies));
  const int kmax = static_cast<int>(a.get_int("max-faults", 0, 64));
  const int trials = static_cast<int>(a.get_int_or("trials", 10, 1, 10000));
  const uint64_t seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 53)));
  RunConfig c;
  c.topology = t;
  c.traffic = Traffic::kUniform;
  c.load = get_load(a, 0.1);
  c.cycles = static_cast<uint64_t>(a.get_int_or("cycles", 2000, 1, 1000000));
  const bool as_json = a.flag("json");
  a.finish();
  const NetSpec& s = net_spec(t);
  json rows = json::array();
  Progress progress("rn1 faults", static_cast<uint64_t>(kmax + 1) * static_cast<uint64_t>(trials),
                    "runs");
  for (int k = 0; k <= kmax; ++k) {
    double conn = 0, dfrac = 0, att = 0;
    long lost = 0, lost_conn = 0, dups = 0, sent = 0, delivered = 0;
    for (int tr = 0; tr < trials; ++tr) {
      const uint64_t fs = seed * 1000003ull + static_cast<uint64_t>(k) * 7919ull + tr;
      const FaultSet f = random_faults(s, k, fs);
      long pairs = 0, ok = 0;
      for (int x = 0; x < s.endpoints; ++x) {
        for (int y = 0; y < s.endpoints; ++y) {
          if (x == y) continue;
          ++pairs;
          ok += pair_paths(s, f, x, y) > 0;
        }
      }
      conn += static_cast<double>(ok) / static_cast<double>(pairs);
      c.seed = fs;
      const RunStats st = run_model(c, f);
      progress.update(
          static_cast<uint64_t>(k) * static_cast<uint64_t>(trials) + static_cast<uint64_t>(tr) + 1,
          std::to_string(k) + " faults");
      sent += st.sent;
      delivered += st.delivered;
      dfrac += st.sent ? static_cast<double>(st.delivered) / static_cast<double>(st.sent) : 1.0;
      lost += st.lost + st.unfinished;
      lost_conn += st.lost_connected;
      dups += st.duplicates;
      att += st.mean_attempts;
    }
    rows.push_back(json{{"faults", k},
                        {"connected_pairs", conn / trials},
                        {"delivered_fraction", dfrac / trials},
                        {"sent", sent},
                        {"delivered", delivered},
                        {"lost", lost},
                        {"lost_connected", lost_conn},
                        {"duplicates", dups},
                        {"mean_attempts", att / trials}});
  }
  if (as_json) {
    out << json{{"topology", topology_name(t)},
                {"trials", trials},
                {"load", c.load},
                {"cycles", c.cycles},
                {"rows", rows}}
               .dump()
        << "\n";
    return 0;
  }
  out << "fault campaign on " << topology_name(t) << ": " << trials << " trials per count, "
      << "uniform load " << c.load << ", " << c.cycles << " cycles\n"
      << "faults  connected  delivered  lost  lost(conn)  dup  attempts\n";
  for (const auto& r : rows) {
    out << std::setw(6) << r["faults"].get<int>() << std::fixed << std::setprecision(4)
        << std::setw(11) << r["connected_pairs"].get<double>() << std::setw(11)
        << r["delivered_fraction"].get<double>() << std::setw(6) << r["lost"].get<long>()
        << std::setw(12) << r["lost_connected"].get<long>() << std::setw(5)
        << r["duplicates"].get<long>() << std::setprecision(3) << std::setw(10)
        << r["mean_attempts"].get<double>() << "\n";
  }
  return 0;
}

int run_verilog(Args& a, std::ostream& out) {
  const Topology t = parse_topology(a.get_choice("topology", kRtlTopologies));
  const std::optional<std::string> file = a.get("out");
  const bool as_json = a.flag("json");
  a.finish();
  if (file && file->empty()) throw UsageError("--out: expected a file name");
  if (file) check_output_file(*file, "--out");
  const NetSpec& s = net_spec(t);
  const std::string text = net_verilog(s);
  if (as_json) {
    json j{{"topology", topology_name(t)}, {"module", s.rtl_top},
           {"routers", s.routers.size()},  {"links", s.links.size()},
           {"endpoints", s.endpoints},     {"bytes", text.size()}};
    if (file) {
      write_output_file(*file, text, "--out");
      j["out"] = *file;
    } else {
      j["verilog"] = text;
    }
    out << j.dump() << "\n";
    return 0;
  }
  if (!file) {
    out << text;
    return 0;
  }
  write_output_file(*file, text, "--out");
  out << "wrote " << *file << " (" << s.rtl_top << ": " << s.routers.size() << " routers, "
      << s.links.size() << " links, " << s.endpoints << " endpoints)\n";
  return 0;
}

const Registrar reg_net{
    Command{"rn1", "net", "traffic run on an RN1 network (model, or RTL lockstep with --rtl)",
            "usage: minforge rn1 net --topology "
            "fig20.7|fig20.9|rn1-64|fig20.3|fig20.4|fig20.7-d2last --traffic "
            "uniform|permutation|alltoall\n"
            "         [--load L] [--cycles C] [--faults K] [--seed S] [--rtl] [--json]\n"
            "  L: offered words per endpoint per cycle (0, 1] (a message is 9 words); C cycles of\n"
            "  generation, then the network drains; K random faults (dead routers, dead or stuck\n"
            "  links); --rtl runs the Verilated network in lockstep with the model and reports\n"
            "  \"mismatches\" (channel-cycles where they differ): the old spelling of\n"
            "  `minforge sim rn1`, kept for one release.\n",
            [](Args& a, std::ostream& out) { return run_net(a, out, false); }}};
const Registrar reg_sim{Command{
    "sim", "rn1", "run an RN1 network's RTL (Verilator) in lockstep with the model",
    "usage: minforge sim rn1 --topology fig20.7|fig20.9|rn1-64|fig20.3|fig20.4 --traffic "
    "uniform|permutation|alltoall\n"
    "         [--load L] [--cycles C] [--faults K] [--seed S] [--json]\n"
    "  Verilates the network top of the topology (rtl/rn1/gen/; built on demand, cached)\n"
    "  and runs the traffic of `minforge rn1 net` on it in lockstep with the cycle-accurate\n"
    "  model: L offered words per endpoint per cycle (0, 1], C cycles of generation, then the\n"
    "  network drains; K random faults.  Reports the model's statistics and \"mismatches\"\n"
    "  (channel-cycles where RTL and model differ).\n"
    "  Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n",
    [](Args& a, std::ostream& out) { return run_net(a, out, true); }}};
const Registrar reg_paths{
    Command{"rn1", "paths", "path expansion from the wiring vs Equations 20.1-20.5",
            "usage: minforge rn1 paths --topology "
            "fig20.7|fig20.9|rn1-64|fig20.3|fig20.4|fig20.7-d2last [--json]\n",
            run_paths}};
const Registrar reg_faults{
    Command{"rn1", "faults", "random fault campaigns: connectivity, delivery, exactly-once",
            "usage: minforge rn1 faults --topology "
            "fig20.7|fig20.9|rn1-64|fig20.3|fig20.4|fig20.7-d2last --max-faults K [--trials T]\n"
            "         [--seed S] [--load L] [--cycles C] [--json]\n",
            run_faults}};
const Registrar reg_verilog{Command{
    "rn1", "verilog", "network top Verilog from the model's wiring (rtl/rn1/gen)",
    "usage: minforge rn1 verilog --topology fig20.7|fig20.9|rn1-64|fig20.3|fig20.4 [--out FILE]\n"
    "         [--json]\n"
    "  Writes the Verilog-2005 top rn1_net_<topology> of the network (routers, links with\n"
    "  fault injection, endpoints, probes) from the model's wiring, to FILE or stdout. The\n"
    "  JSON: {\"topology\",\"module\",\"routers\",\"links\",\"endpoints\",\"bytes\"} and\n"
    "  \"out\" (with --out) or \"verilog\" (the text).\n"
    "  checked-in rtl/rn1/gen/*.v are this output (make rn1-verilog); its cycle twin is\n"
    "  minforge::twin::Rn1Net, which simulates the same wiring.\n",
    run_verilog}};

}  // namespace
}  // namespace minforge::cli
