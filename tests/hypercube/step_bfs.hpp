// Brute force over the b-cube's packet-switched steps, for the tests (b <= 3): every legal
// step (a permutation moving every vertex to itself or a neighbour) and the breadth-first
// distance of every permutation from the identity in the graph of those steps (an
// independent computation: no solver, no schedule of the model).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace minforge::test {

inline std::vector<std::vector<uint32_t>> hypercube_legal_steps(int b) {
  const int n = 1 << b;
  std::vector<std::vector<uint32_t>> steps;
  std::vector<uint32_t> s(n);
  std::vector<int> choice(n, 0);  // 0 = keep, 1 + j = along j
  while (true) {
    uint32_t used = 0;
    bool ok = true;
    for (int v = 0; v < n; ++v) {
      s[v] = choice[v] ? v ^ (1u << (choice[v] - 1)) : v;
      ok = ok && !(used & (1u << s[v]));
      used |= 1u << s[v];
    }
    if (ok) steps.push_back(s);
    int v = 0;
    while (v < n && ++choice[v] > b) choice[v++] = 0;
    if (v == n) break;
  }
  return steps;
}

// dist[r]: the fewest steps of the permutation of rank r (hypercube::base::perm_rank).
inline std::vector<int> hypercube_step_distances(int b) {
  const int n = 1 << b;
  const std::vector<std::vector<uint32_t>> steps = hypercube_legal_steps(b);
  uint32_t count = 1;
  for (int k = 2; k <= n; ++k) count *= static_cast<uint32_t>(k);
  std::vector<int> dist(count, -1);
  std::vector<uint32_t> frontier, p(n), q(n);
  for (int v = 0; v < n; ++v) p[v] = v;
  frontier.push_back(hypercube::base::perm_rank(p.data(), n));
  dist[frontier[0]] = 0;
  for (int level = 0; !frontier.empty(); ++level) {
    std::vector<uint32_t> next;
    for (uint32_t r : frontier) {
      hypercube::base::perm_unrank(r, n, p.data());
      for (const auto& st : steps) {
        for (int v = 0; v < n; ++v) q[v] = st[p[v]];
        const uint32_t rq = hypercube::base::perm_rank(q.data(), n);
        if (dist[rq] < 0) {
          dist[rq] = level + 1;
          next.push_back(rq);
        }
      }
    }
    frontier = std::move(next);
  }
  return dist;
}

}  // namespace minforge::test
