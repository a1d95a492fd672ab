// minforge lockstep harness: steps a generated sweep top (tb/common/gen_sweep.py: many
// fabric and engine variants in one Verilated model) and the C++ cycle model
// (minforge/fabric_model.hpp) together and compares every output every cycle.
//
// Compiled once per generated top with -DSWEEP_VARIANTS_H="<name>_variants.h" and the
// Verilated model under the prefix Vsweep.  See docs/verification.md for the stimulus modes,
// the mismatch report and the waveform handling.
//
// Usage: <harness> [--seed S] [--cycles C] [--fabric-variant K] [--engine-variant K]
//                  [--only fabric|engine] [--wave FILE] [--wave-dir DIR] [--quiet]
//        <harness> --sim gsen|banyan [--seed S] [--configs LIST] [--fault I,L,KIND]
//                  [--wave FILE] [--wave-dir DIR]       (one fabric + one engine variant;
//                  prints the exchange JSON line of `minforge sim`)
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "Vsweep.h"
#include "minforge/algo/banyan_fault.hpp"
#include "minforge/twin/fabric_model.hpp"
#include "minforge/algo/gsen_schedule.hpp"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif
#include "vl_bits.hpp"

struct SweepVariant {
  int banyan, N, W, C, P, S, T, PC, PL;
  int R;  // gsen_fabric ROUND_VALID (fabric variants)
};
#include SWEEP_VARIANTS_H

namespace {

using mftb::vl_get;
using mftb::vl_set;
using mftb::vl_zero;
using minforge::fabric::BanyanFault;
using minforge::fabric::Ctrl;
using minforge::fabric::EngineModel;
using minforge::fabric::EngineSchedule;
using minforge::fabric::FabricInputs;
using minforge::fabric::FabricModel;
using minforge::fabric::Network;

int clog2(int v) { return minforge::ceil_log2(static_cast<uint64_t>(v)); }

// ---------------------------------------------------------------- simulation wrapper
struct Sim {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vsweep> top;
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> tfp;
#endif
  uint64_t t = 0;
  uint64_t evals = 0;

  explicit Sim(const std::string& wave) {
    ctx = std::make_unique<VerilatedContext>();
    ctx->fatalOnError(false);
    if (!wave.empty()) ctx->traceEverOn(true);
    top = std::make_unique<Vsweep>(ctx.get(), "top");
#if VM_TRACE_FST
    if (!wave.empty()) {
      tfp = std::make_unique<VerilatedFstC>();
      top->trace(tfp.get(), 99);
      tfp->open(wave.c_str());
    }
#endif
    top->clk = 0;
    top->rst = 1;
    top->eval();
  }
  ~Sim() {
    top->final();
#if VM_TRACE_FST
    if (tfp) tfp->close();
#endif
  }
  // Settles the inputs of this cycle (clock low).
  void settle() {
    top->clk = 0;
    top->eval();
    ++evals;
#if VM_TRACE_FST
    if (tfp) tfp->dump(t);
#endif
  }
  // The rising edge that ends the cycle.
  void edge() {
    top->clk = 1;
    top->eval();
    ++evals;
#if VM_TRACE_FST
    if (tfp) tfp->dump(t + 1);
#endif
    t += 2;
  }
  bool assertion_failed() const { return ctx->gotError() || ctx->gotFinish(); }
};

// ---------------------------------------------------------------- mismatch reporting
struct Mismatch {
  bool hit = false;
  long cycle = 0;
  std::string text;
};

std::string hex(uint64_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%" PRIx64, v);
  return b;
}

class Checker {
 public:
  explicit Checker(std::string context) : context_(std::move(context)) {}
  long cycle = 0;
  long inject = -1;  // self-test: corrupt the first expected value compared in this cycle
  // Returns true when equal; records the first mismatch.
  bool eq(int port, const char* signal, uint64_t expected, uint64_t actual) {
    if (cycle == inject) {
      expected ^= 1;
      inject = -1;
    }
    if (expected == actual) return true;
    if (!m_.hit) {
      m_.hit = true;
      m_.cycle = cycle;
      std::ostringstream os;
      os << "MISMATCH cycle " << cycle;
      if (port >= 0) os << " port " << port;
      os << " " << signal << " expected " << hex(expected) << " actual " << hex(actual) << " ("
         << context_ << ")";
      m_.text = os.str();
    }
    return false;
  }
  bool fail(const std::string& what) {
    if (!m_.hit) {
      m_.hit = true;
      m_.cycle = cycle;
      m_.text = "MISMATCH cycle " + std::to_string(cycle) + " " + what + " (" + context_ + ")";
    }
    return false;
  }
  bool ok() const { return !m_.hit; }
  const Mismatch& mismatch() const { return m_; }

 private:
  std::string context_;
  Mismatch m_;
};

struct Options {
  uint64_t seed = 1;
  bool seed_given = false;
  int cycles = 300;
  int fabric_variant = -1;
  int engine_variant = -1;
  std::string only;
  std::string wave;
  std::string wave_dir = ".";
  bool quiet = false;
  std::string sim;  // "gsen" / "banyan": the `minforge sim` run
  std::string configs;
  std::string fault;
  bool faults = false;
  long inject = -1;
  double bench = 0;
};

const char* ctrl_name(int c) { return minforge::fabric::to_string(static_cast<Ctrl>(c)); }

std::string fabric_desc(int k, const SweepVariant& v) {
  std::ostringstream os;
  os << "variant " << (v.banyan ? "banyan" : "gsen") << "_fabric N=" << v.N << " W=" << v.W
     << " CONTROL=" << ctrl_name(v.C) << " PIPELINE=" << v.P;
  if (v.R) os << " ROUND_VALID=1";
  os << " [" << SWEEP_NAME << " fabric variant " << k << "]";
  return os.str();
}
std::string engine_desc(int k, const SweepVariant& v) {
  std::ostringstream os;
  os << "variant " << (v.banyan ? "banyan" : "gsen") << "_a2a_engine N=" << v.N << " W=" << v.W;
  if (!v.banyan) os << " SCHED=" << v.S;
  os << " PIPELINE=" << v.P << " USE_TAGS=" << v.T;
  if (v.S == 2) os << " PLAYER_CONTROL=" << ctrl_name(v.PC) << " PLAYER_LEN=" << v.PL;
  os << " [" << SWEEP_NAME << " engine variant " << k << "]";
  return os.str();
}

// ---------------------------------------------------------------- fabric runs
#if SWEEP_HAS_FABRIC
void drive_fabric(Vsweep& top, const SweepVariant& v, int n, const FabricInputs& in,
                  const BanyanFault& f) {
  const int H = v.N / 2;
  for (int i = 0; i < v.N; ++i) {
    vl_set(top.f_in_valid, i, 1, in.valid[static_cast<size_t>(i)]);
    vl_set(top.f_in_data, i * kSweepWMax, v.W, in.data[static_cast<size_t>(i)]);
    vl_set(top.f_in_tag, i * kSweepSMax, n, in.tag[static_cast<size_t>(i)]);
  }
  if (v.C == 0) {
    for (int b = 0; b < n * H; ++b) vl_set(top.f_in_cfg, b, 1, in.states[static_cast<size_t>(b)]);
  } else {
    vl_set(top.f_in_cfg, 0, n, in.cfg);
  }
  top.f_fault_en = f.enabled;
  top.f_fault_stage = static_cast<uint8_t>(f.stage);
  top.f_fault_elem = static_cast<uint16_t>(f.element);
  top.f_fault_kind = static_cast<uint8_t>(f.kind);
}

bool compare_fabric(Vsweep& top, const SweepVariant& v, int n,
                    const minforge::fabric::FabricOutputs& o, Checker& chk) {
  for (int j = 0; j < v.N; ++j) {
    const uint64_t av = vl_get(top.f_out_valid, j, 1);
    if (!chk.eq(j, "out_valid", o.valid[static_cast<size_t>(j)], av)) return false;
    if (av && !chk.eq(j, "out_data", o.data[static_cast<size_t>(j)],
                      vl_get(top.f_out_data, j * kSweepWMax, v.W)))
      return false;
  }
  for (int b = 0; b < n * (v.N / 2); ++b) {
    if (!chk.eq(b, "out_conflict", o.conflict[static_cast<size_t>(b)],
                vl_get(top.f_out_conflict, b, 1)))
      return false;
  }
  return true;
}

Network net_of(const SweepVariant& v) { return v.banyan ? Network::Banyan : Network::Gsen; }

// Random configuration and random valid+data every cycle (and random resets, random tags,
// random banyan faults).
bool fabric_random(Sim& sim, int k, uint64_t seed, int cycles, Checker& chk) {
  const SweepVariant& v = kFabricVariants[k];
  FabricModel m(net_of(v), v.N, v.W, static_cast<Ctrl>(v.C), v.P != 0);
  const int n = m.stages();
  std::mt19937_64 rng(seed);
  Vsweep& top = *sim.top;
  vl_zero(top.f_in_valid);
  top.f_sel = static_cast<uint8_t>(k);
  FabricInputs in;
  in.resize(v.N, n);
  BanyanFault f;
  const int fsw = std::max(1, clog2(n));
  const uint64_t wmask = v.W >= 64 ? ~uint64_t{0} : ((uint64_t{1} << v.W) - 1);
  // two reset cycles
  top.rst = 1;
  for (int c = 0; c < 2; ++c) {
    drive_fabric(top, v, n, in, f);
    sim.settle();
    sim.edge();
  }
  m.reset();
  top.rst = 0;
  for (int c = 0; c < cycles; ++c) {
    chk.cycle = c;
    const bool rst = (rng() % 64) == 0;
    const int density = static_cast<int>(rng() % 4);  // 0: sparse .. 3: all valid
    for (int i = 0; i < v.N; ++i) {
      const auto u = static_cast<size_t>(i);
      if (v.R)  // one valid bit per round: a full round, or (1 in 4) an empty one
        in.valid[u] = density != 0 ? 1 : 0;
      else
        in.valid[u] = density == 3 ? 1 : ((rng() % 4) < static_cast<uint64_t>(density + 1) ? 1 : 0);
      in.data[u] = rng() & wmask;
      in.tag[u] = static_cast<uint32_t>(rng() & ((1u << n) - 1u));
    }
    in.cfg = static_cast<uint32_t>(rng() & ((1u << n) - 1u));
    for (auto& s : in.states) s = static_cast<uint8_t>(rng() & 1u);
    if (v.banyan && c % 16 == 0) {
      f.enabled = (rng() % 4) != 0;
      f.stage = static_cast<int>(rng() % (1u << fsw));
      f.element = static_cast<int>(rng() % static_cast<uint64_t>(v.N / 2));
      f.kind = static_cast<int>(rng() % 4);
    }
    top.rst = rst;
    drive_fabric(top, v, n, in, f);
    sim.settle();
    const auto& o = m.eval(in, v.banyan ? f : BanyanFault{});
    if (!compare_fabric(top, v, n, o, chk)) return false;
    if (sim.assertion_failed()) return chk.fail("RTL assertion failed");
    sim.edge();
    m.clock();
    if (rst) m.reset();
  }
  return true;
}

// The schedule of a fabric variant (stimulus mode "schedule").
EngineSchedule fabric_schedule(const SweepVariant& v) {
  using namespace minforge::fabric;
  if (v.banyan) return banyan_latin_schedule(v.N);
  const int n = clog2(v.N);
  std::vector<uint32_t> all(size_t{1} << n);
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<uint32_t>(c);
  switch (static_cast<Ctrl>(v.C)) {
    case Ctrl::Alt:
      return v.N % 4 == 2 ? gsen_alt_schedule(v.N) : gsen_player_schedule(v.N, Ctrl::Alt, all);
    case Ctrl::Alt2:
    case Ctrl::Alt4:
      return gsen_player_schedule(v.N, static_cast<Ctrl>(v.C), all);
    case Ctrl::Tag:
      return v.N % 4 == 2 ? gsen_alt_schedule(v.N) : gsen_stage_schedule(v.N);
    default:
      return gsen_stage_schedule(v.N);
  }
}

// Plays a schedule's rounds into the bare fabric (one round per cycle), compares every
// cycle, and checks at the end that every scheduled pair arrived exactly once.
bool fabric_schedule_run(Sim& sim, int k, Checker& chk, long* cycles_out = nullptr) {
  const SweepVariant& v = kFabricVariants[k];
  FabricModel m(net_of(v), v.N, v.W, static_cast<Ctrl>(v.C), v.P != 0);
  const int n = m.stages();
  const EngineSchedule s = fabric_schedule(v);
  if (v.R) {  // ROUND_VALID=1 carries full rounds only: a schedule with a partial round is n/a
    for (const auto& r : s.rounds)
      if (std::any_of(r.send.begin(), r.send.end(), [](auto x) { return !x; })) {
        if (cycles_out) *cycles_out = -1;
        return true;
      }
  }
  const int iw = clog2(v.N);
  Vsweep& top = *sim.top;
  top.f_sel = static_cast<uint8_t>(k);
  FabricInputs in;
  in.resize(v.N, n);
  top.rst = 1;
  for (int c = 0; c < 2; ++c) {
    drive_fabric(top, v, n, in, {});
    sim.settle();
    sim.edge();
  }
  m.reset();
  top.rst = 0;
  std::vector<int> arrivals(static_cast<size_t>(v.N * v.N), 0);
  const int R = static_cast<int>(s.rounds.size());
  const int total = R + m.latency();
  std::optional<minforge::banyan::Topology> btopo;
  if (v.banyan) btopo.emplace(v.N);
  for (int c = 0; c < total; ++c) {
    chk.cycle = c;
    std::fill(in.valid.begin(), in.valid.end(), 0);
    if (c < R) {
      const auto& r = s.rounds[static_cast<size_t>(c)];
      in.cfg = r.cfg;
      for (int i = 0; i < v.N; ++i) {
        const auto u = static_cast<size_t>(i);
        if (!r.send[u]) continue;
        in.valid[u] = 1;
        in.data[u] = minforge::fabric::a2a_message(v.N, v.W, i, r.dest[u]);
        in.tag[u] = r.tag[u];
      }
      if (v.C == 0) {  // individual: the state matrix of the round's configuration
        const int H = v.N / 2;
        for (int st = 0; st < n; ++st)
          for (int y = 0; y < H; ++y)
            in.states[static_cast<size_t>(st * H + y)] = static_cast<uint8_t>(
                v.banyan ? (btopo->stage_cross(r.cfg, st) ? 1 : 0)
                         : minforge::gsen::switch_state(minforge::gsen::Control::Stage, r.cfg, n,
                                                        st, y));
      }
    }
    drive_fabric(top, v, n, in, {});
    sim.settle();
    const auto& o = m.eval(in);
    if (!compare_fabric(top, v, n, o, chk)) return false;
    if (sim.assertion_failed()) return chk.fail("RTL assertion failed");
    for (int j = 0; j < v.N; ++j) {
      if (!vl_get(top.f_out_valid, j, 1)) continue;
      const uint64_t d = vl_get(top.f_out_data, j * kSweepWMax, v.W);
      const int src = static_cast<int>(d & ((1u << iw) - 1));
      const int dst = static_cast<int>((d >> iw) & ((1u << iw) - 1));
      if (dst != j)
        return chk.fail("port " + std::to_string(j) + " got a message for " + std::to_string(dst));
      ++arrivals[static_cast<size_t>(src * v.N + j)];
    }
    sim.edge();
    m.clock();
  }
  std::set<std::pair<int, int>> missing(s.missing.begin(), s.missing.end());
  for (int i = 0; i < v.N; ++i)
    for (int j = 0; j < v.N; ++j) {
      const int want = missing.count({i, j}) ? 0 : 1;
      if (arrivals[static_cast<size_t>(i * v.N + j)] != want)
        return chk.fail("pair " + std::to_string(i) + "->" + std::to_string(j) + " arrived " +
                        std::to_string(arrivals[static_cast<size_t>(i * v.N + j)]) +
                        " times, expected " + std::to_string(want));
    }
  if (cycles_out) *cycles_out = total;
  return true;
}

// The fault-tolerant banyan schedule on the bare fabric: the harness plays the processors
// (sources and relays) from the model's plan; the RTL fabric with the injected fault routes.
// A relay forwards a message only in a cycle after the one in which it arrived (with the
// pipelined fabric a plan cycle waits until its relayed messages have arrived).
struct PlanResult {
  int plan_cycles = 0;
  long cycles = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0;
};

bool fabric_plan_run(Sim& sim, int k, const minforge::banyan::Plan& plan, const BanyanFault& f,
                     Checker& chk, PlanResult& res) {
  const SweepVariant& v = kFabricVariants[k];
  FabricModel m(Network::Banyan, v.N, v.W, static_cast<Ctrl>(v.C), v.P != 0);
  const int n = m.stages();
  const int iw = n;
  const minforge::banyan::Topology t(v.N);
  const EngineSchedule latin = minforge::fabric::banyan_latin_schedule(v.N);
  Vsweep& top = *sim.top;
  top.f_sel = static_cast<uint8_t>(k);
  FabricInputs in;
  in.resize(v.N, n);
  top.rst = 1;
  for (int c = 0; c < 2; ++c) {
    drive_fabric(top, v, n, in, f);
    sim.settle();
    sim.edge();
  }
  m.reset();
  top.rst = 0;
  std::vector<std::map<std::pair<int, int>, long>> held(static_cast<size_t>(v.N));
  std::set<std::pair<int, int>> got;
  const int Q = static_cast<int>(plan.cycles.size());
  int q = 0;
  long last_inject = -1, stall = 0;
  for (long c = 0;; ++c) {
    chk.cycle = c;
    if (q >= Q && c > last_inject + m.latency()) break;
    std::fill(in.valid.begin(), in.valid.end(), 0);
    bool issue = false;
    if (q < Q) {
      const auto& cyc = plan.cycles[static_cast<size_t>(q)];
      issue = true;
      for (const auto& snd : cyc.sends) {
        if (snd.proc == snd.origin) continue;
        auto it = held[static_cast<size_t>(snd.proc)].find({snd.origin, snd.final_dest});
        if (it == held[static_cast<size_t>(snd.proc)].end() || it->second >= c) issue = false;
      }
      if (issue) {
        in.cfg = cyc.gamma;
        const int H = v.N / 2;
        for (int st = 0; st < n; ++st)
          for (int y = 0; y < H; ++y)
            in.states[static_cast<size_t>(st * H + y)] = t.stage_cross(cyc.gamma, st) ? 1 : 0;
        for (const auto& snd : cyc.sends) {
          const auto u = static_cast<size_t>(snd.proc);
          in.valid[u] = 1;
          in.data[u] = minforge::fabric::a2a_message(v.N, v.W, snd.origin, snd.final_dest);
          in.tag[u] = latin.rounds[cyc.gamma].tag[u];
          if (snd.proc != snd.origin) held[u].erase({snd.origin, snd.final_dest});
        }
        ++q;
        last_inject = c;
        stall = 0;
      } else if (++stall > m.latency() + 2) {
        return chk.fail("plan cycle " + std::to_string(q) + ": a relay never received its message");
      }
    }
    drive_fabric(top, v, n, in, f);
    sim.settle();
    const auto& o = m.eval(in, f);
    if (!compare_fabric(top, v, n, o, chk)) return false;
    if (sim.assertion_failed()) return chk.fail("RTL assertion failed");
    for (int j = 0; j < v.N; ++j) {
      if (!vl_get(top.f_out_valid, j, 1)) continue;
      const uint64_t d = vl_get(top.f_out_data, j * kSweepWMax, v.W);
      const int origin = static_cast<int>(d & ((1u << iw) - 1));
      const int fin = static_cast<int>((d >> iw) & ((1u << iw) - 1));
      if (fin == j) {
        if (!got.insert({origin, fin}).second) ++res.duplicates;
      } else {
        held[static_cast<size_t>(j)][{origin, fin}] = c;
      }
    }
    sim.edge();
    m.clock();
  }
  res.plan_cycles = Q;
  res.cycles = last_inject + 1 + m.latency();
  res.delivered = static_cast<int64_t>(got.size());
  res.lost = static_cast<int64_t>(v.N) * v.N - res.delivered;
  // The model's message-level simulation of the same plan must agree.
  const minforge::banyan::Fault mf{f.stage, f.element};
  const auto kind = f.kind == 1   ? minforge::banyan::FaultKind::StuckStraight
                    : f.kind == 2 ? minforge::banyan::FaultKind::StuckCross
                                  : minforge::banyan::FaultKind::Dead;
  const auto sr = minforge::banyan::simulate(t, plan, std::make_pair(mf, kind));
  if (!chk.eq(-1, "plan delivered (model simulate)", static_cast<uint64_t>(sr.delivered),
              static_cast<uint64_t>(res.delivered)))
    return false;
  if (!chk.eq(-1, "plan duplicates (model simulate)", static_cast<uint64_t>(sr.duplicates),
              static_cast<uint64_t>(res.duplicates)))
    return false;
  return true;
}
#endif  // SWEEP_HAS_FABRIC

// ---------------------------------------------------------------- engine runs
#if SWEEP_HAS_ENGINE
EngineSchedule engine_schedule(const SweepVariant& v, const std::vector<uint32_t>& configs) {
  using namespace minforge::fabric;
  if (v.banyan) return banyan_latin_schedule(v.N);
  if (v.S == 0) return gsen_alt_schedule(v.N);
  if (v.S == 1) return gsen_stage_schedule(v.N);
  std::vector<uint32_t> list = configs;
  if (list.empty()) {  // sweep default: all 2^n configurations, first PL of them cycled
    const uint32_t P = 1u << clog2(v.N);
    for (int r = 0; r < v.PL; ++r) list.push_back(static_cast<uint32_t>(r) % P);
  }
  return gsen_player_schedule(v.N, static_cast<Ctrl>(v.PC), list);
}

struct EngineResult {
  long cycles = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0;
  int rounds = 0, latency = 0;
  uint32_t conflicts = 0;
  std::vector<std::tuple<int, int, int>> misrouted;  // (source, intended dest, port)
};

bool engine_run(Sim& sim, int k, const std::vector<uint32_t>& configs, const BanyanFault& fault,
                Checker& chk, EngineResult& res) {
  const SweepVariant& v = kEngineVariants[k];
  const EngineSchedule s = engine_schedule(v, configs);
  EngineModel m(s, v.W, v.P != 0, v.T != 0);
  const int n = clog2(v.N);
  Vsweep& top = *sim.top;
  top.e_sel = static_cast<uint8_t>(k);
  top.e_start = 0;
  top.e_pl_wr_en = 0;
  top.e_fault_en = fault.enabled;
  top.e_fault_stage = static_cast<uint8_t>(fault.stage);
  top.e_fault_elem = static_cast<uint16_t>(fault.element);
  top.e_fault_kind = static_cast<uint8_t>(fault.kind);
  top.rst = 1;
  for (int c = 0; c < 2; ++c) {
    sim.settle();
    sim.edge();
  }
  top.rst = 0;
  m.reset();
  if (v.S == 2) {  // load the player memory through its write port
    top.e_pl_wr_en = 1;
    for (size_t r = 0; r < s.rounds.size(); ++r) {
      const std::vector<uint32_t> w = minforge::fabric::player_entry(v.N, s.rounds[r]);
      vl_zero(top.e_pl_wr_data);
      for (size_t q = 0; q < w.size(); ++q)
        vl_set(top.e_pl_wr_data, static_cast<int>(32 * q), 32, w[q]);
      top.e_pl_wr_addr = static_cast<uint16_t>(r);
      sim.settle();
      sim.edge();
    }
    top.e_pl_wr_en = 0;
  }
  // start pulse (sampled at this edge; the next cycle is cycle 0 of the exchange)
  top.e_start = 1;
  sim.settle();
  m.eval(true, fault);
  sim.edge();
  m.clock();
  top.e_start = 0;
  res.rounds = m.rounds();
  res.latency = m.latency();
  const int limit = m.rounds() + m.latency() + 4;
  const int iw = n;
  for (int c = 0; c <= limit; ++c) {
    chk.cycle = c;
    sim.settle();
    m.eval(false, fault);
    const auto& st = m.state();
    const std::pair<const char*, std::pair<uint64_t, uint64_t>> regs[] = {
        {"busy", {st.busy, top.e_busy}},
        {"done", {st.done, top.e_done}},
        {"cycles", {st.cycles, top.e_cycles}},
        {"delivered", {st.delivered, top.e_delivered}},
        {"errors", {st.errors, top.e_errors}},
        {"err_dst", {st.err_dst, top.e_err_dst}},
        {"err_payload", {st.err_payload, top.e_err_payload}},
        {"err_dup", {st.err_dup, top.e_err_dup}},
        {"missing", {st.missing, top.e_missing}},
        {"conflicts", {st.conflicts, top.e_conflicts}},
        {"inject", {st.inject, top.e_inject}},
    };
    for (const auto& [name, ea] : regs)
      if (!chk.eq(-1, name, ea.first, ea.second)) return false;
    if (st.inject) {
      const auto& r = s.rounds[st.round];
      if (!chk.eq(-1, "round", st.round, top.e_round)) return false;
      if (!chk.eq(-1, "cfg", r.cfg, top.e_cfg)) return false;
      for (int i = 0; i < v.N; ++i) {
        const auto u = static_cast<size_t>(i);
        if (!chk.eq(i, "send", r.send[u], vl_get(top.e_valid, i, 1))) return false;
        if (!r.send[u]) continue;
        if (!chk.eq(i, "dst", static_cast<uint64_t>(r.dest[u]), vl_get(top.e_dst, i * 8, iw)))
          return false;
        if (!chk.eq(i, "tag", r.tag[u], vl_get(top.e_tag, i * kSweepSMax, n))) return false;
      }
    }
    const auto& o = m.fabric_out();
    for (int j = 0; j < v.N; ++j) {
      const uint64_t av = vl_get(top.e_out_valid, j, 1);
      if (!chk.eq(j, "out_valid", o.valid[static_cast<size_t>(j)], av)) return false;
      if (!av) continue;
      const uint64_t d = vl_get(top.e_out_data, j * kSweepWMax, v.W);
      if (!chk.eq(j, "out_data", o.data[static_cast<size_t>(j)], d)) return false;
      const int src = static_cast<int>(d & ((1u << iw) - 1));
      const int dst = static_cast<int>((d >> iw) & ((1u << iw) - 1));
      if (dst != j) res.misrouted.emplace_back(src, dst, j);
    }
    for (int b = 0; b < n * (v.N / 2); ++b)
      if (!chk.eq(b, "out_conflict", o.conflict[static_cast<size_t>(b)],
                  vl_get(top.e_out_conflict, b, 1)))
        return false;
    if (sim.assertion_failed()) return chk.fail("RTL assertion failed");
    if (st.done) break;
    sim.edge();
    m.clock();
  }
  if (!top.e_done) return chk.fail("engine not done after " + std::to_string(limit) + " cycles");
  res.cycles = top.e_cycles;
  res.delivered = static_cast<int64_t>(v.N) * v.N - top.e_missing;
  res.lost = top.e_missing;
  res.duplicates = top.e_err_dup;
  res.conflicts = top.e_conflicts;
  return true;
}

// Misrouted messages of the Latin exchange under a stuck fault, as the model predicts them
// (banyan::route with the FaultKind): (source, intended destination, arrival port), sorted.
std::vector<std::tuple<int, int, int>> predicted_misrouted(int N, const BanyanFault& f) {
  const minforge::banyan::Topology t(N);
  const auto kind = f.kind == 1 ? minforge::banyan::FaultKind::StuckStraight
                                : minforge::banyan::FaultKind::StuckCross;
  std::vector<std::tuple<int, int, int>> out;
  for (uint32_t k = 0; k < static_cast<uint32_t>(N); ++k)
    for (int x = 0; x < N; ++x) {
      const auto r = minforge::banyan::route(
          t, k, x, std::make_pair(minforge::banyan::Fault{f.stage, f.element}, kind));
      const int want = minforge::banyan::gamma(t, k, x);
      if (r.dest != want) out.emplace_back(x, want, r.dest);
    }
  std::sort(out.begin(), out.end());
  return out;
}

// Engine run with a banyan fault; checks the exchange-level consequence the model predicts:
// dead -> exactly the 2N blocked pairs lost; stuck -> exactly the predicted paths corrupted.
bool engine_fault_run(Sim& sim, int k, const BanyanFault& f, Checker& chk, EngineResult& res) {
  const SweepVariant& v = kEngineVariants[k];
  res = EngineResult{};
  if (!engine_run(sim, k, {}, f, chk, res)) return false;
  const bool dead = f.kind == 0 || f.kind == 3;
  if (dead) {
    const auto blocked =
        minforge::banyan::blocked_pairs(minforge::banyan::Topology(v.N), {f.stage, f.element});
    if (!chk.eq(-1, "lost (blocked pairs)", blocked.size(), static_cast<uint64_t>(res.lost)))
      return false;
    return chk.eq(-1, "misrouted", 0, res.misrouted.size());
  }
  auto got = res.misrouted;
  std::sort(got.begin(), got.end());
  const auto want = predicted_misrouted(v.N, f);
  if (!chk.eq(-1, "misrouted count", want.size(), got.size())) return false;
  for (size_t q = 0; q < want.size(); ++q)
    if (want[q] != got[q]) {
      const auto [ws, wd, wp] = want[q];
      const auto [gs, gd, gp] = got[q];
      return chk.fail("corrupted path: model predicts " + std::to_string(ws) + "->" +
                      std::to_string(wd) + " arriving at " + std::to_string(wp) + ", RTL " +
                      std::to_string(gs) + "->" + std::to_string(gd) + " at " + std::to_string(gp));
    }
  return chk.eq(-1, "lost (corrupted pairs)", want.size(), static_cast<uint64_t>(res.lost));
}
#endif  // SWEEP_HAS_ENGINE

// Runs `body` on a fresh model; on a mismatch replays it with an FST trace and keeps the
// waveform.  Returns true on success.
bool run_checked(const Options& o, const std::string& tag, const std::string& context,
                 const std::function<bool(Sim&, Checker&)>& body, uint64_t* evals = nullptr) {
  Checker chk(context);
  chk.inject = o.inject;
  bool ok;
  {
    Sim sim(o.wave);
    ok = body(sim, chk) && chk.ok();
    if (evals) *evals += sim.evals;
  }
  if (ok) return true;
  std::fprintf(stderr, "%s\n", chk.mismatch().text.c_str());
  std::printf("%s\n", chk.mismatch().text.c_str());
#if VM_TRACE_FST
  std::string wave = o.wave;
  if (wave.empty()) {
    wave = o.wave_dir + "/" + SWEEP_NAME + "_" + tag + ".fst";
    Checker replay(context);
    replay.inject = o.inject;
    Sim sim(wave);
    body(sim, replay);
  }
  std::fprintf(stderr, "waveform: %s\n", wave.c_str());
  std::printf("waveform: %s\n", wave.c_str());
#else
  (void)tag;
#endif
  return false;
}

int parse_args(int argc, char** argv, Options& o) {
  for (int a = 1; a < argc; ++a) {
    std::string s = argv[a];
    auto val = [&]() -> std::string {
      if (a + 1 >= argc) {
        std::fprintf(stderr, "missing value for %s\n", s.c_str());
        std::exit(2);
      }
      return argv[++a];
    };
    if (s == "--seed") {
      o.seed = std::strtoull(val().c_str(), nullptr, 0);
      o.seed_given = true;
    } else if (s == "--cycles") {
      o.cycles = std::atoi(val().c_str());
    } else if (s == "--fabric-variant") {
      o.fabric_variant = std::atoi(val().c_str());
    } else if (s == "--engine-variant") {
      o.engine_variant = std::atoi(val().c_str());
    } else if (s == "--only") {
      o.only = val();
    } else if (s == "--wave") {
      o.wave = val();
    } else if (s == "--wave-dir") {
      o.wave_dir = val();
    } else if (s == "--quiet") {
      o.quiet = true;
    } else if (s == "--sim") {
      o.sim = val();
    } else if (s == "--configs") {
      o.configs = val();
    } else if (s == "--inject-mismatch") {
      o.inject = std::atol(val().c_str());
    } else if (s == "--bench") {
      o.bench = std::atof(val().c_str());
    } else if (s == "--faults") {
      o.faults = true;
    } else if (s == "--fault") {
      o.fault = val();
    } else {
      std::fprintf(stderr, "unknown option %s\n", s.c_str());
      return 2;
    }
  }
  return 0;
}

uint64_t variant_seed(uint64_t base, int k, int salt) {
  uint64_t z = base + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k * 4 + salt + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// ---------------------------------------------------------------- sweep mode
int run_sweep(const Options& o) {
  int failures = 0;
  uint64_t evals = 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::printf("%s: seed %" PRIu64 " (reproduce: --seed %" PRIu64 ")\n", SWEEP_NAME, o.seed, o.seed);
#if SWEEP_HAS_FABRIC
  if (o.only.empty() || o.only == "fabric") {
    for (int k = 0; k < kNumFabricVariants && failures == 0; ++k) {
      if (o.fabric_variant >= 0 && k != o.fabric_variant) continue;
      const SweepVariant& v = kFabricVariants[k];
      const uint64_t seed = variant_seed(o.seed, k, 0);
      const std::string ctx = fabric_desc(k, v) + " mode=random seed=" + std::to_string(o.seed);
      if (!run_checked(
              o, "f" + std::to_string(k) + "_random", ctx,
              [&](Sim& sim, Checker& chk) { return fabric_random(sim, k, seed, o.cycles, chk); },
              &evals)) {
        std::printf("reproduce: %s --seed %" PRIu64 " --fabric-variant %d --only fabric\n",
                    SWEEP_NAME, o.seed, k);
        ++failures;
        break;
      }
      long cyc = 0;
      if (!run_checked(
              o, "f" + std::to_string(k) + "_schedule", fabric_desc(k, v) + " mode=schedule",
              [&](Sim& sim, Checker& chk) { return fabric_schedule_run(sim, k, chk, &cyc); },
              &evals)) {
        ++failures;
        break;
      }
      if (!o.quiet) {
        if (cyc < 0)
          std::printf("ok   %s: random %d cycles, schedule n/a (it has partial rounds)\n",
                      fabric_desc(k, v).c_str(), o.cycles);
        else
          std::printf("ok   %s: random %d cycles, schedule %ld cycles\n", fabric_desc(k, v).c_str(),
                      o.cycles, cyc);
      }
      if (o.faults && v.banyan && v.C != 5 && v.N >= 8) {
        // every internal fault with the fault-tolerant plan (processors/relays played by the
        // harness from banyan::fault_tolerant_plan)
        const minforge::banyan::Topology t(v.N);
        for (int st = 1; st + 1 < t.stages() && failures == 0; ++st)
          for (int l = 0; l < v.N / 2 && failures == 0; ++l) {
            const minforge::banyan::Plan plan = minforge::banyan::fault_tolerant_plan(t, {st, l});
            const BanyanFault f{true, st, l, 0};
            PlanResult pr;
            const std::string ctx = fabric_desc(k, v) + " mode=fault-tolerant fault=E_" +
                                    std::to_string(st) + "," + std::to_string(l) + " dead";
            if (!run_checked(
                    o,
                    "f" + std::to_string(k) + "_ft_" + std::to_string(st) + "_" + std::to_string(l),
                    ctx,
                    [&](Sim& sim, Checker& chk) {
                      pr = PlanResult{};
                      return fabric_plan_run(sim, k, plan, f, chk, pr);
                    },
                    &evals)) {
              ++failures;
              break;
            }
            const long want_cycles = pr.plan_cycles;
            if (pr.delivered != static_cast<int64_t>(v.N) * v.N || pr.duplicates != 0 ||
                (v.P == 0 && pr.cycles != want_cycles)) {
              std::printf("FAIL %s: delivered %" PRId64 " duplicates %" PRId64
                          " cycles %ld (plan %d)\n",
                          ctx.c_str(), pr.delivered, pr.duplicates, pr.cycles, pr.plan_cycles);
              ++failures;
              break;
            }
            if (!o.quiet)
              std::printf(
                  "ok   %s: plan %d cycles (Theorem 1 bound %d), hardware %ld cycles, "
                  "delivered %" PRId64 "\n",
                  ctx.c_str(), pr.plan_cycles, minforge::banyan::theorem1_bound(t, {st, l}),
                  pr.cycles, pr.delivered);
          }
      }
    }
  }
#endif
#if SWEEP_HAS_ENGINE
  if (failures == 0 && (o.only.empty() || o.only == "engine")) {
    for (int k = 0; k < kNumEngineVariants && failures == 0; ++k) {
      if (o.engine_variant >= 0 && k != o.engine_variant) continue;
      const SweepVariant& v = kEngineVariants[k];
      EngineResult res;
      if (!run_checked(
              o, "e" + std::to_string(k), engine_desc(k, v) + " mode=schedule",
              [&](Sim& sim, Checker& chk) {
                res = EngineResult{};
                return engine_run(sim, k, {}, {}, chk, res);
              },
              &evals)) {
        ++failures;
        break;
      }
      // The exchange: exactly rounds + latency cycles, N^2 delivered, none lost/duplicated
      // (the player variants of the sweep replay a full cover or report the missing pairs).
      const EngineSchedule s = engine_schedule(v, {});
      const int64_t expect_lost = static_cast<int64_t>(s.missing.size());
      if (res.cycles != res.rounds + res.latency || res.lost != expect_lost ||
          res.duplicates != 0 || res.delivered != static_cast<int64_t>(v.N) * v.N - expect_lost) {
        std::printf("FAIL %s: cycles %ld (expected %d), delivered %" PRId64 ", lost %" PRId64
                    " (expected %" PRId64 "), duplicates %" PRId64 "\n",
                    engine_desc(k, v).c_str(), res.cycles, res.rounds + res.latency, res.delivered,
                    res.lost, expect_lost, res.duplicates);
        ++failures;
        break;
      }
      if (!o.quiet)
        std::printf("ok   %s: %d rounds + %d latency = %ld cycles, delivered %" PRId64 "\n",
                    engine_desc(k, v).c_str(), res.rounds, res.latency, res.cycles, res.delivered);
      if (o.faults && v.banyan && v.N >= 8) {
        const minforge::banyan::Topology t(v.N);
        for (int st = 1; st + 1 < t.stages() && failures == 0; ++st)
          for (int l = 0; l < v.N / 2 && failures == 0; ++l)
            for (int kind = 0; kind < 3 && failures == 0; ++kind) {
              const BanyanFault f{true, st, l, kind};
              const char* kn[] = {"dead", "straight", "cross"};
              const std::string ctx = engine_desc(k, v) + " mode=latin fault=E_" +
                                      std::to_string(st) + "," + std::to_string(l) + " " + kn[kind];
              EngineResult fr;
              if (!run_checked(
                      o,
                      "e" + std::to_string(k) + "_fault_" + std::to_string(st) + "_" +
                          std::to_string(l) + "_" + kn[kind],
                      ctx,
                      [&](Sim& sim, Checker& chk) { return engine_fault_run(sim, k, f, chk, fr); },
                      &evals)) {
                ++failures;
                break;
              }
            }
        if (failures == 0 && !o.quiet)
          std::printf(
              "ok   %s: every internal fault (dead: 2N pairs lost; stuck: the model's "
              "corrupted paths)\n",
              engine_desc(k, v).c_str());
      }
    }
  }
#endif
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s: %s (%" PRIu64 " clock cycles in %.2f s)\n", SWEEP_NAME,
              failures ? "FAILED" : "all variants match the model", evals / 2, secs);
  return failures ? 1 : 0;
}

// ---------------------------------------------------------------- `minforge sim` mode
// One fabric variant (0) and one engine variant (0) of the requested parameter set: a
// random-stimulus lockstep run of the bare fabric (seeded), then the exchange: the engine's
// own schedule (GSEN alt/stage, player for --configs, banyan Latin square, optionally with a
// stuck fault), or for a dead banyan fault the fault-tolerant plan played on the fabric.
// Prints the JSON line of `minforge sim`.
int run_sim(const Options& o) {
#if SWEEP_HAS_FABRIC && SWEEP_HAS_ENGINE
  const SweepVariant& fv = kFabricVariants[0];
  const SweepVariant& ev = kEngineVariants[0];
  int mismatches = 0;
  std::fprintf(stderr, "minforge sim: seed %" PRIu64 "\n", o.seed);
  const std::string rctx = fabric_desc(0, fv) + " mode=random seed=" + std::to_string(o.seed);
  if (!run_checked(o, "fabric_random", rctx, [&](Sim& sim, Checker& chk) {
        return fabric_random(sim, 0, o.seed, o.cycles, chk);
      }))
    ++mismatches;
  BanyanFault f;
  if (!o.fault.empty()) {
    int st = 0, l = 0, kind = 0;
    if (std::sscanf(o.fault.c_str(), "%d,%d,%d", &st, &l, &kind) != 3) {
      std::fprintf(stderr, "bad --fault %s (I,L,KIND)\n", o.fault.c_str());
      return 2;
    }
    f = BanyanFault{true, st, l, kind};
  }
  std::string control;
  if (ev.banyan)
    control = ev.T ? "tag" : "stage";
  else
    control = ev.T ? "tag" : ev.S == 2 ? ctrl_name(ev.PC) : ev.S == 0 ? "alt" : "stage";
  long cycles = 0;
  int rounds = 0, latency = 0;
  int64_t delivered = 0, lost = 0, duplicates = 0;
  if (ev.banyan && f.enabled && f.kind == 0) {
    const minforge::banyan::Topology t(fv.N);
    const auto plan = minforge::banyan::fault_tolerant_plan(t, {f.stage, f.element});
    PlanResult pr;
    const std::string ctx = fabric_desc(0, fv) + " mode=fault-tolerant fault=" + o.fault;
    if (!run_checked(o, "ft", ctx, [&](Sim& sim, Checker& chk) {
          pr = PlanResult{};
          return fabric_plan_run(sim, 0, plan, f, chk, pr);
        }))
      ++mismatches;
    rounds = pr.plan_cycles;
    latency = fv.P ? t.stages() : 0;
    cycles = pr.cycles;
    delivered = pr.delivered;
    lost = pr.lost;
    duplicates = pr.duplicates;
  } else {
    std::vector<uint32_t> configs;
    if (!o.configs.empty())
      configs = minforge::parse_config_list(o.configs, uint64_t{1} << clog2(ev.N));
    else if (ev.S == 2)
      for (int r = 0; r < ev.PL; ++r) configs.push_back(static_cast<uint32_t>(r));
    EngineResult res;
    const std::string ctx =
        engine_desc(0, ev) + " mode=schedule" + (f.enabled ? " fault=" + o.fault : std::string());
    if (!run_checked(o, "engine", ctx, [&](Sim& sim, Checker& chk) {
          res = EngineResult{};
          if (ev.banyan && f.enabled) return engine_fault_run(sim, 0, f, chk, res);
          return engine_run(sim, 0, configs, f, chk, res);
        }))
      ++mismatches;
    rounds = res.rounds;
    latency = res.latency;
    cycles = res.cycles;
    delivered = res.delivered;
    lost = res.lost;
    duplicates = res.duplicates;
  }
  std::printf(
      "{\"ports\":%d,\"width\":%d,\"control\":\"%s\",\"rounds\":%d,\"latency\":%d,"
      "\"cycles\":%ld,\"delivered\":%" PRId64 ",\"lost\":%" PRId64 ",\"duplicates\":%" PRId64
      ",\"mismatches\":%d}\n",
      ev.N, ev.W, control.c_str(), rounds, latency, cycles, delivered, lost, duplicates,
      mismatches);
  return mismatches ? 1 : 0;
#else
  (void)o;
  std::fprintf(stderr, "this harness has no fabric+engine pair for --sim\n");
  return 2;
#endif
}

// ---------------------------------------------------------------- benchmark mode
// Verilator speed of every engine variant: back-to-back exchanges for about `secs` seconds,
// first the bare model (clock + start only), then with the lockstep model attached
// (engine_run: every output compared every cycle).  Prints one line per variant.
int run_bench(double secs) {
#if SWEEP_HAS_ENGINE
  using clk = std::chrono::steady_clock;
  for (int k = 0; k < kNumEngineVariants; ++k) {
    const SweepVariant& v = kEngineVariants[k];
    double bare = 0, lock = 0;
    {
      Sim sim("");
      Vsweep& top = *sim.top;
      top.e_sel = static_cast<uint8_t>(k);
      top.rst = 1;
      sim.settle();
      sim.edge();
      top.rst = 0;
      uint64_t cycles = 0;
      const auto t0 = clk::now();
      double el = 0;
      while (el < secs) {
        for (int c = 0; c < 1000; ++c) {
          top.e_start = !top.e_busy;
          sim.settle();
          sim.edge();
        }
        cycles += 1000;
        el = std::chrono::duration<double>(clk::now() - t0).count();
      }
      bare = static_cast<double>(cycles) / el;
    }
    {
      uint64_t cycles = 0;
      const auto t0 = clk::now();
      double el = 0;
      while (el < secs) {
        Sim sim("");
        Checker chk("bench");
        EngineResult res;
        if (!engine_run(sim, k, {}, {}, chk, res)) {
          std::printf("%s\n", chk.mismatch().text.c_str());
          return 1;
        }
        cycles += sim.evals / 2;
        el = std::chrono::duration<double>(clk::now() - t0).count();
      }
      lock = static_cast<double>(cycles) / el;
    }
    std::printf("BENCH N=%d W=%d verilator_cps=%.0f lockstep_cps=%.0f\n", v.N, v.W, bare, lock);
  }
  return 0;
#else
  (void)secs;
  return 2;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (int rc = parse_args(argc, argv, o)) return rc;
  if (!o.seed_given) {
    if (const char* e = std::getenv("MINFORGE_SEED")) o.seed = std::strtoull(e, nullptr, 0);
  }
  if (const char* e = std::getenv("MINFORGE_WAVE_DIR"); e && o.wave_dir == ".") o.wave_dir = e;
  try {
    if (o.bench > 0) return run_bench(o.bench);
    if (!o.sim.empty()) return run_sim(o);
    return run_sweep(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "harness error: %s\n", e.what());
    return 3;
  }
}
