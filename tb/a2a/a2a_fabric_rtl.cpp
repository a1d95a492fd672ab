// The all-to-all lockstep harness (a2a_rtl.hpp): the fabric variants (the f_* ports of a
// sweep top), random and scheduled stimulus.
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

namespace {

std::unique_ptr<twin::StagedFabric> fabric_twin(const A2aFabricVariant& v) {
  if (v.net == Net::Banyan)
    return std::make_unique<twin::BanyanFabric>(v.N, v.W, v.control, v.pipeline);
  return std::make_unique<twin::GsenFabric>(v.N, v.W, v.control, v.pipeline);
}

void drive_fabric(SweepFabricPorts& p, const A2aFabricVariant& v, int n, const twin::FabricIn& in,
                  const BanyanFault& f, Images& img) {
  pack_bits(in.valid.data(), uz(v.N), img.valid.data());
  port_put(p.in_valid, img.valid.data(), uz(v.N));
  pack_lanes(in.data.data(), uz(v.N), v.W, img.data.data());
  port_put(p.in_data, img.data.data(), uz(v.N) * uz(v.W));
  pack_lanes(in.tag.data(), uz(v.N), n, img.tag.data());
  port_put(p.in_tag, img.tag.data(), uz(v.N) * uz(n));
  if (v.control == Ctrl::Indiv) {
    pack_bits(in.states.data(), uz(n) * uz(v.N / 2), img.cfg.data());
    port_put(p.in_cfg, img.cfg.data(), uz(n) * uz(v.N / 2));
  } else {
    p.in_cfg.set(0, n, in.cfg);
  }
  p.fault_en.set(f.enabled ? 1 : 0);
  p.fault_stage.set(static_cast<uint64_t>(f.stage));
  p.fault_elem.set(static_cast<uint64_t>(f.element));
  p.fault_kind.set(static_cast<uint64_t>(f.kind));
}

// Data lanes equal where valid.  Byte-aligned widths (the common 8, 16, 24, 32, ...) read
// each lane with one fixed-size load.
template <int B>
bool lanes_equal_bytes(const uint8_t* base, const twin::FabricOut& o, int N) {
  for (int j = 0; j < N; ++j) {
    if (!o.valid[uz(j)]) continue;
    uint64_t a = 0;
    std::memcpy(&a, base + uz(j) * B, B);
    if (a != o.data[uz(j)]) return false;
  }
  return true;
}

bool lanes_equal_where_valid(const Port& pd, const twin::FabricOut& o, int N, int W) {
  const uint8_t* b = pd.data();
  switch (W) {
    case 8:
      return lanes_equal_bytes<1>(b, o, N);
    case 16:
      return lanes_equal_bytes<2>(b, o, N);
    case 24:
      return lanes_equal_bytes<3>(b, o, N);
    case 32:
      return lanes_equal_bytes<4>(b, o, N);
    case 40:
      return lanes_equal_bytes<5>(b, o, N);
    case 48:
      return lanes_equal_bytes<6>(b, o, N);
    case 56:
      return lanes_equal_bytes<7>(b, o, N);
    case 64:
      return lanes_equal_bytes<8>(b, o, N);
    default:
      for (int j = 0; j < N; ++j)
        if (o.valid[uz(j)] && pd.get(j * W, W) != o.data[uz(j)]) return false;
      return true;
  }
}

twin::FabricOut eval_twin(twin::StagedFabric& m, const A2aFabricVariant& v,
                          const twin::FabricIn& in, const BanyanFault& f) {
  return v.net == Net::Banyan ? m.eval(in, &f) : m.eval(in);
}

// The schedule of a fabric variant (stimulus mode "schedule").
twin::A2aSchedule fabric_schedule(const A2aFabricVariant& v) {
  if (v.net == Net::Banyan) return twin::banyan_sched_latin(v.N);
  const int n = clog2(v.N);
  std::vector<uint32_t> all(size_t{1} << n);
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<uint32_t>(c);
  switch (v.control) {
    case Ctrl::Alt:
      return v.N % 4 == 2 ? twin::gsen_sched_alt(v.N)
                          : twin::gsen_sched_player(v.N, Ctrl::Alt, all);
    case Ctrl::Alt2:
    case Ctrl::Alt4:
      return twin::gsen_sched_player(v.N, v.control, all);
    case Ctrl::Tag:
      return v.N % 4 == 2 ? twin::gsen_sched_alt(v.N) : twin::gsen_sched_stage(v.N);
    default:
      return twin::gsen_sched_stage(v.N);
  }
}

void reset_fabric(Sim& sim, SweepFabricPorts& p, const A2aFabricVariant& v, int n,
                  const twin::FabricIn& in, const BanyanFault& f, Images& img) {
  p.rst.set(1);
  for (int c = 0; c < 2; ++c) {
    drive_fabric(p, v, n, in, f, img);
    sim.cycle();
  }
  p.rst.set(0);
}

}  // namespace

namespace a2a_detail {

// out_valid, out_data where valid, out_conflict: the valid and conflict vectors as packed
// images, the data lane by lane where valid (the RTL's data beside a clear valid bit is
// don't care); only on a difference (or in a self-test) again value by value through the
// Checker, so that the report names the first port that differs.
bool compare_outputs(const Port& pv, const Port& pd, const Port& px, int N, int W, int n,
                     const twin::FabricOut& o, Images& img, Checker& chk) {
  const size_t nx = uz(n) * uz(N / 2);
  pack_bits(o.valid.data(), uz(N), img.valid.data());
  bool same = chk.inject < 0 && port_equals(pv, img.valid.data(), uz(N)) &&
              lanes_equal_where_valid(pd, o, N, W);
  if (same) {
    if (all_clear(o.conflict.data(), nx)) {
      if (port_is_zero(px, nx)) return true;
    } else {
      pack_bits(o.conflict.data(), nx, img.conflict.data());
      if (port_equals(px, img.conflict.data(), nx)) return true;
    }
  }
  for (int j = 0; j < N; ++j) {
    const uint64_t av = pv.bit(j);
    if (!chk.eq(j, "out_valid", o.valid[uz(j)], av)) return false;
    if (av && !chk.eq(j, "out_data", o.data[uz(j)], pd.get(j * W, W))) return false;
  }
  for (size_t b = 0; b < nx; ++b)
    if (!chk.eq(static_cast<int>(b), "out_conflict", o.conflict[b], px.bit(static_cast<int>(b))))
      return false;
  return true;
}

}  // namespace a2a_detail

// ---------------------------------------------------------------- fabric: random
RunOutcome a2a_fabric_random(const A2aModel& m, int k, uint64_t seed, int cycles,
                             const RunOptions& opt) {
  const A2aFabricVariant& v = m.fabrics()[uz(k)];
  const std::string ctx = m.describe_fabric(k) + " mode=random seed=" + std::to_string(seed);
  return run_checked(
      m.model(), opt, m.top() + "_f" + std::to_string(k) + "_random", ctx,
      [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        auto tw = fabric_twin(v);
        const int n = tw->stages();
        std::mt19937_64 rng(seed);
        SweepFabricPorts p(sim);
        Images img;
        img.size(v.N, v.W, n);
        p.in_valid.zero();
        p.sel.set(static_cast<uint64_t>(v.sel));
        twin::FabricIn in;
        in.resize(v.N, n);
        BanyanFault f;
        const int fsw = std::max(1, clog2(n));
        const uint64_t wmask = low_mask(v.W);
        reset_fabric(sim, p, v, n, in, f, img);
        tw->reset();
        const bool banyan = v.net == Net::Banyan;
        for (int c = 0; c < cycles && !ctl.stop(chk); ++c) {
          chk.cycle = static_cast<uint64_t>(c);
          const bool rst = (rng() % 64) == 0;
          const int density = static_cast<int>(rng() % 4);  // 0: sparse .. 3: all valid
          for (int i = 0; i < v.N; ++i) {
            const size_t u = uz(i);
            if (v.round_valid)  // one valid bit per round: a full round, or (1 in 4) an empty one
              in.valid[u] = density != 0 ? 1 : 0;
            else
              in.valid[u] =
                  density == 3 ? 1 : ((rng() % 4) < static_cast<uint64_t>(density + 1) ? 1 : 0);
            in.data[u] = rng() & wmask;
            in.tag[u] = static_cast<uint32_t>(rng() & ((1u << n) - 1u));
          }
          in.cfg = static_cast<uint32_t>(rng() & ((1u << n) - 1u));
          for (auto& s : in.states) s = static_cast<uint8_t>(rng() & 1u);
          if (banyan && c % 16 == 0) {
            f.enabled = (rng() % 4) != 0;
            f.stage = static_cast<int>(rng() % (1u << fsw));
            f.element = static_cast<int>(rng() % static_cast<uint64_t>(v.N / 2));
            f.kind = static_cast<int>(rng() % 4);
          }
          p.rst.set(rst ? 1 : 0);
          drive_fabric(p, v, n, in, f, img);
          sim.settle();
          const twin::FabricOut o = eval_twin(*tw, v, in, banyan ? f : BanyanFault{});
          if (!compare_outputs(p.out_valid, p.out_data, p.out_conflict, v.N, v.W, n, o, img, chk))
            return false;
          if (sim.failed()) return chk.fail("RTL assertion failed");
          sim.edge();
          tw->clock();
          if (rst) tw->reset();
        }
        return true;
      });
}

// ---------------------------------------------------------------- fabric: schedule
RunOutcome a2a_fabric_schedule(const A2aModel& m, int k, const RunOptions& opt, long* cycles_out) {
  const A2aFabricVariant& v = m.fabrics()[uz(k)];
  const twin::A2aSchedule s = fabric_schedule(v);
  if (v.round_valid) {  // ROUND_VALID=1 carries full rounds only: partial rounds are n/a
    for (const auto& r : s.rounds)
      if (std::any_of(r.send.begin(), r.send.end(), [](auto x) { return !x; })) {
        if (cycles_out) *cycles_out = -1;
        return RunOutcome{true, 0, {}, "", 0};
      }
  }
  long total_cycles = 0;
  RunOutcome out = run_checked(
      m.model(), opt, m.top() + "_f" + std::to_string(k) + "_schedule",
      m.describe_fabric(k) + " mode=schedule", [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        auto tw = fabric_twin(v);
        const int n = tw->stages();
        const int iw = clog2(v.N);
        SweepFabricPorts p(sim);
        Images img;
        img.size(v.N, v.W, n);
        p.sel.set(static_cast<uint64_t>(v.sel));
        twin::FabricIn in;
        in.resize(v.N, n);
        reset_fabric(sim, p, v, n, in, {}, img);
        tw->reset();
        std::vector<int> arrivals(uz(v.N * v.N), 0);
        const int R = static_cast<int>(s.rounds.size());
        const int total = R + tw->latency();
        std::optional<banyan::Topology> btopo;
        if (v.net == Net::Banyan) btopo.emplace(v.N);
        for (int c = 0; c < total && !ctl.stop(chk); ++c) {
          chk.cycle = static_cast<uint64_t>(c);
          std::fill(in.valid.begin(), in.valid.end(), 0);
          if (c < R) {
            const auto& r = s.rounds[uz(c)];
            in.cfg = r.cfg;
            for (int i = 0; i < v.N; ++i) {
              const size_t u = uz(i);
              if (!r.send[u]) continue;
              in.valid[u] = 1;
              in.data[u] = twin::a2a_message(v.N, v.W, i, r.dest[u]);
              in.tag[u] = r.tag[u];
            }
            if (v.control == Ctrl::Indiv) {  // the state matrix of the round's configuration
              const int H = v.N / 2;
              for (int st = 0; st < n; ++st)
                for (int y = 0; y < H; ++y)
                  in.states[uz(st * H + y)] = static_cast<uint8_t>(
                      btopo ? (btopo->stage_cross(r.cfg, st) ? 1 : 0)
                            : gsen::switch_state(Ctrl::Stage, r.cfg, n, st, y));
            }
          }
          drive_fabric(p, v, n, in, {}, img);
          sim.settle();
          const twin::FabricOut o = eval_twin(*tw, v, in, {});
          if (!compare_outputs(p.out_valid, p.out_data, p.out_conflict, v.N, v.W, n, o, img, chk))
            return false;
          if (sim.failed()) return chk.fail("RTL assertion failed");
          for (int j = 0; j < v.N; ++j) {
            if (!p.out_valid.bit(j)) continue;
            const uint64_t d = p.out_data.get(j * v.W, v.W);
            const int src = static_cast<int>(d & ((1u << iw) - 1));
            const int dst = static_cast<int>((d >> iw) & ((1u << iw) - 1));
            if (dst != j)
              return chk.fail("port " + std::to_string(j) + " got a message for " +
                              std::to_string(dst));
            ++arrivals[uz(src * v.N + j)];
          }
          sim.edge();
          tw->clock();
        }
        if (ctl.stop(chk)) return true;
        std::set<Pair> missing(s.missing.begin(), s.missing.end());
        for (int i = 0; i < v.N; ++i)
          for (int j = 0; j < v.N; ++j) {
            const int want = missing.count({i, j}) ? 0 : 1;
            if (arrivals[uz(i * v.N + j)] != want)
              return chk.fail("pair " + std::to_string(i) + "->" + std::to_string(j) + " arrived " +
                              std::to_string(arrivals[uz(i * v.N + j)]) + " times, expected " +
                              std::to_string(want));
          }
        total_cycles = total;
        return true;
      });
  if (cycles_out) *cycles_out = total_cycles;
  return out;
}

}  // namespace minforge::tb
