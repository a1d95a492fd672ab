// Bounds on R(N) under individual control: SAT upper bounds, counting lower bounds (paper
// 001, section 5; issue 28).  See gsen_rbound.hpp for the encodings.
#include "minforge/algo/gsen/gsen_rbound.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "../sat_cnf.hpp"
#include "minforge/algo/gsen/gsen_coverage.hpp"

namespace minforge::gsen {

namespace {

using Clock = std::chrono::steady_clock;

size_t uz(int v) { return static_cast<size_t>(v); }

// The switch states path P(i, F) needs: (stage s, switch y, state) for s = 0..n-1, and its
// destination.
struct PathNeeds {
  std::vector<int> switch_of;  // y at stage s
  std::vector<int> state;      // required state at stage s
  std::vector<int> terminal;   // terminal after stage s
  int dest = 0;
};

PathNeeds path_needs(const Topology& t, int i, uint32_t F) {
  const int n = t.stages();
  const int H = t.switches_per_stage();
  PathNeeds p;
  p.switch_of.resize(uz(n));
  p.state.resize(uz(n));
  p.terminal.resize(uz(n));
  int term = i;
  for (int s = 0; s < n; ++s) {
    const int y = term % H;
    const int b = term / H;
    const int f = static_cast<int>((F >> (n - 1 - s)) & 1u);
    p.switch_of[uz(s)] = y;
    p.state[uz(s)] = b ^ f;
    term = Topology::out_terminal(y, f);
    p.terminal[uz(s)] = term;
  }
  p.dest = term;
  return p;
}

using sat::Cnf;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

std::string_view to_string(SatStatus s) {
  switch (s) {
    case SatStatus::Sat:
      return "sat";
    case SatStatus::Unsat:
      return "unsat";
    case SatStatus::Unknown:
      break;
  }
  return "unknown";
}

RboundResult rbound_search(const Topology& t, int K, double timeout_seconds,
                           bool symmetry_breaking) {
  if (K < 1 || static_cast<uint32_t>(K) > t.power())
    throw InvalidArgument("configurations must be in 1.." + std::to_string(t.power()) + " (got " +
                          std::to_string(K) + ")");
  const auto t0 = Clock::now();
  const int N = t.ports();
  const int n = t.stages();
  const int H = t.switches_per_stage();
  const uint32_t P = t.power();
  Cnf cnf;
  // x[c][s][y]
  std::vector<int> x(uz(K) * uz(n) * uz(H));
  for (auto& v : x) v = cnf.var();
  auto xv = [&](int c, int s, int y) { return x[(uz(c) * uz(n) + uz(s)) * uz(H) + uz(y)]; };
  // The needs of every path (independent of the configuration).
  std::vector<PathNeeds> needs(uz(N) * P);
  for (int i = 0; i < N; ++i)
    for (uint32_t F = 0; F < P; ++F) needs[uz(i) * P + F] = path_needs(t, i, F);
  // paths_of[i * N + j]: the tags from i to j (one or two).
  std::vector<std::vector<uint32_t>> paths_of(uz(N) * uz(N));
  for (int i = 0; i < N; ++i)
    for (uint32_t F = 0; F < P; ++F)
      paths_of[uz(i) * uz(N) + uz(needs[uz(i) * P + F].dest)].push_back(F);
  // r[c][i][F] -> the path's states; for input 0 (symmetry breaking) also <-.
  std::vector<int> r(uz(K) * uz(N) * P);
  auto rv = [&](int c, int i, uint32_t F) -> int& { return r[(uz(c) * uz(N) + uz(i)) * P + F]; };
  for (int c = 0; c < K; ++c)
    for (int i = 0; i < N; ++i)
      for (uint32_t F = 0; F < P; ++F) {
        const int v = cnf.var();
        rv(c, i, F) = v;
        const PathNeeds& p = needs[uz(i) * P + F];
        std::vector<int> back{v};
        for (int s = 0; s < n; ++s) {
          const int lit =
              p.state[uz(s)] ? xv(c, s, p.switch_of[uz(s)]) : -xv(c, s, p.switch_of[uz(s)]);
          cnf.clause({-v, lit});
          back.push_back(-lit);
        }
        if (symmetry_breaking && i == 0) cnf.clause(back);
      }
  // Every pair in some configuration.
  std::vector<int> lits;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      lits.clear();
      for (int c = 0; c < K; ++c)
        for (uint32_t F : paths_of[uz(i) * uz(N) + uz(j)]) lits.push_back(rv(c, i, F));
      cnf.clause(lits);
    }
  if (symmetry_breaking) {
    // Configuration j < min(K, N) carries (0, j).
    for (int j = 0; j < std::min(K, N); ++j) {
      lits.clear();
      for (uint32_t F : paths_of[uz(j)]) lits.push_back(rv(j, 0, F));
      cnf.clause(lits);
    }
    // Configurations N.. sorted by input 0's tag: tag(c + 1) = F -> tag(c) <= F.
    for (int c = N; c + 1 < K; ++c)
      for (uint32_t F = 0; F < P; ++F) {
        lits.assign(1, -rv(c + 1, 0, F));
        for (uint32_t G = 0; G <= F; ++G) lits.push_back(rv(c, 0, G));
        cnf.clause(lits);
      }
  }
  RboundResult res;
  res.variables = cnf.next_var;
  res.clauses = cnf.clauses;
  const int rc = cnf.solve_within(timeout_seconds);
  res.seconds = seconds_since(t0);
  if (rc == 20) {
    res.status = SatStatus::Unsat;
    return res;
  }
  if (rc != 10) return res;  // Unknown: stopped by the deadline
  for (int c = 0; c < K; ++c) {
    Configuration cfg(t);
    for (int s = 0; s < n; ++s)
      for (int y = 0; y < H; ++y) cfg.set_state(s, y, cnf.solver.val(xv(c, s, y)) > 0 ? 1 : 0);
    res.set.push_back(std::move(cfg));
  }
  if (!check_coverage(t, res.set).covers)
    throw std::logic_error("rbound_search: the solver's set does not cover all pairs");
  res.status = SatStatus::Sat;
  return res;
}

std::vector<std::vector<std::vector<int>>> set_matrices(const std::vector<Configuration>& set) {
  std::vector<std::vector<std::vector<int>>> m;
  for (const Configuration& c : set) {
    std::vector<std::vector<int>> rows;
    for (const auto& row : c.matrix()) rows.emplace_back(row.begin(), row.end());
    m.push_back(std::move(rows));
  }
  return m;
}

std::vector<Configuration> set_from_matrices(const Topology& t,
                                             const std::vector<std::vector<std::vector<int>>>& m) {
  std::vector<Configuration> set;
  for (size_t c = 0; c < m.size(); ++c) {
    if (m[c].size() != uz(t.stages()))
      throw InvalidArgument("configuration " + std::to_string(c) + " has " +
                            std::to_string(m[c].size()) + " stages, expected " +
                            std::to_string(t.stages()));
    Configuration cfg(t);
    for (int s = 0; s < t.stages(); ++s) {
      if (m[c][uz(s)].size() != uz(t.switches_per_stage()))
        throw InvalidArgument("configuration " + std::to_string(c) + " stage " + std::to_string(s) +
                              " has " + std::to_string(m[c][uz(s)].size()) +
                              " switches, expected " + std::to_string(t.switches_per_stage()));
      for (int y = 0; y < t.switches_per_stage(); ++y) {
        const int v = m[c][uz(s)][uz(y)];
        if (v != 0 && v != 1)
          throw InvalidArgument("configuration " + std::to_string(c) + ": switch state " +
                                std::to_string(v) + " is not 0 or 1");
        cfg.set_state(s, y, v);
      }
    }
    set.push_back(std::move(cfg));
  }
  return set;
}

std::string rbound_json(const Topology& t, int K, const RboundResult& r) {
  nlohmann::json j{{"ports", t.ports()},   {"stages", t.stages()},
                   {"configs", K},         {"status", std::string(to_string(r.status))},
                   {"seconds", r.seconds}, {"variables", r.variables},
                   {"clauses", r.clauses}};
  if (r.status == SatStatus::Sat) j["set"] = set_matrices(r.set);
  return j.dump();
}

RboundCertificate read_rbound_certificate(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw InvalidArgument("cannot read certificate '" + path + "'");
  RboundCertificate c;
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    c.ports = j.at("ports").get<int>();
    c.configs = j.at("configs").get<int>();
    if (j.at("status").get<std::string>() != "sat")
      throw InvalidArgument("certificate '" + path + "' is not a sat result");
    const Topology t(c.ports);
    c.set = set_from_matrices(t, j.at("set").get<std::vector<std::vector<std::vector<int>>>>());
  } catch (const nlohmann::json::exception& e) {
    throw InvalidArgument("certificate '" + path + "': " + e.what());
  }
  if (static_cast<int>(c.set.size()) != c.configs)
    throw InvalidArgument("certificate '" + path + "' has " + std::to_string(c.set.size()) +
                          " configurations, \"configs\" says " + std::to_string(c.configs));
  return c;
}

namespace {

// Maximum bipartite b-matching by Dinic's max flow: left vertex u (neighbours adj[u] in
// 0..right-1) takes up to cap[u] right vertices, a right vertex one left vertex.
int64_t max_b_matching(const std::vector<std::vector<int>>& adj, int right,
                       const std::vector<int64_t>& cap) {
  struct Edge {
    int to;
    int64_t cap;
  };
  const int L = static_cast<int>(adj.size());
  const int src = L + right, snk = src + 1, V = snk + 1;
  std::vector<Edge> e;
  std::vector<std::vector<int>> g(uz(V));
  auto add = [&](int a, int b, int64_t c) {
    g[uz(a)].push_back(static_cast<int>(e.size()));
    e.push_back({b, c});
    g[uz(b)].push_back(static_cast<int>(e.size()));
    e.push_back({a, 0});
  };
  for (int u = 0; u < L; ++u) {
    if (cap[uz(u)] > 0) add(src, u, cap[uz(u)]);
    for (int v : adj[uz(u)]) add(u, L + v, 1);
  }
  for (int v = 0; v < right; ++v) add(L + v, snk, 1);
  std::vector<int> level(uz(V)), it(uz(V));
  int64_t flow = 0;
  for (;;) {
    std::fill(level.begin(), level.end(), -1);
    std::vector<int> queue{src};
    level[uz(src)] = 0;
    for (size_t q = 0; q < queue.size(); ++q)
      for (int k : g[uz(queue[q])])
        if (e[uz(k)].cap > 0 && level[uz(e[uz(k)].to)] < 0) {
          level[uz(e[uz(k)].to)] = level[uz(queue[q])] + 1;
          queue.push_back(e[uz(k)].to);
        }
    if (level[uz(snk)] < 0) return flow;
    std::fill(it.begin(), it.end(), 0);
    // Blocking flow by depth-first search (depth <= 3: the graph has four layers).
    std::function<int64_t(int, int64_t)> push = [&](int a, int64_t f) -> int64_t {
      if (a == snk) return f;
      for (int& k = it[uz(a)]; k < static_cast<int>(g[uz(a)].size()); ++k) {
        Edge& ed = e[uz(g[uz(a)][uz(k)])];
        if (ed.cap <= 0 || level[uz(ed.to)] != level[uz(a)] + 1) continue;
        const int64_t d = push(ed.to, std::min(f, ed.cap));
        if (d > 0) {
          ed.cap -= d;
          e[uz(g[uz(a)][uz(k)] ^ 1)].cap += d;
          return d;
        }
      }
      return 0;
    };
    while (const int64_t f = push(src, INT64_MAX)) flow += f;
  }
}

// Maximum bipartite matching: max_b_matching with one right vertex per left vertex.
int max_matching(const std::vector<std::vector<int>>& adj, int right) {
  return static_cast<int>(max_b_matching(adj, right, std::vector<int64_t>(adj.size(), 1)));
}

}  // namespace

UniqueClass max_carried(const Topology& t, const std::vector<std::pair<int, uint32_t>>& paths,
                        double sat_seconds) {
  const int N = t.ports();
  const int n = t.stages();
  const int H = t.switches_per_stage();
  UniqueClass res;
  res.paths = static_cast<int64_t>(paths.size());
  if (paths.empty()) return res;
  std::vector<PathNeeds> needs;
  needs.reserve(paths.size());
  for (auto [i, F] : paths) {
    if (i < 0 || i >= N || F >= t.power()) throw InvalidArgument("max_carried: path out of range");
    needs.push_back(path_needs(t, i, F));
  }
  // Upper side: after every stage the carried paths sit on distinct terminals.
  int ub = N;
  for (int s = 0; s < n; ++s) {
    std::vector<std::vector<int>> adj(uz(N));
    for (size_t k = 0; k < paths.size(); ++k)
      adj[uz(paths[k].first)].push_back(needs[k].terminal[uz(s)]);
    for (auto& a : adj) {
      std::sort(a.begin(), a.end());
      a.erase(std::unique(a.begin(), a.end()), a.end());
    }
    ub = std::min(ub, max_matching(adj, N));
  }
  res.matching = ub;
  // Lower side: SAT.  x[s][y] states; v -> the path's states; y_i -> one of input i's paths
  // (a configuration sets up one path per input, so counting inputs counts paths).
  Cnf cnf;
  std::vector<int> x(uz(n) * uz(H));
  for (auto& v : x) v = cnf.var();
  std::vector<std::vector<int>> of_input(uz(N));
  for (size_t k = 0; k < paths.size(); ++k) {
    const int v = cnf.var();
    for (int s = 0; s < n; ++s) {
      const int xs = x[uz(s) * uz(H) + uz(needs[k].switch_of[uz(s)])];
      cnf.clause({-v, needs[k].state[uz(s)] ? xs : -xs});
    }
    of_input[uz(paths[k].first)].push_back(v);
  }
  std::vector<int> y;
  for (int i = 0; i < N; ++i) {
    if (of_input[uz(i)].empty()) continue;
    const int v = cnf.var();
    std::vector<int> c{-v};
    c.insert(c.end(), of_input[uz(i)].begin(), of_input[uz(i)].end());
    cnf.clause(c);
    y.push_back(v);
  }
  // Sequential counter: after input a, cnt[k] -> at least k of y[0..a] are true.
  const int L = static_cast<int>(y.size());
  std::vector<int> prev(uz(L) + 2, 0), cur(uz(L) + 2, 0);
  for (int a = 0; a < L; ++a) {
    for (int k = 1; k <= a + 1; ++k) {
      const int v = cnf.var();
      cur[uz(k)] = v;
      const int same = k <= a ? prev[uz(k)] : 0;
      std::vector<int> c1{-v, y[uz(a)]};
      if (same) c1.push_back(same);
      cnf.clause(c1);
      if (k >= 2) {
        std::vector<int> c2{-v, prev[uz(k - 1)]};
        if (same) c2.push_back(same);
        cnf.clause(c2);
      }
    }
    std::swap(prev, cur);
  }
  ub = std::min(ub, L);
  // Count by routing the solver's configuration (the model's route, not the auxiliaries).
  auto count_carried = [&]() {
    Configuration cfg(t);
    for (int s = 0; s < n; ++s)
      for (int yy = 0; yy < H; ++yy)
        cfg.set_state(s, yy, cnf.solver.val(x[uz(s) * uz(H) + uz(yy)]) > 0 ? 1 : 0);
    int count = 0;
    for (auto [i, F] : paths) count += route(t, cfg, i).forward_tag == F ? 1 : 0;
    return count;
  };
  int found = 0;
  while (found < ub) {
    cnf.solver.assume(prev[uz(ub)]);
    const int rc = cnf.solve_within(sat_seconds);
    if (rc == 10) {
      found = count_carried();
      if (found < ub) throw std::logic_error("max_carried: the counter admits a smaller count");
    } else if (rc == 20) {
      --ub;  // no configuration carries ub
    } else {
      break;  // out of time: ub stays an upper bound
    }
  }
  res.max_carried = ub;
  res.found = found;
  res.exact = found == ub;
  return res;
}

std::vector<RepeatBound> repeat_bounds(const Topology& t) {
  const int N = t.ports();
  const int n = t.stages();
  const int H = t.switches_per_stage();
  const uint32_t P = t.power();
  const uint32_t lo = P - static_cast<uint32_t>(N);  // unique: lo <= F < N (Lemma 3.5)
  std::vector<PathNeeds> needs(uz(N) * P);
  for (int i = 0; i < N; ++i)
    for (uint32_t F = 0; F < P; ++F) needs[uz(i) * P + F] = path_needs(t, i, F);
  std::vector<RepeatBound> res;
  for (int s = 0; s < n; ++s) {
    // Connection t = 4 y + 2 b + f (switch y, in-subport b, out-subport f): its pairs R(t)
    // and its unique paths u(t).
    std::vector<std::vector<int>> pairs(uz(4 * H));
    std::vector<int64_t> u(uz(4 * H), 0);
    for (int i = 0; i < N; ++i)
      for (uint32_t F = 0; F < P; ++F) {
        const PathNeeds& p = needs[uz(i) * P + F];
        const int f = static_cast<int>((F >> (n - 1 - s)) & 1u);
        const int b = p.state[uz(s)] ^ f;
        const size_t c = uz(4 * p.switch_of[uz(s)] + 2 * b + f);
        pairs[c].push_back(i * N + p.dest);
        if (F >= lo && F < static_cast<uint32_t>(N)) ++u[c];
      }
    RepeatBound rb;
    rb.stage = s;
    std::vector<int64_t> m(u.size());
    for (size_t c = 0; c < u.size(); ++c) {
      m[c] = std::max(u[c], u[c ^ 3]);  // c ^ 3: the other connection of the same state
      rb.forced += m[c];
      auto& a = pairs[c];
      std::sort(a.begin(), a.end());
      a.erase(std::unique(a.begin(), a.end()), a.end());
    }
    rb.distinct = max_b_matching(pairs, N * N, m);
    rb.repeats = rb.forced - rb.distinct;
    rb.bound = static_cast<int>((int64_t{N} * N + rb.repeats + N - 1) / N);
    res.push_back(rb);
  }
  return res;
}

RLower rlower(const Topology& t, double sat_seconds) {
  const int N = t.ports();
  if (N > 128) throw InvalidArgument("rlower: N must be <= 128 (got " + std::to_string(N) + ")");
  const auto t0 = Clock::now();
  const int n = t.stages();
  const uint32_t P = t.power();
  const uint32_t lo = P - static_cast<uint32_t>(N);  // unique: lo <= F < N
  const uint32_t hi = static_cast<uint32_t>(N);
  RLower r;
  r.ports = N;
  r.stages = n;
  r.unique_paths = int64_t{N} * (hi - lo);
  r.trivial = N;
  auto examine = [&](int bits, uint32_t prefix, uint32_t from, uint32_t to) {
    const auto c0 = Clock::now();
    std::vector<std::pair<int, uint32_t>> paths;
    for (int i = 0; i < N; ++i)
      for (uint32_t F = from; F < to; ++F) paths.emplace_back(i, F);
    UniqueClass c = max_carried(t, paths, sat_seconds);
    c.prefix_bits = bits;
    c.prefix = prefix;
    c.bound = c.max_carried ? static_cast<int>((c.paths + c.max_carried - 1) / c.max_carried) : 0;
    c.seconds = seconds_since(c0);
    r.classes.push_back(c);
  };
  if (lo < hi) examine(0, 0, lo, hi);
  for (int bits = 1; bits <= n; ++bits) {
    const uint32_t width = P >> bits;
    for (uint32_t v = 0; v < (1u << bits); ++v)
      if (v * width >= lo && (v + 1) * width <= hi) examine(bits, v, v * width, (v + 1) * width);
  }
  for (const UniqueClass& c : r.classes)
    if (c.bound > r.counting) {
      r.counting = c.bound;
      r.witness = c;
    }
  r.repeat_stages = repeat_bounds(t);
  for (const RepeatBound& b : r.repeat_stages)
    if (b.bound > r.repeat) {
      r.repeat = b.bound;
      r.repeat_witness = b;
    }
  r.lower_bound = std::max({r.trivial, r.counting, r.repeat});
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace minforge::gsen
