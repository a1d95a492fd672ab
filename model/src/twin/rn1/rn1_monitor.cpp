// Cycle twin of rtl/rn1/rn1_monitor.v (see the header).
#include "minforge/twin/rn1/rn1_monitor.hpp"

namespace minforge::twin {

Rn1Monitor::Rn1Monitor(const Params& p) : p_(p) {
  if (p.nl < 1 || p.nl > 1024 || p.lw < 1 || p.lw > 10 || (1 << p.lw) < p.nl || p.maxc < 1 ||
      p.maxc > 9 || p.cw < 1 || p.cw > 8 || p.th < 1 || p.th >= (1 << p.cw)) {
    throw InvalidArgument("rn1 monitor: illegal parameters (NL, LW, MAXC, CW, TH)");
  }
  reset();
}

void Rn1Monitor::reset() {
  cnt_.assign(static_cast<size_t>(p_.nl), 0);
  declared_.assign(static_cast<size_t>(p_.nl), 0);
  decl_valid_ = false;
  decl_link_ = 0;
}

void Rn1Monitor::step(bool valid, int n, const std::vector<int>& cand) {
  const int cmax = (1 << p_.cw) - 1;
  bool explained = false;
  int top = 0, ties = 0, best = 0;
  std::vector<int> nc(static_cast<size_t>(p_.maxc), 0);
  std::vector<uint8_t> use(static_cast<size_t>(p_.maxc), 0);
  for (int c = 0; c < p_.maxc; ++c) {
    const int l = c < static_cast<int>(cand.size()) ? cand[static_cast<size_t>(c)] : 0;
    use[static_cast<size_t>(c)] = c < n && l >= 0 && l < p_.nl;
    if (!use[static_cast<size_t>(c)]) continue;
    if (declared_[static_cast<size_t>(l)]) explained = true;
    const int v = cnt_[static_cast<size_t>(l)];
    nc[static_cast<size_t>(c)] = v == cmax ? cmax : v + 1;
    if (nc[static_cast<size_t>(c)] > top) {
      top = nc[static_cast<size_t>(c)];
      best = l;
      ties = 1;
    } else if (nc[static_cast<size_t>(c)] == top) {
      ++ties;
    }
  }
  const bool count_it = valid && !explained && n != 0;
  const bool declare = count_it && top >= p_.th && ties == 1;
  decl_valid_ = declare;
  if (declare) {
    decl_link_ = best;
    declared_[static_cast<size_t>(best)] = 1;
  }
  if (count_it) {
    // The RTL writes the counters in candidate order: a later duplicate wins.
    for (int c = 0; c < p_.maxc; ++c) {
      if (use[static_cast<size_t>(c)]) {
        cnt_[static_cast<size_t>(cand[static_cast<size_t>(c)])] = nc[static_cast<size_t>(c)];
      }
    }
  }
}

}  // namespace minforge::twin
