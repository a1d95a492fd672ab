// minforge cycle twin of rtl/lcan/lcan_switch.v: one switch of the circuit-switched CB-LCAN
// (paper 003) with the on-line routing of one network cycle.  The RTL's rules, mirrored bit
// for bit (lcan_switch.v has the full statement):
//  * random source: 16-bit xorshift (x ^= x << 7; x ^= x >> 9; x ^= x << 8), loaded with
//    seed ^ ((gid + 1) * 40503 mod 2^16) (1 if that is 0), advanced once per network cycle;
//    draws r = st[LD-1:0], q = st[LD +: LU], t = st[LD+LU +: CW];
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

  static uint16_t xorshift(uint16_t x);
  static uint16_t seed_state(uint16_t seed, int gid);

  int d() const { return d_; }
  int u() const { return u_; }
  int level() const { return level_; }
  uint16_t state() const { return st_; }
  // This network cycle's draws.
  uint32_t r() const { return st_ & (d_ - 1u); }
  uint32_t q() const { return (st_ >> ld_) & (u_ - 1u); }
  uint32_t t() const { return (st_ >> (ld_ + lu_)) & ((1u << cw_) - 1u); }

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
  int d_, u_, level_, gid_, ld_, lu_, cw_;
  uint16_t st_ = 1;
};

}  // namespace minforge::twin
