// Cycle twin of rtl/hypercube/hypercube_net.v (hypercube_net.hpp).
#include "minforge/twin/hypercube/hypercube_net.hpp"

#include <string>

namespace minforge::twin {

HypercubeNet::HypercubeNet(int d, int steps, int w) : d_(d), steps_(steps), w_(w) {
  if (d < 1 || d > 16)
    throw InvalidArgument("hypercube_net: D must be 1..16 (D=" + std::to_string(d) + ")");
  if (steps < 1)
    throw InvalidArgument("hypercube_net: STEPS must be >= 1 (STEPS=" + std::to_string(steps) +
                          ")");
  if (w < 1 || w > 64)
    throw InvalidArgument("hypercube_net: W must be 1..64 in the twin (W=" + std::to_string(w) +
                          ")");
  nn_ = 1u << d;
  step_mask_ = (1u << HypercubeNode::step_width(steps)) - 1;
  nodes_.reserve(nn_);
  for (uint32_t v = 0; v < nn_; ++v) nodes_.emplace_back(d, steps, w, v);
  snap_.resize(nn_);
  send_.resize(nn_);
}

bool HypercubeNet::error() const {
  bool all = true;
  for (const auto& n : nodes_) {
    if (n.err_collide() || n.err_empty()) return true;
    all = all && n.ok();
  }
  return done_ && !all;
}

void HypercubeNet::clock(const In& in) {
  const bool clear = in.start && !busy_;
  const bool run = busy_;
  const bool last = step_ == static_cast<uint32_t>(steps_) - 1;
  HypercubeNode::Ctl c;
  c.rst = in.rst;
  c.clear = clear;
  c.run = run;
  // The nodes read the entry of the coming step one cycle ahead (hypercube_net.v).
  c.pre_en = clear || run;
  c.pre_none = run && last;
  c.pre_step = next_;
  c.pre_byp = clear && in.sched_we && (in.sched_step & step_mask_) == 0;
  c.sched_we = in.sched_we;
  c.sched_step = in.sched_step;
  c.load_we = in.load_we;
  // Every node's packet and send bits before the edge (the neighbours read them).
  for (uint32_t v = 0; v < nn_; ++v) {
    snap_[v] = nodes_[v].packet();
    send_[v] = nodes_[v].send();
  }
  HypercubePacket nb[16];
  for (uint32_t v = 0; v < nn_; ++v) {
    uint32_t nb_valid = 0;
    for (int k = 0; k < d_; ++k) {
      const uint32_t u = v ^ (1u << k);
      nb_valid |= ((send_[u] >> k) & 1u) << k;
      nb[k] = snap_[u];
    }
    if (in.sched_we) c.sched_code = in.sched_code[v];
    if (in.load_we) {
      c.load_dst = in.load_dst[v];
      c.load_data = in.load_data[v];
    }
    nodes_[v].clock(c, nb_valid, nb);
  }
  // The run controller.
  if (in.rst) {
    busy_ = done_ = false;
    step_ = next_ = 0;
  } else if (clear) {
    busy_ = true;
    done_ = false;
    step_ = 0;
    next_ = 1 & step_mask_;
  } else if (busy_) {
    if (last) {
      busy_ = false;
      done_ = true;
      step_ = next_ = 0;
    } else {
      ++step_;
      next_ = (next_ + 1) & step_mask_;
    }
  } else if (in.load_we) {
    done_ = false;
  }
}

}  // namespace minforge::twin
