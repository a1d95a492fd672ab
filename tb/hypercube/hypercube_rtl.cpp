// The packet-switched d-cube rtl/hypercube/hypercube_net.v in lockstep with its twin
// HypercubeNet, and the twin against the golden model's step simulator (hypercube_rtl.hpp).
#include "hypercube/hypercube_rtl.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/manifest.hpp"
#include "core/ondemand.hpp"
#include "core/sim.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"
#include "minforge/algo/hypercube/hypercube_packet.hpp"
#include "minforge/twin/hypercube/hypercube_net.hpp"
#include "ports/hypercube_net.hpp"

namespace minforge::tb {

using twin::HypercubeNet;
using twin::HypercubeNode;

HypercubeParams hypercube_params(const Model& m) {
  return read_manifest(m, "hypercube_net", [](const nlohmann::json& j) {
    HypercubeParams p;
    p.d = j.at("D").get<int>();
    p.steps = j.at("STEPS").get<int>();
    p.w = j.at("W").get<int>();
    return p;
  });
}

namespace {

// One cycle's inputs, kept as the twin's In plus the RTL's port images.
class Driver {
 public:
  Driver(Sim& sim, const HypercubeParams& p)
      : sim_(sim),
        io_(sim),
        p_(p),
        nn_(1u << p.d),
        sw_(HypercubeNode::code_width(p.d)),
        tw_(HypercubeNode::step_width(p.steps)),
        twin_(p.d, p.steps, p.w),
        codes_(nn_, 0),
        dst_(nn_, 0),
        data_(nn_, 0) {
    if (io_.node_src.width() != static_cast<int>(nn_) * p.d ||
        io_.node_data.width() != static_cast<int>(nn_) * p.w ||
        io_.sched_code.width() != static_cast<int>(nn_) * sw_ || io_.step.width() != tw_)
      throw std::runtime_error("model " + sim.dut().name() +
                               ": port widths do not match its manifest");
  }

  HypercubeNet& twin() { return twin_; }
  const HypercubeParams& params() const { return p_; }
  uint32_t nodes() const { return nn_; }

  // This cycle's inputs (cleared after every cycle).
  HypercubeNet::In in;
  void set_codes(const std::vector<uint32_t>& c) { codes_ = c; }
  std::vector<uint32_t>& dst() { return dst_; }
  std::vector<uint64_t>& data() { return data_; }

  // One cycle: inputs, settle, compare, edge, the twin's clock.  Returns false when the run
  // should stop (a mismatch, or the replay's stop point).
  bool cycle(Checker& chk, const RunControl& ctl) {
    chk.cycle = cycle_;
    io_.rst.set(in.rst ? 1 : 0);
    io_.start.set(in.start ? 1 : 0);
    io_.sched_we.set(in.sched_we ? 1 : 0);
    io_.sched_step.set(in.sched_step);
    io_.load_we.set(in.load_we ? 1 : 0);
    if (in.sched_we) {
      for (uint32_t v = 0; v < nn_; ++v)
        io_.sched_code.set(static_cast<int>(v) * sw_, sw_, codes_[v]);
      in.sched_code = codes_;
    }
    if (in.load_we) {
      for (uint32_t v = 0; v < nn_; ++v) {
        io_.load_dst.set(static_cast<int>(v) * p_.d, p_.d, dst_[v]);
        io_.load_data.set(static_cast<int>(v) * p_.w, p_.w, data_[v]);
      }
      in.load_dst = dst_;
      in.load_data = data_;
    }
    sim_.settle();
    compare(chk);
    if (sim_.failed()) chk.fail("RTL assertion failed");
    sim_.edge();
    twin_.clock(in);
    in = HypercubeNet::In{};
    ++cycle_;
    return chk.ok() && !ctl.stop(chk);
  }

  uint64_t cycles() const { return cycle_; }

 private:
  void compare(Checker& chk) {
    const bool inject = static_cast<int64_t>(chk.cycle) == chk.inject;
    // Fast path: every value equal and no self-test in this cycle.
    if (!inject && same()) return;
    for (uint32_t v = 0; v < nn_; ++v) {
      const HypercubeNode& n = twin_.node(v);
      const twin::HypercubePacket& pk = n.packet();
      const std::string where = "node " + std::to_string(v);
      const int iv = static_cast<int>(v);
      chk.eq(where, "node_valid", pk.valid ? 1 : 0, io_.node_valid.bit(iv) ? 1 : 0);
      if (pk.valid) {
        chk.eq(where, "node_src", pk.src, io_.node_src.get(iv * p_.d, p_.d));
        chk.eq(where, "node_dst", pk.dst, io_.node_dst.get(iv * p_.d, p_.d));
        chk.eq(where, "node_data", pk.data, io_.node_data.get(iv * p_.w, p_.w));
      }
      chk.eq(where, "ok", n.ok() ? 1 : 0, io_.ok.bit(iv) ? 1 : 0);
      chk.eq(where, "err_collide", n.err_collide() ? 1 : 0, io_.err_collide.bit(iv) ? 1 : 0);
      chk.eq(where, "err_empty", n.err_empty() ? 1 : 0, io_.err_empty.bit(iv) ? 1 : 0);
    }
    chk.eq(-1, "busy", twin_.busy() ? 1 : 0, io_.busy.value());
    chk.eq(-1, "done", twin_.done() ? 1 : 0, io_.done.value());
    chk.eq(-1, "step", twin_.step(), io_.step.value());
    chk.eq(-1, "error", twin_.error() ? 1 : 0, io_.error.value());
    chk.eq(-1, "all_ok", twin_.all_ok() ? 1 : 0, io_.all_ok.value());
  }
  bool same() const {
    if ((twin_.busy() ? 1u : 0u) != io_.busy.value() ||
        (twin_.done() ? 1u : 0u) != io_.done.value() || twin_.step() != io_.step.value() ||
        (twin_.error() ? 1u : 0u) != io_.error.value() ||
        (twin_.all_ok() ? 1u : 0u) != io_.all_ok.value())
      return false;
    for (uint32_t v = 0; v < nn_; ++v) {
      const HypercubeNode& n = twin_.node(v);
      const twin::HypercubePacket& pk = n.packet();
      const int iv = static_cast<int>(v);
      if (pk.valid != io_.node_valid.bit(iv) || n.ok() != io_.ok.bit(iv) ||
          n.err_collide() != io_.err_collide.bit(iv) || n.err_empty() != io_.err_empty.bit(iv))
        return false;
      if (pk.valid && (pk.src != io_.node_src.get(iv * p_.d, p_.d) ||
                       pk.dst != io_.node_dst.get(iv * p_.d, p_.d) ||
                       pk.data != io_.node_data.get(iv * p_.w, p_.w)))
        return false;
    }
    return true;
  }

  Sim& sim_;
  HypercubeNetPorts io_;
  HypercubeParams p_;
  uint32_t nn_;
  int sw_, tw_;
  HypercubeNet twin_;
  std::vector<uint32_t> codes_, dst_;
  std::vector<uint64_t> data_;
  uint64_t cycle_ = 0;
};

std::string case_note(const HypercubeCase& c, const std::string& what) {
  return "case '" + c.label + "': " + what;
}

bool run_cases(Sim& sim, Checker& chk, const RunControl& ctl, const HypercubeParams& p,
               const std::vector<HypercubeCase>& cases, const HypercubeOptions& o,
               HypercubeRun& res) {
  Driver drv(sim, p);
  const uint32_t nn = drv.nodes();
  Rng rng(o.seed);
  const uint64_t dmask = low_mask(p.w);
  drv.in.rst = true;
  if (!drv.cycle(chk, ctl)) return false;
  drv.in.rst = true;
  if (!drv.cycle(chk, ctl)) return false;
  const std::vector<uint32_t> keep(nn, 0);
  for (const HypercubeCase& c : cases) {
    if (c.perm.size() != nn)
      throw std::invalid_argument(
          case_note(c, "the permutation has " + std::to_string(c.perm.size()) + " entries"));
    if (c.moves.size() > static_cast<size_t>(p.steps))
      throw std::invalid_argument(
          case_note(c, std::to_string(c.moves.size()) +
                           " steps, more than the hardware's STEPS = " + std::to_string(p.steps)));
    hypercube::StepRun model;
    if (o.check_model) {
      hypercube::Schedule s{p.d, c.moves};
      model = hypercube::run_steps(p.d, c.perm, s);
    }
    // Load: schedule row t in cycle t; the packets and start with the last row.
    for (int t = 0; t < p.steps; ++t) {
      drv.in.sched_we = true;
      drv.in.sched_step = static_cast<uint32_t>(t);
      drv.set_codes(t < static_cast<int>(c.moves.size())
                        ? twin::hypercube_codes(p.d, c.moves[static_cast<size_t>(t)])
                        : keep);
      if (t == p.steps - 1) {
        drv.in.load_we = true;
        drv.in.start = true;
        for (uint32_t v = 0; v < nn; ++v) {
          drv.dst()[v] = c.perm[v];
          drv.data()[v] = rng.next() & dmask;
        }
      }
      if (!drv.cycle(chk, ctl)) return false;
    }
    const std::vector<uint64_t> sent = drv.data();
    // Run: step t in the cycle after edge E+t; compare the twin's state after every step.
    for (int t = 0; t < p.steps; ++t) {
      if (!drv.cycle(chk, ctl)) return false;
      // held[row] = the state after step `row` (the padding steps keep the last one); the
      // simulator's rows stop before a step that breaks a rule.
      const size_t row = std::min(static_cast<size_t>(t) + 1, c.moves.size());
      if (!o.check_model || row >= model.held.size()) continue;
      const auto& held = model.held[row];
      for (uint32_t v = 0; v < nn; ++v) {
        const twin::HypercubePacket& pk = drv.twin().node(v).packet();
        if (!pk.valid || pk.src != held[v]) {
          chk.fail(case_note(
              c,
              "after step " + std::to_string(t) + " node " + std::to_string(v) + " holds " +
                  (pk.valid ? "the packet of " + std::to_string(pk.src) : std::string("nothing")) +
                  ", the step simulator says the packet of " + std::to_string(held[v])));
          return false;
        }
      }
      ++res.model_steps;
    }
    // The run's verdict (the RTL's is compared with the twin's at the next settle).
    HypercubeNet& tw = drv.twin();
    if (!tw.done()) {
      chk.fail(case_note(c, "not done after STEPS cycles"));
      return false;
    }
    ++res.cases;
    res.schedule_steps += static_cast<long>(c.moves.size());
    res.max_schedule_steps =
        std::max<long>(res.max_schedule_steps, static_cast<long>(c.moves.size()));
    if (tw.all_ok()) ++res.routed;
    if (tw.error()) ++res.flagged;
    for (uint32_t v = 0; v < nn; ++v) {
      const HypercubeNode& n = tw.node(v);
      if (n.ok()) ++res.delivered;
      if (n.err_collide()) ++res.collide_nodes;
      if (n.err_empty()) ++res.empty_nodes;
      // A packet that arrived carries the data word its source loaded.
      if (tw.all_ok() && n.packet().data != sent[n.packet().src]) {
        chk.fail(case_note(c, "node " + std::to_string(v) + " holds the packet of " +
                                  std::to_string(n.packet().src) + " with a wrong data word"));
        return false;
      }
    }
    if (o.check_model) {
      if (model.ok) ++res.model_ok;
      if (model.ok != tw.all_ok()) {
        chk.fail(case_note(c, std::string("the step simulator says ") +
                                  (model.ok ? "ok" : "'" + model.error + "'") +
                                  ", the hardware says " + (tw.all_ok() ? "all_ok" : "error")));
        return false;
      }
    }
  }
  // The last run's result, RTL against twin.
  drv.cycle(chk, ctl);
  res.cycles = drv.cycles();
  return chk.ok();
}

}  // namespace

HypercubeRun hypercube_lockstep(const Model& m, const std::vector<HypercubeCase>& cases,
                                const HypercubeOptions& o) {
  HypercubeRun res;
  res.params = hypercube_params(m);
  res.run_cycles = static_cast<uint64_t>(res.params.steps);
  const std::string tag = o.tag.empty() ? "hypercube_d" + std::to_string(res.params.d) : o.tag;
  const std::string context = "hypercube_net D=" + std::to_string(res.params.d) +
                              " STEPS=" + std::to_string(res.params.steps) +
                              " W=" + std::to_string(res.params.w) +
                              (o.context.empty() ? std::string() : " " + o.context);
  res.run = run_checked(m, o.run, tag, context, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
    HypercubeRun r;
    r.params = res.params;
    r.run_cycles = res.run_cycles;
    const bool ok = run_cases(sim, chk, ctl, res.params, cases, o, r);
    if (!ctl.replay) res = r;  // the first run's figures (res.run is set on return)
    return ok;
  });
  return res;
}

RunOutcome hypercube_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt) {
  const HypercubeParams p = hypercube_params(m);
  const std::string context = "hypercube_net D=" + std::to_string(p.d) +
                              " STEPS=" + std::to_string(p.steps) + " W=" + std::to_string(p.w) +
                              " mode=random seed=" + std::to_string(seed);
  return run_checked(
      m, opt, "hypercube_d" + std::to_string(p.d) + "_random", context,
      [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        Driver drv(sim, p);
        const uint32_t nn = drv.nodes();
        const int tw = HypercubeNode::step_width(p.steps);
        const uint32_t cmax = (1u << HypercubeNode::code_width(p.d)) - 1;
        const uint64_t dmask = low_mask(p.w);
        Rng rng(seed);
        std::vector<uint32_t> codes(nn);
        drv.in.rst = true;
        if (!drv.cycle(chk, ctl)) return false;
        for (uint64_t c = 1; c < cycles; ++c) {
          drv.in.rst = rng.below(64) == 0;
          drv.in.start = rng.below(6) == 0;
          if (rng.below(3) == 0) {
            drv.in.sched_we = true;
            drv.in.sched_step = static_cast<uint32_t>(rng.below(uint64_t{1} << tw));
            const bool wild = rng.below(4) == 0;  // codes above D: the packet is lost
            for (uint32_t v = 0; v < nn; ++v)
              codes[v] = static_cast<uint32_t>(wild ? rng.below(cmax + 1)
                                                    : rng.below(static_cast<uint64_t>(p.d) + 1));
            drv.set_codes(codes);
          }
          if (rng.below(5) == 0) {
            drv.in.load_we = true;
            for (uint32_t v = 0; v < nn; ++v) {
              drv.dst()[v] = static_cast<uint32_t>(rng.below(nn));
              drv.data()[v] = rng.next() & dmask;
            }
          }
          if (!drv.cycle(chk, ctl)) return false;
        }
        return chk.ok();
      });
}

std::vector<HypercubeCase> hypercube_random_cases(int d, int steps, int n, int n_bad,
                                                  uint64_t seed) {
  Rng rng(seed);
  std::vector<HypercubeCase> out;
  for (int i = 0; i < n; ++i) {
    // Lengths 1 .. STEPS, most of them full.
    const int len =
        rng.below(4) == 0 ? 1 + static_cast<int>(rng.below(static_cast<uint64_t>(steps))) : steps;
    twin::HypercubeRandomSchedule s = twin::hypercube_random_schedule(d, len, rng);
    out.push_back(
        HypercubeCase{"random valid #" + std::to_string(i) + " seed " + std::to_string(seed),
                      std::move(s.perm), std::move(s.moves)});
  }
  for (int i = 0; i < n_bad; ++i) {
    HypercubeCase c;
    c.label = "random rule-breaking #" + std::to_string(i) + " seed " + std::to_string(seed);
    c.moves = twin::hypercube_random_moves(d, steps, rng);
    c.perm = hypercube::make_perm(d, "random", rng.next());
    out.push_back(std::move(c));
  }
  return out;
}

HypercubeCase hypercube_model_case(int d, const std::vector<uint32_t>& perm,
                                   const std::string& label) {
  hypercube::Schedule s = hypercube::packet_schedule(d, perm);
  return HypercubeCase{label, perm, std::move(s.moves)};
}

const Model& hypercube_model(int d) {
  return ondemand_model(OnDemandRequest{
      "hypercube", "mf_hypercube_model(mf_model D " + std::to_string(d) + " MODULE)",
      "hypercube_d" + std::to_string(d)});
}

HypercubeSimResult hypercube_sim(const HypercubeSimRequest& req, const Model& m) {
  HypercubeSimResult out;
  const HypercubeParams p = hypercube_params(m);
  out.dim = p.d;
  out.nodes = 1 << p.d;
  out.hw_steps = p.steps;
  out.width = p.w;
  const HypercubeCase c = hypercube_model_case(req.d, req.perm, req.perm_label);
  out.steps = static_cast<int>(c.moves.size());
  HypercubeOptions o;
  o.run.wave = req.wave;
  o.run.wave_dir = req.wave_dir;
  o.seed = req.seed;
  o.tag = "hypercube_sim_d" + std::to_string(p.d);
  o.context = "perm=" + req.perm_label + " seed=" + std::to_string(req.seed);
  const HypercubeRun r = hypercube_lockstep(m, {c}, o);
  out.cycles = r.run_cycles;
  out.delivered = r.delivered;
  out.ok_nodes = r.delivered;
  out.all_ok = r.routed == 1;
  out.error = r.flagged == 1;
  out.collide_nodes = r.collide_nodes;
  out.empty_nodes = r.empty_nodes;
  out.model_ok = r.model_ok == 1;
  out.model_steps = r.model_steps;
  out.mismatches = r.run.mismatches;
  if (!r.run.ok) {
    out.reports.push_back(r.run.first);
    if (!r.run.wave.empty()) out.waves.push_back(r.run.wave);
  }
  return out;
}

}  // namespace minforge::tb
