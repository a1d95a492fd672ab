// The all-to-all family's lockstep harness (a2a_rtl.hpp).
#include "a2a/a2a_rtl.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/pack.hpp"
#include "core/sim.hpp"
#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/twin/banyan/banyan_fabric.hpp"
#include "minforge/twin/gsen/gsen_fabric.hpp"

namespace minforge::tb {

namespace {

int clog2(int v) { return ceil_log2(static_cast<uint64_t>(v)); }
size_t uz(int v) { return static_cast<size_t>(v); }

}  // namespace

const char* ctrl_name(Ctrl c) { return params::name(c).data(); }

const char* fault_name(int kind) {
  const auto f = static_cast<params::Fault>(kind);
  return (params::name(f) == "?" ? params::name(params::Fault::Dead) : params::name(f)).data();
}

// ---------------------------------------------------------------- the model's manifest
A2aModel::A2aModel(const Model& m) : m_(&m) {
  if (m.manifest.empty()) throw std::logic_error(m.name + " has no sweep manifest");
  const nlohmann::json j = nlohmann::json::parse(m.manifest);
  top_ = j.at("top").get<std::string>();
  auto net = [](const nlohmann::json& e) {
    return e.at("net").get<std::string>() == "banyan" ? Net::Banyan : Net::Gsen;
  };
  for (const auto& e : j.at("fabrics"))
    fab_.push_back(
        A2aFabricVariant{e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("W").get<int>(),
                         static_cast<Ctrl>(e.at("control").get<int>()),
                         e.at("pipeline").get<int>() != 0, e.at("round_valid").get<int>() != 0});
  for (const auto& e : j.at("engines"))
    eng_.push_back(A2aEngineVariant{
        e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("W").get<int>(),
        static_cast<Sched>(e.at("sched").get<int>()), e.at("pipeline").get<int>() != 0,
        e.at("use_tags").get<int>() != 0, static_cast<Ctrl>(e.at("player_control").get<int>()),
        e.at("player_len").get<int>(), e.value("B", 1)});
  if (j.contains("xchgs"))
    for (const auto& e : j.at("xchgs"))
      xch_.push_back(A2aXchgVariant{
          e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("DW").get<int>(),
          e.at("B").get<int>(), static_cast<Sched>(e.at("sched").get<int>()),
          e.at("pipeline").get<int>() != 0, e.at("use_tags").get<int>() != 0,
          static_cast<Ctrl>(e.at("player_control").get<int>()), e.at("player_len").get<int>(),
          e.value("src_lat", 1)});
}

std::string A2aModel::describe_fabric(int k) const {
  const A2aFabricVariant& v = fab_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_fabric N=" << v.N
     << " W=" << v.W << " CONTROL=" << ctrl_name(v.control) << " PIPELINE=" << v.pipeline;
  if (v.round_valid) os << " ROUND_VALID=1";
  os << " [" << top_ << " fabric variant " << k << "]";
  return os.str();
}

std::string A2aModel::describe_engine(int k) const {
  const A2aEngineVariant& v = eng_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_a2a_engine N=" << v.N
     << " W=" << v.W;
  if (v.net == Net::Gsen) os << " SCHED=" << static_cast<int>(v.sched);
  if (v.B != 1) os << " B=" << v.B;
  os << " PIPELINE=" << v.pipeline << " USE_TAGS=" << v.use_tags;
  if (v.sched == Sched::Player)
    os << " PLAYER_CONTROL=" << ctrl_name(v.player_control) << " PLAYER_LEN=" << v.player_len;
  os << " [" << top_ << " engine variant " << k << "]";
  return os.str();
}

std::string A2aModel::describe_xchg(int k) const {
  const A2aXchgVariant& v = xch_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_a2a_xchg N=" << v.N
     << " DW=" << v.DW << " B=" << v.B;
  if (v.net == Net::Gsen) os << " SCHED=" << static_cast<int>(v.sched);
  os << " PIPELINE=" << v.pipeline << " USE_TAGS=" << v.use_tags;
  if (v.sched == Sched::Player)
    os << " PLAYER_CONTROL=" << ctrl_name(v.player_control) << " PLAYER_LEN=" << v.player_len;
  if (v.src_lat != 1) os << " SRC_LAT=" << v.src_lat;
  os << " [" << top_ << " xchg variant " << k << "]";
  return os.str();
}

namespace {

// ---------------------------------------------------------------- fabric ports
// The f_* ports of a sweep top, and the packed images the twin's outputs are compared as.
struct FabricPorts {
  Port sel, rst, in_valid, in_data, in_cfg, in_tag, fault_en, fault_stage, fault_elem, fault_kind,
      out_valid, out_data, out_conflict;
  explicit FabricPorts(Sim& s)
      : sel(s.port("f_sel")),
        rst(s.port("rst")),
        in_valid(s.port("f_in_valid")),
        in_data(s.port("f_in_data")),
        in_cfg(s.port("f_in_cfg")),
        in_tag(s.port("f_in_tag")),
        fault_en(s.port("f_fault_en")),
        fault_stage(s.port("f_fault_stage")),
        fault_elem(s.port("f_fault_elem")),
        fault_kind(s.port("f_fault_kind")),
        out_valid(s.port("f_out_valid")),
        out_data(s.port("f_out_data")),
        out_conflict(s.port("f_out_conflict")) {}
};

// Images of one variant's vectors (scratch, sized once).
struct Images {
  std::vector<uint8_t> valid, data, tag, cfg, conflict;
  void size(int N, int W, int n) {
    valid.assign(image_bytes(uz(N)) + 8, 0);
    data.assign(image_bytes(uz(N) * uz(W)) + 8, 0);
    tag.assign(image_bytes(uz(N) * uz(n)) + 8, 0);
    cfg.assign(image_bytes(uz(n) * uz(N / 2)) + 8, 0);
    conflict.assign(image_bytes(uz(n) * uz(N / 2)) + 8, 0);
  }
};

std::unique_ptr<twin::StagedFabric> fabric_twin(const A2aFabricVariant& v) {
  if (v.net == Net::Banyan)
    return std::make_unique<twin::BanyanFabric>(v.N, v.W, v.control, v.pipeline);
  return std::make_unique<twin::GsenFabric>(v.N, v.W, v.control, v.pipeline);
}

void drive_fabric(FabricPorts& p, const A2aFabricVariant& v, int n, const twin::FabricIn& in,
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

void reset_fabric(Sim& sim, FabricPorts& p, const A2aFabricVariant& v, int n,
                  const twin::FabricIn& in, const BanyanFault& f, Images& img) {
  p.rst.set(1);
  for (int c = 0; c < 2; ++c) {
    drive_fabric(p, v, n, in, f, img);
    sim.cycle();
  }
  p.rst.set(0);
}

}  // namespace

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
        FabricPorts p(sim);
        Images img;
        img.size(v.N, v.W, n);
        p.in_valid.zero();
        p.sel.set(static_cast<uint64_t>(v.sel));
        twin::FabricIn in;
        in.resize(v.N, n);
        BanyanFault f;
        const int fsw = std::max(1, clog2(n));
        const uint64_t wmask = v.W >= 64 ? ~uint64_t{0} : ((uint64_t{1} << v.W) - 1);
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
        FabricPorts p(sim);
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

struct EnginePorts {
  Port sel, rst, start, pl_wr_en, pl_wr_addr, pl_wr_data, fault_en, fault_stage, fault_elem,
      fault_kind, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup, missing,
      conflicts, inject, round, cfg, valid, dst, tag, out_valid, out_data, out_conflict;
  explicit EnginePorts(Sim& s)
      : sel(s.port("e_sel")),
        rst(s.port("rst")),
        start(s.port("e_start")),
        pl_wr_en(s.port("e_pl_wr_en")),
        pl_wr_addr(s.port("e_pl_wr_addr")),
        pl_wr_data(s.port("e_pl_wr_data")),
        fault_en(s.port("e_fault_en")),
        fault_stage(s.port("e_fault_stage")),
        fault_elem(s.port("e_fault_elem")),
        fault_kind(s.port("e_fault_kind")),
        busy(s.port("e_busy")),
        done(s.port("e_done")),
        cycles(s.port("e_cycles")),
        delivered(s.port("e_delivered")),
        errors(s.port("e_errors")),
        err_dst(s.port("e_err_dst")),
        err_payload(s.port("e_err_payload")),
        err_dup(s.port("e_err_dup")),
        missing(s.port("e_missing")),
        conflicts(s.port("e_conflicts")),
        inject(s.port("e_inject")),
        round(s.port("e_round")),
        cfg(s.port("e_cfg")),
        valid(s.port("e_valid")),
        dst(s.port("e_dst")),
        tag(s.port("e_tag")),
        out_valid(s.port("e_out_valid")),
        out_data(s.port("e_out_data")),
        out_conflict(s.port("e_out_conflict")) {}
};

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
bool compare_engine(EnginePorts& p, const twin::A2aEngine& tw, const twin::A2aSchedule& s,
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

void load_player(Sim& sim, EnginePorts& p, const A2aEngineVariant& v, const twin::A2aSchedule& s) {
  if (v.net != Net::Gsen || v.sched != Sched::Player) return;
  write_player(sim, p.pl_wr_en, p.pl_wr_addr, p.pl_wr_data, s);
}

// One exchange on a running model: start, then every cycle compared until done.
bool exchange(Sim& sim, EnginePorts& p, twin::A2aEngine& tw, const RoundImages& ri, int n,
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

void setup_engine(Sim& sim, EnginePorts& p, const A2aEngineVariant& v, const twin::A2aSchedule& s,
                  const BanyanFault& fault) {
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
                          EnginePorts p(sim);
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
        EnginePorts p(sim);
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

struct XchgPorts {
  Port sel, start, pl_wr_en, pl_wr_addr, pl_wr_data, fault_en, fault_stage, fault_elem, fault_kind,
      src_rd_data, busy, done, inject, cycles, delivered, err_dst, err_dup, missing, conflicts,
      src_rd_en, src_rd_addr, snk_wr_en, snk_wr_addr, snk_wr_data;
  explicit XchgPorts(Sim& s)
      : sel(s.port("x_sel")),
        start(s.port("x_start")),
        pl_wr_en(s.port("x_pl_wr_en")),
        pl_wr_addr(s.port("x_pl_wr_addr")),
        pl_wr_data(s.port("x_pl_wr_data")),
        fault_en(s.port("x_fault_en")),
        fault_stage(s.port("x_fault_stage")),
        fault_elem(s.port("x_fault_elem")),
        fault_kind(s.port("x_fault_kind")),
        src_rd_data(s.port("x_src_rd_data")),
        busy(s.port("x_busy")),
        done(s.port("x_done")),
        inject(s.port("x_inject")),
        cycles(s.port("x_cycles")),
        delivered(s.port("x_delivered")),
        err_dst(s.port("x_err_dst")),
        err_dup(s.port("x_err_dup")),
        missing(s.port("x_missing")),
        conflicts(s.port("x_conflicts")),
        src_rd_en(s.port("x_src_rd_en")),
        src_rd_addr(s.port("x_src_rd_addr")),
        snk_wr_en(s.port("x_snk_wr_en")),
        snk_wr_addr(s.port("x_snk_wr_addr")),
        snk_wr_data(s.port("x_snk_wr_data")) {}
};

// One cycle of a data engine: every status output and every memory port compared.
bool compare_xchg(XchgPorts& p, const twin::A2aXchg& tw, Checker& chk) {
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
        XchgPorts p(sim);
        const int N = v.N, DW = v.DW, NB = v.N * v.B;
        const uint64_t dmask = DW >= 64 ? ~uint64_t{0} : ((uint64_t{1} << DW) - 1);
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
  EnginePorts pb(bare);
  setup_engine(bare, pb, v, s, {});
  Sim lock(m.model());
  EnginePorts pl(lock);
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
