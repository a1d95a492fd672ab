// minforge harness of the AXI4-Stream exchange IP: rtl/engine/a2a_axis_xchg.v in lockstep
// with its twin A2aAxisXchg, as a typed library on the harness core (tb/core).  Callers: the
// regression (tb/a2a/a2a_axis_main.cpp, tb_a2a_axis) and `minforge sim axis` (in-process, on
// a model built on demand with tb/a2a/a2a_axis.cmake).
//
//   RTL                              twin (model/include/minforge/twin/engine)
//   rtl/engine/a2a_axis_xchg.v       A2aAxisXchg (around GsenA2aXchg / BanyanA2aXchg /
//                                    BanyanFtEngine)
//
// The harness plays the streams' other ends: N AXI4-Stream sources (a word, once presented
// with tvalid, held with its tdata and tlast until its handshake) and N sinks.  A run is a
// series of phases, each with its own probabilities of a tvalid gap (a source not presenting
// its next word in a cycle) and of a tready pause (a sink not ready in a cycle), the first
// without either; every phase sends `frames` random frames on every slave port and ends when
// every master port has handed them over.  The last phase resets the IP in its middle (one
// rst cycle, a frame or two into the phase: the engine usually busy): the frames queued are
// dropped, the sources let go, and the phase starts over with new frames; the end checks
// count from that reset.  A word's tlast is misplaced (set on a word that
// is not a frame's last, or cleared on the last) with probability `tlast_error`.  Compared
// every cycle, RTL against twin: every bit of s_axis_tready, m_axis_tvalid, m_axis_tlast,
// every port's m_axis_tdata, frames_in, frames_done, frames_out, cycles, xchg_cycles,
// err_tlast, err_dst, err_dup, missing, conflicts.  Checked against the frames sent (the
// model's expectation, not the twin's): every master handshake's word is the transpose's
// (master j's word s*B + b of frame f = slave s's word j*B + b of frame f) with tlast on the
// N*B-th word only; at the end frames_in = frames_done = frames_out = the frames sent,
// err_tlast = the tlasts misplaced, the engine's counters 0, xchg_cycles = B*ROUNDS + LAT;
// in the first phase (no pauses) consecutive exchanges end B*ROUNDS + LAT + 1 cycles apart
// (the frame period of docs/engines.md).  No handshake for a long time is a deadlock.
// The fault-tolerant engine (ENGINE banyan_ft): after the first reset the plan image the
// model writes for a dead internal element drawn from the seed (banyan::ft_image, as
// `minforge banyan fault --plan-hex`) is loaded through the plan port, one entry per cycle,
// plan_len and the fault set and held; relay_miss and relay_ovf are compared every cycle and
// must be 0 at the end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "minforge/twin/engine/a2a_axis_xchg.hpp"

namespace minforge::tb {

// The parameters a model was built with (its manifest, tb/a2a/a2a_axis.cmake).
struct AxisParams {
  params::Design engine = params::Design::Banyan;
  int N = 0, DW = 0, B = 1;
  params::Sched sched = params::Sched::Stage;
  bool pipeline = true, use_tags = false;
  int src_lat = 1;
  std::string describe() const;  // "a2a_axis_xchg ENGINE=banyan N=4 DW=8 B=1 PIPELINE=1 ..."
  // The recipe call of this parameter set (mf_a2a_axis_model(<target> ... [MODULE])).
  std::string recipe(const std::string& target, bool module) const;
};
AxisParams axis_params(const Model& m);

// A phase: tvalid gap and tready pause probabilities.
struct AxisPhase {
  double gap = 0, pause = 0;
  bool reset = false;  // rst for one cycle in mid-phase (tvalid, tready low), frames dropped
};
struct AxisOptions {
  RunOptions run;
  uint64_t seed = 1;
  int frames = 20;  // per phase and port
  std::vector<AxisPhase> phases{{0, 0, false},     {0.3, 0, false},   {0, 0.5, false},
                                {0.5, 0.5, false}, {0.2, 0.8, false}, {0.3, 0.3, true}};
  double tlast_error = 0.02;
  int64_t plant_twin = -1;   // self-test: the twin's slave tdata corrupted from this cycle on
  bool plant_relay = false;  // self-test (FT engine): the twin's plan loses its first relay hop
  std::string tag;           // waveform name
  std::string context;       // how to reproduce
};
struct AxisRun {
  RunOutcome run;
  AxisParams params;
  long frames = 0;                 // frames sent and handed over on every port (all phases)
  long frames_dropped = 0;         // frames queued when the IP was reset (not checked)
  bool reset_in_exchange = false;  // the reset came while the engine was busy
  int64_t words = 0;               // master handshakes checked
  uint32_t tlast_errors = 0;       // misplaced tlasts sent (= err_tlast at the end)
  long period = 0;                 // frame period measured in the no-pause phase (0: n/a)
  long expected_period = 0;        // B*ROUNDS + LAT + 1
  double words_per_clock = 0;      // no-pause phase: N*N*B words per exchange / its period
  uint32_t xchg_cycles = 0;        // the IP's xchg_cycles at the end
  uint32_t err_tlast = 0;          // the IP's err_tlast at the end
  std::string failure;             // the first check that failed ("" when none)
  std::string fault;               // FT engine: the dead element "E_I,L" ("" otherwise)
  int plan_cycles = 0;             // FT engine: the plan's T
};
AxisRun axis_lockstep(const Model& m, const AxisOptions& o);

// The model of a parameter set for `minforge sim axis`, built on demand (tb/a2a/a2a_axis.cmake).
const Model& axis_model(const AxisParams& p);

}  // namespace minforge::tb
