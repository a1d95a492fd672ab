// Bit-field access to Verilated port signals of any width (CData/SData/IData/QData or
// VlWide<K>), so one harness source serves every generated top.
#pragma once

#include <cstdint>
#include <type_traits>

namespace mftb {

template <class T>
uint64_t vl_get(const T& s, int lsb, int width) {
  uint64_t v = 0;
  if constexpr (std::is_integral_v<T>) {
    v = static_cast<uint64_t>(s) >> lsb;
  } else {
    for (int b = 0; b < width;) {
      const int bit = lsb + b;
      const int w = bit / 32, o = bit % 32;
      const int take = (32 - o) < (width - b) ? (32 - o) : (width - b);
      const uint64_t chunk = (static_cast<uint64_t>(s[w]) >> o) & ((uint64_t{1} << take) - 1);
      v |= chunk << b;
      b += take;
    }
  }
  return width >= 64 ? v : (v & ((uint64_t{1} << width) - 1));
}

template <class T>
void vl_set(T& s, int lsb, int width, uint64_t v) {
  if (width < 64) v &= (uint64_t{1} << width) - 1;
  if constexpr (std::is_integral_v<T>) {
    const uint64_t m = (width >= 64 ? ~uint64_t{0} : ((uint64_t{1} << width) - 1)) << lsb;
    s = static_cast<T>((static_cast<uint64_t>(s) & ~m) | ((v << lsb) & m));
  } else {
    for (int b = 0; b < width;) {
      const int bit = lsb + b;
      const int w = bit / 32, o = bit % 32;
      const int take = (32 - o) < (width - b) ? (32 - o) : (width - b);
      const uint32_t m = static_cast<uint32_t>(((uint64_t{1} << take) - 1) << o);
      const uint32_t c = static_cast<uint32_t>(((v >> b) << o) & m);
      s[w] = (s[w] & ~m) | c;
      b += take;
    }
  }
}

template <class T>
void vl_zero(T& s) {
  if constexpr (std::is_integral_v<T>) {
    s = 0;
  } else {
    for (auto& w : s.m_storage) w = 0;
  }
}

}  // namespace mftb
