// `minforge lcan realize`: permutation realization in a CB-LCAN (paper 003, section 4),
// off-line (Lev-Pippenger-Valiant, Theorem 3) or on-line (Nassimi-Sahni /
// Raghavendra-Boppana self-routing), with the switch settings of every network cycle and
// the check that routes them through the model (docs/lcan_realization.md).
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <numeric>
#include <ostream>
#include <sstream>

#include "cli.hpp"
#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_realize.hpp"
#include "minforge/algo/lcan/lcan_selfroute.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;
namespace lc = minforge::lcan;

constexpr int kMaxRealizePes = 1 << 16;
constexpr int64_t kMaxTextSettings = 2000;  // the text output lists settings up to this many

const std::vector<std::string> kClasses{"root",          "bpc",    "random",
                                        "inverse-omega", "linear", "affine"};

// The classes each self-routing rule realizes (docs/lcan_realization.md, section 2).
bool method_realizes(lc::RealizeMethod m, const std::string& cls) {
  switch (m) {
    case lc::RealizeMethod::Offline:
      return true;
    case lc::RealizeMethod::NassimiSahni:
      return cls == "bpc" || cls == "inverse-omega";
    case lc::RealizeMethod::RaghavendraBoppana:
      return cls == "bpc" || cls == "inverse-omega" || cls == "linear" || cls == "affine";
  }
  return false;
}

lc::Permutation make_class(const lc::Network& net, const std::string& cls, uint64_t seed) {
  Rng rng(seed);
  if (cls == "root" || cls == "bpc" || cls == "random")
    return lc::generate(net, lc::parse_class(cls), rng);
  const int N = net.N();
  if (!is_pow2(static_cast<uint64_t>(N)))
    throw InvalidArgument("--class " + cls + " is defined on the bits of the PE labels: N = " +
                          std::to_string(N) + " is not a power of two");
  if (cls == "inverse-omega") return lc::random_inverse_omega(N, rng);
  if (cls == "linear") return lc::random_linear(N, rng);
  return lc::random_affine(N, rng);
}

std::string port_name(lc::PortRef p) {
  std::string s(1, p.side == lc::PortRef::Up ? 'u' : 'd');
  s += std::to_string(p.index);
  return s;
}

std::string method_title(const lc::Network& net, lc::RealizeMethod m) {
  switch (m) {
    case lc::RealizeMethod::Offline:
      return std::string("off-line, Lev-Pippenger-Valiant on the unfolded CB-LCAN(N,d,d)") +
             (net.d() == 2 ? " (looping algorithm)" : "");
    case lc::RealizeMethod::NassimiSahni:
      return "on-line, Nassimi-Sahni self-routing (priority to the lower-numbered input)";
    case lc::RealizeMethod::RaghavendraBoppana:
      return "on-line, Raghavendra-Boppana self-routing (priority to the smaller destination)";
  }
  return "";
}

json check_json(const lc::RoutingCheck& c) {
  return json{{"delivered", c.delivered},
              {"misrouted", c.misrouted},
              {"broken", c.broken},
              {"wire_conflicts", c.wire_conflicts},
              {"bad_settings", c.bad_settings},
              {"unused_settings", c.unused_settings},
              {"missing", c.missing},
              {"wires_used", c.wires_used},
              {"first_error", c.first_error}};
}

// The settings of cycle c grouped by switch: [{"level","switch","connect":[[in,out],..]}].
json cycle_json(const lc::Realization& r, int c) {
  json switches = json::array();
  const auto hops = r.cycle_hops(c);
  for (size_t i = 0; i < hops.size();) {
    json connect = json::array();
    size_t j = i;
    for (; j < hops.size() && hops[j].level == hops[i].level && hops[j].sw == hops[i].sw; ++j)
      connect.push_back({port_name(hops[j].in), port_name(hops[j].out)});
    switches.push_back({{"level", hops[i].level}, {"switch", hops[i].sw}, {"connect", connect}});
    i = j;
  }
  const auto src = r.cycle_sources(c);
  return json{
      {"cycle", c}, {"sources", std::vector<int>(src.begin(), src.end())}, {"switches", switches}};
}

// Peak memory, fitted to /usr/bin/time's maximum resident size with margin: the realization
// and its check about 2 KiB per PE (CB-LCAN(65536,2,1): 63 MB); the JSON settings (built whole,
// then printed) about 2.6 KB per PE and level (CB-LCAN(32768,2,1): 1.2 GB, 15 levels).
uint64_t realize_memory(const lc::Network& net, bool json) {
  const uint64_t n = static_cast<uint64_t>(net.N());
  uint64_t b = 2048 * n + (uint64_t{8} << 20);
  if (json) b += 2600 * n * static_cast<uint64_t>(net.levels());
  return b;
}

int run_realize(Args& a, std::ostream& out) {
  const std::string spec = a.require("network");
  const auto file = a.get("perm");
  const auto cls = a.get("class");
  const auto seed_text = a.get("seed");
  const auto method_text = a.get("method");
  const bool as_json = a.flag("json");
  const uint64_t max_mem = get_max_mem(a);
  a.finish();
  if (file && cls) throw UsageError("give either --perm FILE or --class C, not both");
  if (!file && !cls) throw UsageError("missing --perm FILE or --class C");
  if (seed_text && !cls) throw UsageError("--seed applies to --class only");
  if (cls && std::find(kClasses.begin(), kClasses.end(), *cls) == kClasses.end())
    throw UsageError("--class: unknown class '" + *cls +
                     "' (root, bpc, random, inverse-omega, linear, affine)");
  const uint64_t seed =
      seed_text ? static_cast<uint64_t>(parse_int(*seed_text, "--seed", 0, INT64_MAX)) : 1;
  const lc::RealizeMethod method =
      method_text ? lc::parse_realize_method(*method_text) : lc::RealizeMethod::Offline;
  const lc::Network net = lc::Network::parse(spec);
  lc::check_realizable(net, method);
  if (net.N() > kMaxRealizePes)
    throw UsageError("--network: realize handles N <= " + std::to_string(kMaxRealizePes) +
                     ", got N = " + std::to_string(net.N()));
  check_memory(realize_memory(net, as_json), max_mem,
               "lcan realize --network " + spec + (as_json ? " --json" : ""));
  if (cls && !method_realizes(method, *cls))
    throw UsageError("--class " + *cls + ": " + std::string(lc::realize_method_name(method)) +
                     " does not realize this class (" +
                     (method == lc::RealizeMethod::NassimiSahni
                          ? "nassimi-sahni: bpc, inverse-omega"
                          : "raghavendra-boppana: linear, affine, bpc, inverse-omega") +
                     "; offline realizes every permutation)");
  const lc::Permutation perm =
      file ? lc::parse_permutation(read_perm_text(*file, static_cast<uint64_t>(net.N())),
                                   "permutation file '" + *file + "'")
           : make_class(net, *cls, seed);

  const lc::Realization r = lc::realize(net, perm, method);
  const lc::RoutingCheck c = lc::route_settings(net, perm, r);

  if (as_json) {
    json settings = json::array();
    for (int k = 0; k < r.cycles; ++k) settings.push_back(cycle_json(r, k));
    json j{{"network", net.name()},
           {"N", net.N()},
           {"d", net.d()},
           {"u", net.u()},
           {"levels", net.levels()},
           {"method", std::string(lc::realize_method_name(method))},
           {"perm", perm},
           {"cycles", r.cycles},
           {"theorem3_cycles", r.theorem3_cycles ? json(*r.theorem3_cycles) : json(nullptr)},
           {"verified", c.verified},
           {"blocked", r.blocked},
           {"check", check_json(c)},
           {"settings", settings}};
    if (file)
      j["perm_file"] = *file;
    else
      j["class"] = *cls, j["seed"] = seed;
    out << j.dump() << "\n";
    return c.verified ? 0 : 1;
  }

  out << net.name() << ": " << method_title(net, method) << "\n";
  out << "permutation:  "
      << (file ? "'" + *file + "'" : *cls + " (seed " + std::to_string(seed) + ")");
  if (net.N() <= 64)
    for (int t : perm) out << " " << t;
  out << "\n";
  out << "network cycles: " << r.cycles;
  if (method != lc::RealizeMethod::Offline)
    out << " (on-line: the class is realized in one cycle, or the permutation is not)\n";
  else if (r.theorem3_cycles)
    out << " (Theorem 3: ceil((d/u)^(l-1)) = " << *r.theorem3_cycles << ")\n";
  else
    out << " (ceil(d/u)^(l-1): u does not divide d, beyond Theorem 3)\n";
  if (!r.blocked.empty())
    out << "blocked:      " << r.blocked.size() << " pairs lose a downer to another pair\n";
  out << "verified by routing the settings through the model: " << (c.verified ? "yes" : "NO")
      << " (" << c.delivered << " of " << net.N() << " PEs reach their destination, "
      << c.wires_used << " directed wires used, " << c.wire_conflicts << " used twice)\n";
  if (!c.verified) out << "first problem: " << c.first_error << "\n";
  if (static_cast<int64_t>(r.hops.size()) > kMaxTextSettings) {
    out << "settings: " << r.hops.size() << " switch connections (listed by --json)\n";
    return c.verified ? 0 : 1;
  }
  for (int k = 0; k < r.cycles; ++k) {
    out << "cycle " << k << " (" << r.cycle_sources(k).size() << " pairs):\n";
    const auto hops = r.cycle_hops(k);
    for (size_t i = 0; i < hops.size();) {
      const lc::Hop& h = hops[i];
      out << "  level " << h.level << " switch " << h.sw << " ["
          << lc::Network::label_string(net.switch_label(h.level, h.sw),
                                       net.switch_label_radices(h.level))
          << "]:";
      for (; i < hops.size() && hops[i].level == h.level && hops[i].sw == h.sw; ++i)
        out << " " << port_name(hops[i].in) << "->" << port_name(hops[i].out);
      out << "\n";
    }
  }
  return c.verified ? 0 : 1;
}

const Registrar reg_realize{
    {"lcan", "realize", "realize a permutation in a CB-LCAN (section 4), checked by routing",
     "usage: minforge lcan realize --network cb:N,d,u (--perm FILE | --class C [--seed S])\n"
     "                             [--method offline|nassimi-sahni|raghavendra-boppana] "
     "[--json]\n"
     "                             [--max-mem SIZE]\n"
     "  Computes the switch settings that realize one permutation in CB-LCAN(N, d, u)\n"
     "  (paper 003, section 4) and routes them through the model: every PE must reach its\n"
     "  destination, no directed wire may carry two connections in one network cycle.\n"
     "  Every pair goes up only to its LCA level (the network stays partitionable).\n"
     "  --method offline (default): Lev-Pippenger-Valiant on the unfolded network (looping\n"
     "      algorithm for d = 2), any permutation: 1 network cycle when d <= u,\n"
     "      ceil((d/u)^(l-1)) when u divides d (Theorem 3), ceil(d/u)^(l-1) otherwise.\n"
     "  --method nassimi-sahni | raghavendra-boppana: self-routing (reconstructed rules,\n"
     "      docs/lcan_realization.md), d a power of two and u >= d, one network cycle;\n"
     "      nassimi-sahni realizes the classes bpc and inverse-omega, raghavendra-boppana\n"
     "      linear, affine, bpc and inverse-omega.\n"
     "  --class root|bpc|random|inverse-omega|linear|affine, drawn with --seed S (default 1);\n"
     "      inverse-omega, linear and affine need N a power of two.\n"
     "  --perm FILE: the destinations of PEs 0 .. N-1 (the format of minforge lcan).\n"
     "  --max-mem SIZE (default 2G; K, M, G suffixes): the run is refused when its estimated\n"
     "      peak memory is larger (CB-LCAN(65536,2,1) --json: about 2.7 GB).\n"
     "  N <= 65536.  Exit status 0 when verified, 1 when the settings do not realize the\n"
     "  permutation (a self-routing method on a --perm outside its class), 2 on bad input.\n"
     "  Settings: per network cycle the sources routed and, per switch, its connections\n"
     "  [in, out] with ports dJ (downer J) and uK (upper K); switch numbers as in\n"
     "  minforge lcan info (level-i switch H u^i + Lo).\n"
     "  JSON: {\"network\",\"N\",\"d\",\"u\",\"levels\",\"method\",\"perm\",\"class\",\"seed\" | "
     "\"perm_file\",\n"
     "         \"cycles\",\"theorem3_cycles\",\"verified\",\"blocked\",\"check\",\n"
     "         \"settings\":[{\"cycle\",\"sources\",\"switches\":[{\"level\",\"switch\","
     "\"connect\"}]}]}\n",
     run_realize}};

}  // namespace
}  // namespace minforge::cli
