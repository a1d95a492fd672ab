// Cycle twin of the network tops rtl/rn1/gen/rn1_net_*.v and of rtl/rn1/rn1_link.v.
#include "minforge/twin/rn1/rn1_net.hpp"

#include <utility>

namespace minforge::twin {

using rn1::Word;

Word apply_fault(const rn1::LinkFault& f, Word w, bool backward) {
  if (f.dead) return 0;
  if (f.stuck && f.backward == backward) {
    const Word m = static_cast<Word>(1u << f.bit);
    w = static_cast<Word>((w & ~m) | (f.value ? m : 0));
  }
  return w;
}

// ---------------------------------------------------------------- network
struct Rn1Net::RouterNode {
  rn1::RouterKind kind;
  std::unique_ptr<Rn1XbarCore> core;
  std::unique_ptr<Rn1> rn1_router;
  int ni, no;
  uint16_t seed_xor;
  std::vector<Word> fin, bin;
  Word fwd_out(int o) const { return core ? core->fwd_out(o) : rn1_router->fwd_out(o); }
  Word bwd_out(int i) const { return core ? core->bwd_out(i) : rn1_router->bwd_out(i); }
};

Rn1Net::Rn1Net(const rn1::NetSpec& spec, const rn1::FaultSet& faults, int mon_th)
    : spec_(spec), faults_(faults), tables_(rn1::decode_tables(spec)) {
  if (faults_.router_dead.size() != spec.routers.size() ||
      faults_.links.size() != spec.links.size()) {
    throw InvalidArgument("rn1: fault set does not match the network");
  }
  const int nr = static_cast<int>(spec.routers.size());
  r_in_link_.resize(nr);
  r_out_link_.resize(nr);
  for (int r = 0; r < nr; ++r) {
    const rn1::RouterSpec& rs = spec.routers[r];
    auto node = std::make_unique<RouterNode>();
    node->kind = rs.kind;
    node->ni = rs.inputs;
    node->no = rs.radix * rs.dilation;
    node->seed_xor = rs.seed_xor;
    if (rs.kind == rn1::RouterKind::kCore) {
      node->core =
          std::make_unique<Rn1XbarCore>(Rn1XbarCore::Params{rs.inputs, rs.radix, rs.dilation, 0});
    } else {
      node->rn1_router = std::make_unique<Rn1>(
          rs.kind == rn1::RouterKind::kRn1Single ? Rn1Mode::kFixedSingle : Rn1Mode::kFixedDual);
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
    const rn1::LinkSpec& ls = spec.links[l];
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
  for (int e = 0; e < spec.endpoints; ++e) {
    eps_.push_back(std::make_unique<Rn1Endpoint>(spec, e));
    decs_.push_back(std::make_unique<Rn1Decoder>(tables_, e));
  }
  Rn1Monitor::Params mp;
  mp.nl = tables_.nl;
  mp.lw = tables_.lw;
  mp.maxc = tables_.maxc;
  mp.cw = 4;
  mp.th = mon_th;
  mon_ = std::make_unique<Rn1Monitor>(mp);
  gcand_.assign(static_cast<size_t>(tables_.maxc), 0);
  frcv_.assign(spec.links.size(), 0);
  brcv_.assign(spec.links.size(), 0);
}

Rn1Net::~Rn1Net() = default;

int Rn1Net::router_outputs(int r) const { return routers_[r]->no; }

void Rn1Net::reset(uint16_t seed) {
  for (auto& n : routers_) {
    const uint16_t s = static_cast<uint16_t>(seed ^ n->seed_xor);
    if (n->core) {
      n->core->reset(s);
    } else {
      n->rn1_router->reset(s);
    }
  }
  for (int e = 0; e < spec_.endpoints; ++e) {
    eps_[e]->reset(static_cast<uint16_t>(seed ^ spec_.endpoint_seed_xor[e]));
    decs_[static_cast<size_t>(e)]->reset();
  }
  mon_->reset();
  rr_ = 0;
  cycle_ = 0;
}

Word Rn1Net::probe_fwd(int l) const {
  const rn1::NodeRef& s = spec_.links[l].src;
  if (s.endpoint) return eps_[s.node]->src_fwd(s.port);
  if (faults_.router_dead[s.node]) return 0;
  return routers_[s.node]->fwd_out(s.port);
}

Word Rn1Net::probe_bwd(int l) const {
  const rn1::NodeRef& d = spec_.links[l].dst;
  if (d.endpoint) return eps_[d.node]->dst_bwd(d.port);
  if (faults_.router_dead[d.node]) return 0;
  return routers_[d.node]->bwd_out(d.port);
}

uint8_t Rn1Net::enable_applied(int r) const {
  uint8_t m = en_[static_cast<size_t>(r)];
  if (!mon_switch_) return m;
  const int no = routers_[static_cast<size_t>(r)]->no;
  for (int o = 0; o < no; ++o) {
    if (mon_->declared(r_out_link_[static_cast<size_t>(r)][static_cast<size_t>(o)]))
      m = static_cast<uint8_t>(m & ~(1u << o));
  }
  return m;
}

std::array<bool, 2> Rn1Net::input_enable(int e) const {
  std::array<bool, 2> v{true, true};
  if (!mon_switch_) return v;
  for (int k = 0; k < 2; ++k) {
    const int l = e_src_link_[static_cast<size_t>(e)][static_cast<size_t>(k)];
    if (l >= 0) v[static_cast<size_t>(k)] = !mon_->declared(l);
  }
  return v;
}

int Rn1Net::granted() const {
  const int ne = spec_.endpoints;
  for (int i = 0; i < ne; ++i) {
    const int j = (rr_ + i) & (ne - 1);
    if (decs_[static_cast<size_t>(j)]->pend()) return j;
  }
  return -1;
}

void Rn1Net::step(const UserIn& in) {
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
  // Everything below reads this cycle's registers: compute the monitor's outputs first.
  const int g = granted();
  std::vector<uint8_t> en_now(routers_.size());
  for (size_t r = 0; r < routers_.size(); ++r) en_now[r] = enable_applied(static_cast<int>(r));
  std::vector<std::array<bool, 2>> in_en(static_cast<size_t>(spec_.endpoints));
  for (int e = 0; e < spec_.endpoints; ++e) in_en[static_cast<size_t>(e)] = input_enable(e);
  int gn = 0;
  if (g >= 0) {
    const Rn1Decoder& d = *decs_[static_cast<size_t>(g)];
    gn = d.vn();
    for (int c = 0; c < tables_.maxc; ++c) gcand_[static_cast<size_t>(c)] = d.vcand(c);
  }
  for (int e = 0; e < spec_.endpoints; ++e) {
    std::array<Word, 2> sf{eps_[static_cast<size_t>(e)]->src_fwd(0),
                           eps_[static_cast<size_t>(e)]->src_fwd(1)};
    std::array<Word, 2> sb{};
    for (int k = 0; k < 2; ++k) {
      const int l = e_src_link_[static_cast<size_t>(e)][static_cast<size_t>(k)];
      sb[static_cast<size_t>(k)] = l < 0 ? 0 : brcv_[static_cast<size_t>(l)];
    }
    decs_[static_cast<size_t>(e)]->step(sf, sb, e == g);
  }
  mon_->step(g >= 0, gn, gcand_);
  if (g >= 0) rr_ = (g + 1) & (spec_.endpoints - 1);
  for (size_t r = 0; r < routers_.size(); ++r) {
    RouterNode& n = *routers_[r];
    if (n.core) {
      n.core->step(n.fin.data(), n.bin.data(), en_now[r]);
    } else {
      Rn1::Config cfg;
      cfg.en = en_now[r];
      n.rn1_router->step(n.fin.data(), n.bin.data(), cfg);
    }
  }
  for (int e = 0; e < spec_.endpoints; ++e) {
    Rn1Endpoint::In ei;
    ei.tx_valid = in.tx_valid[e] != 0;
    ei.tx_dst = in.tx_dst[e];
    ei.tx_payload = in.tx_payload[e];
    ei.in_en = in_en[static_cast<size_t>(e)];
    for (int k = 0; k < 2; ++k) {  // a single-port endpoint's port 1 reads 0 (tied in the top)
      ei.src_bwd[k] = e_src_link_[e][k] < 0 ? 0 : brcv_[e_src_link_[e][k]];
      ei.dst_fwd[k] = e_dst_link_[e][k] < 0 ? 0 : frcv_[e_dst_link_[e][k]];
    }
    eps_[e]->step(ei);
  }
  ++cycle_;
}

}  // namespace minforge::twin
