// RN1 experiments on the cycle model (see the header).
#include "minforge/twin/rn1/rn1_experiments.hpp"

#include <algorithm>
#include <array>
#include <cmath>
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
  drv.for_each_finished([&](int a, int b, bool, int att, uint64_t) {
    r.msgs.push_back({a, b, att});
  });
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
                                    int cycles_per_pair, uint64_t drain_limit) {
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
  if (drain_limit > 100000000) throw InvalidArgument("rn1: drain limit must be <= 100000000");
  c.drain_limit = drain_limit;
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
    out.gave_up += st.gave_up;
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
      if (st.unfinished && !st.lost_connected && !st.duplicates && !st.corrupt) {
        ++out.failed_unfinished_only;
        const std::vector<uint64_t> reach = rn1::reachability(s, f);
        bool cut = false;
        for (int e = 0; e < s.endpoints; ++e)
          cut = cut || (reach[static_cast<size_t>(e)] & ~(uint64_t{1} << e)) == 0;
        out.failed_unfinished_source_cut_off += cut;
      }
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
                                                uint64_t cycles, uint64_t seed, int only_group) {
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
    const int take =
        only_group < 0 || static_cast<size_t>(only_group) == g ? std::min(n, per_stage) : 0;
    double meas = 0, meas_sq = 0, exp = 0;
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
        meas_sq += static_cast<double>(m[2]) * m[2];
        exp += e;
      }
    }
    if (row.messages > 0) {
      const double n = static_cast<double>(row.messages);
      row.measured = meas / n;
      if (row.messages > 1) row.variance = (meas_sq - n * row.measured * row.measured) / (n - 1);
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
    validate(c);
    const NetSpec& s = rn1::net_spec(t);
    const FaultSet f = run_faults(c);
    Rn1Net net(s, f);
    net.reset(net_seed(c.seed));
    TrafficDriver drv(s, c.traffic, c.load, c.seed, c.cycles);
    Rn1Net::UserIn in;
    while (net.cycle() < c.cycles || (!drv.quiescent() && net.cycle() < c.cycles + c.drain_limit)) {
      drive_model_cycle(net, drv, in);
    }
    const RunStats st = drv.stats(net.cycle(), &f);
    // Per source: words delivered within the generation window per cycle.
    std::vector<double> per(static_cast<size_t>(s.endpoints), 0.0);
    drv.for_each_delivered([&](int src, int, uint64_t t_dlv) {
      if (t_dlv < c.cycles) per[static_cast<size_t>(src)] += rn1::message_words(s);
    });
    double sum = 0, sq = 0;
    for (double& x : per) {
      x /= static_cast<double>(c.cycles);
      sum += x;
      sq += x * x;
    }
    const double n = static_cast<double>(per.size()), m = sum / n;
    const double var = n > 1 ? std::max(0.0, (sq - n * m * m) / (n - 1)) : 0.0;
    out.push_back({L, st.throughput, st.mean_attempts, st.mean_latency, std::sqrt(var / n)});
  }
  return out;
}

std::vector<Site> faulty_sites(const FaultSet& f) {
  std::vector<Site> v;
  for (size_t r = 0; r < f.router_dead.size(); ++r) {
    if (f.router_dead[r]) v.push_back({true, static_cast<int>(r)});
  }
  for (size_t l = 0; l < f.links.size(); ++l) {
    if (f.links[l].dead || f.links[l].stuck) v.push_back({false, static_cast<int>(l)});
  }
  return v;
}

namespace {
// What one source sent and received on its inputs, attempt by attempt (the endpoint's view:
// its forward words as driven, its backward words as received).
struct Recorder {
  enum State { kIdle, kSend, kWait } st = kIdle;
  int sel = 0, quiet = 0;
  std::vector<uint8_t> sent, reply;
};
}  // namespace

LocaliseRun localise(const LocaliseConfig& lc) {
  const NetSpec& s = rn1::net_spec(lc.topology);
  RunConfig c;
  c.topology = lc.topology;
  c.traffic = Traffic::kUniform;
  c.load = lc.load;
  c.cycles = lc.cycles;
  c.seed = lc.seed;
  c.fault_set = lc.faults;
  c.monitor_switch = lc.switch_off;
  validate(c);
  // The network with its decoders and monitor (the hardware, Rn1Net), switching declared
  // links off itself when switch_off is set.
  Rn1Net net(s, lc.faults, lc.threshold);
  net.set_monitor_switch(lc.switch_off);
  net.reset(net_seed(c.seed));
  TrafficDriver drv(s, c.traffic, c.load, c.seed, c.cycles);
  LocaliseRun out;
  std::vector<std::array<int, 2>> src_link(static_cast<size_t>(s.endpoints), {-1, -1});
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    const rn1::NodeRef& n = s.links[static_cast<size_t>(l)].src;
    if (n.endpoint) src_link[static_cast<size_t>(n.node)][static_cast<size_t>(n.port)] = l;
  }
  // The reference reading: the same words recorded per attempt and read by
  // rn1::decode_attempt; every decoder verdict must equal it.
  std::vector<Recorder> rec(static_cast<size_t>(s.endpoints));
  std::vector<rn1::Verdict> ref(static_cast<size_t>(s.endpoints));
  std::vector<uint8_t> ref_fin(static_cast<size_t>(s.endpoints), 0);
  const int timeout = 2 * s.stages + 8;
  uint64_t last_switch = 0;
  const std::vector<Site> truth = faulty_sites(lc.faults);
  std::vector<uint8_t> named(truth.size(), 0);
  auto finish = [&](int e, Recorder& r) {
    ref[static_cast<size_t>(e)] = rn1::decode_attempt(s, e, r.sel, r.sent, r.reply);
    ref_fin[static_cast<size_t>(e)] = 1;
    r = Recorder{};
  };
  Rn1Net::UserIn in;
  while (net.cycle() < c.cycles || (!drv.quiescent() && net.cycle() < c.cycles + c.drain_limit)) {
    std::vector<std::array<rn1::Word, 2>> fwd(static_cast<size_t>(s.endpoints));
    for (int e = 0; e < s.endpoints; ++e) {
      for (int k = 0; k < s.endpoint_ports; ++k) {
        fwd[static_cast<size_t>(e)][static_cast<size_t>(k)] =
            net.probe_fwd(src_link[static_cast<size_t>(e)][static_cast<size_t>(k)]);
      }
    }
    const uint64_t t = net.cycle();
    drive_model_cycle(net, drv, in);
    std::fill(ref_fin.begin(), ref_fin.end(), 0);
    for (int e = 0; e < s.endpoints; ++e) {
      Recorder& r = rec[static_cast<size_t>(e)];
      for (int k = 0; k < s.endpoint_ports; ++k) {
        const rn1::Word w = fwd[static_cast<size_t>(e)][static_cast<size_t>(k)];
        if (!rn1::word_ctl(w)) continue;
        if (r.st == Recorder::kIdle || r.st == Recorder::kWait) {
          if (r.st == Recorder::kWait) finish(e, r);  // a new attempt closes the last
          r.st = Recorder::kSend;
          r.sel = k;
        }
        if (k == r.sel) r.sent.push_back(rn1::word_data(w));
      }
      if (r.st == Recorder::kSend &&
          !rn1::word_ctl(fwd[static_cast<size_t>(e)][static_cast<size_t>(r.sel)])) {
        r.st = Recorder::kWait;
        r.quiet = 0;
      }
      if (r.st == Recorder::kWait) {
        const rn1::Word b =
            net.received_bwd(src_link[static_cast<size_t>(e)][static_cast<size_t>(r.sel)]);
        if (rn1::word_ctl(b)) {
          r.reply.push_back(rn1::word_data(b));
        } else if (!r.reply.empty() || ++r.quiet > timeout) {
          finish(e, r);
        }
      }
      // The decoder's verdict of this cycle against the reference.
      const Rn1Decoder& d = net.decoder(e);
      if (d.fin()) {
        ++out.attempts;
        if (d.kind() == Rn1Decoder::kBlocked) ++out.blocked;
        if (d.kind() == Rn1Decoder::kSuspect) ++out.suspect;
      }
      bool same = d.fin() == (ref_fin[static_cast<size_t>(e)] != 0);
      if (same && d.fin()) {
        const rn1::Verdict& v = ref[static_cast<size_t>(e)];
        same = static_cast<int>(d.kind()) == static_cast<int>(v.kind);
        if (same && v.kind == rn1::Verdict::kSuspect) {
          same = d.vn() == static_cast<int>(v.candidates.size());
          for (int k = 0; same && k < d.vn(); ++k)
            same = d.vcand(k) == v.candidates[static_cast<size_t>(k)];
        }
      }
      if (!same) ++out.verdict_mismatches;
    }
    // The monitor's declaration (registered: made at the edge ending cycle t).
    const Rn1Monitor& mon = net.monitor();
    if (mon.decl_valid()) {
      const int dl = mon.decl_link();
      Declaration d;
      d.link = dl;
      d.cycle = t;
      d.attempts = out.attempts;
      d.failed = out.blocked + out.suspect;
      d.correct = rn1::declaration_correct(s, lc.faults, dl);
      if (!d.correct) ++out.wrong;
      const rn1::NodeRef& dn = s.links[static_cast<size_t>(dl)].dst;
      for (size_t k = 0; k < truth.size(); ++k) {
        const Site& x = truth[k];
        if ((!x.router && x.index == dl) || (x.router && !dn.endpoint && dn.node == x.index)) {
          if (!named[k]) out.attempts_to_localise = out.attempts;
          named[k] = 1;
        }
      }
      // A router output, or an endpoint's input (in_en), is switched off from cycle t + 1.
      if (lc.switch_off) {
        d.switched = true;
        last_switch = t;
      }
      out.declared.push_back(d);
    }
  }
  out.localised = true;
  for (uint8_t n : named) out.localised = out.localised && n != 0;
  out.stats = drv.stats(net.cycle(), &lc.faults);
  out.mean_attempts = out.stats.mean_attempts;
  double sum = 0;
  drv.for_each_finished([&](int, int, bool, int att, uint64_t t_gen) {
    if (!out.declared.empty() && lc.switch_off && t_gen > last_switch) {
      sum += att;
      ++out.messages_after;
    }
  });
  out.mean_attempts_after = out.messages_after ? sum / static_cast<double>(out.messages_after) : 0;
  out.replay = c;
  return out;
}

LocaliseSweep localise_sweep(const LocaliseConfig& base, const std::vector<FaultSet>& cases,
                             const std::function<void(size_t)>& on_case) {
  LocaliseSweep out;
  const NetSpec& s = rn1::net_spec(base.topology);
  double free = 0, before = 0, after = 0, att = 0;
  long n_after = 0;
  for (size_t k = 0; k < cases.size(); ++k) {
    LocaliseConfig c = base;
    c.faults = cases[k];
    c.seed = base.seed + k;
    c.switch_off = true;
    LocaliseRun r = localise(c);
    c.switch_off = false;
    const LocaliseRun r0 = localise(c);
    c.faults = FaultSet::none(s);
    const LocaliseRun rf = localise(c);
    ++out.cases;
    out.wrong += r.wrong;
    for (const Declaration& d : r.declared) out.not_switchable += !d.switched;
    out.verdict_mismatches += r.verdict_mismatches + r0.verdict_mismatches + rf.verdict_mismatches;
    if (r.localised) {
      ++out.localised;
      att += static_cast<double>(r.attempts_to_localise);
      out.max_attempts_to_localise = std::max(out.max_attempts_to_localise, r.attempts_to_localise);
    }
    free += rf.mean_attempts;
    before += r0.mean_attempts;
    // After the last switch-off; a case with nothing switched off stays as before.
    after += r.messages_after > 0 ? r.mean_attempts_after : r0.mean_attempts;
    ++n_after;
    out.runs.push_back(std::move(r));
    if (on_case) on_case(k + 1);
  }
  if (out.localised) out.attempts_to_localise = att / static_cast<double>(out.localised);
  if (out.cases) {
    out.mean_attempts_fault_free = free / static_cast<double>(out.cases);
    out.mean_attempts_before = before / static_cast<double>(out.cases);
  }
  if (n_after) out.mean_attempts_after = after / static_cast<double>(n_after);
  return out;
}

}  // namespace minforge::twin
