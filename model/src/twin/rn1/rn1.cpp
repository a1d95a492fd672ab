// Cycle twin of rtl/rn1/rn1.v (docs/rn1_protocol.md).
#include "minforge/twin/rn1/rn1.hpp"

namespace minforge::twin {

using rn1::Word;

Rn1::Rn1(Rn1Mode mode, int lfsr_width, uint32_t lfsr_taps)
    : mode_(mode),
      single_(Rn1XbarCore::Params{8, 4, 2, 0, lfsr_width, lfsr_taps}),
      lo_(Rn1XbarCore::Params{4, 4, 1, 0, lfsr_width, lfsr_taps}),
      hi_(Rn1XbarCore::Params{4, 4, 1, 4, lfsr_width, lfsr_taps}) {
  dual_now_ = mode == Rn1Mode::kFixedDual;
}

void Rn1::reset(uint32_t seed) {
  seed_ = seed;
  dual_r_ = false;
  en_r_ = 0xFF;
  single_.reset(seed);
  lo_.reset(seed);
  hi_.reset(seed);
  if (mode_ == Rn1Mode::kRegister) dual_now_ = false;
}

bool Rn1::dual() const { return dual_now_; }

void Rn1::step(const Word* fwd_in, const Word* bwd_in, const Config& cfg) {
  bool dual = false;
  uint8_t en = cfg.en;
  switch (mode_) {
    case Rn1Mode::kRegister:
      dual = dual_r_;
      en = en_r_;
      break;
    case Rn1Mode::kPins:
      dual = cfg.dual;
      break;
    case Rn1Mode::kFixedSingle:
      dual = false;
      break;
    case Rn1Mode::kFixedDual:
      dual = true;
      break;
  }
  if (mode_ != Rn1Mode::kFixedDual) {
    if (dual) {
      single_.reset(seed_);
    } else {
      single_.step(fwd_in, bwd_in, en);
    }
  }
  if (mode_ != Rn1Mode::kFixedSingle) {
    if (!dual) {
      lo_.reset(seed_);
      hi_.reset(seed_);
    } else {
      lo_.step(fwd_in, bwd_in, en & 0xF);
      hi_.step(fwd_in + 4, bwd_in + 4, en >> 4);
    }
  }
  if (mode_ == Rn1Mode::kRegister && cfg.we) {
    dual_r_ = cfg.dual;
    en_r_ = cfg.en;
  }
  dual_now_ = mode_ == Rn1Mode::kRegister ? dual_r_ : mode_ == Rn1Mode::kPins ? cfg.dual : dual;
}

Word Rn1::fwd_out(int o) const {
  if (dual_now_) return o < 4 ? lo_.fwd_out(o) : hi_.fwd_out(o - 4);
  return single_.fwd_out(o);
}

Word Rn1::bwd_out(int i) const {
  if (dual_now_) return i < 4 ? lo_.bwd_out(i) : hi_.bwd_out(i - 4);
  return single_.bwd_out(i);
}

}  // namespace minforge::twin
