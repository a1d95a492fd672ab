// `minforge rn1 localise`: fault localisation of paper 002, section 20.9, on the model (and
// the RTL in lockstep with --rtl): inject faults, run traffic, read every attempt's status
// words, let the monitor name and switch off faulty links, report its conclusion against
// the truth.  docs/rn1.md, "Fault localisation".
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli.hpp"
#include "minforge/algo/rn1/rn1_localise.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
using namespace minforge::rn1;
using namespace minforge::twin;

const std::vector<std::string> kTopos = {"fig20.7", "fig20.9", "rn1-64", "fig20.4"};

// "router:R", "link:L" (dead) or "link:L:fwd|bwd:BIT:0|1" (stuck data wire), comma-separated.
FaultSet parse_faults(const NetSpec& s, const std::string& text) {
  FaultSet f = FaultSet::none(s);
  // Split keeping empty pieces, so that "router:1:" and "router:1," are refused.
  auto split = [](const std::string& t, char sep) {
    std::vector<std::string> r(1);
    for (char c : t) {
      if (c == sep)
        r.emplace_back();
      else
        r.back().push_back(c);
    }
    return r;
  };
  for (const std::string& item : split(text, ',')) {
    const std::vector<std::string> p = split(item, ':');
    auto num = [&](const std::string& v, int hi, const char* what) {
      return static_cast<int>(parse_int(v, std::string("--fault ") + what, 0, hi));
    };
    if (p.size() == 2 && p[0] == "router") {
      f.router_dead[static_cast<size_t>(
          num(p[1], static_cast<int>(s.routers.size()) - 1, "router"))] = 1;
    } else if ((p.size() == 2 || p.size() == 5) && p[0] == "link") {
      LinkFault& lf =
          f.links[static_cast<size_t>(num(p[1], static_cast<int>(s.links.size()) - 1, "link"))];
      if (p.size() == 2) {
        lf.dead = true;
      } else {
        if (p[2] != "fwd" && p[2] != "bwd")
          throw UsageError("--fault: direction fwd or bwd, got '" + p[2] + "'");
        lf.stuck = true;
        lf.backward = p[2] == "bwd";
        lf.bit = num(p[3], 7, "bit");
        lf.value = num(p[4], 1, "value") == 1;
      }
    } else {
      throw UsageError("--fault: expected router:R, link:L or link:L:fwd|bwd:BIT:0|1, got '" +
                       item + "'");
    }
  }
  if (f.count() == 0) throw UsageError("--fault: no fault given");
  return f;
}

std::string fault_text(const NetSpec& s, const FaultSet& f) {
  std::ostringstream t;
  const char* sep = "";
  for (size_t r = 0; r < s.routers.size(); ++r) {
    if (!f.router_dead[r]) continue;
    t << sep << "router:" << r;
    sep = ",";
  }
  for (size_t l = 0; l < s.links.size(); ++l) {
    const LinkFault& lf = f.links[l];
    if (lf.dead) t << sep << "link:" << l;
    if (lf.stuck) {
      t << sep << "link:" << l << (lf.backward ? ":bwd:" : ":fwd:") << lf.bit << ':'
        << (lf.value ? 1 : 0);
    }
    if (lf.dead || lf.stuck) sep = ",";
  }
  return t.str();
}

int run_localise(Args& a, std::ostream& out) {
  LocaliseConfig base;
  base.topology = parse_topology(a.get_choice("topology", kTopos));
  const NetSpec& s = net_spec(base.topology);
  const std::optional<std::string> fault = a.get("fault");
  const bool every_link = a.flag("every-link");
  const int random = static_cast<int>(a.get_int_or("random", 0, 0, 8));
  const int trials = static_cast<int>(a.get_int_or("trials", 20, 1, 10000));
  if (auto v = a.get("load")) base.load = parse_double(*v, "--load", 0, 1, /*lo_open=*/true);
  base.cycles = static_cast<uint64_t>(a.get_int_or("cycles", 4000, 100, 1000000));
  base.threshold = static_cast<int>(a.get_int_or("threshold", 2, 1, 1000));
  base.seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, (int64_t{1} << 53)));
  const bool rtl = a.flag("rtl");
  const bool as_json = a.flag("json");
  a.finish();
  if (rtl && base.threshold != 2) {
    throw UsageError("--rtl: the network tops' monitor is built with threshold 2 (MON_TH)");
  }
  if ((fault ? 1 : 0) + (every_link ? 1 : 0) + (random > 0 ? 1 : 0) != 1) {
    throw UsageError("give exactly one of --fault LIST, --every-link, --random K");
  }
  std::vector<FaultSet> cases;
  if (fault) {
    cases.push_back(parse_faults(s, *fault));
  } else if (every_link) {
    for (int l = 0; l < static_cast<int>(s.links.size()); ++l)
      cases.push_back(dead_sites(s, {Site{false, l}}));
  } else {
    for (int t = 0; t < trials; ++t)
      cases.push_back(random_faults(s, random, base.seed * 7919ull + static_cast<uint64_t>(t)));
  }
  // Progress (on a terminal only) in cases: --every-link on rn1-64 runs for minutes.
  Progress progress("rn1 localise", cases.size(), "cases");
  const LocaliseSweep sw = localise_sweep(base, cases, [&](size_t done) { progress.update(done); });
  long mismatches = 0, rtl_runs = 0, rtl_diff = 0;
  // The RTL's own localisation (its decoders and monitor): cases localised, wrong
  // declarations, attempts until the last faulty component was named.
  long rtl_localised = 0, rtl_wrong = 0, rtl_att_max = 0;
  double rtl_att_sum = 0;
  std::string first;
  if (rtl) {
    tb::RunOptions opt;
    opt.wave_dir = std::filesystem::temp_directory_path().string();
    for (const LocaliseRun& r : sw.runs) {
      const auto res = tb::rn1_net_lockstep(tb::rn1_net_model(base.topology), r.replay, opt);
      ++rtl_runs;
      mismatches += static_cast<long>(res.run.mismatches);
      if (!res.run.ok && first.empty()) first = res.run.first.text();
      // The RTL run reproduces the model run message for message, declaration for declaration.
      bool same = res.rtl.sent == r.stats.sent && res.rtl.delivered == r.stats.delivered &&
                  res.rtl.mean_attempts == r.stats.mean_attempts &&
                  res.declared.size() == r.declared.size();
      for (size_t k = 0; same && k < res.declared.size(); ++k)
        same = res.declared[k].link == r.declared[k].link &&
               res.declared[k].cycle == r.declared[k].cycle &&
               res.declared[k].attempts == r.declared[k].attempts;
      if (!same) ++rtl_diff;
      const FaultSet& truth = *r.replay.fault_set;
      const std::vector<Site> sites = faulty_sites(truth);
      std::vector<uint8_t> named(sites.size(), 0);
      long att = 0;
      for (const auto& d : res.declared) {
        if (!declaration_correct(s, truth, d.link)) ++rtl_wrong;
        const NodeRef& dn = s.links[static_cast<size_t>(d.link)].dst;
        for (size_t k = 0; k < sites.size(); ++k) {
          const Site& x = sites[k];
          if ((!x.router && x.index == d.link) ||
              (x.router && !dn.endpoint && dn.node == x.index)) {
            if (!named[k]) att = d.attempts;
            named[k] = 1;
          }
        }
      }
      bool all = true;
      for (uint8_t n : named) all = all && n != 0;
      if (all) {
        ++rtl_localised;
        rtl_att_sum += static_cast<double>(att);
        rtl_att_max = std::max(rtl_att_max, att);
      }
    }
  }
  json runs = json::array();
  for (size_t k = 0; k < sw.runs.size(); ++k) {
    const LocaliseRun& r = sw.runs[k];
    json d = json::array();
    for (const Declaration& x : r.declared) {
      const auto [router, o] = driving_output(s, x.link);
      d.push_back({{"link", x.link},
                   {"router", router},
                   {"output", o},
                   {"cycle", x.cycle},
                   {"attempts", x.attempts},
                   {"correct", x.correct},
                   {"switched_off", x.switched}});
    }
    runs.push_back({{"faults", fault_text(s, cases[k])},
                    {"localised", r.localised},
                    {"wrong", r.wrong},
                    {"attempts_to_localise", r.attempts_to_localise},
                    {"declared", d},
                    {"attempts", r.attempts},
                    {"suspect_attempts", r.suspect},
                    {"blocked_attempts", r.blocked},
                    {"mean_attempts_after", r.mean_attempts_after},
                    {"delivered", r.stats.delivered},
                    {"sent", r.stats.sent},
                    {"lost_connected", r.stats.lost_connected},
                    {"duplicates", r.stats.duplicates}});
  }
  json j{{"topology", s.name},
         {"load", base.load},
         {"cycles", base.cycles},
         {"threshold", base.threshold},
         {"cases", sw.cases},
         {"localised", sw.localised},
         {"wrong", sw.wrong},
         {"not_switchable", sw.not_switchable},
         {"verdict_mismatches", sw.verdict_mismatches},
         {"attempts_to_localise", sw.attempts_to_localise},
         {"max_attempts_to_localise", sw.max_attempts_to_localise},
         {"mean_attempts_fault_free", sw.mean_attempts_fault_free},
         {"mean_attempts_before", sw.mean_attempts_before},
         {"mean_attempts_after", sw.mean_attempts_after}};
  if (fault || sw.cases <= 20) j["runs"] = runs;
  if (rtl) {
    j["rtl_runs"] = rtl_runs;
    j["mismatches"] = mismatches;
    j["rtl_differs"] = rtl_diff;
    j["rtl_localised"] = rtl_localised;
    j["rtl_wrong"] = rtl_wrong;
    j["rtl_attempts_to_localise"] =
        rtl_localised ? rtl_att_sum / static_cast<double>(rtl_localised) : 0.0;
    j["rtl_max_attempts_to_localise"] = rtl_att_max;
    if (!first.empty()) j["first_mismatch"] = first;
  }
  if (as_json) {
    out << j.dump() << "\n";
    return 0;
  }
  out << "fault localisation on " << s.name << ": " << sw.cases << " case(s), uniform load "
      << base.load << ", " << base.cycles << " cycles, threshold " << base.threshold << "\n";
  if (sw.runs.size() == 1) {
    out << "  faults: " << fault_text(s, cases[0]) << "\n";
    for (const Declaration& x : sw.runs[0].declared) {
      const auto [router, o] = driving_output(s, x.link);
      out << "  declared link " << x.link
          << (router >= 0
                  ? " (router " + std::to_string(router) + " output " + std::to_string(o) + ")"
                  : std::string(" (an endpoint's input)"))
          << " at cycle " << x.cycle << " after " << x.attempts
          << " attempts: " << (x.correct ? "correct" : "WRONG")
          << (x.switched ? ", switched off" : ", not switchable") << "\n";
    }
  }
  out << std::fixed << std::setprecision(3) << "  localised " << sw.localised << "/" << sw.cases
      << ", wrong declarations " << sw.wrong << ", attempts until localised mean "
      << sw.attempts_to_localise << " max " << sw.max_attempts_to_localise << "\n"
      << "  mean attempts per message: fault-free " << sw.mean_attempts_fault_free
      << ", with the faults " << sw.mean_attempts_before << ", after switch-off "
      << sw.mean_attempts_after << "\n";
  if (rtl) {
    out << "  RTL lockstep: " << rtl_runs << " runs, " << mismatches << " mismatches, " << rtl_diff
        << " differing from the model run" << (first.empty() ? "" : " (" + first + ")") << "\n"
        << "  RTL monitor: localised " << rtl_localised << "/" << rtl_runs
        << ", wrong declarations " << rtl_wrong << ", attempts until localised mean "
        << (rtl_localised ? rtl_att_sum / static_cast<double>(rtl_localised) : 0.0) << " max "
        << rtl_att_max << "\n";
  }
  if (sw.verdict_mismatches)
    out << "  decoder verdicts differing from rn1::decode_attempt: " << sw.verdict_mismatches
        << "\n";
  return 0;
}

const Registrar reg_localise{Command{
    "rn1", "localise",
    "fault localisation from the status words (decoders and monitor in the RTL), faulty links "
    "switched off",
    "usage: minforge rn1 localise --topology fig20.7|fig20.9|rn1-64|fig20.4\n"
    "         (--fault LIST | --every-link | --random K [--trials T]) [--load L] [--cycles C]\n"
    "         [--threshold N] [--seed S] [--rtl] [--json]\n"
    "  LIST: router:R, link:L (dead) or link:L:fwd|bwd:BIT:0|1 (stuck data wire), comma-\n"
    "  separated; --every-link: each link dead alone; --random K: T random sets of K faults.\n"
    "  Uniform traffic at load L (default 0.2) for C cycles (4000) on the model of the\n"
    "  hardware: the decoder beside each endpoint reads every attempt's reply (section\n"
    "  20.9), the network's monitor declares a link named N times (default 2) and switches\n"
    "  it off (the router output driving it, or the endpoint input it leaves).  Reports each\n"
    "  declaration against the true faults, attempts until localised, mean attempts per\n"
    "  message fault-free / with the faults / after switch-off.  --rtl runs every case again\n"
    "  on the Verilated network top (built on demand) in lockstep, its own decoders and\n"
    "  monitor switching off (needs N = 2, the tops' MON_TH), and reports the RTL monitor's\n"
    "  localisation.\n",
    run_localise}};

}  // namespace
}  // namespace minforge::cli
