// RN1 experiments on the cycle model (see the header).
#include "minforge/twin/rn1/rn1_experiments.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

namespace minforge::twin {

using rn1::FaultSet;
using rn1::NetSpec;
using rn1::Site;

namespace {

// One run with an explicit fault set; the driver is returned for per-message records.
struct Run {
  RunStats st;
  std::vector<std::array<int, 3>> msgs;  // src, dst, attempts (finished messages)
};
Run run_with(const RunConfig& c, const FaultSet& f) {
  validate(c);
  const NetSpec& s = rn1::net_spec(c.topology);
  Rn1Net net(s, f);
  net.reset(net_seed(c.seed));
  TrafficDriver drv(s, c.traffic, c.load, c.seed, c.cycles);
  Rn1Net::UserIn in;
  while (net.cycle() < c.cycles || (!drv.quiescent() && net.cycle() < c.cycles + c.drain_limit)) {
    drive_model_cycle(net, drv, in);
  }
  Run r;
  r.st = drv.stats(net.cycle(), &f);
  drv.for_each_finished([&](int a, int b, bool, int att) { r.msgs.push_back({a, b, att}); });
  return r;
}

std::string describe(const Site& x, const rn1::LinkFault* stuck) {
  std::string d = rn1::site_name(x);
  if (stuck) {
    d += std::string(stuck->backward ? " backward" : " forward") + " bit " +
         std::to_string(stuck->bit) + " stuck at " + (stuck->value ? "1" : "0");
  } else {
    d += " dead";
  }
  return d;
}

}  // namespace

SingleFaultSweep single_fault_sweep(rn1::Topology t, bool stuck_wires, uint64_t seed,
                                    int cycles_per_pair) {
  if (cycles_per_pair < 1 || cycles_per_pair > 1000) {
    throw InvalidArgument("rn1: cycles per pair must be 1..1000");
  }
  const NetSpec& s = rn1::net_spec(t);
  SingleFaultSweep out;
  out.topology = s.name;
  out.stuck_wires = stuck_wires;
  RunConfig c;
  c.topology = t;
  c.traffic = Traffic::kAllToAll;
  c.load = 1.0;
  c.cycles = static_cast<uint64_t>(cycles_per_pair) * static_cast<uint64_t>(s.endpoints - 1);
  double att_sum = 0;
  long att_n = 0;
  auto one = [&](const Site& x, const FaultSet& f, const rn1::LinkFault* stuck) {
    c.seed = seed * 7919ull + static_cast<uint64_t>(out.cases);
    const Run r = run_with(c, f);
    ++out.cases;
    const RunStats& st = r.st;
    out.sent += st.sent;
    out.delivered += st.delivered;
    out.lost += st.lost;
    out.lost_connected += st.lost_connected;
    out.duplicates += st.duplicates;
    out.corrupt += st.corrupt;
    out.unfinished += st.unfinished;
    for (const auto& m : r.msgs) {
      att_sum += m[2];
      ++att_n;
    }
    if (st.mean_attempts > out.worst_case_attempts) {
      out.worst_case_attempts = st.mean_attempts;
      out.worst_case = describe(x, stuck);
    }
    if (st.lost_connected || st.duplicates || st.corrupt || st.unfinished || st.sent == 0) {
      ++out.failed;
      if (out.failures.size() < 20) out.failures.push_back(describe(x, stuck));
    }
  };
  for (const Site& x : rn1::all_sites(s)) {
    one(x, rn1::dead_sites(s, {x}), nullptr);
    if (!stuck_wires || x.router) continue;
    for (int dir = 0; dir < 2; ++dir) {
      for (int bit = 0; bit < 8; ++bit) {
        for (int v = 0; v < 2; ++v) {
          FaultSet f = FaultSet::none(s);
          rn1::LinkFault& lf = f.links[static_cast<size_t>(x.index)];
          lf.stuck = true;
          lf.backward = dir == 1;
          lf.bit = bit;
          lf.value = v == 1;
          one(x, f, &lf);
        }
      }
    }
  }
  out.mean_attempts = att_n ? att_sum / static_cast<double>(att_n) : 0;
  return out;
}

std::vector<StageAttemptsSim> attempts_by_stage(rn1::Topology t, int per_stage, double load,
                                                uint64_t cycles, uint64_t seed) {
  if (per_stage < 1 || per_stage > 1000)
    throw InvalidArgument("rn1: per-stage count must be 1..1000");
  const NetSpec& s = rn1::net_spec(t);
  std::vector<std::vector<Site>> groups;  // routers of stage 1..N, links into 1..N+1
  for (int k = 1; k <= s.stages; ++k) {
    groups.emplace_back();
    for (int r = 0; r < static_cast<int>(s.routers.size()); ++r) {
      if (s.routers[static_cast<size_t>(r)].stage == k) groups.back().push_back({true, r});
    }
  }
  for (int k = 1; k <= s.stages + 1; ++k) {
    groups.emplace_back();
    for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
      const rn1::NodeRef& d = s.links[static_cast<size_t>(l)].dst;
      const int st = d.endpoint ? s.stages + 1 : s.routers[static_cast<size_t>(d.node)].stage;
      if (st == k) groups.back().push_back({false, l});
    }
  }
  RunConfig c;
  c.topology = t;
  c.traffic = Traffic::kUniform;
  c.load = load;
  c.cycles = cycles;
  std::vector<StageAttemptsSim> rows;
  for (size_t g = 0; g < groups.size(); ++g) {
    StageAttemptsSim row;
    const bool routers = g < static_cast<size_t>(s.stages);
    row.routers = routers;
    row.stage = routers ? static_cast<int>(g) + 1 : static_cast<int>(g) - s.stages + 1;
    const std::vector<Site>& all = groups[g];
    const int n = static_cast<int>(all.size());
    const int take = std::min(n, per_stage);
    double meas = 0, exp = 0;
    for (int j = 0; j < take; ++j) {
      const Site x = all[static_cast<size_t>(static_cast<long>(j) * n / take)];
      c.seed = seed * 104729ull + g * 1000 + static_cast<uint64_t>(j);
      const Run r = run_with(c, rn1::dead_sites(s, {x}));
      ++row.components;
      std::map<std::pair<int, int>, double> cache;
      for (const auto& m : r.msgs) {
        auto key = std::make_pair(m[0], m[1]);
        auto it = cache.find(key);
        if (it == cache.end())
          it = cache.emplace(key, rn1::expected_attempts(s, x, m[0], m[1])).first;
        const double e = it->second;
        if (e <= 1.0 + 1e-12) continue;  // unaffected (1) or disconnected (0)
        ++row.messages;
        meas += m[2];
        exp += e;
      }
    }
    if (row.messages > 0) {
      row.measured = meas / static_cast<double>(row.messages);
      row.expected = exp / static_cast<double>(row.messages);
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<ThroughputPoint> throughput_curve(rn1::Topology t, const std::vector<double>& loads,
                                              uint64_t cycles, int faults, uint64_t seed) {
  std::vector<ThroughputPoint> out;
  for (double L : loads) {
    RunConfig c;
    c.topology = t;
    c.traffic = Traffic::kUniform;
    c.load = L;
    c.cycles = cycles;
    c.faults = faults;
    c.seed = seed;
    const RunStats st = run_model(c);
    out.push_back({L, st.throughput, st.mean_attempts, st.mean_latency});
  }
  return out;
}

}  // namespace minforge::twin
