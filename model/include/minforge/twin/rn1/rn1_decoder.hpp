// minforge cycle twin of rtl/rn1/rn1_decoder.v: an endpoint's reading of its own attempts
// (paper 002, section 20.9) into verdicts for the network monitor: ok, blocked, or suspect
// with candidate links.  The rule, untimed, is minforge::rn1::decode_attempt; the attempt
// boundaries, the online reading and the timing are the RTL's (see its header).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "minforge/algo/rn1/rn1_localise.hpp"
#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/params.hpp"

namespace minforge::twin {

class Rn1Decoder {
 public:
  // MF_VERDICT_* of rtl/common/mf_params.vh.
  enum Kind : uint8_t {
    kOk = params::code(params::Verdict::Ok),
    kBlocked = params::code(params::Verdict::Blocked),
    kSuspect = params::code(params::Verdict::Suspect)
  };
  // Endpoint `e` of a network whose tables are `t` (kept by reference).
  Rn1Decoder(const rn1::DecodeTables& t, int e);
  void reset();
  // One clock edge: the endpoint's src_fwd as driven and src_bwd as received this cycle,
  // and the arbiter's grant.
  void step(const std::array<rn1::Word, 2>& sf, const std::array<rn1::Word, 2>& sb, bool grant);
  bool fin() const { return fin_; }
  Kind kind() const { return static_cast<Kind>(kind_); }
  bool pend() const { return pend_; }
  int vn() const { return vn_; }
  int vcand(int c) const { return vcand_[static_cast<size_t>(c)]; }

 private:
  const rn1::DecodeTables& t_;
  int e_;
  uint8_t st_ = 0, sel_ = 0, quiet_ = 0, rcv_ = 0, hdr_ = 0, c1_ = 0, c2_ = 0, stw_ = 0;
  std::array<uint8_t, 8> cks_{};
  int kdone_ = 0, cur_ = 0, dn_ = 0;
  std::array<int, 9> path_{};
  bool dec_ = false, ack_ok_ = false;
  uint8_t dkind_ = 0;
  bool fin_ = false, pend_ = false;
  uint8_t kind_ = 0;
  int vn_ = 0;
  std::array<int, 9> vcand_{};
};

}  // namespace minforge::twin
