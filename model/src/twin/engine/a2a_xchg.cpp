// A2aXchg, the composition both data-engine twins share (a2a_xchg.hpp).
#include "minforge/twin/engine/a2a_xchg.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

namespace minforge::twin {

namespace {
size_t uz(int v) { return static_cast<size_t>(v); }
}  // namespace

void A2aXchg::check_src_lat(int src_lat) {
  if (src_lat < 1 || src_lat > 2)
    throw InvalidArgument("source read latency SRC_LAT must be 1 or 2, got " +
                          std::to_string(src_lat));
}

A2aXchg::A2aXchg(A2aSchedule sched, std::unique_ptr<StagedFabric> fabric, int DW, int B,
                 int src_lat)
    : sched_(std::move(sched)),
      N_(sched_.ports),
      DW_(DW),
      B_(B),
      src_lat_(src_lat),
      fabric_(std::move(fabric)) {
  if (sched_.rounds.empty()) throw InvalidArgument("engine schedule has no rounds");
  check_src_lat(src_lat);
  s_round_.assign(uz(src_lat) + 1, -1);
  s_blk_.assign(uz(src_lat) + 1, 0);
  if (DW < 1) throw InvalidArgument("data width DW must be >= 1, got " + std::to_string(DW));
  if (B < 1) throw InvalidArgument("block words B must be >= 1, got " + std::to_string(B));
  IW_ = ceil_log2(static_cast<uint64_t>(N_));
  HBW_ = ceil_log2(static_cast<uint64_t>(B_));
  HW_ = 2 * IW_ + HBW_;
  FW_ = DW_ + HW_;
  AW_ = std::max(1, ceil_log2(static_cast<uint64_t>(N_) * static_cast<uint64_t>(B_)));
  if (FW_ > 64 || FW_ != fabric_->width())
    throw InvalidArgument("fabric word of " + std::to_string(FW_) +
                          " bits: the twin carries at most 64 (DW + 2*ceil(log2 N) + "
                          "ceil(log2 B))");
  dmask_ = DW_ >= 64 ? ~uint64_t{0} : ((uint64_t{1} << DW_) - 1);
  pipe_.assign(uz(count_levels(N_, fabric_->stages() * (N_ / 2), fabric_->control() == Ctrl::Tag)),
               Counts{});
  fin_.resize(N_, fabric_->stages());
  const size_t N = uz(N_);
  rd_en_.assign(N, 0);
  rd_addr_.assign(N, 0);
  kv_.assign(N, 0);
  kd_.assign(N, 0);
  wr_en_.assign(N, 0);
  wr_addr_.assign(N, 0);
  wr_data_.assign(N, 0);
  seen_.assign(N * N * uz(B_), 0);
  reset();
}

void A2aXchg::reset() {
  fabric_->reset();
  busy_q_ = done_q_ = issue_q_ = clear_ = false;
  cyc_q_ = round_q_ = blk_q_ = 0;
  std::fill(s_round_.begin(), s_round_.end(), -1);
  std::fill(kv_.begin(), kv_.end(), 0);
  kc_ = 0;
  e_good_ = e_bad_ = e_dup_ = e_conf_ = 0;
  std::fill(pipe_.begin(), pipe_.end(), Counts{});
  std::fill(seen_.begin(), seen_.end(), 0);
  delivered_ = err_dst_ = err_dup_ = conflicts_ = 0;
}

void A2aXchg::eval(bool start, std::span<const uint64_t> src_rd_data, const BanyanFault& fault) {
  const size_t N = uz(N_);
  clear_ = start && !busy_q_;
  st_.issue = busy_q_ && issue_q_;
  st_.round = round_q_;
  st_.blk = blk_q_;
  // a2a_source S1: the read ports
  if (s_round_.front() >= 0) {
    const A2aRound& r = sched_.rounds[uz(s_round_.front())];
    const uint32_t off = s_blk_.front() * static_cast<uint32_t>(N_);
    for (size_t i = 0; i < N; ++i) {
      rd_en_[i] = r.send[i];
      if (r.send[i]) rd_addr_[i] = off + static_cast<uint32_t>(r.dest[i]);
    }
  } else {
    std::fill(rd_en_.begin(), rd_en_.end(), 0);
  }
  // S2: the fabric's inputs
  if (s_round_.back() >= 0) {
    const A2aRound& r = sched_.rounds[uz(s_round_.back())];
    fin_.cfg = r.cfg;
    if (!r.states.empty())  // individual control (the player's state matrix)
      std::memcpy(fin_.states.data(), r.states.data(), fin_.states.size());
    std::memcpy(fin_.valid.data(), r.send.data(), N);
    std::memcpy(fin_.tag.data(), r.tag.data(), N * sizeof(uint32_t));
    const uint64_t bh = static_cast<uint64_t>(s_blk_.back()) << (2 * IW_);
    for (size_t i = 0; i < N; ++i) {
      const uint64_t d = r.dest[i] < 0 ? 0 : static_cast<uint64_t>(r.dest[i]);
      fin_.data[i] = ((src_rd_data[i] & dmask_) << HW_) | bh | (d << IW_) | i;
    }
    fin_valid_ = true;
  } else if (fin_valid_) {
    std::memset(fin_.valid.data(), 0, N);
    fin_valid_ = false;
  }
  fout_ = fabric_->eval(fin_, &fault);
  // a2a_sink stage K
  const uint64_t imask = (uint64_t{1} << IW_) - 1;
  const uint64_t bmask = (uint64_t{1} << HBW_) - 1;
  const size_t NB = N * uz(B_);
  uint32_t ng = 0, nb = 0, nd = 0;
  // (the write address and data are don't-care where wr_en = 0: computed for valid words)
  std::memset(wr_en_.data(), 0, N);
  for (size_t j = 0; j < N; ++j) {
    if (!kv_[j]) continue;
    const uint64_t w = kd_[j];
    const uint64_t src = w & imask, dst = (w >> IW_) & imask;
    const uint64_t blk = HBW_ ? (w >> (2 * IW_)) & bmask : 0;
    const uint64_t a = blk * N + src;
    wr_addr_[j] = static_cast<uint32_t>(a & ((uint64_t{1} << AW_) - 1));
    wr_data_[j] = (w >> HW_) & dmask_;
    if (dst != j || src >= N || blk >= static_cast<uint64_t>(B_)) {
      ++nb;
      continue;
    }
    if (seen_[j * NB + a]) {
      ++nd;
      continue;
    }
    ++ng;
    wr_en_[j] = 1;
  }
  n_good_ = ng;
  n_bad_ = nb;
  n_dup_ = nd;
  st_.busy = busy_q_;
  st_.done = done_q_;
  st_.cycles = cyc_q_;
  st_.delivered = delivered_;
  st_.err_dst = err_dst_;
  st_.err_dup = err_dup_;
  st_.conflicts = conflicts_;
  st_.missing = done_q_ ? static_cast<uint32_t>(N_ * N_ * B_) - delivered_ : 0;
}

void A2aXchg::clock() {
  const size_t N = uz(N_);
  const uint32_t R = static_cast<uint32_t>(sched_.rounds.size());
  const uint32_t last_cycle = static_cast<uint32_t>(exchange_cycles()) - 1;
  // a2a_monitor and a2a_sink stage E, seen vectors, stage K
  if (clear_) {
    delivered_ = err_dst_ = err_dup_ = conflicts_ = 0;
    e_good_ = e_bad_ = e_dup_ = e_conf_ = 0;
    std::fill(pipe_.begin(), pipe_.end(), Counts{});
    std::fill(seen_.begin(), seen_.end(), 0);
  } else {
    const Counts& c = pipe_.back();
    delivered_ += c.good;
    err_dst_ += c.bad;
    err_dup_ += c.dup;
    conflicts_ += c.conf;
    for (size_t k = pipe_.size() - 1; k > 0; --k) pipe_[k] = pipe_[k - 1];
    pipe_[0] = Counts{e_good_, e_bad_, e_dup_, e_conf_};
    e_good_ = n_good_;
    e_bad_ = n_bad_;
    e_dup_ = n_dup_;
    e_conf_ = kc_;
    const size_t NB = N * uz(B_);
    for (size_t j = 0; j < N; ++j)
      if (wr_en_[j]) seen_[j * NB + wr_addr_[j]] = 1;
  }
  std::memcpy(kv_.data(), fout_.valid.data(), N);
  std::memcpy(kd_.data(), fout_.data.data(), N * sizeof(uint64_t));
  kc_ = 0;
  if (fabric_->control() == Ctrl::Tag)  // the only mode with conflicts
    for (uint8_t c : fout_.conflict) kc_ += c;
  // a2a_source: S2 <- the delay registers <- S1 <- the issued round
  for (size_t k = s_round_.size() - 1; k > 0; --k) {
    s_round_[k] = s_round_[k - 1];
    s_blk_[k] = s_blk_[k - 1];
  }
  s_round_[0] = st_.issue ? static_cast<int>(round_q_) : -1;
  s_blk_[0] = blk_q_;
  // a2a_ctrl
  const bool last = busy_q_ && cyc_q_ == last_cycle;
  if (clear_) {
    busy_q_ = true;
    done_q_ = false;
    issue_q_ = true;
    cyc_q_ = 0;
    round_q_ = 0;
    blk_q_ = 0;
  } else if (busy_q_) {
    ++cyc_q_;
    if (st_.issue) {
      if (round_q_ == R - 1) {
        round_q_ = 0;
        if (blk_q_ == static_cast<uint32_t>(B_) - 1)
          issue_q_ = false;
        else
          ++blk_q_;
      } else {
        ++round_q_;
      }
    }
    if (last) {
      busy_q_ = false;
      done_q_ = true;
    }
  }
  fabric_->clock();
}

int A2aXchg::checked_fabric_word(int N, int DW, int B) {
  // (N's own rule is the fabric's; N < 1 has no word width to compute)
  if (N < 1) throw InvalidArgument("ports N must be >= 1, got " + std::to_string(N));
  if (DW < 1) throw InvalidArgument("data width DW must be >= 1, got " + std::to_string(DW));
  if (B < 1) throw InvalidArgument("block words B must be >= 1, got " + std::to_string(B));
  const int fw = DW + 2 * ceil_log2(static_cast<uint64_t>(N)) + ceil_log2(static_cast<uint64_t>(B));
  if (fw > 64)
    throw InvalidArgument("fabric word DW + 2*ceil(log2 N) + ceil(log2 B) = " + std::to_string(fw) +
                          " bits: at most 64");
  return fw;
}

}  // namespace minforge::twin
