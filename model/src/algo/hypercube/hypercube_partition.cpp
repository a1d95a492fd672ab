// PARTITION and CONSTRUCT of paper 004 in the paper's own terms (reference form).
#include "minforge/algo/hypercube/hypercube_partition.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>

#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace minforge::hypercube {

namespace {

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(uint32_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

}  // namespace

Partition partition(const Perm& pi, MarkedReading reading) {
  const uint32_t n = static_cast<uint32_t>(pi.size());
  if (n < 2 || !is_pow2(n))
    throw InvalidArgument("PARTITION needs 2^d entries with d >= 1, got " + std::to_string(n));
  if (!is_permutation(pi)) throw InvalidArgument("PARTITION: the input is not a permutation");
  const uint32_t m = n / 2;
  Partition P;
  P.m = m;
  // (2.1)
  P.psi1.resize(m);
  P.psi2.resize(m);
  for (uint32_t i = 0; i < m; ++i) {
    P.psi1[i] = pi[i] < m ? pi[i] : pi[i] - m;
    P.psi2[i] = pi[i + m] < m ? pi[i + m] : pi[i + m] - m;
  }
  // The relation S: (i, j) when psi_1(i) = psi_2(j) (or psi_1(j) = psi_2(i), the same pair
  // seen from j); its transitive closure by union-find.
  std::vector<std::vector<uint32_t>> where2(m);  // where2[x] = {j : psi_2(j) = x}
  for (uint32_t j = 0; j < m; ++j) where2[P.psi2[j]].push_back(j);
  UnionFind uf(m);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j : where2[P.psi1[i]]) uf.unite(i, j);
  // Classes, numbered by their smallest index.
  P.class_of.assign(m, -1);
  std::vector<std::vector<uint32_t>> members;
  for (uint32_t i = 0; i < m; ++i) {
    const uint32_t r = uf.find(i);
    if (P.class_of[r] < 0) {
      P.class_of[r] = static_cast<int>(members.size());
      members.emplace_back();
    }
    P.class_of[i] = P.class_of[r];
    members[P.class_of[i]].push_back(i);
  }
  // Each class as the sequence (I): p_1 is the member whose psi_1 value is no member's
  // psi_2 value (case 1), or the smallest member (case 2, the cyclic sequence broken there).
  for (auto& mem : members) {
    PartitionClass c;
    std::set<uint32_t> psi2_values;
    for (uint32_t p : mem) psi2_values.insert(P.psi2[p]);
    uint32_t p1 = mem.front();
    bool cyclic = true;
    for (uint32_t p : mem)
      if (!psi2_values.count(P.psi1[p])) {
        p1 = p;
        cyclic = false;
        break;
      }
    std::vector<uint32_t> seq = {p1};
    while (seq.size() < mem.size()) {
      // the successor j of p: psi_1(j) = psi_2(p), j in the class
      const uint32_t x = P.psi2[seq.back()];
      uint32_t succ = UINT32_MAX;
      for (uint32_t j : mem)
        if (P.psi1[j] == x) succ = j;
      if (succ == UINT32_MAX || std::find(seq.begin(), seq.end(), succ) != seq.end())
        throw std::logic_error("PARTITION: a class is not a sequence (I)");
      seq.push_back(succ);
    }
    c.members = seq;
    c.head = P.psi1[seq.front()];
    c.tail = P.psi2[seq.back()];
    c.cyclic = cyclic;
    if (cyclic != (c.head == c.tail))
      throw std::logic_error("PARTITION: head/tail case mismatch");
    std::set<uint32_t> values;
    for (uint32_t p : seq) {
      if (P.psi1[p] == pi[p]) {  // pi(p) < m: the packet stays in H_1
        ++c.marked;
        values.insert(P.psi1[p]);
      }
      if (P.psi2[p] + m == pi[p + m]) {  // pi(p') >= m: the packet stays in H_2
        ++c.marked;
        values.insert(P.psi2[p]);
      }
    }
    c.marked_values = static_cast<int>(values.size());
    P.classes.push_back(std::move(c));
  }
  // G': an edge for every two classes with the same head or the same tail.
  const int h = static_cast<int>(P.classes.size());
  std::vector<std::vector<int>> by_head(m), by_tail(m);
  for (int a = 0; a < h; ++a) {
    by_head[P.classes[a].head].push_back(a);
    by_tail[P.classes[a].tail].push_back(a);
  }
  std::vector<std::vector<std::pair<int, char>>> adj(h);
  for (uint32_t x = 0; x < m; ++x)
    for (auto [list, mark] : {std::pair{&by_head[x], 'h'}, std::pair{&by_tail[x], 't'}}) {
      if (list->size() > 2) throw std::logic_error("PARTITION: three classes share a value");
      if (list->size() == 2) {
        int a = std::min((*list)[0], (*list)[1]), b = std::max((*list)[0], (*list)[1]);
        P.edges.push_back({a, b, mark});
        adj[a].push_back({b, mark});
        adj[b].push_back({a, mark});
      }
    }
  // Components (Lemma 2.1) in cycle order from the class of the smallest index; L(C) by (2.3).
  P.in_I.assign(m, 0);
  std::vector<bool> done(h, false);
  for (int v1 = 0; v1 < h; ++v1) {  // classes are numbered by smallest index: v1 is C's first
    if (done[v1]) continue;
    PartitionComponent comp;
    comp.classes = {v1};
    done[v1] = true;
    if (adj[v1].empty()) {
      comp.kind = ComponentKind::kIsolated;
      P.components.push_back(comp);
      continue;
    }
    if (adj[v1].size() != 2) throw std::logic_error("PARTITION: G' vertex of degree != 0, 2");
    // Walk: leave v1 by its h edge, then alternate.
    int cur = v1;
    char want = 'h';
    while (true) {
      int nxt = -1;
      for (auto [b, mark] : adj[cur])
        if (mark == want) nxt = b;
      if (nxt < 0) throw std::logic_error("PARTITION: h and t edges do not alternate");
      comp.marks.push_back(want);
      want = want == 'h' ? 't' : 'h';
      if (nxt == v1) break;
      if (done[nxt]) throw std::logic_error("PARTITION: G' component is not a cycle");
      done[nxt] = true;
      comp.classes.push_back(nxt);
      cur = nxt;
    }
    if (comp.classes.size() % 2) throw std::logic_error("PARTITION: odd cycle in G'");
    comp.kind = comp.classes.size() == 2 ? ComponentKind::kEdge : ComponentKind::kCycle;
    int64_t odd = 0, even = 0;
    for (size_t j = 0; j < comp.classes.size(); ++j) {
      const auto& c = P.classes[comp.classes[j]];
      const int w = reading == MarkedReading::kSlots ? c.marked : c.marked_values;
      (j % 2 == 0 ? odd : even) += w;  // j = 0 is v_1
    }
    comp.odd_chosen = odd <= even;
    for (size_t j = comp.odd_chosen ? 0 : 1; j < comp.classes.size(); j += 2)
      for (uint32_t i : P.classes[comp.classes[j]].members) P.in_I[i] = 1;
    P.components.push_back(comp);
  }
  // (2.2)
  P.pi1.resize(m);
  P.pi2.resize(m);
  for (uint32_t i = 0; i < m; ++i) {
    P.pi1[i] = P.in_I[i] ? P.psi2[i] : P.psi1[i];
    P.pi2[i] = P.in_I[i] ? P.psi1[i] : P.psi2[i];
  }
  return P;
}

Constructed construct(const Perm& pi, const Partition& p, const PathSet& r1,
                      const PathSet& r2) {
  const uint32_t m = p.m, n = 2 * m;
  if (pi.size() != n || r1.size() != m || r2.size() != m)
    throw InvalidArgument("CONSTRUCT: sizes of pi, R_1, R_2 do not match");
  Constructed out;
  out.paths.resize(n);
  out.cases.assign(n, 0);
  auto in_h2 = [m](const std::vector<uint32_t>& q) {  // path_2 in the cube's numbering
    std::vector<uint32_t> r;
    for (uint32_t x : q) r.push_back(x + m);
    return r;
  };
  for (uint32_t i = 0; i < m; ++i) {
    const uint32_t ip = i + m;
    auto& pa = out.paths[i];
    auto& pb = out.paths[ip];
    if (!p.in_I[i]) {
      if (pi[i] < m) {  // case 1: path_1(i, pi_1(i))
        pa = r1[i];
        out.cases[i] = 1;
      } else {  // case 2: path_1(i, pi_1(i)) + e(pi_1(i), pi_1(i)')
        pa = r1[i];
        pa.push_back(p.pi1[i] + m);
        out.cases[i] = 2;
      }
      if (pi[ip] < m) {  // case 3: path_2(i', pi_2(i)') + e(pi_2(i)', pi_2(i))
        pb = in_h2(r2[i]);
        pb.push_back(p.pi2[i]);
        out.cases[ip] = 3;
      } else {  // case 4: path_2(i', pi_2(i)')
        pb = in_h2(r2[i]);
        out.cases[ip] = 4;
      }
    } else {
      pa = {i};  // e(i, i') + path_2(i', pi_2(i)') ...
      for (uint32_t x : in_h2(r2[i])) pa.push_back(x);
      if (pi[i] < m) {  // case 5: ... + e(pi_2(i)', pi_2(i))
        pa.push_back(p.pi2[i]);
        out.cases[i] = 5;
      } else {  // case 6
        out.cases[i] = 6;
      }
      pb = {ip};  // e(i', i) + path_1(i, pi_1(i)) ...
      for (uint32_t x : r1[i]) pb.push_back(x);
      if (pi[ip] < m) {  // case 7
        out.cases[ip] = 7;
      } else {  // case 8: ... + e(pi_1(i), pi_1(i)')
        pb.push_back(p.pi1[i] + m);
        out.cases[ip] = 8;
      }
    }
  }
  return out;
}

PathSet realize_reference(int d, const Perm& pi) {
  validate_perm(d, pi);
  const uint32_t n = uint32_t{1} << d;
  if (d <= 3) {
    uint32_t local[8];
    for (uint32_t v = 0; v < n; ++v) local[v] = pi[v];
    const base::Codes& c = base::circuit_paths(d, local);
    PathSet paths(n);
    for (uint32_t v = 0; v < n; ++v) {
      uint32_t x = v;
      paths[v] = {x};
      for (int s = 0; s < base::path_length(c[v]); ++s) {
        x ^= uint32_t{1} << base::path_dim(c[v], s);
        paths[v].push_back(x);
      }
    }
    return paths;
  }
  Partition p = partition(pi);
  PathSet r1 = realize_reference(d - 1, p.pi1);
  PathSet r2 = realize_reference(d - 1, p.pi2);
  return construct(pi, p, r1, r2).paths;
}

}  // namespace minforge::hypercube
