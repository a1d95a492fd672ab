// The fewest cycles of a fault-tolerant banyan plan under the engine's rules: counting bound,
// SAT relaxation, SAT plan search, certificates (minforge/algo/banyan/banyan_ft_min.hpp).
#include "minforge/algo/banyan/banyan_ft_min.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "../sat_cnf.hpp"

namespace minforge::banyan {
namespace {

using sat::Cnf;
size_t uz(int v) { return static_cast<size_t>(v); }
int ceil_div(int a, int b) { return (a + b - 1) / b; }

FtSat status_of(int rc) {
  return rc == sat::kSat ? FtSat::Sat : rc == sat::kUnsat ? FtSat::Unsat : FtSat::Unknown;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool clear(const Topology& t, Fault f, int x, int y) { return !is_blocked(t, f, x, y); }

// The relays of a blocked message (R: outside S u D, so both hops are clear).
std::vector<int> relay_set(const Topology& t, Fault f) {
  const auto S = blocked_sources(t, f), D = blocked_destinations(t, f);
  std::vector<int> r;
  for (int x = 0; x < t.ports(); ++x)
    if (!std::binary_search(S.begin(), S.end(), x) && !std::binary_search(D.begin(), D.end(), x))
      r.push_back(x);
  return r;
}

}  // namespace

std::string_view to_string(FtSat s) {
  switch (s) {
    case FtSat::Sat:
      return "sat";
    case FtSat::Unsat:
      return "unsat";
    case FtSat::Unknown:
      break;
  }
  return "unknown";
}

FtCounting ft_counting_bound(const Topology& t, Fault f) {
  validate_fault(t, f);
  const int N = t.ports();
  FtCounting c;
  c.sources = static_cast<int>(blocked_sources(t, f).size());
  c.sinks = static_cast<int>(blocked_destinations(t, f).size());
  c.relays = static_cast<int>(relay_set(t, f).size());
  c.by_sources = ceil_div(c.sources * N, c.sources - 2);
  c.by_sinks = ceil_div(c.sinks * N, c.sinks - 2);
  c.by_relays = N + ceil_div(2 * N, c.relays);
  c.bound = std::max({c.by_sources, c.by_sinks, c.by_relays});
  return c;
}

FtSolve ft_relaxation(const Topology& t, Fault f, int T, double timeout_seconds) {
  validate_fault(t, f);
  const int N = t.ports();
  if (T < 1) throw InvalidArgument("ft_relaxation: cycles must be >= 1");
  const auto t0 = std::chrono::steady_clock::now();
  Cnf cnf;
  // hop literals per link p -> q (configuration gamma_index(p, q))
  std::vector<std::vector<int>> link(uz(N * N));
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      std::vector<int> choice;
      if (clear(t, f, s, d)) {
        choice.push_back(cnf.var());
        link[uz(s * N + d)].push_back(choice.back());
      }
      for (int r = 0; r < N; ++r)
        if (r != s && r != d && clear(t, f, s, r) && clear(t, f, r, d)) {
          choice.push_back(cnf.var());
          link[uz(s * N + r)].push_back(choice.back());
          link[uz(r * N + d)].push_back(choice.back());
        }
      cnf.clause(choice);
      cnf.at_most_one(choice);
    }
  // u[k][j]: configuration k is used at least j + 1 times (j < T).
  std::vector<std::vector<int>> u(uz(N));
  std::vector<int> all_u;
  for (int k = 0; k < N; ++k) {
    for (int j = 0; j < T; ++j) {
      u[uz(k)].push_back(cnf.var());
      all_u.push_back(u[uz(k)].back());
      if (j) cnf.clause({-u[uz(k)][uz(j)], u[uz(k)][uz(j - 1)]});
    }
  }
  for (int p = 0; p < N; ++p)
    for (int q = 0; q < N; ++q) {
      const auto& lits = link[uz(p * N + q)];
      if (lits.empty()) continue;
      const int k = static_cast<int>(gamma_index(t, p, q));
      const std::vector<int> out = cnf.at_least_outputs(lits, T, true);
      for (size_t j = 0; j < out.size(); ++j) cnf.clause({-out[j], u[uz(k)][j]});
    }
  cnf.at_most(all_u, T);
  FtSolve r;
  r.variables = cnf.next_var;
  r.clauses = cnf.clauses;
  r.status = status_of(cnf.solve_within(timeout_seconds));
  r.seconds = since(t0);
  return r;
}

FtSolve ft_plan_search(const Topology& t, Fault f, int T, int latency, int relay_depth,
                       double timeout_seconds) {
  validate_fault(t, f);
  if (T < 1) throw InvalidArgument("ft_plan_search: cycles must be >= 1");
  if (relay_depth < 1) throw InvalidArgument("ft_plan_search: relay depth must be >= 1");
  const int N = t.ports(), gap = latency + 1;
  const auto t0 = std::chrono::steady_clock::now();
  Cnf cnf;
  std::vector<std::vector<int>> cfg(uz(T));
  for (int c = 0; c < T; ++c) {
    for (int k = 0; k < N; ++k) cfg[uz(c)].push_back(cnf.var());
    cnf.clause(cfg[uz(c)]);
    cnf.at_most_one(cfg[uz(c)]);
  }
  std::vector<std::vector<int>> sends(uz(N * T));  // (p, c) -> send literals
  auto send = [&](int p, int c, int v) { sends[uz(p * T + c)].push_back(v); };
  // Direct messages.
  std::vector<std::vector<int>> direct(uz(N * N));
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      if (!clear(t, f, s, d)) continue;
      const int k = static_cast<int>(gamma_index(t, s, d));
      auto& v = direct[uz(s * N + d)];
      for (int c = 0; c < T; ++c) {
        v.push_back(cnf.var());
        cnf.clause({-v.back(), cfg[uz(c)][uz(k)]});
        send(s, c, v.back());
      }
      cnf.clause(v);
      cnf.at_most_one(v);
    }
  // Blocked messages through a relay of R.
  struct Hops {
    int s, d, r;
    std::vector<int> first, second;
  };
  std::vector<Hops> hops;
  const std::vector<int> relays = relay_set(t, f);
  std::map<int, std::vector<size_t>> via;  // relay -> hops
  for (auto [s, d] : blocked_pairs(t, f)) {
    std::vector<int> once;
    for (int r : relays) {
      Hops h{s, d, r, {}, {}};
      const int k1 = static_cast<int>(gamma_index(t, s, r)),
                k2 = static_cast<int>(gamma_index(t, r, d));
      for (int c = 0; c < T; ++c) {
        h.first.push_back(cnf.var());
        h.second.push_back(cnf.var());
        cnf.clause({-h.first.back(), cfg[uz(c)][uz(k1)]});
        cnf.clause({-h.second.back(), cfg[uz(c)][uz(k2)]});
        send(s, c, h.first.back());
        send(r, c, h.second.back());
        once.push_back(h.first.back());
      }
      for (int c = 0; c < T; ++c) {
        std::vector<int> later{-h.first[uz(c)]}, earlier{-h.second[uz(c)]};
        for (int c2 = c + gap; c2 < T; ++c2) later.push_back(h.second[uz(c2)]);
        for (int c1 = 0; c1 <= c - gap; ++c1) earlier.push_back(h.first[uz(c1)]);
        cnf.clause(later);
        cnf.clause(earlier);
      }
      cnf.at_most_one(h.second);
      via[r].push_back(hops.size());
      hops.push_back(std::move(h));
    }
    cnf.clause(once);
    cnf.at_most_one(once);
  }
  for (const auto& v : sends) cnf.at_most_one(v);
  // Relay slots: held(c) <= stored by c (first hop at <= c - latency) and not yet sent
  // (second hop at > c).
  for (const auto& [r, list] : via) {
    std::vector<std::vector<int>> held(uz(T));
    for (size_t hi : list) {
      const Hops& h = hops[hi];
      int stored = 0, gone = 0;  // prefix literals
      for (int c = 0; c < T; ++c) {
        if (c - latency >= 0) {
          const int a = cnf.var();
          cnf.clause({-h.first[uz(c - latency)], a});
          if (stored) cnf.clause({-stored, a});
          stored = a;
        }
        const int b = cnf.var();  // b: second hop at <= c
        if (gone)
          cnf.clause({-b, gone, h.second[uz(c)]});
        else
          cnf.clause({-b, h.second[uz(c)]});
        gone = b;
        if (stored) {
          const int x = cnf.var();
          cnf.clause({-stored, gone, x});
          held[uz(c)].push_back(x);
        }
      }
    }
    for (const auto& v : held) cnf.at_most(v, relay_depth);
  }
  FtSolve res;
  res.variables = cnf.next_var;
  res.clauses = cnf.clauses;
  res.status = status_of(cnf.solve_within(timeout_seconds));
  if (res.status == FtSat::Sat) {
    auto val = [&](int v) { return cnf.solver.val(v) > 0; };
    Plan p{N, f, {}};
    for (int c = 0; c < T; ++c) {
      Cycle cy;
      for (int k = 0; k < N; ++k)
        if (val(cfg[uz(c)][uz(k)])) cy.gamma = static_cast<uint32_t>(k);
      p.cycles.push_back(cy);
    }
    for (int s = 0; s < N; ++s)
      for (int d = 0; d < N; ++d)
        for (size_t c = 0; c < direct[uz(s * N + d)].size(); ++c)
          if (val(direct[uz(s * N + d)][c])) p.cycles[c].sends.push_back(Send{s, s, d});
    for (const Hops& h : hops)
      for (int c = 0; c < T; ++c) {
        if (val(h.first[uz(c)])) p.cycles[uz(c)].sends.push_back(Send{h.s, h.s, h.d});
        if (val(h.second[uz(c)])) p.cycles[uz(c)].sends.push_back(Send{h.r, h.s, h.d});
      }
    for (Cycle& cy : p.cycles)
      std::sort(cy.sends.begin(), cy.sends.end(),
                [](const Send& a, const Send& b) { return a.proc < b.proc; });
    const SimResult sim = simulate(t, p, std::make_pair(f, FaultKind::Dead));
    const PlanTiming tm = plan_timing(t, p, latency);
    if (!sim.errors.empty() || sim.delivered != int64_t{N} * N || sim.duplicates || tm.waits ||
        tm.relay_depth > relay_depth)
      throw std::logic_error("ft_plan_search: the solver's plan fails the simulator");
    res.plan = std::move(p);
  }
  res.seconds = since(t0);
  return res;
}

FtMinimum ft_minimum(const Topology& t, Fault f, int latency, int relay_depth,
                     double timeout_seconds, bool relaxation) {
  validate_fault(t, f);
  const auto t0 = std::chrono::steady_clock::now();
  FtMinimum r;
  r.ports = t.ports();
  r.fault = f;
  r.latency = latency;
  r.relay_depth = relay_depth;
  r.paper = theorem1_bound(t, f);
  r.plan = fault_tolerant_plan(t, f, latency);
  r.model = static_cast<int>(r.plan.cycles.size());
  if (plan_timing(t, r.plan, latency).relay_depth > relay_depth)
    throw InvalidArgument("the model's plan needs more than " + std::to_string(relay_depth) +
                          " relay slots");
  r.upper = r.model;
  r.counting = ft_counting_bound(t, f);
  r.lower = std::min(r.counting.bound, r.upper);
  // Relaxation: smallest T with a routing, by bisection on [lower, upper].
  for (int hi = relaxation ? r.upper : r.lower; r.lower < hi;) {
    const int mid = (r.lower + hi) / 2;
    const FtSolve s = ft_relaxation(t, f, mid, timeout_seconds);
    r.steps.push_back({"relaxation", mid, s.status, s.seconds});
    if (s.status == FtSat::Unsat)
      r.lower = mid + 1;
    else
      hi = mid;  // Sat, or Unknown (nothing proven above mid: stop looking there)
  }
  // Plans by bisection on [lower, upper] (a plan of T cycles plus an idle cycle is one of
  // T + 1: existence is monotone; Unsat and Unknown of the restricted search prove nothing).
  for (int lo = r.lower; lo < r.upper;) {
    const int mid = (lo + r.upper) / 2;
    FtSolve s = ft_plan_search(t, f, mid, latency, relay_depth, timeout_seconds);
    r.steps.push_back({"plan", mid, s.status, s.seconds});
    if (s.status == FtSat::Sat) {
      r.upper = mid;
      r.plan = std::move(s.plan);
      r.found = true;
    } else {
      lo = mid + 1;
    }
  }
  r.seconds = since(t0);
  return r;
}

std::pair<Fault, Plan> ft_relabel(const Topology& t, const Plan& p, int a) {
  const int N = t.ports();
  if (a < 0 || a >= N) throw InvalidArgument("ft_relabel: a out of range");
  validate_fault(t, p.fault);
  std::vector<Pair> want;
  for (auto [s, d] : blocked_pairs(t, p.fault)) want.emplace_back(s ^ a, d ^ a);
  std::sort(want.begin(), want.end());
  std::optional<Fault> g;
  for (int l = 0; l < N / 2 && !g; ++l)
    if (blocked_pairs(t, Fault{p.fault.stage, l}) == want) g = Fault{p.fault.stage, l};
  if (!g) throw std::logic_error("ft_relabel: no fault of the stage has the relabelled pairs");
  std::vector<uint32_t> cfg(uz(N));
  for (int k = 0; k < N; ++k) {
    const uint32_t k2 = gamma_index(t, a, gamma(t, static_cast<uint32_t>(k), 0) ^ a);
    for (int x = 0; x < N; ++x)
      if (gamma(t, k2, x ^ a) != (gamma(t, static_cast<uint32_t>(k), x) ^ a))
        throw std::logic_error("ft_relabel: x -> x xor a does not map Gamma_k to a row of L'");
    cfg[uz(k)] = k2;
  }
  Plan q{N, *g, {}};
  for (const Cycle& c : p.cycles) {
    Cycle c2{cfg[c.gamma], {}};
    for (const Send& s : c.sends)
      c2.sends.push_back(Send{s.proc ^ a, s.origin ^ a, s.final_dest ^ a});
    std::sort(c2.sends.begin(), c2.sends.end(),
              [](const Send& x, const Send& y) { return x.proc < y.proc; });
    q.cycles.push_back(std::move(c2));
  }
  return {*g, q};
}

std::string ft_minimum_json(const FtMinimum& r) {
  using nlohmann::json;
  json steps = json::array();
  for (const FtStep& s : r.steps)
    steps.push_back({{"kind", s.kind},
                     {"cycles", s.cycles},
                     {"status", std::string(to_string(s.status))},
                     {"seconds", s.seconds}});
  const FtCounting& c = r.counting;
  return json{{"ports", r.ports},
              {"fault", {r.fault.stage, r.fault.element}},
              {"latency", r.latency},
              {"relay_depth", r.relay_depth},
              {"paper", r.paper},
              {"model", r.model},
              {"counting",
               {{"sources", c.sources},
                {"sinks", c.sinks},
                {"relays", c.relays},
                {"by_sources", c.by_sources},
                {"by_sinks", c.by_sinks},
                {"by_relays", c.by_relays},
                {"bound", c.bound}}},
              {"lower", r.lower},
              {"upper", r.upper},
              {"status", r.closed() ? "minimum" : "unknown"},
              {"minimum", r.closed() ? json(r.upper) : json(nullptr)},
              {"found", r.found},
              {"steps", steps},
              {"seconds", r.seconds}}
      .dump();
}

std::string ft_certificate(const Topology& t, const FtMinimum& r) {
  std::ostringstream os;
  os << "// minforge banyan ftmin N=" << r.ports << " fault=" << r.fault.stage << ","
     << r.fault.element << " cycles=" << r.upper << " lower=" << r.lower << " paper=" << r.paper
     << "\n"
     << ft_image_hex(ft_image(t, r.plan, r.latency, r.relay_depth));
  return os.str();
}

Plan ft_plan_from_image(const Topology& t, Fault f, const FtImage& img) {
  const int N = t.ports();
  if (img.ports != N) throw InvalidArgument("plan image and topology differ in N");
  Plan p{N, f, {}};
  struct Stored {
    int at, origin, dest;  // at: the cycle of the first hop
  };
  std::map<std::pair<int, uint32_t>, std::vector<Stored>> slots;  // (relay, slot) -> stores
  for (size_t c = 0; c < img.entries.size(); ++c) {
    const FtEntry& e = img.entries[c];
    Cycle cy{e.cfg, {}};
    for (int i = 0; i < N; ++i) {
      switch (e.op[uz(i)]) {
        case FtOp::Idle:
          break;
        case FtOp::Direct:
          cy.sends.push_back(Send{i, i, static_cast<int>(e.dest[uz(i)])});
          break;
        case FtOp::First:
          cy.sends.push_back(Send{i, i, static_cast<int>(e.dest[uz(i)])});
          slots[{gamma(t, e.cfg, i), e.slot[uz(i)]}].push_back(
              Stored{static_cast<int>(c), i, static_cast<int>(e.dest[uz(i)])});
          break;
        case FtOp::Relay: {
          const auto& v = slots[{i, e.slot[uz(i)]}];
          const Stored* m = nullptr;
          for (const Stored& s : v)
            if (s.at + img.latency + 1 <= static_cast<int>(c)) m = &s;
          if (!m)
            throw InvalidArgument("plan entry " + std::to_string(c) + ": processor " +
                                  std::to_string(i) + " relays from empty slot " +
                                  std::to_string(e.slot[uz(i)]));
          cy.sends.push_back(Send{i, m->origin, m->dest});
          break;
        }
      }
    }
    p.cycles.push_back(std::move(cy));
  }
  return p;
}

FtCertificateCheck check_ft_certificate(std::string_view text) {
  FtCertificateCheck r;
  const size_t at = text.find("// minforge banyan ftmin");
  if (at == std::string_view::npos)
    throw InvalidArgument("certificate: no '// minforge banyan ftmin' line");
  const size_t eol = text.find('\n', at);
  std::istringstream is(std::string(text.substr(at, eol == std::string_view::npos ? eol : eol - at))
                            .substr(std::string("// minforge banyan ftmin").size()));
  std::map<std::string, std::string> kv;
  for (std::string item; is >> item;) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw InvalidArgument("certificate: malformed item '" + item + "'");
    kv[item.substr(0, eq)] = item.substr(eq + 1);
  }
  auto num = [&](const std::string& k) {
    if (!kv.count(k)) throw InvalidArgument("certificate: no " + k + "=");
    try {
      size_t used = 0;
      const int v = std::stoi(kv[k], &used);
      if (used != kv[k].size()) throw std::invalid_argument(k);
      return v;
    } catch (const std::logic_error&) {
      throw InvalidArgument("certificate: malformed " + k + "=" + kv[k]);
    }
  };
  r.ports = num("N");
  r.cycles = num("cycles");
  r.lower = num("lower");
  r.paper = num("paper");
  if (!kv.count("fault")) throw InvalidArgument("certificate: no fault=");
  const std::string& fs = kv["fault"];
  const size_t comma = fs.find(',');
  if (comma == std::string::npos) throw InvalidArgument("certificate: fault=I,L expected");
  kv["stage"] = fs.substr(0, comma);
  kv["element"] = fs.substr(comma + 1);
  r.fault = Fault{num("stage"), num("element")};
  const FtImage img = ft_image_parse(text);
  if (img.ports != r.ports) throw InvalidArgument("certificate: N differs from the image's");
  const Topology t(r.ports);
  validate_fault(t, r.fault);
  r.latency = img.latency;
  r.relay_depth = img.relay_depth;
  const Plan p = ft_plan_from_image(t, r.fault, img);
  r.sim = simulate(t, p, std::make_pair(r.fault, FaultKind::Dead));
  const int64_t all = int64_t{r.ports} * r.ports;
  // plan_timing needs every relayed message with both hops, each leaving once (a plan that
  // breaks this is reported, not thrown).
  try {
    r.timing = plan_timing(t, p, img.latency);
  } catch (const std::logic_error& e) {
    r.problems.push_back(e.what());
  }
  for (const std::string& e : r.sim.errors) r.problems.push_back(e);
  if (r.sim.delivered != all)
    r.problems.push_back(std::to_string(r.sim.delivered) + " of " + std::to_string(all) +
                         " messages delivered");
  if (r.sim.duplicates)
    r.problems.push_back(std::to_string(r.sim.duplicates) + " duplicate deliveries");
  if (r.timing.waits)
    r.problems.push_back(std::to_string(r.timing.waits) + " second hops within LAT cycles");
  if (r.timing.relay_depth > img.relay_depth)
    r.problems.push_back("needs " + std::to_string(r.timing.relay_depth) + " relay slots");
  if (static_cast<int>(p.cycles.size()) != r.cycles)
    r.problems.push_back("cycles=" + std::to_string(r.cycles) + " but the image has " +
                         std::to_string(p.cycles.size()) + " entries");
  if (r.paper != theorem1_bound(t, r.fault))
    r.problems.push_back("paper=" + std::to_string(r.paper) + " is not Theorem 1's bound " +
                         std::to_string(theorem1_bound(t, r.fault)));
  if (r.lower > r.cycles) r.problems.push_back("lower > cycles");
  return r;
}

}  // namespace minforge::banyan
