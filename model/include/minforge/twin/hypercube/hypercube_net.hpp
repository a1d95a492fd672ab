// minforge cycle twin of rtl/hypercube/hypercube_net.v: the packet-switched d-cube that
// executes a loaded schedule (paper 004, Corollary 3.5): 2^D HypercubeNode twins wired
// along the cube's edges (node v's link k to node v xor 2^k), the run controller (start,
// busy, done, step) and the summary (error, all_ok).  Timing and ports: hypercube_net.v.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/twin/hypercube/hypercube_node.hpp"

namespace minforge::twin {

class HypercubeNet {
 public:
  // The RTL's parameters D (1..16), STEPS (>= 1), W (1..64); throws InvalidArgument.
  HypercubeNet(int d, int steps, int w);
  // The RTL's default STEPS: 2D - 3 for D >= 3 (Corollary 3.5), D otherwise.
  static int default_steps(int d) { return d >= 3 ? 2 * d - 3 : d; }

  // The inputs sampled at a rising edge.  The spans hold one entry per node (NN = 2^D) or
  // are empty when their write enable is 0.
  struct In {
    bool rst = false, start = false;
    bool sched_we = false;
    uint32_t sched_step = 0;
    std::span<const uint32_t> sched_code;  // node v's entry
    bool load_we = false;
    std::span<const uint32_t> load_dst;  // node v's packet: {load_data[v], load_dst[v], v}
    std::span<const uint64_t> load_data;
  };

  int dim() const { return d_; }
  int steps() const { return steps_; }
  int width() const { return w_; }
  uint32_t nodes() const { return nn_; }

  // Outputs (combinational functions of the state).
  bool busy() const { return busy_; }
  bool done() const { return done_; }
  uint32_t step() const { return step_; }
  const HypercubeNode& node(uint32_t v) const { return nodes_[v]; }
  // A flag set anywhere, or done and some node not ok.
  bool error() const;
  bool all_ok() const { return done_ && !error(); }

  void clock(const In& in);

 private:
  int d_, steps_, w_;
  uint32_t nn_, step_mask_;
  std::vector<HypercubeNode> nodes_;
  bool busy_ = false, done_ = false;
  uint32_t step_ = 0;
  uint32_t next_ = 0;  // the step whose entries the nodes read next (hypercube_net.v next_q)
  std::vector<HypercubePacket> snap_;  // the packets before the edge
  std::vector<uint32_t> send_;         // each node's send bits in the cycle
};

}  // namespace minforge::twin
