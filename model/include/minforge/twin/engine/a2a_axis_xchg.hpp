// minforge twin of rtl/engine/a2a_axis_xchg.v, the AXI4-Stream exchange IP: N slave streams
// in, N master streams out, double-buffered source and sink memories around a data engine
// twin (GsenA2aXchg for ENGINE = MF_DESIGN_GSEN, BanyanA2aXchg for MF_DESIGN_BANYAN,
// BanyanFtEngine for MF_DESIGN_BANYAN_FT with the plan and fault ports passed through), the
// same composition as the RTL, part by part:
//   bank state   lb (source bank loading), xb (bank exchanging), db (sink bank draining),
//                sfull[2], kfull[2], xrun; e_start = (!xrun || x_end) && sfull[x] && !kfull[x]
//   status       frames_in / frames_done / frames_out, cycles, xchg_cycles, err_tlast, and
//                the engine's err_dst / err_dup / missing / conflicts (relay_miss / relay_ovf
//                of the FT engine) summed at each done
//   per port i   source memory (2 banks x 2^AW words, synchronous write from the slave
//                stream at address b*N + j of bank lb, registered read by the engine from
//                bank xb, SRC_LAT 2: one more output register), slave counters (w_j, w_b,
//                w_a, w_done); sink memory (written by the engine into bank xb, read into the
//                master port's tdata register from bank db), master counters (r_s, r_b, r_a,
//                r_all), tvalid / tlast registers
// Every output of the RTL is a register output (s_axis_tready from registers only), so the
// outputs below are the values of this cycle before the edge; clock(in) is the edge with
// this cycle's inputs.  Memories are not cleared by rst (as the RTL's): they start at 0.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/twin/engine/a2a_xchg.hpp"
#include "minforge/twin/engine/banyan_ft_engine.hpp"

namespace minforge::twin {

class A2aAxisXchg {
 public:
  // This cycle's inputs ([N] each; tdata low DW bits used).
  struct In {
    bool rst = false;
    std::vector<uint8_t> s_tvalid, s_tlast, m_tready;
    std::vector<uint64_t> s_tdata;
    // the FT engine's plan and fault ports (ENGINE MF_DESIGN_BANYAN_FT; ignored otherwise)
    bool plan_wr_en = false;
    uint32_t plan_wr_addr = 0;
    std::vector<uint32_t> plan_wr_data;  // EW bits, 32 per word (banyan::ft_entry_bits)
    uint32_t plan_len = 0;
    BanyanFault fault;
  };

  // The RTL's parameters: ENGINE (Design::Gsen, Banyan, BanyanFt: MF_DESIGN_*), N, DW, B,
  // SCHED (GSEN: alt or stage), PIPELINE, USE_TAGS, SRC_LAT, PLAN_DEPTH and RELAY_DEPTH (the
  // FT engine's; 0: its defaults 3N + 8 and 2).  Throws InvalidArgument where the RTL stops
  // elaboration (and where the engine twin does).
  A2aAxisXchg(params::Design engine, int N, int DW, int B, Sched sched, bool pipeline,
              bool use_tags, int src_lat, int plan_depth = 0, int relay_depth = 0);

  int ports() const { return N_; }
  int data_width() const { return DW_; }
  int blocks() const { return B_; }
  int frame_words() const { return N_ * B_; }  // NB: words per port per frame
  int addr_width() const { return AW_; }
  bool fault_tolerant() const { return ft_ != nullptr; }
  // The FT engine (nullptr for the others) and the data engine (nullptr for the FT engine).
  const BanyanFtEngine* ft_engine() const { return ft_.get(); }
  const A2aXchg* xchg() const { return x_.get(); }
  bool engine_busy() const { return ft_ ? ft_->busy() : x_->state().busy; }
  // The exchange's cycles, B*ROUNDS + LAT (FT engine: B*T + LAT, T = the plan_len of the
  // last clock), and the frame period when no stream pauses: that + 1.
  int exchange_cycles() const;
  int frame_period() const { return exchange_cycles() + 1; }
  // An In of the right sizes, everything low.
  In idle() const;

  void reset();
  void clock(const In& in);

  // Outputs this cycle.
  bool s_tready(int i) const { return !w_done_[uz(i)] && !sfull_[lb_]; }
  bool m_tvalid(int i) const { return m_v_[uz(i)] != 0; }
  bool m_tlast(int i) const { return m_l_[uz(i)] != 0; }
  uint64_t m_tdata(int i) const { return m_q_[uz(i)]; }
  uint32_t frames_in() const { return frames_in_; }
  uint32_t frames_done() const { return frames_done_; }
  uint32_t frames_out() const { return frames_out_; }
  uint32_t cycles() const { return cycles_; }
  uint32_t xchg_cycles() const { return xchg_cycles_; }
  uint32_t err_tlast() const { return err_tlast_; }
  uint32_t err_dst() const { return err_dst_; }
  uint32_t err_dup() const { return err_dup_; }
  uint32_t missing() const { return missing_; }
  uint32_t conflicts() const { return conflicts_; }
  uint32_t relay_miss() const { return relay_miss_; }
  uint32_t relay_ovf() const { return relay_ovf_; }

 private:
  static size_t uz(int v) { return static_cast<size_t>(v); }
  size_t mem_at(int i, unsigned bank, uint32_t a) const {
    return uz(i) * depth_ + (static_cast<size_t>(bank) << AW_) + a;
  }

  int N_, DW_, B_, AW_, src_lat_;
  size_t depth_;
  uint32_t amask_;
  uint64_t dmask_;
  std::unique_ptr<A2aXchg> x_;          // ENGINE 0, 1
  std::unique_ptr<BanyanFtEngine> ft_;  // ENGINE 4
  uint32_t plan_len_ = 0;
  std::vector<uint8_t> ft_rd_en_, ft_wr_en_;  // the FT engine's memory ports this cycle
  std::vector<uint32_t> ft_rd_addr_, ft_wr_addr_;
  std::vector<uint64_t> ft_wr_data_;
  // bank state
  unsigned lb_ = 0, xb_ = 0, db_ = 0;
  bool sfull_[2] = {false, false}, kfull_[2] = {false, false};
  bool xrun_ = false;
  // status
  uint32_t frames_in_ = 0, frames_done_ = 0, frames_out_ = 0, cycles_ = 0, xchg_cycles_ = 0;
  uint32_t err_tlast_ = 0, err_dst_ = 0, err_dup_ = 0, missing_ = 0, conflicts_ = 0;
  uint32_t relay_miss_ = 0, relay_ovf_ = 0;
  // per port
  std::vector<uint64_t> smem_, kmem_;  // [i * depth_ + bank * 2^AW + a]
  std::vector<uint64_t> s_q_, s_q2_;   // source read register, SRC_LAT 2 output register
  std::vector<uint32_t> w_j_, w_b_, w_a_;
  std::vector<uint8_t> w_done_;
  std::vector<uint64_t> m_q_;
  std::vector<uint8_t> m_v_, m_l_, r_all_;
  std::vector<uint32_t> r_s_, r_b_, r_a_;
};

}  // namespace minforge::twin
