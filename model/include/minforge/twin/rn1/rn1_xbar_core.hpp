// minforge cycle twin of rtl/rn1/rn1_xbar_core.v: the dilated crossbar routing core of RN1
// (paper 002, sections 20.4, 20.8, 20.11): NI inputs, radix R, dilation D, per-input state
// machine, round-robin + LFSR output allocation, status and checksum replies
// (docs/rn1_protocol.md).
//
// Registered outputs only: step() computes the next state from the inputs of the current
// cycle and commits it (the caller gathers all inputs first).
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/twin/rn1/rn1_lfsr.hpp"

namespace minforge::twin {

class Rn1XbarCore {
 public:
  // The parameters of rn1_xbar_core.v (NI, R, D, PORT_BASE, LFSR_W, LFSR_TAPS).
  struct Params {
    int inputs = 8;
    int radix = 4;
    int dilation = 2;
    int port_base = 0;
    int lfsr_width = rn1::kLfsrWidth;
    uint32_t lfsr_taps = rn1::kLfsrTaps;
  };
  // Throws InvalidArgument unless the parameters are legal for rn1_xbar_core.v.
  static void validate(const Params& p);

  enum State : uint8_t { kIdle = 0, kFwd, kDrop, kStatusConn, kStatusDrop, kRelay, kFin };

  explicit Rn1XbarCore(const Params& p);
  const Params& params() const { return p_; }
  int inputs() const { return p_.inputs; }
  int outputs() const { return p_.radix * p_.dilation; }

  void reset(uint32_t seed);
  // fwd_in[inputs()], bwd_in[outputs()], en: bit o enables output o.
  void step(const rn1::Word* fwd_in, const rn1::Word* bwd_in, uint32_t en);

  rn1::Word fwd_out(int o) const { return fwd_out_[o]; }
  rn1::Word bwd_out(int i) const { return bwd_out_[i]; }
  State state(int i) const { return static_cast<State>(st_[i]); }
  int connection(int i) const { return conn_[i]; }
  bool busy(int o) const { return busy_[o]; }
  const Rn1Lfsr& lfsr() const { return lfsr_; }

 private:
  Params p_;
  int rb_, db_;
  Rn1Lfsr lfsr_;
  std::vector<uint8_t> st_, conn_, dir_, cks_, busy_, prio_;
  std::vector<rn1::Word> fwd_out_, bwd_out_;
  // scratch
  std::vector<uint8_t> req_, grant_, gout_;
  std::vector<rn1::Word> fo_next_;
};

}  // namespace minforge::twin
