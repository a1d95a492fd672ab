// RN1 networks (paper 002): the wirings of the three networks (ported from the former
// scripts/gen_rn1_nets.py, same routers, links and seeds), fault sets, path expansion
// (Equations 20.1-20.5) and the analytic acceptance model.
#include "minforge/algo/rn1/rn1_topology.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <utility>

namespace minforge::rn1 {

Topology parse_topology(std::string_view name) {
  if (name == "fig20.7") return Topology::kFig20_7;
  if (name == "fig20.9") return Topology::kFig20_9;
  if (name == "rn1-64") return Topology::kRn1_64;
  if (name == "fig20.3") return Topology::kFig20_3;
  if (name == "fig20.4") return Topology::kFig20_4;
  if (name == "fig20.7-d2last") return Topology::kFig20_7D;
  throw InvalidArgument("rn1: unknown topology '" + std::string(name) +
                        "' (fig20.7, fig20.9, rn1-64, fig20.3, fig20.4, fig20.7-d2last)");
}

const std::vector<Topology>& all_topologies() {
  static const std::vector<Topology> v = {Topology::kFig20_7, Topology::kFig20_9,
                                          Topology::kRn1_64,  Topology::kFig20_3,
                                          Topology::kFig20_4, Topology::kFig20_7D};
  return v;
}

const std::vector<Topology>& rtl_topologies() {
  static const std::vector<Topology> v = {Topology::kFig20_7, Topology::kFig20_9, Topology::kRn1_64,
                                          Topology::kFig20_3, Topology::kFig20_4};
  return v;
}

std::string topology_name(Topology t) {
  switch (t) {
    case Topology::kFig20_7:
      return "fig20.7";
    case Topology::kFig20_9:
      return "fig20.9";
    case Topology::kRn1_64:
      return "rn1-64";
    case Topology::kFig20_3:
      return "fig20.3";
    case Topology::kFig20_4:
      return "fig20.4";
    case Topology::kFig20_7D:
      return "fig20.7-d2last";
  }
  return "?";
}

// ---------------------------------------------------------------- wirings
// Networks (two inputs and two outputs per endpoint, n = m = 2):
//   fig20.7  16x16, Fig. 20.7: stages 1-3 of 4x2 dilation-2 crossbars (8 each), stage 4 of
//            2x2 dilation-1 crossbars (16); routing digit = 1 destination bit per stage.
//   fig20.9  16x16, Fig. 20.9: stage 1 = 4 RN1 in 8x4/dilation-2 mode, stage 2 = 4 RN1 in
//            dual 4x4 mode; each 4x4 half of a package serves a different group of endpoints.
//   rn1-64   64 endpoints, stages 1-2 = 16 RN1 8x4/dilation-2 each, stage 3 = 16 RN1 dual 4x4.
// Wiring rules (expansive, sections 20.3-20.4): an endpoint's two inputs enter two different
// first-stage routers that form a grid (no two endpoints share both first-stage routers where
// the router count allows it); the two outputs of one logical direction of a router always
// lead to different next-stage components; the first-stage routers are split into two sets
// whose direction outputs reach complementary halves of the next stage, so the paths of one
// source fan out over distinct components (full path expansion, Table 20.1).
//
// The order of add() calls is the link numbering (the RTL tops' per-link port bits, the
// fault sites of random_faults, the link numbers the board tests name): keep it.

uint16_t router_seed_xor(int r) { return static_cast<uint16_t>(0x9E37 * (r + 1)); }

uint16_t endpoint_seed_xor(int e) { return static_cast<uint16_t>((0x6A09 * (e + 1)) ^ 0x5555); }

namespace {

NodeRef ep(int e, int port) { return {true, e, port}; }
NodeRef rt(int r, int port) { return {false, r, port}; }

// Builds one NetSpec: routers in index order, links in call order.
class Wiring {
 public:
  Wiring(std::string name, std::string rtl_top, int endpoints, int stages, int ports = 2) {
    n_.endpoint_ports = ports;
    n_.name = std::move(name);
    n_.rtl_top = std::move(rtl_top);
    n_.endpoints = endpoints;
    n_.stages = stages;
  }
  // `count` routers of one kind in stage `stage`; returns their indices.
  std::vector<int> routers(int count, int stage, RouterKind kind, int inputs, int radix,
                           int dilation) {
    std::vector<int> ids;
    for (int k = 0; k < count; ++k) {
      const int r = static_cast<int>(n_.routers.size());
      n_.routers.push_back({stage, kind, inputs, radix, dilation, router_seed_xor(r)});
      ids.push_back(r);
    }
    return ids;
  }
  void add(NodeRef src, NodeRef dst) { n_.links.push_back({src, dst}); }
  // Every router input and output and every endpoint port is used by exactly one link.
  NetSpec finish() {
    for (int e = 0; e < n_.endpoints; ++e) n_.endpoint_seed_xor.push_back(endpoint_seed_xor(e));
    const int nr = static_cast<int>(n_.routers.size());
    std::vector<std::vector<int>> r_in(nr), r_out(nr);
    for (int r = 0; r < nr; ++r) {
      const RouterSpec& rs = n_.routers[r];
      r_in[r].assign(rs.inputs, 0);
      r_out[r].assign(rs.radix * rs.dilation, 0);
    }
    std::vector<std::vector<int>> e_src(n_.endpoints, std::vector<int>(n_.endpoint_ports, 0));
    std::vector<std::vector<int>> e_dst = e_src;
    auto use = [&](const NodeRef& n, bool is_src) {
      std::vector<std::vector<int>>& ports =
          n.endpoint ? (is_src ? e_src : e_dst) : (is_src ? r_out : r_in);
      if (n.node < 0 || n.node >= static_cast<int>(ports.size()) || n.port < 0 ||
          n.port >= static_cast<int>(ports[n.node].size())) {
        throw std::logic_error("rn1 wiring " + n_.name + ": port out of range");
      }
      ++ports[n.node][n.port];
    };
    for (const LinkSpec& l : n_.links) {
      use(l.src, true);
      use(l.dst, false);
    }
    for (const auto* table : {&r_in, &r_out, &e_src, &e_dst}) {
      for (const auto& node : *table) {
        for (int uses : node) {
          if (uses != 1) {
            throw std::logic_error("rn1 wiring " + n_.name + ": a port is used " +
                                   std::to_string(uses) + " times");
          }
        }
      }
    }
    return std::move(n_);
  }

 private:
  NetSpec n_;
};

// Python-style modulo (non-negative for a positive m).
int pmod(int a, int m) { return ((a % m) + m) % m; }

// Fig. 20.7 and its two variants: kFig20_4 connects endpoint e to first-stage routers e/4
// and 4 + e/4 (Fig. 20.4: the pairs {k, 4+k} share four endpoints) instead of the grid
// e/4, 4 + e%4 (Fig. 20.5); kFig20_7D replaces the 16 2x2/d1 last-stage crossbars by 8
// 4x2/d2 ones, router t serving endpoints 2t and 2t+1 with both outputs of a direction
// (section 20.5: a single last-stage router then isolates two endpoints, m/d = 1).
NetSpec make_fig20_7(Topology variant) {
  const bool non_expansive = variant == Topology::kFig20_4;
  const bool dilated_last = variant == Topology::kFig20_7D;
  Wiring w(
      topology_name(variant),
      variant == Topology::kFig20_7D ? "" : (non_expansive ? "rn1_net_fig20_4" : "rn1_net_fig20_7"),
      16, 4);
  const auto s1 = w.routers(8, 1, RouterKind::kCore, 4, 2, 2);
  const auto s2 = w.routers(8, 2, RouterKind::kCore, 4, 2, 2);                // index 4*b + j
  const auto s3 = w.routers(8, 3, RouterKind::kCore, 4, 2, 2);                // index 2*quarter + k
  const auto s4 = dilated_last ? w.routers(8, 4, RouterKind::kCore, 4, 2, 2)  // index eighth
                               : w.routers(16, 4, RouterKind::kCore, 2, 2, 1);  // 2*eighth + k
  for (int e = 0; e < 16; ++e) {
    w.add(ep(e, 0), rt(s1[e / 4], e % 4));
    if (non_expansive) {
      w.add(ep(e, 1), rt(s1[4 + e / 4], e % 4));
    } else {
      w.add(ep(e, 1), rt(s1[4 + e % 4], e / 4));
    }
  }
  for (int a = 0; a < 8; ++a) {
    for (int b = 0; b < 2; ++b) {
      for (int k = 0; k < 2; ++k) {
        const int j = a < 4 ? k : 2 + k;
        w.add(rt(s1[a], 2 * b + k), rt(s2[4 * b + j], a % 4));
      }
    }
  }
  for (int b = 0; b < 2; ++b) {
    for (int j = 0; j < 4; ++j) {
      for (int b2 = 0; b2 < 2; ++b2) {
        for (int k = 0; k < 2; ++k) {
          const int q = 2 * b + b2;
          w.add(rt(s2[4 * b + j], 2 * b2 + k), rt(s3[2 * q + k], j));
        }
      }
    }
  }
  for (int q = 0; q < 4; ++q) {
    for (int k = 0; k < 2; ++k) {
      for (int b3 = 0; b3 < 2; ++b3) {
        for (int k2 = 0; k2 < 2; ++k2) {
          const int e8 = 2 * q + b3;
          if (dilated_last) {
            w.add(rt(s3[2 * q + k], 2 * b3 + k2), rt(s4[e8], 2 * k + k2));
          } else {
            w.add(rt(s3[2 * q + k], 2 * b3 + k2), rt(s4[2 * e8 + k2], k));
          }
        }
      }
    }
  }
  for (int e8 = 0; e8 < 8; ++e8) {
    if (dilated_last) {
      for (int b4 = 0; b4 < 2; ++b4) {
        for (int j = 0; j < 2; ++j) w.add(rt(s4[e8], 2 * b4 + j), ep(2 * e8 + b4, j));
      }
      continue;
    }
    for (int k2 = 0; k2 < 2; ++k2) {
      for (int b4 = 0; b4 < 2; ++b4) w.add(rt(s4[2 * e8 + k2], b4), ep(2 * e8 + b4, k2));
    }
  }
  return w.finish();
}

// Fig. 20.3: the unique-path 16 x 16 network of 2x2 crossbars (dilation 1), one network
// input and one output per endpoint.  A butterfly: endpoint e drives line e; stage k
// (1..4) sets bit p = 4 - k of the line to the routing digit (the destination's bits, most
// significant first); router = the line without bit p, input and output port = bit p.
// After stage 4 the line is the destination: exactly one path per pair.
NetSpec make_fig20_3() {
  Wiring w("fig20.3", "rn1_net_fig20_3", 16, 4, 1);
  std::vector<std::vector<int>> st;
  for (int k = 1; k <= 4; ++k) st.push_back(w.routers(8, k, RouterKind::kCore, 2, 2, 1));
  auto router_of = [](int line, int p) {  // the line without bit p
    return ((line >> (p + 1)) << p) | (line & ((1 << p) - 1));
  };
  for (int e = 0; e < 16; ++e) w.add(ep(e, 0), rt(st[0][router_of(e, 3)], (e >> 3) & 1));
  for (int k = 1; k <= 4; ++k) {
    const int p = 4 - k;
    for (int r = 0; r < 8; ++r) {
      for (int o = 0; o < 2; ++o) {
        // The line leaving output o of router r: r with bit o inserted at position p.
        const int line = ((r >> p) << (p + 1)) | (o << p) | (r & ((1 << p) - 1));
        if (k == 4) {
          w.add(rt(st[3][r], o), ep(line, 0));
        } else {
          w.add(rt(st[k - 1][r], o), rt(st[k][router_of(line, p - 1)], (line >> (p - 1)) & 1));
        }
      }
    }
  }
  return w.finish();
}

NetSpec make_fig20_9() {
  Wiring w("fig20.9", "rn1_net_fig20_9", 16, 2);
  const auto s1 = w.routers(4, 1, RouterKind::kRn1Single, 8, 4, 2);
  const auto s2 = w.routers(4, 2, RouterKind::kRn1Dual, 8, 4, 2);
  int cnt[4] = {0, 0, 0, 0};
  for (int e = 0; e < 16; ++e) {
    const int a = e % 4;
    const int b = (a + 1 + (e / 4) % 3) % 4;
    const int first[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
      const int r = first[k];
      w.add(ep(e, k), rt(s1[r], cnt[r]++));
    }
  }
  // Group g: crossbar k = package (g + k) % 4, half k.
  for (int a = 0; a < 4; ++a) {
    for (int g = 0; g < 4; ++g) {
      for (int k = 0; k < 2; ++k) {
        const int pkg = (g + k) % 4;
        w.add(rt(s1[a], 2 * g + k), rt(s2[pkg], 4 * k + a));
      }
    }
  }
  for (int pkg = 0; pkg < 4; ++pkg) {
    for (int half = 0; half < 2; ++half) {
      const int g = pmod(pkg - half, 4);
      for (int r = 0; r < 4; ++r) w.add(rt(s2[pkg], 4 * half + r), ep(4 * g + r, half));
    }
  }
  return w.finish();
}

NetSpec make_rn1_64() {
  Wiring w("rn1-64", "rn1_net_rn1_64", 64, 3);
  const auto s1 = w.routers(16, 1, RouterKind::kRn1Single, 8, 4, 2);
  const auto s2 = w.routers(16, 2, RouterKind::kRn1Single, 8, 4, 2);  // index 4*q + j
  const auto s3 = w.routers(16, 3, RouterKind::kRn1Dual, 8, 4, 2);
  for (int e = 0; e < 64; ++e) {
    w.add(ep(e, 0), rt(s1[e / 8], e % 8));
    w.add(ep(e, 1), rt(s1[8 + e % 8], e / 8));
  }
  for (int a = 0; a < 16; ++a) {
    for (int q = 0; q < 4; ++q) {
      for (int k = 0; k < 2; ++k) {
        const int j = a < 8 ? k : 2 + k;
        w.add(rt(s1[a], 2 * q + k), rt(s2[4 * q + j], a % 8));
      }
    }
  }
  // Group G = 4q + g: crossbar k = package (G + k) % 16, half k.
  for (int q = 0; q < 4; ++q) {
    for (int j = 0; j < 4; ++j) {
      for (int g = 0; g < 4; ++g) {
        for (int k = 0; k < 2; ++k) {
          const int G = 4 * q + g;
          const int pkg = (G + k) % 16;
          w.add(rt(s2[4 * q + j], 2 * g + k), rt(s3[pkg], 4 * k + j));
        }
      }
    }
  }
  for (int pkg = 0; pkg < 16; ++pkg) {
    for (int half = 0; half < 2; ++half) {
      const int G = pmod(pkg - half, 16);
      for (int r = 0; r < 4; ++r) w.add(rt(s3[pkg], 4 * half + r), ep(4 * G + r, half));
    }
  }
  return w.finish();
}

}  // namespace

const NetSpec& net_spec(Topology t) {
  static const NetSpec fig20_7 = make_fig20_7(Topology::kFig20_7);
  static const NetSpec fig20_9 = make_fig20_9();
  static const NetSpec rn1_64 = make_rn1_64();
  static const NetSpec fig20_3 = make_fig20_3();
  static const NetSpec fig20_4 = make_fig20_7(Topology::kFig20_4);
  static const NetSpec fig20_7d = make_fig20_7(Topology::kFig20_7D);
  switch (t) {
    case Topology::kFig20_7:
      return fig20_7;
    case Topology::kFig20_9:
      return fig20_9;
    case Topology::kRn1_64:
      return rn1_64;
    case Topology::kFig20_3:
      return fig20_3;
    case Topology::kFig20_4:
      return fig20_4;
    case Topology::kFig20_7D:
      return fig20_7d;
  }
  throw InvalidArgument("rn1: unknown topology");
}

uint8_t header_for(const NetSpec& s, int dst) {
  return static_cast<uint8_t>(dst << (8 - ceil_log2(static_cast<uint64_t>(s.endpoints))));
}

// ---------------------------------------------------------------- faults
FaultSet FaultSet::none(const NetSpec& s) {
  FaultSet f;
  f.router_dead.assign(s.routers.size(), 0);
  f.links.assign(s.links.size(), LinkFault{});
  return f;
}

int FaultSet::count() const {
  int n = 0;
  for (auto d : router_dead) n += d != 0;
  for (const auto& l : links) n += l.dead || l.stuck;
  return n;
}

FaultSet random_faults(const NetSpec& s, int k, uint64_t seed) {
  const int sites = static_cast<int>(s.routers.size() + s.links.size());
  if (k < 0 || k > sites) {
    throw InvalidArgument("rn1: fault count must be 0.." + std::to_string(sites));
  }
  FaultSet f = FaultSet::none(s);
  Rng rng(seed ^ 0xFA17FA17FA17ull);
  std::set<int> chosen;
  while (static_cast<int>(chosen.size()) < k) {
    const int site = static_cast<int>(rng.below(sites));
    if (!chosen.insert(site).second) continue;
    if (site < static_cast<int>(s.routers.size())) {
      f.router_dead[site] = 1;
    } else {
      LinkFault& lf = f.links[site - s.routers.size()];
      if (rng.below(2) == 0) {
        lf.dead = true;
      } else {
        lf.stuck = true;
        lf.backward = rng.below(2) != 0;
        lf.bit = static_cast<int>(rng.below(8));
        lf.value = rng.below(2) != 0;
      }
    }
  }
  return f;
}

// ---------------------------------------------------------------- path expansion
namespace {
bool link_usable(const NetSpec& s, const FaultSet& f, int l) {
  const LinkFault& lf = f.links[l];
  if (lf.dead || lf.stuck) return false;
  const LinkSpec& ls = s.links[l];
  if (!ls.src.endpoint && f.router_dead[ls.src.node]) return false;
  if (!ls.dst.endpoint && f.router_dead[ls.dst.node]) return false;
  return true;
}

// Outputs of router r (spec) that the header digit `digit` may take from input `in`.
void direction_outputs(const RouterSpec& rs, int in, int digit, std::vector<int>* outs) {
  outs->clear();
  if (rs.kind == RouterKind::kRn1Dual) {
    outs->push_back((in / 4) * 4 + digit);
    return;
  }
  for (int j = 0; j < rs.dilation; ++j) outs->push_back(digit * rs.dilation + j);
}
}  // namespace

long pair_paths(const NetSpec& s, const FaultSet& f, int src, int dst,
                std::vector<int>* per_stage) {
  const int nl = static_cast<int>(s.links.size());
  std::vector<int> out_link(0);
  // Index: router output -> link, endpoint input -> link.
  std::vector<std::vector<int>> r_out(s.routers.size());
  for (size_t r = 0; r < s.routers.size(); ++r) {
    r_out[r].assign(s.routers[r].radix * s.routers[r].dilation, -1);
  }
  std::vector<int> e_src;
  for (int l = 0; l < nl; ++l) {
    const LinkSpec& ls = s.links[l];
    if (!ls.src.endpoint) r_out[ls.src.node][ls.src.port] = l;
  }
  // paths[l] = number of usable paths from src reaching link l (carrying the header).
  std::vector<long> paths(nl, 0);
  std::vector<uint8_t> header(nl, 0);
  std::vector<int> frontier;
  for (int l = 0; l < nl; ++l) {
    const LinkSpec& ls = s.links[l];
    if (ls.src.endpoint && ls.src.node == src && link_usable(s, f, l)) {
      paths[l] = 1;
      header[l] = header_for(s, dst);
      frontier.push_back(l);
    }
  }
  if (per_stage) per_stage->assign(s.stages + 1, 0);
  long total = 0;
  std::vector<int> outs;
  for (int stage = 1; stage <= s.stages + 1; ++stage) {
    if (per_stage) (*per_stage)[stage - 1] = static_cast<int>(frontier.size());
    std::vector<int> next;
    for (int l : frontier) {
      const LinkSpec& ls = s.links[l];
      if (ls.dst.endpoint) {
        if (ls.dst.node == dst) total += paths[l];
        continue;
      }
      const RouterSpec& rs = s.routers[ls.dst.node];
      const int rb = ceil_log2(static_cast<uint64_t>(rs.radix));
      const int digit = header[l] >> (8 - rb);
      direction_outputs(rs, ls.dst.port, digit, &outs);
      for (int o : outs) {
        const int nl2 = r_out[ls.dst.node][o];
        if (nl2 < 0 || !link_usable(s, f, nl2)) continue;
        if (paths[nl2] == 0) next.push_back(nl2);
        paths[nl2] += paths[l];
        header[nl2] = static_cast<uint8_t>(header[l] << rb);
      }
    }
    frontier = next;
  }
  // Wires that do not lead to dst (misrouting in the wiring) would show up as total == 0.
  return total;
}

void path_equations(int n, int m, int r, int d, int N, double* s_turn, std::vector<long>* p,
                    long* total) {
  auto ipow = [](long b, int e) {
    long v = 1;
    for (int k = 0; k < e; ++k) v *= b;
    return v;
  };
  const double st = ((N + 1) * std::log(r) + std::log(static_cast<double>(m) * d / n)) /
                    std::log(static_cast<double>(r) * d);
  *s_turn = st;
  p->clear();
  for (int s = 1; s <= N + 1; ++s) {
    const long pin = n * ipow(d, s - 1);
    const long pout = m * ipow(r, N + 1 - s);
    if (std::fabs(s - st) < 1e-9) {
      p->push_back(std::min(pin, pout));
    } else if (s < st) {
      p->push_back(pin);
    } else {
      p->push_back(pout);
    }
  }
  *total = n * ipow(d, N - 1);
}

PathExpansion path_expansion(const NetSpec& s) {
  PathExpansion pe;
  const FaultSet none = FaultSet::none(s);
  pe.per_stage_min.assign(s.stages + 1, 1 << 30);
  pe.per_stage_max.assign(s.stages + 1, 0);
  pe.total_min = 1L << 40;
  std::vector<int> ps;
  for (int a = 0; a < s.endpoints; ++a) {
    for (int b = 0; b < s.endpoints; ++b) {
      const long t = pair_paths(s, none, a, b, &ps);
      pe.total_min = std::min(pe.total_min, t);
      pe.total_max = std::max(pe.total_max, t);
      for (int k = 0; k <= s.stages; ++k) {
        pe.per_stage_min[k] = std::min(pe.per_stage_min[k], ps[k]);
        pe.per_stage_max[k] = std::max(pe.per_stage_max[k], ps[k]);
      }
    }
  }
  const RouterSpec& first = s.routers.front();
  pe.n = s.endpoint_ports;
  pe.m = s.endpoint_ports;
  pe.r = first.radix;
  pe.d = first.dilation;
  pe.N = s.stages;
  path_equations(pe.n, pe.m, pe.r, pe.d, pe.N, &pe.s_turn, &pe.per_stage_eq, &pe.total_eq);
  return pe;
}

// ---------------------------------------------------------------- analytic acceptance
double expected_accepted(int n, int r, int d, double p) {
  if (n < 1 || r < 1 || d < 1 || !(p >= 0 && p <= 1)) {
    throw InvalidArgument("rn1: expected_accepted needs n, r, d >= 1 and 0 <= p <= 1");
  }
  const double q = p / r;
  double e = 0, pk = std::pow(1 - q, n);  // P(X = 0)
  for (int k = 0; k <= n; ++k) {
    if (k > 0) {
      pk = (q >= 1) ? (k == n ? 1.0 : 0.0) : pk * (n - k + 1) / k * q / (1 - q);
    }
    e += std::min(k, d) * pk;
  }
  return e;
}

std::vector<double> wave_acceptance(const NetSpec& s, double p) {
  std::vector<double> out;
  double pw = p;
  for (int st = 1; st <= s.stages; ++st) {
    const RouterSpec* rs = nullptr;
    for (const auto& r : s.routers) {
      if (r.stage == st) {
        rs = &r;
        break;
      }
    }
    int n = rs->inputs, d = rs->dilation;
    if (rs->kind == RouterKind::kRn1Dual) {
      n = 4;
      d = 1;
    }
    const double acc = expected_accepted(n, rs->radix, d, pw);
    pw = acc / d;  // probability that one output wire of a direction carries a request
    out.push_back(pw);
  }
  return out;
}

}  // namespace minforge::rn1
