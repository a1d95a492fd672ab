// minforge cycle twin of rtl/rn1/rn1_monitor.v: the network monitor of paper 002, section
// 20.9, combining the sources' verdicts on failed attempts and declaring the faulty link
// (docs/rn1.md, "Fault localisation").  The same rule as minforge::rn1::FaultMonitor with
// the hardware's saturating CW-bit counters, one verdict per cycle and a registered
// declaration.
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::twin {

class Rn1Monitor {
 public:
  struct Params {
    int nl = 96, lw = 7, maxc = 4, cw = 4, th = 2;
  };
  explicit Rn1Monitor(const Params& p);
  void reset();
  // One clock edge: `valid` with `n` candidates `cand[0..n-1]` (path order).
  void step(bool valid, int n, const std::vector<int>& cand);
  bool decl_valid() const { return decl_valid_; }
  int decl_link() const { return decl_link_; }
  bool declared(int l) const { return declared_[static_cast<size_t>(l)] != 0; }
  const Params& params() const { return p_; }

 private:
  Params p_;
  std::vector<int> cnt_;
  std::vector<uint8_t> declared_;
  bool decl_valid_ = false;
  int decl_link_ = 0;
};

}  // namespace minforge::twin
