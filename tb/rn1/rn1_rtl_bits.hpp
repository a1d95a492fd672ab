// Bit-field access to Verilated ports of any width (CData/SData/IData/QData or VlWide).
#pragma once

#include <cstdint>
#include <type_traits>

#include "verilated.h"

namespace minforge::rn1::rtl {

template <typename T>
inline uint64_t get_bits(const T& port, int lsb, int width) {
  static_assert(std::is_integral_v<T>);
  return (static_cast<uint64_t>(port) >> lsb) & ((width >= 64) ? ~0ull : ((1ull << width) - 1));
}

template <std::size_t N>
inline uint64_t get_bits(const VlWide<N>& port, int lsb, int width) {
  uint64_t v = 0;
  for (int b = 0; b < width; ++b) {
    const int k = lsb + b;
    v |= static_cast<uint64_t>((port[k >> 5] >> (k & 31)) & 1u) << b;
  }
  return v;
}

template <typename T>
inline void set_bits(T& port, int lsb, int width, uint64_t value) {
  static_assert(std::is_integral_v<T>);
  const uint64_t m = ((width >= 64) ? ~0ull : ((1ull << width) - 1)) << lsb;
  port = static_cast<T>((static_cast<uint64_t>(port) & ~m) | ((value << lsb) & m));
}

template <std::size_t N>
inline void set_bits(VlWide<N>& port, int lsb, int width, uint64_t value) {
  for (int b = 0; b < width; ++b) {
    const int k = lsb + b;
    const uint32_t bit = 1u << (k & 31);
    if ((value >> b) & 1) {
      port[k >> 5] |= bit;
    } else {
      port[k >> 5] &= ~bit;
    }
  }
}

}  // namespace minforge::rn1::rtl
