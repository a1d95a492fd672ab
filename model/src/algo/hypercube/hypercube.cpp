#include "minforge/algo/hypercube/hypercube.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <iterator>
#include <sstream>

namespace minforge::hypercube {

void validate_dim(int d) {
  if (d < kMinDim || d > kMaxDim)
    throw InvalidArgument("hypercube dimension d = " + std::to_string(d) + " is out of range " +
                          std::to_string(kMinDim) + ".." + std::to_string(kMaxDim));
}

uint32_t vertices(int d) {
  validate_dim(d);
  return uint32_t{1} << d;
}

bool is_permutation(const Perm& p) {
  std::vector<uint8_t> seen(p.size(), 0);
  for (uint32_t x : p) {
    if (x >= p.size() || seen[x]) return false;
    seen[x] = 1;
  }
  return true;
}

void validate_perm(int d, const Perm& p) {
  const uint32_t n = vertices(d);
  if (p.size() != n)
    throw InvalidArgument("permutation has " + std::to_string(p.size()) + " entries, the " +
                          std::to_string(d) + "-cube needs 2^d = " + std::to_string(n));
  std::vector<uint32_t> where(n, UINT32_MAX);
  for (uint32_t v = 0; v < n; ++v) {
    if (p[v] >= n)
      throw InvalidArgument("permutation entry " + std::to_string(v) + " = " +
                            std::to_string(p[v]) + " is out of range 0.." + std::to_string(n - 1));
    if (where[p[v]] != UINT32_MAX)
      throw InvalidArgument("not a permutation: destination " + std::to_string(p[v]) +
                            " appears twice (entries " + std::to_string(where[p[v]]) + " and " +
                            std::to_string(v) + ")");
    where[p[v]] = v;
  }
}

Perm inverse(const Perm& p) {
  Perm q(p.size());
  for (uint32_t v = 0; v < p.size(); ++v) q[p[v]] = v;
  return q;
}

int path_bound(int d) {
  validate_dim(d);
  return d < 3 ? d : 2 * d - 3;
}

uint64_t edge_use_bound(int d) {
  validate_dim(d);
  return uint64_t(d) << d;
}

namespace {

uint32_t reverse_bits(uint32_t v, int d) {
  uint32_t r = 0;
  for (int j = 0; j < d; ++j) r |= ((v >> j) & 1u) << (d - 1 - j);
  return r;
}

}  // namespace

const std::vector<std::string>& perm_classes() {
  static const std::vector<std::string> names = {
      "identity", "bit-reversal", "complement", "transpose", "shift[:k]", "shuffle", "random"};
  return names;
}

Perm make_perm(int d, std::string_view cls, uint64_t seed) {
  const uint32_t n = vertices(d);
  const uint32_t mask = n - 1;
  Perm p(n);
  if (cls == "identity") {
    for (uint32_t v = 0; v < n; ++v) p[v] = v;
  } else if (cls == "bit-reversal") {
    for (uint32_t v = 0; v < n; ++v) p[v] = reverse_bits(v, d);
  } else if (cls == "complement") {
    for (uint32_t v = 0; v < n; ++v) p[v] = v ^ mask;
  } else if (cls == "transpose") {
    const int h = d / 2;
    const uint32_t low = (uint32_t{1} << h) - 1;
    for (uint32_t v = 0; v < n; ++v) {
      uint32_t lo = v & low, hi = v >> (d - h);
      uint32_t mid = v & ~low & ~(low << (d - h)) & mask;
      p[v] = (lo << (d - h)) | mid | hi;
    }
  } else if (cls == "shift" || cls.rfind("shift:", 0) == 0) {
    uint64_t k = 1;
    if (cls.size() > 5) {
      std::string_view num = cls.substr(6);
      auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), k);
      if (num.empty() || ec != std::errc() || ptr != num.data() + num.size())
        throw InvalidArgument("permutation class '" + std::string(cls) +
                              "': the shift k must be a non-negative integer");
      if (k >= n)
        throw InvalidArgument("permutation class '" + std::string(cls) + "': shift k = " +
                              std::to_string(k) + " must be below 2^d = " + std::to_string(n));
    }
    for (uint32_t v = 0; v < n; ++v) p[v] = static_cast<uint32_t>((v + k) & mask);
  } else if (cls == "shuffle") {
    for (uint32_t v = 0; v < n; ++v) p[v] = ((v << 1) | (v >> (d - 1))) & mask;
  } else if (cls == "random") {
    Rng rng(seed);
    for (uint32_t v = 0; v < n; ++v) p[v] = v;
    for (uint32_t v = n - 1; v > 0; --v) std::swap(p[v], p[rng.below(v + 1)]);
  } else {
    std::string list;
    for (const auto& c : perm_classes()) list += (list.empty() ? "" : "|") + c;
    throw InvalidArgument("unknown permutation class '" + std::string(cls) + "' (expected " + list +
                          ")");
  }
  return p;
}

Perm parse_perm(std::string_view text, int d, std::string_view what) {
  const uint32_t n = vertices(d);
  const std::string w(what);
  Perm p;
  p.reserve(n);
  std::vector<uint32_t> where(n, UINT32_MAX);
  size_t pos = 0, line = 1;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '#') {
      while (pos < text.size() && text[pos] != '\n') ++pos;
      continue;
    }
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      ++pos;
      continue;
    }
    size_t end = pos;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != '#')
      ++end;
    std::string_view tok = text.substr(pos, end - pos);
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec == std::errc::result_out_of_range && ptr == tok.data() + tok.size())
      v = UINT64_MAX;  // all digits: reported as out of range below
    else if (ec != std::errc() || ptr != tok.data() + tok.size())
      throw InvalidArgument(w + ", line " + std::to_string(line) + ": '" + std::string(tok) +
                            "' is not a non-negative decimal integer");
    const size_t entry = p.size();
    if (entry >= n)
      throw InvalidArgument(w + ": more than 2^d = " + std::to_string(n) +
                            " entries (d = " + std::to_string(d) + ")");
    if (v >= n)
      throw InvalidArgument(w + ", line " + std::to_string(line) + ": entry " +
                            std::to_string(entry) + " = " + std::string(tok) +
                            " is out of range 0.." + std::to_string(n - 1));
    if (where[v] != UINT32_MAX)
      throw InvalidArgument(w + ", line " + std::to_string(line) + ": not a permutation, " +
                            "destination " + std::to_string(v) + " appears twice (entries " +
                            std::to_string(where[v]) + " and " + std::to_string(entry) + ")");
    where[v] = static_cast<uint32_t>(entry);
    p.push_back(static_cast<uint32_t>(v));
    pos = end;
  }
  if (p.size() != n)
    throw InvalidArgument(w + ": " + std::to_string(p.size()) + " entries, the " +
                          std::to_string(d) + "-cube needs 2^d = " + std::to_string(n));
  return p;
}

Perm read_perm(std::istream& in, int d, std::string_view what) {
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InvalidArgument(std::string(what) + ": read error");
  return parse_perm(text, d, what);
}

Perm read_perm_file(const std::string& path, int d) {
  validate_dim(d);
  const std::string what = "perm file '" + path + "'";
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InvalidArgument(what + ": cannot open");
  return read_perm(f, d, what);
}

std::string format_perm(const Perm& p) {
  std::ostringstream os;
  for (size_t v = 0; v < p.size(); ++v) os << (v ? " " : "") << p[v];
  return os.str();
}

}  // namespace minforge::hypercube
