// Stimulus of hypercube runs (hypercube_stimulus.hpp).
#include "minforge/twin/hypercube/hypercube_stimulus.hpp"

#include <bit>
#include <string>
#include <utility>

#include "minforge/twin/hypercube/hypercube_node.hpp"

namespace minforge::twin {

namespace {

void check_dim(int d) {
  if (d < 1 || d > 16)
    throw InvalidArgument("hypercube: dimension must be 1..16 (d=" + std::to_string(d) + ")");
}

}  // namespace

std::vector<uint32_t> hypercube_random_step(int d, Rng& rng) {
  check_dim(d);
  const uint32_t nn = 1u << d;
  std::vector<uint32_t> m(nn);
  std::vector<char> used(nn, 0);
  std::vector<uint32_t> order(nn);
  for (uint32_t v = 0; v < nn; ++v) m[v] = order[v] = v;
  for (uint32_t i = nn - 1; i > 0; --i)
    std::swap(order[i], order[static_cast<uint32_t>(rng.below(i + 1))]);
  std::vector<uint32_t> walk;
  for (const uint32_t v : order) {
    if (used[v]) continue;
    const uint64_t r = rng.below(8);
    if (r < 2) {  // stays
      used[v] = 1;
      continue;
    }
    if (r < 4 || d < 2) {  // a swap along a random edge
      const uint32_t u = v ^ (1u << rng.below(static_cast<uint64_t>(d)));
      if (!used[u]) {
        m[v] = u;
        m[u] = v;
        used[v] = used[u] = 1;
      }
      continue;
    }
    if (r < 6) {  // a 4-cycle around a random face, either direction
      const int j = static_cast<int>(rng.below(static_cast<uint64_t>(d)));
      int k = static_cast<int>(rng.below(static_cast<uint64_t>(d - 1)));
      if (k >= j) ++k;
      const uint32_t a = v, b = v ^ (1u << j), c = b ^ (1u << k), e = v ^ (1u << k);
      if (used[b] || used[c] || used[e]) continue;
      const uint32_t cyc[4] = {a, b, c, e};
      const bool fwd = rng.below(2) == 0;
      for (int i = 0; i < 4; ++i) m[cyc[i]] = fwd ? cyc[(i + 1) % 4] : cyc[(i + 3) % 4];
      used[a] = used[b] = used[c] = used[e] = 1;
      continue;
    }
    // A longer cycle: a self-avoiding random walk from v through unused vertices, closed
    // when it reaches a neighbour of v after at least 3 edges (the cube is bipartite: every
    // cycle is even).
    walk.assign(1, v);
    used[v] = 1;
    const size_t want = 4 + 2 * rng.below(static_cast<uint64_t>(d) * 2);
    bool closed = false;
    while (walk.size() < 2 * nn) {
      const uint32_t x = walk.back();
      if (walk.size() >= 4 && walk.size() % 2 == 0 && std::popcount(x ^ v) == 1 &&
          walk.size() >= want) {
        closed = true;
        break;
      }
      uint32_t cand[16];
      int nc = 0;
      for (int k = 0; k < d; ++k)
        if (!used[x ^ (1u << k)]) cand[nc++] = x ^ (1u << k);
      if (nc == 0) break;
      const uint32_t y = cand[rng.below(static_cast<uint64_t>(nc))];
      used[y] = 1;
      walk.push_back(y);
    }
    if (!closed) {  // give the vertices back (v stays)
      for (size_t i = 1; i < walk.size(); ++i) used[walk[i]] = 0;
      continue;
    }
    for (size_t i = 0; i < walk.size(); ++i) m[walk[i]] = walk[(i + 1) % walk.size()];
  }
  return m;
}

HypercubeRandomSchedule hypercube_random_schedule(int d, int steps, Rng& rng) {
  check_dim(d);
  HypercubeRandomSchedule s;
  for (int t = 0; t < steps; ++t) s.moves.push_back(hypercube_random_step(d, rng));
  s.perm = hypercube_compose(d, s.moves);
  return s;
}

HypercubeMoves hypercube_random_moves(int d, int steps, Rng& rng) {
  check_dim(d);
  const uint32_t nn = 1u << d;
  HypercubeMoves mv(static_cast<size_t>(steps), std::vector<uint32_t>(nn));
  for (auto& row : mv)
    for (uint32_t v = 0; v < nn; ++v) {
      const uint64_t r = rng.below(static_cast<uint64_t>(d) + 1);
      row[v] = r == 0 ? v : (v ^ (1u << (r - 1)));
    }
  return mv;
}

std::vector<uint32_t> hypercube_codes(int d, const std::vector<uint32_t>& moves_t) {
  check_dim(d);
  std::vector<uint32_t> c(moves_t.size());
  for (size_t v = 0; v < moves_t.size(); ++v)
    c[v] = HypercubeNode::code_for(d, static_cast<uint32_t>(v), moves_t[v]);
  return c;
}

std::vector<uint32_t> hypercube_compose(int d, const HypercubeMoves& moves) {
  check_dim(d);
  const uint32_t nn = 1u << d;
  std::vector<uint32_t> at(nn);  // at[p] = where packet p is now
  for (uint32_t v = 0; v < nn; ++v) at[v] = v;
  for (size_t t = 0; t < moves.size(); ++t) {
    if (moves[t].size() != nn)
      throw InvalidArgument("hypercube: step " + std::to_string(t) + " has " +
                            std::to_string(moves[t].size()) +
                            " entries, not 2^d = " + std::to_string(nn));
    std::vector<char> hit(nn, 0);
    for (uint32_t v = 0; v < nn; ++v) {
      const uint32_t to = moves[t][v];
      if (to >= nn || hit[to])
        throw InvalidArgument("hypercube: step " + std::to_string(t) + " is not a permutation");
      hit[to] = 1;
    }
    for (uint32_t p = 0; p < nn; ++p) at[p] = moves[t][at[p]];
  }
  return at;
}

}  // namespace minforge::twin
