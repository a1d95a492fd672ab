#include "minforge/algo/lcan/lcan_sim.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace minforge::lcan {

UpPolicy parse_up_policy(std::string_view s) {
  if (s == "cycle") return UpPolicy::PerCycle;
  if (s == "perm") return UpPolicy::PerPermutation;
  if (s == "fixed") return UpPolicy::Fixed;
  throw InvalidArgument("unknown upward policy '" + std::string(s) +
                        "' (expected cycle|perm|fixed)");
}

DownPolicy parse_down_policy(std::string_view s) {
  if (s == "random") return DownPolicy::Random;
  if (s == "lower") return DownPolicy::LowerFirst;
  if (s == "higher") return DownPolicy::HigherFirst;
  throw InvalidArgument("unknown downward policy '" + std::string(s) +
                        "' (expected random|lower|higher)");
}

std::string up_policy_name(UpPolicy p) {
  switch (p) {
    case UpPolicy::PerCycle:
      return "cycle";
    case UpPolicy::PerPermutation:
      return "perm";
    case UpPolicy::Fixed:
      return "fixed";
  }
  return "?";
}

std::string down_policy_name(DownPolicy p) {
  switch (p) {
    case DownPolicy::Random:
      return "random";
    case DownPolicy::LowerFirst:
      return "lower";
    case DownPolicy::HigherFirst:
      return "higher";
  }
  return "?";
}

namespace {

// A uniformly random permutation of 0 .. m-1 (Fisher-Yates).
void draw_setting(uint16_t* pi, int m, Rng& rng) {
  for (int t = 0; t < m; ++t) pi[t] = static_cast<uint16_t>(t);
  for (int t = m; t > 1; --t) std::swap(pi[t - 1], pi[rng.below(static_cast<uint64_t>(t))]);
}

}  // namespace

uint32_t Simulator::rand32() {
  if (half_) {
    half_ = false;
    return static_cast<uint32_t>(pool_ >> 32);
  }
  pool_ = rng_.next();
  half_ = true;
  return static_cast<uint32_t>(pool_);
}

uint32_t Simulator::below32(uint32_t n) {
  if (n == 2) return bit();
  // Lemire's multiply-and-reject: exactly uniform on 0 .. n-1.
  uint64_t m = uint64_t{rand32()} * n;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < n) {
    const uint32_t t = static_cast<uint32_t>(-n) % n;
    while (low < t) {
      m = uint64_t{rand32()} * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

bool Simulator::bit() {
  if (bits_left_ == 0) {
    bits_ = rng_.next();
    bits_left_ = 64;
  }
  --bits_left_;
  const bool b = bits_ & 1;
  bits_ >>= 1;
  return b;
}

Simulator::Simulator(const Network& net, UpPolicy up, DownPolicy down, uint64_t seed)
    : net_(&net), up_(up), down_(down), rng_(seed), L_(net.levels()) {
  int64_t pis = 0, sws = 0, slots = 0, groups = 0, ups = 0;
  int max_u = 1;
  for (int i = 0; i < L_; ++i) {
    d_.push_back(net.d(i));
    u_.push_back(net.u(i));
    m_.push_back(std::max(net.d(i), net.u(i)));
    if (m_.back() > 65536)
      throw InvalidArgument("the simulator handles switches with at most 65536 ports a side");
    S_.push_back(net.switches(i));
    gs_.push_back(net.down_group_size(i));
    G_.push_back(net.d(i) / net.down_group_size(i));
    upt_.push_back(net.up_table(i));
    downt_.push_back(net.down_table(i));
    pi_off_.push_back(pis);
    sw_off_.push_back(sws);
    slot_off_.push_back(slots);
    grp_off_.push_back(groups);
    pis += int64_t{S_[i]} * m_[i];
    sws += S_[i];
    slots += int64_t{S_[i]} * d_[i];
    groups += int64_t{S_[i]} * G_[i];
    ups += int64_t{S_[i]} * u_[i];
    max_u = std::max(max_u, u_[i]);
  }
  if (up_ != UpPolicy::PerCycle) pi_.resize(pis);
  if (up_ == UpPolicy::Fixed) {
    Rng incarnation(seed ^ 0xF1C5ED5E771A6Cull);
    for (int i = 0; i < L_; ++i)
      for (int s = 0; s < S_[i]; ++s)
        draw_setting(pi_.data() + pi_off_[i] + int64_t{s} * m_[i], m_[i], incarnation);
  }
  if (up_ == UpPolicy::PerPermutation) pi_stamp_.assign(sws, 0);
  scratch_pi_.resize(*std::max_element(m_.begin(), m_.end()));
  slot_.assign(slots, -1);
  count_.assign(sws, 0);
  used_up_.assign(max_u, 0);
  win_.assign(slots, -1);
  win_key_.assign(slots, 0);
  win_n_.assign(groups, 0);
  grp_stamp_.assign(groups, 0);
  up_bits_.assign(static_cast<size_t>(ups / 64 + 1), 0);
  down_bits_.assign(static_cast<size_t>(slots / 64 + 1), 0);
  pe_bits_.assign(static_cast<size_t>(net.N() / 64 + 1), 0);
  grp1_.assign(groups, Slot1{-1, 0});
  turn_.resize(L_);
  up_off_.assign(L_ + 1, 0);
  for (int i = 0; i < L_; ++i) up_off_[i + 1] = up_off_[i] + int64_t{S_[i]} * u_[i];
  if (up_ == UpPolicy::PerCycle) {
    uperm_.resize(up_off_[L_]);
    for (int i = 0; i < L_; ++i)
      for (int64_t x = 0; x < int64_t{S_[i]} * u_[i]; ++x)
        uperm_[up_off_[i] + x] = static_cast<uint16_t>(x % u_[i]);
  }
  pe_digit_.resize(int64_t{net.N()} * L_);
  for (int pe = 0; pe < net.N(); ++pe)
    for (int i = 0; i < L_; ++i)
      pe_digit_[int64_t{pe} * L_ + i] = static_cast<uint16_t>(net.down_group(i, pe));
  dst_.resize(net.N());
  lca_.resize(net.N());
  digit_.resize(int64_t{net.N()} * L_);
  path_.resize(int64_t{net.N()} * (2 * L_ + 1));
  at_.resize(net.N());
  ok_.resize(net.N());
}

const uint16_t* Simulator::setting(int level, int sw) {
  const int m = m_[level];
  if (up_ == UpPolicy::PerCycle) {
    if (m == 2) {
      const uint16_t b = bit();
      scratch_pi_[0] = b;
      scratch_pi_[1] = static_cast<uint16_t>(1 - b);
    } else {
      draw_setting(scratch_pi_.data(), m, rng_);
    }
    return scratch_pi_.data();
  }
  uint16_t* pi = pi_.data() + pi_off_[level] + int64_t{sw} * m;
  if (up_ == UpPolicy::PerPermutation) {
    uint32_t& st = pi_stamp_[sw_off_[level] + sw];
    if (st != perm_epoch_) {
      st = perm_epoch_;
      draw_setting(pi, m, rng_);
    }
  }
  return pi;
}

RouteResult Simulator::route(const Permutation& p, std::vector<CycleTrace>* trace,
                             int trace_cycles) {
  const Network& net = *net_;
  check_for_network(net, p);
  if (++perm_epoch_ == 0) {
    std::fill(pi_stamp_.begin(), pi_stamp_.end(), 0);
    perm_epoch_ = 1;
  }
  const int N = net.N();
  std::vector<int> pending(N);
  std::iota(pending.begin(), pending.end(), 0);
  for (int s = 0; s < N; ++s) {
    const int t = p[s];
    dst_[s] = t;
    const uint16_t* ds = pe_digit_.data() + int64_t{s} * L_;
    const uint16_t* dt = pe_digit_.data() + int64_t{t} * L_;
    int L = L_ - 1;
    while (L > 0 && ds[L] == dt[L]) --L;
    lca_[s] = L;
    for (int i = 0; i < L_; ++i) digit_[int64_t{i} * N + s] = dt[i];
  }
  RouteResult res;
  res.cycle_of.assign(N, 0);
  if (trace) trace->clear();
  while (!pending.empty()) {
    if (res.cycles >= 10 * N + 1000)
      throw std::logic_error("lcan simulator: routing does not terminate");
    CycleTrace* t = nullptr;
    if (trace && res.cycles < trace_cycles) t = &trace->emplace_back();
    cycle(pending, res, t);
  }
  return res;
}

void Simulator::cycle(std::vector<int>& pending, RouteResult& res, CycleTrace* trace) {
  if (++epoch_ == 0) {
    std::fill(grp_stamp_.begin(), grp_stamp_.end(), 0);
    epoch_ = 1;
  }
  ++res.cycles;
  int top = 0;
  for (int s : pending) top = std::max(top, lca_[s]);
  for (int i = 0; i <= top; ++i) turn_[i].clear();
  climb_.clear();
  const int d0 = d_[0];
  for (int s : pending) {
    const Req r{s, s / d0, s % d0};
    (lca_[s] == 0 ? turn_[0] : climb_).push_back(r);
  }
  const int64_t N = net_->N();

  // ---- up ------------------------------------------------------------------------------
  for (int i = 0; i < top; ++i) {
    const int d = d_[i], u = u_[i], m = m_[i];
    int* slot = slot_.data() + slot_off_[i];
    int* cnt = count_.data() + sw_off_[i];
    const End* upt = upt_[i];
    next_climb_.clear();
    if (up_ == UpPolicy::PerCycle && d <= u) {
      // Fast path, same law: with d <= u the setting is a uniformly random injection of the
      // requesting downers into the uppers, drawn here one request at a time (a lazy
      // Fisher-Yates over a per-switch array of the uppers, whatever order it was left in).
      uint16_t* uperm = uperm_.data() + up_off_[i];
      for (const Req& r : climb_) {
        const int c = cnt[r.sw]++;
        uint16_t* pm = uperm + int64_t{r.sw} * u;
        const int left = u - c;
        const int j = left == 1   ? c
                      : left == 2 ? c + static_cast<int>(bit())
                                  : c + static_cast<int>(below32(static_cast<uint32_t>(left)));
        std::swap(pm[c], pm[j]);
        const int k = pm[c];
        path_[i * N + r.pair] = static_cast<uint16_t>(k);
        const End e = upt[int64_t{r.sw} * u + k];
        (lca_[r.pair] == i + 1 ? turn_[i + 1] : next_climb_).push_back(Req{r.pair, e.sw, e.port});
      }
      for (const Req& r : climb_) cnt[r.sw] = 0;
      climb_.swap(next_climb_);
      continue;
    }
    touched_.clear();
    for (const Req& r : climb_) {
      if (cnt[r.sw]++ == 0) touched_.push_back(r.sw);
      slot[int64_t{r.sw} * d + r.port] = r.pair;
    }
    for (int sw : touched_) {
      const uint16_t* pinv = setting(i, sw);
      int remaining = cnt[sw], assigned = 0;
      cnt[sw] = 0;
      int* sl = slot + int64_t{sw} * d;
      for (int t = 0; t < m && remaining > 0; ++t) {
        const int j = pinv[t];
        if (j >= d || sl[j] < 0) continue;
        const int pr = sl[j];
        sl[j] = -1;
        --remaining;
        if (assigned == u) {  // all uppers taken: dropped
          if (trace) ++trace->up_drops;
          continue;
        }
        int k = t < u ? t : t % u;
        if (d > u) {
          while (used_up_[k]) k = k + 1 == u ? 0 : k + 1;
          used_up_[k] = 1;
        }
        ++assigned;
        path_[i * N + pr] = static_cast<uint16_t>(k);
        const End e = upt[int64_t{sw} * u + k];
        (lca_[pr] == i + 1 ? turn_[i + 1] : next_climb_).push_back(Req{pr, e.sw, e.port});
      }
      if (d > u && assigned) std::memset(used_up_.data(), 0, static_cast<size_t>(u));
    }
    climb_.swap(next_climb_);
  }

  // ---- down ----------------------------------------------------------------------------
  // Requests for one downer group are ranked by (class, random 32 bits), the smaller first;
  // the random part is drawn only when a second request meets the first (with one downer per
  // group, the CB case), which leaves every tie broken uniformly at random.
  done_.clear();
  down_req_.clear();
  for (int i = top; i >= 0; --i) {
    const int d = d_[i], gs = gs_[i], G = G_[i];
    int* win = win_.data() + slot_off_[i];
    uint64_t* wkey = win_key_.data() + slot_off_[i];
    int* wn = win_n_.data() + grp_off_[i];
    uint32_t* gst = grp_stamp_.data() + grp_off_[i];
    const uint16_t* dig = digit_.data() + i * N;
    Slot1* g1 = grp1_.data() + grp_off_[i];
    constexpr uint32_t kUndrawn1 = uint32_t{1} << 31;
    auto cls_of = [&](int pair) -> uint64_t {
      if (down_ == DownPolicy::LowerFirst) return static_cast<uint64_t>(lca_[pair]) << 32;
      if (down_ == DownPolicy::HigherFirst) return static_cast<uint64_t>(L_ - lca_[pair]) << 32;
      return 0;
    };
    auto consider = [&](Req& r) {
      const int64_t g = int64_t{r.sw} * G + dig[r.pair];
      r.port = static_cast<int>(g - int64_t{r.sw} * G);  // the group, kept for settle
      if (gs == 1) {
        // A free slot holds a negative pair (the complement of its last winner).
        Slot1& sl = g1[g];
        if (sl.pair < 0) {
          sl.pair = r.pair;
          sl.rnd = kUndrawn1;  // random part not drawn yet
          return;
        }
        if (sl.rnd & kUndrawn1) sl.rnd = rand32() >> 1;
        const uint32_t rn = rand32() >> 1;
        const uint64_t cw = cls_of(sl.pair), cn = cls_of(r.pair);
        if (cn < cw || (cn == cw && (rn < sl.rnd || (rn == sl.rnd && bit())))) {
          sl.pair = r.pair;
          sl.rnd = rn;
        }
        return;
      }
      const uint64_t key = cls_of(r.pair) | rand32();
      if (gst[g] != epoch_) {
        gst[g] = epoch_;
        wn[g] = 0;
      }
      const int64_t b = g * gs;
      if (wn[g] < gs) {
        win[b + wn[g]] = r.pair;
        wkey[b + wn[g]] = key;
        ++wn[g];
        return;
      }
      int worst = 0;
      for (int x = 1; x < gs; ++x)
        if (wkey[b + x] > wkey[b + worst]) worst = x;
      if (key < wkey[b + worst]) {
        win[b + worst] = r.pair;
        wkey[b + worst] = key;
      }
    };
    // The requests of this level: pairs coming down from above, then pairs turning here.
    down_req_.insert(down_req_.end(), turn_[i].begin(), turn_[i].end());
    for (Req& r : down_req_) consider(r);
    next_down_.clear();
    const End* dt = downt_[i];
    uint16_t* path = path_.data() + (L_ + i) * N;
    auto settle = [&](const Req& r) {
      const int grp = r.port;
      const int64_t b = (int64_t{r.sw} * G + grp) * gs;
      int x = 0;
      if (gs == 1) {
        Slot1& sl = g1[b];
        if (sl.pair != r.pair) {  // lost the downer: dropped
          if (trace)
            trace->down_losses.push_back({lca_[sl.pair >= 0 ? sl.pair : ~sl.pair], lca_[r.pair]});
          return;
        }
        sl.pair = ~sl.pair;  // settled: the slot is free for the next cycle
      } else {
        while (x < gs && win[b + x] != r.pair) ++x;
        if (x == gs) {  // lost the downer: dropped
          if (trace) {
            int worst = 0;
            for (int y = 1; y < gs; ++y)
              if (wkey[b + y] > wkey[b + worst]) worst = y;
            trace->down_losses.push_back({lca_[win[b + worst]], lca_[r.pair]});
          }
          return;
        }
      }
      const int j = grp * gs + x;
      path[r.pair] = static_cast<uint16_t>(j);
      if (i == 0) {
        done_.push_back(r.pair);
      } else {
        const End e = dt[int64_t{r.sw} * d + j];
        next_down_.push_back(Req{r.pair, e.sw, e.port});
      }
    };
    for (const Req& r : down_req_) settle(r);
    down_req_.swap(next_down_);
  }

  if (done_.empty()) throw std::logic_error("lcan simulator: a network cycle routed no pair");
  verify(done_, res, trace ? &trace->circuits : nullptr);
  for (int s : done_) {
    ok_[s] = 1;
    res.cycle_of[s] = res.cycles;
  }
  res.routed.push_back(static_cast<int>(done_.size()));
  size_t w = 0;
  for (int s : pending)
    if (!ok_[s]) pending[w++] = s;
  pending.resize(w);
  for (int s : done_) ok_[s] = 0;
}

void Simulator::verify(const std::vector<int>& done, RouteResult& res,
                       std::vector<Circuit>* circuits) {
  const Network& net = *net_;
  const int64_t N = net.N();
  auto clash = [&](const std::string& what) {
    throw std::logic_error("lcan simulator: " + what + " carries two circuits in cycle " +
                           std::to_string(res.cycles));
  };
  // One bit per directed link, cleared every cycle.
  std::fill(up_bits_.begin(), up_bits_.end(), 0);
  std::fill(down_bits_.begin(), down_bits_.end(), 0);
  std::fill(pe_bits_.begin(), pe_bits_.end(), 0);
  auto take = [](std::vector<uint64_t>& bits, int64_t x) {
    uint64_t& w = bits[static_cast<size_t>(x >> 6)];
    const uint64_t b = uint64_t{1} << (x & 63);
    const bool was = w & b;
    w |= b;
    return !was;
  };
  // Every circuit walked again through the wire tables from the choices recorded in path_,
  // all circuits one level at a time.
  int top = 0;
  for (int s : done) {
    if (!take(pe_bits_, s)) clash("the upward link of PE " + std::to_string(s));
    at_[s] = s / d_[0];
    top = std::max(top, lca_[s]);
  }
  for (int i = 0; i < top; ++i) {
    const uint16_t* path = path_.data() + i * N;
    const End* upt = upt_[i];
    const int u = u_[i];
    for (int s : done) {
      if (lca_[s] <= i) continue;
      const int64_t x = int64_t{at_[s]} * u + path[s];
      if (!take(up_bits_, up_off_[i] + x)) clash("an upward link above level " + std::to_string(i));
      at_[s] = upt[x].sw;
    }
  }
  for (int i = top; i >= 0; --i) {
    const uint16_t* path = path_.data() + (L_ + i) * N;
    const End* dt = downt_[i];
    const int d = d_[i];
    for (int s : done) {
      if (lca_[s] < i) continue;
      const int64_t x = int64_t{at_[s]} * d + path[s];
      if (!take(down_bits_, slot_off_[i] + x))
        clash("a downward link below level " + std::to_string(i));
      at_[s] = dt[x].sw;
    }
  }
  for (int s : done) {
    if (at_[s] != dst_[s])
      throw std::logic_error("lcan simulator: the circuit of " + std::to_string(s) +
                             " ends at PE " + std::to_string(at_[s]) + ", not " +
                             std::to_string(dst_[s]));
    res.links_checked += 2 * lca_[s] + 2;
  }
  if (!circuits) return;
  for (int s : done) {
    const int L = lca_[s];
    const End at = net.attach(s);
    Circuit c{s, dst_[s], {}};
    PortRef in{PortRef::Down, at.port};
    int sw = at.sw;
    for (int i = 0; i < L; ++i) {
      const int k = path_[i * N + s];
      c.hops.push_back(Hop{i, sw, in, PortRef{PortRef::Up, k}});
      const End e = upt_[i][int64_t{sw} * u_[i] + k];
      sw = e.sw;
      in = PortRef{PortRef::Down, e.port};
    }
    for (int i = L; i >= 0; --i) {
      const int j = path_[(L_ + i) * N + s];
      c.hops.push_back(Hop{i, sw, in, PortRef{PortRef::Down, j}});
      const End e = downt_[i][int64_t{sw} * d_[i] + j];
      sw = e.sw;
      in = PortRef{PortRef::Up, e.port};
    }
    circuits->push_back(std::move(c));
  }
}

ClassStats simulate_class(const Network& net, PermClass c, int trials, uint64_t seed, UpPolicy up,
                          DownPolicy down, const std::function<void(int)>& progress) {
  if (trials < 1) throw InvalidArgument("trials must be >= 1");
  ClassStats st;
  st.network = net.name();
  st.cls = c;
  st.trials = trials;
  Rng perm_rng(seed);
  Simulator sim(net, up, down, seed ^ 0x9E3779B97F4A7C15ull);
  double sum = 0;
  for (int k = 0; k < trials; ++k) {
    const Permutation p = generate(net, c, perm_rng);
    const int cyc = sim.route(p).cycles;
    st.cycles.push_back(cyc);
    sum += cyc;
    if (progress) progress(k + 1);
  }
  st.mean = sum / trials;
  double ss = 0;
  for (int cyc : st.cycles) ss += (cyc - st.mean) * (cyc - st.mean);
  st.variance = trials > 1 ? ss / (trials - 1) : 0.0;
  st.min = *std::min_element(st.cycles.begin(), st.cycles.end());
  st.max = *std::max_element(st.cycles.begin(), st.cycles.end());
  return st;
}

}  // namespace minforge::lcan
