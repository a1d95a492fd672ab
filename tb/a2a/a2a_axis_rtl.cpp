// rtl/engine/a2a_axis_xchg.v in lockstep with its twin A2aAxisXchg (a2a_axis_rtl.hpp).
#include "a2a/a2a_axis_rtl.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/manifest.hpp"
#include "core/ondemand.hpp"
#include "core/sim.hpp"
#include "minforge/algo/banyan/banyan_ft_plan.hpp"
#include "ports/a2a_axis_xchg.hpp"

namespace minforge::tb {

using params::Design;
using twin::A2aAxisXchg;

namespace {
std::string engine_name(Design e) { return std::string(params::name(e)); }
}  // namespace

std::string AxisParams::describe() const {
  std::string s = std::string("a2a_axis_xchg ENGINE=") + engine_name(engine) +
                  " N=" + std::to_string(N) + " DW=" + std::to_string(DW) +
                  " B=" + std::to_string(B);
  if (engine == Design::Gsen) s += " SCHED=" + std::string(params::name(sched));
  return s + " PIPELINE=" + std::to_string(pipeline ? 1 : 0) +
         " USE_TAGS=" + std::to_string(use_tags ? 1 : 0) + " SRC_LAT=" + std::to_string(src_lat);
}

std::string AxisParams::recipe(const std::string& target, bool module) const {
  return "mf_a2a_axis_model(" + target + " ENGINE " + engine_name(engine) + " N " +
         std::to_string(N) + " DW " + std::to_string(DW) + " B " + std::to_string(B) + " SCHED " +
         std::string(params::name(sched)) + " PIPELINE " + (pipeline ? "1" : "0") + " USE_TAGS " +
         (use_tags ? "1" : "0") + " SRC_LAT " + std::to_string(src_lat) +
         (module ? " MODULE)" : ")");
}

AxisParams axis_params(const Model& m) {
  return read_manifest(m, "a2a_axis_xchg", [](const nlohmann::json& j) {
    AxisParams p;
    const auto d = params::design_from_name(j.at("ENGINE").get<std::string>());
    if (!d || (*d != Design::Gsen && *d != Design::Banyan && *d != Design::BanyanFt))
      throw std::runtime_error("ENGINE");
    p.engine = *d;
    p.N = j.at("N").get<int>();
    p.DW = j.at("DW").get<int>();
    p.B = j.at("B").get<int>();
    const auto s = params::sched_from_name(j.at("SCHED").get<std::string>());
    if (!s) throw std::runtime_error("SCHED");
    p.sched = *s;
    p.pipeline = j.at("PIPELINE").get<int>() != 0;
    p.use_tags = j.at("USE_TAGS").get<int>() != 0;
    p.src_lat = j.at("SRC_LAT").get<int>();
    return p;
  });
}

namespace {

twin::A2aAxisXchg make_twin(const AxisParams& p) {
  return twin::A2aAxisXchg(p.engine, p.N, p.DW, p.B, p.sched, p.pipeline, p.use_tags, p.src_lat);
}

// The IP, its twin and the streams' other ends, one cycle at a time.
class Driver {
 public:
  Driver(Sim& sim, const AxisParams& p) : io_(sim), sim_(sim), p_(p), tw_(make_twin(p)) {
    if (io_.s_axis_tdata.width() != p.N * p.DW || io_.m_axis_tdata.width() != p.N * p.DW ||
        io_.s_axis_tvalid.width() != p.N)
      throw std::runtime_error("model " + sim.dut().name() +
                               ": port widths do not match its manifest");
    in = tw_.idle();
  }

  A2aAxisXchg::In in;
  int64_t plant = -1;
  std::vector<uint32_t> twin_plan_bits;  // self-test: the plan entry the twin gets instead
  bool twin_plan_override = false;
  const A2aAxisXchg& twin() const { return tw_; }
  uint64_t cycle_no() const { return cycle_; }

  // This cycle with `in`: inputs set, settle, every output compared (the twin's outputs
  // are this cycle's until edge()).
  void settle(Checker& chk) {
    chk.cycle = cycle_;
    io_.rst.set(in.rst ? 1 : 0);
    for (int i = 0; i < p_.N; ++i) {
      const size_t k = static_cast<size_t>(i);
      io_.s_axis_tvalid.set_bit(i, in.s_tvalid[k] != 0);
      io_.s_axis_tlast.set_bit(i, in.s_tlast[k] != 0);
      io_.m_axis_tready.set_bit(i, in.m_tready[k] != 0);
      io_.s_axis_tdata.set(i * p_.DW, p_.DW, in.s_tdata[k]);
    }
    // the plan and fault ports (the FT engine's; ignored by the others)
    io_.plan_wr_en.set(in.plan_wr_en ? 1 : 0);
    io_.plan_wr_addr.set(in.plan_wr_addr & bits(io_.plan_wr_addr.width()));
    const int ew = io_.plan_wr_data.width();
    for (int w = 0; w * 32 < ew; ++w)
      io_.plan_wr_data.set(w * 32, std::min(32, ew - w * 32),
                           static_cast<size_t>(w) < in.plan_wr_data.size()
                               ? in.plan_wr_data[static_cast<size_t>(w)]
                               : 0);
    io_.plan_len.set(in.plan_len & bits(io_.plan_len.width()));
    io_.fault_en.set(in.fault.enabled ? 1 : 0);
    io_.fault_stage.set(static_cast<uint64_t>(in.fault.stage) & bits(io_.fault_stage.width()));
    io_.fault_elem.set(static_cast<uint64_t>(in.fault.element) & bits(io_.fault_elem.width()));
    io_.fault_kind.set(static_cast<uint64_t>(in.fault.kind) & 3u);
    sim_.settle();
    compare(chk);
    if (sim_.failed()) chk.fail("RTL assertion failed");
  }
  // The edge that ends the cycle, RTL and twin.  From cycle `plant` on (harness self-test)
  // the twin is handed slave port 0's tdata with bit 0 flipped: its memories then hold
  // words the RTL's do not, a bug the lockstep must find where such a word comes out.
  bool edge(Checker& chk, const RunControl& ctl) {
    sim_.edge();
    if ((plant >= 0 && cycle_ >= static_cast<uint64_t>(plant)) ||
        (twin_plan_override && in.plan_wr_en)) {
      A2aAxisXchg::In bad = in;
      if (plant >= 0 && cycle_ >= static_cast<uint64_t>(plant)) bad.s_tdata[0] ^= 1;
      if (twin_plan_override) bad.plan_wr_data = twin_plan_bits;
      tw_.clock(bad);
    } else {
      tw_.clock(in);
    }
    ++cycle_;
    return chk.ok() && !ctl.stop(chk);
  }
  bool cycle(Checker& chk, const RunControl& ctl) {
    settle(chk);
    return edge(chk, ctl);
  }

 private:
  void compare(Checker& chk) {
    const A2aAxisXchg& t = tw_;
    for (int i = 0; i < p_.N; ++i) {
      chk.eq(i, "s_axis_tready", t.s_tready(i) ? 1 : 0, io_.s_axis_tready.bit(i) ? 1 : 0);
      chk.eq(i, "m_axis_tvalid", t.m_tvalid(i) ? 1 : 0, io_.m_axis_tvalid.bit(i) ? 1 : 0);
      chk.eq(i, "m_axis_tlast", t.m_tlast(i) ? 1 : 0, io_.m_axis_tlast.bit(i) ? 1 : 0);
      chk.eq(i, "m_axis_tdata", t.m_tdata(i), io_.m_axis_tdata.get(i * p_.DW, p_.DW));
    }
    chk.eq(-1, "frames_in", t.frames_in(), io_.frames_in.value());
    chk.eq(-1, "frames_done", t.frames_done(), io_.frames_done.value());
    chk.eq(-1, "frames_out", t.frames_out(), io_.frames_out.value());
    chk.eq(-1, "cycles", t.cycles(), io_.cycles.value());
    chk.eq(-1, "xchg_cycles", t.xchg_cycles(), io_.xchg_cycles.value());
    chk.eq(-1, "err_tlast", t.err_tlast(), io_.err_tlast.value());
    chk.eq(-1, "err_dst", t.err_dst(), io_.err_dst.value());
    chk.eq(-1, "err_dup", t.err_dup(), io_.err_dup.value());
    chk.eq(-1, "missing", t.missing(), io_.missing.value());
    chk.eq(-1, "conflicts", t.conflicts(), io_.conflicts.value());
    chk.eq(-1, "relay_miss", t.relay_miss(), io_.relay_miss.value());
    chk.eq(-1, "relay_ovf", t.relay_ovf(), io_.relay_ovf.value());
  }
  static uint64_t bits(int w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

  A2aAxisXchgPorts io_;
  Sim& sim_;
  AxisParams p_;
  A2aAxisXchg tw_;
  uint64_t cycle_ = 0;
};

// The streams' other ends and the scoreboard: the frames sent, one word index per port.
class Streams {
 public:
  Streams(const AxisParams& p, Rng& rng)
      : p_(p),
        nb_(p.N * p.B),
        rng_(rng),
        dmask_(p.DW >= 64 ? ~uint64_t{0} : (uint64_t{1} << p.DW) - 1),
        sent_(static_cast<size_t>(p.N), 0),
        held_(static_cast<size_t>(p.N), 0),
        recv_(static_cast<size_t>(p.N), 0) {}

  // Queue `frames` random frames on every slave port, tlast misplaced with probability `e`.
  void add_frames(int frames, double e) {
    for (int f = 0; f < frames; ++f) {
      std::vector<uint64_t> w(static_cast<size_t>(p_.N) * nb_);
      std::vector<uint8_t> l(w.size());
      for (size_t k = 0; k < w.size(); ++k) {
        w[k] = rng_.next() & dmask_;
        const bool last = static_cast<int>(k % static_cast<size_t>(nb_)) == nb_ - 1;
        const bool flip = rng_.uniform() < e;
        l[k] = (last != flip) ? 1 : 0;
        misplaced_ += flip ? 1 : 0;
      }
      words_.push_back(std::move(w));
      lasts_.push_back(std::move(l));
      ++added_;
    }
  }
  // A reset of the IP: every frame not yet handed over is dropped, the sources let go.
  void restart() {
    int64_t done = frames() * nb_;  // frames every master port has handed over
    for (int64_t r : recv_) done = std::min(done, r);
    dropped_ += frames() - static_cast<long>(done / nb_);
    words_.clear();
    lasts_.clear();
    std::fill(sent_.begin(), sent_.end(), 0);
    std::fill(held_.begin(), held_.end(), 0);
    std::fill(recv_.begin(), recv_.end(), 0);
    misplaced_ = 0;
  }
  long frames() const { return static_cast<long>(words_.size()); }  // since the last reset
  long dropped() const { return dropped_; }
  long added() const { return added_; }  // every frame queued since the start
  uint32_t misplaced() const { return misplaced_; }
  int64_t checked() const { return checked_; }
  // Every master port has every word queued so far.
  bool drained() const {
    for (int64_t r : recv_)
      if (r != frames() * nb_) return false;
    return true;
  }

  // This cycle's inputs: sources present their next word (held until taken), sinks ready.
  void drive(A2aAxisXchg::In& in, double gap, double pause) {
    for (int i = 0; i < p_.N; ++i) {
      const size_t k = static_cast<size_t>(i);
      if (!held_[k] && sent_[k] < frames() * nb_ && rng_.uniform() >= gap) {
        held_[k] = 1;
        const size_t f = static_cast<size_t>(sent_[k] / nb_);
        const size_t at = k * static_cast<size_t>(nb_) + static_cast<size_t>(sent_[k] % nb_);
        in.s_tdata[k] = words_[f][at];
        in.s_tlast[k] = lasts_[f][at];
      }
      in.s_tvalid[k] = held_[k];
      in.m_tready[k] = rng_.uniform() >= pause ? 1 : 0;
    }
  }
  // The handshakes of this cycle (the IP's outputs: the twin's, equal to the RTL's once
  // compared); every master word checked against the transpose.  False on a wrong word.
  bool handshakes(const A2aAxisXchg& t, const A2aAxisXchg::In& in, Checker& chk, bool* moved) {
    for (int i = 0; i < p_.N; ++i) {
      const size_t k = static_cast<size_t>(i);
      if (in.s_tvalid[k] && t.s_tready(i)) {
        held_[k] = 0;
        ++sent_[k];
        *moved = true;
      }
      if (!t.m_tvalid(i) || !in.m_tready[k]) continue;
      *moved = true;
      const int64_t c = recv_[k]++;
      const int64_t f = c / nb_;
      const int w = static_cast<int>(c % nb_), s = w / p_.B, b = w % p_.B;
      if (f >= frames())
        return chk.fail("master port " + std::to_string(i) + " handed over word " +
                        std::to_string(c) + ", more than the " + std::to_string(frames()) +
                        " frames sent");
      const uint64_t want =
          words_[static_cast<size_t>(f)][static_cast<size_t>(s * nb_ + i * p_.B + b)];
      if (t.m_tdata(i) != want || t.m_tlast(i) != (w == nb_ - 1))
        return chk.fail("master port " + std::to_string(i) + " frame " + std::to_string(f) +
                        " word " + std::to_string(w) + ": tdata 0x" + hex(t.m_tdata(i)) +
                        " tlast " + std::to_string(t.m_tlast(i) ? 1 : 0) +
                        ", the transpose has 0x" + hex(want) + " (source " + std::to_string(s) +
                        " word " + std::to_string(i * p_.B + b) + ") tlast " +
                        std::to_string(w == nb_ - 1 ? 1 : 0));
      ++checked_;
    }
    return true;
  }

 private:
  static std::string hex(uint64_t v) {
    char b[20];
    std::snprintf(b, sizeof b, "%llx", static_cast<unsigned long long>(v));
    return b;
  }
  const AxisParams& p_;
  int nb_;
  Rng& rng_;
  uint64_t dmask_;
  std::vector<std::vector<uint64_t>> words_;  // [frame][i * NB + k]
  std::vector<std::vector<uint8_t>> lasts_;
  std::vector<int64_t> sent_;  // slave port i: words taken
  std::vector<uint8_t> held_;  // slave port i presents a word
  std::vector<int64_t> recv_;  // master port j: words handed over
  uint32_t misplaced_ = 0;
  int64_t checked_ = 0;
  long dropped_ = 0, added_ = 0;
};

// The FT engine's plan: a dead internal element from the seed (stages 1..M-2, any element),
// the model's image for it (banyan::ft_image, the text `minforge banyan fault --plan-hex`
// writes) through the plan port, one entry per cycle; then plan_len and the fault, held.
// plant_relay (self-test): the twin's copy of the plan loses its first relay hop (op Relay
// made Idle), a relay that never sends: the lockstep must find it.
bool load_plan(Driver& drv, Checker& chk, const RunControl& ctl, const AxisParams& p, Rng& rng,
               bool plant_relay, AxisRun& r) {
  const banyan::Topology t(p.N);
  const int m = t.stages();
  const int flat = p.pipeline ? m : 0;
  const banyan::Fault f{1 + static_cast<int>(rng.below(static_cast<uint64_t>(m - 2))),
                        static_cast<int>(rng.below(static_cast<uint64_t>(p.N / 2)))};
  const banyan::FtImage img = banyan::ft_image(t, banyan::fault_tolerant_plan(t, f, flat), flat,
                                               twin::BanyanFtEngine::kDefaultRelayDepth);
  banyan::FtImage bad = img;
  bool planted = !plant_relay;
  for (auto& e : bad.entries)
    for (auto& op : e.op)
      if (!planted && op == banyan::FtOp::Relay) {
        op = banyan::FtOp::Idle;
        planted = true;
      }
  drv.twin_plan_override = plant_relay;
  const int T = static_cast<int>(img.entries.size());
  for (int e = 0; e < T; ++e) {
    drv.in.plan_wr_en = true;
    drv.in.plan_wr_addr = static_cast<uint32_t>(e);
    drv.in.plan_wr_data = banyan::ft_entry_bits(img, static_cast<size_t>(e));
    drv.twin_plan_bits = banyan::ft_entry_bits(bad, static_cast<size_t>(e));
    if (!drv.cycle(chk, ctl)) return false;
  }
  drv.in.plan_wr_en = false;
  drv.in.plan_wr_data.clear();
  drv.in.plan_len = static_cast<uint32_t>(T);
  drv.in.fault = twin::BanyanFault{true, f.stage, f.element, params::code(params::Fault::Dead)};
  r.fault = "E_" + std::to_string(f.stage) + "," + std::to_string(f.element);
  r.plan_cycles = T;
  return drv.cycle(chk, ctl);
}

}  // namespace

AxisRun axis_lockstep(const Model& m, const AxisOptions& o) {
  AxisRun res;
  res.params = axis_params(m);
  const std::string tag = o.tag.empty() ? m.name + "_streams" : o.tag;
  const std::string context =
      res.params.describe() + (o.context.empty() ? std::string() : " " + o.context);
  res.run = run_checked(m, o.run, tag, context, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
    AxisRun r;
    r.params = res.params;
    const AxisParams& p = r.params;
    Driver drv(sim, p);
    drv.plant = o.plant_twin;
    Rng rng(o.seed);
    Streams st(p, rng);
    const A2aAxisXchg& tw = drv.twin();
    auto fail = [&](const std::string& what) {
      r.failure = what;
      return chk.fail(what);
    };
    bool ok = true;
    drv.in.rst = true;
    for (int c = 0; ok && c < 2; ++c) ok = drv.cycle(chk, ctl);
    drv.in.rst = false;
    if (ok && tw.fault_tolerant()) ok = load_plan(drv, chk, ctl, p, rng, o.plant_relay, r);
    r.expected_period = tw.frame_period();
    // No handshake and no exchange for this long: a deadlock.
    const uint64_t stall = 8 * static_cast<uint64_t>(r.expected_period + p.N * p.B) + 256;
    std::vector<uint64_t> done_at;  // the no-pause phase: cycles at which an exchange ended
    for (size_t ph = 0; ok && ph < o.phases.size(); ++ph) {
      const AxisPhase& a = o.phases[ph];
      st.add_frames(o.frames, o.tlast_error);
      uint64_t last_move = drv.cycle_no();
      // a reset in the middle of the phase: after the first frame loaded, within two periods
      const uint64_t reset_at = a.reset
                                    ? drv.cycle_no() + static_cast<uint64_t>(p.N * p.B) +
                                          rng.below(2 * static_cast<uint64_t>(r.expected_period))
                                    : UINT64_MAX;
      while (ok && !(st.drained() && tw.frames_out() == static_cast<uint32_t>(st.frames()))) {
        if (drv.cycle_no() == reset_at) {
          std::fill(drv.in.s_tvalid.begin(), drv.in.s_tvalid.end(), 0);
          std::fill(drv.in.m_tready.begin(), drv.in.m_tready.end(), 0);
          drv.in.rst = true;
          r.reset_in_exchange = r.reset_in_exchange || tw.engine_busy();
          ok = drv.cycle(chk, ctl);
          drv.in.rst = false;
          st.restart();
          st.add_frames(o.frames, o.tlast_error);
          last_move = drv.cycle_no();
          continue;
        }
        if (drv.cycle_no() - last_move > stall) {
          ok = fail("phase " + std::to_string(ph) + " (gap " + std::to_string(a.gap) + ", pause " +
                    std::to_string(a.pause) + "): no handshake for " + std::to_string(stall) +
                    " cycles (deadlock)");
          break;
        }
        st.drive(drv.in, a.gap, a.pause);
        const uint32_t done_before = tw.frames_done();
        bool moved = false;
        drv.settle(chk);
        // the handshakes of this cycle, from the outputs just compared (RTL = twin)
        ok = chk.ok() && st.handshakes(tw, drv.in, chk, &moved);
        ok = drv.edge(chk, ctl) && ok;
        if (!ok) break;
        if (tw.frames_done() != done_before) {
          moved = true;
          if (ph == 0) done_at.push_back(drv.cycle_no());
        }
        if (moved) last_move = drv.cycle_no();
      }
    }
    if (ok) {
      const uint32_t all = static_cast<uint32_t>(st.frames());
      if (tw.frames_in() != all || tw.frames_done() != all || tw.frames_out() != all)
        ok = fail("frames_in " + std::to_string(tw.frames_in()) + ", frames_done " +
                  std::to_string(tw.frames_done()) + ", frames_out " +
                  std::to_string(tw.frames_out()) + ", expected " + std::to_string(all) + " each");
      else if (tw.err_tlast() != st.misplaced())
        ok = fail("err_tlast " + std::to_string(tw.err_tlast()) + ", " +
                  std::to_string(st.misplaced()) + " tlasts misplaced");
      else if (tw.err_dst() || tw.err_dup() || tw.missing() || tw.conflicts() || tw.relay_miss() ||
               tw.relay_ovf())
        ok = fail("engine counters not 0: err_dst " + std::to_string(tw.err_dst()) + " err_dup " +
                  std::to_string(tw.err_dup()) + " missing " + std::to_string(tw.missing()) +
                  " conflicts " + std::to_string(tw.conflicts()) + " relay_miss " +
                  std::to_string(tw.relay_miss()) + " relay_ovf " + std::to_string(tw.relay_ovf()));
      else if (tw.xchg_cycles() != static_cast<uint32_t>(tw.exchange_cycles()))
        ok = fail(
            "xchg_cycles " + std::to_string(tw.xchg_cycles()) +
            ", expected B*ROUNDS + LAT (FT: B*T + LAT) = " + std::to_string(tw.exchange_cycles()));
    }
    if (ok && done_at.size() >= 2) {
      for (size_t k = 1; ok && k < done_at.size(); ++k)
        if (done_at[k] - done_at[k - 1] != static_cast<uint64_t>(r.expected_period))
          ok = fail("no-pause phase: exchanges " + std::to_string(k - 1) + " and " +
                    std::to_string(k) + " ended " + std::to_string(done_at[k] - done_at[k - 1]) +
                    " cycles apart, the frame period is B*ROUNDS + LAT + 1 = " +
                    std::to_string(r.expected_period));
      r.period = static_cast<long>(done_at[1] - done_at[0]);
      r.words_per_clock = static_cast<double>(p.N) * p.N * p.B *
                          static_cast<double>(done_at.size() - 1) /
                          static_cast<double>(done_at.back() - done_at.front());
    }
    r.frames = st.added() - st.dropped();
    r.frames_dropped = st.dropped();
    r.words = st.checked();
    r.tlast_errors = st.misplaced();
    r.xchg_cycles = tw.xchg_cycles();
    r.err_tlast = tw.err_tlast();
    r.run.cycles = drv.cycle_no();
    if (!ctl.replay) {
      const RunOutcome keep = res.run;
      res = r;
      res.run = keep;
    }
    return ok && chk.ok();
  });
  return res;
}

const Model& axis_model(const AxisParams& p) {
  std::string label = std::string("axis_") + engine_name(p.engine) + "_N" + std::to_string(p.N) +
                      "_B" + std::to_string(p.B);
  return ondemand_model(OnDemandRequest{"a2a", p.recipe("mf_model", true), label});
}

}  // namespace minforge::tb
