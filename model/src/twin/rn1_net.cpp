// RN1 networks: cycle-accurate network model (mirror of the generated rtl/rn1/rn1_net_*.v),
// fault sets, path expansion (Equations 20.1-20.5) and the analytic acceptance model.
#include "minforge/twin/rn1_net.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace minforge::rn1 {

Topology parse_topology(std::string_view name) {
  if (name == "fig20.7") return Topology::kFig20_7;
  if (name == "fig20.9") return Topology::kFig20_9;
  if (name == "rn1-64") return Topology::kRn1_64;
  throw InvalidArgument("rn1: unknown topology '" + std::string(name) +
                        "' (fig20.7, fig20.9, rn1-64)");
}

std::string topology_name(Topology t) {
  switch (t) {
    case Topology::kFig20_7:
      return "fig20.7";
    case Topology::kFig20_9:
      return "fig20.9";
    case Topology::kRn1_64:
      return "rn1-64";
  }
  return "?";
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

Word apply_fault(const LinkFault& f, Word w, bool backward) {
  if (f.dead) return 0;
  if (f.stuck && f.backward == backward) {
    const Word m = static_cast<Word>(1u << f.bit);
    w = static_cast<Word>((w & ~m) | (f.value ? m : 0));
  }
  return w;
}

// ---------------------------------------------------------------- network
struct Network::RouterNode {
  RouterKind kind;
  std::unique_ptr<XbarCore> core;
  std::unique_ptr<Rn1> rn1;
  int ni, no;
  uint16_t seed_xor;
  std::vector<Word> fin, bin;
  Word fwd_out(int o) const { return core ? core->fwd_out(o) : rn1->fwd_out(o); }
  Word bwd_out(int i) const { return core ? core->bwd_out(i) : rn1->bwd_out(i); }
};

Network::Network(const NetSpec& spec, const FaultSet& faults) : spec_(spec), faults_(faults) {
  if (faults_.router_dead.size() != spec.routers.size() ||
      faults_.links.size() != spec.links.size()) {
    throw InvalidArgument("rn1: fault set does not match the network");
  }
  const int nr = static_cast<int>(spec.routers.size());
  r_in_link_.resize(nr);
  r_out_link_.resize(nr);
  for (int r = 0; r < nr; ++r) {
    const RouterSpec& rs = spec.routers[r];
    auto node = std::make_unique<RouterNode>();
    node->kind = rs.kind;
    node->ni = rs.inputs;
    node->no = rs.radix * rs.dilation;
    node->seed_xor = rs.seed_xor;
    if (rs.kind == RouterKind::kCore) {
      node->core = std::make_unique<XbarCore>(CoreParams{rs.inputs, rs.radix, rs.dilation, 0});
    } else {
      node->rn1 = std::make_unique<Rn1>(rs.kind == RouterKind::kRn1Single ? Rn1Mode::kFixedSingle
                                                                          : Rn1Mode::kFixedDual);
    }
    node->fin.assign(node->ni, 0);
    node->bin.assign(node->no, 0);
    r_in_link_[r].assign(node->ni, -1);
    r_out_link_[r].assign(node->no, -1);
    routers_.push_back(std::move(node));
  }
  en_.assign(nr, 0xFF);
  e_src_link_.assign(spec.endpoints, {-1, -1});
  e_dst_link_.assign(spec.endpoints, {-1, -1});
  for (int l = 0; l < static_cast<int>(spec.links.size()); ++l) {
    const LinkSpec& ls = spec.links[l];
    if (ls.src.endpoint) {
      e_src_link_[ls.src.node][ls.src.port] = l;
    } else {
      r_out_link_[ls.src.node][ls.src.port] = l;
    }
    if (ls.dst.endpoint) {
      e_dst_link_[ls.dst.node][ls.dst.port] = l;
    } else {
      r_in_link_[ls.dst.node][ls.dst.port] = l;
    }
  }
  for (int e = 0; e < spec.endpoints; ++e) eps_.push_back(std::make_unique<Endpoint>(spec, e));
  frcv_.assign(spec.links.size(), 0);
  brcv_.assign(spec.links.size(), 0);
}

Network::~Network() = default;

int Network::router_outputs(int r) const { return routers_[r]->no; }

void Network::reset(uint16_t seed) {
  for (auto& n : routers_) {
    const uint16_t s = static_cast<uint16_t>(seed ^ n->seed_xor);
    if (n->core) {
      n->core->reset(s);
    } else {
      n->rn1->reset(s);
    }
  }
  for (int e = 0; e < spec_.endpoints; ++e) {
    eps_[e]->reset(static_cast<uint16_t>(seed ^ spec_.endpoint_seed_xor[e]));
  }
  cycle_ = 0;
}

Word Network::probe_fwd(int l) const {
  const NodeRef& s = spec_.links[l].src;
  if (s.endpoint) return eps_[s.node]->src_fwd(s.port);
  if (faults_.router_dead[s.node]) return 0;
  return routers_[s.node]->fwd_out(s.port);
}

Word Network::probe_bwd(int l) const {
  const NodeRef& d = spec_.links[l].dst;
  if (d.endpoint) return eps_[d.node]->dst_bwd(d.port);
  if (faults_.router_dead[d.node]) return 0;
  return routers_[d.node]->bwd_out(d.port);
}

void Network::step(const UserIn& in) {
  const int nl = static_cast<int>(spec_.links.size());
  for (int l = 0; l < nl; ++l) {
    frcv_[l] = apply_fault(faults_.links[l], probe_fwd(l), false);
    brcv_[l] = apply_fault(faults_.links[l], probe_bwd(l), true);
  }
  for (size_t r = 0; r < routers_.size(); ++r) {
    RouterNode& n = *routers_[r];
    for (int i = 0; i < n.ni; ++i) n.fin[i] = frcv_[r_in_link_[r][i]];
    for (int o = 0; o < n.no; ++o) n.bin[o] = brcv_[r_out_link_[r][o]];
  }
  for (size_t r = 0; r < routers_.size(); ++r) {
    RouterNode& n = *routers_[r];
    if (n.core) {
      n.core->step(n.fin.data(), n.bin.data(), en_[r]);
    } else {
      Rn1::Config cfg;
      cfg.en = en_[r];
      n.rn1->step(n.fin.data(), n.bin.data(), cfg);
    }
  }
  for (int e = 0; e < spec_.endpoints; ++e) {
    Endpoint::In ei;
    ei.tx_valid = in.tx_valid[e] != 0;
    ei.tx_dst = in.tx_dst[e];
    ei.tx_payload = in.tx_payload[e];
    for (int k = 0; k < 2; ++k) {
      ei.src_bwd[k] = brcv_[e_src_link_[e][k]];
      ei.dst_fwd[k] = frcv_[e_dst_link_[e][k]];
    }
    eps_[e]->step(ei);
  }
  ++cycle_;
}

// ---------------------------------------------------------------- path expansion
namespace {
int log2i(int x) {
  int b = 0;
  while ((1 << b) < x) ++b;
  return b;
}

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
      const int rb = log2i(rs.radix);
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
  pe.n = kEndpointPorts;
  pe.m = kEndpointPorts;
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
