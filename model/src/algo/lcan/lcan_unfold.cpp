// The unfolded CB-LCAN(N, d, d) and the Lev-Pippenger-Valiant construction (paper 003,
// section 4.1); see lcan_unfold.hpp for the numbering.
#include "minforge/algo/lcan/lcan_unfold.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace minforge::lcan {
namespace {

// Edge colouring of regular bipartite multigraphs by Euler splits and, for an odd degree,
// one Hopcroft-Karp perfect matching.  The edges are ids into left_/right_; colour() works
// on a span of ids that it reorders in place.  Scratch buffers are reused between calls.
class Colourer {
 public:
  void bind(int V, const int* left, const int* right, int* colour) {
    V_ = V;
    left_ = left;
    right_ = right;
    colour_ = colour;
  }

  // Colours the edges in `edges` (a deg-regular multigraph on V + V vertices) with colours
  // base .. base + deg - 1.
  void colour(std::span<int> edges, int deg, int base) {
    if (deg == 1) {
      for (int e : edges) colour_[e] = base;
      return;
    }
    if (deg % 2 == 0) {
      euler_split(edges, deg);
      const size_t half = edges.size() / 2;
      colour(edges.first(half), deg / 2, base);
      colour(edges.subspan(half), deg / 2, base + deg / 2);
      return;
    }
    extract_matching(edges, deg);
    colour(edges.first(static_cast<size_t>(V_)), 1, base);
    colour(edges.subspan(static_cast<size_t>(V_)), deg - 1, base + 1);
  }

 private:
  // Reorders `edges` so that the first half and the second half are each (deg/2)-regular:
  // every closed trail of an Euler partition is walked from a left vertex, the edges
  // walked left -> right go to the first half, those walked right -> left to the second.
  // For deg = 2 this is the looping algorithm.
  void euler_split(std::span<int> edges, int deg) {
    const size_t M = edges.size();
    const int V2 = 2 * V_;
    adj_.resize(static_cast<size_t>(V2) * deg);
    fill_.assign(static_cast<size_t>(V2), 0);
    for (size_t i = 0; i < M; ++i) {
      const int e = edges[i];
      const int l = left_[e], r = V_ + right_[e];
      adj_[static_cast<size_t>(l) * deg + fill_[l]++] = static_cast<int>(i);
      adj_[static_cast<size_t>(r) * deg + fill_[r]++] = static_cast<int>(i);
    }
    used_.assign(M, 0);
    fill_.assign(static_cast<size_t>(V2), 0);  // now: next unexamined adjacency slot
    tmp_.resize(M);
    size_t a = 0, b = M / 2;
    for (int v0 = 0; v0 < V_; ++v0) {
      int v = v0;
      for (;;) {
        int& p = fill_[v];
        const int* row = &adj_[static_cast<size_t>(v) * deg];
        while (p < deg && used_[row[p]]) ++p;
        if (p == deg) break;  // only at v0: the trail is closed
        const int i = row[p];
        used_[i] = 1;
        const int e = edges[i];
        if (v < V_) {
          tmp_[a++] = e;
          v = V_ + right_[e];
        } else {
          tmp_[b++] = e;
          v = left_[e];
        }
      }
    }
    if (a != M / 2 || b != M) throw std::logic_error("lcan: Euler split lost edges");
    std::copy(tmp_.begin(), tmp_.end(), edges.begin());
  }

  // Reorders `edges` so that its first V edges form a perfect matching (Hopcroft-Karp; a
  // regular bipartite multigraph always has one, by Hall's theorem).
  void extract_matching(std::span<int> edges, int deg) {
    const int V = V_;
    adj_.resize(static_cast<size_t>(V) * deg);
    fill_.assign(static_cast<size_t>(V), 0);
    for (size_t i = 0; i < edges.size(); ++i) {
      const int l = left_[edges[i]];
      adj_[static_cast<size_t>(l) * deg + fill_[l]++] = static_cast<int>(i);
    }
    auto right_of = [&](int i) { return right_[edges[i]]; };
    auto left_of = [&](int i) { return left_[edges[i]]; };
    match_l_.assign(static_cast<size_t>(V), -1);
    match_r_.assign(static_cast<size_t>(V), -1);
    int matched = 0;
    for (int l = 0; l < V; ++l)  // greedy start
      for (int c = 0; c < deg; ++c) {
        const int i = adj_[static_cast<size_t>(l) * deg + c];
        if (match_r_[right_of(i)] < 0) {
          match_l_[l] = i;
          match_r_[right_of(i)] = i;
          ++matched;
          break;
        }
      }
    constexpr int kInf = 1 << 30;
    dist_.resize(static_cast<size_t>(V));
    it_.resize(static_cast<size_t>(V));
    while (matched < V) {
      // BFS layers from the free left vertices.
      queue_.clear();
      for (int l = 0; l < V; ++l) {
        dist_[l] = match_l_[l] < 0 ? 0 : kInf;
        if (match_l_[l] < 0) queue_.push_back(l);
      }
      bool found = false;
      for (size_t q = 0; q < queue_.size(); ++q) {
        const int x = queue_[q];
        for (int c = 0; c < deg; ++c) {
          const int j = match_r_[right_of(adj_[static_cast<size_t>(x) * deg + c])];
          if (j < 0) {
            found = true;
          } else if (dist_[left_of(j)] == kInf) {
            dist_[left_of(j)] = dist_[x] + 1;
            queue_.push_back(left_of(j));
          }
        }
      }
      if (!found) throw std::logic_error("lcan: regular bipartite graph without perfect matching");
      // Vertex-disjoint shortest augmenting paths, iterative DFS.
      std::fill(it_.begin(), it_.end(), 0);
      for (int u = 0; u < V; ++u) {
        if (match_l_[u] >= 0) continue;
        stack_.assign(1, u);
        while (!stack_.empty()) {
          const int x = stack_.back();
          if (it_[x] == deg) {
            dist_[x] = kInf;
            stack_.pop_back();
            if (!stack_.empty()) ++it_[stack_.back()];
            continue;
          }
          const int i = adj_[static_cast<size_t>(x) * deg + it_[x]];
          const int j = match_r_[right_of(i)];
          if (j < 0) {  // augment along the stack
            for (int y : stack_) {
              const int iy = adj_[static_cast<size_t>(y) * deg + it_[y]];
              match_l_[y] = iy;
              match_r_[right_of(iy)] = iy;
            }
            ++matched;
            stack_.clear();
          } else if (dist_[left_of(j)] == dist_[x] + 1) {
            stack_.push_back(left_of(j));
          } else {
            ++it_[x];
          }
        }
      }
    }
    used_.assign(edges.size(), 0);
    tmp_.clear();
    for (int l = 0; l < V; ++l) {
      used_[match_l_[l]] = 1;
      tmp_.push_back(edges[match_l_[l]]);
    }
    for (size_t i = 0; i < edges.size(); ++i)
      if (!used_[i]) tmp_.push_back(edges[i]);
    std::copy(tmp_.begin(), tmp_.end(), edges.begin());
  }

  int V_ = 0;
  const int* left_ = nullptr;
  const int* right_ = nullptr;
  int* colour_ = nullptr;
  std::vector<int> adj_, fill_, tmp_, match_l_, match_r_, dist_, it_, queue_, stack_;
  std::vector<uint8_t> used_;
};

}  // namespace

int64_t UnfoldedRoute::top_switch(int s) const {
  int64_t x = 0;
  for (int m = 0; m + 1 < n; ++m) x = x * d + upper(s, m);
  return x;
}

int unfold_levels(int64_t N, int d) {
  if (d < 2) throw InvalidArgument("switch size d must be at least 2, got " + std::to_string(d));
  if (N < d)
    throw InvalidArgument("N = " + std::to_string(N) +
                          " is not a power of d = " + std::to_string(d) + " (N >= d needed)");
  int n = 0;
  int64_t p = 1;
  while (p < N) {
    p *= d;
    ++n;
  }
  if (p != N)
    throw InvalidArgument("N = " + std::to_string(N) +
                          " is not a power of d = " + std::to_string(d));
  return n;
}

std::vector<int> colour_regular_bipartite(int V, int deg, std::span<const int> left,
                                          std::span<const int> right) {
  if (V < 1 || deg < 1) throw InvalidArgument("colouring: need V >= 1 and deg >= 1");
  const size_t M = static_cast<size_t>(V) * deg;
  if (left.size() != M || right.size() != M)
    throw InvalidArgument("colouring: a deg-regular graph has V * deg edges");
  std::vector<int> dl(static_cast<size_t>(V), 0), dr(static_cast<size_t>(V), 0);
  for (size_t e = 0; e < M; ++e) {
    if (left[e] < 0 || left[e] >= V || right[e] < 0 || right[e] >= V)
      throw InvalidArgument("colouring: edge " + std::to_string(e) +
                            " has an endpoint out of range");
    if (++dl[left[e]] > deg || ++dr[right[e]] > deg)
      throw InvalidArgument("colouring: the graph is not " + std::to_string(deg) + "-regular");
  }
  std::vector<int> colour(M, -1), edges(M);
  std::iota(edges.begin(), edges.end(), 0);
  Colourer c;
  c.bind(V, left.data(), right.data(), colour.data());
  c.colour(edges, deg, 0);
  return colour;
}

UnfoldedRoute lpv_route(const Permutation& perm, int d) {
  const int n = unfold_levels(static_cast<int64_t>(perm.size()), d);
  check_permutation(perm);
  const int N = static_cast<int>(perm.size());
  UnfoldedRoute r;
  r.N = N;
  r.d = d;
  r.n = n;
  r.perm = perm;
  r.ups.assign(static_cast<size_t>(N) * (n - 1), 0);
  if (n == 1) return r;

  // order: the pairs grouped by sub-network (K_0 .. K_{m-1}), group g at [g*B, (g+1)*B).
  std::vector<int> order(static_cast<size_t>(N)), next(static_cast<size_t>(N));
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> left, right, colour, edges, fill(static_cast<size_t>(d));
  Colourer col;
  int64_t dm = 1;  // d^m
  for (int m = 0; m + 1 < n; ++m, dm *= d) {
    const int B = static_cast<int>(N / dm);
    const int V = B / d;
    const int64_t dm1 = dm * d;
    left.resize(static_cast<size_t>(B));
    right.resize(static_cast<size_t>(B));
    colour.resize(static_cast<size_t>(B));
    edges.resize(static_cast<size_t>(B));
    for (int g = 0; g < N / B; ++g) {
      const int* blk = &order[static_cast<size_t>(g) * B];
      for (int i = 0; i < B; ++i) {
        left[i] = static_cast<int>(blk[i] / dm1);
        right[i] = static_cast<int>(perm[blk[i]] / dm1);
      }
      std::iota(edges.begin(), edges.end(), 0);
      col.bind(V, left.data(), right.data(), colour.data());
      col.colour(edges, d, 0);
      // Stable split of the group into its d sub-networks.
      for (int k = 0; k < d; ++k) fill[k] = g * B + k * V;
      for (int i = 0; i < B; ++i) {
        const int s = blk[i], k = colour[i];
        r.ups[static_cast<size_t>(s) * (n - 1) + m] = k;
        next[fill[k]++] = s;
      }
    }
    order.swap(next);
  }
  return r;
}

std::string check_unfolded_route(const UnfoldedRoute& r) {
  const int N = r.N, d = r.d, n = r.n;
  if (static_cast<int>(r.perm.size()) != N ||
      r.ups.size() != static_cast<size_t>(N) * std::max(n - 1, 0))
    return "route arrays have the wrong size";
  // Each level: N downer ports and N upper ports on each side (up / down), as flags
  // indexed by switch * d + port (switch = (high part) * d^m + low part, all base d).
  std::vector<uint8_t> up_in(N), up_out(N), dn_in(N), dn_out(N);
  std::vector<int64_t> low(N, 0);  // K_0 .. K_{m-1} as a base-d number
  int64_t dm = 1;
  for (int m = 0; m < n; ++m, dm *= d) {
    std::fill(up_in.begin(), up_in.end(), 0);
    std::fill(up_out.begin(), up_out.end(), 0);
    std::fill(dn_in.begin(), dn_in.end(), 0);
    std::fill(dn_out.begin(), dn_out.end(), 0);
    for (int s = 0; s < N; ++s) {
      const int t = r.perm[s];
      const int64_t up_sw = (s / (dm * d)) * dm + low[s];
      const int64_t dn_sw = (t / (dm * d)) * dm + low[s];
      const int sm = static_cast<int>((s / dm) % d), tm = static_cast<int>((t / dm) % d);
      const std::string where = "pair " + std::to_string(s) + "->" + std::to_string(t) +
                                " at level " + std::to_string(m) + ": ";
      if (up_in[up_sw * d + sm]++) return where + "downer input used twice (up)";
      if (dn_out[dn_sw * d + tm]++) return where + "downer output used twice (down)";
      if (m == n - 1) {
        if (up_sw != dn_sw) return where + "up and down halves meet in different top switches";
        continue;
      }
      const int k = r.upper(s, m);
      if (k < 0 || k >= d) return where + "upper out of range";
      if (up_out[up_sw * d + k]++) return where + "upper output used twice (up)";
      if (dn_in[dn_sw * d + k]++) return where + "upper input used twice (down)";
    }
    for (int s = 0; s < N; ++s)
      if (m + 1 < n) low[s] = low[s] * d + r.upper(s, m);
  }
  return {};
}

}  // namespace minforge::lcan
