#include "minforge/common.hpp"

#include <charconv>
#include <set>

namespace minforge {

int ceil_log2(uint64_t x) {
  if (x == 0) throw std::logic_error("ceil_log2(0)");
  int n = 0;
  while ((uint64_t{1} << n) < x) ++n;
  return n;
}

namespace {

uint64_t parse_number(std::string_view s, std::string_view item) {
  if (s.empty()) throw InvalidArgument("config list: empty number in '" + std::string(item) + "'");
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range)
    throw InvalidArgument("config list: number too large in '" + std::string(item) + "'");
  if (ec != std::errc() || ptr != s.data() + s.size())
    throw InvalidArgument("config list: '" + std::string(item) + "' is not a number or range");
  return v;
}

}  // namespace

std::vector<uint32_t> parse_config_list(std::string_view text, uint64_t limit) {
  if (text.empty()) throw InvalidArgument("config list is empty");
  std::vector<uint32_t> out;
  std::set<uint64_t> seen;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view item = text.substr(pos, comma - pos);
    if (item.empty()) throw InvalidArgument("config list: empty item (stray comma?)");
    size_t dash = item.find_first_of("-~");
    uint64_t lo, hi;
    if (dash == std::string_view::npos) {
      lo = hi = parse_number(item, item);
    } else {
      lo = parse_number(item.substr(0, dash), item);
      hi = parse_number(item.substr(dash + 1), item);
      if (hi < lo)
        throw InvalidArgument("config list: descending range '" + std::string(item) + "'");
    }
    if (hi >= limit)
      throw InvalidArgument("config list: value " + std::to_string(hi) +
                            " out of range (must be < " + std::to_string(limit) + ")");
    for (uint64_t v = lo; v <= hi; ++v) {
      if (!seen.insert(v).second)
        throw InvalidArgument("config list: configuration " + std::to_string(v) + " listed twice");
      out.push_back(static_cast<uint32_t>(v));
    }
    pos = comma + 1;
  }
  return out;
}

uint64_t Rng::next() {
  uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

uint64_t Rng::below(uint64_t bound) { return bound == 0 ? 0 : next() % bound; }

}  // namespace minforge
