// RN1 traffic runs: stimulus, scoreboard and model-only runs (not a twin; see the header).
#include "minforge/twin/rn1/rn1_traffic.hpp"

#include <algorithm>
#include <cmath>

namespace minforge::twin {

using rn1::FaultSet;
using rn1::NetSpec;

Traffic parse_traffic(std::string_view name) {
  if (name == "uniform") return Traffic::kUniform;
  if (name == "permutation") return Traffic::kPermutation;
  if (name == "alltoall") return Traffic::kAllToAll;
  throw InvalidArgument("rn1: unknown traffic '" + std::string(name) +
                        "' (uniform, permutation, alltoall)");
}

TrafficDriver::TrafficDriver(const NetSpec& s, Traffic t, double load, uint64_t seed,
                             uint64_t gen_cycles)
    : s_(s),
      traffic_(t),
      p_msg_(load / rn1::message_words(s)),
      gen_cycles_(gen_cycles),
      rng_(seed ^ 0x7EA77EA77EA7ull) {
  if (!(load >= 0 && load <= 1)) throw InvalidArgument("rn1: load must be in [0, 1]");
  const int ne = s.endpoints;
  perm_.resize(ne);
  for (int e = 0; e < ne; ++e) perm_[e] = e;
  // Random derangement (no endpoint sends to itself).
  for (;;) {
    for (int e = ne - 1; e > 0; --e) std::swap(perm_[e], perm_[rng_.below(e + 1)]);
    bool fixed = false;
    for (int e = 0; e < ne; ++e) fixed |= perm_[e] == e;
    if (!fixed) break;
  }
  a2a_next_.assign(ne, 1);
  queue_.assign(ne, {});
  head_.assign(ne, 0);
  by_seq_.assign(ne, {});
  fin_ptr_.assign(ne, 0);
}

void TrafficDriver::before(uint64_t cycle, Rn1Net::UserIn* in) {
  const int ne = s_.endpoints;
  in->tx_valid.assign(ne, 0);
  in->tx_dst.assign(ne, 0);
  in->tx_payload.assign(ne, 0);
  for (int e = 0; e < ne; ++e) {
    if (cycle < gen_cycles_ && rng_.uniform() < p_msg_) {
      Msg m;
      m.src = e;
      switch (traffic_) {
        case Traffic::kUniform: {
          int d = static_cast<int>(rng_.below(ne - 1));
          m.dst = d >= e ? d + 1 : d;
          break;
        }
        case Traffic::kPermutation:
          m.dst = perm_[e];
          break;
        case Traffic::kAllToAll:
          m.dst = (e + a2a_next_[e]) % ne;
          a2a_next_[e] = a2a_next_[e] % (ne - 1) + 1;
          break;
      }
      m.payload = static_cast<uint16_t>(rng_.next());
      m.t_gen = cycle;
      queue_[e].push_back(static_cast<int>(msgs_.size()));
      msgs_.push_back(m);
    }
    if (head_[e] < queue_[e].size()) {
      const Msg& m = msgs_[queue_[e][head_[e]]];
      in->tx_valid[e] = 1;
      in->tx_dst[e] = static_cast<uint8_t>(m.dst);
      in->tx_payload[e] = m.payload;
    }
  }
}

void TrafficDriver::accepted(int e) {
  const int id = queue_[e][head_[e]++];
  by_seq_[e].push_back(id);  // seq = number of messages accepted before (mod 2^16)
  ++in_flight_;
}

void TrafficDriver::delivered(uint64_t cycle, int dst, int /*port*/, uint8_t src, uint16_t seq,
                              uint16_t payload) {
  if (src >= s_.endpoints) {
    ++corrupt_;
    return;
  }
  const auto& v = by_seq_[src];
  // The newest message of this source with this sequence number.
  int id = -1;
  for (size_t k = seq; k < v.size(); k += 65536) id = v[k];
  if (id < 0) {
    ++corrupt_;
    return;
  }
  Msg& m = msgs_[id];
  if (m.dst != dst || m.payload != payload) {
    ++corrupt_;
    return;
  }
  if (m.deliveries++ > 0) {
    ++duplicates_;
    return;
  }
  m.t_dlv = cycle;
}

void TrafficDriver::finished(int e, bool ok, int attempts) {
  // The oldest unfinished accepted message of source e (one in flight per source).
  while (fin_ptr_[e] < by_seq_[e].size()) {
    Msg& m = msgs_[by_seq_[e][fin_ptr_[e]++]];
    if (m.done) continue;
    m.done = true;
    m.ok = ok;
    m.attempts = attempts;
    attempts_.push_back(attempts);
    if (!ok) ++gave_up_;
    --in_flight_;
    return;
  }
}

bool TrafficDriver::quiescent() const {
  if (in_flight_ != 0) return false;
  for (int e = 0; e < s_.endpoints; ++e) {
    if (head_[e] < queue_[e].size()) return false;
  }
  return true;
}

namespace {
double percentile99(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t k = static_cast<size_t>(std::ceil(0.99 * static_cast<double>(v.size()))) - 1;
  return v[std::min(k, v.size() - 1)];
}
}  // namespace

RunStats TrafficDriver::stats(uint64_t cycles_run, const FaultSet* faults) const {
  RunStats st;
  st.topology = s_.name;
  st.endpoints = s_.endpoints;
  st.cycles_run = cycles_run;
  std::vector<double> lat, att(attempts_.begin(), attempts_.end());
  long in_window = 0;
  std::vector<std::vector<int8_t>> conn;
  if (faults) conn.assign(s_.endpoints, std::vector<int8_t>(s_.endpoints, -1));
  for (int e = 0; e < s_.endpoints; ++e) {
    for (int id : by_seq_[e]) {
      const Msg& m = msgs_[id];
      ++st.sent;
      if (m.deliveries > 0) {
        ++st.delivered;
        lat.push_back(static_cast<double>(m.t_dlv - m.t_gen));
        if (m.t_dlv < gen_cycles_) ++in_window;
      } else if (m.done) {
        ++st.lost;
        if (faults) {
          int8_t& c = conn[m.src][m.dst];
          if (c < 0) c = rn1::pair_paths(s_, *faults, m.src, m.dst) > 0 ? 1 : 0;
          if (c == 1) ++st.lost_connected;
        }
      } else {
        ++st.unfinished;
      }
    }
    st.unfinished += static_cast<long>(queue_[e].size() - head_[e]);
  }
  st.duplicates = duplicates_;
  st.corrupt = corrupt_;
  st.gave_up = gave_up_;
  if (!att.empty()) {
    double sum = 0;
    for (double a : att) sum += a;
    st.mean_attempts = sum / static_cast<double>(att.size());
    st.p99_attempts = percentile99(att);
  }
  if (!lat.empty()) {
    double sum = 0;
    for (double a : lat) sum += a;
    st.mean_latency = sum / static_cast<double>(lat.size());
    st.p99_latency = percentile99(lat);
  }
  if (gen_cycles_ > 0) {
    st.throughput = static_cast<double>(in_window) * rn1::message_words(s_) /
                    (static_cast<double>(s_.endpoints) * static_cast<double>(gen_cycles_));
  }
  return st;
}

void validate(const RunConfig& c) {
  if (!(c.load > 0 && c.load <= 1)) throw InvalidArgument("rn1: --load must be in (0, 1]");
  if (c.cycles < 1 || c.cycles > 100000000) {
    throw InvalidArgument("rn1: --cycles must be 1..100000000");
  }
  const NetSpec& s = rn1::net_spec(c.topology);
  if (c.fault_set && (c.fault_set->router_dead.size() != s.routers.size() ||
                      c.fault_set->links.size() != s.links.size())) {
    throw InvalidArgument("rn1: the fault set does not match " + s.name);
  }
  for (const EnableChange& e : c.enables) {
    if (e.router < 0 || e.router >= static_cast<int>(s.routers.size())) {
      throw InvalidArgument("rn1: enable change for a router outside " + s.name);
    }
  }
  const int sites = static_cast<int>(s.routers.size() + s.links.size());
  if (c.faults < 0 || c.faults > sites) {
    throw InvalidArgument("rn1: --faults must be 0.." + std::to_string(sites) + " for " + s.name);
  }
}

FaultSet run_faults(const RunConfig& c) {
  if (c.fault_set) return *c.fault_set;
  return rn1::random_faults(rn1::net_spec(c.topology), c.faults, c.seed);
}

uint16_t net_seed(uint64_t seed) {
  return static_cast<uint16_t>((seed * 0x9E3779B97F4A7C15ull) >> 48);
}

void drive_model_cycle(Rn1Net& net, TrafficDriver& drv, Rn1Net::UserIn& in) {
  const uint64_t cyc = net.cycle();
  drv.before(cyc, &in);
  const int ne = net.spec().endpoints;
  for (int e = 0; e < ne; ++e) {
    if (in.tx_valid[e] && net.endpoint(e).tx_ready()) drv.accepted(e);
  }
  net.step(in);
  for (int e = 0; e < ne; ++e) {
    const Rn1Endpoint& ep = net.endpoint(e);
    for (int p = 0; p < 2; ++p) {
      if (ep.dlv_valid(p)) {
        drv.delivered(cyc, e, p, ep.dlv_src(p), ep.dlv_seq(p), ep.dlv_payload(p));
      }
    }
    if (ep.ev_valid()) drv.finished(e, ep.ev_ok(), ep.ev_attempts());
  }
}

RunStats run_model(const RunConfig& c) {
  validate(c);
  return run_model(c, run_faults(c));
}

RunStats run_model(const RunConfig& c, const FaultSet& f) {
  validate(c);
  const NetSpec& s = rn1::net_spec(c.topology);
  Rn1Net net(s, f);
  net.set_monitor_switch(c.monitor_switch);
  net.reset(net_seed(c.seed));
  TrafficDriver drv(s, c.traffic, c.load, c.seed, c.cycles);
  Rn1Net::UserIn in;
  while (net.cycle() < c.cycles || (!drv.quiescent() && net.cycle() < c.cycles + c.drain_limit)) {
    enables_at(c, net.cycle(), [&](int r, uint8_t m) { net.set_enable(r, m); });
    drive_model_cycle(net, drv, in);
  }
  return drv.stats(net.cycle(), &f);
}

}  // namespace minforge::twin
