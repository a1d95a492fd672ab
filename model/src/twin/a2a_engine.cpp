// Twins of the all-to-all engines (a2a_engine.hpp).
#include "minforge/twin/a2a_engine.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "minforge/twin/banyan_fabric.hpp"
#include "minforge/twin/gsen_fabric.hpp"

namespace minforge::twin {

// ---------------------------------------------------------------- a2a_monitor
A2aMonitor::A2aMonitor(int N, int W)
    : N_(N),
      IW_(ceil_log2(static_cast<uint64_t>(N))),
      PW_(W - 2 * ceil_log2(static_cast<uint64_t>(N))) {
  imask_ = (uint64_t{1} << IW_) - 1;
  pmask_ = PW_ >= 64 ? ~uint64_t{0} : ((uint64_t{1} << PW_) - 1);
  seen_.assign(static_cast<size_t>(N) * static_cast<size_t>(N), 0);
  good_events_.reserve(static_cast<size_t>(N));
}

void A2aMonitor::reset() {
  delivered_ = good_ = dst_ = pay_ = dup_ = 0;
  std::fill(seen_.begin(), seen_.end(), 0);
}

void A2aMonitor::eval(const FabricOut& o) {
  n_valid_ = n_good_ = n_dst_ = n_pay_ = n_dup_ = 0;
  good_events_.clear();
  for (int j = 0; j < N_; ++j) {
    if (!o.valid[static_cast<size_t>(j)]) continue;
    ++n_valid_;
    const uint64_t d = o.data[static_cast<size_t>(j)];
    const uint64_t src = d & imask_;
    if (((d >> IW_) & imask_) != static_cast<uint64_t>(j)) {
      ++n_dst_;
      continue;
    }
    const uint64_t want =
        a2a_payload32(static_cast<uint32_t>(src), static_cast<uint32_t>(j)) & pmask_;
    if (src >= static_cast<uint64_t>(N_) || (d >> (2 * IW_)) != want) {
      ++n_pay_;
      continue;
    }
    const uint32_t key = static_cast<uint32_t>(j * N_) + static_cast<uint32_t>(src);
    if (seen_[key]) {
      ++n_dup_;
      continue;
    }
    ++n_good_;
    good_events_.push_back(key);
  }
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
  std::fill(fin_.valid.begin(), fin_.valid.end(), 0);
  if (st_.inject) {
    const A2aRound& r = sched_.rounds[round_q_];
    const std::vector<uint64_t>& m = msg_[round_q_];
    fin_.cfg = r.cfg;
    for (size_t i = 0; i < static_cast<size_t>(N_); ++i) {
      if (!r.send[i]) continue;
      fin_.valid[i] = 1;
      fin_.data[i] = m[i];
      fin_.tag[i] = r.tag[i];
    }
  }
  fout_ = fabric_->eval(fin_, &fault);
  mon_.eval(fout_);
  n_conf_ = 0;
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
