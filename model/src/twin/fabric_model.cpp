// Cycle-level prediction of the RTL fabrics and all-to-all engines (fabric_model.hpp).
#include "minforge/twin/fabric_model.hpp"

#include <bit>
#include <string>

#include "minforge/algo/gsen_schedule.hpp"

namespace minforge::fabric {

namespace {

uint32_t bit_of(uint32_t v, int b) { return (v >> b) & 1u; }

int checked_gsen_ports(int N) {
  if (N < 4 || N % 2 != 0)
    throw InvalidArgument("GSEN fabric needs an even N >= 4 (got " + std::to_string(N) + ")");
  return N;
}

}  // namespace

Ctrl parse_ctrl(const std::string& name) {
  if (name == "individual" || name == "indiv") return Ctrl::Individual;
  if (name == "stage") return Ctrl::Stage;
  if (name == "alt") return Ctrl::Alt;
  if (name == "alt2") return Ctrl::Alt2;
  if (name == "alt4") return Ctrl::Alt4;
  if (name == "tag") return Ctrl::Tag;
  throw InvalidArgument("unknown control '" + name +
                        "' (individual, stage, alt, alt2, alt4 or tag)");
}

const char* to_string(Ctrl c) {
  switch (c) {
    case Ctrl::Individual:
      return "individual";
    case Ctrl::Stage:
      return "stage";
    case Ctrl::Alt:
      return "alt";
    case Ctrl::Alt2:
      return "alt2";
    case Ctrl::Alt4:
      return "alt4";
    case Ctrl::Tag:
      return "tag";
  }
  return "?";
}

gsen::Control gsen_control(Ctrl c) {
  switch (c) {
    case Ctrl::Stage:
      return gsen::Control::Stage;
    case Ctrl::Alt:
      return gsen::Control::Alt;
    case Ctrl::Alt2:
      return gsen::Control::Alt2;
    case Ctrl::Alt4:
      return gsen::Control::Alt4;
    default:
      break;
  }
  throw InvalidArgument(std::string("control '") + to_string(c) + "' has no configuration number");
}

void FabricInputs::resize(int N, int stages) {
  valid.assign(static_cast<size_t>(N), 0);
  data.assign(static_cast<size_t>(N), 0);
  tag.assign(static_cast<size_t>(N), 0);
  states.assign(static_cast<size_t>(stages * (N / 2)), 0);
  cfg = 0;
}

FabricModel::FabricModel(Network net, int N, int W, Ctrl control, bool pipeline)
    : net_(net), N_(N), n_(0), H_(N / 2), W_(W), ctrl_(control), pipeline_(pipeline) {
  if (W < 1 || W > 64)
    throw InvalidArgument("fabric model: W must be 1..64 (got " + std::to_string(W) + ")");
  if (net == Network::Gsen) {
    gsen_.emplace(checked_gsen_ports(N));
    n_ = gsen_->stages();
  } else {
    banyan_.emplace(N);
    n_ = banyan_->stages();
    if (control != Ctrl::Individual && control != Ctrl::Stage && control != Ctrl::Tag)
      throw InvalidArgument("banyan fabric control must be individual, stage or tag");
  }
  wmask_ = (W == 64) ? ~uint64_t{0} : ((uint64_t{1} << W) - 1);
  regs_.resize(static_cast<size_t>(n_));
  next_.resize(static_cast<size_t>(n_));
  for (auto& r : regs_) init_slot(r);
  for (auto& r : next_) init_slot(r);
  init_slot(in_);
  init_slot(tmp_);
  out_.valid.assign(static_cast<size_t>(N_), 0);
  out_.data.assign(static_cast<size_t>(N_), 0);
  out_.conflict.assign(static_cast<size_t>(n_ * H_), 0);
}

void FabricModel::init_slot(Slot& sl) const {
  sl.v.assign(static_cast<size_t>(N_), 0);
  sl.d.assign(static_cast<size_t>(N_), 0);
  sl.tag.assign(static_cast<size_t>(N_), 0);
  sl.cfg = 0;
  sl.states.assign(static_cast<size_t>(n_ * H_), 0);
  sl.x.assign(static_cast<size_t>(n_ * H_), 0);
}

void FabricModel::reset() {
  for (auto& r : regs_) {
    std::fill(r.v.begin(), r.v.end(), 0);
    std::fill(r.x.begin(), r.x.end(), 0);
  }
}

// One stage of switches (and, for the banyan, the interstage permutation after it).
void FabricModel::stage_comb(int s, const Slot& in, Slot& out, const BanyanFault& fault) const {
  out.cfg = in.cfg;
  out.states = in.states;
  out.x = in.x;
  const bool tag = ctrl_ == Ctrl::Tag;
  const int tb = n_ - 1 - s;  // tag / configuration bit of this stage
  for (int y = 0; y < H_; ++y) {
    int a0, a1;  // positions of in-subports 0 and 1
    if (net_ == Network::Gsen) {
      a0 = y;  // gsen::Topology: switch y takes terminals y and y + N/2
      a1 = y + H_;
    } else {
      a0 = 2 * y;  // E_il takes positions 2l and 2l+1
      a1 = 2 * y + 1;
    }
    bool v0 = in.v[static_cast<size_t>(a0)] != 0;
    bool v1 = in.v[static_cast<size_t>(a1)] != 0;
    int st = 0;
    bool cf = false;
    if (tag) {
      const uint32_t f0 = bit_of(in.tag[static_cast<size_t>(a0)], tb);
      const uint32_t f1 = bit_of(in.tag[static_cast<size_t>(a1)], tb);
      st = v0 ? static_cast<int>(f0) : (v1 ? static_cast<int>(f1 ^ 1u) : 0);
      cf = v0 && v1 && f0 == f1;
    } else if (ctrl_ == Ctrl::Individual) {
      st = in.states[static_cast<size_t>(s * H_ + y)] & 1;
    } else if (net_ == Network::Gsen) {
      st = gsen::switch_state(gsen_control(ctrl_), in.cfg, n_, s, y);
    } else {
      st = banyan_->stage_cross(in.cfg, s) ? 1 : 0;
    }
    bool drop1 = cf;
    if (net_ == Network::Banyan && fault.enabled && fault.stage == s && fault.element == y) {
      const bool dead = fault.kind == 0 || fault.kind == 3;
      if (dead) {
        v0 = false;
        v1 = false;
      } else {
        st = fault.kind == 2 ? 1 : 0;
        drop1 = false;
      }
      cf = false;
    }
    if (drop1) v1 = false;
    if (cf) out.x[static_cast<size_t>(s * H_ + y)] = 1;
    // out-subport f receives in-subport f xor state
    for (int f = 0; f < 2; ++f) {
      const int src = ((f ^ st) == 0) ? a0 : a1;
      const bool v = ((f ^ st) == 0) ? v0 : v1;
      int dst;
      if (net_ == Network::Gsen) {
        dst = gsen::Topology::out_terminal(y, f);
      } else {
        dst = 2 * y + f;
        if (s < n_ - 1) dst = banyan_->tau(s, dst);
      }
      out.v[static_cast<size_t>(dst)] = v ? 1 : 0;
      out.d[static_cast<size_t>(dst)] = in.d[static_cast<size_t>(src)];
      out.tag[static_cast<size_t>(dst)] = in.tag[static_cast<size_t>(src)];
    }
  }
}

const FabricOutputs& FabricModel::eval(const FabricInputs& in, const BanyanFault& fault) {
  for (int p = 0; p < N_; ++p) {
    const size_t u = static_cast<size_t>(p);
    in_.v[u] = in.valid[u] ? 1 : 0;
    in_.d[u] = in.data[u] & wmask_;
    in_.tag[u] = ctrl_ == Ctrl::Tag ? in.tag[u] & ((1u << n_) - 1u) : 0;
  }
  in_.cfg = in.cfg & ((1u << n_) - 1u);
  if (ctrl_ == Ctrl::Individual)
    in_.states = in.states;
  else
    std::fill(in_.states.begin(), in_.states.end(), 0);
  std::fill(in_.x.begin(), in_.x.end(), 0);
  const Slot* last = nullptr;
  if (pipeline_) {
    for (int s = 0; s < n_; ++s)
      stage_comb(s, s == 0 ? in_ : regs_[static_cast<size_t>(s - 1)], next_[static_cast<size_t>(s)],
                 fault);
    last = &regs_[static_cast<size_t>(n_ - 1)];
  } else {
    const Slot* cur = &in_;
    for (int s = 0; s < n_; ++s) {
      Slot& dst = (s % 2 == 0) ? tmp_ : next_[0];
      stage_comb(s, *cur, dst, fault);
      cur = &dst;
    }
    last = cur;
  }
  out_.valid = last->v;
  out_.data = last->d;
  out_.conflict = last->x;
  return out_;
}

void FabricModel::clock() {
  if (pipeline_) std::swap(regs_, next_);
}

// ---- engines ----

uint32_t a2a_payload32(uint32_t i, uint32_t j) { return (29u * i + 83u * j) ^ 0x5A5A5A5Au; }

uint64_t a2a_message(int N, int W, int i, int j) {
  const int iw = ceil_log2(static_cast<uint64_t>(N));
  const int pw = W - 2 * iw;
  if (pw < 4)
    throw InvalidArgument("message width W = " + std::to_string(W) +
                          " too small for N = " + std::to_string(N) + ": needs 2*" +
                          std::to_string(iw) + " index bits + 4 payload bits");
  uint64_t pay = a2a_payload32(static_cast<uint32_t>(i), static_cast<uint32_t>(j));
  if (pw < 64) pay &= (uint64_t{1} << pw) - 1;
  const uint64_t w =
      (pay << (2 * iw)) | (static_cast<uint64_t>(j) << iw) | static_cast<uint64_t>(i);
  return W == 64 ? w : (w & ((uint64_t{1} << W) - 1));
}

namespace {

EngineSchedule empty_schedule(Network net, int N, Ctrl c, int rounds) {
  EngineSchedule s;
  s.net = net;
  s.ports = N;
  s.control = c;
  s.rounds.resize(static_cast<size_t>(rounds));
  for (auto& r : s.rounds) {
    r.send.assign(static_cast<size_t>(N), 0);
    r.dest.assign(static_cast<size_t>(N), -1);
    r.tag.assign(static_cast<size_t>(N), 0);
  }
  return s;
}

}  // namespace

EngineSchedule gsen_alt_schedule(int N) {
  gsen::OnTheFlyExchange x(N);
  EngineSchedule s = empty_schedule(Network::Gsen, N, Ctrl::Alt, x.rounds());
  for (int k = 0; k < x.rounds(); ++k) {
    EngineRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = x.config(k);
    for (int i = 0; i < N; ++i) {
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = x.dest(i, k);
      r.tag[static_cast<size_t>(i)] = x.tag(i, k);
    }
  }
  return s;
}

EngineSchedule gsen_stage_schedule(int N) {
  const gsen::Schedule g = gsen::personalized_exchange_stage(N);
  EngineSchedule s = empty_schedule(Network::Gsen, N, Ctrl::Stage, g.rounds());
  for (int k = 0; k < g.rounds(); ++k) {
    EngineRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = g.configs[static_cast<size_t>(k)];
    for (int i = 0; i < N; ++i) {
      const int d = g.dest[static_cast<size_t>(i)][static_cast<size_t>(k)];
      if (d < 0) continue;
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = d;
      r.tag[static_cast<size_t>(i)] =
          static_cast<uint32_t>(g.tags[static_cast<size_t>(i)][static_cast<size_t>(k)]);
    }
  }
  return s;
}

EngineSchedule gsen_player_schedule(int N, Ctrl control, const std::vector<uint32_t>& configs) {
  const gsen::Topology t(N);
  const gsen::Control gc = gsen_control(control);
  if (configs.empty()) throw InvalidArgument("the configuration list is empty");
  EngineSchedule s = empty_schedule(Network::Gsen, N, control, static_cast<int>(configs.size()));
  std::vector<uint8_t> sent(static_cast<size_t>(N) * static_cast<size_t>(N), 0);
  for (size_t k = 0; k < configs.size(); ++k) {
    if (configs[k] >= t.power())
      throw InvalidArgument("configuration " + std::to_string(configs[k]) +
                            " >= 2^n = " + std::to_string(t.power()));
    EngineRound& r = s.rounds[k];
    r.cfg = configs[k];
    for (int i = 0; i < N; ++i) {
      const gsen::Endpoint e = gsen::route_endpoint(t, gc, configs[k], i);
      uint8_t& done =
          sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(e.dest)];
      if (done) continue;
      done = 1;
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = e.dest;
      r.tag[static_cast<size_t>(i)] = e.forward_tag;
    }
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      if (!sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j)])
        s.missing.emplace_back(i, j);
  return s;
}

EngineSchedule banyan_latin_schedule(int N) {
  const banyan::Topology t(N);
  EngineSchedule s = empty_schedule(Network::Banyan, N, Ctrl::Stage, N);
  for (int k = 0; k < N; ++k) {
    EngineRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = static_cast<uint32_t>(k);
    for (int i = 0; i < N; ++i) {
      const banyan::Route rt = banyan::route(t, static_cast<uint32_t>(k), i);
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = banyan::gamma(t, static_cast<uint32_t>(k), i);
      // Self-routing tag: the out-subport taken at each stage (bit m-1-stage).
      uint32_t tag = 0;
      const int m = t.stages();
      // Replay: position p, at stage st the out-subport is (p & 1) xor state.
      int p = i;
      for (int st = 0; st < m; ++st) {
        const int f = (p & 1) ^ (t.stage_cross(static_cast<uint32_t>(k), st) ? 1 : 0);
        tag |= static_cast<uint32_t>(f) << (m - 1 - st);
        p = (p & ~1) | f;
        if (st < m - 1) p = t.tau(st, p);
      }
      if (p != r.dest[static_cast<size_t>(i)] || rt.dest != p)
        throw std::logic_error("banyan_latin_schedule: replay disagrees with gamma");
      r.tag[static_cast<size_t>(i)] = tag;
    }
  }
  return s;
}

std::vector<uint32_t> player_entry(int N, const EngineRound& r) {
  const int n = ceil_log2(static_cast<uint64_t>(N));
  const int cw4 = 4 * ((n + 3) / 4);
  const int bits = N + cw4;
  std::vector<uint32_t> w(static_cast<size_t>((bits + 31) / 32), 0);
  auto set = [&](int b) { w[static_cast<size_t>(b / 32)] |= 1u << (b % 32); };
  for (int b = 0; b < n; ++b)
    if ((r.cfg >> b) & 1u) set(b);
  for (int i = 0; i < N; ++i)
    if (r.send[static_cast<size_t>(i)]) set(cw4 + i);
  return w;
}

EngineModel::EngineModel(const EngineSchedule& sched, int W, bool pipeline, bool use_tags)
    : sched_(sched),
      N_(sched.ports),
      W_(W),
      IW_(ceil_log2(static_cast<uint64_t>(sched.ports))),
      use_tags_(use_tags),
      fabric_(sched.net, sched.ports, W, use_tags ? Ctrl::Tag : sched.control, pipeline) {
  if (sched_.rounds.empty()) throw InvalidArgument("engine schedule has no rounds");
  (void)a2a_message(N_, W_, 0, 0);  // validates W
  fin_.resize(N_, fabric_.stages());
  seen_.assign(static_cast<size_t>(N_), std::vector<uint8_t>(static_cast<size_t>(N_), 0));
  reset();
}

void EngineModel::reset() {
  fabric_.reset();
  busy_q_ = done_q_ = false;
  cyc_q_ = round_q_ = 0;
  delivered_q_ = good_q_ = dst_q_ = pay_q_ = dup_q_ = conf_q_ = 0;
  for (auto& s : seen_) std::fill(s.begin(), s.end(), 0);
}

void EngineModel::eval(bool start, const BanyanFault& fault) {
  const uint32_t R = static_cast<uint32_t>(sched_.rounds.size());
  clear_ = start && !busy_q_;
  st_.inject = busy_q_ && round_q_ < R;
  st_.round = round_q_;
  std::fill(fin_.valid.begin(), fin_.valid.end(), 0);
  if (st_.inject) {
    const EngineRound& r = sched_.rounds[round_q_];
    fin_.cfg = r.cfg;
    for (int i = 0; i < N_; ++i) {
      const size_t u = static_cast<size_t>(i);
      if (!r.send[u]) continue;
      fin_.valid[u] = 1;
      fin_.data[u] = a2a_message(N_, W_, i, r.dest[u]);
      fin_.tag[u] = r.tag[u];
    }
  }
  fout_ = &fabric_.eval(fin_, fault);
  const uint64_t imask = (uint64_t{1} << IW_) - 1;
  const int pw = W_ - 2 * IW_;
  n_valid_ = n_good_ = n_dst_ = n_pay_ = n_dup_ = n_conf_ = 0;
  good_events_.clear();
  for (int j = 0; j < N_; ++j) {
    if (!fout_->valid[static_cast<size_t>(j)]) continue;
    ++n_valid_;
    const uint64_t d = fout_->data[static_cast<size_t>(j)];
    const uint64_t fsrc = d & imask;
    const uint64_t fdst = (d >> IW_) & imask;
    const uint64_t fpay = d >> (2 * IW_);
    if (fdst != static_cast<uint64_t>(j)) {
      ++n_dst_;
      continue;
    }
    uint64_t exp = a2a_payload32(static_cast<uint32_t>(fsrc), static_cast<uint32_t>(j));
    if (pw < 64) exp &= (uint64_t{1} << pw) - 1;
    if (fsrc >= static_cast<uint64_t>(N_) || fpay != exp) {
      ++n_pay_;
      continue;
    }
    if (seen_[static_cast<size_t>(j)][fsrc]) {
      ++n_dup_;
      continue;
    }
    ++n_good_;
    good_events_.emplace_back(j, static_cast<int>(fsrc));
  }
  for (uint8_t c : fout_->conflict) n_conf_ += c;
  st_.busy = busy_q_;
  st_.done = done_q_;
  st_.cycles = cyc_q_;
  st_.delivered = delivered_q_;
  st_.good = good_q_;
  st_.err_dst = dst_q_;
  st_.err_payload = pay_q_;
  st_.err_dup = dup_q_;
  st_.missing = done_q_ ? static_cast<uint32_t>(N_ * N_) - good_q_ : 0;
  st_.errors = dst_q_ + pay_q_ + dup_q_ + st_.missing;
  st_.conflicts = conf_q_;
}

void EngineModel::clock() {
  const uint32_t R = static_cast<uint32_t>(sched_.rounds.size());
  const uint32_t last_cycle = R + static_cast<uint32_t>(fabric_.latency()) - 1;
  const bool last = busy_q_ && cyc_q_ == last_cycle;
  if (clear_) {
    busy_q_ = true;
    done_q_ = false;
    cyc_q_ = 0;
    round_q_ = 0;
  } else if (busy_q_) {
    ++cyc_q_;
    if (st_.inject) ++round_q_;
    if (last) {
      busy_q_ = false;
      done_q_ = true;
    }
  }
  if (clear_) {
    delivered_q_ = good_q_ = dst_q_ = pay_q_ = dup_q_ = 0;
    for (auto& s : seen_) std::fill(s.begin(), s.end(), 0);
    conf_q_ = 0;
  } else {
    delivered_q_ += n_valid_;
    good_q_ += n_good_;
    dst_q_ += n_dst_;
    pay_q_ += n_pay_;
    dup_q_ += n_dup_;
    for (auto [j, i] : good_events_) seen_[static_cast<size_t>(j)][static_cast<size_t>(i)] = 1;
    if (st_.busy) conf_q_ += n_conf_;
  }
  fabric_.clock();
}

}  // namespace minforge::fabric
