// CaDiCaL helpers shared by the model's SAT searches (gsen_rbound.cpp: R(N) bounds,
// hypercube_minsteps.cpp: fewest packet-switched steps, banyan_ft_min.cpp: shortest
// fault-tolerant banyan plans): a CNF builder that counts its variables and clauses,
// at-most-one / at-most-k constraints and unary counters, and a solve bounded in wall time.
// Private to the model library (CaDiCaL is linked into minforge_algo only).
#pragma once

#include <algorithm>
#include <cadical.hpp>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace minforge::sat {

// Stops a solve once `seconds` of wall time have passed (seconds <= 0: never).
class Deadline : public CaDiCaL::Terminator {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Deadline(double seconds)
      : limited_(seconds > 0),
        end_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(seconds > 0 ? seconds : 0))) {}
  bool terminate() override { return limited_ && Clock::now() >= end_; }

 private:
  bool limited_;
  Clock::time_point end_;
};

// CaDiCaL's answers.
inline constexpr int kSat = 10;
inline constexpr int kUnsat = 20;

struct Cnf {
  CaDiCaL::Solver solver;
  int next_var = 0;
  int64_t clauses = 0;
  int var() { return ++next_var; }
  void clause(std::initializer_list<int> lits) {
    for (int l : lits) solver.add(l);
    solver.add(0);
    ++clauses;
  }
  void clause(const std::vector<int>& lits) {
    for (int l : lits) solver.add(l);
    solver.add(0);
    ++clauses;
  }
  // At most one of lits: pairwise up to 6 literals, else a sequential counter.
  void at_most_one(const std::vector<int>& lits) {
    const size_t k = lits.size();
    if (k <= 1) return;
    if (k <= 6) {
      for (size_t i = 0; i < k; ++i)
        for (size_t j = i + 1; j < k; ++j) clause({-lits[i], -lits[j]});
      return;
    }
    int prev = 0;  // s_i: some of lits[0..i] is true
    for (size_t i = 0; i < k; ++i) {
      const int s = var();
      clause({-lits[i], s});
      if (prev) {
        clause({-prev, s});
        clause({-prev, -lits[i]});
      }
      prev = s;
    }
  }
  // A unary counter of lits up to `cap`: out[j-1] is implied by "at least j of lits are
  // true" (j = 1..cap; one direction, Sinz's sequential counter, lits.size() * cap
  // variables).  Out has min(cap, lits.size()) entries; "at least cap + 1" is forbidden
  // when forbid_above is set (then at most cap of lits are true).
  std::vector<int> at_least_outputs(const std::vector<int>& lits, int cap, bool forbid_above) {
    const int n = static_cast<int>(lits.size());
    const int J = std::min(cap, n);
    std::vector<int> prev;  // prev[j-1]: at least j of lits[0..i-1]
    for (int i = 0; i < n; ++i) {
      std::vector<int> cur(static_cast<size_t>(std::min(J, i + 1)));
      for (size_t j = 0; j < cur.size(); ++j) cur[j] = var();
      clause({-lits[i], cur[0]});
      for (size_t j = 0; j < prev.size(); ++j) {
        clause({-prev[j], cur[j]});
        if (j + 1 < cur.size())
          clause({-lits[i], -prev[j], cur[j + 1]});
        else if (forbid_above && static_cast<int>(j) + 1 == cap)
          clause({-lits[i], -prev[j]});
      }
      prev = std::move(cur);
    }
    return prev;
  }
  // At most k of lits (k >= 0).
  void at_most(const std::vector<int>& lits, int k) {
    if (static_cast<int>(lits.size()) <= k) return;
    if (k == 0) {
      for (int l : lits) clause({-l});
      return;
    }
    if (k == 1) return at_most_one(lits);
    at_least_outputs(lits, k, true);
  }
  // solve() stopped after `seconds` of wall time (<= 0: no limit): kSat, kUnsat or 0
  // (unknown: the time ran out).
  int solve_within(double seconds) {
    Deadline deadline(seconds);
    solver.connect_terminator(&deadline);
    const int rc = solver.solve();
    solver.disconnect_terminator();
    return rc;
  }
};

}  // namespace minforge::sat
