// minforge cycle twin of rtl/hypercube/hypercube_node.v: one node of the packet-switched
// d-cube (paper 004, Corollary 3.5): the packet register, the schedule memory (one entry per
// step: 0 keep, k+1 send on link k) with the entry of the coming step read one cycle ahead
// into a one-hot register, the sticky rule-violation flags and the checker.  The step rule is
// the RTL's (hypercube_node.v header): the register takes the bitwise OR of the packets
// arriving in a step (its own when kept, one per sending neighbour), is valid iff one
// arrives, and flags two or more arrivals (err_collide) or none (err_empty).
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::twin {

// A packet as the RTL carries it: {data, dst, src}.  Fields are disjoint bit ranges of the
// RTL word, so the OR of two packets is the OR of their fields.
struct HypercubePacket {
  bool valid = false;
  uint32_t src = 0, dst = 0;
  uint64_t data = 0;
};

class HypercubeNode {
 public:
  // The RTL's parameters D (1..16), STEPS (>= 1), W (1..64 here: data in a uint64_t) and
  // INDEX (the node's number, < 2^D); throws InvalidArgument otherwise.
  HypercubeNode(int d, int steps, int w, uint32_t index);

  // The inputs the node samples at a rising edge (besides its neighbours' packets).
  struct Ctl {
    bool rst = false, clear = false, run = false;
    bool pre_en = false;    // read the entry of step pre_step ahead (pre_byp: sched_code;
    uint32_t pre_step = 0;  // pre_none: no step comes, none selected)
    bool pre_byp = false, pre_none = false;
    bool sched_we = false;
    uint32_t sched_step = 0, sched_code = 0;
    bool load_we = false;
    uint32_t load_dst = 0;
    uint64_t load_data = 0;
  };

  // The schedule memory's entry of step t.
  uint32_t code(uint32_t step) const { return mem_[step]; }
  // The entry read ahead, one-hot: bit 0 keep, bit k+1 send on link k (0 for a code > D,
  // and while idle).
  uint32_t sel() const { return sel_; }
  // Combinational outputs.  Bit k: the node sends its packet on link k in this cycle.
  uint32_t send() const { return reg_.valid ? sel_ >> 1 : 0; }
  const HypercubePacket& packet() const { return reg_; }
  bool ok() const { return reg_.valid && reg_.dst == index_; }
  bool err_collide() const { return collide_; }
  bool err_empty() const { return empty_; }
  uint32_t index() const { return index_; }

  // The rising edge: `nb_valid` bit k = the neighbour across link k sends here, its packet
  // is nb[k] (D entries; read only where nb_valid is set).
  void clock(const Ctl& c, uint32_t nb_valid, const HypercubePacket* nb);

  // Entry width SW = ceil(log2(D+1)) and step-index width TW = max(1, ceil(log2 STEPS)).
  static int code_width(int d) { return ceil_log2(static_cast<uint64_t>(d) + 1); }
  static int step_width(int steps) {
    const int t = ceil_log2(static_cast<uint64_t>(steps));
    return t < 1 ? 1 : t;
  }
  // The entry that sends the packet held by `v` to `to` (0 = keep, k+1 = link k), or
  // `d + 1` (a code that sends it nowhere) when `to` is neither v nor a neighbour.
  static uint32_t code_for(int d, uint32_t v, uint32_t to);

 private:
  int d_, steps_, w_;
  uint32_t index_;
  uint32_t code_mask_, step_mask_;
  uint64_t data_mask_;
  std::vector<uint32_t> mem_;
  uint32_t sel_ = 0;
  HypercubePacket reg_;
  bool collide_ = false, empty_ = false;
};

}  // namespace minforge::twin
