// Twin of rtl/engine/banyan_ft_engine.v (banyan_ft_engine.hpp): every register of the RTL,
// updated at clock() from the values before the edge, in the RTL's order of stages.
#include "minforge/twin/engine/banyan_ft_engine.hpp"

#include <algorithm>

#include "minforge/twin/engine/a2a_xchg.hpp"

namespace minforge::twin {

namespace {

int clog2(uint64_t v) { return v <= 1 ? 0 : ceil_log2(v); }
uint64_t mask(int w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

}  // namespace

BanyanFtEngine::BanyanFtEngine(int N, int DW, int B, bool pipeline, int plan_depth, int relay_depth,
                               int src_lat)
    : N_(N),
      M_(0),
      DW_(DW),
      B_(B),
      fabric_(N >= 8 && is_pow2(static_cast<uint64_t>(N)) ? N : 8, 1, Ctrl::Stage, pipeline) {
  if (N < 8 || N > 4096 || !is_pow2(static_cast<uint64_t>(N)))
    throw InvalidArgument("banyan_ft_engine: N must be a power of two, 8..4096");
  if (DW < 1 || B < 1 || plan_depth < 1 || relay_depth < 1)
    throw InvalidArgument("banyan_ft_engine: DW, B, PLAN_DEPTH and RELAY_DEPTH must be >= 1");
  if (static_cast<int64_t>(N) * B > (1 << 20) || plan_depth > (1 << 20) ||
      relay_depth > banyan::kFtMaxRelayDepth)
    throw InvalidArgument("banyan_ft_engine twin: N*B and PLAN_DEPTH <= 2^20, RELAY_DEPTH <= " +
                          std::to_string(banyan::kFtMaxRelayDepth));
  A2aXchg::check_src_lat(src_lat);
  src_lat_ = src_lat;
  M_ = clog2(static_cast<uint64_t>(N));
  hbw_ = clog2(static_cast<uint64_t>(B));
  bw_ = std::max(1, hbw_);
  aw_ = std::max(1, clog2(static_cast<uint64_t>(N) * static_cast<uint64_t>(B)));
  flat_ = pipeline ? M_ : 0;
  plan_depth_ = plan_depth;
  relay_depth_ = relay_depth;
  sw_ = banyan::ft_slot_width(relay_depth);
  ew_ = banyan::ft_entry_width(N, relay_depth);
  paw_ = std::max(1, clog2(static_cast<uint64_t>(plan_depth)));
  plw_ = clog2(static_cast<uint64_t>(plan_depth) + 1);
  rw_ = DW + 2 * M_ + hbw_;
  o_slot_ = rw_;
  o_hop_ = rw_ + sw_;
  if (o_hop_ + 1 > 64)
    throw InvalidArgument(
        "banyan_ft_engine twin: the fabric word (DW + 2 log2 N + ceil(log2 B) "
        "+ slot bits + 1 = " +
        std::to_string(o_hop_ + 1) + ") must fit 64 bits");
  dmask_ = mask(DW);
  total_ = static_cast<uint32_t>(static_cast<uint64_t>(N) * N * B);
  due_ = total_;
  pipe_.assign(static_cast<size_t>(A2aXchg::count_levels(N, 0, false)), Counts{});
  fabric_ = BanyanFabric(N, o_hop_ + 1, Ctrl::Stage, pipeline);
  fin_.resize(N, M_);
  banyan::FtEntry zero;
  zero.op.assign(N, banyan::FtOp::Idle);
  zero.dest.assign(N, 0);
  zero.slot.assign(N, 0);
  plan_.assign(static_cast<size_t>(plan_depth), zero);
  a_ent_ = zero;
  x_.assign(static_cast<size_t>(src_lat - 1), Staged{false, zero, 0});
  c_op_.assign(N, 0);
  c_dest_.assign(N, 0);
  c_slot_.assign(N, 0);
  rmem_.assign(static_cast<size_t>(N) * relay_depth, 0);
  rv_.assign(static_cast<size_t>(N) * relay_depth, 0);
  s_v_.assign(N, 0);
  s_ok_.assign(N, 0);
  s_addr_.assign(N, 0);
  s_data_.assign(N, 0);
  seen_.assign(static_cast<size_t>(N) * N * B, 0);
  clr_.assign(static_cast<size_t>(N) * relay_depth, 0);
}

int BanyanFtEngine::latency() const {
  return A2aXchg::engine_latency(flat_, src_lat_, count_levels());
}

bool BanyanFtEngine::src_rd_en(int i) const {
  const auto op = a_ent_.op[i];
  return a_v_ && (op == banyan::FtOp::Direct || op == banyan::FtOp::First);
}

uint32_t BanyanFtEngine::src_rd_addr(int i) const {
  uint32_t a = a_ent_.dest[i];
  if (hbw_ > 0) a |= (a_b_ & static_cast<uint32_t>(mask(hbw_))) << M_;
  return a;
}

void BanyanFtEngine::clock(const In& in) {
  const int N = N_, RD = relay_depth_;
  const bool go = in.start && !busy_;
  const bool clear = in.rst || go;

  // ---- stage C: the words entering the fabric this cycle
  std::fill(clr_.begin(), clr_.end(), 0);
  uint32_t ev_miss = 0;
  for (int i = 0; i < N; ++i) {
    using banyan::FtOp;  // Idle when its entry was invalid or after a reset
    const FtOp op = static_cast<FtOp>(c_op_[i]);
    const bool own = op == FtOp::Direct || op == FtOp::First;
    const bool rel = op == FtOp::Relay;
    const bool slot_ok = c_slot_[i] < static_cast<uint32_t>(RD);
    const size_t ri = static_cast<size_t>(i) * RD + c_slot_[i];
    const bool held = slot_ok && rv_[ri];
    uint64_t w = 0;
    if (own) {
      const uint64_t data = in.src_rd_data.empty() ? 0 : (in.src_rd_data[i] & dmask_);
      w = data | (static_cast<uint64_t>(i) << DW_) |
          (static_cast<uint64_t>(c_dest_[i]) << (DW_ + M_));
      if (hbw_ > 0) w |= static_cast<uint64_t>(c_b_ & mask(hbw_)) << (DW_ + 2 * M_);
      if (op == FtOp::First)
        w |= (static_cast<uint64_t>(c_slot_[i]) << o_slot_) | (uint64_t{1} << o_hop_);
    } else if (rel && held) {
      w = rmem_[ri];
      clr_[ri] = 1;
    }
    if (rel && !held) ++ev_miss;
    fin_.valid[i] = (own || (rel && held)) ? 1 : 0;
    fin_.data[i] = w;
  }
  fin_.cfg = c_cfg_;
  const FabricOut out = fabric_.eval(fin_, in.fault);

  // ---- fabric outputs: relay stores and the sink registers' next values; written-word
  // record and counters from the sink registers' present values
  uint32_t ev_ovf = 0, ev_good = 0, ev_dup = 0, ev_bad = 0, ev_wr = 0;
  const uint64_t slot_mask = mask(sw_), rw_mask = mask(rw_);
  for (int p = 0; p < N; ++p) {
    // Sink register p (present values) and its record.
    const bool wr = s_v_[p] && s_ok_[p];
    const size_t seen_at = static_cast<size_t>(p) * N * B_ + s_addr_[p];
    const bool hit = s_addr_[p] < static_cast<uint32_t>(N * B_) && seen_[seen_at];
    if (wr) {
      ++ev_wr;
      ++(hit ? ev_dup : ev_good);
    }
    if (s_v_[p] && !s_ok_[p]) ++ev_bad;
    if (clear) {
      std::fill(seen_.begin() + static_cast<ptrdiff_t>(p) * N * B_,
                seen_.begin() + static_cast<ptrdiff_t>(p + 1) * N * B_, 0);
    } else if (wr && s_addr_[p] < static_cast<uint32_t>(N * B_)) {
      seen_[seen_at] = 1;
    }
    // Arrival at output p.
    const uint64_t w = out.data[p];
    const bool v = out.valid[p] != 0;
    const bool hop = v && ((w >> o_hop_) & 1u);
    const uint32_t slot = static_cast<uint32_t>((w >> o_slot_) & slot_mask);
    const bool slot_ok = slot < static_cast<uint32_t>(RD);
    const size_t ri = static_cast<size_t>(p) * RD + slot;
    if (hop && (!slot_ok || (rv_[ri] && !clr_[ri]))) ++ev_ovf;
    for (int k = 0; k < RD; ++k) {
      const size_t r = static_cast<size_t>(p) * RD + k;
      rv_[r] =
          clear ? 0 : static_cast<uint8_t>((rv_[r] && !clr_[r]) || (hop && slot_ok && r == ri));
    }
    if (hop && slot_ok) rmem_[ri] = w & rw_mask;
    const uint32_t src = static_cast<uint32_t>((w >> DW_) & mask(M_));
    const uint32_t dst = static_cast<uint32_t>((w >> (DW_ + M_)) & mask(M_));
    s_v_[p] = in.rst ? 0 : static_cast<uint8_t>(v && !((w >> o_hop_) & 1u));
    s_ok_[p] = dst == static_cast<uint32_t>(p) ? 1 : 0;
    s_data_[p] = w & dmask_;
    s_addr_[p] =
        hbw_ > 0 ? (static_cast<uint32_t>((w >> (DW_ + 2 * M_)) & mask(bw_)) << M_) | src : src;
  }
  if (in.rst) {
    fabric_.clock();
    fabric_.reset();
  } else {
    fabric_.clock();
  }

  // ---- counters (from the last tree level), the trees (from the event registers), the
  // event registers (from this cycle's events); go clears them all (no event is in flight
  // between exchanges)
  if (clear) {
    deliv_ = dst_ = dup_ = miss_ = ovf_ = 0;
    due_ = total_;
    std::fill(pipe_.begin(), pipe_.end(), Counts{});
    e_ = Counts{};
  } else {
    const Counts& c = pipe_.back();
    deliv_ += c.wr;
    due_ -= c.good;
    dst_ += c.bad;
    dup_ += c.dup;
    miss_ += c.miss;
    ovf_ += c.ovf;
    for (size_t k = pipe_.size() - 1; k > 0; --k) pipe_[k] = pipe_[k - 1];
    pipe_[0] = e_;
    e_ = Counts{ev_wr, ev_good, ev_bad, ev_dup, ev_miss, ev_ovf};
  }

  // ---- stage C registers from stage X (stage A itself with SRC_LAT = 1)
  {
    const bool x_v = x_.empty() ? a_v_ : x_.back().v;
    const banyan::FtEntry& x_ent = x_.empty() ? a_ent_ : x_.back().ent;
    for (int i = 0; i < N; ++i) {
      c_op_[i] = x_v && !in.rst ? static_cast<uint32_t>(x_ent.op[i]) : 0;  // c_own/c_first/c_rel
      c_dest_[i] = x_ent.dest[i];
      c_slot_[i] = x_ent.slot[i];
    }
    c_cfg_ = x_ent.cfg;
    c_b_ = x_.empty() ? a_b_ : x_.back().b;
  }
  // ---- stage X from stage A
  for (size_t k = x_.size(); k-- > 1;) x_[k] = x_[k - 1];
  if (!x_.empty()) x_[0] = Staged{in.rst ? false : a_v_, a_ent_, a_b_};

  // ---- stage A from the control (the entry read before this edge's plan write)
  a_v_ = in.rst ? false : (busy_ && issue_);
  a_ent_ = plan_[t_];
  a_b_ = b_;

  // ---- control
  if (in.rst) {
    busy_ = done_ = issue_ = false;
    len_ = t_ = b_ = drain_ = cyc_ = 0;
  } else if (go) {
    const uint32_t len = std::min<uint32_t>(in.plan_len, static_cast<uint32_t>(plan_depth_));
    busy_ = true;
    done_ = false;
    issue_ = len != 0;
    len_ = len;
    t_ = b_ = 0;
    drain_ = static_cast<uint32_t>(latency() - 1);
    cyc_ = 0;
  } else if (busy_) {
    ++cyc_;
    if (issue_) {
      if (t_ + 1 == len_) {
        t_ = 0;
        if (b_ + 1 == static_cast<uint32_t>(B_))
          issue_ = false;
        else
          ++b_;
      } else {
        ++t_;
      }
    } else if (drain_ == 0) {
      busy_ = false;
      done_ = true;
    } else {
      --drain_;
    }
  }

  // ---- schedule memory write
  if (in.plan_wr_en && in.plan_wr_addr < static_cast<uint32_t>(plan_depth_)) {
    std::vector<uint32_t> bits(in.plan_wr_data.begin(), in.plan_wr_data.end());
    bits.resize(static_cast<size_t>((ew_ + 31) / 32), 0);
    plan_[in.plan_wr_addr] = banyan::ft_entry_decode(N, relay_depth_, bits);
  }
}

}  // namespace minforge::twin
