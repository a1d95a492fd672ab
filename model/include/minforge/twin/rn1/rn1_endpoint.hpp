// minforge cycle twin of rtl/rn1/rn1_endpoint.v: a network endpoint of paper 002's
// source-responsible protocol (section 20.6): two network inputs (source side, one message in
// flight, retry on a bad or missing acknowledgement) and two network outputs (destination
// side, CRC check, ACK/NACK reply, duplicate suppression by sequence number).
// docs/rn1_protocol.md, "Endpoint".
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1_lfsr.hpp"

namespace minforge::twin {

class Rn1Endpoint {
 public:
  enum SrcState : uint8_t { kSIdle = 0, kSStart, kSSend, kSWait, kSBack };
  enum DstState : uint8_t { kRIdle = 0, kRRecv, kRA1, kRA2, kRA3 };
  struct In {
    bool tx_valid = false;
    uint8_t tx_dst = 0;
    uint16_t tx_payload = 0;                // byte k at bits 8k+7..8k
    std::array<bool, 2> in_en{true, true};  // inputs a new attempt may take (rn1_endpoint.v)
    std::array<rn1::Word, 2> src_bwd{};
    std::array<rn1::Word, 2> dst_fwd{};
  };
  // Endpoint `id` of network `s` (parameters NE, NSTAGES, P, MAX_ATT, NPORT of
  // rn1_endpoint.v; NPORT = s.endpoint_ports: with 1 the source always sends on input 0).
  Rn1Endpoint(const rn1::NetSpec& s, int id);
  void reset(uint16_t seed);
  void step(const In& in);

  bool tx_ready() const { return s_st_ == kSIdle; }
  rn1::Word src_fwd(int k) const { return src_fwd_[k]; }
  rn1::Word dst_bwd(int k) const { return dst_bwd_[k]; }
  bool dlv_valid(int p) const { return dlv_valid_[p]; }
  uint8_t dlv_src(int p) const { return dlv_src_[p]; }
  uint16_t dlv_seq(int p) const { return dlv_seq_[p]; }
  uint16_t dlv_payload(int p) const { return dlv_payload_[p]; }
  bool ev_valid() const { return ev_valid_; }
  bool ev_ok() const { return ev_ok_; }
  uint8_t ev_attempts() const { return ev_attempts_; }
  SrcState src_state() const { return static_cast<SrcState>(s_st_); }
  bool idle() const;

 private:
  uint8_t word_at(int idx) const;
  int ne_, eb_, id_, stages_, p_, w_, max_att_, nport_;
  Rn1Lfsr lfsr_;
  // source
  uint8_t s_st_ = 0, sel_ = 0, widx_ = 0, m_dst_ = 0, att_ = 0, crc_s_ = 0, rcnt_ = 0, wcnt_ = 0;
  uint8_t a_code_ = 0, a_crc_ = 0, a_ncrc_ = 0, bcnt_ = 0;
  uint16_t m_pay_ = 0, m_seq_ = 0, seq_ctr_ = 0;
  std::array<rn1::Word, 2> src_fwd_{};
  bool ev_valid_ = false, ev_ok_ = false;
  uint8_t ev_attempts_ = 0;
  // destination
  std::vector<uint16_t> last_;
  std::vector<uint8_t> lv_;
  std::array<uint8_t, 2> r_st_{}, r_idx_{}, r_crc_{}, r_src_{}, r_dst_{}, r_c1_{}, r_c2_{};
  std::array<uint16_t, 2> r_seq_{}, r_pay_{};
  std::array<rn1::Word, 2> dst_bwd_{};
  std::array<bool, 2> dlv_valid_{};
  std::array<uint8_t, 2> dlv_src_{};
  std::array<uint16_t, 2> dlv_seq_{}, dlv_payload_{};
};

}  // namespace minforge::twin
