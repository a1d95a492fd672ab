// Twins of the all-to-all engines (a2a_engine.hpp).
#include "minforge/twin/engine/a2a_engine.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "minforge/twin/banyan/banyan_fabric.hpp"
#include "minforge/twin/gsen/gsen_fabric.hpp"

namespace minforge::twin {

// ---------------------------------------------------------------- a2a_monitor
A2aMonitor::A2aMonitor(int N, int W)
    : N_(N),
      IW_(ceil_log2(static_cast<uint64_t>(N))),
      PW_(W - 2 * ceil_log2(static_cast<uint64_t>(N))) {
  imask_ = (uint64_t{1} << IW_) - 1;
  pmask_ = PW_ >= 64 ? ~uint64_t{0} : ((uint64_t{1} << PW_) - 1);
  seen_.assign(static_cast<size_t>(N) * static_cast<size_t>(N), 0);
  expect_.resize(seen_.size());
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      expect_[static_cast<size_t>(j * N + i)] =
          a2a_payload32(static_cast<uint32_t>(i), static_cast<uint32_t>(j)) & pmask_;
  good_events_.reserve(static_cast<size_t>(N));
}

void A2aMonitor::reset() {
  delivered_ = good_ = dst_ = pay_ = dup_ = 0;
  std::fill(seen_.begin(), seen_.end(), 0);
}

void A2aMonitor::eval(const FabricOut& o) {
  uint32_t nv = 0, ng = 0, nd = 0, np = 0, nu = 0;
  good_events_.clear();
  const uint8_t* __restrict valid = o.valid.data();
  const uint64_t* __restrict data = o.data.data();
  const uint8_t* __restrict seen = seen_.data();
  const uint64_t* __restrict expect = expect_.data();
  const int N = N_, IW = IW_;
  const uint64_t imask = imask_;
  for (int j = 0; j < N; ++j) {
    if (!valid[j]) continue;
    ++nv;
    const uint64_t d = data[j];
    const uint64_t src = d & imask;
    if (((d >> IW) & imask) != static_cast<uint64_t>(j)) {  // wrong destination
      ++nd;
      continue;
    }
    const uint32_t key = static_cast<uint32_t>(j * N) + static_cast<uint32_t>(src);
    if (src >= static_cast<uint64_t>(N) || (d >> (2 * IW)) != expect[key]) {  // bad source/payload
      ++np;
      continue;
    }
    if (seen[key]) {  // duplicate
      ++nu;
      continue;
    }
    ++ng;
    good_events_.push_back(key);
  }
  n_valid_ = nv;
  n_good_ = ng;
  n_dst_ = nd;
  n_pay_ = np;
  n_dup_ = nu;
}

void A2aMonitor::clock(bool clear) {
  if (clear) {
    reset();
    return;
  }
  delivered_ += n_valid_;
  good_ += n_good_;
  dst_ += n_dst_;
  pay_ += n_pay_;
  dup_ += n_dup_;
  for (uint32_t k : good_events_) seen_[k] = 1;
}

// ---------------------------------------------------------------- engine
A2aEngine::A2aEngine(A2aSchedule sched, std::unique_ptr<StagedFabric> fabric, int W)
    : sched_(std::move(sched)),
      N_(sched_.ports),
      W_(W),
      fabric_(std::move(fabric)),
      mon_(sched_.ports, W) {
  if (sched_.rounds.empty()) throw InvalidArgument("engine schedule has no rounds");
  (void)a2a_message(N_, W_, 0, 0);  // validates W
  msg_.resize(sched_.rounds.size());
  for (size_t k = 0; k < sched_.rounds.size(); ++k) {
    const A2aRound& r = sched_.rounds[k];
    msg_[k].assign(static_cast<size_t>(N_), 0);
    for (int i = 0; i < N_; ++i)
      if (r.send[static_cast<size_t>(i)])
        msg_[k][static_cast<size_t>(i)] = a2a_message(N_, W_, i, r.dest[static_cast<size_t>(i)]);
  }
  fin_.resize(N_, fabric_->stages());
  reset();
}

void A2aEngine::reset() {
  fabric_->reset();
  mon_.reset();
  busy_q_ = done_q_ = false;
  cyc_q_ = round_q_ = conf_q_ = 0;
}

void A2aEngine::eval(bool start, const BanyanFault& fault) {
  const uint32_t R = static_cast<uint32_t>(sched_.rounds.size());
  clear_ = start && !busy_q_;
  st_.inject = busy_q_ && round_q_ < R;
  st_.round = round_q_;
  const size_t N = static_cast<size_t>(N_);
  if (st_.inject) {  // the round's senders, messages (0 where idle) and tags
    const A2aRound& r = sched_.rounds[round_q_];
    fin_.cfg = r.cfg;
    std::memcpy(fin_.valid.data(), r.send.data(), N);
    std::memcpy(fin_.data.data(), msg_[round_q_].data(), N * sizeof(uint64_t));
    std::memcpy(fin_.tag.data(), r.tag.data(), N * sizeof(uint32_t));
    injected_ = true;
  } else if (injected_) {
    std::memset(fin_.valid.data(), 0, N);
    injected_ = false;
  }
  fout_ = fabric_->eval(fin_, &fault);
  mon_.eval(fout_);
  n_conf_ = 0;
  if (fabric_->control() == Ctrl::Tag)  // the only mode with conflicts
    for (uint8_t c : fout_.conflict) n_conf_ += c;
  st_.busy = busy_q_;
  st_.done = done_q_;
  st_.cycles = cyc_q_;
  st_.delivered = mon_.delivered();
  st_.good = mon_.good();
  st_.err_dst = mon_.err_dst();
  st_.err_payload = mon_.err_payload();
  st_.err_dup = mon_.err_dup();
  st_.missing = done_q_ ? static_cast<uint32_t>(N_ * N_) - mon_.good() : 0;
  st_.errors = st_.err_dst + st_.err_payload + st_.err_dup + st_.missing;
  st_.conflicts = conf_q_;
}

void A2aEngine::clock() {
  const uint32_t R = static_cast<uint32_t>(sched_.rounds.size());
  const uint32_t last_cycle = R + static_cast<uint32_t>(fabric_->latency()) - 1;
  const bool last = busy_q_ && cyc_q_ == last_cycle;
  if (clear_) {
    busy_q_ = true;
    done_q_ = false;
    cyc_q_ = 0;
    round_q_ = 0;
    conf_q_ = 0;
  } else {
    if (busy_q_) {
      ++cyc_q_;
      if (st_.inject) ++round_q_;
      if (last) {
        busy_q_ = false;
        done_q_ = true;
      }
    }
    if (st_.busy) conf_q_ += n_conf_;
  }
  mon_.clock(clear_);
  fabric_->clock();
}

// ---------------------------------------------------------------- the two engines
namespace {

A2aSchedule gsen_schedule(int N, Sched sched, Ctrl player_control,
                          const std::vector<uint32_t>& player_configs) {
  switch (sched) {
    case Sched::Alt:
      return gsen_sched_alt(N);
    case Sched::Stage:
      return gsen_sched_stage(N);
    case Sched::Player:
      return gsen_sched_player(N, player_control, player_configs);
  }
  throw InvalidArgument("unknown GSEN scheduler");
}

}  // namespace

GsenA2aEngine::GsenA2aEngine(int N, int W, Sched sched, bool pipeline, bool use_tags,
                             Ctrl player_control, const std::vector<uint32_t>& player_configs)
    : GsenA2aEngine(gsen_schedule(N, sched, player_control, player_configs), W, pipeline,
                    use_tags) {}

GsenA2aEngine::GsenA2aEngine(A2aSchedule sched, int W, bool pipeline, bool use_tags)
    : A2aEngine(sched,
                std::make_unique<GsenFabric>(sched.ports, W, use_tags ? Ctrl::Tag : sched.control,
                                             pipeline),
                W) {}

BanyanA2aEngine::BanyanA2aEngine(int N, int W, bool pipeline, bool use_tags)
    : A2aEngine(banyan_sched_latin(N),
                std::make_unique<BanyanFabric>(N, W, use_tags ? Ctrl::Tag : Ctrl::Stage, pipeline),
                W) {}

}  // namespace minforge::twin
