// minforge model, RN1 (paper 002: DeHon, Knight, Minsky, "Fault-Tolerant Design for
// Multistage Routing Networks"): the word-level protocol facts shared by the cycle twins
// (minforge/twin/rn1*.hpp), the RTL harnesses and the CLI.  None of this is hardware state:
// the channel word format, the CRC-8 every component computes, the status word a routing core
// sends back, the acknowledgement codes of an endpoint, and the LFSR polynomial.
//
// The protocol is the project's own reading of what the paper leaves open
// (docs/rn1_protocol.md); rtl/rn1/*.v implement exactly this.
#pragma once

#include <cstdint>

#include "minforge/params.hpp"

namespace minforge::rn1 {

// A channel word: bit 8 = ctl (transmission or reply in progress), bits 7..0 = data.
using Word = uint16_t;
constexpr Word make_word(bool ctl, uint8_t data) {
  return static_cast<Word>((ctl ? 0x100 : 0) | data);
}
constexpr bool word_ctl(Word w) { return (w >> 8) & 1; }
constexpr uint8_t word_data(Word w) { return static_cast<uint8_t>(w & 0xFF); }

// CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), MSB first, no reflection, initial value 0.
uint8_t crc8(uint8_t crc, uint8_t byte);

// Status word sent upstream by a routing core when the forward transmission closes:
// connected {1, 0, out_port[2:0], in_port[2:0]}, dropped {0, 1, 0.., dir, in_port[2:0]}.
struct Status {
  bool connected = false;
  int out_port = 0;   // physical output used (connected)
  int direction = 0;  // requested direction (dropped)
  int in_port = 0;
};
uint8_t encode_status(const Status& s, int radix);
Status decode_status(uint8_t byte, int radix);

// An endpoint's reply code: message accepted / rejected (bad length, address or CRC).
// MF_REPLY_* of rtl/common/mf_params.vh.
constexpr uint8_t kAck = params::code(params::Reply::Ack);
constexpr uint8_t kNack = params::code(params::Reply::Nack);

// The LFSR of rn1_lfsr.v as the networks use it: Galois, 16 bits, x^16 + x^14 + x^13 + x^11 + 1.
constexpr int kLfsrWidth = 16;
constexpr uint32_t kLfsrTaps = params::kRn1LfsrTaps;  // MF_RN1_LFSR_TAPS of mf_consts.vh

}  // namespace minforge::rn1
