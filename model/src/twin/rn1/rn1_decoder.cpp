// Cycle twin of rtl/rn1/rn1_decoder.v (see the header).
#include "minforge/twin/rn1/rn1_decoder.hpp"

namespace minforge::twin {

using rn1::crc8;
using rn1::Word;
using rn1::word_ctl;
using rn1::word_data;

namespace {
enum : uint8_t { kAIdle = 0, kASend = 1, kAWait = 2 };
}

Rn1Decoder::Rn1Decoder(const rn1::DecodeTables& t, int e) : t_(t), e_(e) {
  if (e < 0 || e >= static_cast<int>(t.src_link.size()) || t.stages < 1 || t.stages > 8 ||
      t.maxc < t.stages + 1 || t.maxc > 9) {
    throw InvalidArgument("rn1 decoder: illegal endpoint or tables");
  }
  reset();
}

void Rn1Decoder::reset() {
  st_ = sel_ = quiet_ = rcv_ = hdr_ = c1_ = c2_ = stw_ = 0;
  cks_.fill(0);
  kdone_ = cur_ = dn_ = 0;
  path_.fill(0);
  dec_ = ack_ok_ = false;
  dkind_ = 0;
  fin_ = pend_ = false;
  kind_ = 0;
  vn_ = 0;
  vcand_.fill(0);
}

void Rn1Decoder::step(const std::array<Word, 2>& sf, const std::array<Word, 2>& sb, bool grant) {
  const int N = t_.stages;
  const int timeout = 2 * N + 8, rlen = 2 * N + 3;
  // attempt boundaries
  const bool ctl0 = word_ctl(sf[0]);
  const bool ctl1 = t_.nport == 2 && word_ctl(sf[1]);
  const bool start = st_ != kASend && (ctl0 || ctl1);
  const int nsel = ctl0 ? 0 : 1;
  const int sel_n = start ? nsel : sel_;
  const Word w = sf[static_cast<size_t>(sel_n)];
  const Word b = sb[static_cast<size_t>(sel_n)];
  const bool sending = start || st_ == kASend;
  const bool push = sending && word_ctl(w);
  const bool to_wait = sending && !word_ctl(w);
  const bool in_wait = to_wait || (st_ == kAWait && !start);
  const int quiet_n = to_wait ? 0 : quiet_;
  const bool rpush = in_wait && word_ctl(b);
  const bool close_new = start && st_ == kAWait;
  const bool close_wait = in_wait && !word_ctl(b) && (rcv_ != 0 || quiet_n + 1 > timeout);
  const bool finish = close_new || close_wait;

  // the stage being read
  const size_t s = static_cast<size_t>(kdone_ < N ? kdone_ : 0);  // RTL: out-of-range reads
  const int r = t_.link_router[static_cast<size_t>(cur_)];        // are never used
  const int p = t_.link_port[static_cast<size_t>(cur_)];
  const uint8_t hk = static_cast<uint8_t>(hdr_ << t_.cons[s]);
  const int digit = hk >> (8 - t_.rb[s]);
  const int outp = (stw_ >> 3) & 7;
  const int out_dir = t_.dil2[s] ? outp >> 1 : outp;
  const bool allowed = t_.dual[s] ? outp == (p & 4) + digit : out_dir == digit && outp < t_.nout[s];
  const uint8_t drop_word = static_cast<uint8_t>(0x40 | ((digit & 7) << 3) | p);
  const uint8_t bd = word_data(b);
  const int hi = stw_ >> 6;
  const bool bad = bd != cks_[s] || (stw_ & 7) != p || (hi == 1 && stw_ != drop_word) ||
                   (hi != 1 && hi != 2) || (hi == 2 && !allowed);
  const bool blocked = !bad && hi == 1;
  const int nxt = t_.out_link[static_cast<size_t>(8 * r + outp)];

  // the verdict of the attempt closing now
  const bool lost = !dec_ && (kdone_ < N || rcv_ < rlen);
  uint8_t vk = kOk;
  int vn_c = 0;
  if (dec_) {
    vk = dkind_;
    vn_c = dkind_ == kSuspect ? dn_ : 0;
  } else if (lost) {
    vk = kSuspect;
    vn_c = 1;
  } else if (rcv_ != rlen || !ack_ok_) {
    vk = kSuspect;
    vn_c = N + 1;
  }
  std::array<int, 9> vc_c{};
  if (lost) {
    vc_c[0] = cur_;
  } else {
    for (int c = 0; c < t_.maxc; ++c)
      if (c < vn_c) vc_c[static_cast<size_t>(c)] = path_[static_cast<size_t>(c)];
  }

  // registers
  fin_ = finish;
  kind_ = finish ? vk : static_cast<uint8_t>(kOk);
  if (grant) pend_ = false;
  if (finish && vk == kSuspect) {
    pend_ = true;
    vn_ = vn_c;
    vcand_ = vc_c;
  }
  const uint8_t wd = word_data(w);
  if (start) {
    st_ = kASend;
    sel_ = static_cast<uint8_t>(nsel);
    rcv_ = 0;
    kdone_ = 0;
    dec_ = false;
    ack_ok_ = true;
    dkind_ = kOk;
    dn_ = 0;
    cur_ = t_.src_link[static_cast<size_t>(e_)][static_cast<size_t>(nsel)];
    path_.fill(0);
    path_[0] = cur_;
    hdr_ = wd;
    c1_ = 0;
    c2_ = wd;
    for (int k = 0; k < N; ++k)
      cks_[static_cast<size_t>(k)] =
          crc8(0, static_cast<uint8_t>(wd << t_.cons[static_cast<size_t>(k)]));
  } else if (push) {
    c1_ = c2_;
    c2_ = wd;
    for (int k = 0; k < N; ++k)
      cks_[static_cast<size_t>(k)] = crc8(cks_[static_cast<size_t>(k)], wd);
  }
  if (to_wait) {
    st_ = kAWait;
    quiet_ = 0;
  }
  if (in_wait) {
    if (rpush) {
      const int idx = rcv_;
      if (rcv_ != 63) ++rcv_;
      if (idx < 2 * N) {
        if ((idx & 1) == 0) {
          stw_ = bd;
        } else if (!dec_) {
          if (bad || blocked) {
            dec_ = true;
            dkind_ = bad ? kSuspect : kBlocked;
            dn_ = kdone_ + 1;
          } else {
            cur_ = nxt;
            path_[static_cast<size_t>(kdone_ + 1)] = nxt;
            ++kdone_;
          }
        }
      }
      if (idx == 2 * N && bd != rn1::kAck) ack_ok_ = false;
      if (idx == 2 * N + 1 && bd != c1_) ack_ok_ = false;
      if (idx == 2 * N + 2 && bd != c2_) ack_ok_ = false;
    } else if (close_wait) {
      st_ = kAIdle;
    } else {
      quiet_ = static_cast<uint8_t>(quiet_n + 1);
    }
  }
}

}  // namespace minforge::twin
