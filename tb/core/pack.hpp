// minforge harness core: packing a twin's per-lane values into the RTL's bit layout, and
// comparing such images with a port, so that a lockstep check costs a few memcmp calls per
// cycle rather than one port access per lane (docs/verification.md, "Lockstep speed").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/port.hpp"

namespace minforge::tb {

// Bytes of an image of `bits` bits.
inline size_t image_bytes(size_t bits) { return (bits + 7) / 8; }

// Lane i of `v` (its low `w` bits, 1 <= w <= 64) at bits [i*w +: w] of `out`, which must hold
// image_bytes(n * w) bytes; every byte of it is written.
template <class T>
void pack_lanes(const T* v, size_t n, int w, uint8_t* out) {
  const uint64_t mask = low_mask(w);
  uint64_t acc = 0;
  int bits = 0;
  size_t o = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t x = static_cast<uint64_t>(v[i]) & mask;
    acc |= x << bits;
    if (bits + w >= 64) {
      std::memcpy(out + o, &acc, 8);
      o += 8;
      acc = bits == 0 ? 0 : (x >> (64 - bits));
      bits = bits + w - 64;
    } else {
      bits += w;
    }
  }
  const size_t rest = image_bytes(n * static_cast<size_t>(w)) - o;
  if (rest) std::memcpy(out + o, &acc, rest);
}

// Flags (each byte 0 or 1) as one bit each: eight flags at a time, gathered by one multiply
// (byte k's bit 0 lands in bit 56 + k).
inline void pack_bits(const uint8_t* flags, size_t n, uint8_t* out) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    std::memcpy(&x, flags + i, 8);
    out[i >> 3] = static_cast<uint8_t>(((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
  }
  if (i < n) {
    uint8_t b = 0;
    for (size_t k = 0; i + k < n; ++k) b = static_cast<uint8_t>(b | ((flags[i + k] & 1u) << k));
    out[i >> 3] = b;
  }
}

// True when no flag is set.
inline bool all_clear(const uint8_t* flags, size_t n) {
  size_t i = 0;
  uint64_t acc = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    std::memcpy(&x, flags + i, 8);
    acc |= x;
  }
  for (; i < n; ++i) acc |= flags[i];
  return acc == 0;
}

// The first `bits` bits of the port are 0.
inline bool port_is_zero(const Port& p, size_t bits) {
  const uint8_t* d = p.data();
  uint8_t acc = 0;
  for (size_t b = 0; b < bits / 8; ++b) acc = static_cast<uint8_t>(acc | d[b]);
  if (bits % 8) acc = static_cast<uint8_t>(acc | (d[bits / 8] & ((1u << (bits % 8)) - 1u)));
  return acc == 0;
}

// The first `bits` bits of the port equal the image.
inline bool port_equals(const Port& p, const uint8_t* image, size_t bits) {
  const size_t full = bits / 8;
  if (std::memcmp(p.data(), image, full) != 0) return false;
  const unsigned rest = static_cast<unsigned>(bits % 8);
  if (!rest) return true;
  const uint8_t m = static_cast<uint8_t>((1u << rest) - 1u);
  return ((p.data()[full] ^ image[full]) & m) == 0;
}

// Same, only where `care` has a 1.
inline bool port_equals_masked(const Port& p, const uint8_t* image, const uint8_t* care,
                               size_t bits) {
  const uint8_t* d = p.data();
  const size_t nb = image_bytes(bits);
  for (size_t b = 0; b < nb; ++b)
    if ((d[b] ^ image[b]) & care[b]) {
      if (b + 1 < nb || bits % 8 == 0) return false;
      const uint8_t m = static_cast<uint8_t>((1u << (bits % 8)) - 1u);
      if ((d[b] ^ image[b]) & care[b] & m) return false;
    }
  return true;
}

// Writes an image into the first `bits` bits of an input port (the bits above keep their
// values).
inline void port_put(Port& p, const uint8_t* image, size_t bits) {
  const size_t full = bits / 8;
  std::memcpy(p.data(), image, full);
  const unsigned rest = static_cast<unsigned>(bits % 8);
  if (rest) {
    const uint8_t m = static_cast<uint8_t>((1u << rest) - 1u);
    p.data()[full] = static_cast<uint8_t>((p.data()[full] & ~m) | (image[full] & m));
  }
}

}  // namespace minforge::tb
