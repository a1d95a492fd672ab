// Coverage of all (i, j) pairs by a set of GSEN configurations (paper 001, Theorem 3.8,
// Theorem 5.5, section 6 and Fig. 14).
#include "minforge/algo/gsen/gsen_coverage.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <string>

namespace minforge::gsen {

namespace {

// Flat N x N bitmap, row i = source, column j = destination.
class PairBitmap {
 public:
  explicit PairBitmap(int N) : N_(static_cast<uint64_t>(N)), words_((N_ * N_ + 63) / 64, 0) {}
  uint64_t index(int i, int j) const {
    return static_cast<uint64_t>(i) * N_ + static_cast<uint64_t>(j);
  }
  bool test(uint64_t b) const { return (words_[b >> 6] >> (b & 63)) & 1u; }
  void set(uint64_t b) { words_[b >> 6] |= uint64_t{1} << (b & 63); }
  int64_t count() const {
    int64_t c = 0;
    for (uint64_t w : words_) c += std::popcount(w);
    return c;
  }

 private:
  uint64_t N_;
  std::vector<uint64_t> words_;
};

void check_configs(const Topology& t, Ctrl c, std::span<const uint32_t> configs) {
  if (c == Ctrl::Indiv)
    throw InvalidArgument(
        "coverage needs numbered configurations: control 'individual' has no configuration "
        "number; use stage, alt, alt2 or alt4");
  for (uint32_t v : configs)
    if (v >= t.power())
      throw InvalidArgument("configuration " + std::to_string(v) +
                            " out of range (must be < 2^n = " + std::to_string(t.power()) + ")");
}

// The pairs the configurations route (once: the bitmap of every (i, j) set up at least once):
// the count, whether all N^2 are, and the missing ones.
Coverage covered_pairs(const PairBitmap& once, int N) {
  Coverage cov;
  cov.pairs_covered = once.count();
  cov.covers = cov.pairs_covered == static_cast<int64_t>(N) * N;
  if (!cov.covers)
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        if (!once.test(once.index(i, j))) cov.missing.emplace_back(i, j);
  return cov;
}

}  // namespace

Coverage check_coverage(const Topology& t, Ctrl c, std::span<const uint32_t> configs) {
  return check_coverage(t, c, configs, true);
}

Coverage check_coverage(const Topology& t, Ctrl c, std::span<const uint32_t> configs,
                        bool compute_necessary) {
  check_configs(t, c, configs);
  const int N = t.ports();
  PairBitmap once(N);
  PairBitmap twice(compute_necessary ? N : 1);
  // Visit the configurations in ascending value so that PermutationSweep shares stages.
  std::vector<size_t> order(configs.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return configs[a] < configs[b]; });
  PermutationSweep sweep(t, c);
  for (size_t k : order) {
    const auto perm = sweep(configs[k]);
    for (int i = 0; i < N; ++i) {
      const uint64_t b = once.index(i, static_cast<int>(perm[static_cast<size_t>(i)]));
      if (compute_necessary && once.test(b)) twice.set(b);
      once.set(b);
    }
  }
  Coverage cov = covered_pairs(once, N);
  if (compute_necessary) {
    cov.necessary.assign(configs.size(), false);
    for (size_t k : order) {
      const auto perm = sweep(configs[k]);
      for (int i = 0; i < N; ++i) {
        if (!twice.test(once.index(i, static_cast<int>(perm[static_cast<size_t>(i)])))) {
          cov.necessary[k] = true;
          break;
        }
      }
    }
  }
  return cov;
}

Coverage check_coverage(const Topology& t, std::span<const Configuration> configs) {
  const int N = t.ports();
  PairBitmap once(N);
  PairBitmap twice(N);
  std::vector<std::vector<int>> perms;
  perms.reserve(configs.size());
  for (const Configuration& cfg : configs) {
    perms.push_back(permutation(t, cfg));  // throws on a matrix of the wrong shape
    for (int i = 0; i < N; ++i) {
      const uint64_t b = once.index(i, perms.back()[static_cast<size_t>(i)]);
      if (once.test(b)) twice.set(b);
      once.set(b);
    }
  }
  Coverage cov = covered_pairs(once, N);
  cov.necessary.assign(configs.size(), false);
  for (size_t k = 0; k < perms.size(); ++k)
    for (int i = 0; i < N && !cov.necessary[k]; ++i)
      cov.necessary[k] = !twice.test(once.index(i, perms[k][static_cast<size_t>(i)]));
  return cov;
}

std::vector<uint32_t> prune_redundant(const Topology& t, Ctrl c, std::vector<uint32_t> configs) {
  check_configs(t, c, configs);
  // Duplicates are redundant by definition; keep the first occurrence.
  {
    std::set<uint32_t> seen;
    std::vector<uint32_t> unique;
    for (uint32_t v : configs)
      if (seen.insert(v).second) unique.push_back(v);
    configs = std::move(unique);
  }
  const int N = t.ports();
  const uint64_t uN = static_cast<uint64_t>(N);
  // Per-pair realization counts.  A pair is realized by at most two distinct configuration
  // numbers of one control kind (tags F0 and F0 + N; a tag fixes every switch state on the
  // path and so the configuration number), so uint8 cannot overflow.
  std::vector<uint8_t> count(uN * uN, 0);
  std::vector<int> perm(static_cast<size_t>(N));
  for (uint32_t v : configs) {
    permutation_into(t, c, v, perm.data());
    for (int i = 0; i < N; ++i)
      ++count[static_cast<uint64_t>(i) * uN + static_cast<uint64_t>(perm[static_cast<size_t>(i)])];
  }
  std::vector<bool> keep(configs.size(), true);
  for (size_t k = configs.size(); k-- > 0;) {
    permutation_into(t, c, configs[k], perm.data());
    bool removable = true;
    for (int i = 0; i < N && removable; ++i)
      removable = count[static_cast<uint64_t>(i) * uN +
                        static_cast<uint64_t>(perm[static_cast<size_t>(i)])] >= 2;
    if (!removable) continue;
    keep[k] = false;
    for (int i = 0; i < N; ++i)
      --count[static_cast<uint64_t>(i) * uN + static_cast<uint64_t>(perm[static_cast<size_t>(i)])];
  }
  std::vector<uint32_t> out;
  for (size_t k = 0; k < configs.size(); ++k)
    if (keep[k]) out.push_back(configs[k]);
  return out;
}

const std::vector<PaperSet>& paper_sets() {
  // Theorem 5.5 (N = 20) and the computer-found bounds listed in section 6, verbatim.
  static const std::vector<PaperSet> sets = {
      {20, Ctrl::Alt2, 24, "0~15,20~23,28~31", "0~15,20~23,28~31"},
      {36, Ctrl::Alt2, 40, "0~3,8~19,24~35,40~43,48~51,56~59",
       "0~3,8~19,24~35,40~43,48~51,56~59"},
      {44, Ctrl::Alt2, 48, "0~3,8~19,24~35,40~51,56~63", "0~3,8~19,24~35,40~51,56~63"},
      // Erratum: "100~104" makes 73 members for a bound of 72; 100~103 has 72 and covers.
      {68, Ctrl::Alt2, 72, "0~11,16~43,48~63,68~71,80~83,100~104,112~115",
       "0~11,16~43,48~63,68~71,80~83,100~103,112~115"},
      {72, Ctrl::Alt4, 96, "0~63,72~79,88~95,104~111,120~127",
       "0~63,72~79,88~95,104~111,120~127"},
      {76, Ctrl::Alt2, 88, "0~7,12~39,44~67,80~91,96~99,112~123",
       "0~7,12~39,44~67,80~91,96~99,112~123"},
      {84, Ctrl::Alt2, 96, "0~11,16~43,48~63,68~71,80~95,100~103,112~127",
       "0~11,16~43,48~63,68~71,80~95,100~103,112~127"},
      {92, Ctrl::Alt2, 112, "0~7,12~39,44~71,76~103,108~127", "0~7,12~39,44~71,76~103,108~127"},
  };
  return sets;
}

std::vector<uint32_t> paper_set_configs(const PaperSet& p, bool corrected) {
  Topology t(p.ports);
  return parse_config_list(corrected ? p.corrected : p.printed, t.power());
}

int r_sc(int N) { return static_cast<int>(Topology(N).power()); }

bool theorem_5_4_applies(int N) {
  Topology t(N);
  const int k = std::countr_zero(static_cast<unsigned>(N));
  if (k < 2) return false;
  const int n = t.stages();
  return (int64_t{1} << (n - 1)) + (int64_t{1} << (n - k)) <= N;
}

int proven_r(int N) {
  Topology t(N);
  if (N % 4 == 2) return N;                                        // Theorem 4.8
  if (theorem_5_4_applies(N)) return static_cast<int>(t.power());  // Theorem 5.4
  if (N == 20) return 24;                                          // Theorem 5.5
  return 0;
}

}  // namespace minforge::gsen
