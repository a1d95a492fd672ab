// CaDiCaL helpers shared by the model's SAT searches (gsen_rbound.cpp: R(N) bounds,
// hypercube_minsteps.cpp: fewest packet-switched steps): a CNF builder that counts its
// variables and clauses, an at-most-one constraint, and a solve bounded in wall time.
// Private to the model library (CaDiCaL is linked into minforge_algo only).
#pragma once

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
