// minforge RN1 traffic runs: the stimulus and scoreboard shared by the model runs and the
// RTL harness (tb/rn1).  Not a twin of any RTL block: TrafficDriver plays the users of the
// endpoints (message generation for uniform, permutation and all-to-all traffic) and checks
// what the network delivers (exactly once, right content); two drivers with the same
// arguments produce the same stimulus, so the Verilator harness runs one on the RTL side and
// one on the model (Rn1Net) side.  run_model() is a whole model-only run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/common.hpp"
#include "minforge/twin/rn1/rn1_net.hpp"

namespace minforge::twin {

enum class Traffic { kUniform, kPermutation, kAllToAll };
// "uniform", "permutation", "alltoall"; throws InvalidArgument for anything else.
Traffic parse_traffic(std::string_view name);

struct RunStats {
  std::string topology;
  int endpoints = 0;
  long sent = 0, delivered = 0, lost = 0, duplicates = 0, corrupt = 0, unfinished = 0;
  long gave_up = 0, lost_connected = 0;
  double mean_attempts = 0, p99_attempts = 0, mean_latency = 0, p99_latency = 0;
  double throughput = 0;  // delivered words per endpoint per cycle in [0, cycles)
  uint64_t cycles_run = 0;
};

// Generates the users' messages and checks deliveries (exactly once, right content).
// One driver per simulated network; two drivers with the same arguments produce the same
// stimulus, so the Verilator harness runs one on each side.
class TrafficDriver {
 public:
  TrafficDriver(const rn1::NetSpec& s, Traffic t, double load, uint64_t seed, uint64_t gen_cycles);
  // Before the clock edge of cycle `cycle`: generate messages, fill the user inputs.
  void before(uint64_t cycle, Rn1Net::UserIn* in);
  // Observations of cycle `cycle`: tx_ready sampled with the inputs (acceptance at the
  // edge), then delivery / completion pulses visible after the edge.
  void accepted(int e);
  void delivered(uint64_t cycle, int dst, int port, uint8_t src, uint16_t seq, uint16_t payload);
  void finished(int e, bool ok, int attempts);
  bool quiescent() const;  // nothing queued or in flight
  RunStats stats(uint64_t cycles_run, const rn1::FaultSet* faults = nullptr) const;
  // Every finished message: fn(src, dst, ok, attempts, generation cycle).
  template <class Fn>
  void for_each_finished(Fn fn) const {
    for (const Msg& m : msgs_) {
      if (m.done) fn(m.src, m.dst, m.ok, m.attempts, m.t_gen);
    }
  }
  // Every delivered message: fn(src, dst, delivery cycle).
  template <class Fn>
  void for_each_delivered(Fn fn) const {
    for (const Msg& m : msgs_) {
      if (m.deliveries > 0) fn(m.src, m.dst, m.t_dlv);
    }
  }

 private:
  struct Msg {
    int src, dst;
    uint16_t payload;
    uint64_t t_gen;
    int deliveries = 0, attempts = 0;
    bool done = false, ok = false;
    uint64_t t_dlv = 0;
  };
  const rn1::NetSpec& s_;
  Traffic traffic_;
  double p_msg_;
  uint64_t gen_cycles_;
  Rng rng_;
  std::vector<int> perm_;
  std::vector<int> a2a_next_;
  std::vector<std::vector<int>> queue_;  // message ids per source, FIFO (front at head_)
  std::vector<size_t> head_;
  std::vector<std::vector<int>> by_seq_;  // source -> seq -> message id
  std::vector<size_t> fin_ptr_;           // source -> first possibly unfinished message
  std::vector<Msg> msgs_;
  std::vector<int> attempts_;
  long in_flight_ = 0, duplicates_ = 0, corrupt_ = 0, gave_up_ = 0;
};

// A change of one router's output enable bits (cfg_en) before the edge of cycle `cycle`.
struct EnableChange {
  uint64_t cycle = 0;
  int router = 0;
  uint8_t mask = 0xFF;
};
struct RunConfig {
  rn1::Topology topology = rn1::Topology::kFig20_9;
  Traffic traffic = Traffic::kUniform;
  double load = 0.2;
  uint64_t cycles = 2000;
  int faults = 0;
  uint64_t seed = 1;
  uint64_t drain_limit = 50000;            // extra cycles to let queued messages finish
  std::optional<rn1::FaultSet> fault_set;  // explicit faults (then `faults` is ignored)
  std::vector<EnableChange> enables;       // enable-bit changes during the run
  bool monitor_switch = false;             // the network's monitor switches declared links off (the
                                           // tops' mon_switch; false: the enables are cfg_en alone)
};
// The enable changes of cycle `cycle`: fn(router, mask).
template <class Fn>
void enables_at(const RunConfig& c, uint64_t cycle, Fn fn) {
  for (const EnableChange& e : c.enables) {
    if (e.cycle == cycle) fn(e.router, e.mask);
  }
}
void validate(const RunConfig& c);
rn1::FaultSet run_faults(const RunConfig& c);
uint16_t net_seed(uint64_t seed);
// Model-only run; one step per cycle.
RunStats run_model(const RunConfig& c);
// Same with an explicit fault set (c.faults is ignored).
RunStats run_model(const RunConfig& c, const rn1::FaultSet& f);
// Feeds the user inputs / collects outputs of one cycle between driver and model.
void drive_model_cycle(Rn1Net& net, TrafficDriver& drv, Rn1Net::UserIn& in);

}  // namespace minforge::twin
