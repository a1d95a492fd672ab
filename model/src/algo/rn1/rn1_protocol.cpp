// RN1 word protocol: CRC-8 and the status word (docs/rn1_protocol.md).
#include "minforge/algo/rn1/rn1_protocol.hpp"

#include "minforge/common.hpp"

namespace minforge::rn1 {

uint8_t crc8(uint8_t crc, uint8_t byte) {
  uint8_t x = crc ^ byte;
  for (int k = 0; k < 8; ++k) {
    x = (x & 0x80) ? static_cast<uint8_t>((x << 1) ^ 0x07) : static_cast<uint8_t>(x << 1);
  }
  return x;
}

uint8_t encode_status(const Status& s, int radix) {
  if (s.connected) {
    return static_cast<uint8_t>(0x80 | ((s.out_port & 7) << 3) | (s.in_port & 7));
  }
  const int rb = ceil_log2(static_cast<uint64_t>(radix));
  return static_cast<uint8_t>(0x40 | ((s.direction & ((1 << rb) - 1)) << 3) | (s.in_port & 7));
}

Status decode_status(uint8_t b, int radix) {
  Status s;
  s.connected = (b & 0x80) != 0;
  s.in_port = b & 7;
  if (s.connected) {
    s.out_port = (b >> 3) & 7;
  } else {
    s.direction = ((b >> 3) & 7) & ((1 << ceil_log2(static_cast<uint64_t>(radix))) - 1);
  }
  return s;
}

}  // namespace minforge::rn1
