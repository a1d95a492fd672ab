// A2aXchg: the composition both all-to-all data-engine twins share (not a twin of its own):
//   GsenA2aXchg    rtl/engine/gsen_a2a_xchg.v    twin/engine/gsen_a2a_xchg.hpp
//   BanyanA2aXchg  rtl/engine/banyan_a2a_xchg.v  twin/engine/banyan_a2a_xchg.hpp
// Both are A2aXchg, the same composition as the RTL, part by part:
//   a2a_ctrl     start sampled at an edge; the next cycle is cycle 0; step t = b*R + k
//                issued in cycle t (R rounds, B block words); done after cycle B*R + LAT - 1
//   scheduler    rtl/engine/*_sched_*.v: the round table (twin/a2a_sched.hpp)
//   a2a_source   S1 (the issued round registered; read ports driven), SRC_LAT - 1 delay
//                registers, S2 (header and controls beside the read data): fabric input
//                1 + SRC_LAT cycles after issue (src_lat(): 1 or 2)
//   fabric       GsenFabric / BanyanFabric on FW = DW + 2*IW + ceil(log2 B) bit words
//   a2a_sink     K (register after the fabric; classification; sink writes), E (events
//                registered)
//   a2a_monitor  the events' counts through count_levels() registered levels
//                (a2a_popcount); the counters add them at the next edge; missing when done
// LAT = engine_latency(fabric latency, src_lat(), count_levels()).  Cycle protocol:
// eval(start, src_rd_data, fault) (this cycle's outputs, no state change) then clock() (the
// edge).  src_rd_data is what the source buffers' read ports deliver this cycle: the word
// read SRC_LAT cycles before (the user's memories: the harness's, or a2a_gen's twin in the
// self-test engines, SRC_LAT = 1).  The twin carries fabric words of up to 64 bits.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "minforge/common.hpp"
#include "minforge/twin/common/staged_fabric.hpp"
#include "minforge/twin/engine/a2a_sched.hpp"

namespace minforge::twin {

using params::Sched;

// The data engine's status outputs in one cycle (after eval, before the edge), plus the
// controller's issue / round / block probes.
struct XchgState {
  bool busy = false, done = false, issue = false;
  uint32_t round = 0, blk = 0;
  uint32_t cycles = 0, delivered = 0, err_dst = 0, err_dup = 0, missing = 0, conflicts = 0;
};

class A2aXchg {
 public:
  // The data engines' latency LAT (rtl/engine/a2a_functions.vh a2a_latency, the RTL's one
  // formula; this is its C++ copy, checked against the RTL by every lockstep exchange):
  // scheduler / plan-read register, the source read (src_lat cycles), the fabric (flat), the
  // sink register, the event register and the pl population-count levels.
  static int engine_latency(int flat, int src_lat, int pl) { return flat + src_lat + 3 + pl; }
  // SRC_LAT of the RTL: 1 (synchronous block RAM) or 2 (with its output register).
  static void check_src_lat(int src_lat);
  // The engine pipeline's own stages (besides the fabric) with SRC_LAT = 1: scheduler
  // register, source read, sink register, event register, and the count_levels() of the
  // counters' population-count trees.
  static int stages(int N, bool use_tags) {
    return engine_latency(0, 1,
                          count_levels(N, ceil_log2(static_cast<uint64_t>(N)) * (N / 2), use_tags));
  }
  // rtl/engine/a2a_functions.vh a2a_count_levels: ceil(log4 w), at least 1, w = N (the
  // sinks' events) or, with tag routing, the larger of N and the ncf conflict bits.
  static int count_levels(int N, int ncf, bool use_tags) {
    const int w = use_tags && ncf > N ? ncf : N;
    int l = 1;
    for (long span = 4; span < w; span *= 4) ++l;
    return l;
  }

  int ports() const { return N_; }
  int data_width() const { return DW_; }
  int blocks() const { return B_; }
  int fabric_width() const { return FW_; }
  int header_width() const { return HW_; }
  int addr_width() const { return AW_; }
  int rounds() const { return static_cast<int>(sched_.rounds.size()); }
  int fabric_latency() const { return fabric_->latency(); }
  int count_levels() const { return static_cast<int>(pipe_.size()); }
  int src_lat() const { return src_lat_; }
  int latency() const { return engine_latency(fabric_->latency(), src_lat_, count_levels()); }
  // The exchange's cycles (`cycles` when done): B * rounds + latency.
  int exchange_cycles() const { return B_ * rounds() + latency(); }
  const A2aSchedule& schedule() const { return sched_; }
  const StagedFabric& fabric() const { return *fabric_; }

  void reset();
  // This cycle: `start`, the source read registers [N] (low DW bits used) and the banyan
  // fault ports (ignored by GSEN).
  void eval(bool start, std::span<const uint64_t> src_rd_data, const BanyanFault& fault = {});
  void clock();
  const XchgState& state() const { return st_; }
  // Memory ports this cycle ([N] each): reads (addresses meaningful where enabled) and
  // sink writes.
  std::span<const uint8_t> src_rd_en() const { return rd_en_; }
  std::span<const uint32_t> src_rd_addr() const { return rd_addr_; }
  std::span<const uint8_t> snk_wr_en() const { return wr_en_; }
  std::span<const uint32_t> snk_wr_addr() const { return wr_addr_; }
  std::span<const uint64_t> snk_wr_data() const { return wr_data_; }
  const FabricIn& fabric_in() const { return fin_; }
  const FabricOut& fabric_out() const { return fout_; }

 protected:
  A2aXchg(A2aSchedule sched, std::unique_ptr<StagedFabric> fabric, int DW, int B, int src_lat);
  // The fabric word DW + 2*ceil(log2 N) + ceil(log2 B) of the engines' parameters; throws
  // InvalidArgument unless DW >= 1, B >= 1 and the word fits in 64 bits.
  static int checked_fabric_word(int N, int DW, int B);

 private:
  A2aSchedule sched_;
  int N_, DW_, B_, src_lat_, IW_, HBW_, HW_, FW_, AW_;
  uint64_t dmask_;
  std::unique_ptr<StagedFabric> fabric_;
  FabricIn fin_;
  FabricOut fout_;
  XchgState st_;
  // a2a_ctrl
  bool busy_q_ = false, done_q_ = false, issue_q_ = false, clear_ = false;
  uint32_t cyc_q_ = 0, round_q_ = 0, blk_q_ = 0;
  // a2a_source: the round (-1 none) and block in S1 ([0]), the delay registers and S2
  // ([src_lat_])
  std::vector<int> s_round_;
  std::vector<uint32_t> s_blk_;
  bool fin_valid_ = false;
  std::vector<uint8_t> rd_en_;
  std::vector<uint32_t> rd_addr_;
  // a2a_sink: stage K registers, this cycle's classes, stage E counts, seen vectors
  std::vector<uint8_t> kv_;
  std::vector<uint64_t> kd_;
  uint32_t kc_ = 0;
  std::vector<uint8_t> wr_en_;
  std::vector<uint32_t> wr_addr_;
  std::vector<uint64_t> wr_data_;
  uint32_t n_good_ = 0, n_bad_ = 0, n_dup_ = 0;
  uint32_t e_good_ = 0, e_bad_ = 0, e_dup_ = 0, e_conf_ = 0;
  // a2a_monitor: the population-count trees (a2a_popcount), one entry per level (the
  // count of the vector that entered k + 1 cycles ago)
  struct Counts {
    uint32_t good = 0, bad = 0, dup = 0, conf = 0;
  };
  std::vector<Counts> pipe_;
  std::vector<uint8_t> seen_;  // seen_[j * N * B + a]
  // a2a_monitor
  uint32_t delivered_ = 0, err_dst_ = 0, err_dup_ = 0, conflicts_ = 0;
};

}  // namespace minforge::twin
