// minforge twins of the all-to-all engines:
//   GsenA2aEngine    rtl/engine/gsen_a2a_engine.v
//   BanyanA2aEngine  rtl/engine/banyan_a2a_engine.v
// Both are A2aEngine: the same composition as the RTL, part by part:
//   A2aCtrl     rtl/engine/a2a_ctrl.v      start sampled at an edge; the next cycle is cycle
//                                          0; round k injected in cycle k; done after cycle
//                                          rounds + latency - 1; done holds until start
//   scheduler   rtl/engine/*_sched_*.v     the round table (twin/a2a_sched.hpp)
//   sources     rtl/engine/a2a_source.v    the message words (a2a_message)
//   fabric      gsen_fabric / banyan_fabric  GsenFabric / BanyanFabric (configured by the
//                                          round's number, or self-routing with USE_TAGS)
//   A2aMonitor  rtl/engine/a2a_monitor.v + a2a_sink.v: every valid output classified as
//                                          wrong destination, bad source/payload, duplicate
//                                          or good; the counters; missing when done
// Cycle protocol as the fabrics: eval(start, fault) then clock().
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/twin/common/staged_fabric.hpp"
#include "minforge/twin/engine/a2a_sched.hpp"

namespace minforge::twin {

using params::Sched;

// The engine's observable registers in one cycle (after eval, before the edge): the output
// ports, plus `inject` and `round` of a2a_ctrl.
struct A2aState {
  bool busy = false, done = false, inject = false;
  uint32_t round = 0;
  uint32_t cycles = 0, delivered = 0, good = 0, err_dst = 0, err_payload = 0, err_dup = 0;
  uint32_t missing = 0, errors = 0, conflicts = 0;
};

// a2a_monitor: N sinks and the counters.
class A2aMonitor {
 public:
  A2aMonitor(int N, int W);
  void reset();
  // This cycle's fabric outputs: classify (nothing changes until clock()).
  void eval(const FabricOut& o);
  // The edge; `clear` = start of an exchange (clears the seen vectors and the counters).
  void clock(bool clear);
  uint32_t delivered() const { return delivered_; }
  uint32_t good() const { return good_; }
  uint32_t err_dst() const { return dst_; }
  uint32_t err_payload() const { return pay_; }
  uint32_t err_dup() const { return dup_; }

 private:
  int N_, IW_, PW_;
  uint64_t imask_, pmask_;
  uint32_t delivered_ = 0, good_ = 0, dst_ = 0, pay_ = 0, dup_ = 0;
  std::vector<uint8_t> seen_;     // seen_[j * N + i]
  std::vector<uint64_t> expect_;  // expect_[j * N + i]: the payload field of message (i, j)
  uint32_t n_valid_ = 0, n_good_ = 0, n_dst_ = 0, n_pay_ = 0, n_dup_ = 0;
  std::vector<uint32_t> good_events_;  // j * N + i
};

class A2aEngine {
 public:
  int ports() const { return N_; }
  int width() const { return W_; }
  int rounds() const { return static_cast<int>(sched_.rounds.size()); }
  int latency() const { return fabric_->latency(); }
  const A2aSchedule& schedule() const { return sched_; }
  // The message words of round k (a2a_source), [N]; 0 where the processor idles.
  const std::vector<uint64_t>& messages(int k) const { return msg_[static_cast<size_t>(k)]; }

  void reset();
  // This cycle, given `start` and the banyan fault ports (ignored by GSEN).
  void eval(bool start, const BanyanFault& fault = {});
  void clock();
  const A2aState& state() const { return st_; }
  const FabricIn& fabric_in() const { return fin_; }
  const FabricOut& fabric_out() const { return fout_; }

 protected:
  A2aEngine(A2aSchedule sched, std::unique_ptr<StagedFabric> fabric, int W);

 private:
  A2aSchedule sched_;
  int N_, W_;
  std::unique_ptr<StagedFabric> fabric_;
  std::vector<std::vector<uint64_t>> msg_;
  FabricIn fin_;
  FabricOut fout_;
  A2aMonitor mon_;
  A2aState st_;
  // a2a_ctrl registers
  bool busy_q_ = false, done_q_ = false;
  uint32_t cyc_q_ = 0, round_q_ = 0, conf_q_ = 0;
  bool clear_ = false, injected_ = false;
  uint32_t n_conf_ = 0;
};

class GsenA2aEngine : public A2aEngine {
 public:
  // The RTL's parameters; for SCHED = player, `player_configs` is what the player memory
  // holds (its write port or PLAYER_FILE), replayed under `player_control`.
  GsenA2aEngine(int N, int W, Sched sched, bool pipeline, bool use_tags,
                Ctrl player_control = Ctrl::Alt, const std::vector<uint32_t>& player_configs = {});
  // Any GSEN round table (e.g. one already built), run on the fabric it needs.
  GsenA2aEngine(A2aSchedule sched, int W, bool pipeline, bool use_tags);
};

class BanyanA2aEngine : public A2aEngine {
 public:
  BanyanA2aEngine(int N, int W, bool pipeline, bool use_tags);
};

}  // namespace minforge::twin
