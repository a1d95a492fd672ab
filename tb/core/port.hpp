// minforge harness core: Port, a view of one Verilated port's storage.
//
// Verilator keeps a port of W bits in a CData/SData/IData/QData (W <= 8/16/32/64) or in a
// VlWide<K> array of 32-bit words.  On a little-endian host every one of these is the same
// thing in memory: bit k of the port is bit k % 8 of byte k / 8.  Port reads and writes
// bit fields of up to 64 bits at any offset in that byte image, so a harness reaches every
// port of every model the same way, through the names the model's adapter registers
// (tb/core/dut.hpp), with no per-width code.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace minforge::tb {

static_assert(std::endian::native == std::endian::little,
              "Port assumes Verilator's little-endian storage layout");

// The mask of a `w`-bit field (0 <= w <= 64): its low w bits set.
constexpr uint64_t low_mask(int w) { return w >= 64 ? ~uint64_t{0} : ((uint64_t{1} << w) - 1); }

class Port {
 public:
  Port() = default;
  // `bytes` = sizeof the storage (1, 2, 4, 8, or 4 * words), `width` = declared bits.
  Port(uint8_t* base, int bytes, int width) : p_(base), bytes_(bytes), width_(width) {}

  explicit operator bool() const { return p_ != nullptr; }
  int width() const { return width_; }
  int bytes() const { return bytes_; }
  const uint8_t* data() const { return p_; }
  uint8_t* data() { return p_; }

  // Bits [lsb, lsb + width) (width 1..64).
  uint64_t get(int lsb, int width) const {
    const int b = lsb >> 3, sh = lsb & 7;
    uint64_t v = load(b);
    v >>= sh;
    if (sh + width > 64) v |= static_cast<uint64_t>(byte(b + 8)) << (64 - sh);
    return v & low_mask(width);
  }
  bool bit(int i) const { return (p_[i >> 3] >> (i & 7)) & 1u; }
  // The whole port (at most its low 64 bits).
  uint64_t value() const {
    switch (bytes_) {  // a scalar port: its storage holds exactly the value
      case 1:
        return p_[0];
      case 2: {
        uint16_t w;
        std::memcpy(&w, p_, 2);
        return w;
      }
      case 4: {
        uint32_t w;
        std::memcpy(&w, p_, 4);
        return w;
      }
      default:
        return get(0, width_ < 64 ? width_ : 64);
    }
  }
  // Lane i of a bus of `w`-bit lanes; faster than get() when w is a multiple of 8.
  uint64_t lane(int i, int w) const {
    if ((w & 7) == 0) {
      uint64_t v = 0;
      std::memcpy(&v, p_ + (i * w >> 3), static_cast<size_t>(w >> 3));
      return v;
    }
    return get(i * w, w);
  }

  void set(int lsb, int width, uint64_t v) {
    for (int done = 0; done < width;) {  // byte by byte: writes never leave the storage
      const int bit = lsb + done, b = bit >> 3, sh = bit & 7;
      const int take = (8 - sh) < (width - done) ? (8 - sh) : (width - done);
      const uint8_t m = static_cast<uint8_t>(((1u << take) - 1u) << sh);
      p_[b] = static_cast<uint8_t>((p_[b] & ~m) | ((static_cast<uint8_t>(v >> done) << sh) & m));
      done += take;
    }
  }
  void set_bit(int i, bool v) {
    const uint8_t m = static_cast<uint8_t>(1u << (i & 7));
    p_[i >> 3] = static_cast<uint8_t>(v ? (p_[i >> 3] | m) : (p_[i >> 3] & ~m));
  }
  void set(uint64_t v) { set(0, width_ < 64 ? width_ : 64, v); }
  void zero() { std::memset(p_, 0, static_cast<size_t>(bytes_)); }

 private:
  uint8_t byte(int b) const { return b < bytes_ ? p_[b] : 0; }
  uint64_t load(int b) const {
    uint64_t v = 0;
    if (b + 8 <= bytes_) {
      std::memcpy(&v, p_ + b, 8);
      return v;
    }
    switch (bytes_ - b) {  // the storage of a scalar port, or the tail of a wide one
      case 4: {
        uint32_t w;
        std::memcpy(&w, p_ + b, 4);
        return w;
      }
      case 2: {
        uint16_t w;
        std::memcpy(&w, p_ + b, 2);
        return w;
      }
      case 1:
        return p_[b];
      default:
        break;
    }
    for (int k = bytes_ - 1; k >= b; --k) v = (v << 8) | p_[k];
    return v;
  }

  uint8_t* p_ = nullptr;
  int bytes_ = 0, width_ = 0;
};

}  // namespace minforge::tb
