// Cycle twin of rtl/rn1/rn1_endpoint.v (docs/rn1_protocol.md, "Endpoint").
#include "minforge/twin/rn1/rn1_endpoint.hpp"

#include <algorithm>

namespace minforge::twin {

using rn1::crc8;
using rn1::kAck;
using rn1::kNack;
using rn1::make_word;
using rn1::Word;
using rn1::word_ctl;
using rn1::word_data;

Rn1Endpoint::Rn1Endpoint(const rn1::NetSpec& s, int id)
    : ne_(s.endpoints),
      eb_(ceil_log2(static_cast<uint64_t>(s.endpoints))),
      id_(id),
      stages_(s.stages),
      p_(s.payload),
      w_(rn1::message_words(s)),
      max_att_(s.max_attempts),
      nport_(s.endpoint_ports),
      lfsr_(rn1::kLfsrWidth, rn1::kLfsrTaps),
      last_(s.endpoints, 0),
      lv_(s.endpoints, 0) {
  if (s.payload != 2) throw InvalidArgument("rn1: the endpoint model carries 2 payload bytes");
}

void Rn1Endpoint::reset(uint16_t seed) {
  lfsr_.reset(seed);
  s_st_ = sel_ = widx_ = m_dst_ = att_ = crc_s_ = rcnt_ = wcnt_ = 0;
  a_code_ = a_crc_ = a_ncrc_ = bcnt_ = 0;
  m_pay_ = m_seq_ = seq_ctr_ = 0;
  src_fwd_ = {0, 0};
  ev_valid_ = ev_ok_ = false;
  ev_attempts_ = 0;
  std::fill(lv_.begin(), lv_.end(), 0);
  r_st_ = r_idx_ = r_crc_ = r_src_ = r_dst_ = r_c1_ = r_c2_ = {0, 0};
  r_seq_ = r_pay_ = {0, 0};
  dst_bwd_ = {0, 0};
  dlv_valid_ = {false, false};
  dlv_src_ = {0, 0};
  dlv_seq_ = dlv_payload_ = {0, 0};
}

bool Rn1Endpoint::idle() const {
  return s_st_ == kSIdle && r_st_[0] == kRIdle && r_st_[1] == kRIdle;
}

uint8_t Rn1Endpoint::word_at(int idx) const {
  switch (idx) {
    case 1:
      return static_cast<uint8_t>(id_);
    case 2:
      return m_dst_;
    case 3:
      return static_cast<uint8_t>(m_seq_ >> 8);
    case 4:
      return static_cast<uint8_t>(m_seq_);
    default:
      break;
  }
  if (idx >= 5 && idx < 5 + p_) return static_cast<uint8_t>(m_pay_ >> (8 * (idx - 5)));
  if (idx == 5 + p_) return crc_s_;
  if (idx == 6 + p_) return static_cast<uint8_t>(~crc_s_);
  return 0;
}

void Rn1Endpoint::step(const In& in) {
  const int rlen = 2 * stages_ + 3, timeout = 2 * stages_ + 8;
  const uint32_t lf = lfsr_.state();
  // Combinational values of the current state.
  const Word rb = in.src_bwd[sel_];
  const bool reply_ok = rcnt_ == rlen && a_code_ == kAck && a_crc_ == crc_s_ &&
                        a_ncrc_ == static_cast<uint8_t>(~crc_s_);
  const uint8_t word = word_at(widx_);
  std::array<bool, 2> ok{}, dlv{};
  std::array<int, 2> sidx{};
  for (int p = 0; p < 2; ++p) {
    sidx[p] = r_src_[p] & (ne_ - 1);
    ok[p] = r_idx_[p] == w_ && r_dst_[p] == static_cast<uint8_t>(id_) && (r_src_[p] >> eb_) == 0 &&
            r_c1_[p] == r_crc_[p] && r_c2_[p] == static_cast<uint8_t>(~r_crc_[p]);
    dlv[p] = r_st_[p] == kRRecv && !word_ctl(in.dst_fwd[p]) && ok[p] &&
             !(lv_[sidx[p]] && last_[sidx[p]] == r_seq_[p]);
  }

  // Source.
  src_fwd_ = {0, 0};
  ev_valid_ = false;
  switch (s_st_) {
    case kSIdle:
      if (in.tx_valid) {
        m_dst_ = in.tx_dst;
        m_pay_ = in.tx_payload;
        m_seq_ = seq_ctr_;
        seq_ctr_ = static_cast<uint16_t>(seq_ctr_ + 1);
        att_ = 0;
        s_st_ = kSStart;
      }
      break;
    case kSStart: {
      const int k = nport_ == 1                     ? 0
                    : (in.in_en[0] && !in.in_en[1]) ? 0
                    : (!in.in_en[0] && in.in_en[1]) ? 1
                                                    : static_cast<int>(lf & 1);
      sel_ = static_cast<uint8_t>(k);
      src_fwd_[k] = make_word(true, static_cast<uint8_t>(m_dst_ << (8 - eb_)));
      crc_s_ = 0;
      widx_ = 1;
      att_ = static_cast<uint8_t>(att_ + 1);
      s_st_ = kSSend;
      break;
    }
    case kSSend:
      src_fwd_[sel_] = make_word(true, word);
      if (widx_ <= 4 + p_) crc_s_ = crc8(crc_s_, word);
      if (widx_ == 6 + p_) {
        s_st_ = kSWait;
        rcnt_ = 0;
        wcnt_ = 0;
      }
      widx_ = static_cast<uint8_t>((widx_ + 1) & 0xF);
      break;
    case kSWait:
      if (word_ctl(rb)) {
        if (rcnt_ == rlen - 3) a_code_ = word_data(rb);
        if (rcnt_ == rlen - 2) a_crc_ = word_data(rb);
        if (rcnt_ == rlen - 1) a_ncrc_ = word_data(rb);
        if (rcnt_ != 63) ++rcnt_;
      } else if (rcnt_ != 0 || wcnt_ == timeout) {
        if (rcnt_ != 0 && reply_ok) {
          ev_valid_ = true;
          ev_ok_ = true;
          ev_attempts_ = att_;
          s_st_ = kSIdle;
        } else if (att_ == max_att_) {
          ev_valid_ = true;
          ev_ok_ = false;
          ev_attempts_ = att_;
          s_st_ = kSIdle;
        } else {
          bcnt_ = static_cast<uint8_t>((lf >> 1) & 7);
          s_st_ = kSBack;
        }
      } else {
        ++wcnt_;
      }
      break;
    default:
      if (bcnt_ == 0) {
        s_st_ = kSStart;
      } else {
        --bcnt_;
      }
      break;
  }

  // Destination.
  for (int p = 0; p < 2; ++p) dlv_valid_[p] = dlv[p];
  for (int p = 0; p < 2; ++p) {
    if (dlv[p]) {
      last_[sidx[p]] = r_seq_[p];
      lv_[sidx[p]] = 1;
      dlv_src_[p] = r_src_[p];
      dlv_seq_[p] = r_seq_[p];
      dlv_payload_[p] = r_pay_[p];
    }
    const Word f = in.dst_fwd[p];
    switch (r_st_[p]) {
      case kRIdle:
        dst_bwd_[p] = 0;
        if (word_ctl(f)) {
          r_idx_[p] = 1;
          r_crc_[p] = 0;
          r_st_[p] = kRRecv;
        }
        break;
      case kRRecv:
        if (word_ctl(f)) {
          const uint8_t d = word_data(f);
          const int idx = r_idx_[p];
          if (idx == 1) r_src_[p] = d;
          if (idx == 2) r_dst_[p] = d;
          if (idx == 3) r_seq_[p] = static_cast<uint16_t>((r_seq_[p] & 0x00FF) | (d << 8));
          if (idx == 4) r_seq_[p] = static_cast<uint16_t>((r_seq_[p] & 0xFF00) | d);
          if (idx >= 5 && idx < 5 + p_) {
            const int sh = 8 * (idx - 5);
            r_pay_[p] = static_cast<uint16_t>((r_pay_[p] & ~(0xFF << sh)) | (d << sh));
          }
          if (idx == 5 + p_) r_c1_[p] = d;
          if (idx == 6 + p_) r_c2_[p] = d;
          if (idx >= 1 && idx <= 4 + p_) r_crc_[p] = crc8(r_crc_[p], d);
          if (idx != 15) r_idx_[p] = static_cast<uint8_t>(idx + 1);
        } else {
          dst_bwd_[p] = make_word(true, ok[p] ? kAck : kNack);
          r_st_[p] = kRA1;
        }
        break;
      case kRA1:
        dst_bwd_[p] = make_word(true, r_crc_[p]);
        r_st_[p] = kRA2;
        break;
      case kRA2:
        dst_bwd_[p] = make_word(true, static_cast<uint8_t>(~r_crc_[p]));
        r_st_[p] = kRA3;
        break;
      default:
        dst_bwd_[p] = 0;
        r_st_[p] = kRIdle;
        break;
    }
  }
  lfsr_.step();
}

}  // namespace minforge::twin
