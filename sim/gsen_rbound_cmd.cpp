// `minforge gsen rbound` and `minforge gsen rlower`: bounds on R(N) under individual control
// (paper 001, section 5; issue 28; model: algo/gsen/gsen_rbound.hpp).
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli.hpp"
#include "minforge/algo/gsen/gsen_coverage.hpp"
#include "minforge/algo/gsen/gsen_rbound.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;

// The SAT encoding has K N 2^n path variables: N = 128 with K = 2^n is about 2 M.
constexpr int64_t kMaxRboundPorts = 128;

int run_rbound(Args& a, std::ostream& out) {
  const int N = static_cast<int>(a.get_int("ports", 4, kMaxRboundPorts));
  const gsen::Topology t(N);
  const int K = static_cast<int>(a.get_int("configs", 1, t.power()));
  const double timeout = static_cast<double>(a.get_int_or("timeout", 0, 0, 7 * 24 * 3600));
  const bool as_json = a.flag("json");
  const auto file = a.get("out");
  a.finish();
  if (file) check_output_file(*file, "--out");
  const gsen::RboundResult r = [&] {
    const Heartbeat alive("gsen rbound", "one SAT call");
    return gsen::rbound_search(t, K, timeout);
  }();
  const std::string text = gsen::rbound_json(t, K, r);
  if (file) write_output_file(*file, text + "\n", "--out");
  if (as_json) {
    out << text << "\n";
    return 0;
  }
  out << "GSEN " << N << "x" << N << ", individual control, " << K
      << " configurations: " << gsen::to_string(r.status) << " (" << std::fixed
      << std::setprecision(1) << r.seconds << " s, " << r.variables << " variables, " << r.clauses
      << " clauses)\n";
  if (r.status == gsen::SatStatus::Sat) {
    out << "R(" << N << ") <= " << K << "; the set, one line per configuration (stages "
        << "separated by '|', switch states 0/1):\n";
    for (size_t c = 0; c < r.set.size(); ++c) {
      out << std::setw(4) << c << "  ";
      for (int s = 0; s < t.stages(); ++s) {
        if (s) out << '|';
        for (int y = 0; y < t.switches_per_stage(); ++y) out << r.set[c].state(s, y);
      }
      out << "\n";
    }
  } else if (r.status == gsen::SatStatus::Unsat) {
    out << "no " << K << " configurations route all pairs: R(" << N << ") > " << K << "\n";
  }
  if (file) out << "written to " << *file << "\n";
  return 0;
}

json class_json(const gsen::UniqueClass& c) {
  return {{"prefix_bits", c.prefix_bits},
          {"prefix", c.prefix},
          {"paths", c.paths},
          {"matching", c.matching},
          {"max_carried", c.max_carried},
          {"found", c.found},
          {"exact", c.exact},
          {"bound", c.bound},
          {"seconds", c.seconds}};
}

json repeat_json(const gsen::RepeatBound& b) {
  return {{"stage", b.stage},
          {"forced", b.forced},
          {"distinct", b.distinct},
          {"repeats", b.repeats},
          {"bound", b.bound}};
}

int run_rlower(Args& a, std::ostream& out) {
  const int N = static_cast<int>(a.get_int("ports", 4, 128));
  const double timeout = static_cast<double>(a.get_int_or("timeout", 10, 0, 7 * 24 * 3600));
  const bool as_json = a.flag("json");
  a.finish();
  const gsen::Topology t(N);
  const gsen::RLower r = [&] {
    const Heartbeat alive("gsen rlower", "SAT calls");
    return gsen::rlower(t, timeout);
  }();
  if (as_json) {
    json classes = json::array();
    for (const auto& c : r.classes) classes.push_back(class_json(c));
    json stages = json::array();
    for (const auto& b : r.repeat_stages) stages.push_back(repeat_json(b));
    out << json{{"ports", r.ports},
                {"stages", r.stages},
                {"lower_bound", r.lower_bound},
                {"unique_paths", r.unique_paths},
                {"trivial", r.trivial},
                {"counting", r.counting},
                {"witness", class_json(r.witness)},
                {"classes", classes},
                {"repeat", r.repeat},
                {"repeat_witness", repeat_json(r.repeat_witness)},
                {"repeat_stages", stages},
                {"paper", gsen::proven_r(N)},
                {"seconds", r.seconds}}
               .dump()
        << "\n";
    return 0;
  }
  const int n = t.stages();
  auto tags = [&](const gsen::UniqueClass& c) {
    std::ostringstream os;
    if (c.prefix_bits == 0) {
      os << "all unique tags " << t.power() - static_cast<uint32_t>(N) << ".." << N - 1;
    } else {
      const uint32_t w = t.power() >> c.prefix_bits;
      os << "prefix ";
      for (int b = c.prefix_bits - 1; b >= 0; --b) os << ((c.prefix >> b) & 1u);
      os << " (F " << c.prefix * w << ".." << (c.prefix + 1) * w - 1 << ")";
    }
    return os.str();
  };
  out << "GSEN " << N << "x" << N << " (" << n << " stages): R(" << N << ") >= " << r.lower_bound
      << "\n";
  out << "  unique paths (2^n - N <= F < N, Lemma 3.5): " << r.unique_paths << "\n";
  out << "  trivial bound (N^2 pairs, N per configuration): " << r.trivial << "\n";
  out << "  counting bound: " << r.counting << " from " << tags(r.witness) << ": "
      << r.witness.paths << " unique paths, at most " << r.witness.max_carried
      << " in one configuration (" << (r.witness.exact ? "exact" : "upper bound") << ")\n";
  out << "  repeated requests (Theorem 5.5's argument): " << r.repeat << " from stage "
      << r.repeat_witness.stage << ": unique paths force " << r.repeat_witness.forced
      << " path instances through its switches, routing at most " << r.repeat_witness.distinct
      << " distinct pairs, so " << r.repeat_witness.repeats << " repeats: ceil((" << N << "^2 + "
      << r.repeat_witness.repeats << ") / " << N << ")\n";
  out << "  classes examined (" << r.classes.size() << "):\n";
  for (const auto& c : r.classes)
    out << "    " << std::left << std::setw(36) << tags(c) << std::right << " paths "
        << std::setw(6) << c.paths << "  max/config " << std::setw(4) << c.max_carried
        << (c.exact ? " (exact)" : " (found " + std::to_string(c.found) + ")") << "  bound "
        << std::setw(4) << c.bound << "  " << std::fixed << std::setprecision(2) << c.seconds
        << " s\n";
  if (const int p = gsen::proven_r(N)) out << "  the paper proves R(" << N << ") = " << p << "\n";
  return 0;
}

// The fabric's individual-control configuration word (rtl/gsen/gsen_fabric.v: in_cfg bit
// s*H + y = state of switch y at stage s) in hex, most significant digit first.
std::string cfg_hex(const gsen::Topology& t, const gsen::Configuration& c) {
  const int H = t.switches_per_stage();
  const int bits = t.stages() * H;
  std::string s;
  for (int d = (bits + 3) / 4 - 1; d >= 0; --d) {
    int nib = 0;
    for (int b = 3; b >= 0; --b) {
      const int k = 4 * d + b;
      nib = 2 * nib + (k < bits ? c.state(k / H, k % H) : 0);
    }
    s += "0123456789abcdef"[nib];
  }
  return s;
}

int run_rcheck(Args& a, std::ostream& out) {
  const std::string file = a.require("cert");
  const auto hex = a.get("hex");
  const bool as_json = a.flag("json");
  a.finish();
  // The model reads the certificate by its path: the file is checked first (a regular file
  // of at most 64 MiB, like banyan ftcheck's).
  check_input_file(file, "--cert", kMaxCertificateBytes, "64 MiB");
  if (hex) check_output_file(*hex, "--hex");
  const gsen::RboundCertificate c = gsen::read_rbound_certificate(file);
  const gsen::Topology t(c.ports);
  const gsen::Coverage cov = gsen::check_coverage(t, c.set);
  if (hex) {
    std::string image;
    for (const auto& cfg : c.set) image += cfg_hex(t, cfg) + "\n";
    write_output_file(*hex, image, "--hex");
  }
  int necessary = 0;
  for (bool b : cov.necessary) necessary += b;
  if (as_json) {
    out << json{{"ports", c.ports},
                {"configs", c.configs},
                {"covers", cov.covers},
                {"pairs_covered", cov.pairs_covered},
                {"necessary", necessary}}
               .dump()
        << "\n";
  } else {
    out << file << ": GSEN " << c.ports << "x" << c.ports << ", " << c.configs
        << " configurations (individual control): " << cov.pairs_covered << " of "
        << int64_t{c.ports} * c.ports << " pairs, "
        << (cov.covers
                ? "all-to-all: R(" + std::to_string(c.ports) + ") <= " + std::to_string(c.configs)
                : std::string("NOT all-to-all"))
        << "; " << necessary << " configurations necessary\n";
  }
  return cov.covers ? 0 : 1;
}

const Registrar reg_rbound{
    {"gsen", "rbound", "SAT search: K configurations (individual control) routing all pairs?",
     "usage: minforge gsen rbound --ports N --configs K [--timeout S] [--json] [--out FILE]\n"
     "  Searches K configurations of the N x N GSEN (N even, 4..128), every switch free\n"
     "  (individual control), that together route all N^2 pairs (R(N) <= K), with CaDiCaL;\n"
     "  symmetry broken by fixing that configuration j < N routes (0, j).  Answers sat (and\n"
     "  the set, verified by the coverage checker), unsat (R(N) > K) or unknown (the\n"
     "  --timeout S seconds ran out; 0 = none).  --out writes the JSON (the certificate).\n"
     "  JSON: {\"ports\",\"stages\",\"configs\",\"status\",\"seconds\",\"variables\",\"clauses\",\n"
     "  \"set\"}, set[c][s][y] = state of switch y at stage s in configuration c (sat only).\n",
     run_rbound}};
const Registrar reg_rcheck{
    {"gsen", "rcheck", "re-check an rbound certificate with the coverage checker",
     "usage: minforge gsen rcheck --cert FILE [--hex OUT] [--json]\n"
     "  Reads a certificate (the JSON of gsen rbound --out, e.g. docs/research/gsen_r20_k24.json)\n"
     "  and checks with the model's coverage checker that its K configurations route all N^2\n"
     "  pairs: exit 0 if they do, 1 if not.  --hex writes the fabric's in_cfg words (individual\n"
     "  control, rtl/gsen/gsen_fabric.v: bit s*N/2 + y = switch y of stage s), one line per\n"
     "  configuration, for tb/icarus/gsen_rbound_tb.v.\n"
     "  JSON: {\"ports\",\"configs\",\"covers\",\"pairs_covered\",\"necessary\"}\n",
     run_rcheck}};
const Registrar reg_rlower{
    {"gsen", "rlower", "counting and repeated-request lower bounds on R(N)",
     "usage: minforge gsen rlower --ports N [--timeout S] [--json]\n"
     "  Theorem 5.4's argument by computation: for the class of all unique paths and every\n"
     "  class of unique paths whose tag starts with a fixed prefix, the most paths of the\n"
     "  class one configuration carries, and R(N) >= ceil(|class| / that).  The most is bounded\n"
     "  by a bipartite matching (carried paths use distinct terminals after every stage) and\n"
     "  reached by a configuration found by SAT (S seconds per call, default 10, 0 = none;\n"
     "  when the time runs out the matching bound is used: exact false).  Then Theorem 5.5's\n"
     "  argument per stage: unique paths force switch states, hence path instances through\n"
     "  the other connection of those states; a b-matching counts the distinct pairs they\n"
     "  can route, the rest repeat: R(N) >= ceil((N^2 + repeats) / N).  N even, 4..128.\n"
     "  JSON: {\"ports\",\"stages\",\"lower_bound\",\"unique_paths\",\"trivial\",\"counting\",\n"
     "  \"witness\",\"classes\",\"repeat\",\"repeat_witness\",\"repeat_stages\",\"paper\",\n"
     "  \"seconds\"}; a class is {\"prefix_bits\",\"prefix\",\"paths\",\"matching\",\n"
     "  \"max_carried\",\"found\",\"exact\",\"bound\",\"seconds\"}; a stage {\"stage\",\n"
     "  \"forced\",\"distinct\",\"repeats\",\"bound\"}.\n",
     run_rlower}};

}  // namespace
}  // namespace minforge::cli
