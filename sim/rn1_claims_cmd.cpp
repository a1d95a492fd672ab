// `minforge rn1 claims`: the fault-tolerance claims of paper 002 (sections 20.2-20.8)
// checked on the model: exhaustively from the wiring (algo/rn1/rn1_claims.hpp) and by
// simulation of the cycle model (twin/rn1/rn1_experiments.hpp).  docs/rn1.md, "Claims".
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "draw_lcan.hpp"
#include "minforge/algo/claims.hpp"
#include "minforge/algo/rn1/rn1_claims.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"
#include "svg.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
using namespace minforge::rn1;
using namespace minforge::twin;
using minforge::Verdict;  // not rn1::Verdict (fault localisation)

const std::vector<double> kLoads = {0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.0};

json sites_json(const std::vector<Site>& v) {
  json a = json::array();
  for (const Site& x : v) a.push_back(site_name(x));
  return a;
}

// Everything measured for one network.
// `step(k, what)` is called before each of the kMeasureSteps parts (progress display).
constexpr int kMeasureSteps = 6;
json measure(Topology t, bool simulate, bool stuck, uint64_t seed,
             const std::function<void(int, const char*)>& step) {
  const NetSpec& s = net_spec(t);
  step(0, "single faults");
  json j{{"topology", s.name}, {"endpoints", s.endpoints}, {"ports", s.endpoint_ports}};
  const SingleFaultSummary sf = single_faults(s);
  j["single_faults"] = {{"sites", sf.sites},
                        {"critical", sf.critical},
                        {"disconnected_pairs", sf.disconnected_pairs},
                        {"max_isolated", sf.max_isolated}};
  step(1, "isolating sets");
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
  j["path_expansion"] = path_expansion(s).per_stage_min;
  json ab = json::array();
  const std::vector<StageAttempts> ex = expected_attempts_by_stage(s);
  std::vector<StageAttemptsSim> sim;
  step(2, "attempts by stage");
  if (simulate) sim = attempts_by_stage(t, 4, 0.05, s.endpoints > 16 ? 3000 : 6000, seed);
  if (simulate && s.endpoint_ports > 1) {
    // Section 20.8.2's "two attempts": every first-stage router dead in turn, 24,000 cycles
    // each (16 endpoints; 6,000 for 64), so the 95 % interval is about +-0.05 attempts.
    step(3, "dead first-stage routers");
    const StageAttemptsSim f =
        attempts_by_stage(t, 1000, 0.05, s.endpoints > 16 ? 6000 : 24000, seed + 1, 0)[0];
    j["first_stage_routers_sim"] = {{"components", f.components},
                                    {"messages", f.messages},
                                    {"mean_attempts", f.measured},
                                    {"variance", f.variance},
                                    {"expected", f.expected}};
  }
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
      row["sim_variance"] = sim[k].variance;
      row["sim_expected"] = sim[k].expected;
    }
    ab.push_back(row);
  }
  j["attempts_by_stage"] = ab;
  if (simulate) {
    step(4, "single-fault sweep");
    const SingleFaultSweep sw = single_fault_sweep(t, stuck, seed);
    j["sim_single_faults"] = {
        {"stuck_wires", sw.stuck_wires},
        {"cases", sw.cases},
        {"failed", sw.failed},
        {"sent", sw.sent},
        {"delivered", sw.delivered},
        {"lost", sw.lost},
        {"lost_connected", sw.lost_connected},
        {"duplicates", sw.duplicates},
        {"corrupt", sw.corrupt},
        {"unfinished", sw.unfinished},
        {"gave_up", sw.gave_up},
        {"failed_unfinished_only", sw.failed_unfinished_only},
        {"failed_unfinished_source_cut_off", sw.failed_unfinished_source_cut_off},
        {"mean_attempts", sw.mean_attempts},
        {"worst_case_attempts", sw.worst_case_attempts},
        {"worst_case", sw.worst_case},
        {"failures", sw.failures}};
    step(5, "throughput");
    json tp = json::array();
    for (const ThroughputPoint& p : throughput_curve(t, kLoads, 3000, 0, seed)) {
      tp.push_back({{"load", p.load},
                    {"throughput", p.throughput},
                    {"throughput_se", p.throughput_se},
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

// One claim on one network: its rows, each with a verdict; the claim's verdict is computed
// from every row (minforge/algo/claims.hpp).
struct ClaimRows {
  std::vector<Verdict> verdicts;
  std::string measured;
  json failing = json::array();
  void add(Verdict v, const std::string& text) {
    verdicts.push_back(v);
    measured += (measured.empty() ? "" : "; ") + text;
    if (v != Verdict::Holds) failing.push_back(verdict_name(v) + ": " + text);
  }
};

std::string fmt(double v, int p = 3) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(p) << v;
  return o.str();
}
std::string fmt(const Interval& x, int p = 3) {
  if (x.lo == x.hi) return fmt(x.value, p);
  return fmt(x.value, p) + " [" + fmt(x.lo, p) + ", " + fmt(x.hi, p) + "]";
}
Verdict exact_if(bool ok) { return ok ? Verdict::Holds : Verdict::Fails; }

// The simulated mean attempts of a row of attempts_by_stage, 95 % interval.
Interval sim_attempts(const json& r) {
  return mean_ci95(r["sim_attempts"].get<double>(), r["sim_variance"].get<double>(),
                   r["sim_messages"].get<long>());
}

// The chapter's claims, each on the networks it is about, with its rows and verdict.
json verdicts(const json& nets, bool simulate) {
  json out = json::array();
  auto add = [&](const std::string& id, const std::string& network, const ClaimRows& c) {
    const ClaimSpec& s = claim_spec(id);
    out.push_back({{"id", id},
                   {"network", network},
                   {"paper", s.paper},
                   {"measured", c.measured},
                   {"verdict", verdict_name(combine(c.verdicts))},
                   {"expected", verdict_name(s.expected)},
                   {"failing", c.failing}});
  };
  for (const char* name : {"fig20.7", "fig20.4", "fig20.9", "rn1-64"}) {
    const json* n = find(nets, name);
    if (!n) continue;
    const json& sf = (*n)["single_faults"];
    ClaimRows c;
    c.add(exact_if(sf["critical"] == 0),
          std::string(name) + ": " + std::to_string(sf["sites"].get<long>()) +
              " single dead routers/links, " + std::to_string(sf["critical"].get<long>()) +
              " disconnect a pair");
    if (n->contains("sim_single_faults")) {
      const json& ss = (*n)["sim_single_faults"];
      c.add(exact_if(ss["failed"] == 0 && ss["delivered"] == ss["sent"]),
            "simulated " + std::to_string(ss["cases"].get<long>()) +
                " cases: " + std::to_string(ss["delivered"].get<long>()) + " of " +
                std::to_string(ss["sent"].get<long>()) + " messages delivered, " +
                std::to_string(ss["duplicates"].get<long>()) + " duplicates, " +
                std::to_string(ss["corrupt"].get<long>()) + " corrupt, " +
                std::to_string(ss["lost_connected"].get<long>()) + " lost, " +
                std::to_string(ss["unfinished"].get<long>()) + " unfinished, failed cases " +
                std::to_string(ss["failed"].get<long>()));
    }
    add("no_single_critical", name, c);
    const json& mc = (*n)["min_isolating"];
    ClaimRows m;
    m.add(exact_if(mc["size"] == 2),
          std::string(name) + ": fewest dead components cutting off an endpoint = " +
              std::to_string(mc["size"].get<int>()) + " (n = 2), e.g. " + mc["example"].dump());
    add("n_failures_isolate", name, m);
  }
  if (const json* u = find(nets, "fig20.3")) {
    const json& sf = (*u)["single_faults"];
    ClaimRows c;
    c.add(exact_if(sf["critical"] == sf["sites"]),
          "fig20.3: " + std::to_string(sf["critical"].get<long>()) + " of " +
              std::to_string(sf["sites"].get<long>()) + " single faults disconnect pairs");
    c.add(exact_if((*u)["min_isolating"]["size"] == 1),
          "fewest cutting off an endpoint = " +
              std::to_string((*u)["min_isolating"]["size"].get<int>()));
    add("unique_path_critical", "fig20.3", c);
  }
  if (const json* d = find(nets, "fig20.7-d2last")) {
    const json& mc = (*d)["min_isolating"];
    ClaimRows c;
    c.add(exact_if(mc["size"] == 1),
          "fig20.7 with 4x2/d2 last stage: fewest = " + std::to_string(mc["size"].get<int>()) +
              " (m/d = 1), e.g. " + mc["example"].dump() + " cuts off " + mc["isolated"].dump() +
              "; with the 2x2/d1 last stage of Fig. 20.7: 2");
    add("m_over_d", "fig20.7-d2last", c);
  }
  const json* ne = find(nets, "fig20.4");
  const json* ex = find(nets, "fig20.7");
  if (ne && ex) {
    const json& a = (*ne)["first_stage_isolation"][2];
    const json& b = (*ex)["first_stage_isolation"][2];
    const json& b3 = (*ex)["first_stage_isolation"][3];
    ClaimRows c;
    c.add(exact_if(a["max_isolated"] == 4), "fig20.4: two first-stage failures cut off at most " +
                                                std::to_string(a["max_isolated"].get<int>()) +
                                                " endpoints");
    c.add(exact_if(a["isolating_sets"] == 4), std::to_string(a["isolating_sets"].get<long>()) +
                                                  " of " + std::to_string(a["sets"].get<long>()) +
                                                  " pairs cut off any");
    add("nonexpansive_two_cut_four", "fig20.4", c);
    ClaimRows e;
    e.add(exact_if(b["max_isolated"] == 1),
          "fig20.7: two first-stage failures cut off at most " +
              std::to_string(b["max_isolated"].get<int>()) + " (" +
              std::to_string(b["isolating_sets"].get<long>()) + " of " +
              std::to_string(b["sets"].get<long>()) + " pairs cut off one)");
    e.add(exact_if(b3["max_isolated"] == 2),
          "three at most " + std::to_string(b3["max_isolated"].get<int>()));
    add("expansive_two_at_most_one", "fig20.7", e);
    ClaimRows h;
    h.add(exact_if((*ne)["first_stage_survivable"] == 4),
          "fig20.4: up to " + std::to_string((*ne)["first_stage_survivable"].get<int>()) +
              " of 8 first-stage routers can fail together without cutting off an endpoint "
              "(fig20.7: " +
              std::to_string((*ex)["first_stage_survivable"].get<int>()) + ")");
    add("half_without_severing", "fig20.4", h);
  }
  for (const char* name : {"fig20.7", "fig20.9", "rn1-64"}) {
    const json* n = find(nets, name);
    if (!n) continue;
    const json& rows = (*n)["attempts_by_stage"];
    // "two attempts" on the simulation: the 95 % interval of the measured mean attempts of the
    // messages a dead first-stage router affects must contain 2 (the exact value with
    // independent random choices is printed beside it).
    if (simulate) {
      const json& f = (*n)["first_stage_routers_sim"];
      const Interval m = mean_ci95(f["mean_attempts"].get<double>(), f["variance"].get<double>(),
                                   f["messages"].get<long>());
      ClaimRows c;
      c.add(equals(m, 2.0), std::string(name) + ": each of the " +
                                std::to_string(f["components"].get<int>()) +
                                " first-stage routers dead in turn, simulated mean " + fmt(m) +
                                " attempts (" + std::to_string(f["messages"].get<long>()) +
                                " messages, load 0.05); exact with independent choices " +
                                fmt(rows[0]["expected_attempts"].get<double>()));
      add("first_stage_two_attempts", name, c);
    }
    // Further inside, fewer retries: from stage 1 to the turning point s' (the stage whose
    // links carry the most paths of a pair), each stage's dead link and dead router needs
    // fewer attempts than the stage before, exact and (when simulated) measured.
    const json& pe = (*n)["path_expansion"];
    size_t turn = 0;
    for (size_t k = 1; k < pe.size(); ++k)
      if (pe[k].get<int>() > pe[turn].get<int>()) turn = k;
    const int sp = static_cast<int>(turn) + 1;  // s'
    ClaimRows c;
    for (const char* comp : {"link", "router"}) {
      std::map<int, const json*> by;
      for (const json& r : rows)
        if (r["component"] == comp && r["affected_pairs"].get<long>() > 0)
          by[r["stage"].get<int>()] = &r;
      for (int k = 2; k <= sp; ++k) {
        if (!by.count(k) || !by.count(k - 1)) continue;
        const json& a = *by[k];
        const json& b = *by[k - 1];
        const std::string what = std::string(name) + " dead " + comp +
                                 (comp[0] == 'l' ? " into" : " at") + " stage " +
                                 std::to_string(k) + " vs " + std::to_string(k - 1);
        c.add(less_than(exact(a["expected_attempts"].get<double>()),
                        exact(b["expected_attempts"].get<double>())),
              what + ": exact " + fmt(a["expected_attempts"].get<double>()) + " vs " +
                  fmt(b["expected_attempts"].get<double>()));
        if (simulate)
          c.add(less_than(sim_attempts(a), sim_attempts(b)),
                what + ": simulated " + fmt(sim_attempts(a)) + " vs " + fmt(sim_attempts(b)));
      }
    }
    add("inside_fewer_retries", name, c);
  }
  if (simulate) {
    const json* u = find(nets, "fig20.3");
    for (const char* name : {"fig20.7", "fig20.4"}) {
      const json* n = find(nets, name);
      if (!u || !n) continue;
      ClaimRows c;
      for (size_t k = 0; k < kLoads.size(); ++k) {
        if (kLoads[k] < 0.3) continue;
        const json& a = (*n)["throughput"][k];
        const json& b = (*u)["throughput"][k];
        const Interval ia = ci95(a["throughput"].get<double>(), a["throughput_se"].get<double>());
        const Interval ib = ci95(b["throughput"].get<double>(), b["throughput_se"].get<double>());
        c.add(less_than(ib, ia), std::string(name) + " vs fig20.3 at load " + fmt(kLoads[k], 2) +
                                     ": " + fmt(ia) + " vs " + fmt(ib) + " words/endpoint/cycle");
      }
      add("redundant_paths_performance", name, c);
    }
  }
  return out;
}

void write_svgs(const json& nets, const std::string& dir) {
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
  write_output_file(dir + "/rn1_throughput_vs_load.svg", draw::plot_svg(tp), "--svg");
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
  write_output_file(dir + "/rn1_attempts_by_stage.svg", draw::plot_svg(ap), "--svg");
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
  if (stuck && !simulate) throw UsageError("--stuck needs the simulation (drop --static)");
  // The folder must exist and take files before minutes of measurement (none is created).
  if (svg) check_output_dir(*svg, "--svg");
  json nets = json::array();
  Progress progress("rn1 claims", topos.size() * kMeasureSteps, "steps");
  for (size_t k = 0; k < topos.size(); ++k) {
    const std::string name = net_spec(topos[k]).name;
    nets.push_back(measure(topos[k], simulate, stuck, seed, [&](int i, const char* what) {
      progress.update(k * kMeasureSteps + static_cast<uint64_t>(i), name + ": " + what);
    }));
  }
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
          << ", corrupt " << ss["corrupt"] << ", unfinished " << ss["unfinished"]
          << ", failed cases " << ss["failed"] << "\n";
      // A cut-off source (fig20.3: any first-stage router or endpoint link) spends
      // max_attempts attempts on each message before giving up; its queue can outlast the
      // drain.  Say so when that is the whole of the failures.
      if (ss["failed"].get<long>() > 0 && ss["failed_unfinished_only"] == ss["failed"] &&
          ss["failed_unfinished_source_cut_off"] == ss["failed"]) {
        out << "    (every failed case only left messages unfinished, and in each the fault "
               "leaves a source that reaches no other endpoint: it tries each of its messages "
            << net_spec(parse_topology(n["topology"].get<std::string>())).max_attempts
            << " times before giving up (" << ss["gave_up"]
            << " given up in all), so its queue outlasts the 50,000-cycle drain; nothing lost "
               "between "
               "connected endpoints, duplicated or corrupt)\n";
      }
    }
  }
  out << "claims:\n";
  for (const json& c : claims) {
    out << "  [" << c["verdict"].get<std::string>() << "] " << c["id"].get<std::string>() << ": "
        << c["measured"].get<std::string>() << "\n";
    if (c["verdict"] != "holds") {
      for (const json& f : c["failing"]) out << "      " << f.get<std::string>() << "\n";
    }
  }
  return 0;
}

const Registrar reg_claims{Command{
    "rn1", "claims", "paper 002's fault-tolerance claims, checked on the model",
    "usage: minforge rn1 claims [--topology T] [--static] [--stuck] [--seed S] [--svg DIR] "
    "[--json]\n"
    "  For each network (default: the 16-endpoint fig20.7 fig20.4 fig20.9 fig20.3\n"
    "  fig20.7-d2last; rn1-64 with --topology rn1-64, ~40 s simulated):\n"
    "  every single dead router and link (pairs disconnected, endpoints cut off), the fewest\n"
    "  dead components that cut off an endpoint (all sets of 1, then 2), every 0..4-subset of\n"
    "  the first-stage routers, the exact mean attempts with one dead component by stage;\n"
    "  unless --static, also simulated: every single fault under all-to-all traffic\n"
    "  (exactly-once delivery; --stuck adds every stuck data wire), attempts by stage at\n"
    "  load 0.05, throughput against load.  Then each claim of the chapter on each network it\n"
    "  is about, with every measured row and a verdict computed from all of them: holds,\n"
    "  fails, partly (the rows that fail are listed) or undecided (95 % confidence intervals\n"
    "  of simulated values overlap); first_stage_two_attempts and redundant_paths_performance\n"
    "  are judged on the simulation only (left out with --static).\n"
    "  --svg DIR (an existing folder) writes rn1_throughput_vs_load.svg and "
    "rn1_attempts_by_stage.svg.\n"
    "  JSON: {\"networks\",\"claims\":[{\"id\",\"network\",\"paper\",\"measured\",\"verdict\",\n"
    "  \"expected\",\"failing\"}]} (expected: the project's table, algo/rn1/rn1_claims.hpp).\n",
    run_claims}};

}  // namespace
}  // namespace minforge::cli
