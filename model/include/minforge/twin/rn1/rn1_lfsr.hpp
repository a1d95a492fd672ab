// minforge cycle twin of rtl/rn1/rn1_lfsr.v: the free-running Galois LFSR that supplies the
// random output choice of an RN1 routing core and the random input / back-off of an endpoint.
// Step rule: state <- (state >> 1) ^ (state & 1 ? taps : 0); a zero seed loads 1
// (docs/rn1_protocol.md).
#pragma once

#include <cstdint>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/common.hpp"

namespace minforge::twin {

class Rn1Lfsr {
 public:
  // Parameters W and TAPS of rn1_lfsr.v; throws InvalidArgument unless 2 <= width <= 32.
  explicit Rn1Lfsr(int width = rn1::kLfsrWidth, uint32_t taps = rn1::kLfsrTaps)
      : width_(width), taps_(taps), mask_(width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1)) {
    if (width < 2 || width > 32) throw InvalidArgument("rn1: LFSR width must be 2..32");
    taps_ &= mask_;
  }
  void reset(uint32_t seed) {
    seed &= mask_;
    state_ = seed == 0 ? 1 : seed;
  }
  void step() { state_ = (state_ >> 1) ^ ((state_ & 1) ? taps_ : 0); }
  uint32_t state() const { return state_; }
  int width() const { return width_; }

 private:
  int width_;
  uint32_t taps_;
  uint32_t mask_;
  uint32_t state_ = 1;
};

}  // namespace minforge::twin
