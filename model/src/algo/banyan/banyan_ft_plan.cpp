// The fault-tolerant banyan plan as the hardware runs it: latency hiding, relay slots and
// the schedule-memory image (minforge/algo/banyan/banyan_ft_plan.hpp).
#include "minforge/algo/banyan/banyan_ft_plan.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace minforge::banyan {

namespace {

constexpr int kMaxLatency = 64;

void check_latency(int latency) {
  if (latency < 0 || latency > kMaxLatency)
    throw InvalidArgument("latency must be 0.." + std::to_string(kMaxLatency) + " (got " +
                          std::to_string(latency) + ")");
}

// Every relayed message of a plan: its first-hop and second-hop cycles and its relay.
struct Relayed {
  int origin = 0, dest = 0, relay = 0;
  int t1 = -1, t2 = -1;
};

std::vector<Relayed> relayed_messages(const Topology& t, const Plan& p) {
  const int N = t.ports();
  std::map<int64_t, Relayed> by_msg;
  for (int c = 0; c < static_cast<int>(p.cycles.size()); ++c) {
    const Cycle& cy = p.cycles[c];
    for (const Send& s : cy.sends) {
      const int64_t id = static_cast<int64_t>(s.origin) * N + s.final_dest;
      if (s.proc == s.origin) {
        const int to = gamma(t, cy.gamma, s.proc);
        if (to == s.final_dest) continue;
        Relayed& r = by_msg[id];
        if (r.t1 >= 0) throw std::logic_error("banyan plan: a message leaves its source twice");
        r.origin = s.origin;
        r.dest = s.final_dest;
        r.relay = to;
        r.t1 = c;
      } else {
        Relayed& r = by_msg[id];
        if (r.t2 >= 0) throw std::logic_error("banyan plan: a message is relayed twice");
        r.t2 = c;
        if (r.t1 >= 0 && r.relay != s.proc)
          throw std::logic_error("banyan plan: second hop from a processor that is not the relay");
      }
    }
  }
  std::vector<Relayed> out;
  for (auto& [id, r] : by_msg) {
    if (r.t1 < 0 || r.t2 < 0) throw std::logic_error("banyan plan: a relayed message misses a hop");
    out.push_back(r);
  }
  return out;
}

int slot_width(int depth) { return std::max(1, ceil_log2(static_cast<uint64_t>(depth))); }

void check_depth(int depth) {
  if (depth < 1 || depth > kFtMaxRelayDepth)
    throw InvalidArgument("relay depth must be 1.." + std::to_string(kFtMaxRelayDepth) + " (got " +
                          std::to_string(depth) + ")");
}

// Bit field helpers over 32-bit words.
void put(std::vector<uint32_t>& w, int at, int width, uint64_t v) {
  for (int b = 0; b < width; ++b)
    if ((v >> b) & 1u) w[static_cast<size_t>((at + b) / 32)] |= 1u << ((at + b) % 32);
}
uint64_t get(const std::vector<uint32_t>& w, int at, int width) {
  uint64_t v = 0;
  for (int b = 0; b < width; ++b)
    if ((w[static_cast<size_t>((at + b) / 32)] >> ((at + b) % 32)) & 1u) v |= uint64_t{1} << b;
  return v;
}

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return std::string(s.substr(a, b - a));
}

// N = 8 (every blocked message passes one of the two processors outside S u D; a cycle
// carries at most one first hop into them and one second hop out of them, so the Appendix's
// 2N + 1 extra cycles pair nearly every first hop with a second hop, and reordering them
// cannot separate the hops): a depth-first search builds 2N + gap extra rows, the first
// `gap` carrying a first hop each, the next 2N - gap a first hop and a second hop whose first
// hop is at least `gap` cycles back, the last `gap` a second hop each.  With gap <= N the
// last `gap` rows repeat the configurations of the first `gap` (which are distinct), and the
// fault-free cycle of each such configuration k is dissolved into the two rows: in the
// first-hop row of Gamma_k the relay that sends the second hop of Gamma_k is free and sends
// its own message, in the second-hop row the source of the first hop is free, and every other
// processor's own message of Gamma_k goes into the first-hop row.  So the N fault-free cycles
// less `gap` come first, then the 2N + gap rows: 3N = 24 cycles, one fewer than the
// Appendix's 3N + 1 and the minimum for every latency (proof: tests/banyan/ft_n8_min.py, a
// SAT solver, output committed in ft_n8_min.txt; docs/banyan_model.md).  Found for every
// fault with latency 0..4 (the engine's are 0 and 3); when the paired search fails (larger
// latencies) the unpaired one gives 3N + gap cycles.
class PipelineSearch {
 public:
  // pairs: how many configurations to pair (at most min(gap, N) and 0 unless gap <= 2N).
  PipelineSearch(const Topology& t, Fault f, int gap, int pairs, long max_nodes)
      : t_(t), gap_(gap), max_nodes_(max_nodes) {
    for (int x = 0; x < t.ports(); ++x) {
      const bool src = is_source(t, f, x), dst = is_dest(t, f, x);
      if (!src && !dst) relay_ok_.push_back(x);
    }
    for (auto [s, d] : blocked_pairs(t, f)) pending_.push_back(Msg{s, d, -1, -1});
    rows_ = static_cast<int>(pending_.size()) + gap;
    pairs_ = gap <= rows_ - gap ? std::min({pairs, gap, t.ports()}) : 0;
    row_cfg_.assign(static_cast<size_t>(rows_), 0);
  }
  // Rows j and rows - gap + j (j < pairs()) share a configuration that no other pair uses.
  int pairs() const { return pairs_; }
  int rows() const { return rows_; }
  bool run() { return rec(0); }
  // The extra cycles found.
  std::vector<Cycle> cycles() const { return out_; }

 private:
  struct Msg {
    int s, d, relay, at;  // at: the row of the first hop
  };
  static bool is_source(const Topology& t, Fault f, int x) {
    (void)t;
    return (x >> (f.stage + 1)) == (f.element >> f.stage);
  }
  static bool is_dest(const Topology& t, Fault f, int y) {
    (void)t;
    const int mask = (1 << f.stage) - 1;
    return ((y >> 1) & mask) == (f.element & mask);
  }
  bool relay(int x) const {
    return std::find(relay_ok_.begin(), relay_ok_.end(), x) != relay_ok_.end();
  }
  bool rec(int p) {
    if (++nodes_ > max_nodes_) return false;
    if (p == rows_) return pending_.empty() && flight_.empty();
    const bool need_f = p < rows_ - gap_, need_s = p >= gap_;
    const int pair_of = p - (rows_ - gap_);  // this row repeats row pair_of's configuration
    for (uint32_t k = 0; k < static_cast<uint32_t>(t_.ports()); ++k) {
      if (pair_of >= 0 && pair_of < pairs_ && k != row_cfg_[static_cast<size_t>(pair_of)]) continue;
      if (p < pairs_ &&
          std::find(row_cfg_.begin(), row_cfg_.begin() + p, k) != row_cfg_.begin() + p)
        continue;
      row_cfg_[static_cast<size_t>(p)] = k;
      std::vector<int> so, fo;
      if (need_s) {
        for (int j = 0; j < static_cast<int>(flight_.size()); ++j)
          if (p - flight_[j].at >= gap_ && gamma(t_, k, flight_[j].relay) == flight_[j].d)
            so.push_back(j);
        if (so.empty()) continue;
      } else {
        so.push_back(-1);
      }
      if (need_f) {
        for (int j = 0; j < static_cast<int>(pending_.size()); ++j)
          if (relay(gamma(t_, k, pending_[j].s))) fo.push_back(j);
        if (fo.empty()) continue;
      } else {
        fo.push_back(-1);
      }
      for (int a : so)
        for (int b : fo) {
          if (a >= 0 && b >= 0 && flight_[a].relay == pending_[b].s) continue;
          // Apply.
          Cycle c{k, {}};
          std::optional<Msg> sent, moved;
          if (a >= 0) {
            sent = flight_[a];
            c.sends.push_back(Send{sent->relay, sent->s, sent->d});
            flight_.erase(flight_.begin() + a);
          }
          if (b >= 0) {
            moved = pending_[b];
            c.sends.push_back(Send{moved->s, moved->s, moved->d});
            pending_.erase(pending_.begin() + b);
            flight_.push_back(Msg{moved->s, moved->d, gamma(t_, k, moved->s), p});
          }
          out_.push_back(c);
          if (rec(p + 1)) return true;
          out_.pop_back();
          if (b >= 0) {
            flight_.pop_back();
            pending_.insert(pending_.begin() + b, *moved);
          }
          if (a >= 0) flight_.insert(flight_.begin() + a, *sent);
        }
    }
    return false;
  }

  const Topology& t_;
  int gap_, rows_, pairs_;
  std::vector<uint32_t> row_cfg_;
  std::vector<int> relay_ok_;
  std::vector<Msg> pending_, flight_;
  std::vector<Cycle> out_;
  long max_nodes_;
  long nodes_ = 0;
};

constexpr long kMaxNodes = 5'000'000, kPairedNodes = 1'000'000;

Plan pipelined_plan_n8(const Topology& t, Fault f, int gap) {
  validate_fault(t, f);
  const Plan ft = fault_tolerant_plan(t, f);  // its first N cycles are the fault-free ones
  // All min(gap, N) pairs (3N cycles; found for every fault with latency <= 4, tested, and
  // for some faults up to latency 6), else none (3N + gap cycles; the paired search gives up
  // after kPairedNodes nodes).
  std::optional<PipelineSearch> found;
  for (int pairs : {std::min(gap, t.ports()), 0}) {
    PipelineSearch search(t, f, gap, pairs, pairs > 0 ? kPairedNodes : kMaxNodes);
    if (search.run()) {
      found.emplace(std::move(search));
      break;
    }
  }
  if (!found)
    throw std::logic_error("banyan plan: no pipelined relay plan for N = 8, gap " +
                           std::to_string(gap));
  const PipelineSearch& search = *found;
  std::vector<Cycle> rows = search.cycles();
  const int R = search.rows(), P = search.pairs();
  std::vector<uint8_t> dissolved(static_cast<size_t>(t.ports()), 0);
  for (int j = 0; j < P; ++j) {
    Cycle& first = rows[static_cast<size_t>(j)];
    Cycle& second = rows[static_cast<size_t>(R - gap + j)];
    const Cycle& ff = ft.cycles.at(first.gamma);
    if (ff.gamma != first.gamma) throw std::logic_error("banyan plan: fault-free cycle order");
    const int sender = first.sends.at(0).proc;  // the first hop's source
    for (const Send& s : ff.sends) (s.proc == sender ? second : first).sends.push_back(s);
    dissolved[first.gamma] = 1;
  }
  Plan p{ft.ports, ft.fault, {}};
  for (uint32_t k = 0; k < static_cast<uint32_t>(t.ports()); ++k)
    if (!dissolved[k]) p.cycles.push_back(ft.cycles.at(k));
  for (Cycle& c : rows) {
    std::sort(c.sends.begin(), c.sends.end(),
              [](const Send& a, const Send& b) { return a.proc < b.proc; });
    p.cycles.push_back(std::move(c));
  }
  return p;
}

}  // namespace

Plan fault_tolerant_plan(const Topology& t, Fault f, int latency) {
  check_latency(latency);
  const int gap = latency + 1;
  if (t.ports() == 8) return pipelined_plan_n8(t, f, gap);
  Plan p = fault_tolerant_plan(t, f);
  const int T = static_cast<int>(p.cycles.size());
  // Predecessors of each cycle: the cycles holding the first hops of its second hops.
  std::vector<std::vector<int>> preds(T);
  std::vector<uint8_t> relay_cycle(T, 0);
  for (const Relayed& r : relayed_messages(t, p)) {
    preds[r.t2].push_back(r.t1);
    relay_cycle[r.t1] = relay_cycle[r.t2] = 1;
  }
  std::vector<int> order, fillers;
  for (int c = 0; c < T; ++c) (relay_cycle[c] ? order : fillers).push_back(c);
  std::vector<int> at(T, -1);
  Plan out{p.ports, p.fault, {}};
  size_t next_filler = 0;
  int placed = 0;
  for (int pos = 0; placed < T; ++pos) {
    int pick = -1;
    for (int c : order) {
      if (at[c] >= 0) continue;
      bool ready = true;
      for (int u : preds[c])
        if (at[u] < 0 || at[u] > pos - gap) ready = false;
      if (ready) {
        pick = c;
        break;
      }
    }
    if (pick < 0 && next_filler < fillers.size()) pick = fillers[next_filler++];
    if (pick < 0) {
      // Nothing can go: an empty cycle (the same configuration as the previous one).
      out.cycles.push_back(Cycle{out.cycles.empty() ? 0u : out.cycles.back().gamma, {}});
      continue;
    }
    at[pick] = pos;
    out.cycles.push_back(p.cycles[pick]);
    ++placed;
  }
  return out;
}

PlanTiming plan_timing(const Topology& t, const Plan& p, int latency) {
  check_latency(latency);
  PlanTiming r;
  r.cycles = static_cast<int>(p.cycles.size());
  for (const Cycle& c : p.cycles)
    if (c.sends.empty()) ++r.idle;
  const std::vector<Relayed> msgs = relayed_messages(t, p);
  r.relayed = static_cast<int>(msgs.size());
  r.min_gap = msgs.empty() ? 0 : 1 << 30;
  // Occupancy: a message holds its slot over issue times [t1 + latency, t2).
  std::map<int, std::vector<std::pair<int, int>>> events;  // relay -> (time, +1 / -1)
  for (const Relayed& m : msgs) {
    const int g = m.t2 - m.t1;
    r.min_gap = std::min(r.min_gap, g);
    if (g < latency + 1) {
      ++r.waits;
      r.max_wait = std::max(r.max_wait, latency + 1 - g);
    }
    events[m.relay].push_back({m.t1 + latency, +1});
    events[m.relay].push_back({std::max(m.t2, m.t1 + latency), -1});
  }
  for (auto& [relay, ev] : events) {
    std::sort(ev.begin(), ev.end());  // at equal times the release (-1) comes first
    int cur = 0;
    for (auto [time, d] : ev) r.relay_depth = std::max(r.relay_depth, cur += d);
  }
  return r;
}

int ft_slot_width(int relay_depth) {
  check_depth(relay_depth);
  return slot_width(relay_depth);
}

int ft_entry_width(int ports, int relay_depth) {
  const Topology t(ports);
  return t.stages() + ports * (2 + t.stages() + ft_slot_width(relay_depth));
}

FtImage ft_image(const Topology& t, const Plan& p, int latency, int relay_depth) {
  check_latency(latency);
  check_depth(relay_depth);
  const int N = t.ports();
  if (p.ports != N) throw InvalidArgument("plan and topology differ in N");
  const PlanTiming tm = plan_timing(t, p, latency);
  if (tm.waits > 0)
    throw InvalidArgument(std::to_string(tm.waits) + " relayed messages would wait (up to " +
                          std::to_string(tm.max_wait) + " cycles) with latency " +
                          std::to_string(latency));
  if (tm.relay_depth > relay_depth)
    throw InvalidArgument("the plan needs " + std::to_string(tm.relay_depth) +
                          " relay slots per processor, relay depth is " +
                          std::to_string(relay_depth));
  FtImage img{N, latency, relay_depth, {}};
  for (const Cycle& c : p.cycles) {
    FtEntry e;
    e.cfg = c.gamma;
    e.op.assign(N, FtOp::Idle);
    e.dest.assign(N, 0);
    e.slot.assign(N, 0);
    img.entries.push_back(std::move(e));
  }
  // Slots: per relay, messages in the order of storage, first fit.
  std::vector<Relayed> msgs = relayed_messages(t, p);
  std::sort(msgs.begin(), msgs.end(), [](const Relayed& a, const Relayed& b) {
    return std::tie(a.t1, a.origin, a.dest) < std::tie(b.t1, b.origin, b.dest);
  });
  std::map<int, std::vector<int>> free_at;  // relay -> per slot: issue time it frees
  std::map<int64_t, int> slot_of;           // message -> slot
  for (const Relayed& m : msgs) {
    auto& fr = free_at[m.relay];
    if (fr.empty()) fr.assign(relay_depth, 0);
    int k = 0;
    while (k < relay_depth && fr[k] > m.t1 + latency) ++k;
    if (k == relay_depth) throw std::logic_error("banyan ft image: slot assignment failed");
    fr[k] = m.t2;
    slot_of[static_cast<int64_t>(m.origin) * N + m.dest] = k;
  }
  for (size_t c = 0; c < p.cycles.size(); ++c) {
    const Cycle& cy = p.cycles[c];
    FtEntry& e = img.entries[c];
    for (const Send& s : cy.sends) {
      const int64_t id = static_cast<int64_t>(s.origin) * N + s.final_dest;
      if (s.proc == s.origin) {
        const bool direct = gamma(t, cy.gamma, s.proc) == s.final_dest;
        e.op[s.proc] = direct ? FtOp::Direct : FtOp::First;
        e.dest[s.proc] = static_cast<uint32_t>(s.final_dest);
        if (!direct) e.slot[s.proc] = static_cast<uint32_t>(slot_of.at(id));
      } else {
        e.op[s.proc] = FtOp::Relay;
        e.slot[s.proc] = static_cast<uint32_t>(slot_of.at(id));
      }
    }
  }
  return img;
}

std::vector<uint32_t> ft_entry_bits(const FtImage& img, size_t t) {
  const Topology top(img.ports);
  const int M = top.stages(), SW = ft_slot_width(img.relay_depth), PW = 2 + M + SW;
  const int EW = ft_entry_width(img.ports, img.relay_depth);
  std::vector<uint32_t> w(static_cast<size_t>((EW + 31) / 32), 0);
  const FtEntry& e = img.entries.at(t);
  put(w, 0, M, e.cfg);
  for (int i = 0; i < img.ports; ++i) {
    const int at = M + i * PW;
    put(w, at, 2, static_cast<uint64_t>(e.op[i]));
    put(w, at + 2, M, e.dest[i]);
    put(w, at + 2 + M, SW, e.slot[i]);
  }
  return w;
}

FtEntry ft_entry_decode(int ports, int relay_depth, const std::vector<uint32_t>& bits) {
  const Topology top(ports);
  const int M = top.stages(), SW = ft_slot_width(relay_depth), PW = 2 + M + SW;
  if (static_cast<int>(bits.size()) * 32 < ft_entry_width(ports, relay_depth))
    throw InvalidArgument("plan entry: too few bits");
  FtEntry e;
  e.cfg = static_cast<uint32_t>(get(bits, 0, M));
  for (int i = 0; i < ports; ++i) {
    const int at = M + i * PW;
    e.op.push_back(static_cast<FtOp>(get(bits, at, 2)));
    e.dest.push_back(static_cast<uint32_t>(get(bits, at + 2, M)));
    e.slot.push_back(static_cast<uint32_t>(get(bits, at + 2 + M, SW)));
  }
  return e;
}

std::string ft_image_hex(const FtImage& img) {
  const int EW = ft_entry_width(img.ports, img.relay_depth);
  const int digits = (EW + 3) / 4;
  std::ostringstream os;
  os << "// minforge banyan_ft_engine plan N=" << img.ports << " LAT=" << img.latency
     << " RELAY_DEPTH=" << img.relay_depth << " ENTRIES=" << img.entries.size() << " EW=" << EW
     << "\n"
     << "// one EW-bit entry per line (rtl/engine/banyan_ft_engine.v, \"Plan entry\"); load\n"
     << "// entry t at plan_wr_addr t, plan_len = ENTRIES\n";
  static const char* hex = "0123456789abcdef";
  for (size_t t = 0; t < img.entries.size(); ++t) {
    const std::vector<uint32_t> w = ft_entry_bits(img, t);
    std::string line(static_cast<size_t>(digits), '0');
    for (int d = 0; d < digits; ++d)
      line[static_cast<size_t>(digits - 1 - d)] = hex[get(w, 4 * d, 4)];
    os << line << "\n";
  }
  return os.str();
}

FtImage ft_image_parse(std::string_view text) {
  FtImage img;
  int entries = -1, ew = -1, lineno = 0;
  bool header = false;
  size_t pos = 0;
  auto fail = [&](const std::string& what) {
    throw InvalidArgument("plan file line " + std::to_string(lineno) + ": " + what);
  };
  while (pos <= text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string line =
        trim(text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos));
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++lineno;
    if (line.empty()) continue;
    if (line.rfind("//", 0) == 0) {
      if (header || line.find("minforge banyan_ft_engine plan") == std::string::npos) continue;
      std::istringstream is(line.substr(line.find("plan") + 4));
      std::string kv;
      std::map<std::string, long> v;
      while (is >> kv) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos) fail("malformed header item '" + kv + "'");
        try {
          size_t used = 0;
          v[kv.substr(0, eq)] = std::stol(kv.substr(eq + 1), &used);
          if (used != kv.size() - eq - 1) throw std::invalid_argument(kv);
        } catch (const std::logic_error&) {
          fail("malformed header item '" + kv + "'");
        }
      }
      for (const char* k : {"N", "LAT", "RELAY_DEPTH", "ENTRIES", "EW"})
        if (!v.count(k)) fail(std::string("header without ") + k);
      const long N = v["N"];
      if (N < kMinPorts || N > 4096 || !is_pow2(static_cast<uint64_t>(N)))
        fail("N must be a power of two, 4..4096");
      if (v["RELAY_DEPTH"] < 1 || v["RELAY_DEPTH"] > kFtMaxRelayDepth)
        fail("RELAY_DEPTH out of range");
      if (v["LAT"] < 0 || v["LAT"] > kMaxLatency) fail("LAT out of range");
      img.ports = static_cast<int>(N);
      img.relay_depth = static_cast<int>(v["RELAY_DEPTH"]);
      img.latency = static_cast<int>(v["LAT"]);
      ew = ft_entry_width(img.ports, img.relay_depth);
      if (v["EW"] != ew)
        fail("EW = " + std::to_string(v["EW"]) + ", expected " + std::to_string(ew));
      if (v["ENTRIES"] < 1 || v["ENTRIES"] > 1 << 20) fail("ENTRIES out of range");
      entries = static_cast<int>(v["ENTRIES"]);
      header = true;
      continue;
    }
    if (!header) fail("entry before the '// minforge banyan_ft_engine plan' header");
    const int digits = (ew + 3) / 4;
    if (static_cast<int>(line.size()) != digits)
      fail(std::to_string(line.size()) + " hex digits, expected " + std::to_string(digits));
    std::vector<uint32_t> w(static_cast<size_t>((ew + 31) / 32 + 1), 0);
    for (int d = 0; d < digits; ++d) {
      const char ch = line[static_cast<size_t>(digits - 1 - d)];
      int v;
      if (ch >= '0' && ch <= '9')
        v = ch - '0';
      else if (ch >= 'a' && ch <= 'f')
        v = ch - 'a' + 10;
      else if (ch >= 'A' && ch <= 'F')
        v = ch - 'A' + 10;
      else
        fail(std::string("not a hex digit '") + ch + "'");
      for (int b = 0; b < 4; ++b)
        if ((v >> b) & 1) {
          if (4 * d + b >= ew) fail("bits above EW set");
          put(w, 4 * d + b, 1, 1);
        }
    }
    FtEntry e = ft_entry_decode(img.ports, img.relay_depth, w);
    for (int i = 0; i < img.ports; ++i)
      if (e.slot[i] >= static_cast<uint32_t>(img.relay_depth))
        fail("processor " + std::to_string(i) + ": slot " + std::to_string(e.slot[i]) +
             " >= RELAY_DEPTH");
    img.entries.push_back(std::move(e));
  }
  if (!header) throw InvalidArgument("plan file: no '// minforge banyan_ft_engine plan' header");
  if (static_cast<int>(img.entries.size()) != entries)
    throw InvalidArgument("plan file: " + std::to_string(img.entries.size()) +
                          " entries, the header says " + std::to_string(entries));
  return img;
}

}  // namespace minforge::banyan
