// rtl/engine/banyan_ft_engine.v in lockstep with its twin BanyanFtEngine (a2a_ft_rtl.hpp).
#include "a2a/a2a_ft_rtl.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/manifest.hpp"
#include "core/ondemand.hpp"
#include "core/sim.hpp"
#include "minforge/twin/engine/a2a_xchg.hpp"
#include "minforge/twin/engine/banyan_ft_engine.hpp"
#include "ports/banyan_ft_engine.hpp"

namespace minforge::tb {

using twin::BanyanFtEngine;

int FtParams::flat() const { return pipeline ? ceil_log2(static_cast<uint64_t>(N)) : 0; }
int FtParams::latency() const {
  return twin::A2aXchg::engine_latency(flat(), src_lat, twin::A2aXchg::count_levels(N, 0, false));
}
std::string FtParams::describe() const {
  return "banyan_ft_engine N=" + std::to_string(N) + " DW=" + std::to_string(DW) +
         " B=" + std::to_string(B) + " PIPELINE=" + std::to_string(pipeline ? 1 : 0) +
         " PLAN_DEPTH=" + std::to_string(plan_depth) +
         " RELAY_DEPTH=" + std::to_string(relay_depth) +
         (src_lat != 1 ? " SRC_LAT=" + std::to_string(src_lat) : std::string());
}

FtParams ft_params(const Model& m) {
  return read_manifest(m, "banyan_ft_engine", [](const nlohmann::json& j) {
    FtParams p;
    p.N = j.at("N").get<int>();
    p.DW = j.at("DW").get<int>();
    p.B = j.at("B").get<int>();
    p.pipeline = j.at("PIPELINE").get<int>() != 0;
    p.plan_depth = j.at("PLAN_DEPTH").get<int>();
    p.relay_depth = j.at("RELAY_DEPTH").get<int>();
    p.src_lat = j.value("SRC_LAT", 1);
    return p;
  });
}

namespace {

uint64_t mask(int w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

// The engine, its twin and the user's memories, one cycle at a time.
class Driver {
 public:
  Driver(Sim& sim, const FtParams& p)
      : io_(sim),
        sim_(sim),
        p_(p),
        twin_(p.N, p.DW, p.B, p.pipeline, p.plan_depth, p.relay_depth, p.src_lat),
        nb_(p.N * p.B),
        src_(static_cast<size_t>(p.N) * nb_, 0),
        snk_(static_cast<size_t>(p.N) * nb_, 0),
        writes_(static_cast<size_t>(p.N) * nb_, 0),
        rd_reg_(static_cast<size_t>(p.N), 0),
        rd_data_(static_cast<size_t>(p.N), 0) {
    if (io_.plan_wr_data.width() != twin_.entry_width() ||
        io_.src_rd_addr.width() != p.N * twin_.addr_width() ||
        io_.src_rd_data.width() != p.N * p.DW ||
        io_.plan_wr_addr.width() != twin_.plan_addr_width() ||
        io_.plan_len.width() != twin_.plan_len_width())
      throw std::runtime_error("model " + sim.dut().name() +
                               ": port widths do not match its manifest");
    in.src_rd_data = rd_data_;
  }

  BanyanFtEngine::In in;
  std::vector<uint32_t> plan_bits;  // the entry written this cycle (when in.plan_wr_en)
  BanyanFtEngine& twin() { return twin_; }
  uint64_t& src(int i, int a) { return src_[static_cast<size_t>(i) * nb_ + a]; }
  uint64_t snk(int i, int a) const { return snk_[static_cast<size_t>(i) * nb_ + a]; }
  uint32_t writes(int i, int a) const { return writes_[static_cast<size_t>(i) * nb_ + a]; }
  void clear_sinks() {
    std::fill(snk_.begin(), snk_.end(), 0);
    std::fill(writes_.begin(), writes_.end(), 0);
  }
  uint64_t cycle_no() const { return cycle_; }

  bool cycle(Checker& chk, const RunControl& ctl) {
    chk.cycle = cycle_;
    io_.rst.set(in.rst ? 1 : 0);
    io_.start.set(in.start ? 1 : 0);
    io_.plan_wr_en.set(in.plan_wr_en ? 1 : 0);
    io_.plan_wr_addr.set(in.plan_wr_addr);
    for (int w = 0; w * 32 < twin_.entry_width(); ++w)
      io_.plan_wr_data.set(w * 32, std::min(32, twin_.entry_width() - w * 32),
                           in.plan_wr_en && static_cast<size_t>(w) < plan_bits.size()
                               ? plan_bits[static_cast<size_t>(w)]
                               : 0);
    in.plan_wr_data = plan_bits;
    io_.plan_len.set(in.plan_len);
    io_.fault_en.set(in.fault.enabled ? 1 : 0);
    io_.fault_stage.set(static_cast<uint64_t>(in.fault.stage) & mask(io_.fault_stage.width()));
    io_.fault_elem.set(static_cast<uint64_t>(in.fault.element) & mask(io_.fault_elem.width()));
    io_.fault_kind.set(static_cast<uint64_t>(in.fault.kind) & 3u);
    for (int i = 0; i < p_.N; ++i) io_.src_rd_data.set(i * p_.DW, p_.DW, rd_data_[i]);
    sim_.settle();
    compare(chk);
    if (sim_.failed()) chk.fail("RTL assertion failed");
    // The memories' responses, from the outputs of this cycle (equal in RTL and twin): the
    // read register's next value (held while not read).
    std::vector<uint64_t> next = rd_reg_;
    for (int i = 0; i < p_.N; ++i) {
      if (twin_.src_rd_en(i)) {
        const uint32_t a = twin_.src_rd_addr(i);
        next[i] = a < static_cast<uint32_t>(nb_) ? src(i, static_cast<int>(a)) : 0;
      }
      if (twin_.snk_wr_en(i)) {
        const uint32_t a = twin_.snk_wr_addr(i);
        if (a < static_cast<uint32_t>(nb_)) {
          snk_[static_cast<size_t>(i) * nb_ + a] = twin_.snk_wr_data(i);
          ++writes_[static_cast<size_t>(i) * nb_ + a];
        }
      }
    }
    sim_.edge();
    in.src_rd_data = rd_data_;
    twin_.clock(in);
    // SRC_LAT = 2: the output register takes the read register's word; 1: no such register
    rd_data_ = p_.src_lat == 2 ? rd_reg_ : next;
    rd_reg_ = next;
    in.src_rd_data = rd_data_;
    in.rst = in.start = in.plan_wr_en = false;
    ++cycle_;
    return chk.ok() && !ctl.stop(chk);
  }

 private:
  void compare(Checker& chk) {
    const BanyanFtEngine& t = twin_;
    chk.eq(-1, "busy", t.busy() ? 1 : 0, io_.busy.value());
    chk.eq(-1, "done", t.done() ? 1 : 0, io_.done.value());
    chk.eq(-1, "cycles", t.cycles(), io_.cycles.value());
    chk.eq(-1, "delivered", t.delivered(), io_.delivered.value());
    chk.eq(-1, "err_dst", t.err_dst(), io_.err_dst.value());
    chk.eq(-1, "err_dup", t.err_dup(), io_.err_dup.value());
    chk.eq(-1, "missing", t.missing(), io_.missing.value());
    chk.eq(-1, "relay_miss", t.relay_miss(), io_.relay_miss.value());
    chk.eq(-1, "relay_ovf", t.relay_ovf(), io_.relay_ovf.value());
    const int aw = t.addr_width();
    for (int i = 0; i < p_.N; ++i) {
      chk.eq(i, "src_rd_en", t.src_rd_en(i) ? 1 : 0, io_.src_rd_en.bit(i) ? 1 : 0);
      if (t.src_rd_en(i))
        chk.eq(i, "src_rd_addr", t.src_rd_addr(i), io_.src_rd_addr.get(i * aw, aw));
      chk.eq(i, "snk_wr_en", t.snk_wr_en(i) ? 1 : 0, io_.snk_wr_en.bit(i) ? 1 : 0);
      if (t.snk_wr_en(i)) {
        chk.eq(i, "snk_wr_addr", t.snk_wr_addr(i), io_.snk_wr_addr.get(i * aw, aw));
        chk.eq(i, "snk_wr_data", t.snk_wr_data(i), io_.snk_wr_data.get(i * p_.DW, p_.DW));
      }
    }
  }

  BanyanFtEnginePorts io_;
  Sim& sim_;
  FtParams p_;
  BanyanFtEngine twin_;
  int nb_;
  std::vector<uint64_t> src_, snk_;
  std::vector<uint32_t> writes_;
  std::vector<uint64_t> rd_reg_;   // the source buffers' read registers
  std::vector<uint64_t> rd_data_;  // src_rd_data: rd_reg_ (SRC_LAT 1) or its output register
  uint64_t cycle_ = 0;
};

std::string fault_name(banyan::Fault f) {
  return "E_" + std::to_string(f.stage) + "," + std::to_string(f.element);
}

// One exchange with a dead fault: the plan image through its text file, random source words,
// start, run to done; the end-of-exchange checks.  Returns false on a mismatch or a failed
// check (then `failure` says which).
bool plan_exchange(Driver& drv, Checker& chk, const RunControl& ctl, const FtParams& p,
                   banyan::Fault f, const banyan::FtImage* given, Rng& rng, FtPlanRun& res) {
  const banyan::Topology t(p.N);
  banyan::FtImage img;
  if (given) {
    img = *given;
  } else {
    const std::string text = banyan::ft_image_hex(
        banyan::ft_image(t, banyan::fault_tolerant_plan(t, f, p.flat()), p.flat(), p.relay_depth));
    img = banyan::ft_image_parse(text);
  }
  const int T = static_cast<int>(img.entries.size());
  if (T > p.plan_depth) {
    res.failure = fault_name(f) + ": plan of " + std::to_string(T) + " cycles > PLAN_DEPTH";
    return chk.fail(res.failure);
  }
  auto fail = [&](const std::string& what) {
    res.failure = fault_name(f) + ": " + what;
    return chk.fail(res.failure);
  };
  // The plan's length (issue 14's target): Theorem 1's bound for N >= 16; 3N = 24 for N = 8,
  // the minimum (tests/banyan/ft_n8_min.txt), one cycle under the Appendix's 25.  The
  // exchange then takes B*T + LAT cycles (checked below).
  const int want_T = given ? T : p.N == 8 ? 3 * p.N : banyan::theorem1_bound(t, f);
  if (given && (img.ports != p.N || img.latency < p.flat() || img.relay_depth != p.relay_depth))
    return fail("plan image for N=" + std::to_string(img.ports) + " LAT=" +
                std::to_string(img.latency) + " RELAY_DEPTH=" + std::to_string(img.relay_depth) +
                ", the model has N=" + std::to_string(p.N) + " LAT=" + std::to_string(p.flat()) +
                " RELAY_DEPTH=" + std::to_string(p.relay_depth));
  if (T != want_T)
    return fail("plan of " + std::to_string(T) + " cycles, expected " + std::to_string(want_T));
  // Load the schedule memory, one entry per cycle.
  for (int e = 0; e < T; ++e) {
    drv.in.plan_wr_en = true;
    drv.in.plan_wr_addr = static_cast<uint32_t>(e);
    drv.plan_bits = banyan::ft_entry_bits(img, static_cast<size_t>(e));
    if (!drv.cycle(chk, ctl)) return false;
  }
  const int nb = p.N * p.B;
  for (int i = 0; i < p.N; ++i)
    for (int a = 0; a < nb; ++a) drv.src(i, a) = rng.next() & mask(p.DW);
  drv.clear_sinks();
  drv.in.fault = twin::BanyanFault{true, f.stage, f.element, params::code(params::Fault::Dead)};
  drv.in.plan_len = static_cast<uint32_t>(T);
  drv.in.start = true;
  if (!drv.cycle(chk, ctl)) return false;
  const long limit = static_cast<long>(p.B) * T + p.latency() + 4;
  long n = 0;
  while (!drv.twin().done()) {
    if (++n > limit) return fail("not done after " + std::to_string(limit) + " cycles");
    if (!drv.cycle(chk, ctl)) return false;
  }
  if (!drv.cycle(chk, ctl)) return false;  // done's counters, RTL against twin
  const BanyanFtEngine& tw = drv.twin();
  res.cycles_last = tw.cycles();
  res.delivered_last = tw.delivered();
  res.dup_last = tw.err_dup();
  res.missing_last = tw.missing();
  const long want = static_cast<long>(p.B) * T + p.latency();
  const int64_t all = static_cast<int64_t>(p.N) * p.N * p.B;
  if (tw.cycles() != static_cast<uint32_t>(want))
    return fail("cycles " + std::to_string(tw.cycles()) +
                ", expected B*T + LAT = " + std::to_string(want));
  if (tw.delivered() != all || tw.missing() != 0 || tw.err_dst() != 0 || tw.err_dup() != 0 ||
      tw.relay_miss() != 0 || tw.relay_ovf() != 0)
    return fail("delivered " + std::to_string(tw.delivered()) + " of " + std::to_string(all) +
                ", missing " + std::to_string(tw.missing()) + ", err_dst " +
                std::to_string(tw.err_dst()) + ", err_dup " + std::to_string(tw.err_dup()) +
                ", relay_miss " + std::to_string(tw.relay_miss()) + ", relay_ovf " +
                std::to_string(tw.relay_ovf()));
  for (int d = 0; d < p.N; ++d)
    for (int b = 0; b < p.B; ++b)
      for (int s = 0; s < p.N; ++s) {
        const int a = b * p.N + s;
        if (drv.writes(d, a) != 1)
          return fail("sink " + std::to_string(d) + " address " + std::to_string(a) + " written " +
                      std::to_string(drv.writes(d, a)) + " times");
        if (drv.snk(d, a) != drv.src(s, b * p.N + d))
          return fail("sink " + std::to_string(d) + " address " + std::to_string(a) +
                      " holds a word that source " + std::to_string(s) + " did not send there");
      }
  ++res.exchanges;
  res.plan_cycles_min = res.exchanges == 1 ? T : std::min<long>(res.plan_cycles_min, T);
  res.plan_cycles_max = std::max<long>(res.plan_cycles_max, T);
  res.cycles_last = tw.cycles();
  res.words += tw.delivered();
  return true;
}

}  // namespace

FtPlanRun ft_plan_lockstep(const Model& m, const std::vector<banyan::Fault>& faults,
                           const FtOptions& o) {
  if (!o.images.empty() && o.images.size() != faults.size())
    throw std::invalid_argument("ft_plan_lockstep: one plan image per fault");
  FtPlanRun res;
  res.params = ft_params(m);
  const std::string tag = o.tag.empty() ? m.name + "_plan" : o.tag;
  const std::string context =
      res.params.describe() + " mode=plan" + (o.context.empty() ? std::string() : " " + o.context);
  res.run = run_checked(m, o.run, tag, context, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
    FtPlanRun r;
    r.params = res.params;
    Driver drv(sim, r.params);
    Rng rng(o.seed);
    bool ok = true;
    drv.in.rst = true;
    ok = drv.cycle(chk, ctl);
    for (size_t k = 0; ok && k < faults.size(); ++k)
      ok = plan_exchange(drv, chk, ctl, r.params, faults[k],
                         o.images.empty() ? nullptr : &o.images.at(k), rng, r);
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

RunOutcome ft_random(const Model& m, uint64_t seed, uint64_t cycles, const RunOptions& opt) {
  const FtParams p = ft_params(m);
  const std::string context = p.describe() + " mode=random seed=" + std::to_string(seed);
  return run_checked(
      m, opt, m.name + "_random", context, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        Driver drv(sim, p);
        BanyanFtEngine& tw = drv.twin();
        Rng rng(seed);
        const int M = ceil_log2(static_cast<uint64_t>(p.N));
        const int ew = tw.entry_width();
        drv.in.rst = true;
        if (!drv.cycle(chk, ctl)) return false;
        for (int i = 0; i < p.N; ++i)
          for (int a = 0; a < p.N * p.B; ++a) drv.src(i, a) = rng.next() & mask(p.DW);
        for (uint64_t c = 1; c < cycles; ++c) {
          drv.in.rst = rng.below(64) == 0;
          drv.in.start = rng.below(12) == 0;
          if (rng.below(2) == 0) {
            drv.in.plan_wr_en = true;
            drv.in.plan_wr_addr =
                static_cast<uint32_t>(rng.below(uint64_t{1} << tw.plan_addr_width()));
            drv.plan_bits.assign(static_cast<size_t>((ew + 31) / 32), 0);
            for (int b = 0; b < ew; b += 32)
              drv.plan_bits[static_cast<size_t>(b / 32)] =
                  static_cast<uint32_t>(rng.next() & mask(std::min(32, ew - b)));
          }
          if (rng.below(8) == 0)
            drv.in.plan_len = static_cast<uint32_t>(rng.below(uint64_t{1} << tw.plan_len_width()));
          if (rng.below(16) == 0)
            drv.in.fault = twin::BanyanFault{
                rng.below(4) != 0, static_cast<int>(rng.below(static_cast<uint64_t>(M))),
                static_cast<int>(rng.below(static_cast<uint64_t>(p.N / 2))),
                static_cast<int>(rng.below(4))};
          if (rng.below(32) == 0) {
            const int i = static_cast<int>(rng.below(static_cast<uint64_t>(p.N)));
            const int a = static_cast<int>(rng.below(static_cast<uint64_t>(p.N * p.B)));
            drv.src(i, a) = rng.next() & mask(p.DW);
          }
          if (!drv.cycle(chk, ctl)) return false;
        }
        return chk.ok();
      });
}

const Model& ft_model(int N, bool pipeline, int DW) {
  const std::string p = pipeline ? "1" : "0";
  return ondemand_model(OnDemandRequest{"a2a",
                                        "mf_a2a_ft_model(mf_model N " + std::to_string(N) +
                                            " PIPELINE " + p + " DW " + std::to_string(DW) +
                                            " MODULE)",
                                        "banyan_ft_N" + std::to_string(N) + "_P" + p});
}

FtSimResult ft_sim(const Model& m, banyan::Fault fault, uint64_t seed, const std::string& wave,
                   const std::string& wave_dir) {
  FtSimResult out;
  const FtParams p = ft_params(m);
  out.ports = p.N;
  out.width = p.DW;
  out.latency = p.latency();
  FtOptions o;
  o.seed = seed;
  o.run.wave = wave;
  o.run.wave_dir = wave_dir;
  o.context = "fault=" + fault_name(fault) + " seed=" + std::to_string(seed);
  const FtPlanRun r = ft_plan_lockstep(m, {fault}, o);
  const int64_t all = static_cast<int64_t>(p.N) * p.N * p.B;
  out.rounds = static_cast<int>(r.plan_cycles_max);
  out.cycles = r.cycles_last;
  out.delivered = r.delivered_last;
  out.lost = r.cycles_last > 0 ? r.missing_last : all;
  out.duplicates = r.dup_last;
  if (!r.run.ok) {
    ++out.mismatches;
    out.reports.push_back(r.run.first);
    if (!r.run.wave.empty()) out.waves.push_back(r.run.wave);
  }
  return out;
}

}  // namespace minforge::tb
