// The twin of rtl/engine/a2a_axis_xchg.v (a2a_axis_xchg.hpp).
#include "minforge/twin/engine/a2a_axis_xchg.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "minforge/twin/engine/banyan_a2a_xchg.hpp"
#include "minforge/twin/engine/gsen_a2a_xchg.hpp"

namespace minforge::twin {

namespace {
void check_params(params::Design engine, int N, int DW, int B, bool use_tags, int src_lat,
                  int plan_depth, int relay_depth) {
  if (engine != params::Design::Gsen && engine != params::Design::Banyan &&
      engine != params::Design::BanyanFt)
    throw InvalidArgument("a2a_axis_xchg: ENGINE must be 0, 1 or 4 (GSEN, banyan, FT) (ENGINE=" +
                          std::to_string(params::code(engine)) + ")");
  if (N < 4 || DW < 1 || B < 1)
    throw InvalidArgument("a2a_axis_xchg: N must be >= 4, DW and B >= 1 (N=" + std::to_string(N) +
                          " DW=" + std::to_string(DW) + " B=" + std::to_string(B) + ")");
  A2aXchg::check_src_lat(src_lat);
  if (plan_depth < 0 || relay_depth < 0)
    throw InvalidArgument("a2a_axis_xchg: PLAN_DEPTH and RELAY_DEPTH must be >= 1");
  if (engine == params::Design::BanyanFt && use_tags)
    throw InvalidArgument("a2a_axis_xchg: ENGINE 4 (banyan FT) needs USE_TAGS 0");
}

std::unique_ptr<A2aXchg> make_engine(params::Design engine, int N, int DW, int B, Sched sched,
                                     bool pipeline, bool use_tags, int src_lat) {
  if (engine == params::Design::BanyanFt) return nullptr;
  if (engine == params::Design::Banyan)
    return std::make_unique<BanyanA2aXchg>(N, DW, B, pipeline, use_tags, src_lat);
  if (sched != Sched::Alt && sched != Sched::Stage)
    throw InvalidArgument("a2a_axis_xchg: SCHED must be alt or stage (the player is not wrapped)");
  return std::make_unique<GsenA2aXchg>(N, DW, B, sched, pipeline, use_tags, Ctrl::Alt,
                                       std::vector<uint32_t>{}, src_lat);
}
}  // namespace

A2aAxisXchg::A2aAxisXchg(params::Design engine, int N, int DW, int B, Sched sched, bool pipeline,
                         bool use_tags, int src_lat, int plan_depth, int relay_depth)
    : N_(N), DW_(DW), B_(B), src_lat_(src_lat) {
  check_params(engine, N, DW, B, use_tags, src_lat, plan_depth, relay_depth);
  x_ = make_engine(engine, N, DW, B, sched, pipeline, use_tags, src_lat);
  if (!x_)
    ft_ = std::make_unique<BanyanFtEngine>(
        N, DW, B, pipeline, plan_depth ? plan_depth : BanyanFtEngine::default_plan_depth(N),
        relay_depth ? relay_depth : BanyanFtEngine::kDefaultRelayDepth, src_lat);
  AW_ = x_ ? x_->addr_width() : ft_->addr_width();  // max(1, ceil(log2(N*B))), the RTL's AW
  depth_ = size_t{2} << AW_;
  amask_ = (uint32_t{1} << AW_) - 1;
  dmask_ = DW_ >= 64 ? ~uint64_t{0} : ((uint64_t{1} << DW_) - 1);
  const size_t n = uz(N);
  smem_.assign(n * depth_, 0);
  kmem_.assign(n * depth_, 0);
  s_q_.assign(n, 0);
  s_q2_.assign(n, 0);
  m_q_.assign(n, 0);
  w_j_.assign(n, 0);
  w_b_.assign(n, 0);
  w_a_.assign(n, 0);
  w_done_.assign(n, 0);
  m_v_.assign(n, 0);
  m_l_.assign(n, 0);
  r_all_.assign(n, 0);
  r_s_.assign(n, 0);
  r_b_.assign(n, 0);
  r_a_.assign(n, 0);
  ft_rd_en_.assign(n, 0);
  ft_wr_en_.assign(n, 0);
  ft_rd_addr_.assign(n, 0);
  ft_wr_addr_.assign(n, 0);
  ft_wr_data_.assign(n, 0);
  reset();
}

int A2aAxisXchg::exchange_cycles() const {
  if (x_) return x_->exchange_cycles();
  return B_ * static_cast<int>(plan_len_) + ft_->latency();
}

A2aAxisXchg::In A2aAxisXchg::idle() const {
  In in;
  const size_t n = uz(N_);
  in.s_tvalid.assign(n, 0);
  in.s_tlast.assign(n, 0);
  in.m_tready.assign(n, 0);
  in.s_tdata.assign(n, 0);
  return in;
}

// The registers with a reset (the memories, their read registers and tdata keep theirs).
void A2aAxisXchg::reset() {
  if (x_) x_->reset();  // the FT engine's reset: its clock with rst (clock() below)
  lb_ = xb_ = db_ = 0;
  sfull_[0] = sfull_[1] = kfull_[0] = kfull_[1] = false;
  xrun_ = false;
  frames_in_ = frames_done_ = frames_out_ = cycles_ = xchg_cycles_ = 0;
  err_tlast_ = err_dst_ = err_dup_ = missing_ = conflicts_ = 0;
  relay_miss_ = relay_ovf_ = 0;
  std::fill(w_j_.begin(), w_j_.end(), 0);
  std::fill(w_b_.begin(), w_b_.end(), 0);
  std::fill(w_a_.begin(), w_a_.end(), 0);
  std::fill(w_done_.begin(), w_done_.end(), 0);
  std::fill(m_v_.begin(), m_v_.end(), 0);
  std::fill(m_l_.begin(), m_l_.end(), 0);
  std::fill(r_all_.begin(), r_all_.end(), 0);
  std::fill(r_s_.begin(), r_s_.end(), 0);
  std::fill(r_b_.begin(), r_b_.end(), 0);
  std::fill(r_a_.begin(), r_a_.end(), 0);
}

void A2aAxisXchg::clock(const In& in) {
  const size_t n = uz(N_);
  const uint32_t jlast = static_cast<uint32_t>(N_) - 1, blast = static_cast<uint32_t>(B_) - 1;
  // ---- the engine: its read data are the source memories' registers of this cycle
  const std::vector<uint64_t>& rd = src_lat_ == 2 ? s_q2_ : s_q_;
  // done of this cycle (the data engines: start only matters when not busy; the FT engine's
  // outputs are functions of its state)
  if (x_) x_->eval(false, rd);
  const bool e_done = x_ ? x_->state().done : ft_->done();
  const bool x_end = xrun_ && e_done;
  const unsigned x_bank = x_end ? xb_ ^ 1u : xb_;
  const bool e_start = (!xrun_ || x_end) && sfull_[x_bank] && !kfull_[x_bank];
  XchgState es;
  if (x_) {
    x_->eval(e_start, rd);
    es = x_->state();
  } else {
    es.cycles = ft_->cycles();
    es.err_dst = ft_->err_dst();
    es.err_dup = ft_->err_dup();
    es.missing = ft_->missing();
    for (size_t i = 0; i < n; ++i) {
      const int ii = static_cast<int>(i);
      ft_rd_en_[i] = ft_->src_rd_en(ii) ? 1 : 0;
      ft_rd_addr_[i] = ft_->src_rd_addr(ii);
      ft_wr_en_[i] = ft_->snk_wr_en(ii) ? 1 : 0;
      ft_wr_addr_[i] = ft_->snk_wr_addr(ii);
      ft_wr_data_[i] = ft_->snk_wr_data(ii);
    }
  }
  const uint32_t ft_miss = ft_ ? ft_->relay_miss() : 0, ft_ovf = ft_ ? ft_->relay_ovf() : 0;
  bool l_end = true, all_ddone = true;
  for (size_t i = 0; i < n; ++i) {
    l_end = l_end && w_done_[i];
    all_ddone = all_ddone && r_all_[i] && !m_v_[i];
  }
  const bool d_end = kfull_[db_] && all_ddone;
  // ---- per port: the memories (read before written: nonblocking), then the counters
  uint32_t tl_errs = 0;
  const std::span<const uint8_t> rd_en = x_ ? x_->src_rd_en() : ft_rd_en_;
  const std::span<const uint32_t> rd_addr = x_ ? x_->src_rd_addr() : ft_rd_addr_;
  const std::span<const uint8_t> wr_en = x_ ? x_->snk_wr_en() : ft_wr_en_;
  const std::span<const uint32_t> wr_addr = x_ ? x_->snk_wr_addr() : ft_wr_addr_;
  const std::span<const uint64_t> wr_data = x_ ? x_->snk_wr_data() : ft_wr_data_;
  if (ft_) {  // the FT engine's edge, from the read registers of this cycle (copied: the
              // loop below updates them)
    const std::vector<uint64_t> rd_now = rd;
    BanyanFtEngine::In fi;
    fi.rst = in.rst;
    fi.start = e_start;
    fi.plan_wr_en = in.plan_wr_en;
    fi.plan_wr_addr = in.plan_wr_addr;
    fi.plan_wr_data = in.plan_wr_data;
    fi.plan_len = in.plan_len;
    fi.fault = in.fault;
    fi.src_rd_data = rd_now;
    ft_->clock(fi);
    plan_len_ = in.plan_len;
  }
  for (size_t i = 0; i < n; ++i) {
    const int ii = static_cast<int>(i);
    // slave side
    const bool w_last = w_j_[i] == jlast && w_b_[i] == blast;
    const bool s_wr = in.s_tvalid[i] && !w_done_[i] && !sfull_[lb_];
    if (s_wr && (in.s_tlast[i] != 0) != w_last) ++tl_errs;
    s_q2_[i] = s_q_[i];
    if (rd_en[i]) s_q_[i] = smem_[mem_at(ii, xb_, rd_addr[i] & amask_)];
    if (s_wr) smem_[mem_at(ii, lb_, w_a_[i])] = in.s_tdata[i] & dmask_;
    // master side
    const bool r_last = r_s_[i] == jlast && r_b_[i] == blast;
    const bool m_adv = !m_v_[i] || in.m_tready[i];
    const bool m_rd = m_adv && kfull_[db_] && !r_all_[i];
    if (m_rd) m_q_[i] = kmem_[mem_at(ii, db_, r_a_[i])];
    if (wr_en[i]) kmem_[mem_at(ii, xb_, wr_addr[i] & amask_)] = wr_data[i] & dmask_;
    if (in.rst) continue;  // the counters' reset: reset() below
    if (l_end) w_done_[i] = 0;
    if (s_wr) {
      if (w_last) w_done_[i] = 1;
      if (w_b_[i] == blast) {
        w_b_[i] = 0;
        w_a_[i] = w_last ? 0 : (w_j_[i] + 1) & amask_;
        w_j_[i] = w_last ? 0 : w_j_[i] + 1;
      } else {
        ++w_b_[i];
        w_a_[i] = (w_a_[i] + static_cast<uint32_t>(N_)) & amask_;
      }
    }
    if (m_adv) {
      m_v_[i] = m_rd;
      m_l_[i] = m_rd && r_last;
    }
    if (d_end) r_all_[i] = 0;
    if (m_rd) {
      if (r_last) r_all_[i] = 1;
      if (r_b_[i] == blast) {
        r_b_[i] = 0;
        r_a_[i] = r_last ? 0 : (r_s_[i] + 1) & amask_;
        r_s_[i] = r_last ? 0 : r_s_[i] + 1;
      } else {
        ++r_b_[i];
        r_a_[i] = (r_a_[i] + static_cast<uint32_t>(N_)) & amask_;
      }
    }
  }
  if (in.rst) {
    reset();
    return;
  }
  if (x_) x_->clock();
  // ---- bank state
  if (l_end) {
    sfull_[lb_] = true;
    lb_ ^= 1u;
  }
  if (x_end) {
    sfull_[xb_] = false;
    kfull_[xb_] = true;
    xb_ ^= 1u;
  }
  if (d_end) {
    kfull_[db_] = false;
    db_ ^= 1u;
  }
  if (x_end) xrun_ = false;
  if (e_start) xrun_ = true;
  // ---- status
  ++cycles_;
  err_tlast_ += tl_errs;
  if (l_end) ++frames_in_;
  if (d_end) ++frames_out_;
  if (x_end) {
    ++frames_done_;
    xchg_cycles_ = es.cycles;
    err_dst_ += es.err_dst;
    err_dup_ += es.err_dup;
    missing_ += es.missing;
    conflicts_ += es.conflicts;
    relay_miss_ += ft_miss;
    relay_ovf_ += ft_ovf;
  }
}

}  // namespace minforge::twin
