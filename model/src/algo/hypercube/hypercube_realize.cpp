// REALIZE (paper 004, section 3) in O(d 2^d), level by level, and the checks of Theorem 3.4
// and Lemmas 3.1-3.3.
#include "minforge/algo/hypercube/hypercube_realize.hpp"

#include <algorithm>
#include <stdexcept>

#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace minforge::hypercube {

namespace {

void add_error(std::vector<std::string>& errors, bool& ok, std::string msg) {
  ok = false;
  if (errors.size() < kMaxErrors) errors.push_back(std::move(msg));
}

// PARTITION of every block of level k at once (all blocks are k-cubes; b = 2^(k-1) is the
// dimension removed).  The paper's structures, in linear time: the slot of the value psi_1(i)
// is vertex i, the slot of psi_2(i) is vertex i' = i + m; a value x occupies the two slots
// whose destinations are x and x + m (Observation 2), so the other occurrence of the value in
// slot s is the slot q = pi^-1(pi(s) xor b).  Joining the two slots of every index and the two
// occurrences of every value gives disjoint cycles; along a cycle, an occurrence pair on
// opposite sides (psi_1 and psi_2) is the relation S, so the classes are the runs between the
// pairs on the same side (a shared head, psi_1, or a shared tail, psi_2): one cycle is one
// component of G' (no same-side pair: an isolated vertex; two: a single edge; 2p: a cycle of
// 2p classes, consecutive classes along it adjacent in G').  Parity = number of same-side
// pairs passed mod 2 numbers the classes v_1, v_2, ... of the component alternately, v_1 being
// the class of its smallest index; L(C) is the parity class of smaller Marked weight
// (ties: v_1's, as (2.3) says).  Marked counts slots (docs/hypercube.md): slot s is marked
// when pi(s) lies in the same half as s (cases 1 and 4 without the swap, 5 and 8 with it).
void partition_level(int k, const Perm& cur, Perm& inv, Perm& partner,
                     std::vector<uint8_t>& swapped, std::vector<uint8_t>& visited,
                     std::vector<uint32_t>& cycle, std::vector<uint8_t>& parity) {
  const uint32_t b = uint32_t{1} << (k - 1);
  const uint32_t n = static_cast<uint32_t>(cur.size());
  std::fill(swapped.begin(), swapped.end(), 0);
  std::fill(visited.begin(), visited.end(), 0);
  // partner[s] = the other slot of the value in slot s, computed in two independent passes
  // (their cache misses overlap) so that the walk below chases one array instead of two.
  for (uint32_t v = 0; v < n; ++v) inv[cur[v]] = v;
  for (uint32_t s = 0; s < n; ++s) partner[s] = inv[cur[s] ^ b];
  for (uint32_t i0 = 0; i0 < n; ++i0) {
    if ((i0 & b) || visited[i0]) continue;
    cycle.clear();
    parity.clear();
    uint64_t weight[2] = {0, 0};
    uint32_t enter = i0, idx = i0, same = 0;
    uint8_t p = 0;
    do {
      visited[idx] = 1;
      cycle.push_back(idx);
      parity.push_back(p);
      weight[p] += ((cur[idx] & b) == 0) + ((cur[idx | b] & b) != 0);
      const uint32_t exit = enter ^ b;
      const uint32_t q = partner[exit];
      if (((q ^ exit) & b) == 0) {
        p ^= 1;
        ++same;
      }
      enter = q;
      idx = q & ~b;
    } while (idx != i0);
    if (p != 0 || enter != i0)
      throw std::logic_error("hypercube PARTITION: odd component (Lemma 2.1 violated)");
    if (same == 0) continue;  // an isolated vertex of G': hd = tl, not in I
    const uint8_t chosen = weight[0] <= weight[1] ? 0 : 1;
    for (size_t j = 0; j < cycle.size(); ++j)
      if (parity[j] == chosen) swapped[cycle[j]] = swapped[cycle[j] | b] = 1;
  }
}

}  // namespace

void for_each_level(int d, const Perm& pi, const LevelFn& f) {
  validate_perm(d, pi);
  const uint32_t n = uint32_t{1} << d;
  Perm cur = pi, next(n), inv(n), partner(n);
  std::vector<uint8_t> swapped(n), visited(n), parity;
  std::vector<uint32_t> cycle;
  for (int k = d; k > base_level(d); --k) {
    const uint32_t b = uint32_t{1} << (k - 1);
    partition_level(k, cur, inv, partner, swapped, visited, cycle, parity);
    // (2.2): pi_1(i) = psi_1(i), pi_2(i) = psi_2(i) for i not in I; exchanged for i in I.
    for (uint32_t i = 0; i < n; ++i) {
      if (i & b) continue;
      const uint32_t a = cur[i], c = cur[i | b];
      if (swapped[i]) {
        next[i] = c & ~b;
        next[i | b] = a | b;
      } else {
        next[i] = a & ~b;
        next[i | b] = c | b;
      }
    }
    f(k, cur, next, swapped);
    std::swap(cur, next);
  }
  f(base_level(d), cur, cur, swapped);  // the base: pi_b (no partition; swapped unused)
}

namespace {

// Lemmas 3.1-3.3 on one level (all blocks).
void check_level(int k, const Perm& cur, const Perm& next, const std::vector<uint8_t>& swapped,
                 LemmaReport& rep) {
  const uint32_t n = static_cast<uint32_t>(cur.size());
  const uint32_t b = uint32_t{1} << (k - 1);
  const uint32_t block = b << 1;
  LevelSummary s;
  s.level = k;
  std::vector<uint8_t> seen(n, 0), used(n, 0), load(n, 0);
  auto where = [&](uint32_t v) {
    return "level " + std::to_string(k) + ", vertex " + std::to_string(v);
  };
  for (uint32_t v = 0; v < n; ++v) {
    // PARTITION's pi_1 and pi_2 are permutations of H_1 and H_2 (of every block).
    if ((next[v] ^ v) & ~(b - 1)) {
      add_error(rep.errors, rep.ok,
                where(v) + ": pi_{k-1} leaves the half (" + std::to_string(next[v]) + ")");
      continue;
    }
    if (seen[next[v]]++)
      add_error(
          rep.errors, rep.ok,
          where(v) + ": pi_1/pi_2 is not a permutation (" + std::to_string(next[v]) + " twice)");
  }
  uint64_t block_cross = 0;
  for (uint32_t u = 0; u < n; ++u) {
    const uint32_t pre = swapped[u];
    const uint32_t post = (((cur[u] ^ u) & b) != 0) ^ pre;
    const uint32_t w = u ^ (pre ? b : 0);
    // Lemma 3.1: the sub-path entered at w is used by exactly one path of R ...
    ++used[w];
    if (pre != swapped[w])
      add_error(rep.errors, rep.ok, where(u) + ": i in I but i' not (cases 5-8 need both)");
    // ... and the path made of it ends at pi_k(u).
    if ((next[w] ^ (post ? b : 0)) != cur[u])
      add_error(rep.errors, rep.ok,
                where(u) + ": sub-path ends at " + std::to_string(next[w]) +
                    ", cannot be extended to pi(u) = " + std::to_string(cur[u]));
    // Lemma 3.2: dimension-(k-1) edge uses: the first edge (u, u') and the last edge
    // (pi(u) xor b, pi(u)).
    if (pre) ++load[u];
    if (post) ++load[cur[u] ^ b];
    block_cross += pre + post;
    s.crossings += pre + post;
    s.swapped += pre && !(u & b);
    if ((u & (block - 1)) == block - 1) {
      // Lemma 3.3: at most n = 2^k dimension-(k-1) edge uses in the block.
      if (block_cross > block)
        add_error(rep.errors, rep.ok,
                  "level " + std::to_string(k) + ", block " + std::to_string(u / block) + ": " +
                      std::to_string(block_cross) + " dimension-" + std::to_string(k - 1) +
                      " edge uses > 2^k = " + std::to_string(block) + " (Lemma 3.3)");
      s.max_block_crossings = std::max(s.max_block_crossings, block_cross);
      block_cross = 0;
    }
  }
  for (uint32_t v = 0; v < n; ++v) {
    if (used[v] != 1)
      add_error(rep.errors, rep.ok,
                where(v) + ": sub-path used " + std::to_string(used[v]) +
                    " times (Lemma 3.1: exactly once)");
    s.max_edge_load = std::max<int>(s.max_edge_load, load[v]);
    if (load[v] > 2)
      add_error(rep.errors, rep.ok,
                where(v) + ": edge (" + std::to_string(v) + ", " + std::to_string(v ^ b) +
                    ") carries " + std::to_string(load[v]) + " paths (Lemma 3.2: at most 2)");
  }
  rep.levels.push_back(s);
}

}  // namespace

Realization realize(int d, const Perm& pi, const RealizeOptions& opt, LemmaReport* lemmas) {
  validate_perm(d, pi);
  const uint32_t n = uint32_t{1} << d;
  const int bl = base_level(d);
  Realization r;
  r.dim = d;
  r.pi = pi;
  r.pre.assign(n, 0);
  r.post.assign(n, 0);
  r.post_at.assign(n, 0);
  if (opt.keep_levels) r.levels.resize(d + 1);
  if (lemmas) *lemmas = LemmaReport{};
  for_each_level(
      d, pi, [&](int k, const Perm& cur, const Perm& next, const std::vector<uint8_t>& swapped) {
        if (opt.keep_levels) r.levels[k] = cur;
        if (k == bl) {
          r.base = cur;
          return;
        }
        const uint32_t b = uint32_t{1} << (k - 1);
        for (uint32_t u = 0; u < n; ++u) {
          const uint32_t pre = swapped[u];
          const uint32_t post = (((cur[u] ^ u) & b) != 0) ^ pre;
          r.pre[u] |= pre << (k - 1);
          r.post[u] |= post << (k - 1);
          // The packet entered at u reaches next[w] after the levels below, then moves to cur[u].
          r.post_at[next[u ^ (pre ? b : 0)]] |= post << (k - 1);
        }
        if (lemmas) check_level(k, cur, next, swapped, *lemmas);
      });
  // The base: every block of 2^bl vertices routes its local permutation.
  const uint32_t bn = uint32_t{1} << bl;
  r.base_path.assign(n, 0);
  r.base_moves.assign(n, 0);
  uint32_t local[8];
  for (uint32_t q = 0; q < n; q += bn) {
    for (uint32_t v = 0; v < bn; ++v) local[v] = r.base[q + v] - q;
    const base::Codes& c = base::circuit_paths(bl, local);
    const base::Codes& m = base::packet_moves(bl, local);
    for (uint32_t v = 0; v < bn; ++v) {
      r.base_path[q + v] = c[v];
      r.base_moves[q + v] = m[v];
    }
  }
  return r;
}

void Realization::path(uint32_t v, std::vector<uint32_t>& out) const {
  out.clear();
  const int bl = base_level(dim);
  uint32_t entered[kMaxDim + 1];
  uint32_t u = v;
  out.push_back(u);
  for (int k = dim; k > bl; --k) {
    entered[k] = u;
    if ((pre[u] >> (k - 1)) & 1u) {
      u ^= uint32_t{1} << (k - 1);
      out.push_back(u);
    }
  }
  const uint8_t code = base_path[u];
  for (int s = 0; s < base::path_length(code); ++s) {
    u ^= uint32_t{1} << base::path_dim(code, s);
    out.push_back(u);
  }
  for (int k = bl + 1; k <= dim; ++k)
    if ((post[entered[k]] >> (k - 1)) & 1u) {
      u ^= uint32_t{1} << (k - 1);
      out.push_back(u);
    }
}

std::vector<uint32_t> Realization::path(uint32_t v) const {
  std::vector<uint32_t> out;
  path(v, out);
  return out;
}

// ------------------------------------------------------------ checks

RealizationCheck check_realization(int d, const Perm& pi, const PathFn& path) {
  validate_perm(d, pi);
  const uint32_t n = uint32_t{1} << d;
  RealizationCheck c;
  c.bound_edge_uses = edge_use_bound(d);
  c.bound_path_length = path_bound(d);
  // Directed edge (x, x xor 2^j) is counter x * d + j; counted in passes over the dimensions
  // so that the counters stay below 2^27 bytes.
  const uint64_t max_bytes = uint64_t{1} << 27;
  const int dims_per_pass = static_cast<int>(std::max<uint64_t>(1, max_bytes / n));
  std::vector<uint32_t> p;
  std::vector<uint8_t> load;
  for (int lo = 0; lo < d; lo += dims_per_pass) {
    const int hi = std::min(d, lo + dims_per_pass);
    const int w = hi - lo;
    load.assign(uint64_t(n) * w, 0);
    const bool first = lo == 0;
    for (uint32_t v = 0; v < n; ++v) {
      path(v, p);
      if (first) {
        if (p.empty() || p.front() != v) {
          add_error(c.errors, c.ok,
                    "path of " + std::to_string(v) + " does not start at " + std::to_string(v));
          continue;
        }
        if (p.back() != pi[v])
          add_error(c.errors, c.ok,
                    "path of " + std::to_string(v) + " ends at " + std::to_string(p.back()) +
                        ", not at pi(v) = " + std::to_string(pi[v]));
        const int len = static_cast<int>(p.size()) - 1;
        c.edge_uses += len;
        c.max_path_length = std::max(c.max_path_length, len);
        if (len > c.bound_path_length)
          add_error(c.errors, c.ok,
                    "path of " + std::to_string(v) + " has length " + std::to_string(len) + " > " +
                        std::to_string(c.bound_path_length) + " (Theorem 3.4(ii))");
      }
      for (size_t s = 0; s + 1 < p.size(); ++s) {
        const uint32_t x = p[s], y = p[s + 1];
        if (x >= n || y >= n || !adjacent(x, y)) {
          if (first)
            add_error(c.errors, c.ok,
                      "path of " + std::to_string(v) + ": step " + std::to_string(x) + " -> " +
                          std::to_string(y) + " is not a cube edge");
          break;
        }
        const int j = __builtin_ctz(x ^ y);
        if (j < lo || j >= hi) continue;
        uint8_t& l = load[uint64_t(x) * w + (j - lo)];
        if (l < 255) ++l;
        if (l == 3)
          add_error(c.errors, c.ok,
                    "edge (" + std::to_string(x) + ", " + std::to_string(y) +
                        ") carries more than 2 paths");
      }
    }
    for (uint8_t l : load) c.max_edge_load = std::max<int>(c.max_edge_load, l);
  }
  if (c.edge_uses > c.bound_edge_uses)
    add_error(c.errors, c.ok,
              std::to_string(c.edge_uses) + " edge uses > d 2^d = " +
                  std::to_string(c.bound_edge_uses) + " (Theorem 3.4(i))");
  return c;
}

RealizationCheck check_realization(const Realization& r) {
  return check_realization(r.dim, r.pi,
                           [&r](uint32_t v, std::vector<uint32_t>& out) { r.path(v, out); });
}

RealizationCheck check_realization(int d, const Perm& pi,
                                   const std::vector<std::vector<uint32_t>>& paths) {
  validate_perm(d, pi);
  if (paths.size() != pi.size())
    throw InvalidArgument("realization has " + std::to_string(paths.size()) + " paths, the " +
                          std::to_string(d) + "-cube needs " + std::to_string(pi.size()));
  return check_realization(d, pi,
                           [&paths](uint32_t v, std::vector<uint32_t>& out) { out = paths[v]; });
}

void check_levels(const Realization& r, LemmaReport& rep) {
  const int d = r.dim;
  const uint32_t n = r.vertices();
  const int bl = base_level(d);
  const uint32_t bn = uint32_t{1} << bl;
  // Base blocks: 1-realizations with shortest paths.
  std::vector<uint32_t> len(n), next_len(n);
  for (uint32_t q = 0; q < n; q += bn) {
    uint32_t used = 0;  // directed edges (x, j) of the block, bit (x - q) * 3 + j
    for (uint32_t u = q; u < q + bn; ++u) {
      const uint8_t code = r.base_path[u];
      uint32_t x = u;
      for (int s = 0; s < base::path_length(code); ++s) {
        const int j = base::path_dim(code, s);
        const uint32_t e = uint32_t{1} << ((x - q) * 3 + j);
        if (j >= bl || (used & e))
          add_error(rep.errors, rep.ok,
                    "base block " + std::to_string(q / bn) + ": edge (" + std::to_string(x) +
                        ", dimension " + std::to_string(j) + ") used twice or outside the block");
        used |= e;
        x ^= uint32_t{1} << j;
      }
      len[u] = static_cast<uint32_t>(base::path_length(code));
      if (x != r.base[u] || static_cast<int>(len[u]) != distance(u, r.base[u]))
        add_error(rep.errors, rep.ok,
                  "base path of " + std::to_string(u) + " is not a shortest path to " +
                      std::to_string(r.base[u]));
    }
  }
  // Theorem 3.4 at every level k: paths at most path_bound(k), at most k 2^k edge uses per
  // block.
  for (int k = bl + 1; k <= d; ++k) {
    const uint32_t b = uint32_t{1} << (k - 1), block = b << 1;
    const uint32_t lim = static_cast<uint32_t>(path_bound(k));
    uint64_t uses = 0;
    for (uint32_t u = 0; u < n; ++u) {
      const uint32_t pre = (r.pre[u] >> (k - 1)) & 1u, post = (r.post[u] >> (k - 1)) & 1u;
      next_len[u] = pre + post + len[u ^ (pre ? b : 0)];
      uses += next_len[u];
      if (next_len[u] > lim)
        add_error(rep.errors, rep.ok,
                  "level " + std::to_string(k) + ": path entered at " + std::to_string(u) +
                      " has length " + std::to_string(next_len[u]) +
                      " > 2k-3 = " + std::to_string(lim));
      if ((u & (block - 1)) == block - 1) {
        if (uses > (uint64_t(k) << k))
          add_error(rep.errors, rep.ok,
                    "level " + std::to_string(k) + ", block " + std::to_string(u / block) + ": " +
                        std::to_string(uses) + " edge uses > k 2^k");
        uses = 0;
      }
    }
    std::swap(len, next_len);
  }
}

}  // namespace minforge::hypercube
