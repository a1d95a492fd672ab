// minforge golden model: the RN1 routing component of paper 002 (DeHon, Knight, Minsky,
// "Fault-Tolerant Design for Multistage Routing Networks", sections 20.4, 20.8-20.11).
//
// Cycle-accurate mirror of rtl/rn1/rn1_lfsr.v, rn1_xbar_core.v and rn1.v.  The word-level
// protocol (the project's own reading; the paper leaves it open) is in docs/rn1_protocol.md.
// Every component has registered outputs only: a step() computes the next state from the
// inputs of the current cycle and commits it (the caller gathers all inputs first).
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::rn1 {

// A channel word: bit 8 = ctl (transmission in progress), bits 7..0 = data.
using Word = uint16_t;
constexpr Word make_word(bool ctl, uint8_t data) {
  return static_cast<Word>((ctl ? 0x100 : 0) | data);
}
constexpr bool word_ctl(Word w) { return (w >> 8) & 1; }
constexpr uint8_t word_data(Word w) { return static_cast<uint8_t>(w & 0xFF); }

// CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), MSB first, no reflection.
uint8_t crc8(uint8_t crc, uint8_t byte);

// Galois LFSR: state <- (state >> 1) ^ (state & 1 ? taps : 0); a zero seed loads 1.
class Lfsr {
 public:
  explicit Lfsr(int width = 16, uint32_t taps = 0xB400);
  void reset(uint32_t seed);
  void step();
  uint32_t state() const { return state_; }
  int width() const { return width_; }

 private:
  int width_;
  uint32_t taps_;
  uint32_t mask_;
  uint32_t state_ = 1;
};

// Status word sent upstream by a core when the forward transmission closes.
struct Status {
  bool connected = false;
  int out_port = 0;   // physical output used (connected)
  int direction = 0;  // requested direction (dropped)
  int in_port = 0;
};
uint8_t encode_status(const Status& s, int radix);
Status decode_status(uint8_t byte, int radix);

struct CoreParams {
  int inputs = 8;
  int radix = 4;
  int dilation = 2;
  int port_base = 0;
  int lfsr_width = 16;
  uint32_t lfsr_taps = 0xB400;
};
// Throws InvalidArgument unless the parameters are legal for rtl/rn1/rn1_xbar_core.v.
void validate(const CoreParams& p);

// Dilated crossbar core (rn1_xbar_core).
class XbarCore {
 public:
  enum State : uint8_t { kIdle = 0, kFwd, kDrop, kStatusConn, kStatusDrop, kRelay, kFin };

  explicit XbarCore(const CoreParams& p);
  const CoreParams& params() const { return p_; }
  int inputs() const { return p_.inputs; }
  int outputs() const { return p_.radix * p_.dilation; }

  void reset(uint32_t seed);
  // fwd_in[inputs()], bwd_in[outputs()], en: bit o enables output o.
  void step(const Word* fwd_in, const Word* bwd_in, uint32_t en);

  Word fwd_out(int o) const { return fwd_out_[o]; }
  Word bwd_out(int i) const { return bwd_out_[i]; }
  State state(int i) const { return static_cast<State>(st_[i]); }
  int connection(int i) const { return conn_[i]; }
  bool busy(int o) const { return busy_[o]; }
  const Lfsr& lfsr() const { return lfsr_; }

 private:
  CoreParams p_;
  int rb_, db_;
  Lfsr lfsr_;
  std::vector<uint8_t> st_, conn_, dir_, cks_, busy_, prio_;
  std::vector<Word> fwd_out_, bwd_out_;
  // scratch
  std::vector<uint8_t> req_, grant_, gout_;
  std::vector<Word> fo_next_;
};

// Configuration source of an RN1 (parameter MODE_SEL of rtl/rn1/rn1.v).
enum class Rn1Mode { kRegister = 0, kPins = 1, kFixedSingle = 2, kFixedDual = 3 };

// The RN1 component: 8 inputs, 8 outputs, one 8x4/dilation-2 core or two 4x4/dilation-1
// cores; the inactive configuration's cores are held in reset.
class Rn1 {
 public:
  explicit Rn1(Rn1Mode mode = Rn1Mode::kRegister, int lfsr_width = 16, uint32_t lfsr_taps = 0xB400);
  void reset(uint32_t seed);
  // Configuration inputs for the next step (cfg_we/cfg_dual/cfg_en pins).
  struct Config {
    bool we = false;
    bool dual = false;
    uint8_t en = 0xFF;
  };
  void step(const Word* fwd_in, const Word* bwd_in, const Config& cfg);
  Word fwd_out(int o) const;
  Word bwd_out(int i) const;
  bool dual() const;
  Rn1Mode mode() const { return mode_; }
  const XbarCore& single_core() const { return single_; }

 private:
  Rn1Mode mode_;
  uint32_t seed_ = 0;
  bool dual_r_ = false;
  uint8_t en_r_ = 0xFF;
  bool dual_now_ = false;  // configuration seen by the outputs (pins: last applied)
  XbarCore single_, lo_, hi_;
};

}  // namespace minforge::rn1
