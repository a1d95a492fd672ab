// minforge golden model: cycle-level prediction of the RTL fabrics (rtl/gsen/gsen_fabric.v,
// rtl/banyan/banyan_fabric.v) and of the all-to-all engines (rtl/engine/*_a2a_engine.v),
// used by the Verilator lockstep harnesses (tb/) and the `minforge sim` command.
//
// The routing of every stage uses the golden model's numbering (gsen::Topology,
// gsen::switch_state, banyan::Topology::tau) and is property-tested against gsen::route /
// banyan::gamma / banyan::route (tests/fabric_model_test.cpp).  What this file adds is the
// hardware behaviour the papers leave open (docs/verification.md):
//   * the pipeline: with PIPELINE = 1 a register after every stage (a round presented in
//     cycle c is at the outputs in cycle c + n); the configuration travels with its round;
//     reset clears the valid and conflict registers only;
//   * tag self-routing conflicts (mf_switch_tag_ctrl): in-subport 0 always gets its
//     out-subport; with two valid messages asking for the same out-subport the in-subport 1
//     message is dropped and the switch's conflict bit (s*H + y) is set;
//   * banyan faults: E_(stage,element) dead (kind 0 or 3: both messages lost), stuck
//     straight (1) or stuck cross (2), acting on the round inside that stage in the
//     current cycle; a faulty element never flags a conflict.
//   * the engines' message word {payload, j, i}, sinks and counters (a2a_source,
//     a2a_sink, a2a_monitor, a2a_ctrl).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "minforge/algo/banyan.hpp"
#include "minforge/algo/gsen.hpp"

namespace minforge::fabric {

enum class Network { Gsen, Banyan };

// Control encodings of rtl/common/mf_params.vh.
enum class Ctrl : int { Individual = 0, Stage = 1, Alt = 2, Alt2 = 3, Alt4 = 4, Tag = 5 };
// "individual"/"indiv", "stage", "alt", "alt2", "alt4", "tag"; InvalidArgument otherwise.
Ctrl parse_ctrl(const std::string& name);
const char* to_string(Ctrl c);
// gsen::Control of a configuration-number mode (Stage, Alt, Alt2, Alt4).
gsen::Control gsen_control(Ctrl c);

// One cycle's fabric inputs.
struct FabricInputs {
  std::vector<uint8_t> valid;   // [N]
  std::vector<uint64_t> data;   // [N], low W bits used
  std::vector<uint32_t> tag;    // [N], tag mode: forward tag (bit n-1-s used at stage s)
  uint32_t cfg = 0;             // stage/alt modes: the configuration number
  std::vector<uint8_t> states;  // individual mode: states[s*H + y] (banyan: i*H + l)
  void resize(int N, int stages);
};

// Banyan fault ports (not pipelined).
struct BanyanFault {
  bool enabled = false;
  int stage = 0;
  int element = 0;
  int kind = 0;  // 0 dead, 1 stuck straight, 2 stuck cross, 3 dead
};

struct FabricOutputs {
  std::vector<uint8_t> valid;     // [N]
  std::vector<uint64_t> data;     // [N] (meaningful where valid)
  std::vector<uint8_t> conflict;  // [stages * N/2], bit s*H + y
};

class FabricModel {
 public:
  // Validates N as the RTL does (GSEN: even >= 4; banyan: power of two >= 4), W in 1..64,
  // and the control (banyan: Individual, Stage or Tag).
  FabricModel(Network net, int N, int W, Ctrl control, bool pipeline);

  int ports() const { return N_; }
  int stages() const { return n_; }
  int latency() const { return pipeline_ ? n_ : 0; }
  Network network() const { return net_; }
  Ctrl control() const { return ctrl_; }

  // Synchronous reset (the edge with rst = 1): clears the valid/conflict pipeline.
  void reset();
  // The outputs in the current cycle for these inputs (combinational through the
  // unregistered part), before the clock edge.  Does not change state.
  const FabricOutputs& eval(const FabricInputs& in, const BanyanFault& fault = {});
  // The clock edge after eval(): the stage registers take the values eval() computed.
  void clock();

 private:
  struct Slot {
    std::vector<uint8_t> v;
    std::vector<uint64_t> d;
    std::vector<uint32_t> tag;
    uint32_t cfg = 0;
    std::vector<uint8_t> states;
    std::vector<uint8_t> x;
  };
  void stage_comb(int s, const Slot& in, Slot& out, const BanyanFault& fault) const;
  void init_slot(Slot& sl) const;

  Network net_;
  int N_, n_, H_, W_;
  Ctrl ctrl_;
  bool pipeline_;
  uint64_t wmask_;
  std::optional<gsen::Topology> gsen_;
  std::optional<banyan::Topology> banyan_;
  std::vector<Slot> regs_;  // pipeline: register after stage s
  std::vector<Slot> next_;  // values computed by eval() for the next edge
  Slot in_, tmp_;
  FabricOutputs out_;
};

// ---- all-to-all engines ----

// The message word of a2a_source: [IW-1:0] source i, [2IW-1:IW] destination j,
// [W-1:2IW] the low W-2IW bits of ((29 i + 83 j) mod 2^32) xor 0x5A5A5A5A, IW = ceil(log2 N).
uint64_t a2a_message(int N, int W, int i, int j);
uint32_t a2a_payload32(uint32_t i, uint32_t j);

// One round of an engine schedule: configuration, and per processor send bit,
// destination and forward tag.
struct EngineRound {
  uint32_t cfg = 0;
  std::vector<uint8_t> send;  // [N]
  std::vector<int> dest;      // [N], -1 = idle
  std::vector<uint32_t> tag;  // [N]
};
struct EngineSchedule {
  Network net = Network::Gsen;
  int ports = 0;
  Ctrl control = Ctrl::Stage;  // configuration control of the rounds (Stage/Alt*)
  std::vector<EngineRound> rounds;
  std::vector<Pair> missing;  // pairs the schedule never sends (player with a short list)
};
// gsen_sched_alt: Algorithm 4 (gsen::OnTheFlyExchange), N = 2 mod 4.
EngineSchedule gsen_alt_schedule(int N);
// gsen_sched_stage: gsen::personalized_exchange_stage (2^n rounds, C = k).
EngineSchedule gsen_stage_schedule(int N);
// gsen_sched_player: the listed configurations in order under `control` (Stage/Alt*); a
// pair is sent in the first listed configuration that realizes it; `missing` lists the
// pairs no listed configuration realizes.
EngineSchedule gsen_player_schedule(int N, Ctrl control, const std::vector<uint32_t>& configs);
// banyan_sched_latin: round k = Gamma_k (banyan::gamma), all processors send.
EngineSchedule banyan_latin_schedule(int N);
// The player memory entry of a round (gsen_sched_player): [CW4-1:0] cfg, [CW4 +: N] mask,
// CW4 = 4 ceil(n/4); returned as little-endian 32-bit words.
std::vector<uint32_t> player_entry(int N, const EngineRound& r);

// Engine observable state in one cycle (after eval, before the edge).
struct EngineState {
  bool busy = false, done = false, inject = false;
  uint32_t round = 0;
  uint32_t cycles = 0, delivered = 0, good = 0, err_dst = 0, err_payload = 0, err_dup = 0;
  uint32_t missing = 0, errors = 0, conflicts = 0;
};

// Cycle-level model of gsen_a2a_engine / banyan_a2a_engine (a2a_ctrl + scheduler +
// fabric + a2a_monitor).  Cycle convention of a2a_ctrl: start sampled at an edge; the next
// cycle is cycle 0; round k injected in cycle k; done after cycle rounds + latency - 1.
class EngineModel {
 public:
  EngineModel(const EngineSchedule& sched, int W, bool pipeline, bool use_tags);
  int rounds() const { return static_cast<int>(sched_.rounds.size()); }
  int latency() const { return fabric_.latency(); }
  void reset();
  // Current-cycle values given `start` and the fault; then clock() commits the edge.
  void eval(bool start, const BanyanFault& fault = {});
  void clock();
  const EngineState& state() const { return st_; }
  const FabricInputs& fabric_in() const { return fin_; }
  const FabricOutputs& fabric_out() const { return *fout_; }
  const EngineSchedule& schedule() const { return sched_; }

 private:
  EngineSchedule sched_;
  int N_, W_, IW_;
  bool use_tags_;
  FabricModel fabric_;
  FabricInputs fin_;
  const FabricOutputs* fout_ = nullptr;
  EngineState st_;
  // registered state
  bool busy_q_ = false, done_q_ = false;
  uint32_t cyc_q_ = 0, round_q_ = 0;
  uint32_t delivered_q_ = 0, good_q_ = 0, dst_q_ = 0, pay_q_ = 0, dup_q_ = 0, conf_q_ = 0;
  std::vector<std::vector<uint8_t>> seen_;  // seen_[j][i]
  // values for the next edge
  bool clear_ = false;
  uint32_t n_valid_ = 0, n_good_ = 0, n_dst_ = 0, n_pay_ = 0, n_dup_ = 0, n_conf_ = 0;
  std::vector<std::pair<int, int>> good_events_;  // (j, i)
};

}  // namespace minforge::fabric
