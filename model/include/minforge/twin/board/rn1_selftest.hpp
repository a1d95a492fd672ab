// minforge cycle twin of rtl/board/rn1_selftest.v (the all-to-all generator and delivery
// checker of the self-testing RN1 board top) and, in rn1_board_exchanges(), of the start/done
// handshake of rtl/board/board_reporter.v, driving the network twin Rn1Net.  Together they
// predict, cycle for cycle, what the self-testing RN1 board top does: the cycles, deliveries
// and errors of every exchange.  Used by the board-top harness (tb/board/board_top_tb.cpp)
// and the self-test harness (tb/board/rn1_selftest_tb.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1_net.hpp"

namespace minforge::twin {

// One delivery pulse as the self-test sees it (after any tampering of the harness).
struct Rn1Pulse {
  bool valid = false;
  uint8_t src = 0;
  uint16_t payload = 0;
};

// Counters of one exchange, as rn1_selftest holds them when done.
struct Rn1Exchange {
  uint32_t cycles = 0, delivered = 0, errors = 0, bad = 0, dup = 0, failed = 0, missing = 0;
  uint64_t end_edge = 0;  // edge (counted from 1 after reset) at which done rose
};

// rn1_selftest with NE endpoints and P = 2 payload bytes (the networks' P).
class Rn1Selftest {
 public:
  explicit Rn1Selftest(int ne);

  // Outputs from the registers (the generator): valid, destination and payload of source e.
  void user_inputs(Rn1Net::UserIn* in) const;

  // One clock edge.  `in` = user_inputs() of this cycle, tx_ready[e] and the pulses
  // (dlv[2 * e + p], ev_valid[e], ev_ok[e]) as visible in this cycle.
  void edge(bool start, const Rn1Net::UserIn& in, const std::vector<uint8_t>& tx_ready,
            const std::vector<Rn1Pulse>& dlv, const std::vector<uint8_t>& ev_valid,
            const std::vector<uint8_t>& ev_ok);

  bool busy() const { return busy_; }
  bool done() const { return done_; }
  const Rn1Exchange& counters() const { return cur_; }
  uint16_t payload(int src, int dst) const {
    return static_cast<uint16_t>((xn_ << (2 * eb_)) | (src << eb_) | dst);
  }

 private:
  bool all_finished() const;
  int ne_, eb_, xb_;
  bool busy_ = false, done_ = false;
  uint32_t cyc_ = 0, xn_ = 0;
  std::vector<int> kd_, fd_;
  std::vector<uint8_t> seen_;
  Rn1Exchange cur_;
};

// Reads the endpoint pulses of the network twin as visible in this cycle.
void rn1_model_pulses(const Rn1Net& net, std::vector<uint8_t>* tx_ready, std::vector<Rn1Pulse>* dlv,
                      std::vector<uint8_t>* ev_valid, std::vector<uint8_t>* ev_ok);

// The board top from the first clock edge after its power-on reset: board_reporter's
// start/done handshake, rn1_selftest and the network.  Returns the first `count`
// exchanges (or fewer if `max_edges` edges pass first).
std::vector<Rn1Exchange> rn1_board_exchanges(const rn1::NetSpec& spec, const rn1::FaultSet& faults,
                                             uint16_t seed, size_t count, uint64_t max_edges);

}  // namespace minforge::twin
