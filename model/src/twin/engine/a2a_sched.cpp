// The schedulers' and sources' tables (a2a_sched.hpp).
#include "minforge/twin/engine/a2a_sched.hpp"

#include <stdexcept>
#include <string>

#include "minforge/algo/banyan/banyan.hpp"
#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/algo/gsen/gsen_schedule.hpp"

namespace minforge::twin {

uint64_t a2a_message(int N, int W, int i, int j) {
  const int iw = ceil_log2(static_cast<uint64_t>(N));
  const int pw = W - 2 * iw;
  if (pw < 4)
    throw InvalidArgument("message width W = " + std::to_string(W) +
                          " too small for N = " + std::to_string(N) + ": needs 2*" +
                          std::to_string(iw) + " index bits + 4 payload bits");
  uint64_t pay = a2a_payload32(static_cast<uint32_t>(i), static_cast<uint32_t>(j));
  if (pw < 64) pay &= (uint64_t{1} << pw) - 1;
  const uint64_t w =
      (pay << (2 * iw)) | (static_cast<uint64_t>(j) << iw) | static_cast<uint64_t>(i);
  return W == 64 ? w : (w & ((uint64_t{1} << W) - 1));
}

namespace {

A2aSchedule empty_schedule(Net net, int N, Ctrl c, int rounds) {
  A2aSchedule s;
  s.net = net;
  s.ports = N;
  s.control = c;
  s.rounds.resize(static_cast<size_t>(rounds));
  for (auto& r : s.rounds) {
    r.send.assign(static_cast<size_t>(N), 0);
    r.dest.assign(static_cast<size_t>(N), -1);
    r.tag.assign(static_cast<size_t>(N), 0);
  }
  return s;
}

}  // namespace

A2aSchedule gsen_sched_alt(int N) {
  gsen::OnTheFlyExchange x(N);
  A2aSchedule s = empty_schedule(Net::Gsen, N, Ctrl::Alt, x.rounds());
  for (int k = 0; k < x.rounds(); ++k) {
    A2aRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = x.config(k);
    for (int i = 0; i < N; ++i) {
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = x.dest(i, k);
      r.tag[static_cast<size_t>(i)] = x.tag(i, k);
    }
  }
  return s;
}

A2aSchedule gsen_sched_stage(int N) {
  const gsen::Schedule g = gsen::personalized_exchange_stage(N);
  A2aSchedule s = empty_schedule(Net::Gsen, N, Ctrl::Stage, g.rounds());
  for (int k = 0; k < g.rounds(); ++k) {
    A2aRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = g.configs[static_cast<size_t>(k)];
    for (int i = 0; i < N; ++i) {
      const int d = g.dest[static_cast<size_t>(i)][static_cast<size_t>(k)];
      if (d < 0) continue;
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = d;
      r.tag[static_cast<size_t>(i)] =
          static_cast<uint32_t>(g.tags[static_cast<size_t>(i)][static_cast<size_t>(k)]);
    }
  }
  return s;
}

A2aSchedule gsen_sched_player(int N, Ctrl control, const std::vector<uint32_t>& configs) {
  const gsen::Topology t(N);
  if (!gsen::numbered(control))
    throw InvalidArgument(
        "the player replays configuration numbers: control stage, alt, alt2 or alt4");
  if (configs.empty()) throw InvalidArgument("the configuration list is empty");
  A2aSchedule s = empty_schedule(Net::Gsen, N, control, static_cast<int>(configs.size()));
  std::vector<uint8_t> sent(static_cast<size_t>(N) * static_cast<size_t>(N), 0);
  for (size_t k = 0; k < configs.size(); ++k) {
    if (configs[k] >= t.power())
      throw InvalidArgument("configuration " + std::to_string(configs[k]) +
                            " >= 2^n = " + std::to_string(t.power()));
    A2aRound& r = s.rounds[k];
    r.cfg = configs[k];
    for (int i = 0; i < N; ++i) {
      const gsen::Endpoint e = gsen::route_endpoint(t, control, configs[k], i);
      uint8_t& done =
          sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(e.dest)];
      if (done) continue;
      done = 1;
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = e.dest;
      r.tag[static_cast<size_t>(i)] = e.forward_tag;
    }
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      if (!sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j)])
        s.missing.emplace_back(i, j);
  return s;
}

A2aSchedule gsen_sched_player(int N, const std::vector<gsen::Configuration>& configs) {
  const gsen::Topology t(N);
  if (configs.empty()) throw InvalidArgument("the configuration list is empty");
  const int n = t.stages();
  const int H = t.switches_per_stage();
  A2aSchedule s = empty_schedule(Net::Gsen, N, Ctrl::Indiv, static_cast<int>(configs.size()));
  std::vector<uint8_t> sent(static_cast<size_t>(N) * static_cast<size_t>(N), 0);
  for (size_t k = 0; k < configs.size(); ++k) {
    const gsen::Configuration& c = configs[k];
    if (c.stages() != n || c.switches_per_stage() != H)
      throw InvalidArgument("configuration " + std::to_string(k) +
                            " is not a state matrix of the " + std::to_string(N) + " x " +
                            std::to_string(N) + " GSEN");
    A2aRound& r = s.rounds[k];
    r.states.assign(static_cast<size_t>(n * H), 0);
    for (int st = 0; st < n; ++st)
      for (int y = 0; y < H; ++y)
        r.states[static_cast<size_t>(st * H + y)] = static_cast<uint8_t>(c.state(st, y));
    for (int b = 0; b < n; ++b)
      r.cfg |= static_cast<uint32_t>(r.states[static_cast<size_t>(b)]) << b;
    for (int i = 0; i < N; ++i) {
      const gsen::Path p = gsen::route(t, c, i);
      uint8_t& done =
          sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(p.dest)];
      if (done) continue;
      done = 1;
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = p.dest;
      r.tag[static_cast<size_t>(i)] = p.forward_tag;
    }
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      if (!sent[static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j)])
        s.missing.emplace_back(i, j);
  return s;
}

A2aSchedule banyan_sched_latin(int N) {
  const banyan::Topology t(N);
  A2aSchedule s = empty_schedule(Net::Banyan, N, Ctrl::Stage, N);
  const int m = t.stages();
  for (int k = 0; k < N; ++k) {
    A2aRound& r = s.rounds[static_cast<size_t>(k)];
    r.cfg = static_cast<uint32_t>(k);
    for (int i = 0; i < N; ++i) {
      const banyan::Route rt = banyan::route(t, static_cast<uint32_t>(k), i);
      r.send[static_cast<size_t>(i)] = 1;
      r.dest[static_cast<size_t>(i)] = banyan::gamma(t, static_cast<uint32_t>(k), i);
      // Self-routing tag: the out-subport taken at each stage (bit m-1-stage); replayed
      // position by position: at stage st the out-subport is (p & 1) xor state.
      uint32_t tag = 0;
      int p = i;
      for (int st = 0; st < m; ++st) {
        const int f = (p & 1) ^ (t.stage_cross(static_cast<uint32_t>(k), st) ? 1 : 0);
        tag |= static_cast<uint32_t>(f) << (m - 1 - st);
        p = (p & ~1) | f;
        if (st < m - 1) p = t.tau(st, p);
      }
      if (p != r.dest[static_cast<size_t>(i)] || rt.dest != p)
        throw std::logic_error("banyan_sched_latin: replay disagrees with gamma");
      r.tag[static_cast<size_t>(i)] = tag;
    }
  }
  return s;
}

std::vector<uint32_t> player_entry(int N, const A2aRound& r) {
  const int n = ceil_log2(static_cast<uint64_t>(N));
  const int cw = r.states.empty() ? n : static_cast<int>(r.states.size());
  const int cw4 = 4 * ((cw + 3) / 4);
  const int bits = N + cw4;
  std::vector<uint32_t> w(static_cast<size_t>((bits + 31) / 32), 0);
  auto set = [&](int b) { w[static_cast<size_t>(b / 32)] |= 1u << (b % 32); };
  for (int b = 0; b < cw; ++b)
    if (r.states.empty() ? (r.cfg >> b) & 1u : r.states[static_cast<size_t>(b)]) set(b);
  for (int i = 0; i < N; ++i)
    if (r.send[static_cast<size_t>(i)]) set(cw4 + i);
  return w;
}

int player_port_bits(int N) {
  const int n = ceil_log2(static_cast<uint64_t>(N));
  return N + 4 * ((n + 3) / 4);
}

std::vector<std::vector<uint32_t>> player_beats(int N, const A2aRound& r) {
  const std::vector<uint32_t> e = player_entry(N, r);
  const int n = ceil_log2(static_cast<uint64_t>(N));
  const int cw = r.states.empty() ? n : static_cast<int>(r.states.size());
  const int bits = N + 4 * ((cw + 3) / 4);  // the entry (ENTRY_W)
  const int pw = player_port_bits(N);
  std::vector<std::vector<uint32_t>> beats;
  for (int lo = 0; lo < bits; lo += pw) {
    std::vector<uint32_t> b(static_cast<size_t>((pw + 31) / 32), 0);
    for (int k = 0; k < pw && lo + k < bits; ++k)
      if ((e[static_cast<size_t>((lo + k) / 32)] >> ((lo + k) % 32)) & 1u)
        b[static_cast<size_t>(k / 32)] |= 1u << (k % 32);
    beats.push_back(std::move(b));
  }
  return beats;
}

}  // namespace minforge::twin
