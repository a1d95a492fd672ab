#include "minforge/algo/lcan/lcan_perm.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

namespace minforge::lcan {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

void shuffle(std::vector<int>& v, Rng& rng) {
  for (size_t k = v.size(); k > 1; --k) std::swap(v[k - 1], v[rng.below(k)]);
}

}  // namespace

void check_permutation(const Permutation& p, int N) {
  if (N < 0) N = static_cast<int>(p.size());
  if (static_cast<int64_t>(p.size()) != N)
    throw InvalidArgument("permutation has " + str(static_cast<int64_t>(p.size())) +
                          " entries, the network has N = " + str(N) + " PEs");
  std::vector<int> seen(N, -1);
  for (int s = 0; s < N; ++s) {
    const int t = p[s];
    if (t < 0 || t >= N)
      throw InvalidArgument("not a permutation: destination " + str(t) + " of source " + str(s) +
                            " out of range [0, " + str(N - 1) + "]");
    if (seen[t] >= 0)
      throw InvalidArgument("not a permutation: destination " + str(t) +
                            " appears twice (sources " + str(seen[t]) + " and " + str(s) + ")");
    seen[t] = s;
  }
}

void check_for_network(const Network& net, const Permutation& p) {
  check_permutation(p, net.N());
  if (net.levels() == net.full_levels() || net.part_size() == net.N()) return;
  for (int s = 0; s < net.N(); ++s)
    if (s / net.part_size() != p[s] / net.part_size())
      throw InvalidArgument("pair " + str(s) + " -> " + str(p[s]) +
                            " crosses the disconnected parts of " + net.name());
}

Permutation parse_permutation(std::string_view text, std::string_view source) {
  Permutation p;
  int line = 1;
  size_t k = 0;
  const std::string src(source);
  while (k < text.size()) {
    const char c = text[k];
    if (c == '\n') {
      ++line;
      ++k;
    } else if (c == '#') {
      while (k < text.size() && text[k] != '\n') ++k;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++k;
    } else {
      size_t e = k;
      while (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e])) &&
             text[e] != '#')
        ++e;
      const std::string_view tok = text.substr(k, e - k);
      int64_t v = 0;
      auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
      if (ec != std::errc() || ptr != tok.data() + tok.size() || v < 0)
        throw InvalidArgument(src + ": line " + str(line) + ": '" + std::string(tok) +
                              "' is not a non-negative integer");
      if (v >= kMaxPes || static_cast<int64_t>(p.size()) >= kMaxPes)
        throw InvalidArgument(src + ": line " + str(line) + ": more than " + str(kMaxPes) +
                              " PEs or a destination that large");
      p.push_back(static_cast<int>(v));
      k = e;
    }
  }
  if (p.empty()) throw InvalidArgument(src + ": no destinations");
  try {
    check_permutation(p);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(src + ": " + e.what());
  }
  return p;
}

Permutation read_permutation_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InvalidArgument("cannot read permutation file '" + path + "'");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_permutation(ss.str(), "permutation file '" + path + "'");
}

std::string format_permutation(const Permutation& p, std::string_view comment) {
  std::ostringstream os;
  os << "# LCAN permutation, N = " << p.size()
     << "; line k+1 after the comments is the destination of source PE k";
  if (!comment.empty()) os << "\n# " << comment;
  os << "\n";
  for (int t : p) os << t << "\n";
  return os.str();
}

void write_permutation_file(const std::string& path, const Permutation& p,
                            std::string_view comment) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InvalidArgument("cannot write '" + path + "'");
  f << format_permutation(p, comment);
  if (!f.flush()) throw InvalidArgument("cannot write '" + path + "'");
}

PermClass parse_class(std::string_view name) {
  if (name == "root") return PermClass::Root;
  if (name == "bpc") return PermClass::Bpc;
  if (name == "random") return PermClass::Random;
  throw InvalidArgument("unknown permutation class '" + std::string(name) +
                        "' (expected root|bpc|random)");
}

std::string class_name(PermClass c) {
  switch (c) {
    case PermClass::Root:
      return "root";
    case PermClass::Bpc:
      return "bpc";
    case PermClass::Random:
      return "random";
  }
  return "?";
}

Permutation random_permutation(const Network& net, Rng& rng) {
  const int P = net.part_size(), N = net.N();
  Permutation p(N);
  std::vector<int> part(P);
  for (int base = 0; base < N; base += P) {
    std::iota(part.begin(), part.end(), base);
    shuffle(part, rng);
    std::copy(part.begin(), part.end(), p.begin() + base);
  }
  return p;
}

Permutation bpc(const std::vector<int>& sigma, uint32_t complement) {
  const int n = static_cast<int>(sigma.size());
  if (n > 24) throw InvalidArgument("bpc: more than 24 address bits");
  std::vector<int> seen(n, 0);
  for (int b : sigma) {
    if (b < 0 || b >= n || seen[b]++)
      throw InvalidArgument("bpc: the bit map is not a permutation of 0 .. " + str(n - 1));
  }
  if (complement >> n) throw InvalidArgument("bpc: complement mask wider than the address");
  Permutation p(size_t{1} << n);
  for (uint32_t s = 0; s < p.size(); ++s) {
    uint32_t t = 0;
    for (int k = 0; k < n; ++k) t |= ((s >> k) & 1u) << sigma[k];
    p[s] = static_cast<int>(t ^ complement);
  }
  return p;
}

Permutation random_bpc(const Network& net, Rng& rng) {
  const int P = net.part_size();
  if (!is_pow2(static_cast<uint64_t>(P)))
    throw InvalidArgument("bpc permutations need N (or the part size) a power of 2, " + net.name() +
                          " has " + str(P));
  const int n = ceil_log2(static_cast<uint64_t>(P));
  std::vector<int> sigma(n);
  std::iota(sigma.begin(), sigma.end(), 0);
  shuffle(sigma, rng);
  const uint32_t c = static_cast<uint32_t>(rng.below(uint64_t{1} << n));
  Permutation low = bpc(sigma, c), p(net.N());
  for (int base = 0; base < net.N(); base += P)
    for (int s = 0; s < P; ++s) p[base + s] = base + low[s];
  return p;
}

bool is_bpc(const Permutation& p) {
  const uint64_t N = p.size();
  if (!is_pow2(N)) return false;
  const int n = ceil_log2(N);
  const uint32_t c = static_cast<uint32_t>(p[0]);
  std::vector<int> sigma(n);
  for (int k = 0; k < n; ++k) {
    const uint32_t x = static_cast<uint32_t>(p[size_t{1} << k]) ^ c;
    if (!is_pow2(x)) return false;
    sigma[k] = ceil_log2(x);
  }
  try {
    return bpc(sigma, c) == p;
  } catch (const InvalidArgument&) {
    return false;
  }
}

Permutation random_root(const Network& net, Rng& rng) {
  if (net.levels() == 1) return random_permutation(net, rng);
  const int P = net.part_size(), B = net.block_size(), N = net.N(), b = P / B;
  Permutation p(N);
  if (b == 2) {
    // Exactly uniform: each half goes to the other half by a uniform bijection.
    std::vector<int> half(B);
    for (int base = 0; base < N; base += P)
      for (int h = 0; h < 2; ++h) {
        std::iota(half.begin(), half.end(), base + (1 - h) * B);
        shuffle(half, rng);
        std::copy(half.begin(), half.end(), p.begin() + base + h * B);
      }
    return p;
  }
  std::vector<int> part(P);
  const int64_t steps = 2 * int64_t{P} * static_cast<int64_t>(std::ceil(std::log(double(P))));
  for (int base = 0; base < N; base += P) {
    std::iota(part.begin(), part.end(), 0);
    shuffle(part, rng);  // part[x] = destination (relative) of source base + x
    auto ok = [&](int x, int t) { return x / B != t / B; };
    // Repair: swap each violator's destination with a random partner so both become valid.
    for (int x = 0; x < P; ++x)
      while (!ok(x, part[x])) {
        const int y = static_cast<int>(rng.below(P));
        if (ok(x, part[y]) && ok(y, part[x])) std::swap(part[x], part[y]);
      }
    // Metropolis chain restricted to root permutations, proposing a transposition or a
    // 3-cycle of destinations (both symmetric proposals, so the stationary law is uniform).
    // Transpositions alone keep the block-transfer counts fixed when there are 3 blocks (the
    // chain would be reducible); 3-cycles change them.
    for (int64_t k = 0; k < steps; ++k) {
      const uint64_t r = rng.next();
      const int x = static_cast<int>(rng.below(P)), y = static_cast<int>(rng.below(P));
      if (r & 1) {
        if (ok(x, part[y]) && ok(y, part[x])) std::swap(part[x], part[y]);
      } else {
        const int z = static_cast<int>(rng.below(P));
        if (x != y && y != z && x != z && ok(x, part[y]) && ok(y, part[z]) && ok(z, part[x])) {
          const int tx = part[x];
          part[x] = part[y];
          part[y] = part[z];
          part[z] = tx;
        }
      }
    }
    for (int x = 0; x < P; ++x) p[base + x] = base + part[x];
  }
  return p;
}

bool is_root(const Network& net, const Permutation& p) {
  if (static_cast<int>(p.size()) != net.N()) return false;
  for (int s = 0; s < net.N(); ++s)
    if (net.lca_level(s, p[s]) != net.levels() - 1) return false;
  return true;
}

Permutation generate(const Network& net, PermClass c, Rng& rng) {
  switch (c) {
    case PermClass::Root:
      return random_root(net, rng);
    case PermClass::Bpc:
      return random_bpc(net, rng);
    case PermClass::Random:
      return random_permutation(net, rng);
  }
  throw std::logic_error("lcan: unknown permutation class");
}

}  // namespace minforge::lcan
