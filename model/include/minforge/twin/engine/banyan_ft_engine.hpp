// minforge cycle twin of rtl/engine/banyan_ft_engine.v: the fault-tolerant banyan exchange
// of paper 000 on a user's data (schedule memory, relay buffers, the data-engine memory
// ports, counters), built on the BanyanFabric twin.  Ports, plan entry and timing: the RTL
// header; the plan image is written by banyan::ft_image (algo/banyan/banyan_ft_plan.hpp).
//
// Cycle protocol (as HypercubeNet): the outputs are functions of the state (every output of
// the RTL is a register or decoded from registers); clock(in) is the rising edge with the
// inputs of the cycle (rst, start, the plan write, plan_len, the fault, src_rd_data).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "minforge/algo/banyan/banyan_ft_plan.hpp"
#include "minforge/twin/banyan/banyan_fabric.hpp"

namespace minforge::twin {

class BanyanFtEngine {
 public:
  // The RTL's parameters; throws InvalidArgument as it refuses to elaborate (N a power of
  // two >= 8, DW >= 1, B >= 1, plan_depth >= 1, relay_depth >= 1), and where the twin's
  // 64-bit words do not reach (fabric word FW = DW + 2 log2 N + ceil(log2 B) + SW + 1 <= 64,
  // N*B <= 2^20).  src_lat: SRC_LAT, the source read latency, 1 or 2.
  BanyanFtEngine(int N, int DW, int B, bool pipeline, int plan_depth, int relay_depth,
                 int src_lat = 1);
  static int default_plan_depth(int N) { return 3 * N + 8; }
  static constexpr int kDefaultRelayDepth = 2;

  struct In {
    bool rst = false, start = false;
    bool plan_wr_en = false;
    uint32_t plan_wr_addr = 0;
    std::span<const uint32_t> plan_wr_data;  // EW bits, 32 per word (ft_entry_bits)
    uint32_t plan_len = 0;
    BanyanFault fault;
    std::span<const uint64_t> src_rd_data;  // [N] (empty: all zero)
  };

  int ports() const { return N_; }
  // cycles = B*T + latency(): plan read, source read (SRC_LAT cycles), fabric, sink
  // register, event register and the counters' population-count levels (as the other data
  // engines: A2aXchg::engine_latency)
  int latency() const;
  int src_lat() const { return src_lat_; }
  int count_levels() const { return static_cast<int>(pipe_.size()); }
  int entry_width() const { return ew_; }
  int addr_width() const { return aw_; }
  int plan_addr_width() const { return paw_; }
  int plan_len_width() const { return plw_; }

  bool busy() const { return busy_; }
  bool done() const { return done_; }
  uint32_t cycles() const { return cyc_; }
  uint32_t delivered() const { return deliv_; }
  uint32_t err_dst() const { return dst_; }
  uint32_t err_dup() const { return dup_; }
  uint32_t missing() const { return done_ ? due_ : 0u; }
  uint32_t relay_miss() const { return miss_; }
  uint32_t relay_ovf() const { return ovf_; }
  bool src_rd_en(int i) const;
  uint32_t src_rd_addr(int i) const;
  bool snk_wr_en(int i) const { return s_v_[i] && s_ok_[i]; }
  uint32_t snk_wr_addr(int i) const { return s_addr_[i]; }
  uint64_t snk_wr_data(int i) const { return s_data_[i]; }

  void clock(const In& in);

 private:
  int N_, M_, DW_, B_, hbw_, bw_, aw_, flat_, plan_depth_, relay_depth_, src_lat_, sw_, ew_, paw_,
      plw_;
  int rw_, o_slot_, o_hop_;
  uint64_t dmask_;
  uint32_t total_;
  BanyanFabric fabric_;
  FabricIn fin_;
  std::vector<banyan::FtEntry> plan_;
  // control
  bool busy_ = false, done_ = false, issue_ = false;
  uint32_t len_ = 0, t_ = 0, b_ = 0, drain_ = 0, cyc_ = 0;
  // stage A, stage C
  bool a_v_ = false;
  banyan::FtEntry a_ent_;
  uint32_t a_b_ = 0, c_cfg_ = 0, c_b_ = 0;
  // stage X: stage A delayed by SRC_LAT - 1 registers (x_.back() feeds stage C)
  struct Staged {
    bool v = false;
    banyan::FtEntry ent;
    uint32_t b = 0;
  };
  std::vector<Staged> x_;
  std::vector<uint32_t> c_op_, c_dest_, c_slot_;
  // relay buffers, sink registers, written-word records
  std::vector<uint64_t> rmem_;  // [N * relay_depth]
  std::vector<uint8_t> rv_;     // [N * relay_depth]
  std::vector<uint8_t> s_v_, s_ok_;
  std::vector<uint32_t> s_addr_;
  std::vector<uint64_t> s_data_;
  std::vector<uint8_t> seen_;  // [N * N*B]
  // counters (a2a_counter), fed by the registered event counts (stage E) through the
  // population-count trees (a2a_popcount): pipe_[k] is the level k + 1 count
  struct Counts {
    uint32_t wr = 0, good = 0, bad = 0, dup = 0, miss = 0, ovf = 0;
  };
  Counts e_;
  std::vector<Counts> pipe_;
  uint32_t deliv_ = 0, due_ = 0, dst_ = 0, dup_ = 0, miss_ = 0, ovf_ = 0;
  // scratch
  std::vector<uint8_t> clr_, rv_next_;
};

}  // namespace minforge::twin
