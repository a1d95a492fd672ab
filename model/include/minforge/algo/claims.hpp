// minforge: the verdicts of the claims commands (`minforge rn1 claims`, `minforge lcan claims`).
// A claim of a paper is checked on several measured rows (a network, a stage, a class); each
// row gets a verdict, and the claim's verdict is computed from every row:
//   holds      every row holds;
//   fails      no row holds and at least one fails;
//   partly     some rows hold, others fail or are undecided (the command says which);
//   undecided  every row is undecided: the 95 % confidence intervals do not separate.
// Verdicts on simulated quantities use 95 % confidence intervals (normal approximation, 1.96
// standard errors): "A < B" holds when A's interval lies wholly below B's, fails when it lies
// wholly above, and is undecided when they overlap; "x in [lo, hi]" holds when x's interval
// lies inside, fails when it lies wholly outside.  Exact quantities have intervals of width 0.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace minforge {

enum class Verdict { Holds, Fails, Partly, Undecided };

inline std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Holds:
      return "holds";
    case Verdict::Fails:
      return "fails";
    case Verdict::Partly:
      return "partly";
    case Verdict::Undecided:
      break;
  }
  return "undecided";
}

// A 95 % confidence interval (lo == hi for an exact value).
struct Interval {
  double value = 0, lo = 0, hi = 0;
};
inline Interval exact(double v) { return {v, v, v}; }
// value +- 1.96 standard errors.
inline Interval ci95(double value, double std_error) {
  return {value, value - 1.96 * std_error, value + 1.96 * std_error};
}
// The mean of n samples of sample variance `var`.
inline Interval mean_ci95(double mean, double var, long n) {
  return ci95(mean, n > 0 ? std::sqrt(std::max(0.0, var) / static_cast<double>(n)) : 0.0);
}

// "a < b" (strictly): holds when a's interval lies below b's, fails when it lies at or above
// it (a.lo >= b.hi), undecided otherwise.  For exact values (zero width) this is a < b.
inline Verdict less_than(const Interval& a, const Interval& b) {
  if (a.hi < b.lo) return Verdict::Holds;
  if (a.lo >= b.hi) return Verdict::Fails;
  return Verdict::Undecided;
}
// "x in [lo, hi]": holds when x's interval lies inside, fails when it lies wholly outside.
inline Verdict within(const Interval& x, double lo, double hi) {
  if (x.lo >= lo && x.hi <= hi) return Verdict::Holds;
  if (x.hi < lo || x.lo > hi) return Verdict::Fails;
  return Verdict::Undecided;
}
// "x == v": holds when the interval contains v, fails when it excludes it.  (Never undecided:
// a wide interval holds; the command prints the interval.)
inline Verdict equals(const Interval& x, double v) {
  return x.lo <= v && v <= x.hi ? Verdict::Holds : Verdict::Fails;
}

// The claim's verdict from its rows' verdicts (see the top of this file).
inline Verdict combine(const std::vector<Verdict>& rows) {
  const auto n = [&](Verdict v) { return std::count(rows.begin(), rows.end(), v); };
  const long holds = n(Verdict::Holds), fails = n(Verdict::Fails), partly = n(Verdict::Partly);
  if (rows.empty()) return Verdict::Undecided;
  if (holds == static_cast<long>(rows.size())) return Verdict::Holds;
  if (holds == 0 && partly == 0) return fails > 0 ? Verdict::Fails : Verdict::Undecided;
  return Verdict::Partly;
}

}  // namespace minforge
