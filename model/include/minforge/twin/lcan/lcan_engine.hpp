// minforge cycle twin of rtl/lcan/lcan_engine.v: a whole permutation routed to completion
// on the CB-LCAN (LcanNet), one network cycle per clock cycle (pipe = 1: per 4 L - 3 clock
// cycles), the pairs not acknowledged retried in the next; network cycles, pairs delivered
// and errors counted.  Timing and ports: lcan_engine.v.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/twin/lcan/lcan_net.hpp"

namespace minforge::twin {

class LcanEngine {
 public:
  LcanEngine(int n, int d, int u, int w, int pipe = 0);

  // The inputs sampled at a rising edge (perm_dst / perm_data: one entry per source, or empty
  // when start is 0).
  struct In {
    bool rst = false, start = false;
    uint16_t seed = 0;
    std::span<const uint32_t> perm_dst;
    std::span<const uint64_t> perm_data;
  };

  const LcanNet& net() const { return net_; }
  // The combinational part of the cycle (the network cycle when busy): call before reading
  // the outputs below after every clock().
  void evaluate();

  bool busy() const { return busy_; }
  // The clock cycle within the network cycle (0 .. clocks_per_cycle() - 1) and whether this
  // is its last one (the one whose acknowledgements and arrivals count).
  int phase() const { return phase_; }
  bool last_phase() const { return phase_ == net_.clocks_per_cycle() - 1; }
  bool done() const { return done_; }
  uint32_t cycles() const { return cycles_; }
  uint32_t delivered() const { return delivered_; }
  uint32_t errors() const { return errors_; }
  bool all_ok() const {
    return done_ && errors_ == 0 && delivered_ == static_cast<uint32_t>(net_.n());
  }
  const std::vector<uint8_t>& pending() const { return pending_; }
  const std::vector<LcanReq>& arrivals() const { return net_.arrivals(); }
  const std::vector<uint8_t>& acks() const { return net_.acks(); }
  const std::vector<uint8_t>& settings() const { return net_.settings(); }
  // This cycle: pairs acknowledged, arrivals at a PE other than their destination.
  int cycle_acks() const { return n_ack_; }
  int cycle_bad() const { return n_bad_; }

  void clock(const In& in);

 private:
  LcanNet net_;
  bool busy_ = false, done_ = false;
  uint32_t cycles_ = 0, delivered_ = 0, errors_ = 0;
  std::vector<uint8_t> pending_;
  std::vector<uint32_t> dst_;
  std::vector<uint64_t> data_;
  std::vector<int> lca_;  // the LCA level of (p, dst_[p]) (the RTL computes it per source)
  std::vector<LcanReq> req_;
  int n_ack_ = 0, n_bad_ = 0;
  int phase_ = 0;
};

}  // namespace minforge::twin
