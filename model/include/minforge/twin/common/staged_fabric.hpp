// minforge twin: the switch pipeline both all-to-all fabrics share (rtl/common/mf_switch2x2.v
// and mf_switch_tag_ctrl.v stages, with the optional register after every stage).  Not a
// twin by itself: GsenFabric (twin/gsen_fabric.hpp, rtl/gsen/gsen_fabric.v) and BanyanFabric
// (twin/banyan_fabric.hpp, rtl/banyan/banyan_fabric.v) fill its stage tables with their
// topology's wiring and are the twins the harnesses use.
//
// Behaviour the papers leave open and the RTL fixes (docs/verification.md):
//   * PIPELINE = 1: a register after every stage; a round presented in cycle c is at the
//     outputs in cycle c + n; the configuration travels with its round; reset clears the
//     valid and conflict registers only (data registers keep their values).
//   * Tag self-routing (CONTROL = tag, mf_switch_tag_ctrl): the switch at stage s sends a
//     message to out-subport = bit (n-1-s) of its forward tag; in-subport 0 always gets its
//     out-subport; when both messages ask for the same out-subport the in-subport 1 message
//     is dropped and conflict bit s*H + y is set (it travels with the round).
//   * Data moves through every switch whether or not its valid bit is set, as in the RTL,
//     so the outputs match the RTL bit for bit on every lane; only valid lanes carry meaning.
//   * ROUND_VALID (gsen_fabric only) is not modelled separately: for the full or empty
//     rounds it accepts, its outputs equal the per-message valid bits computed here.
//
// Cycle protocol: eval(in) computes this cycle's outputs (and the values the stage
// registers take at the next edge) without changing state; clock() is the edge; reset()
// is an edge with rst = 1.  The spans eval() returns stay valid until the next clock().
// Cost: O(N n) per eval, no allocation after construction.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/params.hpp"

namespace minforge::twin {

using params::Ctrl;

// One cycle's inputs of a fabric (the RTL ports in_valid, in_data, in_tag, in_cfg).
struct FabricIn {
  std::vector<uint8_t> valid;   // [N]
  std::vector<uint64_t> data;   // [N], low W bits used
  std::vector<uint32_t> tag;    // [N], tag control: forward tag (bit n-1-s used at stage s)
  uint32_t cfg = 0;             // stage / alt control: the configuration number
  std::vector<uint8_t> states;  // individual control: states[s*H + y]
  void resize(int N, int stages);
};

// A faulty banyan switching element (banyan_fabric's fault_* ports; not pipelined: it acts
// on whatever round is inside that stage in the current cycle).
struct BanyanFault {
  bool enabled = false;
  int stage = 0;
  int element = 0;
  // params::Fault (MF_FAULT_*): dead, stuck straight, stuck cross; 3 acts as dead
  int kind = params::code(params::Fault::Dead);
  // Dead: the element delivers nothing (Fault::Dead and the unnamed code 3, as the RTL).
  bool dead() const {
    return kind != params::code(params::Fault::Straight) &&
           kind != params::code(params::Fault::Cross);
  }
};

// This cycle's outputs (out_valid, out_data, out_conflict), valid until the next clock().
struct FabricOut {
  std::span<const uint8_t> valid;     // [N]
  std::span<const uint64_t> data;     // [N]
  std::span<const uint8_t> conflict;  // [n * N/2], bit s*H + y
};

class StagedFabric {
 public:
  int ports() const { return N_; }
  int stages() const { return n_; }
  int width() const { return W_; }
  int latency() const { return pipeline_ ? n_ : 0; }
  Ctrl control() const { return ctrl_; }
  bool pipelined() const { return pipeline_; }

  // Synchronous reset (the edge with rst = 1): clears the valid/conflict pipeline.
  void reset();
  // This cycle's outputs for these inputs (fault: banyan only, null = none).
  FabricOut eval(const FabricIn& in, const BanyanFault* fault = nullptr);
  // The clock edge after eval().
  void clock();

  // Wiring of switch y at stage s: in-subports from positions a0/a1, out-subport f to
  // position d0 (f = 0) / d1 (f = 1) of the next stage's input (or the outputs).
  struct Stage {
    std::vector<int> a0, a1, d0, d1;
    std::vector<uint8_t> axor;  // alternating control: state = config bit xor axor[y]
  };

 protected:
  StagedFabric(int N, int stages, int W, Ctrl control, bool pipeline, std::vector<Stage> wiring,
               bool banyan);

 private:
  struct Slot {
    std::vector<uint8_t> v;
    std::vector<uint64_t> d;
    std::vector<uint32_t> tag;
    uint32_t cfg = 0;
    std::vector<uint8_t> states;
    std::vector<uint8_t> x;
  };
  // The arrays a stage reads: a Slot, or for stage 0 the caller's FabricIn.
  struct View {
    const uint8_t* v;
    const uint64_t* d;
    const uint32_t* tag;
    uint32_t cfg;
    const uint8_t* states;
    const uint8_t* x;
  };
  static View view(const Slot& s) {
    return View{s.v.data(), s.d.data(), s.tag.data(), s.cfg, s.states.data(), s.x.data()};
  }
  void init(Slot& sl) const;
  template <bool First>
  void stage(int s, const View& in, Slot& out, const BanyanFault* fault) const;
  template <int M, bool Shuffle, bool First>
  void stage_impl(int s, const View& in, Slot& out, const BanyanFault* fault) const;

  int N_, n_, H_, W_;
  Ctrl ctrl_;
  bool pipeline_, banyan_, shuffle_ = false;
  uint64_t wmask_;
  std::vector<Stage> st_;
  std::vector<Slot> regs_;  // pipeline: the register after stage s
  std::vector<Slot> next_;  // what eval() computed for the next edge
  Slot tmp_;
  std::vector<uint8_t> zero_x_;  // the conflict bits entering stage 0
};

}  // namespace minforge::twin
