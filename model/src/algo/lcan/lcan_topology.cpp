#include "minforge/algo/lcan/lcan_topology.hpp"

#include <charconv>
#include <numeric>
#include <sstream>

namespace minforge::lcan {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

// Largest k with base^k dividing v (base >= 2, v >= 1).
int valuation(int64_t v, int64_t base) {
  int k = 0;
  while (v % base == 0) {
    v /= base;
    ++k;
  }
  return k;
}

void check_sizes(int d, int u) {
  if (d < 2) throw InvalidArgument("switch downers d = " + str(d) + " must be >= 2");
  if (u < 1) throw InvalidArgument("switch uppers u = " + str(u) + " must be >= 1");
  if (d > kMaxPes || u > kMaxPes) throw InvalidArgument("switch size too large");
}

void check_N(int64_t N) {
  if (N < 2 || N > kMaxPes)
    throw InvalidArgument("N = " + str(N) + " out of range [2, " + str(kMaxPes) + "]");
}

}  // namespace

std::optional<int> l_max(int64_t N, int d, int u) {
  check_sizes(d, u);
  if (N < d || N % d != 0)
    throw InvalidArgument("N = " + str(N) + " is not a multiple of d = " + str(d));
  // N/d (u/d)^i = (N/d) (u/g)^i / (d/g)^i with g = gcd(d, u); u/g and d/g are coprime, so the
  // term is an integer iff (d/g)^i divides N/d.
  const int64_t dp = d / std::gcd(d, u);
  if (dp == 1) return std::nullopt;
  return 1 + valuation(N / d, dp);
}

std::optional<int64_t> switches_eq1(int64_t N, int d, int u, int level) {
  check_sizes(d, u);
  if (level < 0) throw InvalidArgument("level " + str(level) + " must be >= 0");
  if (N < d || N % d != 0)
    throw InvalidArgument("N = " + str(N) + " is not a multiple of d = " + str(d));
  const int64_t g = std::gcd(d, u), dp = d / g, up = u / g;
  int64_t s = N / d;
  for (int i = 0; i < level; ++i) {
    if (s % dp != 0) return std::nullopt;
    s /= dp;
    if (s > (int64_t{1} << 62) / up) throw InvalidArgument("Equation 1: S_i overflows");
    s *= up;
  }
  return s;
}

int levels_cb(int64_t N, int d) {
  if (d < 2) throw InvalidArgument("switch downers d = " + str(d) + " must be >= 2");
  check_N(N);
  int n = 0;
  int64_t p = 1;
  while (p < N) {
    p *= d;
    ++n;
  }
  if (p != N) throw InvalidArgument("N = " + str(N) + " is not a power of d = " + str(d));
  return n;
}

int levels_t(int64_t N, int d, int u) {
  check_sizes(d, u);
  check_N(N);
  if (u >= d || d % u != 0)
    throw InvalidArgument("a T-LCAN needs u < d with d a multiple of u (got d = " + str(d) +
                          ", u = " + str(u) + ")");
  const int64_t k = d / u;
  if (N % u != 0 || N < d)
    throw InvalidArgument("T-LCAN(" + str(N) + "," + str(d) + "," + str(u) +
                          "): N/u = " + (N % u ? "not an integer" : str(N / u)) +
                          " is not a power of d/u = " + str(k) + " with exponent >= 1");
  int L = 0;
  int64_t p = 1;
  while (p < N / u) {
    p *= k;
    ++L;
  }
  if (p != N / u)
    throw InvalidArgument("T-LCAN(" + str(N) + "," + str(d) + "," + str(u) +
                          "): N/u = " + str(N / u) + " is not a power of d/u = " + str(k));
  return L;
}

// ---- construction -----------------------------------------------------------------------

void Network::build(Wiring w, int N, std::vector<LevelSize> sizes, int full_levels,
                    std::vector<int> pe_radix) {
  wiring_ = w;
  N_ = N;
  size_ = std::move(sizes);
  full_levels_ = full_levels;
  pe_radix_ = std::move(pe_radix);
  const int l = levels();
  uniform_ = true;
  for (const auto& s : size_) uniform_ = uniform_ && s == size_[0];

  pe_div_.assign(pe_radix_.size() + 1, 1);
  for (size_t i = 0; i < pe_radix_.size(); ++i) pe_div_[i + 1] = pe_div_[i] * pe_radix_[i];
  if (pe_div_.back() != N) throw std::logic_error("lcan: PE radices do not multiply to N");

  // Switch counts, checked against the port limit before anything is allocated.
  U_.assign(l + 1, 1);
  for (int i = 0; i < l; ++i)
    U_[i + 1] = w == Wiring::CB ? std::min<int64_t>(U_[i] * size_[i].u, kMaxPorts + 1) : 1;
  S_.assign(l, 0);
  int64_t ports = 0;
  for (int i = 0; i < l; ++i) {
    const int64_t s = int64_t{N / pe_div_[i + 1]} * U_[i];
    if (s > kMaxPorts) throw InvalidArgument("network too large: " + name_of_size_limit());
    ports += s * (size_[i].d + size_[i].u);
    if (ports > kMaxPorts) throw InvalidArgument("network too large: " + name_of_size_limit());
    S_[i] = static_cast<int>(s);
  }
  // Uppers of level i = downers of level i+1 (the level interconnect is a bijection).
  for (int i = 0; i + 1 < l; ++i)
    if (int64_t{S_[i]} * size_[i].u != int64_t{S_[i + 1]} * size_[i + 1].d)
      throw std::logic_error("lcan: uppers of level " + str(i) + " != downers of level " +
                             str(i + 1));

  up_off_.assign(l + 1, 0);
  down_off_.assign(l + 1, 0);
  for (int i = 0; i < l; ++i) {
    up_off_[i + 1] = up_off_[i] + (i + 1 < l ? int64_t{S_[i]} * size_[i].u : 0);
    down_off_[i + 1] = down_off_[i] + int64_t{S_[i]} * size_[i].d;
  }
  up_.assign(up_off_[l], End{-1, -1});
  down_.assign(down_off_[l], End{-1, -1});

  for (int s = 0; s < S_[0]; ++s)
    for (int j = 0; j < size_[0].d; ++j)
      down_[down_off_[0] + int64_t{s} * size_[0].d + j] = End{s * size_[0].d + j, -1};
  for (int i = 0; i + 1 < l; ++i) {
    const int u = size_[i].u, dn = size_[i + 1].d;
    End* up = up_.data() + up_off_[i];
    End* down = down_.data() + down_off_[i + 1];
    for (int s = 0; s < S_[i]; ++s)
      for (int k = 0; k < u; ++k) {
        End e;
        if (w == Wiring::CB) {
          // s = H U_i + Lo; upper k -> (H / d_{i+1}, Lo u_i + k), downer H mod d_{i+1}.
          const int64_t H = s / U_[i], Lo = s % U_[i];
          e = End{static_cast<int>((H / dn) * U_[i + 1] + Lo * u + k), static_cast<int>(H % dn)};
        } else {
          const int kids = dn / u;
          e = End{s / kids, (s % kids) * u + k};
        }
        up[int64_t{s} * u + k] = e;
        End& back = down[int64_t{e.sw} * dn + e.port];
        if (back.sw != -1) throw std::logic_error("lcan: two uppers on one downer");
        back = End{s, k};
      }
  }
  for (int i = 1; i < l; ++i)
    for (int64_t p = down_off_[i]; p < down_off_[i + 1]; ++p)
      if (down_[p].sw < 0) throw std::logic_error("lcan: unwired downer");

  group_size_.assign(l, 1);
  if (w == Wiring::T)
    for (int i = 1; i < l; ++i) group_size_[i] = size_[i - 1].u;
  part_size_ = pe_div_[l];
  block_size_ = l >= 2 ? pe_div_[l - 1] : 1;
}

std::string Network::name_of_size_limit() const {
  return "more than 2^24 switch ports (" + str(N_) + " PEs, " + str(levels()) + " levels)";
}

Network Network::cb(int N, int d, int u, int levels) {
  check_sizes(d, u);
  const int n = levels_cb(N, d);
  if (levels == 0) levels = n;
  if (levels < 1 || levels > n)
    throw InvalidArgument("CB-LCAN(" + str(N) + "," + str(d) + "," + str(u) + "): levels " +
                          str(levels) + " out of range [1, log_d N = " + str(n) +
                          "] (Corollary 1)");
  Network net;
  net.build(Wiring::CB, N, std::vector<LevelSize>(levels, LevelSize{d, u}), n,
            std::vector<int>(n, d));
  return net;
}

Network Network::t(int N, int d, int u, int levels) {
  const int L = levels_t(N, d, u);
  if (levels == 0) levels = L;
  if (levels < 1) throw InvalidArgument("levels " + str(levels) + " must be >= 1");
  if (levels > L)
    throw InvalidArgument("T-LCAN(" + str(N) + "," + str(d) + "," + str(u) + "): levels " +
                          str(levels) + " beyond l_max = " + str(L) + " (Theorem 1)");
  const int k = d / u;
  std::vector<int> radix{d};
  int64_t under = d;
  for (int i = 1; i < levels; ++i) {
    radix.push_back(k);
    under *= k;
  }
  if (N / under > 1) radix.push_back(static_cast<int>(N / under));  // trees of the forest
  Network net;
  net.build(Wiring::T, N, std::vector<LevelSize>(levels, LevelSize{d, u}), L, std::move(radix));
  return net;
}

Network Network::make(Wiring w, int N, int d, int u, int levels) {
  return w == Wiring::CB ? cb(N, d, u, levels) : t(N, d, u, levels);
}

Network Network::cb_levels(const std::vector<LevelSize>& sizes) {
  if (sizes.empty()) throw InvalidArgument("a network needs at least one level");
  int64_t N = 1;
  std::vector<int> radix;
  for (const auto& s : sizes) {
    check_sizes(s.d, s.u);
    N *= s.d;
    if (N > kMaxPes) throw InvalidArgument("N = product of d_i exceeds " + str(kMaxPes));
    radix.push_back(s.d);
  }
  Network net;
  net.build(Wiring::CB, static_cast<int>(N), sizes, static_cast<int>(sizes.size()),
            std::move(radix));
  return net;
}

Network Network::t_levels(const std::vector<LevelSize>& sizes) {
  if (sizes.empty()) throw InvalidArgument("a network needs at least one level");
  int64_t N = 1;
  std::vector<int> radix;
  for (size_t i = 0; i < sizes.size(); ++i) {
    check_sizes(sizes[i].d, sizes[i].u);
    int r = sizes[i].d;
    if (i > 0) {
      const int below = sizes[i - 1].u;
      if (sizes[i].d % below != 0 || sizes[i].d / below < 2)
        throw InvalidArgument("T wiring: level " + str(static_cast<int64_t>(i)) +
                              " needs d = " + str(sizes[i].d) +
                              " a multiple >= 2 of the uppers below (u = " + str(below) + ")");
      r = sizes[i].d / below;
    }
    N *= r;
    if (N > kMaxPes) throw InvalidArgument("N exceeds " + str(kMaxPes));
    radix.push_back(r);
  }
  Network net;
  net.build(Wiring::T, static_cast<int>(N), sizes, static_cast<int>(sizes.size()),
            std::move(radix));
  return net;
}

Network Network::baseline(int N) { return cb(N, 2, 2); }
Network Network::trac(int N) { return cb(N, 3, 2); }
Network Network::sw_banyan(int N, int fanout, int spread) { return cb(N, fanout, spread); }
Network Network::kyklos(int N, int d) { return cb(N, d, 1); }
Network Network::cm5(int N) {
  const int n = levels_cb(N, 4);
  std::vector<LevelSize> sizes;
  for (int i = 0; i < n; ++i) sizes.push_back(i < 2 ? LevelSize{4, 2} : LevelSize{4, 4});
  return cb_levels(sizes);
}

namespace {

int64_t to_int(std::string_view s) {
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size())
    throw InvalidArgument("'" + std::string(s) + "' is not an integer");
  if (v < 0 || v > kMaxPes) throw InvalidArgument(std::string(s) + " is out of range");
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (true) {
    size_t e = s.find(sep, pos);
    out.push_back(s.substr(pos, e == std::string_view::npos ? std::string_view::npos : e - pos));
    if (e == std::string_view::npos) break;
    pos = e + 1;
  }
  return out;
}

Network parse_inner(std::string_view spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos)
    throw InvalidArgument(
        "expected KIND:PARAMS (cb:N,d,u | t:N,d,u | cb:d/u,d/u,... | "
        "baseline:N | trac:N | swbanyan:N,f,s | kyklos:N,d | cm5:N)");
  const std::string_view kind = spec.substr(0, colon), rest = spec.substr(colon + 1);
  const auto items = split(rest, ',');
  auto ints = [&](size_t lo, size_t hi) {
    if (items.size() < lo || items.size() > hi)
      throw InvalidArgument("'" + std::string(kind) + "' takes " + str(static_cast<int64_t>(lo)) +
                            (lo == hi ? "" : " to " + str(static_cast<int64_t>(hi))) +
                            " comma-separated integers");
    std::vector<int> v;
    for (auto it : items) v.push_back(static_cast<int>(to_int(it)));
    return v;
  };
  if ((kind == "cb" || kind == "t") && rest.find('/') != std::string_view::npos) {
    std::vector<LevelSize> sizes;
    for (auto it : items) {
      const size_t slash = it.find('/');
      if (slash == std::string_view::npos)
        throw InvalidArgument("per-level item '" + std::string(it) + "' is not d/u");
      sizes.push_back(LevelSize{static_cast<int>(to_int(it.substr(0, slash))),
                                static_cast<int>(to_int(it.substr(slash + 1)))});
    }
    return kind == "cb" ? Network::cb_levels(sizes) : Network::t_levels(sizes);
  }
  if (kind == "cb" || kind == "t") {
    auto v = ints(3, 4);
    const int l = v.size() == 4 ? v[3] : 0;
    if (v.size() == 4 && l == 0) throw InvalidArgument("levels must be >= 1");
    return kind == "cb" ? Network::cb(v[0], v[1], v[2], l) : Network::t(v[0], v[1], v[2], l);
  }
  if (kind == "baseline") return Network::baseline(ints(1, 1)[0]);
  if (kind == "trac") return Network::trac(ints(1, 1)[0]);
  if (kind == "swbanyan") {
    auto v = ints(3, 3);
    return Network::sw_banyan(v[0], v[1], v[2]);
  }
  if (kind == "kyklos") {
    auto v = ints(2, 2);
    return Network::kyklos(v[0], v[1]);
  }
  if (kind == "cm5") return Network::cm5(ints(1, 1)[0]);
  throw InvalidArgument("unknown network kind '" + std::string(kind) +
                        "' (cb, t, baseline, trac, swbanyan, kyklos, cm5)");
}

}  // namespace

Network Network::parse(std::string_view spec) {
  try {
    return parse_inner(spec);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument("network '" + std::string(spec) + "': " + e.what());
  }
}

// ---- queries ------------------------------------------------------------------------------

int64_t Network::total_switches() const {
  int64_t t = 0;
  for (int s : S_) t += s;
  return t;
}

std::optional<int> Network::l_max() const {
  if (!uniform_) return std::nullopt;
  return lcan::l_max(N_, size_[0].d, size_[0].u);
}

std::string Network::name() const {
  std::ostringstream os;
  os << (wiring_ == Wiring::CB ? "CB-LCAN(" : "T-LCAN(");
  if (uniform_) {
    os << N_ << "," << size_[0].d << "," << size_[0].u;
    if (levels() != full_levels_) os << ",l=" << levels();
  } else {
    for (int i = 0; i < levels(); ++i) os << (i ? "," : "") << size_[i].d << "/" << size_[i].u;
  }
  os << ")";
  return os.str();
}

End Network::up_checked(int level, int sw, int k) const {
  if (level < 0 || level + 1 >= levels())
    throw InvalidArgument("level " + str(level) + ": uppers are wired on levels 0 .. " +
                          str(levels() - 2));
  if (sw < 0 || sw >= S_[level])
    throw InvalidArgument("switch " + str(sw) + " out of range at level " + str(level));
  if (k < 0 || k >= size_[level].u) throw InvalidArgument("upper " + str(k) + " out of range");
  return up(level, sw, k);
}

End Network::down_checked(int level, int sw, int j) const {
  if (level < 0 || level >= levels())
    throw InvalidArgument("level " + str(level) + " out of range [0, " + str(levels() - 1) + "]");
  if (sw < 0 || sw >= S_[level])
    throw InvalidArgument("switch " + str(sw) + " out of range at level " + str(level));
  if (j < 0 || j >= size_[level].d) throw InvalidArgument("downer " + str(j) + " out of range");
  return down(level, sw, j);
}

void Network::check_pe(int pe, std::string_view what) const {
  if (pe < 0 || pe >= N_)
    throw InvalidArgument(std::string(what) + " " + str(pe) + " out of range [0, " + str(N_ - 1) +
                          "]");
}

std::vector<int> Network::pe_label(int pe) const {
  check_pe(pe);
  std::vector<int> out;
  for (int pos = pe_digits() - 1; pos >= 0; --pos) out.push_back(digit(pe, pos));
  return out;
}

std::vector<int> Network::switch_label_radices(int level) const {
  if (level < 0 || level >= levels())
    throw InvalidArgument("level " + str(level) + " out of range");
  std::vector<int> r;
  if (wiring_ == Wiring::CB) {
    for (int pos = pe_digits() - 1; pos > level; --pos) r.push_back(pe_radix_[pos]);
    for (int j = 0; j < level; ++j) r.push_back(size_[j].u);
  } else {
    for (int pos = pe_digits() - 1; pos > level; --pos) r.push_back(pe_radix_[pos]);
  }
  return r;
}

std::vector<int> Network::switch_label(int level, int sw) const {
  auto radices = switch_label_radices(level);
  if (sw < 0 || sw >= S_[level])
    throw InvalidArgument("switch " + str(sw) + " out of range at level " + str(level));
  std::vector<int> digits(radices.size());
  int64_t v = sw;
  for (size_t k = radices.size(); k-- > 0;) {
    digits[k] = static_cast<int>(v % radices[k]);
    v /= radices[k];
  }
  return digits;
}

std::string Network::label_string(const std::vector<int>& digits, const std::vector<int>& radices) {
  bool small = true;
  for (int r : radices) small = small && r <= 10;
  std::string s;
  for (size_t k = 0; k < digits.size(); ++k) {
    if (!small && k) s += '.';
    s += std::to_string(digits[k]);
  }
  return s;
}

int Network::lca_level(int s, int t) const {
  check_pe(s, "source");
  check_pe(t, "destination");
  for (int pos = pe_digits() - 1; pos > 0; --pos)
    if (digit(s, pos) != digit(t, pos)) return pos < levels() ? pos : levels();
  return 0;
}

int64_t Network::lca_switch_count(int L) const {
  if (L < 0 || L >= levels()) throw InvalidArgument("LCA level " + str(L) + " out of range");
  return U_[L];
}

std::vector<int> Network::lca_switches(int s, int t) const {
  const int L = lca_level(s, t);
  if (L >= levels()) return {};
  std::vector<int> out;
  const int64_t H = above(L, s);
  for (int64_t lo = 0; lo < U_[L]; ++lo) out.push_back(static_cast<int>(H * U_[L] + lo));
  return out;
}

int Network::down_group(int level, int t) const { return digit(t, level); }

std::vector<Hop> Network::route(int s, int t, int64_t via) const {
  const int L = lca_level(s, t);
  if (L >= levels())
    throw InvalidArgument("PE " + str(s) + " and PE " + str(t) + " are not connected in " + name() +
                          " (different parts)");
  if (via < 0 || via >= U_[L])
    throw InvalidArgument("via " + str(via) + " out of range [0, " + str(U_[L] - 1) +
                          "] (LCA switches of the pair)");
  std::vector<Hop> path;
  End at = attach(s);
  PortRef in{PortRef::Down, at.port};
  for (int i = 0; i < L; ++i) {
    // Upper digit i of via (radices u_0 .. u_{L-1}, u_0 most significant).
    const int64_t k = (via / (U_[L] / U_[i + 1])) % size_[i].u;
    path.push_back(Hop{i, at.sw, in, PortRef{PortRef::Up, static_cast<int>(k)}});
    at = up(i, at.sw, static_cast<int>(k));
    in = PortRef{PortRef::Down, at.port};
  }
  for (int i = L; i >= 0; --i) {
    const int j = down_group(i, t) * down_group_size(i);
    path.push_back(Hop{i, at.sw, in, PortRef{PortRef::Down, j}});
    at = down(i, at.sw, j);
    in = PortRef{PortRef::Up, at.port};
  }
  if (at.sw != t) throw std::logic_error("lcan: route from " + str(s) + " ended at " + str(at.sw));
  return path;
}

}  // namespace minforge::lcan
