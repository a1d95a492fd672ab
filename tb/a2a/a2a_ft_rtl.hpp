// minforge harness of the fault-tolerant banyan exchange engine (paper 000):
// rtl/engine/banyan_ft_engine.v in lockstep with its twin BanyanFtEngine, as a typed library
// on the harness core (tb/core).  Callers: the regression (tb/a2a/a2a_ft_main.cpp,
// tb_banyan_ft) and `minforge sim banyan --fault I,L,dead` (in-process, on a model built on
// demand with tb/a2a/a2a_ft.cmake).
//
//   RTL                              twin (model/include/minforge/twin/engine)
//   rtl/engine/banyan_ft_engine.v    BanyanFtEngine (on the BanyanFabric twin)
//
// The harness plays only the user's memories (a synchronous source buffer, read with the
// model's SRC_LAT: 2 adds a block RAM's output register, and a sink buffer per processor);
// the processors, relays and schedule are the RTL's.  Compared every
// cycle, RTL against twin: busy, done, cycles, delivered, err_dst, err_dup, missing,
// relay_miss, relay_ovf, every src_rd_en bit and src_rd_addr where enabled, every snk_wr_en
// bit and snk_wr_addr / snk_wr_data where enabled.  A plan run loads the model's plan image
// for the fault through the text file's reader (banyan::ft_image_hex, then ft_image_parse:
// the bits the RTL decodes are the file's), fills the source buffers with random words, runs
// the exchange with the fault injected (dead) and checks at done: cycles = B*T + LAT, T the
// plan's cycles; N^2 B words delivered, each sink address written exactly once with the
// word its source holds (the transpose); err_dst, err_dup, missing, relay_miss (no relay
// sent a message it did not hold: none waited) and relay_ovf all 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "core/run.hpp"
#include "minforge/algo/banyan/banyan_ft_plan.hpp"

namespace minforge::tb {

// The parameters a model was built with (its manifest, tb/a2a/a2a_ft.cmake).
struct FtParams {
  int N = 0, DW = 0, B = 0, plan_depth = 0, relay_depth = 0, src_lat = 1;
  bool pipeline = true;
  int flat() const;              // fabric latency: log2 N with PIPELINE = 1, else 0
  int latency() const;           // engine: the RTL header's LAT (twin::A2aXchg::engine_latency)
  std::string describe() const;  // "banyan_ft_engine N=16 DW=16 B=1 PIPELINE=1 ..."
};
FtParams ft_params(const Model& m);

struct FtPlanRun {
  RunOutcome run;
  FtParams params;
  long exchanges = 0;
  long plan_cycles_min = 0, plan_cycles_max = 0;  // T over the exchanges
  long cycles_last = 0;                           // the last exchange's counters when done
  int64_t delivered_last = 0, dup_last = 0, missing_last = 0;
  int64_t words = 0;    // words delivered, summed
  std::string failure;  // the first end-of-exchange check failed
};
struct FtOptions {
  RunOptions run;
  uint64_t seed = 1;
  std::string tag;      // waveform name
  std::string context;  // how to reproduce
  // A plan image to run instead of the model's plan, one per fault (empty: the model's).
  // Its plan length is then not held to the model's target; its latency must be at least the
  // fabric's and its RELAY_DEPTH the model's.  tb_banyan_ft --plan-hex (banyan ftmin's
  // certificates, docs/research/banyan_ft_*.hex).
  std::vector<banyan::FtImage> images;
};
// One exchange per fault, back to back on one instance (after a reset): plan load, start,
// run to done, the checks above.
FtPlanRun ft_plan_lockstep(const Model& m, const std::vector<banyan::Fault>& faults,
                           const FtOptions& o);

// Random stimulus, RTL against twin only: random plan entries (every op, any slot), plan
// lengths, starts (also while busy), faults of every kind anywhere (stuck and dead, stage 0
// and m-1 too), source words, reset pulses (1 in 64).
RunOutcome ft_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt);

// The regression's models for `minforge sim`: built on demand with tb/a2a/a2a_ft.cmake.
const Model& ft_model(int N, bool pipeline, int DW);

// ---- `minforge sim banyan --fault I,L,dead`
struct FtSimResult {
  int ports = 0, width = 0, rounds = 0, latency = 0;
  long cycles = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0;
  int mismatches = 0;
  std::vector<Mismatch> reports;
  std::vector<std::string> waves;
};
FtSimResult ft_sim(const Model& m, banyan::Fault fault, uint64_t seed, const std::string& wave,
                   const std::string& wave_dir);

}  // namespace minforge::tb
