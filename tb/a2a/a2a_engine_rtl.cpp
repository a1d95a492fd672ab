// The all-to-all lockstep harness (a2a_rtl.hpp): the self-testing engine variants (the e_*
// ports of a sweep top): schedules, exchanges, fault runs and the speed measurement.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "a2a/a2a_rtl.hpp"
#include "a2a/a2a_rtl_detail.hpp"
#include "core/pack.hpp"
#include "core/sim.hpp"
#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/twin/banyan/banyan_fabric.hpp"
#include "minforge/twin/gsen/gsen_fabric.hpp"
#include "ports/sweep.hpp"

namespace minforge::tb {

using namespace a2a_detail;  // NOLINT: the family's shared internals

// ---------------------------------------------------------------- engines
twin::A2aSchedule a2a_engine_schedule(const A2aEngineVariant& v,
                                      const std::vector<uint32_t>& configs) {
  if (v.net == Net::Banyan) return twin::banyan_sched_latin(v.N);
  if (v.sched == Sched::Alt) return twin::gsen_sched_alt(v.N);
  if (v.sched == Sched::Stage) return twin::gsen_sched_stage(v.N);
  std::vector<uint32_t> list = configs;
  const uint32_t P = 1u << clog2(v.N);
  if (list.empty())  // sweep default: the first player_len configurations, cycled
    for (int r = 0; r < v.player_len; ++r) list.push_back(static_cast<uint32_t>(r) % P);
  if (v.player_control != Ctrl::Indiv) return twin::gsen_sched_player(v.N, v.player_control, list);
  // Individual control: the stage-control configurations of the list as state matrices
  // (state of stage s = bit n-1-s of the number); certificates: a2a_engine_exchange with
  // the schedule of their matrices.
  const gsen::Topology t(v.N);
  std::vector<gsen::Configuration> m;
  for (uint32_t c : list) {
    gsen::Configuration g(t);
    for (int st = 0; st < t.stages(); ++st)
      for (int y = 0; y < t.switches_per_stage(); ++y)
        g.set_state(st, y, static_cast<int>((c % P >> (t.stages() - 1 - st)) & 1u));
    m.push_back(std::move(g));
  }
  return twin::gsen_sched_player(v.N, m);
}

namespace {

std::unique_ptr<twin::A2aEngine> engine_twin(const A2aEngineVariant& v,
                                             const twin::A2aSchedule& s) {
  if (v.net == Net::Banyan)
    return std::make_unique<twin::BanyanA2aEngine>(v.N, v.W, v.pipeline, v.use_tags, v.B);
  return std::make_unique<twin::GsenA2aEngine>(s, v.W, v.pipeline, v.use_tags, v.B);
}

// The scheduler probes of every round as the RTL packs them (send mask; destination and tag
// lanes of n bits, compared only for the senders).
struct RoundImages {
  std::vector<std::vector<uint8_t>> send, dst, tag, care;
  RoundImages(const twin::A2aSchedule& s, int n) {
    const int N = s.ports;
    for (const auto& r : s.rounds) {
      std::vector<uint8_t> a(image_bytes(uz(N)) + 8), d(image_bytes(uz(N) * uz(n)) + 8),
          t(d.size()), c(d.size());
      pack_bits(r.send.data(), uz(N), a.data());
      std::vector<uint64_t> dl(uz(N)), tl(uz(N)), cl(uz(N));
      for (int i = 0; i < N; ++i) {
        dl[uz(i)] = r.send[uz(i)] ? static_cast<uint64_t>(r.dest[uz(i)]) : 0;
        tl[uz(i)] = r.send[uz(i)] ? r.tag[uz(i)] : 0;
        cl[uz(i)] = r.send[uz(i)] ? ~uint64_t{0} : 0;
      }
      pack_lanes(dl.data(), uz(N), n, d.data());
      pack_lanes(tl.data(), uz(N), n, t.data());
      pack_lanes(cl.data(), uz(N), n, c.data());
      send.push_back(std::move(a));
      dst.push_back(std::move(d));
      tag.push_back(std::move(t));
      care.push_back(std::move(c));
    }
  }
};

// One cycle of an engine: every register and probe compared; packed first, then (only on a
// difference, or in a self-test) value by value for the report.
bool compare_engine(SweepEnginePorts& p, const twin::A2aEngine& tw, const twin::A2aSchedule& s,
                    const RoundImages& ri, int n, Images& img, Checker& chk) {
  const twin::A2aState& st = tw.state();
  const uint64_t want[] = {st.busy,    st.done,      st.cycles,      st.delivered,
                           st.errors,  st.err_dst,   st.err_payload, st.err_dup,
                           st.missing, st.conflicts, st.inject};
  const Port* got[] = {&p.busy,        &p.done,    &p.cycles,  &p.delivered, &p.errors, &p.err_dst,
                       &p.err_payload, &p.err_dup, &p.missing, &p.conflicts, &p.inject};
  static const char* const names[] = {"busy",    "done",      "cycles",      "delivered",
                                      "errors",  "err_dst",   "err_payload", "err_dup",
                                      "missing", "conflicts", "inject"};
  bool regs_same = chk.inject < 0;
  for (size_t r = 0; r < 11 && regs_same; ++r) regs_same = want[r] == got[r]->value();
  if (!regs_same)
    for (size_t r = 0; r < 11; ++r)
      if (!chk.eq(-1, names[r], want[r], got[r]->value())) return false;
  const int N = s.ports;
  if (st.inject) {
    const auto& r = s.rounds[st.round];
    if (!chk.eq(-1, "round", st.round, p.round.value())) return false;
    if (!chk.eq(-1, "cfg", r.cfg, p.cfg.value())) return false;
    const size_t lanes = uz(N) * uz(n);
    if (!port_equals(p.valid, ri.send[st.round].data(), uz(N)) ||
        !port_equals_masked(p.dst, ri.dst[st.round].data(), ri.care[st.round].data(), lanes) ||
        !port_equals_masked(p.tag, ri.tag[st.round].data(), ri.care[st.round].data(), lanes) ||
        chk.inject >= 0) {
      for (int i = 0; i < N; ++i) {
        const auto u = uz(i);
        if (!chk.eq(i, "send", r.send[u], p.valid.bit(i))) return false;
        if (!r.send[u]) continue;
        if (!chk.eq(i, "dst", static_cast<uint64_t>(r.dest[u]), p.dst.get(i * n, n))) return false;
        if (!chk.eq(i, "tag", r.tag[u], p.tag.get(i * n, n))) return false;
      }
    }
  }
  return compare_outputs(p.out_valid, p.out_data, p.out_conflict, N, tw.width(), n, tw.fabric_out(),
                         img, chk);
}

void load_player(Sim& sim, SweepEnginePorts& p, const A2aEngineVariant& v,
                 const twin::A2aSchedule& s) {
  if (v.net != Net::Gsen || v.sched != Sched::Player) return;
  write_player(sim, p.pl_wr_en, p.pl_wr_addr, p.pl_wr_data, s);
}

// One exchange on a running model: start, then every cycle compared until done.
bool exchange(Sim& sim, SweepEnginePorts& p, twin::A2aEngine& tw, const RoundImages& ri, int n,
              Images& img, const BanyanFault& fault, Checker& chk, const RunControl& ctl,
              ExchangeResult& res) {
  const twin::A2aSchedule& s = tw.schedule();
  const int iw = n;
  // start pulse (sampled at this edge; the next cycle is cycle 0 of the exchange)
  p.start.set(1);
  sim.settle();
  tw.eval(true, fault);
  sim.edge();
  tw.clock();
  p.start.set(0);
  res.rounds = tw.rounds();
  res.latency = tw.latency();
  res.blocks = tw.blocks();
  const int limit = tw.exchange_cycles() + 4;
  for (int c = 0; c <= limit && !ctl.stop(chk); ++c) {
    chk.cycle = static_cast<uint64_t>(c);
    sim.settle();
    tw.eval(false, fault);
    if (!compare_engine(p, tw, s, ri, n, img, chk)) return false;
    if (sim.failed()) return chk.fail("RTL assertion failed");
    if (fault.enabled) {  // where the RTL delivered each message (it equals the twin here)
      const twin::FabricOut& o = tw.fabric_out();
      for (int j = 0; j < s.ports; ++j) {
        if (!o.valid[uz(j)]) continue;
        const uint64_t d = o.data[uz(j)];
        const int src = static_cast<int>(d & ((1u << iw) - 1));
        const int dst = static_cast<int>((d >> iw) & ((1u << iw) - 1));
        if (dst != j) res.misrouted.emplace_back(src, dst, j);
      }
    }
    if (tw.state().done) break;
    sim.edge();
    tw.clock();
  }
  if (ctl.stop(chk)) return true;
  if (!p.done.bit(0)) return chk.fail("engine not done after " + std::to_string(limit) + " cycles");
  res.cycles = static_cast<long>(p.cycles.value());
  res.lost = static_cast<int64_t>(p.missing.value());
  res.delivered = static_cast<int64_t>(s.ports) * s.ports * tw.blocks() - res.lost;
  res.duplicates = static_cast<int64_t>(p.err_dup.value());
  res.conflicts = static_cast<uint32_t>(p.conflicts.value());
  return true;
}

void setup_engine(Sim& sim, SweepEnginePorts& p, const A2aEngineVariant& v,
                  const twin::A2aSchedule& s, const BanyanFault& fault) {
  p.sel.set(static_cast<uint64_t>(v.sel));
  p.start.set(0);
  p.pl_wr_en.set(0);
  p.fault_en.set(fault.enabled ? 1 : 0);
  p.fault_stage.set(static_cast<uint64_t>(fault.stage));
  p.fault_elem.set(static_cast<uint64_t>(fault.element));
  p.fault_kind.set(static_cast<uint64_t>(fault.kind));
  sim.reset(2);
  load_player(sim, p, v, s);
}

// Misrouted messages of the Latin exchange under a stuck fault, as the model predicts them
// (banyan::route with the FaultKind): (source, intended destination, arrival port), sorted.
std::vector<std::tuple<int, int, int>> predicted_misrouted(int N, const BanyanFault& f) {
  const banyan::Topology t(N);
  const auto kind = f.kind == params::code(params::Fault::Straight)
                        ? banyan::FaultKind::StuckStraight
                        : banyan::FaultKind::StuckCross;
  std::vector<std::tuple<int, int, int>> out;
  for (uint32_t k = 0; k < static_cast<uint32_t>(N); ++k)
    for (int x = 0; x < N; ++x) {
      const auto r =
          banyan::route(t, k, x, std::make_pair(banyan::Fault{f.stage, f.element}, kind));
      const int want = banyan::gamma(t, k, x);
      if (r.dest != want) out.emplace_back(x, want, r.dest);
    }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

namespace a2a_detail {

// The player memory written through its port: every round's entry at its address, in one
// write or (individual control) several beats (twin::player_beats).
void write_player(Sim& sim, Port& en, Port& addr, Port& data, const twin::A2aSchedule& s) {
  en.set(1);
  for (size_t r = 0; r < s.rounds.size(); ++r)
    for (const std::vector<uint32_t>& w : twin::player_beats(s.ports, s.rounds[r])) {
      data.zero();
      for (size_t q = 0; q < w.size(); ++q) data.set(static_cast<int>(32 * q), 32, w[q]);
      addr.set(r);
      sim.cycle();
    }
  en.set(0);
}

}  // namespace a2a_detail

ExchangeResult a2a_engine_exchange(const A2aModel& m, int k, const std::vector<uint32_t>& configs,
                                   const BanyanFault& fault, const RunOptions& opt) {
  return a2a_engine_exchange(m, k, a2a_engine_schedule(m.engines()[uz(k)], configs), fault, opt);
}

ExchangeResult a2a_engine_exchange(const A2aModel& m, int k, const twin::A2aSchedule& s,
                                   const BanyanFault& fault, const RunOptions& opt) {
  const A2aEngineVariant& v = m.engines()[uz(k)];
  const int n = clog2(v.N);
  const RoundImages ri(s, n);
  ExchangeResult res;
  std::string ctx = m.describe_engine(k) + " mode=schedule";
  if (fault.enabled)
    ctx += " fault=E_" + std::to_string(fault.stage) + "," + std::to_string(fault.element) + " " +
           fault_name(fault.kind);
  res.run = run_checked(m.model(), opt, m.top() + "_e" + std::to_string(k), ctx,
                        [&](Sim& sim, Checker& chk, const RunControl& ctl) {
                          ExchangeResult r;
                          auto tw = engine_twin(v, s);
                          SweepEnginePorts p(sim);
                          Images img;
                          img.size(v.N, v.W, n);
                          setup_engine(sim, p, v, s, fault);
                          const bool ok = exchange(sim, p, *tw, ri, n, img, fault, chk, ctl, r);
                          if (!ctl.replay) res = r;
                          return ok;
                        });
  return res;
}

ExchangeResult a2a_engine_fault(const A2aModel& m, int k, const BanyanFault& f,
                                const RunOptions& opt) {
  const A2aEngineVariant& v = m.engines()[uz(k)];
  const twin::A2aSchedule s = a2a_engine_schedule(v, {});
  const int n = clog2(v.N);
  const RoundImages ri(s, n);
  ExchangeResult res;
  const std::string ctx = m.describe_engine(k) + " mode=latin fault=E_" + std::to_string(f.stage) +
                          "," + std::to_string(f.element) + " " + fault_name(f.kind);
  res.run = run_checked(
      m.model(), opt,
      m.top() + "_e" + std::to_string(k) + "_fault_" + std::to_string(f.stage) + "_" +
          std::to_string(f.element) + "_" + fault_name(f.kind),
      ctx, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        ExchangeResult r;
        auto tw = engine_twin(v, s);
        SweepEnginePorts p(sim);
        Images img;
        img.size(v.N, v.W, n);
        setup_engine(sim, p, v, s, f);
        const bool ok = exchange(sim, p, *tw, ri, n, img, f, chk, ctl, r);
        if (!ctl.replay) res = r;
        if (!ok) return false;
        if (ctl.stop(chk)) return true;
        if (f.dead()) {
          const auto blocked = banyan::blocked_pairs(banyan::Topology(v.N), {f.stage, f.element});
          if (!chk.eq(-1, "lost (blocked pairs x B)", blocked.size() * uz(v.B),
                      static_cast<uint64_t>(res.lost)))
            return false;
          return chk.eq(-1, "misrouted", 0, res.misrouted.size());
        }
        auto got = res.misrouted;
        std::sort(got.begin(), got.end());
        // every block word b of a corrupted pair takes the same path
        std::vector<std::tuple<int, int, int>> want;
        for (const auto& w : predicted_misrouted(v.N, f)) want.insert(want.end(), uz(v.B), w);
        if (!chk.eq(-1, "misrouted count", want.size(), got.size())) return false;
        for (size_t q = 0; q < want.size(); ++q)
          if (want[q] != got[q]) {
            const auto [ws, wd, wp] = want[q];
            const auto [gs, gd, gp] = got[q];
            return chk.fail("corrupted path: model predicts " + std::to_string(ws) + "->" +
                            std::to_string(wd) + " arriving at " + std::to_string(wp) + ", RTL " +
                            std::to_string(gs) + "->" + std::to_string(gd) + " at " +
                            std::to_string(gp));
          }
        return chk.eq(-1, "lost (corrupted pairs)", want.size(), static_cast<uint64_t>(res.lost));
      });
  return res;
}

// ---------------------------------------------------------------- speed
A2aSpeed a2a_speed(const A2aModel& m, int k, double seconds) {
  using clk = std::chrono::steady_clock;
  const A2aEngineVariant& v = m.engines()[uz(k)];
  const twin::A2aSchedule s = a2a_engine_schedule(v, {});
  const int n = clog2(v.N);
  const RoundImages ri(s, n);
  // Two instances side by side, timed in alternating slices of about 50 ms so that whatever
  // else the machine does weighs on both figures alike: the model alone (back-to-back
  // exchanges, start whenever not busy), and the same with the twin attached, every output
  // of every cycle compared.
  Sim bare(m.model());
  SweepEnginePorts pb(bare);
  setup_engine(bare, pb, v, s, {});
  Sim lock(m.model());
  SweepEnginePorts pl(lock);
  Images img;
  img.size(v.N, v.W, n);
  setup_engine(lock, pl, v, s, {});
  auto tw = engine_twin(v, s);
  Checker chk("speed " + m.describe_engine(k));
  const int64_t want = static_cast<int64_t>(v.N) * v.N - static_cast<int64_t>(s.missing.size());
  double t_bare = 0, t_lock = 0;
  uint64_t c_bare = 0, c_lock = 0;
  A2aSpeed out;
  while (t_bare + t_lock < 2 * seconds) {
    auto t0 = clk::now();
    double el = 0;
    for (; el < 0.05; el = std::chrono::duration<double>(clk::now() - t0).count()) {
      for (int c = 0; c < 256; ++c) {
        pb.start.set(pb.busy.bit(0) ? 0 : 1);
        bare.cycle();
      }
      c_bare += 256;
    }
    t_bare += el;
    const uint64_t c0 = lock.cycles();
    t0 = clk::now();
    el = 0;
    for (; el < 0.05; el = std::chrono::duration<double>(clk::now() - t0).count()) {
      ExchangeResult res;
      if (!exchange(lock, pl, *tw, ri, n, img, {}, chk, RunControl{}, res) || res.delivered != want)
        throw std::runtime_error(chk.ok() ? "speed run: exchange incomplete" : chk.first().text());
      // done is registered: one more edge, then the next start
      lock.edge();
      tw->clock();
      ++out.exchanges;
    }
    t_lock += el;
    c_lock += lock.cycles() - c0;
  }
  out.verilator_cps = static_cast<double>(c_bare) / t_bare;
  out.lockstep_cps = static_cast<double>(c_lock) / t_lock;
  return out;
}

}  // namespace minforge::tb
