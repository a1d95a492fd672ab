// Permutation realization in CB-LCANs (paper 003, section 4); see lcan_realize.hpp.
#include "minforge/algo/lcan/lcan_realize.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "minforge/algo/lcan/lcan_selfroute.hpp"

namespace minforge::lcan {
namespace {

std::string str(int64_t v) { return std::to_string(v); }

std::string port_str(PortRef p) {
  std::string s(1, p.side == PortRef::Up ? 'u' : 'd');
  s += std::to_string(p.index);
  return s;
}

int64_t ipow(int64_t b, int e) {
  int64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

}  // namespace

std::string_view realize_method_name(RealizeMethod m) {
  switch (m) {
    case RealizeMethod::Offline:
      return "offline";
    case RealizeMethod::NassimiSahni:
      return "nassimi-sahni";
    case RealizeMethod::RaghavendraBoppana:
      return "raghavendra-boppana";
  }
  return "?";
}

RealizeMethod parse_realize_method(std::string_view name) {
  for (auto m :
       {RealizeMethod::Offline, RealizeMethod::NassimiSahni, RealizeMethod::RaghavendraBoppana})
    if (name == realize_method_name(m)) return m;
  throw InvalidArgument("unknown realization method '" + std::string(name) +
                        "' (offline, nassimi-sahni, raghavendra-boppana)");
}

void check_realizable(const Network& net, RealizeMethod method) {
  if (net.wiring() != Wiring::CB)
    throw InvalidArgument(
        "permutation realization (paper 003, section 4) is defined for "
        "CB-LCANs; " +
        net.name() + " is a T-LCAN");
  if (!net.uniform())
    throw InvalidArgument(
        "permutation realization (section 4) needs one switch size at all "
        "levels; " +
        net.name() + " varies by level");
  if (net.levels() != net.full_levels())
    throw InvalidArgument("permutation realization needs all log_d N = " + str(net.full_levels()) +
                          " levels; " + net.name() + " has " + str(net.levels()));
  const int d = net.d(), u = net.u();
  if (method != RealizeMethod::Offline) {
    const std::string who(realize_method_name(method));
    if (!is_pow2(static_cast<uint64_t>(d)))
      throw InvalidArgument(who +
                            " self-routing needs a switch size d that is a power of two "
                            "(section 4.2); " +
                            net.name() + " has d = " + str(d));
    if (u < d)
      throw InvalidArgument(who +
                            " self-routing runs on the unfolded CB-LCAN(N, d, d), which "
                            "needs u >= d; " +
                            net.name() + " has u = " + str(u) + " < d = " + str(d) +
                            " (use --method offline)");
  }
}

std::optional<int64_t> theorem3_cycles(int d, int u, int levels) {
  if (d <= u) return 1;
  if (d % u != 0) return std::nullopt;
  return ipow(d / u, levels - 1);
}

int64_t offline_cycles(int d, int u, int levels) {
  if (d <= u) return 1;
  return ipow((d + u - 1) / u, levels - 1);
}

Realization settings_from_route(const Network& net, const UnfoldedRoute& route,
                                RealizeMethod method) {
  check_realizable(net, method);
  const int N = net.N(), d = net.d(), u = net.u(), n = net.levels();
  if (route.N != N || route.d != d || route.n != n)
    throw std::logic_error("lcan: route does not match the network");
  const int blocks = d > u ? (d + u - 1) / u : 1;  // upper blocks per level (embeddings)
  const int64_t C = offline_cycles(d, u, n);

  Realization r;
  r.method = method;
  r.cycles = static_cast<int>(C);
  r.theorem3_cycles = theorem3_cycles(d, u, n);
  r.perm = route.perm;

  // Per pair: its LCA level (most significant base-d digit where s and t differ) and cycle.
  std::vector<int> lca(static_cast<size_t>(N)), cyc(static_cast<size_t>(N));
  std::vector<int64_t> dpow(static_cast<size_t>(n) + 1, 1);
  for (int m = 1; m <= n; ++m) dpow[m] = dpow[m - 1] * d;
  for (int s = 0; s < N; ++s) {
    const int t = route.perm[s];
    int J = 0;
    for (int m = n - 1; m > 0; --m)
      if ((s / dpow[m]) % d != (t / dpow[m]) % d) {
        J = m;
        break;
      }
    lca[s] = J;
    int64_t c = 0;
    if (d > u)
      for (int m = 0; m + 1 < n; ++m) c = c * blocks + route.upper(s, m) / u;
    cyc[s] = static_cast<int>(c);
  }
  // Sources by cycle, ascending.
  r.cycle_source_begin.assign(static_cast<size_t>(C) + 1, 0);
  for (int s = 0; s < N; ++s) ++r.cycle_source_begin[static_cast<size_t>(cyc[s]) + 1];
  for (int64_t c = 0; c < C; ++c) r.cycle_source_begin[c + 1] += r.cycle_source_begin[c];
  r.sources.resize(static_cast<size_t>(N));
  {
    std::vector<int64_t> fill(r.cycle_source_begin.begin(), r.cycle_source_begin.end() - 1);
    for (int s = 0; s < N; ++s) r.sources[static_cast<size_t>(fill[cyc[s]]++)] = s;
  }

  // Way down, top level first: every connection claims downer t_m of its level-m switch;
  // on a clash the lower-numbered input port wins (downers before uppers) and the loser is
  // blocked.  Keys are in the coordinates of the unfolded CB-LCAN(N, d, d), unique within
  // one cycle (one embedding): the level-m switch (t / d^(m+1) ; K_0 .. K_{m-1}).
  std::vector<int64_t> top(static_cast<size_t>(N));
  for (int s = 0; s < N; ++s) top[s] = route.top_switch(s);
  std::vector<uint8_t> alive(static_cast<size_t>(N), 1);
  std::vector<int32_t> stamp(static_cast<size_t>(N), 0), owner(static_cast<size_t>(N)),
      rank(static_cast<size_t>(N));
  int32_t round = 0;
  for (int64_t c = 0; c < C; ++c) {
    auto src = r.cycle_sources(static_cast<int>(c));
    for (int m = n - 1; m >= 0; --m) {
      ++round;
      for (int s : src) {
        if (!alive[s] || lca[s] < m) continue;
        const int t = route.perm[s];
        const int64_t low = top[s] / dpow[n - 1 - m];  // K_0 .. K_{m-1}
        const int64_t key = ((t / dpow[m + 1]) * dpow[m] + low) * d + (t / dpow[m]) % d;
        const int rk =
            lca[s] == m ? static_cast<int>((s / dpow[m]) % d) : d + route.upper(s, m) % u;
        if (stamp[key] != round) {
          stamp[key] = round;
          owner[key] = s;
          rank[key] = rk;
        } else if (rk < rank[key]) {
          alive[owner[key]] = 0;
          owner[key] = s;
          rank[key] = rk;
        } else {
          alive[s] = 0;
        }
      }
    }
  }

  // Hops of the connections that made it, in CB-LCAN(N, d, u) labels: level-m switch
  // H u^m + Lo, Lo = (K_0 mod u) .. (K_{m-1} mod u) base u.  Each hop is first packed as
  // (global input port << 32 | output port number), ports numbered downers 0 .. d-1 then
  // uppers d .. d+u-1, which orders them by level, switch, input port.
  const int P = d + u;
  std::vector<int64_t> port_off(static_cast<size_t>(n) + 1, 0), upow(static_cast<size_t>(n) + 1, 1);
  for (int m = 0; m < n; ++m) {
    port_off[m + 1] = port_off[m] + int64_t{net.switches(m)} * P;
    upow[m + 1] = upow[m] * u;
  }
  const int64_t total_ports = port_off[n];
  std::vector<uint64_t> packed;
  std::vector<int32_t> slot;  // dense cycles: input port -> index into packed
  auto pack = [&](int m, int64_t sw, int in, int out) {
    packed.push_back(static_cast<uint64_t>(port_off[m] + sw * P + in) << 32 |
                     static_cast<uint32_t>(out));
  };
  r.cycle_hop_begin.assign(static_cast<size_t>(C) + 1, 0);
  for (int64_t c = 0; c < C; ++c) {
    packed.clear();
    for (int s : r.cycle_sources(static_cast<int>(c))) {
      if (!alive[s]) {
        r.blocked.push_back(s);
        continue;
      }
      const int t = route.perm[s], J = lca[s];
      int64_t lo = 0;
      for (int m = 0; m < J; ++m) {
        const int k = route.upper(s, m) % u;
        pack(m, (s / dpow[m + 1]) * upow[m] + lo, static_cast<int>((s / dpow[m]) % d), d + k);
        lo = lo * u + k;
      }
      pack(J, (s / dpow[J + 1]) * upow[J] + lo, static_cast<int>((s / dpow[J]) % d),
           static_cast<int>((t / dpow[J]) % d));
      for (int m = J - 1; m >= 0; --m) {
        const int k = route.upper(s, m) % u;
        lo /= u;
        pack(m, (t / dpow[m + 1]) * upow[m] + lo, d + k, static_cast<int>((t / dpow[m]) % d));
      }
    }
    if (static_cast<int64_t>(packed.size()) * 8 >= total_ports) {  // dense: place, then scan
      slot.assign(static_cast<size_t>(total_ports), -1);
      bool unique = true;
      for (size_t i = 0; i < packed.size() && unique; ++i) {
        int32_t& at = slot[packed[i] >> 32];
        unique = at < 0;
        at = static_cast<int32_t>(i);
      }
      if (unique) {
        std::vector<uint64_t> sorted;
        sorted.reserve(packed.size());
        for (int32_t i : slot)
          if (i >= 0) sorted.push_back(packed[static_cast<size_t>(i)]);
        packed.swap(sorted);
      } else {  // an input port set twice: keep both, the check reports it
        std::sort(packed.begin(), packed.end());
      }
    } else {
      std::sort(packed.begin(), packed.end());
    }
    int m = 0;
    for (uint64_t x : packed) {
      const int64_t g = static_cast<int64_t>(x >> 32);
      while (g >= port_off[m + 1]) ++m;
      const int64_t local = g - port_off[m];
      const int in = static_cast<int>(local % P), out = static_cast<int>(x & 0xffffffffu);
      auto ref = [&](int p) {
        return p < d ? PortRef{PortRef::Down, p} : PortRef{PortRef::Up, p - d};
      };
      r.hops.push_back(Hop{m, static_cast<int>(local / P), ref(in), ref(out)});
    }
    r.cycle_hop_begin[static_cast<size_t>(c) + 1] = static_cast<int64_t>(r.hops.size());
  }
  std::sort(r.blocked.begin(), r.blocked.end());
  return r;
}

Realization realize(const Network& net, const Permutation& perm, RealizeMethod method) {
  check_realizable(net, method);
  check_for_network(net, perm);
  const UnfoldedRoute route =
      method == RealizeMethod::Offline
          ? lpv_route(perm, net.d())
          : self_route(perm, net.d(),
                       method == RealizeMethod::NassimiSahni ? SelfRouting::NassimiSahni
                                                             : SelfRouting::RaghavendraBoppana);
  return settings_from_route(net, route, method);
}

RoutingCheck route_settings(const Network& net, const Permutation& perm, const Realization& r) {
  const int N = net.N(), L = net.levels();
  RoutingCheck out;
  out.reach.assign(static_cast<size_t>(N), -1);
  auto fail = [&](int64_t& counter, auto&& what) {
    ++counter;
    if (out.first_error.empty()) out.first_error = what();
  };
  if (static_cast<int64_t>(perm.size()) != N || r.cycles < 0 ||
      r.cycle_source_begin.size() != static_cast<size_t>(r.cycles) + 1 ||
      r.cycle_hop_begin.size() != static_cast<size_t>(r.cycles) + 1) {
    out.first_error = "realization and network do not match";
    return out;
  }
  // One record per switch port (port number: downers 0 .. d-1, uppers d .. d+u-1), stamped
  // with the cycle: the crossbar input (the output port it is set to), whether a
  // connection was driven out of it, whether a connection passed through it, and for a downer the
  // two directed wires of the connector below it (up: towards this switch, down: away from it).
  struct PortState {
    int32_t in_cycle = -1, out_cycle = -1, used_cycle = -1, wire_up = -1, wire_down = -1;
    int32_t out = -1;
  };
  std::vector<int> P(static_cast<size_t>(L));
  std::vector<std::vector<PortState>> ports(static_cast<size_t>(L));
  for (int i = 0; i < L; ++i) {
    P[i] = net.d(i) + net.u(i);
    ports[i].assign(static_cast<size_t>(net.switches(i)) * P[i], PortState{});
  }
  auto port_no = [&](int level, PortRef p) {
    return p.side == PortRef::Down ? p.index : net.d(level) + p.index;
  };
  auto state = [&](int level, int sw, int port) -> PortState& {
    return ports[level][static_cast<size_t>(sw) * P[level] + port];
  };
  std::vector<int> seen(static_cast<size_t>(N), 0);
  for (int c = 0; c < r.cycles; ++c) {
    const auto hops = r.cycle_hops(c);
    std::vector<uint8_t> valid(hops.size(), 0);
    for (size_t h = 0; h < hops.size(); ++h) {
      const Hop& x = hops[h];
      auto where = [&] { return "cycle " + str(c) + ": setting " + str(static_cast<int64_t>(h)); };
      if (x.level < 0 || x.level >= L || x.sw < 0 || x.sw >= net.switches(x.level)) {
        fail(out.bad_settings, [&] { return where() + " names no switch"; });
        continue;
      }
      const int d = net.d(x.level), u = net.u(x.level);
      auto in_range = [&](PortRef p) {
        return p.index >= 0 && p.index < (p.side == PortRef::Down ? d : u);
      };
      if (!in_range(x.in) || !in_range(x.out)) {
        fail(out.bad_settings, [&] { return where() + " names a port out of range"; });
        continue;
      }
      if (x.in.side == PortRef::Up && x.out.side == PortRef::Up) {
        fail(out.bad_settings, [&] { return where() + " connects an upper to an upper"; });
        continue;
      }
      if (x.level == L - 1 && (x.in.side == PortRef::Up || x.out.side == PortRef::Up)) {
        fail(out.bad_settings, [&] { return where() + " uses an upper of the top level"; });
        continue;
      }
      PortState& in = state(x.level, x.sw, port_no(x.level, x.in));
      PortState& o = state(x.level, x.sw, port_no(x.level, x.out));
      auto sw_name = [&] { return " of level-" + str(x.level) + " switch " + str(x.sw); };
      if (in.in_cycle == c) {
        fail(out.bad_settings,
             [&] { return where() + " sets input " + port_str(x.in) + sw_name() + " twice"; });
        continue;
      }
      if (o.out_cycle == c) {
        fail(out.bad_settings,
             [&] { return where() + " drives output " + port_str(x.out) + sw_name() + " twice"; });
        continue;
      }
      in.in_cycle = c;
      in.out = port_no(x.level, x.out);
      o.out_cycle = c;
      valid[h] = 1;
    }
    // A directed wire is the connector below downer j of (level, sw), up or down.
    auto take_wire = [&](int level, int sw, int j, bool down, int s) {
      int32_t& w = down ? state(level, sw, j).wire_down : state(level, sw, j).wire_up;
      ++out.wires_used;
      if (w == c) {
        fail(out.wire_conflicts, [&] {
          return "cycle " + str(c) + ": the " + (down ? "down" : "up") + "ward wire below downer " +
                 str(j) + " of level-" + str(level) + " switch " + str(sw) +
                 " carries two connections (one from PE " + str(s) + ")";
        });
        return;
      }
      w = c;
    };
    for (int s : r.cycle_sources(c)) {
      if (s < 0 || s >= N) {
        fail(out.missing,
             [&] { return "cycle " + str(c) + " lists PE " + str(s) + ", out of range"; });
        continue;
      }
      ++seen[s];
      const End at = net.attach(s);
      int level = 0, sw = at.sw, in = at.port, end = -1;
      take_wire(0, sw, at.port, false, s);
      out.reach[s] = std::max(out.reach[s], 0);
      for (int step = 0; step <= 2 * L + 1 && end < 0; ++step) {
        PortState& ps = state(level, sw, in);
        if (ps.in_cycle != c) break;  // no setting: the connection stops here
        ps.used_cycle = c;
        const int d = net.d(level);
        if (ps.out >= d) {  // up through upper ps.out - d
          const End nx = net.up(level, sw, ps.out - d);
          ++level;
          take_wire(level, nx.sw, nx.port, false, s);
          sw = nx.sw;
          in = nx.port;
          out.reach[s] = std::max(out.reach[s], level);
        } else {  // down through downer ps.out
          take_wire(level, sw, ps.out, true, s);
          const End nx = net.down(level, sw, ps.out);
          if (level == 0) {
            end = nx.sw;
          } else {
            --level;
            sw = nx.sw;
            in = net.d(level) + nx.port;
          }
        }
      }
      auto pair = [&] { return "cycle " + str(c) + ": PE " + str(s) + " -> " + str(perm[s]); };
      if (end < 0)
        fail(out.broken, [&] {
          return pair() + " stops at level-" + str(level) + " switch " + str(sw) + " (input port " +
                 str(in) + " has no setting)";
        });
      else if (end != perm[s])
        fail(out.misrouted, [&] { return pair() + " arrives at PE " + str(end); });
      else
        ++out.delivered;
    }
    for (size_t h = 0; h < hops.size(); ++h) {
      if (!valid[h]) continue;
      const Hop& x = hops[h];
      if (state(x.level, x.sw, port_no(x.level, x.in)).used_cycle != c)
        fail(out.unused_settings, [&] {
          return "cycle " + str(c) + ": the connection " + port_str(x.in) + " -> " +
                 port_str(x.out) + " of level-" + str(x.level) + " switch " + str(x.sw) +
                 " carries no PE's connection";
        });
    }
  }
  for (int s = 0; s < N; ++s)
    if (seen[s] != 1)
      fail(out.missing,
           [&] { return "PE " + str(s) + " is routed in " + str(seen[s]) + " cycles"; });
  out.verified = out.delivered == N && out.misrouted == 0 && out.broken == 0 &&
                 out.wire_conflicts == 0 && out.bad_settings == 0 && out.unused_settings == 0 &&
                 out.missing == 0;
  return out;
}

}  // namespace minforge::lcan
