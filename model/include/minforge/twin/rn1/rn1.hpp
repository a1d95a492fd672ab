// minforge cycle twin of rtl/rn1/rn1.v: the RN1 routing component of paper 002 (section
// 20.11, Fig. 20.8): 8 inputs, 8 outputs, one 8x4/dilation-2 core or two 4x4/dilation-1
// cores (Rn1XbarCore, the twin of rn1_xbar_core.v); the inactive configuration's cores are
// held in reset.  docs/rn1_protocol.md.
#pragma once

#include <cstdint>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/twin/rn1/rn1_xbar_core.hpp"

namespace minforge::twin {

// Configuration source of an RN1 (parameter MODE_SEL of rtl/rn1/rn1.v).
enum class Rn1Mode { kRegister = 0, kPins = 1, kFixedSingle = 2, kFixedDual = 3 };

class Rn1 {
 public:
  explicit Rn1(Rn1Mode mode = Rn1Mode::kRegister, int lfsr_width = rn1::kLfsrWidth,
               uint32_t lfsr_taps = rn1::kLfsrTaps);
  void reset(uint32_t seed);
  // Configuration inputs for the next step (cfg_we/cfg_dual/cfg_en pins).
  struct Config {
    bool we = false;
    bool dual = false;
    uint8_t en = 0xFF;
  };
  void step(const rn1::Word* fwd_in, const rn1::Word* bwd_in, const Config& cfg);
  // MODE_SEL = 1: the pins select the configuration the outputs show combinationally, in
  // the same cycle; call with this cycle's pins before reading the outputs (no effect in
  // the other modes).
  void set_pins(const Config& cfg) {
    if (mode_ == Rn1Mode::kPins) dual_now_ = cfg.dual;
  }
  rn1::Word fwd_out(int o) const;
  rn1::Word bwd_out(int i) const;
  bool dual() const;
  Rn1Mode mode() const { return mode_; }
  const Rn1XbarCore& single_core() const { return single_; }

 private:
  Rn1Mode mode_;
  uint32_t seed_ = 0;
  bool dual_r_ = false;
  uint8_t en_r_ = 0xFF;
  bool dual_now_ = false;  // configuration seen by the outputs (pins: last applied)
  Rn1XbarCore single_, lo_, hi_;
};

}  // namespace minforge::twin
