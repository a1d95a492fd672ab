// LCAN topology (paper 003, section 2): structural facts computed on the built graph by graph
// search (upward closures, downward closures, depth-first path enumeration), over many
// (N, d, u) and both wirings.  Nothing here restates a formula of the model: the expected
// values come from the paper's statements (u^i, u^L, one LCA switch, Equation 1 as a rational
// recurrence) or from searches over the wires.
#include "minforge/algo/lcan/lcan_topology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace {

using minforge::InvalidArgument;
using namespace minforge::lcan;

int64_t ipow(int64_t b, int e) {
  int64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

// The networks of the sweeps: CB-LCAN(d^n, d, u) (with at most 2^16 switches when u > d,
// where Equation 1 grows) and T-LCAN(u k^L, k u, u).
std::vector<Network> cb_sweep(int64_t maxN) {
  std::vector<Network> out;
  for (int d : {2, 3, 4, 5, 8})
    for (int u : {1, 2, 3, 4, 6, 8})
      for (int64_t N = d, n = 1; N <= maxN; N *= d, ++n) {
        int64_t total = 0;
        for (int i = 0; i < n; ++i) total += *switches_eq1(N, d, u, i);
        if (total <= (1 << 16)) out.push_back(Network::cb(static_cast<int>(N), d, u));
      }
  return out;
}

std::vector<Network> t_sweep(int64_t maxN) {
  std::vector<Network> out;
  for (int u : {1, 2, 3, 4})
    for (int k : {2, 3, 4})
      for (int64_t N = u * k; N <= maxN; N *= k)
        if (N >= k * u) out.push_back(Network::t(static_cast<int>(N), k * u, u));
  return out;
}

// Switches reachable from PE s moving up only, per level, sorted (a breadth-first search).
std::vector<std::vector<int>> up_closure(const Network& net, int s) {
  std::vector<std::vector<int>> r(net.levels());
  r[0].push_back(net.attach(s).sw);
  for (int i = 0; i + 1 < net.levels(); ++i) {
    std::vector<char> seen(net.switches(i + 1), 0);
    for (int sw : r[i])
      for (int k = 0; k < net.u(i); ++k) {
        const int x = net.up(i, sw, k).sw;
        if (!seen[x]) {
          seen[x] = 1;
          r[i + 1].push_back(x);
        }
      }
    std::sort(r[i + 1].begin(), r[i + 1].end());
  }
  return r;
}

bool has(const std::vector<int>& sorted, int x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

// PEs reachable from switch sw of `level` moving down only.
std::set<int> down_closure(const Network& net, int level, int sw) {
  std::set<int> pes;
  std::vector<int> frontier{sw};
  for (int i = level; i >= 0; --i) {
    std::set<int> next;
    for (int x : frontier)
      for (int j = 0; j < net.d(i); ++j) {
        End e = net.down(i, x, j);
        if (i == 0)
          pes.insert(e.sw);
        else
          next.insert(e.sw);
      }
    frontier.assign(next.begin(), next.end());
  }
  return pes;
}

// Base-d digits of p, least significant first (independent of the model).
std::vector<int> digits(int64_t p, int d, int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i, p /= d) v[i] = static_cast<int>(p % d);
  return v;
}

// Non-redundant switch paths from PE s to PE t (no switch twice), enumerated depth first over
// the wires with the switch's functionality: entered from a downer a connection may leave by
// any upper or downer, entered from an upper only by a downer.  Returns the number of paths
// through each topmost switch (level, switch).  Going down, the search enters only switches
// from which t can be reached going down (found by a search upwards from t), so dead ends are
// not enumerated.
struct PathCounter {
  const Network& net;
  int t;
  std::vector<std::vector<char>> seen;
  std::vector<std::vector<int>> leads_to_t;
  std::map<std::pair<int, int>, int64_t> by_top;
  std::pair<int, int> top{-1, -1};

  PathCounter(const Network& n, int target) : net(n), t(target), leads_to_t(up_closure(n, target)) {
    for (int i = 0; i < n.levels(); ++i) seen.emplace_back(n.switches(i), 0);
  }
  void dfs(int level, int sw, bool from_up) {
    seen[level][sw] = 1;
    if (!from_up) top = {level, sw};
    for (int j = 0; j < net.d(level); ++j) {
      End e = net.down(level, sw, j);
      if (level == 0) {
        if (e.sw == t) ++by_top[top];
      } else if (!seen[level - 1][e.sw] && has(leads_to_t[level - 1], e.sw)) {
        dfs(level - 1, e.sw, true);
      }
    }
    if (!from_up && level + 1 < net.levels())
      for (int k = 0; k < net.u(level); ++k) {
        End e = net.up(level, sw, k);
        if (!seen[level + 1][e.sw]) dfs(level + 1, e.sw, false);
      }
    seen[level][sw] = 0;
  }
  static std::map<std::pair<int, int>, int64_t> run(const Network& n, int s, int t) {
    PathCounter c(n, t);
    c.dfs(0, n.attach(s).sw, false);
    return c.by_top;
  }
};

std::vector<std::pair<int, int>> sample_pairs(int N, int count) {
  std::vector<std::pair<int, int>> v;
  minforge::Rng rng(static_cast<uint64_t>(N) * 7919);
  if (static_cast<int64_t>(N) * N <= count) {
    for (int s = 0; s < N; ++s)
      for (int t = 0; t < N; ++t) v.push_back({s, t});
  } else {
    for (int k = 0; k < count; ++k)
      v.push_back({static_cast<int>(rng.below(N)), static_cast<int>(rng.below(N))});
  }
  return v;
}

// ---- Equation 1, Theorem 1, Corollaries 1 and 2 ----------------------------------------

// S_i by the rational recurrence S_{i+1} = (u/d) S_i, S_0 = N/d, kept as a fraction.
std::optional<int64_t> eq1_fraction(int64_t N, int d, int u, int i) {
  int64_t num = N, den = d;
  for (int k = 0; k < i; ++k) {
    num *= u;
    den *= d;
    const int64_t g = std::gcd(num, den);
    num /= g;
    den /= g;
  }
  const int64_t g = std::gcd(num, den);
  if (den / g != 1) return std::nullopt;
  return num / g;
}

TEST(LcanTopology, SwitchesPerLevelFollowEquation1AndCorollaries) {
  for (const auto& net : cb_sweep(4096)) {
    SCOPED_TRACE(net.name());
    const int d = net.d(), u = net.u();
    int n = 0;
    for (int64_t p = 1; p < net.N(); p *= d) ++n;
    EXPECT_EQ(net.levels(), n);  // Corollary 1: l = log_d N
    for (int i = 0; i < net.levels(); ++i) {
      EXPECT_EQ(std::optional<int64_t>(net.switches(i)), eq1_fraction(net.N(), d, u, i));
      EXPECT_EQ(std::optional<int64_t>(net.switches(i)), switches_eq1(net.N(), d, u, i));
    }
    // The top level of a CB-LCAN holds u^(l-1) switches (the proof of Corollary 1).
    EXPECT_EQ(net.switches(net.levels() - 1), ipow(u, net.levels() - 1));
  }
  for (const auto& net : t_sweep(4096)) {
    SCOPED_TRACE(net.name());
    const int d = net.d(), u = net.u();
    for (int i = 0; i < net.levels(); ++i)
      EXPECT_EQ(std::optional<int64_t>(net.switches(i)), eq1_fraction(net.N(), d, u, i));
    EXPECT_EQ(net.switches(net.levels() - 1), 1);  // a tree: one root (Corollary 2's proof)
    // Corollary 2: N = d^l / u^(l-1).
    EXPECT_EQ(static_cast<int64_t>(net.N()) * ipow(u, net.levels() - 1), ipow(d, net.levels()));
  }
}

TEST(LcanTopology, Theorem1LmaxIsTheFirstNonIntegerLevel) {
  for (int d = 2; d <= 9; ++d)
    for (int u = 1; u <= 12; ++u)
      for (int64_t N : {2, 3, 4, 8, 9, 16, 27, 32, 64, 81, 243, 256, 1024, 729, 4096, 3125, 6561}) {
        if (N % d) continue;
        SCOPED_TRACE(testing::Message() << "N=" << N << " d=" << d << " u=" << u);
        auto lm = l_max(N, d, u);
        if (u % d == 0) {
          EXPECT_FALSE(lm.has_value());
          for (int i = 0; i < 10; ++i) EXPECT_TRUE(eq1_fraction(N, d, u, i).has_value());
          continue;
        }
        ASSERT_TRUE(lm.has_value());
        EXPECT_TRUE(eq1_fraction(N, d, u, *lm - 1).has_value());
        EXPECT_FALSE(eq1_fraction(N, d, u, *lm).has_value());
        for (int i = 0; i < *lm; ++i) EXPECT_TRUE(eq1_fraction(N, d, u, i).has_value());
      }
  // Every complete network obeys Theorem 1; a T-LCAN has exactly l_max levels.
  for (const auto& net : cb_sweep(4096))
    if (auto lm = net.l_max()) {
      EXPECT_LE(net.levels(), *lm) << net.name();
    }
  for (const auto& net : t_sweep(4096)) EXPECT_EQ(net.l_max(), net.levels()) << net.name();
  EXPECT_EQ(l_max(16, 4, 2), 3);
  EXPECT_EQ(l_max(27, 3, 2), 3);
  EXPECT_EQ(l_max(1024, 4, 4), std::nullopt);
}

// ---- wires --------------------------------------------------------------------------------

TEST(LcanTopology, LevelInterconnectIsABijectionOfUppersOntoDowners) {
  auto nets = cb_sweep(4096);
  for (auto& n : t_sweep(4096)) nets.push_back(n);
  nets.push_back(Network::cm5(1024));
  nets.push_back(Network::t_levels({{2, 1}, {2, 2}, {4, 4}, {8, 8}}));
  for (const auto& net : nets) {
    SCOPED_TRACE(net.name());
    std::set<int> pes;
    for (int s = 0; s < net.switches(0); ++s)
      for (int j = 0; j < net.d(0); ++j) {
        End e = net.down(0, s, j);
        EXPECT_EQ(e.port, -1);
        EXPECT_EQ(net.attach(e.sw), (End{s, j}));
        pes.insert(e.sw);
      }
    EXPECT_EQ(pes.size(), static_cast<size_t>(net.N()));
    for (int i = 0; i + 1 < net.levels(); ++i) {
      EXPECT_EQ(int64_t{net.switches(i)} * net.u(i), int64_t{net.switches(i + 1)} * net.d(i + 1));
      std::set<std::pair<int, int>> hit;
      for (int s = 0; s < net.switches(i); ++s)
        for (int k = 0; k < net.u(i); ++k) {
          End e = net.up(i, s, k);
          ASSERT_GE(e.sw, 0);
          ASSERT_LT(e.sw, net.switches(i + 1));
          ASSERT_GE(e.port, 0);
          ASSERT_LT(e.port, net.d(i + 1));
          EXPECT_EQ(net.down(i + 1, e.sw, e.port), (End{s, k}));
          hit.insert({e.sw, e.port});
        }
      EXPECT_EQ(hit.size(), static_cast<size_t>(net.switches(i + 1)) * net.d(i + 1));
    }
    EXPECT_EQ(net.up_table(net.levels() - 1), nullptr);  // the top uppers are unused
  }
}

// The paper's CB definition, on labels: upper k of level-i switch w_{n-2}..w_i..w_0 goes to
// downer w_i of the level-(i+1) switch labelled w_{n-2}..w_{i+1} w_{i-1}..w_0 k; PE
// p_{n-1}..p_0 hangs on downer p_0 of level-0 switch p_{n-1}..p_1.
TEST(LcanTopology, CbWiresFollowThePapersLabelRule) {
  for (const auto& net : cb_sweep(1024)) {
    SCOPED_TRACE(net.name());
    const int n = net.pe_digits(), d = net.d(), u = net.u();
    for (int p = 0; p < net.N(); ++p) {
      auto pd = digits(p, d, n);  // least significant first
      auto lab = net.switch_label(0, net.attach(p).sw);
      std::vector<int> want(pd.rbegin(), pd.rend() - 1);  // p_{n-1} .. p_1
      EXPECT_EQ(lab, want);
      EXPECT_EQ(net.attach(p).port, pd[0]);
      EXPECT_EQ(net.pe_label(p), std::vector<int>(pd.rbegin(), pd.rend()));
    }
    for (int i = 0; i < net.levels(); ++i) {
      auto rad = net.switch_label_radices(i);
      ASSERT_EQ(static_cast<int>(rad.size()), n - 1);
      for (int x = 0; x < n - 1; ++x) EXPECT_EQ(rad[x], x < n - 1 - i ? d : u);
      std::set<std::vector<int>> labels;
      for (int s = 0; s < net.switches(i); ++s) labels.insert(net.switch_label(i, s));
      EXPECT_EQ(labels.size(), static_cast<size_t>(net.switches(i)));  // consecutive, distinct
      if (i + 1 == net.levels()) continue;
      for (int s = 0; s < net.switches(i); ++s) {
        auto w = net.switch_label(i, s);  // w_{n-2} .. w_0, most significant first
        const int wi = w[n - 2 - i];
        for (int k = 0; k < u; ++k) {
          std::vector<int> target(w.begin(), w.begin() + (n - 2 - i));
          target.insert(target.end(), w.begin() + (n - 1 - i), w.end());
          target.push_back(k);
          End e = net.up(i, s, k);
          EXPECT_EQ(net.switch_label(i + 1, e.sw), target);
          EXPECT_EQ(e.port, wi);
        }
      }
    }
  }
}

// ---- Lemmas 1-3, LCA level, Theorem 2 ----------------------------------------------------------

TEST(LcanTopology, Lemma1UpwardReachIsUToTheLevel) {
  for (const auto& net : cb_sweep(4096)) {
    SCOPED_TRACE(net.name());
    for (auto [s, t] : sample_pairs(net.N(), net.N() > 512 ? 6 : 24)) {
      (void)t;
      auto r = up_closure(net, s);
      for (int i = 0; i < net.levels(); ++i)
        EXPECT_EQ(static_cast<int64_t>(r[i].size()), ipow(net.u(), i)) << "PE " << s;
    }
  }
  // Per level: u_0 .. u_{i-1} (the CM-5: 1, 2, 4, 16, 64, ...).
  Network cm5 = Network::cm5(4096);
  auto r = up_closure(cm5, 1234);
  EXPECT_EQ(r[0].size(), 1u);
  EXPECT_EQ(r[1].size(), 2u);
  EXPECT_EQ(r[2].size(), 4u);
  EXPECT_EQ(r[3].size(), 16u);
  EXPECT_EQ(r[4].size(), 64u);
  EXPECT_EQ(r[5].size(), 256u);
}

// The LCA level by its definition (the lowest level holding a switch reachable upwards from
// both PEs), against the most significant differing base-d digit; the number of LCA switches
// (Lemma 2: u^L; Lemma 3: one in a T-LCAN); every LCA switch reachable from the source leads
// down to the destination.
void check_lca(const Network& net, int pairs, int max_down = 3) {
  SCOPED_TRACE(net.name());
  for (auto [s, t] : sample_pairs(net.N(), pairs)) {
    SCOPED_TRACE(testing::Message() << s << " -> " << t);
    auto rs = up_closure(net, s), rt = up_closure(net, t);
    int L = -1;
    std::vector<int> common;
    for (int i = 0; i < net.levels() && L < 0; ++i) {
      std::set_intersection(rs[i].begin(), rs[i].end(), rt[i].begin(), rt[i].end(),
                            std::back_inserter(common));
      if (!common.empty()) L = i;
    }
    ASSERT_GE(L, 0);
    EXPECT_EQ(net.lca_level(s, t), L);
    EXPECT_EQ(net.lca_switches(s, t), common);
    if (net.wiring() == Wiring::CB) {
      auto ds = digits(s, net.d(), net.pe_digits()), dt = digits(t, net.d(), net.pe_digits());
      int msd = 0;
      for (int x = net.pe_digits() - 1; x > 0; --x)
        if (ds[x] != dt[x]) {
          msd = x;
          break;
        }
      EXPECT_EQ(L, msd);
      EXPECT_EQ(static_cast<int64_t>(common.size()), ipow(net.u(), L));  // Lemma 2
    } else {
      EXPECT_EQ(common.size(), 1u);  // Lemma 3
    }
    for (size_t x = 0; x < common.size() && static_cast<int>(x) < max_down; ++x)
      EXPECT_TRUE(down_closure(net, L, common[common.size() - 1 - x]).count(t));
    // Routing up to the LCA switch and down by the destination reaches t for every choice.
    for (int64_t via = 0; via < static_cast<int64_t>(common.size()); ++via) {
      auto path = net.route(s, t, via);
      EXPECT_EQ(path[L].sw, common[via]);
      EXPECT_EQ(path[L].level, L);
    }
  }
}

TEST(LcanTopology, LcaLevelLemma2AndLemma3ByGraphSearch) {
  for (const auto& net : cb_sweep(1024)) check_lca(net, net.N() > 256 ? 12 : 50);
  for (const auto& net : t_sweep(1024)) check_lca(net, 50);
  check_lca(Network::cb(4096, 4, 4), 10, 2);
  check_lca(Network::cb(4096, 64, 64), 10, 2);
}

TEST(LcanTopology, Theorem2NonRedundantPathsEqualLcaSwitches) {
  int checked = 0;
  for (const auto& net : cb_sweep(243)) {
    if (net.N() > 128 && net.u() > 2) continue;
    SCOPED_TRACE(net.name());
    for (auto [s, t] : sample_pairs(net.N(), 40)) {
      auto by_top = PathCounter::run(net, s, t);
      const int L = net.lca_level(s, t);
      // One path through each LCA switch and through nothing else.
      std::map<std::pair<int, int>, int64_t> want;
      for (int sw : net.lca_switches(s, t)) want[{L, sw}] = 1;
      EXPECT_EQ(by_top, want) << s << " -> " << t;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
  // T-LCAN: every non-redundant path turns in the one LCA switch; with u parallel connectors
  // per tree edge there are u^(2L) of them.
  for (const auto& net : t_sweep(256)) {
    for (auto [s, t] : sample_pairs(net.N(), 30)) {
      auto by_top = PathCounter::run(net, s, t);
      const int L = net.lca_level(s, t);
      ASSERT_EQ(by_top.size(), 1u) << net.name();
      EXPECT_EQ(by_top.begin()->first, std::make_pair(L, net.lca_switches(s, t)[0]));
      EXPECT_EQ(by_top.begin()->second, ipow(net.u(), 2 * L)) << net.name();
    }
  }
}

// Partitionability: the PEs sharing the digits above level m, with the switches they reach
// without going above level m, form a sub-network whose switches no other such group reaches
// and which reaches only its own PEs.
TEST(LcanTopology, PartitionsBelowALevelAreDisjoint) {
  std::vector<Network> nets = {
      Network::cb(256, 2, 2), Network::cb(243, 3, 2), Network::cb(256, 4, 1), Network::cb(64, 4, 4),
      Network::cb(64, 2, 3),  Network::t(64, 4, 2),   Network::cm5(256)};
  for (const auto& net : nets) {
    SCOPED_TRACE(net.name());
    for (int m = 0; m + 1 < net.levels(); ++m) {
      // Group of PE p: its digits above m.
      int size = 1;
      for (int x = 0; x <= m; ++x) size *= net.pe_radix(x);
      std::vector<std::vector<std::set<int>>> owned(net.N() / size);
      std::vector<int> owner_of_switch;
      for (int g = 0; g < net.N() / size; ++g) {
        std::vector<std::set<int>> sw(m + 1);
        for (int p = g * size; p < (g + 1) * size; ++p) {
          auto r = up_closure(net, p);
          for (int i = 0; i <= m; ++i) sw[i].insert(r[i].begin(), r[i].end());
        }
        // Going down from the group's switches reaches only the group's PEs.
        for (int sx : sw[m]) {
          auto pes = down_closure(net, m, sx);
          EXPECT_TRUE(pes.size() == static_cast<size_t>(size));
          for (int p : pes) EXPECT_EQ(p / size, g);
        }
        for (int p = g * size; p < (g + 1) * size; ++p)
          for (int q = g * size; q < (g + 1) * size; q += 3) EXPECT_LE(net.lca_level(p, q), m);
        owned[g] = sw;
      }
      for (int i = 0; i <= m; ++i) {
        std::vector<int> count(net.switches(i), 0);
        for (const auto& sw : owned)
          for (int x : sw[i]) ++count[x];
        for (int c : count) EXPECT_EQ(c, 1) << "level " << i;  // each switch in one partition
      }
    }
  }
}

// ---- the paper's examples and named instances ----------------------------------------------

TEST(LcanTopology, Fig4Pe4ToPe18InCbLcan27_3_2) {
  Network net = Network::cb(27, 3, 2);
  EXPECT_EQ(net.name(), "CB-LCAN(27,3,2)");
  EXPECT_EQ(Network::label_string(net.pe_label(4), {3, 3, 3}), "011");
  EXPECT_EQ(Network::label_string(net.pe_label(18), {3, 3, 3}), "200");
  EXPECT_EQ(net.lca_level(4, 18), 2);
  auto lcas = net.lca_switches(4, 18);
  EXPECT_EQ(lcas.size(), 4u);  // u^2
  // By graph search: the level-2 switches reachable upwards from PE 4 are four, and each of
  // them reaches PE 18 going down by the destination label 200.
  auto r = up_closure(net, 4);
  EXPECT_EQ(r[2], lcas);
  std::set<int> tops;
  for (int via = 0; via < 4; ++via) {
    auto path = net.route(4, 18, via);
    ASSERT_EQ(path.size(), 5u);  // levels 0, 1, 2, 1, 0
    tops.insert(path[2].sw);
    EXPECT_EQ(path[2].out, (PortRef{PortRef::Down, 2}));  // digit 2 of 200
    EXPECT_EQ(path[3].out, (PortRef{PortRef::Down, 0}));  // digit 1
    EXPECT_EQ(path[4].out, (PortRef{PortRef::Down, 0}));  // digit 0
    EXPECT_EQ(net.down(0, path[4].sw, 0).sw, 18);
    EXPECT_TRUE(down_closure(net, 2, path[2].sw).count(18));
  }
  EXPECT_EQ(tops.size(), 4u);
  EXPECT_EQ(net.switches_per_level(), (std::vector<int>{9, 6, 4}));
}

TEST(LcanTopology, NamedInstances) {
  // baseline = CB-LCAN(N, 2, 2), TRAC = CB-LCAN(N, 3, 2), (f, s, log_f N) SW-banyan =
  // CB-LCAN(N, f, s): the same wires.
  auto same_wires = [](const Network& a, const Network& b) {
    if (a.N() != b.N() || a.levels() != b.levels()) return false;
    for (int i = 0; i < a.levels(); ++i) {
      if (a.switches(i) != b.switches(i) || a.sizes()[i] != b.sizes()[i]) return false;
      for (int s = 0; s < a.switches(i); ++s) {
        for (int j = 0; j < a.d(i); ++j)
          if (!(a.down(i, s, j) == b.down(i, s, j))) return false;
      }
    }
    return true;
  };
  EXPECT_TRUE(same_wires(Network::baseline(64), Network::cb(64, 2, 2)));
  EXPECT_EQ(Network::baseline(16).switches_per_level(), (std::vector<int>{8, 8, 8, 8}));
  EXPECT_TRUE(same_wires(Network::trac(81), Network::cb(81, 3, 2)));
  EXPECT_TRUE(same_wires(Network::sw_banyan(64, 4, 3), Network::cb(64, 4, 3)));
  // KYKLOS: u = 1, where the CB-LCAN and the T-LCAN coincide (T-LCAN(N, d, 1) is
  // CB-LCAN(N, d, 1)).
  for (int d : {2, 3, 4}) {
    Network k = Network::kyklos(static_cast<int>(ipow(d, 4)), d);
    EXPECT_TRUE(same_wires(k, Network::t(static_cast<int>(ipow(d, 4)), d, 1))) << d;
    EXPECT_EQ(k.switches(k.levels() - 1), 1);
  }
  // CM-5: d = 4, u = 2 on the first two levels, d = u = 4 above.
  Network cm5 = Network::cm5(1024);
  EXPECT_EQ(cm5.name(), "CB-LCAN(4/2,4/2,4/4,4/4,4/4)");
  EXPECT_EQ(cm5.switches_per_level(), (std::vector<int>{256, 128, 64, 64, 64}));
  EXPECT_FALSE(cm5.uniform());
  EXPECT_EQ(cm5.l_max(), std::nullopt);
  EXPECT_EQ(Network::parse("cm5:1024").name(), cm5.name());
  EXPECT_EQ(Network::parse("cb:4/2,4/2,4/4,4/4,4/4").name(), cm5.name());
  // The T-LCAN of Fig. 2 and the CB-LCANs of Fig. 3.
  Network fig2 = Network::parse("t:16,4,2");
  EXPECT_EQ(fig2.name(), "T-LCAN(16,4,2)");
  EXPECT_EQ(fig2.switches_per_level(), (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(Network::parse("cb:16,2,2").switches_per_level(), (std::vector<int>{8, 8, 8, 8}));
  EXPECT_EQ(Network::parse("baseline:16").name(), "CB-LCAN(16,2,2)");
  EXPECT_EQ(Network::parse("trac:27").name(), "CB-LCAN(27,3,2)");
  EXPECT_EQ(Network::parse("swbanyan:64,4,2").name(), "CB-LCAN(64,4,2)");
  EXPECT_EQ(Network::parse("kyklos:64,4").name(), "CB-LCAN(64,4,1)");
  EXPECT_EQ(Network::parse("cb:27,3,2,2").name(), "CB-LCAN(27,3,2,l=2)");
}

TEST(LcanTopology, TruncatedNetworksArePartitioned) {
  // CB-LCAN(81, 3, 2) with 2 of its 4 levels: 9 disconnected parts of 9 PEs.
  Network net = Network::cb(81, 3, 2, 2);
  EXPECT_EQ(net.levels(), 2);
  EXPECT_EQ(net.full_levels(), 4);
  EXPECT_EQ(net.part_size(), 9);
  EXPECT_EQ(net.lca_level(0, 8), 1);
  EXPECT_EQ(net.lca_level(0, 9), 2);  // levels(): not connected
  EXPECT_TRUE(net.lca_switches(0, 9).empty());
  EXPECT_THROW(net.route(0, 9), InvalidArgument);
  for (int p = 0; p < 81; ++p) {
    auto reach = up_closure(net, p);
    for (int sw : reach[1]) {
      auto pes = down_closure(net, 1, sw);
      for (int q : pes) EXPECT_EQ(q / 9, p / 9);
    }
  }
  // A T-LCAN forest: T-LCAN(64, 4, 2) has 5 levels; with 3, 4 trees of 16 PEs.
  Network f = Network::t(64, 4, 2, 3);
  EXPECT_EQ(f.switches(2), 4);
  EXPECT_EQ(f.part_size(), 16);
  EXPECT_EQ(f.lca_level(0, 16), 3);
}

TEST(LcanTopology, PerLevelFatTree) {
  // A binary fat-tree whose channels double towards the root: (d, u) = (2,1), (2,2), (4,4),
  // (8,8): every level-i switch has two children; N = 16.
  Network ft = Network::t_levels({{2, 1}, {2, 2}, {4, 4}, {8, 8}});
  EXPECT_EQ(ft.N(), 16);
  EXPECT_EQ(ft.switches_per_level(), (std::vector<int>{8, 4, 2, 1}));
  EXPECT_EQ(ft.name(), "T-LCAN(2/1,2/2,4/4,8/8)");
  for (int s = 0; s < 16; ++s)
    for (int t = 0; t < 16; ++t) {
      EXPECT_EQ(ft.lca_switches(s, t).size(), 1u);
      auto path = ft.route(s, t);
      EXPECT_EQ(ft.down(0, path.back().sw, path.back().out.index).sw, t);
    }
}

TEST(LcanTopology, BadParametersAreRejectedWithOneLine) {
  auto bad = [](auto f, int line) {
    SCOPED_TRACE(line);
    try {
      f();
    } catch (const InvalidArgument& e) {
      std::string m = e.what();
      EXPECT_FALSE(m.empty());
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
      return;
    }
    ADD_FAILURE() << "no InvalidArgument";
  };
  bad([] { Network::cb(10, 3, 2); }, __LINE__);       // N not a power of d
  bad([] { Network::cb(27, 1, 2); }, __LINE__);       // d < 2
  bad([] { Network::cb(27, 3, 0); }, __LINE__);       // u < 1
  bad([] { Network::cb(27, 3, 2, 4); }, __LINE__);    // more levels than log_d N
  bad([] { Network::t(16, 2, 4); }, __LINE__);        // u > d: a T-LCAN is undefined
  bad([] { Network::t(16, 4, 4); }, __LINE__);        // d = u
  bad([] { Network::t(16, 6, 4); }, __LINE__);        // d not a multiple of u
  bad([] { Network::t(24, 4, 2); }, __LINE__);        // N/u not a power of d/u
  bad([] { Network::t(64, 4, 2, 6); }, __LINE__);     // levels beyond l_max
  bad([] { Network::cb(1 << 20, 2, 4); }, __LINE__);  // too many switch ports
  bad([] { Network::t_levels({{2, 2}, {3, 2}}); }, __LINE__);
  bad([] { Network::parse("cb:27,3"); }, __LINE__);
  bad([] { Network::parse("xx:27"); }, __LINE__);
  bad([] { Network::parse("cb27,3,2"); }, __LINE__);
  bad([] { Network::parse("cb:27,3,x"); }, __LINE__);
  bad([] { Network::parse("cb:4/2,4"); }, __LINE__);
  bad([] { Network::parse("cm5:32"); }, __LINE__);
  bad([] { Network::cb(27, 3, 2).route(0, 27); }, __LINE__);
  bad([] { Network::cb(27, 3, 2).route(4, 18, 4); }, __LINE__);
  bad([] { Network::cb(27, 3, 2).up_checked(2, 0, 0); }, __LINE__);
  bad([] { l_max(10, 4, 2); }, __LINE__);
}

}  // namespace
