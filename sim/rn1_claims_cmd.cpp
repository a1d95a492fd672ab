// `minforge rn1 claims`: the fault-tolerance claims of paper 002 (sections 20.2-20.8)
// checked on the model: exhaustively from the wiring (algo/rn1/rn1_claims.hpp) and by
// simulation of the cycle model (twin/rn1/rn1_experiments.hpp).  docs/rn1.md, "Claims".
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "draw_lcan.hpp"
#include "minforge/algo/rn1/rn1_claims.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"
#include "svg.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
using namespace minforge::rn1;
using namespace minforge::twin;

const std::vector<double> kLoads = {0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.0};

json sites_json(const std::vector<Site>& v) {
  json a = json::array();
  for (const Site& x : v) a.push_back(site_name(x));
  return a;
}

// Everything measured for one network.
json measure(Topology t, bool simulate, bool stuck, uint64_t seed) {
  const NetSpec& s = net_spec(t);
  json j{{"topology", s.name}, {"endpoints", s.endpoints}, {"ports", s.endpoint_ports}};
  const SingleFaultSummary sf = single_faults(s);
  j["single_faults"] = {{"sites", sf.sites},
                        {"critical", sf.critical},
                        {"disconnected_pairs", sf.disconnected_pairs},
                        {"max_isolated", sf.max_isolated}};
  const MinCut mc = min_isolating_set(s, 2);
  j["min_isolating"] = {{"size", mc.size},
                        {"example", sites_json(mc.example)},
                        {"isolated", mc.isolated},
                        {"sets_checked", mc.sets_checked}};
  json fs = json::array();
  for (const IsolationRow& r : first_stage_isolation(s, std::min(4, [&] {
                                                       int n = 0;
                                                       for (const auto& rs : s.routers)
                                                         n += rs.stage == 1;
                                                       return n;
                                                     }()))) {
    fs.push_back({{"k", r.k},
                  {"sets", r.sets},
                  {"isolating_sets", r.isolating_sets},
                  {"max_isolated", r.max_isolated},
                  {"worst_routers", r.worst}});
  }
  j["first_stage_isolation"] = fs;
  j["first_stage_survivable"] = first_stage_survivable(s);
  json ab = json::array();
  const std::vector<StageAttempts> ex = expected_attempts_by_stage(s);
  std::vector<StageAttemptsSim> sim;
  if (simulate) sim = attempts_by_stage(t, 4, 0.05, s.endpoints > 16 ? 3000 : 6000, seed);
  for (size_t k = 0; k < ex.size(); ++k) {
    json row{{"stage", ex[k].stage},
             {"component", ex[k].routers ? "router" : "link"},
             {"components", ex[k].components},
             {"affected_pairs", ex[k].affected_pairs},
             {"disconnected_pairs", ex[k].disconnected_pairs},
             {"expected_attempts", ex[k].mean_attempts},
             {"max_expected_attempts", ex[k].max_attempts}};
    if (simulate) {
      row["sim_components"] = sim[k].components;
      row["sim_messages"] = sim[k].messages;
      row["sim_attempts"] = sim[k].measured;
      row["sim_expected"] = sim[k].expected;
    }
    ab.push_back(row);
  }
  j["attempts_by_stage"] = ab;
  if (simulate) {
    const SingleFaultSweep sw = single_fault_sweep(t, stuck, seed);
    j["sim_single_faults"] = {{"stuck_wires", sw.stuck_wires},
                              {"cases", sw.cases},
                              {"failed", sw.failed},
                              {"sent", sw.sent},
                              {"delivered", sw.delivered},
                              {"lost", sw.lost},
                              {"lost_connected", sw.lost_connected},
                              {"duplicates", sw.duplicates},
                              {"corrupt", sw.corrupt},
                              {"unfinished", sw.unfinished},
                              {"mean_attempts", sw.mean_attempts},
                              {"worst_case_attempts", sw.worst_case_attempts},
                              {"worst_case", sw.worst_case},
                              {"failures", sw.failures}};
    json tp = json::array();
    for (const ThroughputPoint& p : throughput_curve(t, kLoads, 3000, 0, seed)) {
      tp.push_back({{"load", p.load},
                    {"throughput", p.throughput},
                    {"mean_attempts", p.mean_attempts},
                    {"mean_latency", p.mean_latency}});
    }
    j["throughput"] = tp;
  }
  return j;
}

const json* find(const json& nets, const std::string& name) {
  for (const json& n : nets)
    if (n["topology"] == name) return &n;
  return nullptr;
}

// The chapter's claims, each with its words, the measured value and whether it holds.
json verdicts(const json& nets, bool simulate) {
  json out = json::array();
  auto add = [&](const std::string& id, const std::string& paper, const std::string& measured,
                 bool holds) {
    out.push_back({{"id", id}, {"paper", paper}, {"measured", measured}, {"holds", holds}});
  };
  auto fmt = [](double v, int p = 3) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(p) << v;
    return o.str();
  };
  for (const char* name : {"fig20.7", "fig20.4", "fig20.9", "rn1-64"}) {
    const json* n = find(nets, name);
    if (!n) continue;
    const json& sf = (*n)["single_faults"];
    std::string m = std::string(name) + ": " + std::to_string(sf["sites"].get<long>()) +
                    " single dead routers/links, " + std::to_string(sf["critical"].get<long>()) +
                    " disconnect a pair";
    bool ok = sf["critical"] == 0;
    if (n->contains("sim_single_faults")) {
      const json& ss = (*n)["sim_single_faults"];
      m += "; simulated " + std::to_string(ss["cases"].get<long>()) +
           " cases: " + std::to_string(ss["delivered"].get<long>()) + " of " +
           std::to_string(ss["sent"].get<long>()) + " messages delivered, " +
           std::to_string(ss["duplicates"].get<long>()) + " duplicates, " +
           std::to_string(ss["lost_connected"].get<long>()) + " lost";
      ok = ok && ss["failed"] == 0;
    }
    add("no_single_critical",
        "No single wire or routing component within the network remains critical (20.4)", m, ok);
    const json& mc = (*n)["min_isolating"];
    add("n_failures_isolate",
        "With n inputs from each endpoint, n failures can isolate an endpoint (20.3)",
        std::string(name) + ": fewest dead components cutting off an endpoint = " +
            std::to_string(mc["size"].get<int>()) + " (n = 2), e.g. " + mc["example"].dump(),
        mc["size"] == 2);
  }
  if (const json* u = find(nets, "fig20.3")) {
    const json& sf = (*u)["single_faults"];
    add("unique_path_critical",
        "Each route ... can traverse exactly one path. If a single wire or component fails, "
        "some input will be isolated from some output (20.4)",
        "fig20.3: " + std::to_string(sf["critical"].get<long>()) + " of " +
            std::to_string(sf["sites"].get<long>()) +
            " single faults disconnect pairs; fewest cutting off an endpoint = " +
            std::to_string((*u)["min_isolating"]["size"].get<int>()),
        sf["critical"] == sf["sites"] && (*u)["min_isolating"]["size"] == 1);
  }
  if (const json* d = find(nets, "fig20.7-d2last")) {
    const json& mc = (*d)["min_isolating"];
    add("m_over_d", "an endpoint could be isolated from the network by only m/d faults (20.5)",
        "fig20.7 with 4x2/d2 last stage: fewest = " + std::to_string(mc["size"].get<int>()) +
            " (m/d = 1), e.g. " + mc["example"].dump() + " cuts off " + mc["isolated"].dump() +
            "; with the 2x2/d1 last stage of Fig. 20.7: 2",
        mc["size"] == 1);
  }
  const json* ne = find(nets, "fig20.4");
  const json* ex = find(nets, "fig20.7");
  if (ne && ex) {
    const json& a = (*ne)["first_stage_isolation"][2];
    const json& b = (*ex)["first_stage_isolation"][2];
    const json& b3 = (*ex)["first_stage_isolation"][3];
    add("nonexpansive_two_cut_four",
        "In Figure 20.4, if the first two routing components in the first stage of routers "
        "fail, four processors are cut off ... only when the routers fail as one of the four "
        "sets of pairs (20.3)",
        "fig20.4: two first-stage failures cut off at most " +
            std::to_string(a["max_isolated"].get<int>()) + " endpoints; " +
            std::to_string(a["isolating_sets"].get<long>()) + " of " +
            std::to_string(a["sets"].get<long>()) + " pairs cut off any",
        a["max_isolated"] == 4 && a["isolating_sets"] == 4);
    add("expansive_two_at_most_one",
        "any two component failures in the first stage of routing will isolate at most one "
        "processor ... any three ... at most two (20.3, Fig. 20.5)",
        "fig20.7: two first-stage failures cut off at most " +
            std::to_string(b["max_isolated"].get<int>()) + " (" +
            std::to_string(b["isolating_sets"].get<long>()) + " of " +
            std::to_string(b["sets"].get<long>()) + " pairs cut off one); three at most " +
            std::to_string(b3["max_isolated"].get<int>()),
        b["max_isolated"] == 1 && b3["max_isolated"] == 2);
    add("half_without_severing",
        "it is possible to lose as many as half of the routing components in the Figure 20.4 "
        "without severing any endpoints (20.3)",
        "fig20.4: up to " + std::to_string((*ne)["first_stage_survivable"].get<int>()) +
            " of 8 first-stage routers can fail together without cutting off an endpoint "
            "(fig20.7: " +
            std::to_string((*ex)["first_stage_survivable"].get<int>()) + ")",
        (*ne)["first_stage_survivable"] == 4);
  }
  for (const char* name : {"fig20.7", "fig20.9", "rn1-64"}) {
    const json* n = find(nets, name);
    if (!n) continue;
    const json& r1 = (*n)["attempts_by_stage"][0];
    std::string m = std::string(name) + ": a dead first-stage router, exact mean " +
                    fmt(r1["expected_attempts"].get<double>()) +
                    " attempts for the pairs it affects";
    bool ok = std::fabs(r1["expected_attempts"].get<double>() - 2.0) < 1e-9;
    if (simulate) {
      m += ", simulated " + fmt(r1["sim_attempts"].get<double>()) + " (" +
           std::to_string(r1["sim_messages"].get<long>()) + " messages, load 0.05)";
      // The verdict is the exact value; the simulated one is reported beside it (a little
      // above 2: the source's LFSR bits of successive attempts are not independent).
    }
    add("first_stage_two_attempts",
        "in the worst case one of the routing components in the first stage fails. On "
        "average, two attempts will be required (20.8.2)",
        m, ok);
    // Links into stage s: exact expectation falls from the inputs to the turning point.
    std::vector<double> lv;
    for (const json& r : (*n)["attempts_by_stage"]) {
      if (r["component"] == "link") lv.push_back(r["expected_attempts"].get<double>());
    }
    std::string lm = std::string(name) + ": exact mean attempts with one dead link into stage 1.." +
                     std::to_string(lv.size()) + ":";
    for (double v : lv) lm += " " + fmt(v);
    lm += "; with one dead router at stage 1..:";
    for (const json& r : (*n)["attempts_by_stage"]) {
      if (r["component"] == "router") lm += " " + fmt(r["expected_attempts"].get<double>());
    }
    const size_t mid = static_cast<size_t>(
        std::max_element(lv.begin(), lv.end(), [](double a, double b) { return a > b; }) -
        lv.begin());
    bool dec = true;
    for (size_t k = 1; k <= mid; ++k) dec = dec && lv[k] < lv[k - 1];
    add("inside_fewer_retries",
        "Since the number of components available for a connection expands towards the "
        "middle of the network, it will generally require even less retries to avoid faulty "
        "components further inside the network (20.8.2)",
        lm, dec && mid > 0);
  }
  if (simulate) {
    const json* u = find(nets, "fig20.3");
    for (const char* name : {"fig20.7", "fig20.4"}) {
      const json* n = find(nets, name);
      if (!u || !n) continue;
      std::string m = std::string(name) + " vs fig20.3 throughput (words/endpoint/cycle) at load";
      bool ok = true;
      for (size_t k = 0; k < kLoads.size(); ++k) {
        const double a = (*n)["throughput"][k]["throughput"],
                     b = (*u)["throughput"][k]["throughput"];
        m += " " + fmt(kLoads[k], 2) + ": " + fmt(a) + "/" + fmt(b) + ";";
        if (kLoads[k] >= 0.3) ok = ok && a > b;
      }
      add("redundant_paths_performance",
          "Redundant paths through the network also improve network routing performance by "
          "reducing the probability that connections will block each other (20.4)",
          m, ok);
    }
  }
  return out;
}

void write_svgs(const json& nets, const std::string& dir) {
  std::filesystem::create_directories(dir);
  draw::Plot tp;
  tp.title = "Throughput against offered load (uniform, no faults)";
  tp.x_label = "offered load (words per endpoint per cycle)";
  tp.y_label = "delivered words per endpoint per cycle";
  for (double L : kLoads) {
    std::ostringstream o;
    o << L;
    tp.x.push_back(o.str());
  }
  int k = 0;
  for (const json& n : nets) {
    if (!n.contains("throughput") || n["endpoints"] != 16) continue;
    draw::PlotSeries s;
    s.label = n["topology"];
    s.colour = draw::path_colour(k, 5);
    s.marker = k % 4;
    s.dashed = n["topology"] == "fig20.3";
    for (const json& p : n["throughput"]) s.y.push_back(p["throughput"]);
    tp.series.push_back(s);
    ++k;
  }
  std::ofstream(dir + "/rn1_throughput_vs_load.svg") << draw::plot_svg(tp);
  draw::Plot ap;
  ap.title = "Mean attempts with one dead component, by stage";
  ap.x_label = "stage s of the dead router, or the stage a dead link leads into";
  ap.y_label = "mean attempts (affected pairs)";
  size_t nx = 0;
  for (const json& n : nets) nx = std::max(nx, n["attempts_by_stage"].size() / 2 + 1);
  for (size_t s = 1; s <= nx; ++s) ap.x.push_back(std::to_string(s));
  // The networks whose curves differ (fig20.4 and fig20.7-d2last repeat fig20.7's), exact
  // (solid) and simulated at load 0.05 (dashed), routers (squares) and links (triangles).
  k = 0;
  for (const json& n : nets) {
    if (n["topology"] != "fig20.7" && n["topology"] != "fig20.9" && n["topology"] != "rn1-64")
      continue;
    for (const char* comp : {"router", "link"}) {
      for (int simulated = 0;
           simulated < (n["attempts_by_stage"][0].contains("sim_attempts") ? 2 : 1); ++simulated) {
        draw::PlotSeries s;
        s.label = n["topology"].get<std::string>() + " " + comp + (simulated ? " (sim)" : "");
        s.colour = draw::path_colour(k, 3);
        s.dashed = simulated == 1;
        s.marker = std::string(comp) == "link" ? 1 : 0;
        s.y.assign(nx, std::nan(""));
        for (const json& r : n["attempts_by_stage"]) {
          if (r["component"] == comp && r["affected_pairs"].get<long>() > 0)
            s.y[static_cast<size_t>(r["stage"].get<int>() - 1)] =
                simulated ? r["sim_attempts"] : r["expected_attempts"];
        }
        ap.series.push_back(s);
      }
    }
    ++k;
  }
  std::ofstream(dir + "/rn1_attempts_by_stage.svg") << draw::plot_svg(ap);
}

int run_claims(Args& a, std::ostream& out) {
  std::vector<Topology> topos;
  if (auto t = a.get("topology")) {
    topos.push_back(parse_topology(*t));
  } else {
    topos = {Topology::kFig20_7, Topology::kFig20_4, Topology::kFig20_9, Topology::kFig20_3,
             Topology::kFig20_7D};
  }
  const bool simulate = !a.flag("static");
  const bool stuck = a.flag("stuck");
  const uint64_t seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 53)));
  const std::optional<std::string> svg = a.get("svg");
  const bool as_json = a.flag("json");
  a.finish();
  if (svg && svg->empty()) throw UsageError("--svg: expected a directory");
  if (stuck && !simulate) throw UsageError("--stuck needs the simulation (drop --static)");
  json nets = json::array();
  for (Topology t : topos) nets.push_back(measure(t, simulate, stuck, seed));
  const json claims = verdicts(nets, simulate);
  if (svg) write_svgs(nets, *svg);
  if (as_json) {
    out << json{{"networks", nets}, {"claims", claims}}.dump() << "\n";
    return 0;
  }
  for (const json& n : nets) {
    out << n["topology"].get<std::string>() << " (" << n["endpoints"] << " endpoints, "
        << n["ports"] << " port(s) each)\n";
    const json& sf = n["single_faults"];
    out << "  single dead components: " << sf["sites"] << ", critical " << sf["critical"]
        << "; fewest cutting off an endpoint: " << n["min_isolating"]["size"] << " "
        << n["min_isolating"]["example"].dump()
        << "\n  first-stage failures k: isolating sets / sets, most cut off:";
    for (const json& r : n["first_stage_isolation"]) {
      out << "  k=" << r["k"] << " " << r["isolating_sets"] << "/" << r["sets"] << " "
          << r["max_isolated"];
    }
    out << "\n  attempts by stage (exact" << (simulate ? " / simulated" : "") << "):";
    for (const json& r : n["attempts_by_stage"]) {
      if (r["affected_pairs"].get<long>() == 0) continue;
      out << "  " << r["component"].get<std::string>()[0] << r["stage"] << " " << std::fixed
          << std::setprecision(3) << r["expected_attempts"].get<double>();
      if (simulate) out << "/" << r["sim_attempts"].get<double>();
    }
    out << "\n";
    if (simulate) {
      const json& ss = n["sim_single_faults"];
      out << "  simulated single faults: " << ss["cases"] << " cases, sent " << ss["sent"]
          << ", delivered " << ss["delivered"] << ", lost (disconnected) " << ss["lost"]
          << ", lost (connected) " << ss["lost_connected"] << ", duplicates " << ss["duplicates"]
          << ", corrupt " << ss["corrupt"] << ", failed cases " << ss["failed"] << "\n";
    }
  }
  out << "claims:\n";
  for (const json& c : claims) {
    out << "  [" << (c["holds"].get<bool>() ? "holds" : "FAILS") << "] "
        << c["id"].get<std::string>() << ": " << c["measured"].get<std::string>() << "\n";
  }
  return 0;
}

const Registrar reg_claims{Command{
    "rn1", "claims", "paper 002's fault-tolerance claims, checked on the model",
    "usage: minforge rn1 claims [--topology T] [--static] [--stuck] [--seed S] [--svg DIR] "
    "[--json]\n"
    "  For each network (default: the 16-endpoint fig20.7 fig20.4 fig20.9 fig20.3\n"
    "  fig20.7-d2last; rn1-64 with --topology rn1-64, ~3 min simulated):\n"
    "  every single dead router and link (pairs disconnected, endpoints cut off), the fewest\n"
    "  dead components that cut off an endpoint (all sets of 1, then 2), every 0..4-subset of\n"
    "  the first-stage routers, the exact mean attempts with one dead component by stage;\n"
    "  unless --static, also simulated: every single fault under all-to-all traffic\n"
    "  (exactly-once delivery; --stuck adds every stuck data wire), attempts by stage at\n"
    "  load 0.05, throughput against load.  Then each claim of the chapter with the measured\n"
    "  value.  --svg DIR writes rn1_throughput_vs_load.svg and rn1_attempts_by_stage.svg.\n",
    run_claims}};

}  // namespace
}  // namespace minforge::cli
