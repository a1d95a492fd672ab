// `minforge sim gsen|banyan`: runs the RTL in this process.  The requested parameter set
// (one fabric and one engine variant) is built on demand with the regression's own recipe
// (tb/a2a/a2a.cmake through tb/core/ondemand.hpp: same generated top, same Verilator flags)
// into a cache, loaded, and run in lockstep with the twins by the all-to-all harness library
// (tb/a2a/a2a_rtl.hpp), which returns a struct; this file only checks the arguments and
// prints
//   {"ports","width","control","rounds","latency","cycles","delivered","lost","duplicates",
//    "mismatches"}.
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else ~/.cache/minforge/models.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "a2a/a2a_ft_rtl.hpp"
#include "a2a/a2a_rtl.hpp"
#include "cli.hpp"
#include "minforge/algo/banyan/banyan.hpp"
#include "minforge/common.hpp"

namespace minforge::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tb::A2aSimRequest;
using tb::Ctrl;

// Largest N of `minforge sim` (both networks): the engines' per-sink N-bit vectors and the
// generated C++ grow with N; the first build of a parameter set takes a minute or two,
// later runs reuse it.
constexpr int64_t kMaxSimPorts = 256;
constexpr int64_t kMaxWidth = 64;  // the twins carry messages in uint64_t

Ctrl control_of(const std::string& name) {
  if (const auto c = params::ctrl_from_name(name)) return *c;
  throw UsageError("unknown control '" + name + "'");
}

int run_request(const A2aSimRequest& r, bool as_json, std::ostream& out) {
  const tb::A2aModel model(tb::a2a_sim_model(r));
  std::cerr << "minforge sim: seed " << r.seed << "\n";
  const tb::A2aSimResult res = tb::a2a_sim(r, model);
  for (const auto& m : res.reports) std::cerr << m.text() << "\n";
  for (const auto& w : res.waves) std::cerr << "waveform: " << w << "\n";
  if (as_json) {
    const json j{{"ports", res.ports},           {"width", res.width},
                 {"control", res.control},       {"rounds", res.rounds},
                 {"latency", res.latency},       {"cycles", res.cycles},
                 {"delivered", res.delivered},   {"lost", res.lost},
                 {"duplicates", res.duplicates}, {"mismatches", res.mismatches}};
    out << j.dump() << "\n";
  } else {
    out << (r.net == tb::Net::Banyan ? "banyan" : "gsen") << " N=" << res.ports
        << " W=" << res.width << " control " << res.control << ": " << res.rounds << " rounds + "
        << res.latency << " latency = " << res.cycles << " cycles, delivered " << res.delivered
        << ", lost " << res.lost << ", duplicates " << res.duplicates << ", mismatches "
        << res.mismatches << "\n";
  }
  return res.mismatches == 0 ? 0 : 1;
}

// A dead internal fault: the fault-tolerant exchange engine (rtl/engine/banyan_ft_engine.v)
// with the model's plan for that fault, built on demand (tb/a2a/a2a_ft.cmake), random
// stimulus then the exchange, in lockstep with its twin (tb/a2a/a2a_ft_rtl.hpp).
int run_ft(const A2aSimRequest& r, bool as_json, std::ostream& out) {
  const tb::Model& model = tb::ft_model(r.N, r.pipeline, r.W);
  std::cerr << "minforge sim: seed " << r.seed << "\n";
  tb::RunOptions opt;
  opt.wave_dir = r.wave_dir;
  const tb::RunOutcome rnd = tb::ft_random(model, r.seed, static_cast<uint64_t>(r.cycles), opt);
  tb::FtSimResult res =
      tb::ft_sim(model, banyan::Fault{r.fault.stage, r.fault.element}, r.seed, r.wave, r.wave_dir);
  if (!rnd.ok) {
    ++res.mismatches;
    res.reports.insert(res.reports.begin(), rnd.first);
    if (!rnd.wave.empty()) res.waves.insert(res.waves.begin(), rnd.wave);
  }
  for (const auto& m : res.reports) std::cerr << m.text() << "\n";
  for (const auto& w : res.waves) std::cerr << "waveform: " << w << "\n";
  if (as_json) {
    const json j{{"ports", res.ports},           {"width", res.width},
                 {"control", "fault-tolerant"},  {"rounds", res.rounds},
                 {"latency", res.latency},       {"cycles", res.cycles},
                 {"delivered", res.delivered},   {"lost", res.lost},
                 {"duplicates", res.duplicates}, {"mismatches", res.mismatches}};
    out << j.dump() << "\n";
  } else {
    out << "banyan N=" << res.ports << " W=" << res.width << " fault-tolerant engine, E_"
        << r.fault.stage << "," << r.fault.element << " dead: " << res.rounds << " plan cycles + "
        << res.latency << " latency = " << res.cycles << " cycles, delivered " << res.delivered
        << ", lost " << res.lost << ", duplicates " << res.duplicates << ", mismatches "
        << res.mismatches << "\n";
  }
  return res.mismatches == 0 ? 0 : 1;
}

void read_common(Args& a, A2aSimRequest& r) {
  r.pipeline = a.get_int_or("pipeline", 1, 0, 1) != 0;
  if (auto w = a.get("wave")) {
    if (w->empty()) throw UsageError("--wave needs a file name");
    check_output_file(*w, "--wave");  // before a model is built
    r.wave = fs::absolute(*w).string();
  }
  r.seed = static_cast<uint64_t>(a.get_int_or("seed", 1, 0, INT64_MAX));
  r.cycles = static_cast<int>(a.get_int_or("cycles", 256, 1, 100000));
  r.wave_dir = fs::temp_directory_path().string();
}

int read_width(Args& a, int N) {
  const int iw = ceil_log2(static_cast<uint64_t>(N));
  const int64_t min_w = 2 * iw + 4;
  auto w = a.get("width");
  if (!w) return static_cast<int>(std::max<int64_t>(32, min_w));
  const int64_t W = parse_int(*w, "--width", 1, kMaxWidth);
  if (W < min_w)
    throw InvalidArgument("--width " + std::to_string(W) +
                          " too small for N = " + std::to_string(N) +
                          ": a message needs source and destination (2 x " + std::to_string(iw) +
                          " bits) and 4 payload bits, W >= " + std::to_string(min_w));
  return static_cast<int>(W);
}

int run_sim_gsen(Args& a, std::ostream& out) {
  A2aSimRequest r;
  r.net = tb::Net::Gsen;
  const int64_t N = a.get_int("ports", 4, kMaxSimPorts);
  if (N % 2 != 0) throw InvalidArgument("--ports must be even (got " + std::to_string(N) + ")");
  r.N = static_cast<int>(N);
  r.W = read_width(a, r.N);
  r.control = control_of(a.get_choice("control", {"alt", "stage", "alt2", "alt4", "tag"}));
  if (auto c = a.get("configs")) {
    if (r.control == Ctrl::Tag)
      throw UsageError("--configs needs a configuration-number control (stage, alt, alt2, alt4)");
    const int n = ceil_log2(static_cast<uint64_t>(r.N));
    r.configs = parse_config_list(*c, uint64_t{1} << n);
    if (r.configs.empty()) throw InvalidArgument("--configs: empty list");
    if (r.configs.size() > 4096) throw InvalidArgument("--configs: at most 4096 rounds");
  }
  read_common(a, r);
  const bool as_json = a.flag("json");
  a.finish();
  return run_request(r, as_json, out);
}

// --ports of the banyan network (a power of two) and --width.
void read_banyan_ports(Args& a, A2aSimRequest& r) {
  r.net = tb::Net::Banyan;
  const int64_t N = a.get_int("ports", 4, kMaxSimPorts);
  if (!is_pow2(static_cast<uint64_t>(N)))
    throw InvalidArgument("--ports must be a power of two for the banyan network (got " +
                          std::to_string(N) + ")");
  r.N = static_cast<int>(N);
  r.W = read_width(a, r.N);
}

// The site "I,L" of a fault on internal element E_(I,L) (stage 1..m-2, element < N/2).
std::pair<int, int> parse_fault_site(const std::string& site, int N) {
  const size_t c1 = site.find(',');
  if (c1 == std::string::npos) throw UsageError("--fault: expected I,L (stage,element)");
  const int st = static_cast<int>(parse_int(site.substr(0, c1), "--fault stage", 0, 64));
  const int el =
      static_cast<int>(parse_int(site.substr(c1 + 1), "--fault element", 0, kMaxSimPorts));
  banyan::validate_fault(banyan::Topology(N), {st, el});
  return {st, el};
}

// The fault-tolerant engine's fabric word: DW + 2 log2 N + 1 block-word bit (B = 1: none)
// + 1 slot bit + 1 first-hop bit; the twin carries it in 64 bits.
void check_ft_width(const A2aSimRequest& r) {
  const int need = r.W + 2 * ceil_log2(static_cast<uint64_t>(r.N)) + 2;
  if (need > 64)
    throw InvalidArgument("--width " + std::to_string(r.W) +
                          " too large for the fault-tolerant "
                          "engine at N = " +
                          std::to_string(r.N) + ": W <= " + std::to_string(64 - (need - r.W)));
}

int run_sim_banyan(Args& a, std::ostream& out) {
  A2aSimRequest r;
  read_banyan_ports(a, r);
  r.control =
      a.get("control") ? control_of(a.get_choice("control", {"stage", "tag"})) : Ctrl::Stage;
  if (auto f = a.get("fault")) {
    const std::string s = *f;
    const size_t c1 = s.find(',');
    const size_t c2 = c1 == std::string::npos ? c1 : s.find(',', c1 + 1);
    if (c2 == std::string::npos) throw UsageError("--fault must be I,L,dead|straight|cross");
    const auto [st, el] = parse_fault_site(s.substr(0, c2), r.N);
    const std::string kind = s.substr(c2 + 1);
    const auto k = params::fault_from_name(kind);  // MF_FAULT_* names
    if (!k) throw InvalidArgument("unknown fault kind '" + kind + "' (dead, straight or cross)");
    r.fault = tb::BanyanFault{true, st, el, params::code(*k)};
    if (r.fault.dead() && r.control == Ctrl::Tag)
      throw UsageError("the fault-tolerant schedule runs under stage control (omit --control tag)");
  }
  read_common(a, r);
  const bool as_json = a.flag("json");
  a.finish();
  if (r.fault.enabled && r.fault.dead()) {
    // The old spelling of `sim banyan-ft`: the dead fault swaps in the other design.
    check_ft_width(r);
    alias_note("sim banyan --fault I,L,dead", "banyan-ft --fault I,L");
    return run_ft(r, as_json, out);
  }
  return run_request(r, as_json, out);
}

int run_sim_banyan_ft(Args& a, std::ostream& out) {
  A2aSimRequest r;
  read_banyan_ports(a, r);
  std::string site = a.require("fault");
  if (const std::string dead = ",dead";
      site.size() > dead.size() && site.compare(site.size() - dead.size(), dead.size(), dead) == 0)
    site.resize(site.size() - dead.size());  // the old spelling's kind, accepted
  if (std::count(site.begin(), site.end(), ',') != 1)
    throw UsageError(
        "--fault must be I,L (a dead element; stuck faults run on the Latin engine: "
        "minforge sim banyan --fault I,L,straight|cross)");
  const auto [st, el] = parse_fault_site(site, r.N);
  r.fault = tb::BanyanFault{true, st, el, params::code(params::Fault::Dead)};
  read_common(a, r);
  const bool as_json = a.flag("json");
  a.finish();
  check_ft_width(r);
  return run_ft(r, as_json, out);
}

const std::string kGsenUsage =
    "usage: minforge sim gsen --ports N --control alt|stage|alt2|alt4|tag [--width W]\n"
    "                         [--configs LIST] [--pipeline 0|1] [--wave FILE] [--seed S]\n"
    "                         [--cycles C] [--json]\n"
    "Verilates the GSEN fabric and all-to-all engine for these parameters (cached), runs a\n"
    "seeded random lockstep test of the fabric (C cycles, default 256) and the exchange in\n"
    "lockstep with the golden model.  N even, 4..256; W 2*ceil(log2 N)+4 .. 64 (default 32).\n"
    "Schedules: alt = Algorithm 4 (N = 2 mod 4), stage = 2^n rounds C = k, tag = the same\n"
    "with tag self-routing; alt2/alt4 (and alt for N != 2 mod 4) replay configurations\n"
    "0..2^n-1; --configs LIST replays LIST (a pair is sent in the first listed configuration\n"
    "that realizes it; uncovered pairs are reported as lost).\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";
const std::string kBanyanUsage =
    "usage: minforge sim banyan --ports N [--width W] [--control stage|tag]\n"
    "                           [--fault I,L,dead|straight|cross] [--pipeline 0|1]\n"
    "                           [--wave FILE] [--seed S] [--cycles C] [--json]\n"
    "Verilates the banyan fabric and engine (N a power of two, 4..256): the Latin-square\n"
    "exchange (N rounds); with a dead fault on an internal element E_(I,L) the fault-tolerant\n"
    "exchange engine (rtl/engine/banyan_ft_engine.v, relays in hardware) runs the model's plan\n"
    "for that fault (`minforge banyan fault --plan-hex`) on random data: \"rounds\" = plan\n"
    "cycles, \"latency\" = log2 N + 3 (PIPELINE 1) or 3, \"control\" = \"fault-tolerant\";\n"
    "with a stuck fault the Latin exchange shows exactly the corrupted paths the model predicts.\n"
    "A dead fault here is the old spelling of `minforge sim banyan-ft --fault I,L` (kept for\n"
    "one release, with a note on stderr).\n";
const std::string kBanyanFtUsage =
    "usage: minforge sim banyan-ft --ports N --fault I,L [--width W] [--pipeline 0|1]\n"
    "                              [--wave FILE] [--seed S] [--cycles C] [--json]\n"
    "Verilates the fault-tolerant banyan exchange engine (rtl/engine/banyan_ft_engine.v,\n"
    "relays in hardware; N a power of two, 8..256) with internal element E_(I,L) dead\n"
    "(stage 1..log2 N - 2, element < N/2), runs C cycles of random stimulus and then the\n"
    "model's plan for that fault (`minforge banyan fault --plan-hex`) in lockstep with its\n"
    "twin: \"rounds\" = plan cycles, \"latency\" = log2 N + 3 (PIPELINE 1) or 3,\n"
    "\"control\" = \"fault-tolerant\".  W + 2 log2 N + 2 <= 64.\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";
const Registrar kSimGsen{Command{"sim", "gsen", "run the GSEN RTL (Verilator) against the model",
                                 kGsenUsage, run_sim_gsen}};
const Registrar kSimBanyan{Command{"sim", "banyan",
                                   "run the banyan RTL (Verilator) against the model", kBanyanUsage,
                                   run_sim_banyan}};
const Registrar kSimBanyanFt{Command{"sim", "banyan-ft",
                                     "run the fault-tolerant banyan engine RTL with a dead element",
                                     kBanyanFtUsage, run_sim_banyan_ft}};

}  // namespace
}  // namespace minforge::cli
