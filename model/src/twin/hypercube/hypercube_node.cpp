// Cycle twin of rtl/hypercube/hypercube_node.v (hypercube_node.hpp).
#include "minforge/twin/hypercube/hypercube_node.hpp"

#include <string>

namespace minforge::twin {

HypercubeNode::HypercubeNode(int d, int steps, int w, uint32_t index)
    : d_(d), steps_(steps), w_(w), index_(index) {
  if (d < 1 || d > 16)
    throw InvalidArgument("hypercube_node: D must be 1..16 (D=" + std::to_string(d) + ")");
  if (steps < 1)
    throw InvalidArgument("hypercube_node: STEPS must be >= 1 (STEPS=" + std::to_string(steps) +
                          ")");
  if (w < 1 || w > 64)
    throw InvalidArgument("hypercube_node: W must be 1..64 in the twin (W=" + std::to_string(w) +
                          ")");
  if (index >= (1u << d))
    throw InvalidArgument("hypercube_node: INDEX must be 0..2^D-1 (INDEX=" + std::to_string(index) +
                          ")");
  code_mask_ = (1u << code_width(d)) - 1;
  step_mask_ = (1u << step_width(steps)) - 1;
  data_mask_ = w >= 64 ? ~uint64_t{0} : ((uint64_t{1} << w) - 1);
  mem_.assign(static_cast<size_t>(steps), 0);
}

uint32_t HypercubeNode::code_for(int d, uint32_t v, uint32_t to) {
  if (to == v) return 0;
  const uint32_t x = v ^ to;
  if ((x & (x - 1)) == 0) {
    for (int k = 0; k < d; ++k)
      if (x == (1u << k)) return static_cast<uint32_t>(k) + 1;
  }
  return static_cast<uint32_t>(d) + 1;
}

void HypercubeNode::clock(const Ctl& c, uint32_t nb_valid, const HypercubePacket* nb) {
  // The schedule memory's write port has no reset (hypercube_node.v).
  const uint32_t wstep = c.sched_step & step_mask_;
  const bool write = c.sched_we && !c.run && wstep < static_cast<uint32_t>(steps_);
  const uint32_t wcode = c.sched_code & code_mask_;
  // The entry of the coming step, read ahead, one-hot; none while idle.
  uint32_t nsel = sel_;
  if (c.rst) {
    nsel = 0;
  } else if (c.pre_en) {
    const uint32_t pc = c.pre_byp ? wcode : mem_[c.pre_step & step_mask_];
    nsel = (!c.pre_none && pc <= static_cast<uint32_t>(d_)) ? (1u << pc) : 0;
  }
  if (c.rst) {
    reg_.valid = false;
    collide_ = empty_ = false;
  } else {
    if (c.clear) collide_ = empty_ = false;
    const bool load = c.load_we && !c.run;
    if (c.run || load) {
      // The OR of the arriving packets: the kept one, the neighbours', a loaded one.
      HypercubePacket n;
      int arrivals = 0;
      if (reg_.valid && (sel_ & 1u)) {
        n = reg_;
        arrivals = 1;
      }
      for (int k = 0; k < d_; ++k) {
        if (!((nb_valid >> k) & 1)) continue;
        n.src |= nb[k].src;
        n.dst |= nb[k].dst;
        n.data |= nb[k].data;
        ++arrivals;
      }
      if (load) {
        n.src |= index_;
        n.dst |= c.load_dst & ((1u << d_) - 1);
        n.data |= c.load_data & data_mask_;
      }
      n.valid = arrivals > 0 || load;
      reg_ = n;
      if (c.run && arrivals > 1) collide_ = true;
      if (c.run && arrivals == 0) empty_ = true;
    }
  }
  if (write) mem_[wstep] = wcode;
  sel_ = nsel;
}

}  // namespace minforge::twin
