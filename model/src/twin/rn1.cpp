// RN1 routing component: cycle-accurate model of rtl/rn1/rn1_xbar_core.v and rtl/rn1/rn1.v.
#include "minforge/twin/rn1.hpp"

#include <algorithm>
#include <string>

namespace minforge::rn1 {

uint8_t crc8(uint8_t crc, uint8_t byte) {
  uint8_t x = crc ^ byte;
  for (int k = 0; k < 8; ++k) {
    x = (x & 0x80) ? static_cast<uint8_t>((x << 1) ^ 0x07) : static_cast<uint8_t>(x << 1);
  }
  return x;
}

Lfsr::Lfsr(int width, uint32_t taps)
    : width_(width), taps_(taps), mask_(width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1)) {
  if (width < 2 || width > 32) throw InvalidArgument("rn1: LFSR width must be 2..32");
  taps_ &= mask_;
}

void Lfsr::reset(uint32_t seed) {
  seed &= mask_;
  state_ = seed == 0 ? 1 : seed;
}

void Lfsr::step() { state_ = (state_ >> 1) ^ ((state_ & 1) ? taps_ : 0); }

namespace {
int log2i(int x) {
  int b = 0;
  while ((1 << b) < x) ++b;
  return b;
}
}  // namespace

uint8_t encode_status(const Status& s, int radix) {
  if (s.connected) {
    return static_cast<uint8_t>(0x80 | ((s.out_port & 7) << 3) | (s.in_port & 7));
  }
  const int rb = log2i(radix);
  return static_cast<uint8_t>(0x40 | ((s.direction & ((1 << rb) - 1)) << 3) | (s.in_port & 7));
}

Status decode_status(uint8_t b, int radix) {
  Status s;
  s.connected = (b & 0x80) != 0;
  s.in_port = b & 7;
  if (s.connected) {
    s.out_port = (b >> 3) & 7;
  } else {
    s.direction = ((b >> 3) & 7) & ((1 << log2i(radix)) - 1);
  }
  return s;
}

void validate(const CoreParams& p) {
  const int no = p.radix * p.dilation;
  const bool ok = p.inputs >= 1 && p.inputs <= 8 && (p.radix == 2 || p.radix == 4) &&
                  (p.dilation == 1 || p.dilation == 2 || p.dilation == 4) && no <= 8 &&
                  p.port_base >= 0 && p.port_base + p.inputs <= 8 && p.port_base + no <= 8 &&
                  p.lfsr_width >= 2 && p.lfsr_width <= 32 &&
                  (p.dilation == 1 || p.radix * log2i(p.dilation) <= p.lfsr_width);
  if (!ok) {
    throw InvalidArgument(
        "rn1: core needs inputs 1..8, radix 2 or 4, dilation 1/2/4, "
        "radix*dilation <= 8 (got " +
        std::to_string(p.inputs) + "x" + std::to_string(p.radix) + " dilation " +
        std::to_string(p.dilation) + ")");
  }
}

XbarCore::XbarCore(const CoreParams& p) : p_(p), rb_(0), db_(0), lfsr_(p.lfsr_width, p.lfsr_taps) {
  validate(p);
  rb_ = log2i(p.radix);
  db_ = log2i(p.dilation);
  const int ni = p.inputs, no = outputs();
  st_.assign(ni, 0);
  conn_.assign(ni, 0);
  dir_.assign(ni, 0);
  cks_.assign(ni, 0);
  busy_.assign(no, 0);
  prio_.assign(p.radix, 0);
  fwd_out_.assign(no, 0);
  bwd_out_.assign(ni, 0);
  req_.assign(ni, 0);
  grant_.assign(ni, 0);
  gout_.assign(ni, 0);
  fo_next_.assign(no, 0);
}

void XbarCore::reset(uint32_t seed) {
  std::fill(st_.begin(), st_.end(), 0);
  std::fill(conn_.begin(), conn_.end(), 0);
  std::fill(dir_.begin(), dir_.end(), 0);
  std::fill(cks_.begin(), cks_.end(), 0);
  std::fill(busy_.begin(), busy_.end(), 0);
  std::fill(prio_.begin(), prio_.end(), 0);
  std::fill(fwd_out_.begin(), fwd_out_.end(), 0);
  std::fill(bwd_out_.begin(), bwd_out_.end(), 0);
  if (p_.dilation > 1) lfsr_.reset(seed);
}

void XbarCore::step(const Word* fwd_in, const Word* bwd_in, uint32_t en) {
  const int ni = p_.inputs, no = outputs(), r = p_.radix, dl = p_.dilation;
  // Allocation (combinational part of the RTL).
  uint32_t freev = 0;
  for (int o = 0; o < no; ++o) {
    if (!busy_[o] && ((en >> o) & 1)) freev |= 1u << o;
  }
  for (int i = 0; i < ni; ++i) {
    req_[i] = st_[i] == kIdle && word_ctl(fwd_in[i]);
    grant_[i] = 0;
    gout_[i] = 0;
  }
  const uint32_t lf = lfsr_.state();
  for (int d = 0; d < r; ++d) {
    bool seen = false;
    const int p0 = prio_[d];
    for (int k = 0; k < ni; ++k) {
      int i = p0 + k;
      if (i >= ni) i -= ni;
      if (!req_[i] || (word_data(fwd_in[i]) >> (8 - rb_)) != d) continue;
      if (!seen) {
        seen = true;
        prio_[d] = static_cast<uint8_t>(i + 1 >= ni ? 0 : i + 1);
      }
      const int start = dl > 1 ? static_cast<int>((lf >> (db_ * d)) & (dl - 1)) : 0;
      for (int j = 0; j < dl; ++j) {
        int s = start + j;
        if (s >= dl) s -= dl;
        const int o = d * dl + s;
        if ((freev >> o) & 1) {
          grant_[i] = 1;
          gout_[i] = static_cast<uint8_t>(o);
          freev &= ~(1u << o);
          break;
        }
      }
    }
  }
  // Next forward outputs.
  std::fill(fo_next_.begin(), fo_next_.end(), 0);
  for (int i = 0; i < ni; ++i) {
    if (st_[i] == kFwd && word_ctl(fwd_in[i])) fo_next_[conn_[i]] = fwd_in[i];
    if (grant_[i]) {
      fo_next_[gout_[i]] = make_word(true, static_cast<uint8_t>(word_data(fwd_in[i]) << rb_));
    }
  }
  // Sequential part.
  for (int i = 0; i < ni; ++i) {
    const Word in = fwd_in[i];
    switch (st_[i]) {
      case kIdle:
        bwd_out_[i] = 0;
        if (req_[i]) {
          cks_[i] = crc8(0, word_data(in));
          dir_[i] = static_cast<uint8_t>(word_data(in) >> (8 - rb_));
          if (grant_[i]) {
            st_[i] = kFwd;
            conn_[i] = gout_[i];
            busy_[gout_[i]] = 1;
          } else {
            st_[i] = kDrop;
          }
        }
        break;
      case kFwd:
      case kDrop:
        if (word_ctl(in)) {
          cks_[i] = crc8(cks_[i], word_data(in));
          bwd_out_[i] = 0;
        } else {
          Status s;
          s.connected = st_[i] == kFwd;
          s.out_port = p_.port_base + conn_[i];
          s.direction = dir_[i];
          s.in_port = p_.port_base + i;
          bwd_out_[i] = make_word(true, encode_status(s, r));
          st_[i] = s.connected ? kStatusConn : kStatusDrop;
        }
        break;
      case kStatusConn:
      case kStatusDrop:
        bwd_out_[i] = make_word(true, cks_[i]);
        st_[i] = st_[i] == kStatusConn ? kRelay : kFin;
        break;
      case kRelay:
        if (word_ctl(bwd_in[conn_[i]])) {
          bwd_out_[i] = bwd_in[conn_[i]];
        } else {
          bwd_out_[i] = 0;
          st_[i] = kIdle;
          busy_[conn_[i]] = 0;
        }
        break;
      default:
        bwd_out_[i] = 0;
        st_[i] = kIdle;
        break;
    }
  }
  fwd_out_ = fo_next_;
  if (dl > 1) lfsr_.step();
}

Rn1::Rn1(Rn1Mode mode, int lfsr_width, uint32_t lfsr_taps)
    : mode_(mode),
      single_(CoreParams{8, 4, 2, 0, lfsr_width, lfsr_taps}),
      lo_(CoreParams{4, 4, 1, 0, lfsr_width, lfsr_taps}),
      hi_(CoreParams{4, 4, 1, 4, lfsr_width, lfsr_taps}) {
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

}  // namespace minforge::rn1
