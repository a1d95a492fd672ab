// The all-to-all lockstep harness (a2a_rtl.hpp): the data engine variants (the x_* ports of
// a sweep top).
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

// ---------------------------------------------------------------- data engines
twin::A2aSchedule a2a_xchg_schedule(const A2aXchgVariant& v) {
  A2aEngineVariant e;
  e.net = v.net;
  e.N = v.N;
  e.sched = v.sched;
  e.player_control = v.player_control;
  e.player_len = v.player_len;
  return a2a_engine_schedule(e, {});
}

namespace {

// One cycle of a data engine: every status output and every memory port compared.
bool compare_xchg(SweepXchgPorts& p, const twin::A2aXchg& tw, Checker& chk) {
  const twin::XchgState& st = tw.state();
  const uint64_t want[] = {st.busy,    st.done,    st.cycles,    st.delivered, st.err_dst,
                           st.err_dup, st.missing, st.conflicts, st.issue};
  const Port* got[] = {&p.busy,    &p.done,    &p.cycles,    &p.delivered, &p.err_dst,
                       &p.err_dup, &p.missing, &p.conflicts, &p.inject};
  static const char* const names[] = {"busy",    "done",    "cycles",    "delivered", "err_dst",
                                      "err_dup", "missing", "conflicts", "inject"};
  for (size_t r = 0; r < 9; ++r)
    if (!chk.eq(-1, names[r], want[r], got[r]->value())) return false;
  const int N = tw.ports(), AW = tw.addr_width(), DW = tw.data_width();
  const auto re = tw.src_rd_en();
  const auto ra = tw.src_rd_addr();
  const auto we = tw.snk_wr_en();
  const auto wa = tw.snk_wr_addr();
  const auto wd = tw.snk_wr_data();
  for (int i = 0; i < N; ++i) {
    const auto u = uz(i);
    if (!chk.eq(i, "src_rd_en", re[u], p.src_rd_en.bit(i))) return false;
    if (re[u] && !chk.eq(i, "src_rd_addr", ra[u], p.src_rd_addr.get(i * AW, AW))) return false;
    if (!chk.eq(i, "snk_wr_en", we[u], p.snk_wr_en.bit(i))) return false;
    if (!we[u]) continue;
    if (!chk.eq(i, "snk_wr_addr", wa[u], p.snk_wr_addr.get(i * AW, AW))) return false;
    if (!chk.eq(i, "snk_wr_data", wd[u], p.snk_wr_data.get(i * DW, DW))) return false;
  }
  return true;
}

std::unique_ptr<twin::A2aXchg> xchg_twin(const A2aXchgVariant& v, const twin::A2aSchedule& s) {
  if (v.net == Net::Banyan)
    return std::make_unique<twin::BanyanA2aXchg>(v.N, v.DW, v.B, v.pipeline, v.use_tags, v.src_lat);
  return std::make_unique<twin::GsenA2aXchg>(s, v.DW, v.B, v.pipeline, v.use_tags, v.src_lat);
}

}  // namespace

XchgResult a2a_xchg_exchange(const A2aModel& m, int k, uint64_t seed, const BanyanFault& fault,
                             const RunOptions& opt) {
  const A2aXchgVariant& v = m.xchgs()[uz(k)];
  const twin::A2aSchedule s = a2a_xchg_schedule(v);
  XchgResult res;
  std::string ctx = m.describe_xchg(k) + " mode=data seed=" + std::to_string(seed);
  std::string tag = m.top() + "_x" + std::to_string(k);
  if (fault.enabled) {
    ctx += " fault=E_" + std::to_string(fault.stage) + "," + std::to_string(fault.element) + " " +
           fault_name(fault.kind);
    tag += "_fault_" + std::to_string(fault.stage) + "_" + std::to_string(fault.element) + "_" +
           fault_name(fault.kind);
  }
  res.run =
      run_checked(m.model(), opt, tag, ctx, [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        XchgResult r;
        auto tw = xchg_twin(v, s);
        SweepXchgPorts p(sim);
        const int N = v.N, DW = v.DW, NB = v.N * v.B;
        const uint64_t dmask = low_mask(DW);
        std::mt19937_64 rng(seed);
        p.sel.set(static_cast<uint64_t>(v.sel));
        p.start.set(0);
        p.pl_wr_en.set(0);
        p.fault_en.set(fault.enabled ? 1 : 0);
        p.fault_stage.set(static_cast<uint64_t>(fault.stage));
        p.fault_elem.set(static_cast<uint64_t>(fault.element));
        p.fault_kind.set(static_cast<uint64_t>(fault.kind));
        p.src_rd_data.zero();
        sim.reset(2);
        if (v.net == Net::Gsen && v.sched == Sched::Player) {
          write_player(sim, p.pl_wr_en, p.pl_wr_addr, p.pl_wr_data, s);
        }
        tw->reset();
        // the user's memories: source buffers (random words), their read registers
        // (rd_pipe[0], written at the edge of a read) and output registers (rd_pipe[1..],
        // shifted at every edge: SRC_LAT - 1 of them), sinks; src_rd_data = rd_pipe.back()
        std::vector<std::vector<uint64_t>> src(uz(N), std::vector<uint64_t>(uz(NB)));
        std::vector<std::vector<int64_t>> snk(uz(N), std::vector<int64_t>(uz(NB)));
        std::vector<std::vector<uint64_t>> rd_pipe(uz(v.src_lat), std::vector<uint64_t>(uz(N), 0));
        const std::vector<uint64_t>& rd_q = rd_pipe.back();
        for (int x = 0; x < 2 && !ctl.stop(chk); ++x) {
          for (auto& row : src)
            for (auto& w : row) w = rng() & dmask;
          for (auto& row : snk) std::fill(row.begin(), row.end(), -1);
          r.rounds = tw->rounds();
          r.latency = tw->latency();
          r.blocks = tw->blocks();
          const int limit = tw->exchange_cycles() + 4;
          bool started = false;
          for (int c = -1; c <= limit && !ctl.stop(chk); ++c) {
            const bool start = c < 0;
            p.start.set(start ? 1 : 0);
            chk.cycle = static_cast<uint64_t>(c < 0 ? 0 : c);
            sim.settle();
            tw->eval(start, rd_q, fault);
            if (!start && !compare_xchg(p, *tw, chk)) return false;
            if (sim.failed()) return chk.fail("RTL assertion failed");
            if (!start && tw->state().done) {
              started = true;
              break;
            }
            // the edge: the memories follow the (compared) ports
            const auto re = tw->src_rd_en();
            const auto ra = tw->src_rd_addr();
            const auto we = tw->snk_wr_en();
            const auto wa = tw->snk_wr_addr();
            const auto wd = tw->snk_wr_data();
            for (size_t q = rd_pipe.size() - 1; q > 0; --q) rd_pipe[q] = rd_pipe[q - 1];
            for (int i = 0; i < N; ++i) {
              if (re[uz(i)]) rd_pipe[0][uz(i)] = src[uz(i)][ra[uz(i)]];
              if (we[uz(i)]) snk[uz(i)][wa[uz(i)]] = static_cast<int64_t>(wd[uz(i)]);
            }
            sim.edge();
            tw->clock();
            for (int i = 0; i < N; ++i) p.src_rd_data.set(i * DW, DW, rd_q[uz(i)]);
          }
          if (ctl.stop(chk)) return true;
          if (!started || !p.done.bit(0))
            return chk.fail("data engine not done after " + std::to_string(limit) + " cycles");
          r.cycles = static_cast<long>(p.cycles.value());
          r.lost = static_cast<int64_t>(p.missing.value());
          r.delivered = static_cast<int64_t>(p.delivered.value());
          r.duplicates = static_cast<int64_t>(p.err_dup.value());
          r.misrouted = static_cast<int64_t>(p.err_dst.value());
          r.conflicts = static_cast<uint32_t>(p.conflicts.value());
          // the transpose: every word written is the right one; count those in place
          r.transposed = 0;
          for (int j = 0; j < N; ++j)
            for (int a = 0; a < NB; ++a) {
              const int64_t got = snk[uz(j)][uz(a)];
              if (got < 0) continue;
              const int sidx = a % N, b = a / N;
              const uint64_t want = src[uz(sidx)][uz(b * N + j)];
              if (!chk.eq(j, "sink word (transpose)", want, static_cast<uint64_t>(got)))
                return false;
              ++r.transposed;
            }
          if (!chk.eq(-1, "words in place vs delivered", static_cast<uint64_t>(r.delivered),
                      static_cast<uint64_t>(r.transposed)))
            return false;
          // done is registered: one more edge before the next start
          for (size_t q = rd_pipe.size() - 1; q > 0; --q) rd_pipe[q] = rd_pipe[q - 1];
          sim.edge();
          tw->clock();
          for (int i = 0; i < N; ++i) p.src_rd_data.set(i * DW, DW, rd_q[uz(i)]);
        }
        if (!ctl.replay) res = r;
        return true;
      });
  return res;
}

}  // namespace minforge::tb
