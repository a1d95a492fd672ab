// The base cases of paper 004's recursion, constructed by search (see hypercube_base.hpp).
#include "minforge/algo/hypercube/hypercube_base.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

namespace minforge::hypercube::base {

namespace {

using Arr = std::array<uint32_t, 8>;

int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

// All single steps of the b-cube: permutations s with s(v) = v or a neighbour of v, in the
// order of the counter whose digit v (least significant first) is 0 for "keep" and 1 + j for
// "send along j" (so the step in which nothing moves comes first).
std::vector<Arr> enumerate_steps(int b) {
  const int n = 1 << b;
  std::vector<Arr> steps;
  std::vector<int> digit(n, 0);
  while (true) {
    Arr s{};
    uint32_t used = 0;
    bool ok = true;
    for (int v = 0; v < n && ok; ++v) {
      s[v] = digit[v] == 0 ? v : v ^ (1u << (digit[v] - 1));
      if (used & (1u << s[v])) ok = false;
      used |= 1u << s[v];
    }
    if (ok) steps.push_back(s);
    int v = 0;
    while (v < n && ++digit[v] > b) digit[v++] = 0;
    if (v == n) break;
  }
  return steps;
}

// Depth-first search for edge-disjoint shortest paths, vertex by vertex.
bool dfs_paths(int b, const uint32_t* pi, int v, uint32_t used_edges, Codes& out) {
  const int n = 1 << b;
  if (v == n) return true;
  std::vector<int> dims;
  for (int j = 0; j < b; ++j)
    if (((static_cast<uint32_t>(v) ^ pi[v]) >> j) & 1u) dims.push_back(j);
  do {
    uint32_t mask = 0;
    uint32_t x = static_cast<uint32_t>(v);
    bool ok = true;
    for (int j : dims) {
      uint32_t e = 1u << (x * 3 + j);
      if ((used_edges | mask) & e) {
        ok = false;
        break;
      }
      mask |= e;
      x ^= 1u << j;
    }
    if (!ok) continue;
    uint8_t code = static_cast<uint8_t>(dims.size());
    for (size_t s = 0; s < dims.size(); ++s) code |= static_cast<uint8_t>(dims[s] << (2 + 2 * s));
    out[v] = code;
    if (dfs_paths(b, pi, v + 1, used_edges | mask, out)) return true;
  } while (std::next_permutation(dims.begin(), dims.end()));
  return false;
}

struct Tables {
  std::vector<Codes> circuit;  // by rank
  std::vector<Codes> packet;   // by rank
};

Tables build(int b) {
  const int n = 1 << b;
  const int count = factorial(n);
  Tables t;
  t.circuit.resize(count);
  t.packet.resize(count);
  const std::vector<Arr> steps = enumerate_steps(b);

  // reach[rank(q)] = the first sequence of b-1 steps whose composition is q (the position of
  // the packet of origin v after the steps is q(v)).
  std::vector<std::vector<int>> reach(count);
  std::vector<bool> found(count, false);
  Arr id{};
  for (int v = 0; v < n; ++v) id[v] = v;
  std::vector<std::pair<Arr, std::vector<int>>> layer = {{id, {}}};
  for (int k = 0; k < b - 1; ++k) {
    std::vector<std::pair<Arr, std::vector<int>>> next;
    for (const auto& [p, seq] : layer)
      for (size_t si = 0; si < steps.size(); ++si) {
        Arr q{};
        for (int v = 0; v < n; ++v) q[v] = steps[si][p[v]];
        auto s2 = seq;
        s2.push_back(static_cast<int>(si));
        next.emplace_back(q, std::move(s2));
      }
    // keep the first sequence per composition
    std::vector<bool> seen(count, false);
    layer.clear();
    for (auto& e : next) {
      uint32_t r = perm_rank(e.first.data(), n);
      if (!seen[r]) {
        seen[r] = true;
        layer.push_back(std::move(e));
      }
    }
  }
  for (auto& [p, seq] : layer) {
    uint32_t r = perm_rank(p.data(), n);
    found[r] = true;
    reach[r] = seq;
  }
  std::vector<Arr> inverse(steps.size());
  for (size_t si = 0; si < steps.size(); ++si)
    for (int v = 0; v < n; ++v) inverse[si][steps[si][v]] = v;

  for (int r = 0; r < count; ++r) {
    Arr pi{};
    perm_unrank(r, n, pi.data());
    if (!dfs_paths(b, pi.data(), 0, 0, t.circuit[r]))
      throw std::logic_error("hypercube base: no shortest 1-realization for a " +
                             std::to_string(b) + "-cube permutation (rank " + std::to_string(r) +
                             ")");
    bool ok = false;
    for (size_t si = 0; si < steps.size() && !ok; ++si) {
      Arr q{};
      for (int v = 0; v < n; ++v) q[v] = inverse[si][pi[v]];
      uint32_t rq = perm_rank(q.data(), n);
      if (!found[rq]) continue;
      std::vector<int> seq = reach[rq];
      seq.push_back(static_cast<int>(si));
      Codes c{};
      for (int s = 0; s < b; ++s)
        for (int x = 0; x < n; ++x) {
          uint32_t to = steps[seq[s]][x];
          int code = to == static_cast<uint32_t>(x) ? 0 : 1 + __builtin_ctz(to ^ x);
          c[x] |= static_cast<uint8_t>(code << (2 * s));
        }
      t.packet[r] = c;
      ok = true;
    }
    if (!ok)
      throw std::logic_error("hypercube base: no " + std::to_string(b) +
                             "-step packet routing for a permutation (rank " + std::to_string(r) +
                             ")");
  }
  return t;
}

const Tables& tables(int b) {
  if (b < 1 || b > 3) throw std::logic_error("hypercube base: b = " + std::to_string(b));
  static const Tables t1 = build(1);
  if (b == 1) return t1;
  static const Tables t2 = build(2);
  if (b == 2) return t2;
  static const Tables t3 = build(3);
  return t3;
}

}  // namespace

uint32_t perm_rank(const uint32_t* p, int n) {
  uint32_t rank = 0, used = 0;
  for (int i = 0; i < n; ++i) {
    uint32_t smaller = static_cast<uint32_t>(std::popcount(~used & ((1u << p[i]) - 1)));
    rank = rank * static_cast<uint32_t>(n - i) + smaller;
    used |= 1u << p[i];
  }
  return rank;
}

void perm_unrank(uint32_t rank, int n, uint32_t* p) {
  uint32_t digits[8];
  for (int i = n - 1; i >= 0; --i) {
    digits[i] = rank % static_cast<uint32_t>(n - i);
    rank /= static_cast<uint32_t>(n - i);
  }
  uint32_t used = 0;
  for (int i = 0; i < n; ++i) {
    uint32_t k = digits[i];
    uint32_t v = 0;
    for (;; ++v) {
      if (used & (1u << v)) continue;
      if (k == 0) break;
      --k;
    }
    p[i] = v;
    used |= 1u << v;
  }
}

const Codes& circuit_paths(int b, const uint32_t* pi) {
  return tables(b).circuit[perm_rank(pi, 1 << b)];
}

const Codes& packet_moves(int b, const uint32_t* pi) {
  return tables(b).packet[perm_rank(pi, 1 << b)];
}

}  // namespace minforge::hypercube::base
