// minforge cycle twin of rtl/lcan/lcan_net.v: the circuit-switched CB-LCAN(N, d, u), one
// network cycle per clock cycle: LcanSwitch twins wired by the golden model's network
// (lcan::Network::cb, the one source of the wiring), evaluated like the RTL settles: up
// level by level, down from the top, acknowledgements up then down along the settings.
// pipe = 1 (the RTL's PIPE): every link between two levels (requests and acknowledgements,
// both ways) is a register, reset to 0 and loaded at every clock(); evaluate() then routes
// every switch from what the registers hold (level 0's downers from the PEs, the top's
// uppers empty), like the RTL in each clock cycle.
// Switch numbers: level offsets (level 0 first), as the RTL's `settings` port.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/algo/lcan/lcan_topology.hpp"
#include "minforge/twin/lcan/lcan_switch.hpp"

namespace minforge::twin {

class LcanNet {
 public:
  // The RTL's parameters: N a power of d up to 4096, d and u in {2, 4, 8, 16}, w data bits
  // 1..32, pipe 0 or 1; throws InvalidArgument otherwise.
  LcanNet(int n, int d, int u, int w, int pipe = 0);

  const lcan::Network& network() const { return net_; }
  int n() const { return n_; }
  int d() const { return d_; }
  int u() const { return u_; }
  int width() const { return w_; }
  int pipe() const { return pipe_; }
  // Clock cycles per network cycle: 1, or 4 L - 3 with pipe = 1 (the pe_ack of the PEs'
  // requests held that long is the combinational network's).
  int clocks_per_cycle() const { return pipe_ ? 4 * L_ - 3 : 1; }
  int levels() const { return L_; }
  int pe_bits() const { return nb_; }
  int lca_bits() const { return lw_; }
  int code_bits() const { return sc_; }  // SC: bits of one setting code
  int switches() const { return static_cast<int>(sw_.size()); }
  int switch_offset(int level) const { return goff_[level]; }
  const LcanSwitch& sw(int g) const { return sw_[g]; }

  // The combinational part of the clock cycle for the PEs' requests (pe_req[p]: PE p's
  // request): the whole network cycle (pipe 0) or one level's worth from the link registers.
  void evaluate(std::span<const LcanReq> pe_req);
  // Results of the last evaluate().
  const std::vector<LcanReq>& arrivals() const { return arr_; }  // at PE t
  const std::vector<uint8_t>& acks() const { return ack_; }      // to source p
  // Every setting code, switch g's output o at [g * (d + u) + o].
  const std::vector<uint8_t>& settings() const { return sel_; }
  // What entered switch g in the last cycle: on its downers and on its uppers.
  std::span<const LcanReq> downer_inputs(int g) const;
  std::span<const LcanReq> upper_inputs(int g) const;

  // The edge: the random sources (LcanSwitch::clock) and, with pipe = 1, the link registers
  // (from the last evaluate(); 0 on rst).
  void clock(bool rst, bool load, uint16_t seed, bool step);

 private:
  lcan::Network net_;
  int n_, d_, u_, w_, pipe_, L_, nb_, lw_, sc_;
  std::vector<int> goff_;
  std::vector<LcanSwitch> sw_;
  // Per switch g: downer inputs/outputs at g*d, upper inputs/outputs at g*u, codes at g*(d+u).
  std::vector<LcanReq> din_, uin_, dout_, uout_;
  std::vector<uint8_t> sel_, dack_in_, uack_in_, dack_out_, uack_out_;
  // pipe = 1: the link registers, what uout_, uack_out_, dout_, dack_out_ held at the edge.
  std::vector<LcanReq> uout_q_, dout_q_;
  std::vector<uint8_t> uack_q_, dack_q_;
  std::vector<LcanReq> arr_;
  std::vector<uint8_t> ack_;
};

}  // namespace minforge::twin
