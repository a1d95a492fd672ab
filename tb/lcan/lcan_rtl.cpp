// The circuit-switched CB-LCAN rtl/lcan/lcan_engine.v in lockstep with its twin LcanEngine
// (lcan_rtl.hpp).
#include "lcan/lcan_rtl.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/manifest.hpp"
#include "core/ondemand.hpp"
#include "core/pack.hpp"
#include "core/sim.hpp"
#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"
#include "minforge/twin/lcan/lcan_engine.hpp"
#include "ports/lcan_engine.hpp"

namespace minforge::tb {

using twin::LcanEngine;
using twin::LcanReq;

LcanParams lcan_params(const Model& m) {
  return read_manifest(m, "lcan_engine", [](const nlohmann::json& j) {
    LcanParams p;
    p.n = j.at("N").get<int>();
    p.d = j.at("D").get<int>();
    p.u = j.at("U").get<int>();
    p.w = j.at("W").get<int>();
    p.pipe = j.value("PIPE", 0);
    return p;
  });
}

namespace {

// One cycle's inputs, kept as the twin's In plus the RTL's port images.
class Driver {
 public:
  Driver(Sim& sim, const LcanParams& p)
      : sim_(sim),
        io_(sim),
        p_(p),
        twin_(p.n, p.d, p.u, p.w, p.pipe),
        nb_(twin_.net().pe_bits()),
        sc_(twin_.net().code_bits()),
        nset_(static_cast<size_t>(twin_.net().switches()) * static_cast<size_t>(p.d + p.u)),
        dst_(p.n, 0),
        data_(p.n, 0),
        flags_(p.n),
        img_(image_bytes(std::max(nset_ * static_cast<size_t>(sc_), size_t{1}))) {
    if (io_.perm_dst.width() != p.n * nb_ || io_.perm_data.width() != p.n * p.w ||
        io_.settings.width() != static_cast<int>(nset_) * sc_ || io_.delivered.width() != nb_ + 1)
      throw std::runtime_error("model " + sim.dut().name() +
                               ": port widths do not match its manifest");
  }

  LcanEngine& twin() { return twin_; }
  int n() const { return p_.n; }

  // This cycle's inputs (cleared after every cycle).
  bool rst = false, start = false;
  uint16_t seed = 0;
  std::vector<uint32_t>& dst() { return dst_; }
  std::vector<uint64_t>& data() { return data_; }

  // One cycle: inputs, settle, the twin's combinational part, compare, edge, the twin's clock.
  bool cycle(Checker& chk, const RunControl& ctl) {
    chk.cycle = cycle_;
    io_.rst.set(rst ? 1 : 0);
    io_.start.set(start ? 1 : 0);
    io_.seed.set(seed);
    if (start) {
      for (int s = 0; s < p_.n; ++s) {
        io_.perm_dst.set(s * nb_, nb_, dst_[s]);
        io_.perm_data.set(s * p_.w, p_.w, data_[s]);
      }
    }
    sim_.settle();
    twin_.evaluate();
    compare(chk);
    if (sim_.failed()) chk.fail("RTL assertion failed");
    sim_.edge();
    LcanEngine::In in;
    in.rst = rst;
    in.start = start;
    in.seed = seed;
    if (start) {
      in.perm_dst = dst_;
      in.perm_data = data_;
    }
    twin_.clock(in);
    rst = start = false;
    ++cycle_;
    return chk.ok() && !ctl.stop(chk);
  }

  uint64_t cycles() const { return cycle_; }

 private:
  void compare(Checker& chk) {
    const bool inject = static_cast<int64_t>(chk.cycle) == chk.inject;
    if (!inject && same()) return;
    chk.eq(-1, "busy", twin_.busy() ? 1 : 0, io_.busy.value());
    chk.eq(-1, "done", twin_.done() ? 1 : 0, io_.done.value());
    chk.eq(-1, "cycles", twin_.cycles(), io_.cycles.value());
    chk.eq(-1, "delivered", twin_.delivered(), io_.delivered.value());
    chk.eq(-1, "errors", twin_.errors(), io_.errors.value());
    chk.eq(-1, "all_ok", twin_.all_ok() ? 1 : 0, io_.all_ok.value());
    for (int t = 0; t < p_.n; ++t) {
      const std::string where = "pe " + std::to_string(t);
      chk.eq(where, "pending", twin_.pending()[t], io_.pending.bit(t) ? 1 : 0);
      chk.eq(where, "ack", twin_.acks()[t], io_.ack.bit(t) ? 1 : 0);
      const LcanReq& a = twin_.arrivals()[t];
      chk.eq(where, "arr_valid", a.valid ? 1 : 0, io_.arr_valid.bit(t) ? 1 : 0);
      if (a.valid) {
        chk.eq(where, "arr_src", a.src, io_.arr_src.get(t * nb_, nb_));
        chk.eq(where, "arr_data", a.data, io_.arr_data.get(t * p_.w, p_.w));
      }
    }
    const int pp = p_.d + p_.u;
    const auto& set = twin_.settings();
    for (size_t g = 0; g * static_cast<size_t>(pp) < nset_; ++g)
      for (int o = 0; o < pp; ++o) {
        const size_t i = g * static_cast<size_t>(pp) + static_cast<size_t>(o);
        chk.eq("switch " + std::to_string(g) + " output " + std::to_string(o), "settings", set[i],
               io_.settings.get(static_cast<int>(i) * sc_, sc_));
      }
  }
  bool same() {
    if ((twin_.busy() ? 1u : 0u) != io_.busy.value() ||
        (twin_.done() ? 1u : 0u) != io_.done.value() || twin_.cycles() != io_.cycles.value() ||
        twin_.delivered() != io_.delivered.value() || twin_.errors() != io_.errors.value() ||
        (twin_.all_ok() ? 1u : 0u) != io_.all_ok.value())
      return false;
    pack_bits(twin_.pending().data(), static_cast<size_t>(p_.n), img_.data());
    if (!port_equals(io_.pending, img_.data(), static_cast<size_t>(p_.n))) return false;
    pack_bits(twin_.acks().data(), static_cast<size_t>(p_.n), img_.data());
    if (!port_equals(io_.ack, img_.data(), static_cast<size_t>(p_.n))) return false;
    for (int t = 0; t < p_.n; ++t) flags_[t] = twin_.arrivals()[t].valid ? 1 : 0;
    pack_bits(flags_.data(), static_cast<size_t>(p_.n), img_.data());
    if (!port_equals(io_.arr_valid, img_.data(), static_cast<size_t>(p_.n))) return false;
    for (int t = 0; t < p_.n; ++t) {
      const LcanReq& a = twin_.arrivals()[t];
      if (a.valid &&
          (a.src != io_.arr_src.get(t * nb_, nb_) || a.data != io_.arr_data.get(t * p_.w, p_.w)))
        return false;
    }
    pack_lanes(twin_.settings().data(), nset_, sc_, img_.data());
    return port_equals(io_.settings, img_.data(), nset_ * static_cast<size_t>(sc_));
  }

  Sim& sim_;
  LcanEnginePorts io_;
  LcanParams p_;
  LcanEngine twin_;
  int nb_, sc_;
  size_t nset_;
  std::vector<uint32_t> dst_;
  std::vector<uint64_t> data_;
  std::vector<uint8_t> flags_;
  std::vector<uint8_t> img_;
  uint64_t cycle_ = 0;
};

std::string note(const LcanCase& c, const std::string& what) {
  return "case '" + c.label + "': " + what;
}

bool is_perm(const std::vector<uint32_t>& p) {
  std::vector<char> seen(p.size(), 0);
  for (const uint32_t x : p) {
    if (x >= p.size() || seen[x]) return false;
    seen[x] = 1;
  }
  return true;
}

bool run_cases(Sim& sim, Checker& chk, const RunControl& ctl, const LcanParams& p,
               const std::vector<LcanCase>& cases, const LcanOptions& o, LcanRun& res) {
  Driver drv(sim, p);
  Rng rng(o.seed);
  const uint64_t dmask = low_mask(p.w);
  const lcan::Network& nw = drv.twin().net().network();
  drv.rst = true;
  if (!drv.cycle(chk, ctl)) return false;
  for (const LcanCase& c : cases) {
    if (c.perm.size() != static_cast<size_t>(p.n))
      throw std::invalid_argument(note(c, "the permutation has " + std::to_string(c.perm.size()) +
                                              " entries, the network " + std::to_string(p.n)));
    drv.start = true;
    drv.seed = c.seed;
    for (int s = 0; s < p.n; ++s) {
      drv.dst()[s] = c.perm[s];
      drv.data()[s] = rng.next() & dmask;
    }
    const std::vector<uint64_t> sent = drv.data();
    if (!drv.cycle(chk, ctl)) return false;
    int cyc = 0;
    const long kc = drv.twin().net().clocks_per_cycle();
    long clocks = 0;
    while (drv.twin().busy()) {
      if (++clocks > (4L * p.n + 8) * kc) {
        chk.fail(note(c, "no end after " + std::to_string(clocks) + " clock cycles"));
        return false;
      }
      if (!drv.twin().last_phase()) {  // PIPE = 1: the network cycle is still settling
        if (!drv.cycle(chk, ctl)) return false;
        continue;
      }
      // The arrivals of this network cycle against the permutation (the twin's, which the
      // RTL's are compared with in this very cycle).
      drv.twin().evaluate();
      const auto& arr = drv.twin().arrivals();
      for (int t = 0; t < p.n; ++t) {
        if (!arr[t].valid) continue;
        const uint32_t s = arr[t].src;
        if (s >= static_cast<uint32_t>(p.n) || c.perm[s] != static_cast<uint32_t>(t) ||
            arr[t].data != sent[s]) {
          chk.fail(note(c, "network cycle " + std::to_string(cyc + 1) + ": PE " +
                               std::to_string(t) + " received the request of source " +
                               std::to_string(s) +
                               (arr[t].data != sent[s] ? " (wrong data)" : "")));
          return false;
        }
      }
      if (!drv.cycle(chk, ctl)) return false;
      ++cyc;
    }
    LcanEngine& tw = drv.twin();
    ++res.cases;
    res.cycles.push_back(static_cast<int>(tw.cycles()));
    if (tw.all_ok()) ++res.routed;
    res.delivered += tw.delivered();
    res.errors += tw.errors();
    if (static_cast<int>(tw.cycles()) != cyc) {
      chk.fail(note(c, "the cycle count says " + std::to_string(tw.cycles()) + ", " +
                           std::to_string(cyc) + " network cycles ran"));
      return false;
    }
    int mc = -1;
    if (o.model && is_perm(c.perm)) {
      lcan::Simulator sim_model(nw, lcan::UpPolicy::PerCycle, lcan::DownPolicy::LowerFirst,
                                c.seed * 2654435761u + 1);
      lcan::Permutation pm(c.perm.begin(), c.perm.end());
      mc = sim_model.route(pm).cycles;
    }
    res.model_cycles.push_back(mc);
  }
  drv.cycle(chk, ctl);
  res.clock_cycles = drv.cycles();
  return chk.ok();
}

std::string params_text(const LcanParams& p) {
  return "lcan_engine N=" + std::to_string(p.n) + " D=" + std::to_string(p.d) +
         " U=" + std::to_string(p.u) + " W=" + std::to_string(p.w) +
         (p.pipe ? " PIPE=" + std::to_string(p.pipe) : std::string());
}

}  // namespace

LcanRun lcan_lockstep(const Model& m, const std::vector<LcanCase>& cases, const LcanOptions& o) {
  LcanRun res;
  res.params = lcan_params(m);
  const LcanParams& p = res.params;
  const std::string tag = o.tag.empty() ? "lcan_n" + std::to_string(p.n) + "_d" +
                                              std::to_string(p.d) + "_u" + std::to_string(p.u)
                                        : o.tag;
  const std::string context =
      params_text(p) + (o.context.empty() ? std::string() : " " + o.context);
  res.run = run_checked(m, o.run, tag, context, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
    LcanRun r;
    r.params = res.params;
    const bool ok = run_cases(sim, chk, ctl, res.params, cases, o, r);
    if (!ctl.replay) {
      const RunOutcome keep = res.run;
      res = r;
      res.run = keep;
    }
    return ok;
  });
  return res;
}

RunOutcome lcan_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt) {
  const LcanParams p = lcan_params(m);
  return run_checked(
      m, opt,
      "lcan_n" + std::to_string(p.n) + "_d" + std::to_string(p.d) + "_u" + std::to_string(p.u) +
          "_random",
      params_text(p) + " mode=random seed=" + std::to_string(seed),
      [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        Driver drv(sim, p);
        Rng rng(seed);
        const uint64_t dmask = low_mask(p.w);
        drv.rst = true;
        if (!drv.cycle(chk, ctl)) return false;
        for (uint64_t c = 1; c < cycles; ++c) {
          drv.rst = rng.below(64) == 0;
          drv.start = rng.below(8) == 0;
          drv.seed = static_cast<uint16_t>(rng.next());
          if (drv.start) {
            const bool dup = rng.below(2) == 0;  // duplicate destinations
            for (int s = 0; s < p.n; ++s) {
              drv.dst()[s] = static_cast<uint32_t>(dup ? rng.below(static_cast<uint64_t>(p.n))
                                                       : static_cast<uint64_t>(s));
              drv.data()[s] = rng.next() & dmask;
            }
            if (!dup)
              for (int s = p.n - 1; s > 0; --s)
                std::swap(drv.dst()[s], drv.dst()[rng.below(static_cast<uint64_t>(s) + 1)]);
          }
          if (!drv.cycle(chk, ctl)) return false;
        }
        return chk.ok();
      });
}

std::vector<LcanCase> lcan_class_cases(int n, int d, int u, lcan::PermClass c, int count,
                                       uint64_t seed) {
  const lcan::Network nw = lcan::Network::cb(n, d, u);
  Rng rng(seed);
  std::vector<LcanCase> out;
  for (int i = 0; i < count; ++i) {
    const lcan::Permutation p = lcan::generate(nw, c, rng);
    LcanCase k;
    k.label = lcan::class_name(c) + " #" + std::to_string(i) + " seed " + std::to_string(seed);
    k.perm.assign(p.begin(), p.end());
    k.seed = static_cast<uint16_t>(rng.next());
    out.push_back(std::move(k));
  }
  return out;
}

const Model& lcan_model(int n, int d, int u) {
  const std::string args =
      "N " + std::to_string(n) + " D " + std::to_string(d) + " U " + std::to_string(u);
  std::string label = "lcan_n";
  label += std::to_string(n);
  label += "_d";
  label += std::to_string(d);
  label += "_u";
  label += std::to_string(u);
  std::string call = "mf_lcan_model(mf_model ";
  call += args;
  call += " MODULE)";
  return ondemand_model(OnDemandRequest{"lcan", call, label});
}

namespace {
void mean_var(const std::vector<int>& v, double& mean, double& var) {
  mean = var = 0;
  if (v.empty()) return;
  for (const int x : v) mean += x;
  mean /= static_cast<double>(v.size());
  if (v.size() < 2) return;
  for (const int x : v) var += (x - mean) * (x - mean);
  var /= static_cast<double>(v.size() - 1);
}
}  // namespace

LcanSimResult lcan_sim(const LcanSimRequest& req, const Model& m) {
  LcanSimResult out;
  const LcanParams p = lcan_params(m);
  const lcan::Network nw = lcan::Network::cb(p.n, p.d, p.u);
  out.network = nw.name();
  out.trials = req.trials;
  LcanOptions o;
  o.run.wave = req.wave;
  o.run.wave_dir = req.wave_dir;
  o.seed = req.seed;
  o.tag =
      "lcan_sim_n" + std::to_string(p.n) + "_d" + std::to_string(p.d) + "_u" + std::to_string(p.u);
  o.context = "class=" + lcan::class_name(req.cls) + " trials=" + std::to_string(req.trials) +
              " seed=" + std::to_string(req.seed);
  const LcanRun r =
      lcan_lockstep(m, lcan_class_cases(p.n, p.d, p.u, req.cls, req.trials, req.seed), o);
  mean_var(r.cycles, out.mean_cycles, out.variance);
  mean_var(r.model_cycles, out.model_mean_cycles, out.model_variance);
  if (!r.cycles.empty()) {
    out.min_cycles = *std::min_element(r.cycles.begin(), r.cycles.end());
    out.max_cycles = *std::max_element(r.cycles.begin(), r.cycles.end());
  }
  if (req.cls == lcan::PermClass::Root) {
    out.predicted_valid = true;
    out.predicted_cycles = lcan::predict_root(nw).cycles;
  }
  out.routed = r.routed;
  out.delivered = r.delivered;
  out.errors = r.errors;
  out.clock_cycles = r.clock_cycles;
  out.mismatches = r.run.mismatches;
  if (!r.run.ok) {
    out.reports.push_back(r.run.first);
    if (!r.run.wave.empty()) out.waves.push_back(r.run.wave);
  }
  return out;
}

}  // namespace minforge::tb
