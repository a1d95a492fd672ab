// On-line realization by self-routing (paper 003, section 4.2); see lcan_selfroute.hpp.
#include "minforge/algo/lcan/lcan_selfroute.hpp"

#include <numeric>
#include <stdexcept>
#include <string>

namespace minforge::lcan {
namespace {

int bits_of(int N) {
  if (N < 2 || !is_pow2(static_cast<uint64_t>(N)))
    throw InvalidArgument("this permutation class needs N a power of two, got " +
                          std::to_string(N));
  return ceil_log2(static_cast<uint64_t>(N));
}

// t = A s xor c, A given by its columns (col[j] = A e_j).
std::vector<int> apply_affine(int N, const std::vector<int>& col, int c) {
  std::vector<int> t(static_cast<size_t>(N));
  for (int s = 0; s < N; ++s) {
    int v = c;
    for (size_t j = 0; j < col.size(); ++j)
      if ((s >> j) & 1) v ^= col[j];
    t[s] = v;
  }
  return t;
}

bool nonsingular(std::vector<int> col) {
  const int L = static_cast<int>(col.size());
  for (int bit = 0; bit < L; ++bit) {  // Gaussian elimination on the columns
    int piv = -1;
    for (int j = bit; j < L && piv < 0; ++j)
      if ((col[j] >> bit) & 1) piv = j;
    if (piv < 0) return false;
    std::swap(col[bit], col[piv]);
    for (int j = 0; j < L; ++j)
      if (j != bit && ((col[j] >> bit) & 1)) col[j] ^= col[bit];
  }
  return true;
}

std::vector<int> random_columns(int L, int N, Rng& rng) {
  for (;;) {  // about 29 % of random matrices over GF(2) are nonsingular
    std::vector<int> col(static_cast<size_t>(L));
    for (int j = 0; j < L; ++j) col[j] = static_cast<int>(rng.below(static_cast<uint64_t>(N)));
    if (nonsingular(col)) return col;
  }
}

// Inverse omega permutation from one bit per switch: stage k pairs the two sources with
// equal (s >> (k+1), t mod 2^k) and gives them the destination bits k = bit, 1 - bit.
template <typename NextBit>
std::vector<int> inverse_omega_from(int N, NextBit next_bit) {
  const int L = bits_of(N);
  std::vector<int> t(static_cast<size_t>(N), 0), first(static_cast<size_t>(N / 2));
  for (int k = 0; k < L; ++k) {
    std::fill(first.begin(), first.end(), -1);
    for (int s = 0; s < N; ++s) {
      const int key = ((s >> (k + 1)) << k) | (t[s] & ((1 << k) - 1));
      if (first[key] < 0) {
        first[key] = s;
        continue;
      }
      const int b = next_bit() ? 1 : 0;
      t[first[key]] |= b << k;
      t[s] |= (1 - b) << k;
    }
  }
  return t;
}

}  // namespace

std::string_view self_routing_name(SelfRouting rule) {
  return rule == SelfRouting::NassimiSahni ? "nassimi-sahni" : "raghavendra-boppana";
}

UnfoldedRoute self_route(const Permutation& perm, int d, SelfRouting rule) {
  if (d < 2 || !is_pow2(static_cast<uint64_t>(d)))
    throw InvalidArgument(
        "self-routing (" + std::string(self_routing_name(rule)) +
        ") needs a switch size d that is a power of two, got d = " + std::to_string(d));
  const int n = unfold_levels(static_cast<int64_t>(perm.size()), d);
  check_permutation(perm);
  const int N = static_cast<int>(perm.size());
  const int b = ceil_log2(static_cast<uint64_t>(d));
  const int J = b * (n - 1);  // binary levels below the top d x d switch
  UnfoldedRoute r;
  r.N = N;
  r.d = d;
  r.n = n;
  r.perm = perm;
  r.ups.assign(static_cast<size_t>(N) * (n - 1), 0);

  std::vector<int64_t> low(static_cast<size_t>(N), 0);  // k_0 .. k_{j-1}, k_0 most significant
  std::vector<int> occ(static_cast<size_t>(N));
  std::vector<uint8_t> bit(static_cast<size_t>(N));
  for (int j = 0; j < J; ++j) {
    std::fill(occ.begin(), occ.end(), -1);
    for (int s = 0; s < N; ++s) {
      const int64_t w = ((static_cast<int64_t>(s) >> (j + 1)) << j) | low[s];
      int& slot = occ[static_cast<size_t>(w * 2 + ((s >> j) & 1))];
      if (slot >= 0) throw std::logic_error("lcan self-routing: two pairs on one wire going up");
      slot = s;
    }
    for (int w = 0; w < N / 2; ++w) {
      const int p0 = occ[2 * static_cast<size_t>(w)], p1 = occ[2 * static_cast<size_t>(w) + 1];
      const int pri = rule == SelfRouting::NassimiSahni ? p0 : (perm[p0] < perm[p1] ? p0 : p1);
      const int oth = pri == p0 ? p1 : p0;
      const uint8_t k = static_cast<uint8_t>((perm[pri] >> j) & 1);
      bit[pri] = k;
      bit[oth] = k ^ 1;
    }
    for (int s = 0; s < N; ++s) low[s] = (low[s] << 1) | bit[s];
  }
  for (int s = 0; s < N; ++s)
    for (int m = 0; m + 1 < n; ++m)
      r.ups[static_cast<size_t>(s) * (n - 1) + m] =
          static_cast<int32_t>((low[s] >> (J - b * (m + 1))) & (d - 1));
  return r;
}

Permutation random_inverse_omega(int N, Rng& rng) {
  return inverse_omega_from(N, [&] { return rng.below(2) != 0; });
}

Permutation random_linear(int N, Rng& rng) {
  const int L = bits_of(N);
  return apply_affine(N, random_columns(L, N, rng), 0);
}

Permutation random_affine(int N, Rng& rng) {
  const int L = bits_of(N);
  auto col = random_columns(L, N, rng);
  return apply_affine(N, col, static_cast<int>(rng.below(static_cast<uint64_t>(N))));
}

bool is_affine(const Permutation& perm) {
  const int N = static_cast<int>(perm.size());
  const int L = bits_of(N);
  const int c = perm[0];
  std::vector<int> col(static_cast<size_t>(L));
  for (int j = 0; j < L; ++j) col[j] = perm[static_cast<size_t>(1) << j] ^ c;
  for (int s = 0; s < N; ++s) {
    int v = c;
    for (int j = 0; j < L; ++j)
      if ((s >> j) & 1) v ^= col[j];
    if (perm[s] != v) return false;
  }
  return true;
}

bool is_linear(const Permutation& perm) { return perm[0] == 0 && is_affine(perm); }

bool is_inverse_omega(const Permutation& perm) {
  const int N = static_cast<int>(perm.size());
  const int L = bits_of(N);
  std::vector<uint8_t> seen(static_cast<size_t>(N));
  for (int k = 1; k < L; ++k) {
    std::fill(seen.begin(), seen.end(), 0);
    for (int s = 0; s < N; ++s) {
      const int key = ((s >> k) << k) | (perm[s] & ((1 << k) - 1));
      if (seen[key]++) return false;
    }
  }
  return true;
}

std::vector<Permutation> all_linear(int N) {
  const int L = bits_of(N);
  if (L > 4) throw InvalidArgument("all_linear: N <= 16");
  std::vector<Permutation> out;
  std::vector<int> col(static_cast<size_t>(L));
  int64_t total = 1;
  for (int j = 0; j < L; ++j) total *= N;
  for (int64_t code = 0; code < total; ++code) {
    int64_t c = code;
    for (int j = 0; j < L; ++j, c /= N) col[j] = static_cast<int>(c % N);
    if (nonsingular(col)) out.push_back(apply_affine(N, col, 0));
  }
  return out;
}

std::vector<Permutation> all_inverse_omega(int N) {
  const int L = bits_of(N);
  if (L > 3) throw InvalidArgument("all_inverse_omega: N <= 8");
  const int switches = L * N / 2;
  std::vector<Permutation> out;
  for (uint32_t mask = 0; mask < (1u << switches); ++mask) {
    int i = 0;
    out.push_back(inverse_omega_from(N, [&] { return ((mask >> i++) & 1u) != 0; }));
  }
  return out;
}

}  // namespace minforge::lcan
