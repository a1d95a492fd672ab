// The fewest packet-switched steps of a permutation on the d-cube: SAT per step count
// (CaDiCaL), the encoding described in hypercube_minsteps.hpp.
#include "minforge/algo/hypercube/hypercube_minsteps.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "../sat_cnf.hpp"

namespace minforge::hypercube {
namespace {

size_t uz(int v) { return static_cast<size_t>(v); }

using sat::Cnf;

}  // namespace

int step_lower_bound(int d, const Perm& pi) {
  validate_perm(d, pi);
  int lb = 0;
  for (uint32_t v = 0; v < pi.size(); ++v) lb = std::max(lb, distance(v, pi[v]));
  return lb;
}

StepSearch route_in_steps(int d, const Perm& pi, int T, double timeout_seconds) {
  validate_perm(d, pi);
  if (T < 0) throw InvalidArgument("route_in_steps: negative step count");
  const uint32_t n = vertices(d);
  StepSearch res;
  res.schedule.dim = d;
  if (step_lower_bound(d, pi) > T) {
    res.verdict = StepVerdict::Unsat;
    return res;
  }
  // pos[t][v] = where the packet of v is after step t.
  std::vector<std::vector<uint32_t>> pos(size_t(T) + 1, std::vector<uint32_t>(n));
  std::iota(pos[0].begin(), pos[0].end(), 0u);
  pos[uz(T)] = pi;
  if (T >= 2) {
    Cnf cnf;
    const size_t nn = size_t(n) * n;
    std::vector<int> x(size_t(T + 1) * nn, 0);
    auto at = [&](int t, uint32_t v, uint32_t w) -> int& {
      return x[uz(t) * nn + size_t(v) * n + w];
    };
    for (int t = 1; t < T; ++t)
      for (uint32_t v = 0; v < n; ++v)
        for (uint32_t w = 0; w < n; ++w)
          if (distance(v, w) <= t && distance(w, pi[v]) <= T - t) at(t, v, w) = cnf.var();
    std::vector<int> lits;
    for (int t = 1; t < T; ++t) {
      for (uint32_t v = 0; v < n; ++v) {  // the packet of v: at least one, at most one place
        lits.clear();
        for (uint32_t w = 0; w < n; ++w)
          if (at(t, v, w)) lits.push_back(at(t, v, w));
        cnf.clause(lits);
        cnf.at_most_one(lits);
      }
      for (uint32_t w = 0; w < n; ++w) {  // vertex w: at most one packet
        lits.clear();
        for (uint32_t v = 0; v < n; ++v)
          if (at(t, v, w)) lits.push_back(at(t, v, w));
        cnf.at_most_one(lits);
      }
      // Moves along edges: at w after step t -> at w or a neighbour after t - 1 and t + 1
      // (steps 0 and T are fixed; the variables' ranges already respect them).
      for (uint32_t v = 0; v < n; ++v)
        for (uint32_t w = 0; w < n; ++w) {
          const int xv = at(t, v, w);
          if (!xv) continue;
          for (int u = t - 1; u <= t + 1; u += 2) {
            if (u == 0 || u == T) continue;
            lits.assign(1, -xv);
            if (at(u, v, w)) lits.push_back(at(u, v, w));
            for (int j = 0; j < d; ++j)
              if (int y = at(u, v, w ^ (1u << j))) lits.push_back(y);
            cnf.clause(lits);
          }
        }
    }
    const int rc = cnf.solve_within(timeout_seconds);
    if (rc == 20) {
      res.verdict = StepVerdict::Unsat;
      return res;
    }
    if (rc != 10) return res;  // Unknown
    for (int t = 1; t < T; ++t)
      for (uint32_t v = 0; v < n; ++v) {
        uint32_t where = n;
        for (uint32_t w = 0; w < n; ++w)
          if (at(t, v, w) && cnf.solver.val(at(t, v, w)) > 0) where = w;
        if (where == n) throw std::logic_error("route_in_steps: the solver placed no packet");
        pos[uz(t)][v] = where;
      }
  }
  res.schedule.moves.assign(uz(T), std::vector<uint32_t>(n));
  for (int t = 0; t < T; ++t)
    for (uint32_t v = 0; v < n; ++v) res.schedule.moves[uz(t)][pos[uz(t)][v]] = pos[uz(t) + 1][v];
  const StepRun run = run_steps(d, pi, res.schedule);
  if (!run.ok)
    throw std::logic_error("route_in_steps: schedule fails the step simulator: " + run.error);
  res.verdict = StepVerdict::Sat;
  return res;
}

MinSteps min_steps(int d, const Perm& pi, double timeout_per_call) {
  MinSteps m;
  m.lower = step_lower_bound(d, pi);
  m.corollary_steps = schedule_steps(d);
  m.schedule = packet_schedule(d, pi);
  const StepRun run = run_steps(d, pi, m.schedule);
  if (!run.ok) throw std::logic_error("min_steps: Corollary 3.5's schedule fails: " + run.error);
  m.upper = int(m.schedule.moves.size());
  for (int T = m.lower; T < m.upper; ++T) {
    StepSearch s = route_in_steps(d, pi, T, timeout_per_call);
    if (s.verdict == StepVerdict::Sat) {
      m.upper = T;
      m.schedule = std::move(s.schedule);
      break;
    }
    if (s.verdict == StepVerdict::Unknown) break;
    m.lower = T + 1;
  }
  m.exact = m.lower == m.upper;
  return m;
}

Perm canonical_conjugate(int d, const Perm& pi) {
  validate_perm(d, pi);
  if (d > 6) throw InvalidArgument("canonical_conjugate: d <= 6");
  const uint32_t n = vertices(d);
  std::vector<int> sigma(uz(d));
  std::iota(sigma.begin(), sigma.end(), 0);
  Perm best, a(n), ainv(n), c(n);
  do {
    for (uint32_t x = 0; x < n; ++x) {
      uint32_t y = 0;
      for (int j = 0; j < d; ++j)
        if (x >> j & 1) y |= 1u << sigma[uz(j)];
      a[x] = y;
    }
    for (uint32_t k = 0; k < n; ++k) {
      // automorphism b(v) = a(v) xor k; conjugate c = b pi b^-1
      for (uint32_t v = 0; v < n; ++v) ainv[a[v] ^ k] = v;
      for (uint32_t u = 0; u < n; ++u) c[u] = a[pi[ainv[u]]] ^ k;
      if (best.empty() || c < best) best = c;
    }
  } while (std::next_permutation(sigma.begin(), sigma.end()));
  return best;
}

std::vector<std::pair<std::string, Perm>> structured_candidates(int d) {
  std::vector<std::pair<std::string, Perm>> out;
  for (const char* c : {"identity", "bit-reversal", "complement", "transpose", "shuffle"})
    out.emplace_back(c, make_perm(d, c));
  out.emplace_back("unshuffle", inverse(make_perm(d, "shuffle")));
  const uint32_t n = vertices(d);
  for (uint32_t k = 1; k < n; ++k) {
    const std::string c = "shift:" + std::to_string(k);
    out.emplace_back(c, make_perm(d, c));
  }
  // bit reversal and shuffle followed by the complement
  for (const char* c : {"bit-reversal", "shuffle", "transpose"}) {
    Perm p = make_perm(d, c);
    for (auto& x : p) x ^= n - 1;
    out.emplace_back(std::string(c) + "+complement", p);
  }
  return out;
}

}  // namespace minforge::hypercube
