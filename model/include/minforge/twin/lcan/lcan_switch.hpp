// minforge cycle twin of rtl/lcan/lcan_switch.v: one switch of the circuit-switched CB-LCAN
// (paper 003) with the on-line routing of one network cycle.  The RTL's rules, mirrored bit
// for bit (lcan_switch.v has the full statement):
//  * random source (one place for its definition: the static functions below): a 16-bit
//    xorshift x (x ^= x << 7; x ^= x >> 9; x ^= x << 8) and a 16-bit Weyl counter w
//    (w += 0x9E37), the output o = x + w mod 2^16 (xorwow-like: the carries make it a
//    nonlinear function of the two sequences; period (2^16 - 1) 2^16).  Loaded from the
//    switch's seed input: the network's seed with its bits permuted and xored by constants
//    of the switch's number gid (seed_input(): what lcan_net wires to the switch), then the
//    nonlinear 16-bit mixer mix16 (multiply / xor-shift rounds): x = m (1 if 0), w = m with
//    its bytes swapped; advanced once per network cycle; draws r = o[3 +: LD],
//    q = o[3+LD +: LU], t = o[3+LD+LU +: CW];
//  * up: the climbing requests (lca > level) taken in the downer order r, r+1, .. (mod d); the
//    m-th leaves by upper m xor q while m < u, the others are dropped;
//  * down: downer o goes to the candidate (turning requests from downers c = 0..d-1,
//    requests from uppers c = d..d+u-1, digit `level` of dst == o) with the smallest
//    (lca, c xor t);
//  * acknowledgements back along the settings.
// Settings: sel[o] for output o (downers 0..d-1, uppers d..d+u-1): 0 none, 1 + input c.
#pragma once

#include <cstdint>
#include <span>

namespace minforge::twin {

// A request word (lcan_switch.v: {data, src, dst, lca, valid}).
struct LcanReq {
  bool valid = false;
  int lca = 0;
  uint32_t dst = 0, src = 0;
  uint64_t data = 0;
  bool operator==(const LcanReq&) const = default;
};

class LcanSwitch {
 public:
  // d, u in {2, 4, 8, 16}; level >= 0; gid >= 0 (the switch's number in the network).
  LcanSwitch(int d, int u, int level, int gid);

  // The random source's state: the xorshift x and the Weyl counter w.
  struct Rand {
    uint16_t x = 1, w = 0;
    bool operator==(const Rand&) const = default;
  };
  static uint16_t xorshift(uint16_t x);
  // The nonlinear 16-bit mixer of the seed expansion (a bijection: xor-shifts and odd
  // multiplies 1 + 2^k).
  static uint16_t mix16(uint16_t x);
  // lowbias32 (the constants of the seed expansion, elaboration-time in lcan_net).
  static uint32_t hash32(uint32_t x);
  // The seed input lcan_net wires to switch gid: bit b = seed bit perm_gid[b], xor key_gid
  // bit b (perm_gid: Fisher-Yates with j = hash32(16 gid + i) mod (i + 1), i = 15..1;
  // key_gid = hash32(16 gid) mod 2^16).
  static uint16_t seed_input(uint16_t seed, int gid);
  // The state loaded from a switch's seed input, the next state, the output o = x + w.
  static Rand load_state(uint16_t sw_seed);
  static Rand next_state(Rand s);
  static uint16_t output(Rand s) { return static_cast<uint16_t>(s.x + s.w); }
  // The state switch gid loads from the network's seed.
  static Rand seed_state(uint16_t seed, int gid) { return load_state(seed_input(seed, gid)); }
  // Draw bits start at bit 3 of the output (its low bits have the shortest carry chains).
  static constexpr int kDrawShift = 3;

  int d() const { return d_; }
  int u() const { return u_; }
  int level() const { return level_; }
  const Rand& state() const { return st_; }
  // This network cycle's draws.
  uint32_t r() const { return draw_bits() & (d_ - 1u); }
  uint32_t q() const { return (draw_bits() >> ld_) & (u_ - 1u); }
  uint32_t t() const { return (draw_bits() >> (ld_ + lu_)) & ((1u << cw_) - 1u); }

  // Up: dreq_i[d] -> ureq_o[u], sel_up[u] (the codes of outputs d..d+u-1).
  void route_up(std::span<const LcanReq> dreq_i, std::span<LcanReq> ureq_o,
                std::span<uint8_t> sel_up) const;
  // Down: (dreq_i[d], ureq_i[u]) -> dreq_o[d], sel_dn[d]; ld = log2 of the network's d (the
  // digit of dst read at this level is (dst >> (level * ld)) mod d).
  void route_down(std::span<const LcanReq> dreq_i, std::span<const LcanReq> ureq_i,
                  std::span<LcanReq> dreq_o, std::span<uint8_t> sel_dn) const;
  // Acknowledgements: uack_o[k] from the downer outputs fed by upper k; dack_o[j] from every
  // output fed by downer j.
  void ack_up(std::span<const uint8_t> sel_dn, std::span<const uint8_t> dack_i,
              std::span<uint8_t> uack_o) const;
  void ack_down(std::span<const uint8_t> sel_dn, std::span<const uint8_t> sel_up,
                std::span<const uint8_t> dack_i, std::span<const uint8_t> uack_i,
                std::span<uint8_t> dack_o) const;

  // The edge: rst (st = 1), else load (from the seed), else step (advance).
  void clock(bool rst, bool load, uint16_t seed, bool step);

 private:
  uint32_t draw_bits() const { return static_cast<uint32_t>(output(st_)) >> kDrawShift; }

  int d_, u_, level_, gid_, ld_, lu_, cw_;
  Rand st_;
};

}  // namespace minforge::twin
