// Fault-tolerant all-to-all schedule (paper 000, section 3 and Appendix) and the
// message-level simulator.  See minforge/banyan_fault.hpp for the construction.
#include "minforge/algo/banyan/banyan_fault.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace minforge::banyan {

namespace {

// Sets S (blocked sources) and D (blocked destinations) of a fault, as predicates.
struct FaultSets {
  int i = 0, high = 0, low = 0, mask = 0;
  FaultSets(Fault f)
      : i(f.stage),
        high(f.element >> f.stage),
        low(f.element & ((1 << f.stage) - 1)),
        mask((1 << f.stage) - 1) {}
  bool source(int x) const { return (x >> (i + 1)) == high; }
  bool dest(int y) const { return ((y >> 1) & mask) == low; }
  // A relay r keeps both hops s -> r (s in S) and r -> d (d in D) off the fault.
  bool relay_ok(int r) const { return !source(r) && !dest(r); }
};

void require(bool ok, const std::string& what) {
  if (!ok) throw std::logic_error("banyan plan: " + what);
}

// Terminal base (paper: N/2 for l < N/4, 0 otherwise) plus offset o (paper: 2 when
// l mod 2^i = 0; corrected: also when l mod 2^i = 2^(i-1), i >= 2).
int terminal_origin(const Topology& t, Fault f) {
  FaultSets fs(f);
  int base = f.element < t.ports() / 4 ? t.ports() / 2 : 0;
  bool shift = fs.low == 0 || (fs.i >= 2 && fs.low == (1 << (fs.i - 1)));
  return base + (shift ? 2 : 0);
}

Cycle base_cycle(const Topology& t, const FaultSets& fs, uint32_t k, bool faulty) {
  Cycle c{k, {}};
  c.sends.reserve(t.ports());
  int cs = static_cast<int>(t.bit_reverse(k));
  for (int x = 0; x < t.ports(); ++x) {
    int y = t.rotl(x ^ cs);
    if (faulty && fs.source(x) && fs.dest(y)) continue;
    c.sends.push_back(Send{x, x, y});
  }
  return c;
}

// Pairs of extra cycles for Algorithm B (t = 2 terminals).
void algorithm_b_cycles(const Topology& t, Fault f, std::vector<Cycle>& out) {
  FaultSets fs(f);
  auto dests = blocked_destinations(t, f);
  for (const KeyPair& kp : algorithm_b_key_pairs(t, f)) {
    for (int y : dests) {
      uint32_t g2 = gamma_index(t, kp.terminal_a, y);
      int y2 = gamma(t, g2, kp.terminal_b);
      require(fs.dest(y2), "Algorithm B second hop leaves the blocked set");
      out.push_back(Cycle{kp.first_gamma, {Send{kp.a, kp.a, y}, Send{kp.b, kp.b, y2}}});
      out.push_back(Cycle{g2, {Send{kp.terminal_a, kp.a, y}, Send{kp.terminal_b, kp.b, y2}}});
    }
  }
}

// Pairs of extra cycles for the Fig. 4 refinement (t = 4 relays).
void fig4_cycles(const Topology& t, Fault f, std::vector<Cycle>& out) {
  FaultSets fs(f);
  int i = f.stage;
  auto relays = fig4_relays(t, f);
  auto dests = blocked_destinations(t, f);
  int group_mask = (1 << (i - 1)) | (1 << i);
  for (int s0 : blocked_sources(t, f)) {
    if (s0 & group_mask) continue;
    uint32_t g1 = gamma_index(t, s0, relays[0]);
    int src[4];
    for (int a = 0; a < 4; ++a) {
      src[a] = gamma_inverse(t, g1, relays[a]);
      require(fs.source(src[a]) && (src[a] & ~group_mask) == s0, "Fig. 4 group");
    }
    for (int y : dests) {
      uint32_t g2 = gamma_index(t, relays[0], y);
      Cycle first{g1, {}}, second{g2, {}};
      for (int a = 0; a < 4; ++a) {
        int ya = gamma(t, g2, relays[a]);
        require(fs.dest(ya), "Fig. 4 second hop leaves the blocked set");
        first.sends.push_back(Send{src[a], src[a], ya});
        second.sends.push_back(Send{relays[a], src[a], ya});
      }
      out.push_back(std::move(first));
      out.push_back(std::move(second));
    }
  }
}

// Exact search (N = 8): assign every blocked pair a first-hop cycle t1 and a second-hop
// cycle t2 > t1 of the given sequence, each (processor, cycle) slot used at most once.
class RelaySearch {
 public:
  RelaySearch(const Topology& t, Fault f, const std::vector<uint32_t>& seq)
      : t_(t), seq_(seq), msgs_(blocked_pairs(t, f)) {
    FaultSets fs(f);
    int T = static_cast<int>(seq.size());
    options_.resize(msgs_.size());
    for (size_t m = 0; m < msgs_.size(); ++m) {
      auto [s, d] = msgs_[m];
      for (int t1 = 0; t1 < T; ++t1) {
        int r = gamma(t, seq[t1], s);
        if (!fs.relay_ok(r)) continue;
        for (int t2 = t1 + 1; t2 < T; ++t2)
          if (gamma(t, seq[t2], r) == d) options_[m].push_back({t1, t2, r});
      }
    }
    used_.assign(static_cast<size_t>(T) * t.ports(), 0);
    choice_.assign(msgs_.size(), -1);
  }
  bool run() { return rec(); }
  std::vector<Cycle> cycles() const {
    std::vector<Cycle> out;
    for (uint32_t k : seq_) out.push_back(Cycle{k, {}});
    for (size_t m = 0; m < msgs_.size(); ++m) {
      const Option& o = options_[m][choice_[m]];
      auto [s, d] = msgs_[m];
      out[o.t1].sends.push_back(Send{s, s, d});
      out[o.t2].sends.push_back(Send{o.relay, s, d});
    }
    for (Cycle& c : out)
      std::sort(c.sends.begin(), c.sends.end(),
                [](const Send& a, const Send& b) { return a.proc < b.proc; });
    return out;
  }

 private:
  struct Option {
    int t1, t2, relay;
  };
  size_t slot(int tc, int p) const { return static_cast<size_t>(tc) * t_.ports() + p; }
  bool free(size_t m, const Option& o) const {
    return !used_[slot(o.t1, msgs_[m].first)] && !used_[slot(o.t2, o.relay)];
  }
  bool rec() {
    size_t best = msgs_.size();
    int best_count = 1 << 30;
    for (size_t m = 0; m < msgs_.size(); ++m) {
      if (choice_[m] >= 0) continue;
      int n = 0;
      for (const Option& o : options_[m]) n += free(m, o) ? 1 : 0;
      if (n < best_count) best = m, best_count = n;
    }
    if (best == msgs_.size()) return true;
    if (best_count == 0) return false;
    for (size_t j = 0; j < options_[best].size(); ++j) {
      const Option& o = options_[best][j];
      if (!free(best, o)) continue;
      used_[slot(o.t1, msgs_[best].first)] = 1;
      used_[slot(o.t2, o.relay)] = 1;
      choice_[best] = static_cast<int>(j);
      if (rec()) return true;
      choice_[best] = -1;
      used_[slot(o.t1, msgs_[best].first)] = 0;
      used_[slot(o.t2, o.relay)] = 0;
    }
    return false;
  }

  const Topology& t_;
  std::vector<uint32_t> seq_;
  std::vector<Pair> msgs_;
  std::vector<std::vector<Option>> options_;
  std::vector<uint8_t> used_;
  std::vector<int> choice_;
};

void appendix_cycles(const Topology& t, Fault f, std::vector<Cycle>& out) {
  // Relabel E_11's sequence for E_1l by x -> x xor a (a maps E_11 onto E_1l).
  int L = f.element >> 1, lambda = f.element & 1;
  int a = ((lambda ^ 1) << 1) | (L << 2);
  std::vector<uint32_t> seq;
  for (uint32_t k : appendix_sequence()) {
    uint32_t c = t.bit_reverse(k) ^ static_cast<uint32_t>(a ^ t.rotr(a));
    seq.push_back(t.bit_reverse(c));
  }
  RelaySearch search(t, f, seq);
  require(search.run(), "no relay assignment for the Appendix sequence");
  for (Cycle& c : search.cycles()) out.push_back(std::move(c));
}

}  // namespace

Plan latin_plan(const Topology& t) {
  Plan p{t.ports(), Fault{-1, -1}, {}};
  FaultSets none(Fault{1, 0});
  for (int k = 0; k < t.ports(); ++k)
    p.cycles.push_back(base_cycle(t, none, static_cast<uint32_t>(k), false));
  return p;
}

std::vector<KeyPair> algorithm_b_key_pairs(const Topology& t, Fault f) {
  validate_fault(t, f);
  if (t.ports() < 16)
    throw InvalidArgument("banyan: Algorithm B applies to N >= 16 (N = 8: see the Appendix)");
  FaultSets fs(f);
  int i = f.stage, l = f.element;
  int d = i > 1 ? (1 << (i - 1)) : 2;
  int ta = terminal_origin(t, f), tb = ta + 2 * d;
  require(fs.relay_ok(ta) && fs.relay_ok(tb), "Algorithm B terminals on the fault");
  std::vector<KeyPair> out;
  int j0 = (1 << (i + 1)) * (l >> i);
  auto add = [&](int a, int b) {
    uint32_t g = gamma_index(t, a, ta);
    require(g == gamma_index(t, b, tb), "key pair without a common configuration");
    require(fs.source(a) && fs.source(b), "key pair outside the blocked sources");
    out.push_back(KeyPair{a, b, ta, tb, g});
  };
  for (int j = j0; j < j0 + d; ++j) {
    add(j, j + d);
    if (i > 1) add(j + (1 << i), j + (1 << i) + d);
  }
  return out;
}

std::vector<int> fig4_relays(const Topology& t, Fault f) {
  validate_fault(t, f);
  int i = f.stage;
  if (i < 2 || i > t.stages() - 3)
    throw InvalidArgument("banyan: the Fig. 4 relays exist for 1 < i < m-2 only");
  FaultSets fs(f);
  int r0 = terminal_origin(t, f);
  std::vector<int> r;
  for (int a = 0; a < 4; ++a) {
    r.push_back(r0 + a * (1 << i));
    require(fs.relay_ok(r.back()), "Fig. 4 relay on the fault");
  }
  return r;
}

std::vector<uint32_t> appendix_sequence() {
  return {0, 4, 7, 3, 1, 2, 6, 5, 0, 7, 2, 4, 5, 2, 7, 0, 5};
}

Plan fault_tolerant_plan(const Topology& t, Fault f) {
  validate_fault(t, f);
  FaultSets fs(f);
  Plan p{t.ports(), f, {}};
  for (int k = 0; k < t.ports(); ++k)
    p.cycles.push_back(base_cycle(t, fs, static_cast<uint32_t>(k), true));
  int i = f.stage, m = t.stages();
  if (t.ports() == 8)
    appendix_cycles(t, f, p.cycles);
  else if (i == 1 || i == m - 2)
    algorithm_b_cycles(t, f, p.cycles);
  else
    fig4_cycles(t, f, p.cycles);
  return p;
}

SimResult simulate(const Topology& t, const Plan& plan,
                   std::optional<std::pair<Fault, FaultKind>> fault) {
  if (fault) validate_fault(t, fault->first);
  const int N = t.ports();
  const int64_t M = static_cast<int64_t>(N) * N;
  SimResult res;
  res.cycles = static_cast<int>(plan.cycles.size());
  constexpr size_t kMaxErrors = 100;
  int64_t suppressed = 0;
  auto error = [&](std::string msg) {
    if (res.errors.size() < kMaxErrors)
      res.errors.push_back(std::move(msg));
    else
      ++suppressed;
  };
  if (plan.fault.stage < 0) {
    res.bound = N;
  } else {
    try {
      res.bound = theorem1_bound(t, plan.fault);
    } catch (const InvalidArgument& e) {
      error(std::string("plan fault: ") + e.what());
    }
  }
  if (plan.ports != N) {
    error("plan is for N = " + std::to_string(plan.ports) +
          ", network has N = " + std::to_string(N));
    res.lost = M;
    return res;
  }

  std::vector<uint8_t> delivered(static_cast<size_t>(M), 0);
  std::vector<int32_t> relay_at(static_cast<size_t>(M), -1);  // one relay copy per message
  std::multiset<std::pair<int64_t, int>> extra_copies;        // further copies (bad plans)
  std::vector<int> sent_in(N, -1), recv_in(N, -1);
  std::vector<std::pair<int, int64_t>> arrivals;
  arrivals.reserve(N);
  const int fstage = fault ? fault->first.stage : -1;
  const int felem = fault ? fault->first.element : -1;

  for (int cyc = 0; cyc < res.cycles; ++cyc) {
    const Cycle& c = plan.cycles[cyc];
    const std::string where = "cycle " + std::to_string(cyc) + ": ";
    if (c.gamma >= static_cast<uint32_t>(N)) {
      error(where + "configuration Gamma_" + std::to_string(c.gamma) + " out of range");
      continue;
    }
    const int cs = static_cast<int>(t.bit_reverse(c.gamma));
    arrivals.clear();
    for (const Send& s : c.sends) {
      if (s.proc < 0 || s.proc >= N || s.origin < 0 || s.origin >= N || s.final_dest < 0 ||
          s.final_dest >= N) {
        error(where + "send with processor/message out of range");
        continue;
      }
      if (sent_in[s.proc] == cyc) {
        error(where + "processor " + std::to_string(s.proc) + " sends twice");
        continue;
      }
      sent_in[s.proc] = cyc;
      const int64_t msg = static_cast<int64_t>(s.origin) * N + s.final_dest;
      if (s.proc != s.origin) {
        if (relay_at[msg] == s.proc) {
          relay_at[msg] = -1;
        } else {
          auto it = extra_copies.find({msg, s.proc});
          if (it == extra_copies.end()) {
            error(where + "relay " + std::to_string(s.proc) + " does not hold message " +
                  std::to_string(s.origin) + "->" + std::to_string(s.final_dest));
            continue;
          }
          extra_copies.erase(it);
        }
      }
      ++res.sends;
      int target = t.rotl(s.proc ^ cs);
      if (fstage >= 0 && element_on_path(t, s.proc, target, fstage) == felem) {
        Route r = route(t, c.gamma, s.proc, fault);
        if (!r.delivered) continue;  // lost in the dead element
        if (r.dest != target) {
          ++res.misrouted;
          continue;
        }
      }
      arrivals.emplace_back(target, msg);
    }
    for (auto [to, msg] : arrivals) {
      if (recv_in[to] == cyc) error(where + "processor " + std::to_string(to) + " receives twice");
      recv_in[to] = cyc;
      if (to == static_cast<int>(msg % N)) {
        if (delivered[msg])
          ++res.duplicates;
        else
          delivered[msg] = 1;
      } else if (relay_at[msg] < 0) {
        relay_at[msg] = to;
      } else {
        extra_copies.insert({msg, to});
      }
    }
  }
  for (uint8_t d : delivered) res.delivered += d;
  res.lost = M - res.delivered;
  if (suppressed > 0) res.errors.push_back(std::to_string(suppressed) + " more errors");
  return res;
}

}  // namespace minforge::banyan
