// RN1 networks (paper 002): the fault-tolerance claims that follow from the wiring alone
// (see the header).
#include "minforge/algo/rn1/rn1_claims.hpp"

#include <algorithm>
#include <array>
#include <functional>

namespace minforge::rn1 {

namespace {

// Measured with `minforge rn1 claims` (default networks, seed 1) and `--topology rn1-64`;
// docs/rn1.md, "The chapter's claims".
const std::vector<ClaimSpec> kClaims = {
    {"no_single_critical",
     "No single wire or routing component within the network remains critical (20.4)",
     minforge::Verdict::Holds, false,
     "no single dead router or link disconnects a pair (exhaustive); simulated, every message "
     "between connected endpoints delivered exactly once under each"},
    {"n_failures_isolate",
     "With n inputs from each endpoint, n failures can isolate an endpoint (20.3)",
     minforge::Verdict::Holds, false, "fewest dead components cutting off an endpoint = 2 = n"},
    {"unique_path_critical",
     "Each route ... can traverse exactly one path. If a single wire or component fails, some "
     "input will be isolated from some output (20.4)",
     minforge::Verdict::Holds, false,
     "fig20.3: all 112 components critical, one cuts off an endpoint"},
    {"m_over_d", "an endpoint could be isolated from the network by only m/d faults (20.5)",
     minforge::Verdict::Holds, false, "fig20.7 with a 4x2/d2 last stage: 1 = m/d"},
    {"nonexpansive_two_cut_four",
     "In Figure 20.4, if the first two routing components in the first stage of routers fail, "
     "four processors are cut off ... only when the routers fail as one of the four sets of "
     "pairs (20.3)",
     minforge::Verdict::Holds, false, "at most 4 cut off, by 4 of the 28 pairs"},
    {"expansive_two_at_most_one",
     "any two component failures in the first stage of routing will isolate at most one "
     "processor ... any three ... at most two (20.3, Fig. 20.5)",
     minforge::Verdict::Holds, false, "fig20.7: 1 and 2"},
    {"half_without_severing",
     "it is possible to lose as many as half of the routing components in the Figure 20.4 "
     "without severing any endpoints (20.3)",
     minforge::Verdict::Holds, false, "4 of 8 first-stage routers"},
    {"first_stage_two_attempts",
     "in the worst case one of the routing components in the first stage fails. On average, "
     "two attempts will be required (20.8.2)",
     minforge::Verdict::Fails, true,
     "exact 2.000 with independent random choices, but the cycle model needs more (fig20.7 "
     "~2.1, fig20.9 ~2.1, rn1-64 ~2.3, every 95 % interval above 2): the source's input choice "
     "and back-off come from one LFSR whose bits in successive attempts are correlated, and "
     "light traffic contends"},
    {"inside_fewer_retries",
     "Since the number of components available for a connection expands towards the middle "
     "of the network, it will generally require even less retries to avoid faulty components "
     "further inside the network (20.8.2)",
     minforge::Verdict::Partly, false,
     "dead links: fewer attempts at every stage up to the middle; dead routers: not (fig20.7 "
     "2.000 1.333 2.000 2.000: stage 3 needs more than stage 2; fig20.9 2.000 2.000)"},
    {"redundant_paths_performance",
     "Redundant paths through the network also improve network routing performance by "
     "reducing the probability that connections will block each other (20.4)",
     minforge::Verdict::Holds, true,
     "fig20.7 and fig20.4 carry more than the unique-path fig20.3 at every load >= 0.3"},
};

}  // namespace

const std::vector<ClaimSpec>& claim_specs() { return kClaims; }

const ClaimSpec& claim_spec(const std::string& id) {
  for (const ClaimSpec& c : kClaims)
    if (c.id == id) return c;
  throw InvalidArgument("rn1 claims: unknown claim '" + id + "'");
}

std::string site_name(const Site& s) {
  return (s.router ? "router " : "link ") + std::to_string(s.index);
}

std::vector<Site> all_sites(const NetSpec& s) {
  std::vector<Site> v;
  for (int r = 0; r < static_cast<int>(s.routers.size()); ++r) v.push_back({true, r});
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) v.push_back({false, l});
  return v;
}

FaultSet dead_sites(const NetSpec& s, const std::vector<Site>& sites) {
  FaultSet f = FaultSet::none(s);
  for (const Site& x : sites) {
    if (x.router) {
      f.router_dead.at(static_cast<size_t>(x.index)) = 1;
    } else {
      f.links.at(static_cast<size_t>(x.index)).dead = true;
    }
  }
  return f;
}

namespace {

// The wiring indexed for walks: the link out of each router output and endpoint input, the
// routing digit of every destination at every stage.
struct Walk {
  const NetSpec& s;
  std::vector<std::vector<int>> r_out;   // router, output -> link
  std::vector<std::array<int, 2>> e_in;  // endpoint, input port -> link (-1: none)
  std::vector<int> consumed;             // header bits consumed before stage k (1-based)
  explicit Walk(const NetSpec& spec) : s(spec) {
    if (s.endpoints > 64) throw InvalidArgument("rn1 claims: at most 64 endpoints");
    r_out.resize(s.routers.size());
    for (size_t r = 0; r < s.routers.size(); ++r) {
      r_out[r].assign(static_cast<size_t>(s.routers[r].radix * s.routers[r].dilation), -1);
    }
    e_in.assign(static_cast<size_t>(s.endpoints), {-1, -1});
    for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
      const LinkSpec& ls = s.links[static_cast<size_t>(l)];
      if (ls.src.endpoint) {
        e_in[static_cast<size_t>(ls.src.node)][static_cast<size_t>(ls.src.port)] = l;
      } else {
        r_out[static_cast<size_t>(ls.src.node)][static_cast<size_t>(ls.src.port)] = l;
      }
    }
    consumed.assign(static_cast<size_t>(s.stages + 2), 0);
    for (int k = 1; k <= s.stages; ++k) {
      int rb = 0;
      for (const RouterSpec& rs : s.routers) {
        if (rs.stage == k) rb = ceil_log2(static_cast<uint64_t>(rs.radix));
      }
      consumed[static_cast<size_t>(k + 1)] = consumed[static_cast<size_t>(k)] + rb;
    }
  }
  int digit(int router, int dst) const {
    const RouterSpec& rs = s.routers[static_cast<size_t>(router)];
    const int rb = ceil_log2(static_cast<uint64_t>(rs.radix));
    const unsigned h = static_cast<unsigned>(header_for(s, dst))
                       << consumed[static_cast<size_t>(rs.stage)];
    return static_cast<int>((h & 0xFFu) >> (8 - rb));
  }
  // The outputs of `router` a header with digit `d` arriving on input `in` may take.
  void outputs(int router, int in, int d, std::vector<int>* outs) const {
    const RouterSpec& rs = s.routers[static_cast<size_t>(router)];
    outs->clear();
    if (rs.kind == RouterKind::kRn1Dual) {
      outs->push_back((in / 4) * 4 + d);
      return;
    }
    for (int j = 0; j < rs.dilation; ++j) outs->push_back(d * rs.dilation + j);
  }
};

bool usable(const NetSpec& s, const FaultSet& f, int l) {
  const LinkFault& lf = f.links[static_cast<size_t>(l)];
  if (lf.dead || lf.stuck) return false;
  const LinkSpec& ls = s.links[static_cast<size_t>(l)];
  if (!ls.src.endpoint && f.router_dead[static_cast<size_t>(ls.src.node)]) return false;
  if (!ls.dst.endpoint && f.router_dead[static_cast<size_t>(ls.dst.node)]) return false;
  return true;
}

// Links in stage order (a link's stage = the stage of its upstream router; endpoint links 0).
std::vector<int> links_in_order(const NetSpec& s) {
  std::vector<int> order(s.links.size());
  for (size_t l = 0; l < order.size(); ++l) order[l] = static_cast<int>(l);
  auto stage_of = [&](int l) {
    const NodeRef& n = s.links[static_cast<size_t>(l)].src;
    return n.endpoint ? 0 : s.routers[static_cast<size_t>(n.node)].stage;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return stage_of(a) < stage_of(b); });
  return order;
}

// Fault-free probability that an attempt src -> dst uses each link (random input, random
// output among the direction's d): flow[l].
void flows(const Walk& w, const std::vector<int>& order, int src, int dst,
           std::vector<double>* flow) {
  const NetSpec& s = w.s;
  flow->assign(s.links.size(), 0.0);
  const int n = s.endpoint_ports;
  for (int k = 0; k < n; ++k)
    (*flow)[static_cast<size_t>(w.e_in[static_cast<size_t>(src)][static_cast<size_t>(k)])] =
        1.0 / n;
  std::vector<int> outs;
  for (int l : order) {
    const double p = (*flow)[static_cast<size_t>(l)];
    if (p == 0) continue;
    const LinkSpec& ls = s.links[static_cast<size_t>(l)];
    if (ls.dst.endpoint) continue;
    const int r = ls.dst.node;
    w.outputs(r, ls.dst.port, w.digit(r, dst), &outs);
    for (int o : outs) {
      (*flow)[static_cast<size_t>(w.r_out[static_cast<size_t>(r)][static_cast<size_t>(o)])] +=
          p / static_cast<double>(outs.size());
    }
  }
}

// Probability mass of a fault-free attempt that meets `site`.
double hit(const NetSpec& s, const std::vector<double>& flow, const Site& site) {
  if (!site.router) return flow[static_cast<size_t>(site.index)];
  double h = 0;
  for (size_t l = 0; l < s.links.size(); ++l) {
    const NodeRef& d = s.links[l].dst;
    if (!d.endpoint && d.node == site.index) h += flow[l];
  }
  return h;
}

}  // namespace

std::vector<uint64_t> reachability(const NetSpec& s, const FaultSet& f) {
  const Walk w(s);
  static thread_local std::vector<int> order;
  order = links_in_order(s);
  const int ne = s.endpoints;
  // digit masks: dmask[router][d] = destinations whose digit at that router is d.
  std::vector<std::array<uint64_t, 4>> dmask(s.routers.size());
  for (size_t r = 0; r < s.routers.size(); ++r) {
    dmask[r] = {0, 0, 0, 0};
    for (int d = 0; d < ne; ++d)
      dmask[r][static_cast<size_t>(w.digit(static_cast<int>(r), d))] |= uint64_t{1} << d;
  }
  const uint64_t all = ne == 64 ? ~uint64_t{0} : (uint64_t{1} << ne) - 1;
  std::vector<uint64_t> reach(static_cast<size_t>(ne), 0), mask(s.links.size());
  std::vector<int> outs;
  for (int src = 0; src < ne; ++src) {
    std::fill(mask.begin(), mask.end(), 0);
    for (int k = 0; k < s.endpoint_ports; ++k) {
      const int l = w.e_in[static_cast<size_t>(src)][static_cast<size_t>(k)];
      if (usable(s, f, l)) mask[static_cast<size_t>(l)] = all;
    }
    uint64_t got = 0;
    for (int l : order) {
      const uint64_t m = mask[static_cast<size_t>(l)];
      if (m == 0) continue;
      const LinkSpec& ls = s.links[static_cast<size_t>(l)];
      if (ls.dst.endpoint) {
        got |= m & (uint64_t{1} << ls.dst.node);
        continue;
      }
      const int r = ls.dst.node;
      const int radix = s.routers[static_cast<size_t>(r)].radix;
      for (int d = 0; d < radix; ++d) {
        const uint64_t md = m & dmask[static_cast<size_t>(r)][static_cast<size_t>(d)];
        if (md == 0) continue;
        w.outputs(r, ls.dst.port, d, &outs);
        for (int o : outs) {
          const int nl = w.r_out[static_cast<size_t>(r)][static_cast<size_t>(o)];
          if (usable(s, f, nl)) mask[static_cast<size_t>(nl)] |= md;
        }
      }
    }
    reach[static_cast<size_t>(src)] = got;
  }
  return reach;
}

long disconnected_pairs(const NetSpec& s, const FaultSet& f) {
  const std::vector<uint64_t> reach = reachability(s, f);
  long n = 0;
  for (int a = 0; a < s.endpoints; ++a) {
    for (int b = 0; b < s.endpoints; ++b) {
      if (a != b && !((reach[static_cast<size_t>(a)] >> b) & 1)) ++n;
    }
  }
  return n;
}

std::vector<int> isolated_endpoints(const NetSpec& s, const FaultSet& f) {
  const std::vector<uint64_t> reach = reachability(s, f);
  std::vector<int> out;
  for (int e = 0; e < s.endpoints; ++e) {
    const uint64_t others = reach[static_cast<size_t>(e)] & ~(uint64_t{1} << e);
    bool reached = false;
    for (int a = 0; a < s.endpoints; ++a) {
      if (a != e && ((reach[static_cast<size_t>(a)] >> e) & 1)) reached = true;
    }
    if (others == 0 || !reached) out.push_back(e);
  }
  return out;
}

namespace {
std::vector<int> first_stage(const NetSpec& s) {
  std::vector<int> v;
  for (int r = 0; r < static_cast<int>(s.routers.size()); ++r) {
    if (s.routers[static_cast<size_t>(r)].stage == 1) v.push_back(r);
  }
  return v;
}

// Calls fn(subset) for every k-subset of {0..n-1} (indices, increasing).
void for_subsets(int n, int k, const std::function<bool(const std::vector<int>&)>& fn) {
  std::vector<int> idx(static_cast<size_t>(k));
  for (int j = 0; j < k; ++j) idx[static_cast<size_t>(j)] = j;
  if (k > n) return;
  for (;;) {
    if (!fn(idx)) return;
    int j = k - 1;
    while (j >= 0 && idx[static_cast<size_t>(j)] == n - k + j) --j;
    if (j < 0) return;
    ++idx[static_cast<size_t>(j)];
    for (int t = j + 1; t < k; ++t)
      idx[static_cast<size_t>(t)] = idx[static_cast<size_t>(t - 1)] + 1;
  }
}
}  // namespace

// Endpoints cut off when only first-stage routers fail: those whose every input enters a
// dead router (every first-stage router reaches every destination in these networks, which
// the test Rn1Claims.FirstStageShortcutAgreesWithReachability checks against
// isolated_endpoints).
int first_stage_cut(const NetSpec& s, const std::vector<uint8_t>& dead) {
  int n = 0;
  for (int e = 0; e < s.endpoints; ++e) {
    bool alive = false;
    for (const LinkSpec& l : s.links) {
      if (l.src.endpoint && l.src.node == e && !dead[static_cast<size_t>(l.dst.node)]) alive = true;
    }
    n += !alive;
  }
  return n;
}

std::vector<IsolationRow> first_stage_isolation(const NetSpec& s, int kmax) {
  const std::vector<int> fs = first_stage(s);
  const int n = static_cast<int>(fs.size());
  if (kmax < 0 || kmax > n) {
    throw InvalidArgument("rn1: first-stage failures must be 0.." + std::to_string(n));
  }
  std::vector<IsolationRow> rows;
  for (int k = 0; k <= kmax; ++k) {
    IsolationRow row;
    row.k = k;
    for_subsets(n, k, [&](const std::vector<int>& idx) {
      std::vector<uint8_t> dead(s.routers.size(), 0);
      for (int i : idx) dead[static_cast<size_t>(fs[static_cast<size_t>(i)])] = 1;
      const int iso = first_stage_cut(s, dead);
      ++row.sets;
      if (iso > 0) ++row.isolating_sets;
      if (iso > row.max_isolated || row.sets == 1) {
        row.max_isolated = iso;
        row.worst.clear();
        for (int i : idx) row.worst.push_back(fs[static_cast<size_t>(i)]);
      }
      return true;
    });
    rows.push_back(row);
  }
  return rows;
}

int first_stage_survivable(const NetSpec& s) {
  const std::vector<int> fs = first_stage(s);
  const int n = static_cast<int>(fs.size());
  int best = 0;
  for (int k = 1; k <= n; ++k) {
    bool some = false;
    for_subsets(n, k, [&](const std::vector<int>& idx) {
      std::vector<uint8_t> dead(s.routers.size(), 0);
      for (int i : idx) dead[static_cast<size_t>(fs[static_cast<size_t>(i)])] = 1;
      if (first_stage_cut(s, dead) == 0) {
        some = true;
        return false;
      }
      return true;
    });
    if (!some) break;
    best = k;
  }
  return best;
}

SingleFaultSummary single_faults(const NetSpec& s) {
  SingleFaultSummary out;
  for (const Site& x : all_sites(s)) {
    const FaultSet f = dead_sites(s, {x});
    ++out.sites;
    const long d = disconnected_pairs(s, f);
    if (d > 0) {
      ++out.critical;
      out.disconnected_pairs += d;
      out.critical_sites.push_back(x);
      out.max_isolated =
          std::max(out.max_isolated, static_cast<int>(isolated_endpoints(s, f).size()));
    }
  }
  return out;
}

MinCut min_isolating_set(const NetSpec& s, int kmax) {
  if (kmax < 1 || kmax > 2) throw InvalidArgument("rn1: min_isolating_set searches sizes 1..2");
  const std::vector<Site> sites = all_sites(s);
  MinCut out;
  for (int k = 1; k <= kmax && out.size == 0; ++k) {
    for_subsets(static_cast<int>(sites.size()), k, [&](const std::vector<int>& idx) {
      std::vector<Site> set;
      for (int i : idx) set.push_back(sites[static_cast<size_t>(i)]);
      ++out.sets_checked;
      const std::vector<int> iso = isolated_endpoints(s, dead_sites(s, set));
      if (iso.empty()) return true;
      out.size = k;
      out.example = set;
      out.isolated = iso;
      return false;
    });
  }
  return out;
}

double expected_attempts(const NetSpec& s, const Site& site, int src, int dst) {
  if (src < 0 || src >= s.endpoints || dst < 0 || dst >= s.endpoints) {
    throw InvalidArgument("rn1: endpoint out of range");
  }
  const Walk w(s);
  std::vector<double> flow;
  flows(w, links_in_order(s), src, dst, &flow);
  const double p = 1.0 - hit(s, flow, site);
  return p <= 1e-12 ? 0.0 : 1.0 / p;
}

std::vector<StageAttempts> expected_attempts_by_stage(const NetSpec& s) {
  const Walk w(s);
  const std::vector<int> order = links_in_order(s);
  // rows: routers of stage 1..N, then links into stage 1..N+1
  std::vector<StageAttempts> rows;
  for (int k = 1; k <= s.stages; ++k) rows.push_back({k, true, 0, 0, 0, 0, 0});
  for (int k = 1; k <= s.stages + 1; ++k) rows.push_back({k, false, 0, 0, 0, 0, 0});
  auto link_stage = [&](int l) {  // the stage the link leads into
    const NodeRef& d = s.links[static_cast<size_t>(l)].dst;
    return d.endpoint ? s.stages + 1 : s.routers[static_cast<size_t>(d.node)].stage;
  };
  for (const RouterSpec& r : s.routers) ++rows[static_cast<size_t>(r.stage - 1)].components;
  for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
    ++rows[static_cast<size_t>(s.stages + link_stage(l) - 1)].components;
  }
  std::vector<double> sum(rows.size(), 0), flow, rhit(s.routers.size());
  for (int a = 0; a < s.endpoints; ++a) {
    for (int b = 0; b < s.endpoints; ++b) {
      if (a == b) continue;
      flows(w, order, a, b, &flow);
      std::fill(rhit.begin(), rhit.end(), 0.0);
      auto add = [&](size_t row, double h) {
        if (h <= 1e-12) return;
        StageAttempts& st = rows[row];
        if (h >= 1 - 1e-12) {
          ++st.disconnected_pairs;
          return;
        }
        ++st.affected_pairs;
        sum[row] += 1.0 / (1.0 - h);
        st.max_attempts = std::max(st.max_attempts, 1.0 / (1.0 - h));
      };
      for (int l = 0; l < static_cast<int>(s.links.size()); ++l) {
        const double h = flow[static_cast<size_t>(l)];
        add(static_cast<size_t>(s.stages + link_stage(l) - 1), h);
        const NodeRef& d = s.links[static_cast<size_t>(l)].dst;
        if (!d.endpoint) rhit[static_cast<size_t>(d.node)] += h;
      }
      for (size_t r = 0; r < s.routers.size(); ++r) {
        add(static_cast<size_t>(s.routers[r].stage - 1), rhit[r]);
      }
    }
  }
  for (size_t k = 0; k < rows.size(); ++k) {
    if (rows[k].affected_pairs > 0) {
      rows[k].mean_attempts = sum[k] / static_cast<double>(rows[k].affected_pairs);
    }
  }
  return rows;
}

}  // namespace minforge::rn1
