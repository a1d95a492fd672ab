// Cycle twin of rtl/rn1/rn1_xbar_core.v (docs/rn1_protocol.md).
#include "minforge/twin/rn1/rn1_xbar_core.hpp"

#include <algorithm>
#include <string>

namespace minforge::twin {

using rn1::make_word;
using rn1::Word;
using rn1::word_ctl;
using rn1::word_data;

void Rn1XbarCore::validate(const Params& p) {
  const int no = p.radix * p.dilation;
  const bool ok =
      p.inputs >= 1 && p.inputs <= 8 && (p.radix == 2 || p.radix == 4) &&
      (p.dilation == 1 || p.dilation == 2 || p.dilation == 4) && no <= 8 && p.port_base >= 0 &&
      p.port_base + p.inputs <= 8 && p.port_base + no <= 8 && p.lfsr_width >= 2 &&
      p.lfsr_width <= 32 &&
      (p.dilation == 1 || p.radix * ceil_log2(static_cast<uint64_t>(p.dilation)) <= p.lfsr_width);
  if (!ok) {
    throw InvalidArgument(
        "rn1: core needs inputs 1..8, radix 2 or 4, dilation 1/2/4, "
        "radix*dilation <= 8 (got " +
        std::to_string(p.inputs) + "x" + std::to_string(p.radix) + " dilation " +
        std::to_string(p.dilation) + ")");
  }
}

Rn1XbarCore::Rn1XbarCore(const Params& p)
    : p_(p), rb_(0), db_(0), lfsr_(p.lfsr_width, p.lfsr_taps) {
  validate(p);
  rb_ = ceil_log2(static_cast<uint64_t>(p.radix));
  db_ = ceil_log2(static_cast<uint64_t>(p.dilation));
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

void Rn1XbarCore::reset(uint32_t seed) {
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

void Rn1XbarCore::step(const Word* fwd_in, const Word* bwd_in, uint32_t en) {
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
          cks_[i] = rn1::crc8(0, word_data(in));
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
          cks_[i] = rn1::crc8(cks_[i], word_data(in));
          bwd_out_[i] = 0;
        } else {
          rn1::Status s;
          s.connected = st_[i] == kFwd;
          s.out_port = p_.port_base + conn_[i];
          s.direction = dir_[i];
          s.in_port = p_.port_base + i;
          bwd_out_[i] = make_word(true, rn1::encode_status(s, r));
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

}  // namespace minforge::twin
