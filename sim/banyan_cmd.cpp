// `minforge banyan ...`: queries of the banyan golden model (paper 000).
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "draw.hpp"
#include "minforge/algo/banyan/banyan.hpp"
#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/banyan/banyan_ft_min.hpp"
#include "minforge/algo/banyan/banyan_ft_plan.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;

constexpr int64_t kMaxBanyanPorts = 1 << 16;

int read_ports(Args& a, int64_t max = kMaxBanyanPorts) {
  int64_t N = a.get_int("ports", 4, max);
  if (!is_pow2(static_cast<uint64_t>(N)))
    throw UsageError("--ports: a banyan network needs N = 2^m, got " + std::to_string(N));
  return static_cast<int>(N);
}

banyan::Fault parse_fault(const std::string& text, const banyan::Topology& t) {
  auto comma = text.find(',');
  if (comma == std::string::npos)
    throw UsageError("--fault: expected I,L (stage, element), got '" + text + "'");
  banyan::Fault f{
      static_cast<int>(parse_int(text.substr(0, comma), "--fault stage", 0, 1 << 20)),
      static_cast<int>(parse_int(text.substr(comma + 1), "--fault element", 0, 1 << 20))};
  banyan::validate_fault(t, f);
  return f;
}

int run_latin(Args& a, std::ostream& out) {
  int N = read_ports(a, 1 << 12);
  bool as_json = a.flag("json");
  a.finish();
  banyan::Topology t(N);
  auto rows = banyan::latin_square(t);
  if (as_json) {
    out << json{{"ports", N}, {"rows", rows}}.dump() << "\n";
    return 0;
  }
  const int w = N >= 1000 ? 5 : N >= 100 ? 4 : 3;
  out << "Latin square L' of the " << N << "x" << N << " banyan network (Algorithm A): row k = "
      << "Gamma_k(0..N-1)\n";
  for (int k = 0; k < N; ++k) {
    out << "Gamma_" << std::left << std::setw(w + 1) << k << std::right;
    for (int x : rows[k]) out << std::setw(w) << x;
    out << "\n";
  }
  return 0;
}

int run_fault(Args& a, std::ostream& out) {
  int N = read_ports(a, 1 << 12);
  std::string ftext = a.require("fault");
  const auto lat_text = a.get("latency");
  const int latency = static_cast<int>(a.get_int_or("latency", 0, 0, 64));
  const int depth = static_cast<int>(a.get_int_or("relay-depth", 2, 1, banyan::kFtMaxRelayDepth));
  auto hex_file = a.get("plan-hex");
  if (hex_file && hex_file->empty()) throw UsageError("--plan-hex needs a file name");
  bool as_json = a.flag("json");
  a.finish();
  if (hex_file) check_output_file(*hex_file, "--plan-hex");  // before the plan is built
  banyan::Topology t(N);
  banyan::Fault f = parse_fault(ftext, t);
  // N^2 messages planned and simulated (N = 4096 with --plan-hex: 18 s): a sign of life on a
  // terminal until the output.
  const Heartbeat alive("banyan fault",
                        std::to_string(N) + " x " + std::to_string(N) + " messages");
  auto blocked = banyan::blocked_pairs(t, f);
  const bool hw = lat_text || hex_file;  // the plan as the hardware runs it
  banyan::Plan plan =
      hw ? banyan::fault_tolerant_plan(t, f, latency) : banyan::fault_tolerant_plan(t, f);
  banyan::SimResult r = banyan::simulate(t, plan, std::make_pair(f, banyan::FaultKind::Dead));
  banyan::PlanTiming tm;
  if (hw) tm = banyan::plan_timing(t, plan, latency);
  if (hex_file) {
    // Validates the relay depth before anything is written.
    const std::string text = banyan::ft_image_hex(banyan::ft_image(t, plan, latency, depth));
    write_output_file(*hex_file, text, "--plan-hex");
  }
  if (as_json) {
    json jb = json::array();
    for (auto [s, d] : blocked) jb.push_back({s, d});
    json j{{"ports", N},       {"fault", {f.stage, f.element}},
           {"blocked", jb},    {"cycles", r.cycles},
           {"bound", r.bound}, {"delivered", r.delivered},
           {"lost", r.lost},   {"duplicates", r.duplicates}};
    if (hw) {
      j["latency"] = latency;
      j["relay_depth"] = tm.relay_depth;
      j["min_gap"] = tm.min_gap;
      j["waits"] = tm.waits;
      j["idle"] = tm.idle;
    }
    if (hex_file) j["plan_hex"] = *hex_file;
    out << j.dump() << "\n";
    return r.errors.empty() ? 0 : 1;
  }
  out << "banyan " << N << "x" << N << " with faulty switching element E_" << f.stage << ","
      << f.element << " (dead)\n";
  out << "blocked pairs:   " << blocked.size() << " (2N)\n";
  out << "schedule:        " << r.cycles << " cycles (Theorem 1 bound U(" << f.stage
      << ") = " << r.bound << ")\n";
  if (hw) {
    out << "latency:         " << latency << " (second hops >= " << latency + 1
        << " cycles after their first hops: " << tm.waits << " waiting, smallest gap " << tm.min_gap
        << ", " << tm.idle << " empty cycles, " << tm.relay_depth
        << " relay slot(s) per processor)\n";
  }
  out << "delivered:       " << r.delivered << " of " << int64_t{N} * N << " messages\n";
  out << "lost:            " << r.lost << "\n";
  out << "duplicates:      " << r.duplicates << "\n";
  if (hex_file) out << "plan image:      " << *hex_file << " (relay depth " << depth << ")\n";
  for (const auto& e : r.errors) out << "error: " << e << "\n";
  return r.errors.empty() ? 0 : 1;
}

int run_draw(Args& a, std::ostream& out) {
  int N = read_ports(a, 64);
  std::string file = a.require("svg");
  auto ftext = a.get("fault");
  banyan::Topology t(N);
  uint32_t k = static_cast<uint32_t>(a.get_int("config", 0, N - 1));
  const bool as_json = a.flag("json");
  a.finish();
  check_output_file(file, "--svg");
  std::optional<std::pair<int, int>> fault;
  if (ftext) {
    banyan::Fault f = parse_fault(*ftext, t);
    fault = std::make_pair(f.stage, f.element);
  }
  std::string svg = draw::banyan_svg(N, k, fault);
  write_output_file(file, svg, "--svg");
  if (as_json) {
    out << json{{"svg", file},
                {"ports", N},
                {"config", k},
                {"fault", fault ? json{fault->first, fault->second} : json(nullptr)},
                {"bytes", svg.size()}}
               .dump()
        << "\n";
    return 0;
  }
  out << "wrote " << file << " (banyan " << N << "x" << N << ", Gamma_" << k << ")\n";
  return 0;
}

// The SAT encodings grow with N^2 messages x T cycles: N = 64 at T = 3N is about 10^8
// literals, beyond a workstation; N <= 32 is what the research table covers.
constexpr int64_t kMaxFtMinPorts = 32;

int run_ftmin(Args& a, std::ostream& out) {
  const int N = read_ports(a, kMaxFtMinPorts);
  if (N < 8) throw UsageError("--ports: ftmin needs N >= 8 (N = 4 has no internal stage)");
  const banyan::Topology t(N);
  const banyan::Fault f = parse_fault(a.require("fault"), t);
  const int latency = static_cast<int>(a.get_int_or("latency", t.stages(), 0, 64));
  const int depth = static_cast<int>(a.get_int_or("relay-depth", 2, 1, banyan::kFtMaxRelayDepth));
  const double timeout = static_cast<double>(a.get_int_or("timeout", 60, 1, 7 * 24 * 3600));
  const bool relaxation = !a.flag("no-relaxation");
  const bool as_json = a.flag("json");
  const auto file = a.get("out");
  a.finish();
  if (file) check_output_file(*file, "--out");
  const banyan::FtMinimum r = [&] {
    const Heartbeat alive(
        "banyan ftmin", "SAT calls of at most " + std::to_string(static_cast<int>(timeout)) + " s");
    return banyan::ft_minimum(t, f, latency, depth, timeout, relaxation);
  }();
  if (file) write_output_file(*file, banyan::ft_certificate(t, r), "--out");
  if (as_json) {
    out << banyan::ft_minimum_json(r) << "\n";
    return 0;
  }
  const banyan::FtCounting& c = r.counting;
  out << "banyan " << N << "x" << N << ", dead element E_" << f.stage << "," << f.element
      << ", latency " << latency << ", " << depth << " relay slots\n";
  out << "paper (Theorem 1): " << r.paper << " cycles; the model's plan: " << r.model << "\n";
  out << "counting bound:    " << c.bound << " (sources " << c.by_sources << ", sinks "
      << c.by_sinks << ", relays " << c.by_relays << "; |S| = " << c.sources
      << ", |D| = " << c.sinks << ", |R| = " << c.relays << ")\n";
  for (const banyan::FtStep& s : r.steps)
    out << "  " << std::left << std::setw(10) << s.kind << std::right << " T = " << std::setw(3)
        << s.cycles << ": " << banyan::to_string(s.status) << " (" << std::fixed
        << std::setprecision(1) << s.seconds << " s)\n";
  if (r.closed())
    out << "minimum:           " << r.upper << " cycles\n";
  else
    out << "bounds:            " << r.lower << " <= minimum <= " << r.upper << " (unknown)\n";
  if (file) out << "plan (" << r.upper << " cycles) written to " << *file << "\n";
  return 0;
}

int run_ftcheck(Args& a, std::ostream& out) {
  const std::string file = a.require("cert");
  const bool as_json = a.flag("json");
  a.finish();
  const std::string text = read_input_file(file, "--cert", kMaxCertificateBytes, "64 MiB");
  const banyan::FtCertificateCheck r = banyan::check_ft_certificate(text);
  if (as_json) {
    out << json{{"ports", r.ports},
                {"fault", {r.fault.stage, r.fault.element}},
                {"cycles", r.cycles},
                {"lower", r.lower},
                {"paper", r.paper},
                {"latency", r.latency},
                {"relay_depth", r.relay_depth},
                {"delivered", r.sim.delivered},
                {"relay_slots", r.timing.relay_depth},
                {"min_gap", r.timing.min_gap},
                {"ok", r.ok()},
                {"problems", r.problems}}
               .dump()
        << "\n";
  } else {
    out << file << ": banyan " << r.ports << "x" << r.ports << ", dead E_" << r.fault.stage << ","
        << r.fault.element << ", " << r.cycles << " cycles (paper " << r.paper << ", lower bound "
        << r.lower << "), latency " << r.latency << ", " << r.timing.relay_depth << " of "
        << r.relay_depth << " relay slots: " << (r.ok() ? "ok" : "FAILED") << "\n";
    for (const std::string& p : r.problems) out << "  " << p << "\n";
  }
  return r.ok() ? 0 : 1;
}

const Registrar reg_latin{{"banyan", "latin", "Latin square L' (Gamma_k rows, Algorithm A)",
                           "usage: minforge banyan latin --ports N [--json]\n"
                           "  N = 2^m, 4 <= N <= 4096.  rows[k][x] = Gamma_k(x).\n"
                           "  JSON: {\"ports\",\"rows\"}\n",
                           run_latin}};
const Registrar reg_fault{
    {"banyan", "fault", "fault-tolerant all-to-all with one faulty element",
     "usage: minforge banyan fault --ports N --fault I,L [--latency L] [--relay-depth D]\n"
     "                            [--plan-hex FILE] [--json]\n"
     "  Faulty (dead) switching element E_IL on internal stage I (1 <= I <= m-2), element L.\n"
     "  Builds the relay schedule (Algorithm B of paper 000) and runs the message-level\n"
     "  simulator: cycles against Theorem 1's bound, delivered / lost / duplicated messages.\n"
     "  --latency L (0..64): the plan reordered for a fabric of latency L (log2 N with\n"
     "  PIPELINE = 1, 0 without) so that no relay waits: every second hop >= L + 1 cycles\n"
     "  after its first hop.  --plan-hex FILE writes the schedule-memory image that\n"
     "  rtl/engine/banyan_ft_engine.v loads (RELAY_DEPTH D, default 2; format in its header\n"
     "  and docs/banyan_model.md); latency 0 unless --latency is given.\n"
     "  JSON: {\"ports\",\"fault\",\"blocked\",\"cycles\",\"bound\",\"delivered\",\"lost\","
     "\"duplicates\"}, with --latency or --plan-hex also \"latency\",\"relay_depth\" (slots\n"
     "  needed),\"min_gap\",\"waits\",\"idle\" (and \"plan_hex\").\n",
     run_fault}};
const Registrar reg_ftmin{
    {"banyan", "ftmin", "fewest cycles of a fault-tolerant plan (SAT), vs Theorem 1",
     "usage: minforge banyan ftmin --ports N --fault I,L [--latency L] [--relay-depth D]\n"
     "                            [--timeout S] [--no-relaxation] [--out FILE] [--json]\n"
     "  N = 8, 16 or 32; dead element E_IL.  Under the fault-tolerant engine's rules (one\n"
     "  message per processor per cycle, two hops at most, second hop >= L + 1 cycles after\n"
     "  the first, D relay slots; L defaults to log2 N, D to 2): the counting lower bound,\n"
     "  raised by a SAT relaxation (configuration counts, any routes: unsat proves it for every\n"
     "  latency; --no-relaxation: counting only), then a SAT plan search (bisection between\n"
     "  that bound and the model's plan).  Every solver\n"
     "  call stops after S seconds (default 60) and then answers unknown.  --out writes the\n"
     "  shortest plan as a certificate (re-check: minforge banyan ftcheck --cert FILE).\n"
     "  JSON: {\"ports\",\"fault\",\"latency\",\"relay_depth\",\"paper\",\"model\",\"counting\",\n"
     "  \"lower\",\"upper\",\"status\" "
     "(minimum|unknown),\"minimum\",\"found\",\"steps\",\"seconds\"}\n",
     run_ftmin}};
const Registrar reg_ftcheck{
    {"banyan", "ftcheck", "re-check a fault-tolerant plan certificate",
     "usage: minforge banyan ftcheck --cert FILE [--json]\n"
     "  Reads a certificate of banyan ftmin --out (e.g. docs/research/banyan_ft_n16_e1_0.hex:\n"
     "  the ftmin line, then the engine's plan image), decodes the image into a plan and\n"
     "  checks it with the message simulator (dead fault, all N^2 messages once) and the\n"
     "  timing rules (no second hop within LAT cycles, at most RELAY_DEPTH slots): exit 0 if\n"
     "  it holds, 1 if not.\n"
     "  JSON: {\"ports\",\"fault\",\"cycles\",\"lower\",\"paper\",\"latency\",\"relay_depth\",\n"
     "  \"delivered\",\"relay_slots\",\"min_gap\",\"ok\",\"problems\"}\n",
     run_ftcheck}};
const Registrar reg_draw{
    {"banyan", "draw", "SVG picture of Gamma_k and its paths",
     "usage: minforge banyan draw --ports N --config K [--fault I,L] --svg FILE [--json]\n"
     "  N <= 64.  Draws the banyan network under Gamma_K with every element's\n"
     "  state and every input's path; a faulty element is drawn in red.\n"
     "  JSON: {\"svg\",\"ports\",\"config\",\"fault\",\"bytes\"}\n",
     run_draw}};

}  // namespace
}  // namespace minforge::cli
