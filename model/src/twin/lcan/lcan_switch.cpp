// Cycle twin of rtl/lcan/lcan_switch.v (lcan_switch.hpp).
#include "minforge/twin/lcan/lcan_switch.hpp"

#include <array>
#include <string>
#include <utility>

#include "minforge/common.hpp"

namespace minforge::twin {

namespace {
int log2_pow(int v, const char* what) {
  if (v != 2 && v != 4 && v != 8 && v != 16)
    throw InvalidArgument(std::string("lcan_switch: ") + what + " must be 2, 4, 8 or 16 (got " +
                          std::to_string(v) + ")");
  int l = 0;
  while ((1 << l) < v) ++l;
  return l;
}
int clog2(int v) {
  int l = 0;
  while ((1 << l) < v) ++l;
  return l;
}
}  // namespace

LcanSwitch::LcanSwitch(int d, int u, int level, int gid)
    : d_(d),
      u_(u),
      level_(level),
      gid_(gid),
      ld_(log2_pow(d, "d")),
      lu_(log2_pow(u, "u")),
      cw_(clog2(d + u)) {
  if (level < 0 || gid < 0) throw InvalidArgument("lcan_switch: level and gid must be >= 0");
}

uint16_t LcanSwitch::xorshift(uint16_t x) {
  x = static_cast<uint16_t>(x ^ (x << 7));
  x = static_cast<uint16_t>(x ^ (x >> 9));
  x = static_cast<uint16_t>(x ^ (x << 8));
  return x;
}

uint16_t LcanSwitch::mix16(uint16_t x) {
  x = static_cast<uint16_t>(x ^ (x >> 7));
  x = static_cast<uint16_t>(x + (x << 5));
  x = static_cast<uint16_t>(x ^ (x >> 8));
  x = static_cast<uint16_t>(x + (x << 3));
  x = static_cast<uint16_t>(x ^ (x >> 6));
  x = static_cast<uint16_t>(x + (x << 9));
  x = static_cast<uint16_t>(x ^ (x >> 9));
  return x;
}

uint32_t LcanSwitch::hash32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

uint16_t LcanSwitch::seed_input(uint16_t seed, int gid) {
  const uint32_t base = static_cast<uint32_t>(gid) * 16u;
  std::array<int, 16> perm{};
  for (int b = 0; b < 16; ++b) perm[b] = b;
  for (int i = 15; i > 0; --i) {
    const uint32_t j = hash32(base + static_cast<uint32_t>(i)) % static_cast<uint32_t>(i + 1);
    std::swap(perm[i], perm[j]);
  }
  uint16_t v = 0;
  for (int b = 0; b < 16; ++b) v = static_cast<uint16_t>(v | (((seed >> perm[b]) & 1u) << b));
  return static_cast<uint16_t>(v ^ (hash32(base) & 0xFFFFu));
}

LcanSwitch::Rand LcanSwitch::load_state(uint16_t sw_seed) {
  const uint16_t m = mix16(sw_seed);
  return Rand{m == 0 ? uint16_t{1} : m, static_cast<uint16_t>((m << 8) | (m >> 8))};
}

LcanSwitch::Rand LcanSwitch::next_state(Rand s) {
  return Rand{xorshift(s.x), static_cast<uint16_t>(s.w + 0x9E37u)};
}

void LcanSwitch::route_up(std::span<const LcanReq> dreq_i, std::span<LcanReq> ureq_o,
                          std::span<uint8_t> sel_up) const {
  for (int k = 0; k < u_; ++k) {
    ureq_o[k] = LcanReq{};
    sel_up[k] = 0;
  }
  const uint32_t r = this->r(), q = this->q();
  uint32_t m = 0;
  for (int i = 0; i < d_; ++i) {
    const uint32_t j = (r + static_cast<uint32_t>(i)) & (d_ - 1u);
    const LcanReq& x = dreq_i[j];
    if (!x.valid || x.lca <= level_) continue;
    if (m < static_cast<uint32_t>(u_)) {
      const uint32_t k = m ^ q;
      ureq_o[k] = x;
      sel_up[k] = static_cast<uint8_t>(j + 1);
    }
    ++m;
  }
}

void LcanSwitch::route_down(std::span<const LcanReq> dreq_i, std::span<const LcanReq> ureq_i,
                            std::span<LcanReq> dreq_o, std::span<uint8_t> sel_dn) const {
  const uint32_t t = this->t();
  for (int o = 0; o < d_; ++o) {
    int best = -1, best_l = 0;
    uint32_t best_rk = 0;
    for (int c = 0; c < d_ + u_; ++c) {
      const LcanReq& x = c < d_ ? dreq_i[c] : ureq_i[c - d_];
      if (!x.valid) continue;
      if (c < d_ && x.lca != level_) continue;  // from a downer: only a turning request
      if (static_cast<int>((x.dst >> (level_ * ld_)) & (d_ - 1u)) != o) continue;
      const uint32_t rk = static_cast<uint32_t>(c) ^ t;
      if (best < 0 || x.lca < best_l || (x.lca == best_l && rk < best_rk)) {
        best = c;
        best_l = x.lca;
        best_rk = rk;
      }
    }
    if (best < 0) {
      dreq_o[o] = LcanReq{};
      sel_dn[o] = 0;
    } else {
      dreq_o[o] = best < d_ ? dreq_i[best] : ureq_i[best - d_];
      sel_dn[o] = static_cast<uint8_t>(best + 1);
    }
  }
}

void LcanSwitch::ack_up(std::span<const uint8_t> sel_dn, std::span<const uint8_t> dack_i,
                        std::span<uint8_t> uack_o) const {
  for (int k = 0; k < u_; ++k) uack_o[k] = 0;
  for (int o = 0; o < d_; ++o)
    if (dack_i[o] && sel_dn[o] > d_) uack_o[sel_dn[o] - 1 - d_] = 1;
}

void LcanSwitch::ack_down(std::span<const uint8_t> sel_dn, std::span<const uint8_t> sel_up,
                          std::span<const uint8_t> dack_i, std::span<const uint8_t> uack_i,
                          std::span<uint8_t> dack_o) const {
  for (int j = 0; j < d_; ++j) dack_o[j] = 0;
  for (int o = 0; o < d_; ++o)
    if (dack_i[o] && sel_dn[o] >= 1 && sel_dn[o] <= d_) dack_o[sel_dn[o] - 1] = 1;
  for (int k = 0; k < u_; ++k)
    if (uack_i[k] && sel_up[k] >= 1) dack_o[sel_up[k] - 1] = 1;
}

void LcanSwitch::clock(bool rst, bool load, uint16_t seed, bool step) {
  if (rst)
    st_ = Rand{};
  else if (load)
    st_ = seed_state(seed, gid_);
  else if (step)
    st_ = next_state(st_);
}

}  // namespace minforge::twin
