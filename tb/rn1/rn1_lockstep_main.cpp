// CTest driver of the RN1 lockstep runs (rn1_rtl.hpp), on the models linked in (the
// regression builds them with tb/rn1/rn1.cmake).
//   rn1_lockstep router|router-pins [--seed S] [--cycles C]      (default 30000 cycles)
//   rn1_lockstep monitor [--seed S] [--cycles C]                  (default 20000 cycles)
//   rn1_lockstep localise --topology T
//   rn1_lockstep every-link --topology T [--cycles C]             (default 600 cycles)
//   rn1_lockstep net --topology T --traffic X --faults K [--seed S] [--cycles C]
//                                 (seed 11 + K and 3000 cycles, 1000 for rn1-64, by default)
// and the options of every regression main (tb/core/options.hpp): --seed (default
// $MINFORGE_SEED or 1), --wave FILE, --wave-dir DIR (default $MINFORGE_WAVE_DIR or .),
// --inject-mismatch C, --quiet.  Bad input: one line on stderr, exit 2, before any run.
// Exit 0 when RTL and twin agree on every channel every cycle (and, for networks, every
// message is delivered exactly once between connected pairs); otherwise 1 with the first
// mismatch printed and the waveform of its replay kept.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/model_table.hpp"
#include "core/options.hpp"
#include "minforge/twin/rn1/rn1_experiments.hpp"
#include "rn1/rn1_rtl.hpp"

using namespace minforge;
using namespace minforge::twin;

namespace {

// The network top of a topology: linked in (mf_model_table in tb/rn1/CMakeLists.txt; rn1-64
// with MINFORGE_TB_LARGE only), otherwise built on demand with the same recipe, like
// `minforge sim rn1`.
const tb::Model& net_model(rn1::Topology t) {
  if (t == rn1::Topology::kFig20_7D)
    throw minforge::InvalidArgument("rn1_lockstep: " + rn1::topology_name(t) + " has no RTL top");
  if (const tb::Model* m = tb::linked_model("Vrn1_net_" + tb::rn1_net_name(t))) return *m;
  return tb::rn1_net_model(t);
}

// A linked model of the router or the monitor.
const tb::Model& linked(const std::string& name) {
  if (const tb::Model* m = tb::linked_model(name)) return *m;
  throw std::logic_error("rn1_lockstep: " + name + " is not linked in");
}

const char* kUsage =
    "usage: rn1_lockstep router|router-pins|monitor [--seed S] [--cycles C] | localise "
    "--topology T | every-link --topology T [--cycles C] | net --topology T --traffic X "
    "--faults K [--seed S] [--cycles C]";

// The command line: the mode, then options (tb/core/options.hpp).
struct Args {
  std::string mode;
  tb::CommonOptions c;
  uint64_t cycles = 0;  // 0 = the mode's default
  std::string topology_name, traffic_name;
  rn1::Topology topology = rn1::Topology::kFig20_9;
  Traffic traffic = Traffic::kUniform;
  int faults = -1;
};

// Returns -1 to go on, else the exit code (2 after the one error line).
int parse_args(int argc, char** argv, Args& a) {
  const std::string prog = "rn1_lockstep";
  if (argc < 2) return tb::usage_error(prog, kUsage);
  a.mode = argv[1];
  const bool known = a.mode == "router" || a.mode == "router-pins" || a.mode == "monitor" ||
                     a.mode == "localise" || a.mode == "every-link" || a.mode == "net";
  if (!known) return tb::usage_error(prog, "unknown mode '" + a.mode + "'; " + kUsage);
  bool given_topology = false, given_traffic = false;
  const int rc = tb::read_options(argc - 1, argv + 1, prog, a.c,
                                  [&](const std::string& s, tb::OptionValue& v) {
                                    if (s == "--cycles") {
                                      const long c = v.i64();
                                      if (c <= 0) throw tb::OptionError("--cycles must be > 0");
                                      a.cycles = static_cast<uint64_t>(c);
                                    } else if (s == "--topology") {
                                      a.topology_name = v.value();
                                      given_topology = true;
                                    } else if (s == "--traffic") {
                                      a.traffic_name = v.value();
                                      given_traffic = true;
                                    } else if (s == "--faults") {
                                      a.faults = v.i32();
                                      if (a.faults < 0)
                                        throw tb::OptionError("--faults must be >= 0");
                                    } else {
                                      return tb::Opt::Unknown;
                                    }
                                    return tb::Opt::Taken;
                                  });
  if (rc >= 0) return rc;
  const bool needs_topology = a.mode == "localise" || a.mode == "every-link" || a.mode == "net";
  if (needs_topology && !given_topology) return tb::usage_error(prog, a.mode + " needs --topology");
  if (!needs_topology && given_topology)
    return tb::usage_error(prog, a.mode + " takes no --topology");
  if (a.mode == "net" && (!given_traffic || a.faults < 0))
    return tb::usage_error(prog, "net needs --traffic and --faults");
  if (a.mode != "net" && (given_traffic || a.faults >= 0))
    return tb::usage_error(prog, "--traffic and --faults are options of net");
  if (a.mode == "localise" && a.cycles != 0)
    return tb::usage_error(prog, "localise runs a fixed 3000 cycles (no --cycles)");
  try {
    if (needs_topology) {
      a.topology = rn1::parse_topology(a.topology_name);
      net_model(a.topology);  // a topology without an RTL top is bad input too
    }
    if (given_traffic) a.traffic = parse_traffic(a.traffic_name);
  } catch (const std::exception& e) {
    return tb::usage_error(prog, e.what());
  }
  return -1;
}

// A failed run: the core's MISMATCH line and waveform, and the command that reproduces it.
void report(const tb::RunOutcome& r, const Args& a, uint64_t seed, uint64_t cycles) {
  if (r.ok) return;
  tb::report_failure(r);
  std::string cmd = "rn1_lockstep " + a.mode;
  if (!a.topology_name.empty()) cmd += " --topology " + a.topology_name;
  if (a.mode == "net")
    cmd += " --traffic " + a.traffic_name + " --faults " + std::to_string(a.faults);
  if (a.mode != "localise" && a.mode != "every-link") cmd += " --seed " + std::to_string(seed);
  if (a.mode != "localise") cmd += " --cycles " + std::to_string(cycles);
  std::printf("reproduce: %s\n", cmd.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (const int rc = parse_args(argc, argv, args); rc >= 0) return rc;
  const tb::RunOptions& opt = args.c.run;
  const std::string& mode = args.mode;
  const uint64_t seed = args.c.seed;
  try {
    if (mode == "router" || mode == "router-pins") {
      const bool pins = mode == "router-pins";
      const uint64_t cycles = args.cycles ? args.cycles : 30000;
      const auto r = tb::rn1_router_lockstep(linked(pins ? "Vrn1_router_pins" : "Vrn1_router"),
                                             seed, cycles, opt, pins ? 1 : 0);
      std::printf(
          "router MODE_SEL=%d seed %llu: %llu cycles, %ld transmissions, %ld drops, %ld config "
          "writes, "
          "%ld resets, %llu mismatches\n",
          pins ? 1 : 0, static_cast<unsigned long long>(seed),
          static_cast<unsigned long long>(r.cycles), r.transmissions, r.drops, r.config_writes,
          r.resets, static_cast<unsigned long long>(r.run.mismatches));
      report(r.run, args, seed, cycles);
      return (r.run.ok && r.transmissions > 0 && r.drops > 0) ? 0 : 1;
    }
    if (mode == "monitor") {
      const uint64_t cycles = args.cycles ? args.cycles : 20000;
      const auto r = tb::rn1_monitor_lockstep(linked("Vrn1_monitor"), seed, cycles, opt);
      std::printf(
          "monitor seed %llu: %llu cycles, %ld verdicts, %ld declarations, %ld resets, "
          "%llu mismatches\n",
          static_cast<unsigned long long>(seed), static_cast<unsigned long long>(r.cycles),
          r.verdicts, r.declarations, r.resets, static_cast<unsigned long long>(r.run.mismatches));
      report(r.run, args, seed, cycles);
      return (r.run.ok && r.declarations > 10) ? 0 : 1;
    }
    if (mode == "localise") {
      // A dead router and a stuck backward wire (fig20.9), a dead internal link and a stuck
      // forward wire (fig20.7): the same run on the model and on the RTL in lockstep, each
      // with its own decoders and monitor switching the declared links off (mon_switch).
      LocaliseConfig lc;
      lc.topology = args.topology;
      const rn1::NetSpec& s = rn1::net_spec(lc.topology);
      lc.faults = rn1::FaultSet::none(s);
      if (lc.topology == rn1::Topology::kFig20_9) {
        lc.faults.router_dead[5] = 1;
        lc.faults.links[3] = {false, true, true, 2, true};
      } else {
        lc.faults.links[100].dead = true;
        lc.faults.links[60] = {false, true, false, 5, false};
      }
      lc.cycles = 3000;
      const LocaliseRun m = localise(lc);
      const auto r = tb::rn1_net_lockstep(net_model(lc.topology), m.replay, opt);
      long wrong = 0, switched = 0;
      for (const auto& d : m.declared) {
        wrong += !d.correct;
        switched += d.switched;
      }
      std::printf(
          "localise %s: %zu declared (%ld switched off, %ld wrong), localised %d after %ld "
          "attempts; RTL: %llu cycles, sent %ld delivered %ld, mean attempts %.3f (model %.3f), "
          "%llu mismatches\n",
          args.topology_name.c_str(), m.declared.size(), switched, wrong, m.localised ? 1 : 0,
          m.attempts_to_localise, static_cast<unsigned long long>(r.cycles), r.rtl.sent,
          r.rtl.delivered, r.rtl.mean_attempts, m.stats.mean_attempts,
          static_cast<unsigned long long>(r.run.mismatches));
      report(r.run, args, seed, 3000);
      bool same = r.rtl.sent == m.stats.sent && r.rtl.delivered == m.stats.delivered &&
                  r.rtl.mean_attempts == m.stats.mean_attempts && r.attempts == m.attempts &&
                  r.declared.size() == m.declared.size();
      for (size_t k = 0; same && k < r.declared.size(); ++k)
        same = r.declared[k].link == m.declared[k].link &&
               r.declared[k].cycle == m.declared[k].cycle &&
               r.declared[k].attempts == m.declared[k].attempts;
      std::printf(
          "RTL monitor: %zu declared, %ld attempts read (%ld suspect, %ld blocked); "
          "decoder verdicts vs rn1::decode_attempt: %ld differ\n",
          r.declared.size(), r.attempts, r.suspect, r.blocked, m.verdict_mismatches);
      return (r.run.ok && same && m.localised && wrong == 0 && switched > 0 &&
              m.verdict_mismatches == 0)
                 ? 0
                 : 1;
    }
    if (mode == "every-link") {
      // Every link of the network dead alone, uniform load 0.2 for <cycles> cycles: the RTL's
      // own decoders and monitor (mon_switch = 1) must name each link correctly within 400
      // attempts, declaration for declaration as the model, 0 mismatches.
      LocaliseConfig base;
      base.topology = args.topology;
      base.cycles = args.cycles ? args.cycles : 600;
      const rn1::NetSpec& s = rn1::net_spec(base.topology);
      long ok = 0, worst = 0, mism = 0, bad = 0;
      const int nl = static_cast<int>(s.links.size());
      for (int l = 0; l < nl; ++l) {
        LocaliseConfig c = base;
        c.faults = rn1::dead_sites(s, {rn1::Site{false, l}});
        c.seed = static_cast<uint64_t>(l) + 1;
        const LocaliseRun m = localise(c);
        const auto r = tb::rn1_net_lockstep(net_model(base.topology), m.replay, opt);
        mism += static_cast<long>(r.run.mismatches);
        if (!r.run.ok && mism == static_cast<long>(r.run.mismatches))
          report(r.run, args, seed, base.cycles);
        // The RTL monitor's first declaration names link l, before 400 attempts.
        bool good = r.run.ok && !r.declared.empty() && r.declared[0].link == l &&
                    r.declared[0].attempts <= 400 && r.declared.size() == m.declared.size() &&
                    m.verdict_mismatches == 0;
        for (size_t k = 0; good && k < r.declared.size(); ++k)
          good = r.declared[k].link == m.declared[k].link &&
                 r.declared[k].cycle == m.declared[k].cycle &&
                 r.declared[k].attempts == m.declared[k].attempts;
        if (good) {
          ++ok;
          worst = std::max(worst, r.declared[0].attempts);
        } else {
          ++bad;
          std::printf("link %d: RTL declared %zu (first %d), model %zu\n", l, r.declared.size(),
                      r.declared.empty() ? -1 : r.declared[0].link, m.declared.size());
        }
      }
      std::printf(
          "every-link %s: %ld of %d dead links named correctly by the RTL monitor, at "
          "most %ld attempts; %ld mismatches\n",
          args.topology_name.c_str(), ok, nl, worst, mism);
      return (bad == 0 && mism == 0) ? 0 : 1;
    }
    if (mode == "net") {
      RunConfig c;
      c.topology = args.topology;
      c.traffic = args.traffic;
      c.faults = args.faults;
      c.load = 0.3;
      // rn1-64: 1000 cycles (1500 until its top carried 64 decoders and the monitor, which
      // made its Verilated model ~4x slower per cycle; the shorter runs offset part of it).
      c.cycles = args.cycles ? args.cycles : (c.topology == rn1::Topology::kRn1_64 ? 1000 : 3000);
      c.seed = args.c.seed_given ? seed : 11 + static_cast<uint64_t>(c.faults);
      const std::string name =
          args.topology_name + "_" + args.traffic_name + "_f" + std::to_string(c.faults);
      const auto r = tb::rn1_net_lockstep(net_model(c.topology), c, opt);
      std::printf(
          "%s: %llu cycles, sent %ld delivered %ld lost %ld (connected %ld) duplicates %ld "
          "corrupt %ld unfinished %ld mean attempts %.3f, %llu mismatches\n",
          name.c_str(), static_cast<unsigned long long>(r.cycles), r.rtl.sent, r.rtl.delivered,
          r.rtl.lost, r.rtl.lost_connected, r.rtl.duplicates, r.rtl.corrupt, r.rtl.unfinished,
          r.rtl.mean_attempts, static_cast<unsigned long long>(r.run.mismatches));
      report(r.run, args, c.seed, c.cycles);
      const bool same = r.rtl.sent == r.model.sent && r.rtl.delivered == r.model.delivered &&
                        r.rtl.mean_attempts == r.model.mean_attempts;
      const bool clean = r.rtl.duplicates == 0 && r.rtl.corrupt == 0 && r.rtl.lost_connected == 0 &&
                         r.rtl.unfinished == 0 && r.rtl.sent > 0;
      return (r.run.ok && same && clean) ? 0 : 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rn1_lockstep: %s\n", e.what());
    return 3;
  }
  return 2;  // not reached: parse_args accepts only the modes above
}
