// GSEN topology, configurations, routing and the paper's closed forms (paper 001,
// sections 2-4).  Numbering: see gsen.hpp and docs/conventions.md.
#include "minforge/algo/gsen/gsen.hpp"

#include <algorithm>
#include <bit>
#include <string>

namespace minforge::gsen {

namespace {

// Validates a port count and returns n = ceil(log2 N).
int checked_stages(int N) {
  if (N < 4) throw InvalidArgument("GSEN needs N >= 4 ports (got N = " + std::to_string(N) + ")");
  if (N % 2 != 0)
    throw InvalidArgument("GSEN needs an even number of ports (got N = " + std::to_string(N) + ")");
  if (N > kMaxPorts)
    throw InvalidArgument("GSEN port count N = " + std::to_string(N) + " exceeds the maximum " +
                          std::to_string(kMaxPorts));
  return ceil_log2(static_cast<uint64_t>(N));
}

void check_input(int N, int i) {
  if (i < 0 || i >= N)
    throw InvalidArgument("input " + std::to_string(i) + " out of range 0.." +
                          std::to_string(N - 1));
}

void check_value(int n, uint64_t value, const char* what) {
  if (value >= (uint64_t{1} << n))
    throw InvalidArgument(std::string(what) + " " + std::to_string(value) +
                          " out of range (must be < 2^n = " + std::to_string(uint64_t{1} << n) +
                          ")");
}

void check_numbered(Ctrl c) {
  if (!numbered(c))
    throw InvalidArgument("control '" + std::string(params::name(c)) +
                          "' has no configuration number (individual and tag control set each switch "
                          "otherwise); use stage, alt, alt2 or alt4");
}

// Mask selecting the alternation bit of switch y: state = bit ^ ((y >> shift) & mask).
struct AltPattern {
  int shift;
  int mask;
};

AltPattern pattern_of(Ctrl c) {
  check_numbered(c);
  const int shift = alt_shift(c);
  return shift < 0 ? AltPattern{0, 0} : AltPattern{shift, 1};
}

// Walks input i through the n stages; state_of(s, y) gives switch states (or, for tag
// routing, tag_bit(s) gives out-subports).  Calls visit(s, y, terminal) per stage.
template <typename OutSubport, typename Visit>
Endpoint walk(const Topology& t, int i, OutSubport out_subport, Visit visit) {
  const int n = t.stages();
  int term = i;
  Endpoint e;
  for (int s = 0; s < n; ++s) {
    const int b = t.in_subport(term);
    const int y = t.switch_of(term);
    const int f = out_subport(s, y, b);
    term = Topology::out_terminal(y, f);
    e.forward_tag = (e.forward_tag << 1) | static_cast<uint32_t>(f);
    e.backward_tag = (e.backward_tag << 1) | static_cast<uint32_t>(b);
    visit(s, y, term);
  }
  e.dest = term;
  return e;
}

Path to_path(const Endpoint& e, int i, std::vector<int> switches, std::vector<int> terminals) {
  Path p;
  p.source = i;
  p.dest = e.dest;
  p.forward_tag = e.forward_tag;
  p.backward_tag = e.backward_tag;
  p.switches = std::move(switches);
  p.terminals = std::move(terminals);
  return p;
}

}  // namespace

int alt_period(Ctrl c) {
  check_numbered(c);
  const int shift = alt_shift(c);
  return shift < 0 ? 0 : 1 << shift;
}

Ctrl control_for_period(int period) {
  for (const auto& n : params::kCtrlNames)
    if (numbered(n.code) && alt_period(n.code) == period) return n.code;
  throw InvalidArgument("alternation period must be 0 (stage), 1, 2 or 4 (got " +
                        std::to_string(period) + ")");
}

Topology::Topology(int ports) : N_(ports), n_(checked_stages(ports)) {}

Configuration::Configuration(const Topology& t)
    : states_(static_cast<size_t>(t.stages()),
              std::vector<uint8_t>(static_cast<size_t>(t.switches_per_stage()), 0)) {}

Configuration Configuration::from_control(const Topology& t, Ctrl c, uint32_t value) {
  check_numbered(c);
  check_value(t.stages(), value, "configuration");
  Configuration cfg(t);
  for (int s = 0; s < t.stages(); ++s)
    for (int y = 0; y < t.switches_per_stage(); ++y)
      cfg.set_state(s, y, switch_state(c, value, t.stages(), s, y));
  return cfg;
}

Path route(const Topology& t, const Configuration& cfg, int i) {
  check_input(t.ports(), i);
  if (cfg.stages() != t.stages() || cfg.switches_per_stage() != t.switches_per_stage())
    throw InvalidArgument("configuration is " + std::to_string(cfg.stages()) + " x " +
                          std::to_string(cfg.switches_per_stage()) + " but the network needs " +
                          std::to_string(t.stages()) + " x " +
                          std::to_string(t.switches_per_stage()));
  std::vector<int> sw, term;
  sw.reserve(static_cast<size_t>(t.stages()));
  term.reserve(static_cast<size_t>(t.stages()));
  Endpoint e = walk(
      t, i, [&](int s, int y, int b) { return b ^ cfg.state(s, y); },
      [&](int, int y, int x) {
        sw.push_back(y);
        term.push_back(x);
      });
  return to_path(e, i, std::move(sw), std::move(term));
}

Path route(const Topology& t, Ctrl c, uint32_t value, int i) {
  check_numbered(c);
  check_value(t.stages(), value, "configuration");
  check_input(t.ports(), i);
  std::vector<int> sw, term;
  sw.reserve(static_cast<size_t>(t.stages()));
  term.reserve(static_cast<size_t>(t.stages()));
  const int n = t.stages();
  Endpoint e = walk(
      t, i, [&](int s, int y, int b) { return b ^ switch_state(c, value, n, s, y); },
      [&](int, int y, int x) {
        sw.push_back(y);
        term.push_back(x);
      });
  return to_path(e, i, std::move(sw), std::move(term));
}

Path route_by_tag(const Topology& t, int i, uint32_t forward_tag) {
  check_input(t.ports(), i);
  check_value(t.stages(), forward_tag, "forward tag");
  std::vector<int> sw, term;
  sw.reserve(static_cast<size_t>(t.stages()));
  term.reserve(static_cast<size_t>(t.stages()));
  const int n = t.stages();
  Endpoint e = walk(
      t, i, [&](int s, int, int) { return static_cast<int>((forward_tag >> (n - 1 - s)) & 1u); },
      [&](int, int y, int x) {
        sw.push_back(y);
        term.push_back(x);
      });
  return to_path(e, i, std::move(sw), std::move(term));
}

Endpoint route_endpoint(const Topology& t, Ctrl c, uint32_t value, int i) {
  check_numbered(c);
  check_value(t.stages(), value, "configuration");
  check_input(t.ports(), i);
  const int n = t.stages();
  return walk(
      t, i, [&](int s, int y, int b) { return b ^ switch_state(c, value, n, s, y); },
      [](int, int, int) {});
}

Endpoint route_endpoint_by_tag(const Topology& t, int i, uint32_t forward_tag) {
  check_input(t.ports(), i);
  check_value(t.stages(), forward_tag, "forward tag");
  const int n = t.stages();
  return walk(
      t, i, [&](int s, int, int) { return static_cast<int>((forward_tag >> (n - 1 - s)) & 1u); },
      [](int, int, int) {});
}

namespace {

// One stage for `len` terminals: in[i] -> out[i].  Terminals stay below 2^21, so the loop
// runs in uint32 with branch-free arithmetic that the compiler vectorizes:
// b = (half - 1 - term) >> 31 is 1 exactly when term >= half.
void stage_pass(const uint32_t* in, uint32_t* out, int len, uint32_t half, uint32_t bit,
                uint32_t shift, uint32_t mask) {
  for (int i = 0; i < len; ++i) {
    const uint32_t term = in[i];
    const uint32_t b = (half - 1u - term) >> 31;
    const uint32_t y = term - (half & (0u - b));
    const uint32_t state = bit ^ ((y >> shift) & mask);
    out[i] = 2u * y + (b ^ state);
  }
}

}  // namespace

void permutation_into(const Topology& t, Ctrl c, uint32_t value, int* perm) {
  const AltPattern pat = pattern_of(c);
  check_value(t.stages(), value, "configuration");
  const int N = t.ports();
  const uint32_t half = static_cast<uint32_t>(N / 2);
  const int n = t.stages();
  const uint32_t shift = static_cast<uint32_t>(pat.shift), mask = static_cast<uint32_t>(pat.mask);
  // Inputs are processed in blocks that stay in L1 across the n stage passes.
  constexpr int kBlock = 2048;
  uint32_t p[kBlock];
  for (int lo = 0; lo < N; lo += kBlock) {
    const int len = std::min(kBlock, N - lo);
    for (int i = 0; i < len; ++i) p[i] = static_cast<uint32_t>(lo + i);
    for (int s = 0; s < n; ++s)
      stage_pass(p, p, len, half, (value >> (n - 1 - s)) & 1u, shift, mask);
    for (int i = 0; i < len; ++i) perm[lo + i] = static_cast<int>(p[i]);
  }
}

PermutationSweep::PermutationSweep(const Topology& t, Ctrl c)
    : N_(t.ports()),
      n_(t.stages()),
      shift_(static_cast<uint32_t>(pattern_of(c).shift)),
      mask_(static_cast<uint32_t>(pattern_of(c).mask)),
      levels_(static_cast<size_t>(t.stages() + 1) * static_cast<size_t>(t.ports())) {
  for (int i = 0; i < N_; ++i) levels_[static_cast<size_t>(i)] = static_cast<uint32_t>(i);
}

std::span<const uint32_t> PermutationSweep::operator()(uint32_t value) {
  check_value(n_, value, "configuration");
  const size_t uN = static_cast<size_t>(N_);
  // First stage whose control bit differs from the previous value.
  int first = 0;
  if (primed_) {
    const uint32_t diff = value ^ last_;
    first = diff == 0 ? n_ : n_ - std::bit_width(diff);
  }
  const uint32_t half = static_cast<uint32_t>(N_ / 2);
  for (int s = first; s < n_; ++s)
    stage_pass(&levels_[static_cast<size_t>(s) * uN], &levels_[static_cast<size_t>(s + 1) * uN], N_,
               half, (value >> (n_ - 1 - s)) & 1u, shift_, mask_);
  primed_ = true;
  last_ = value;
  return {&levels_[static_cast<size_t>(n_) * uN], uN};
}

std::vector<int> permutation(const Topology& t, const Configuration& cfg) {
  std::vector<int> p(static_cast<size_t>(t.ports()));
  for (int i = 0; i < t.ports(); ++i) p[static_cast<size_t>(i)] = route(t, cfg, i).dest;
  return p;
}

std::vector<int> permutation(const Topology& t, Ctrl c, uint32_t value) {
  std::vector<int> p(static_cast<size_t>(t.ports()));
  permutation_into(t, c, value, p.data());
  return p;
}

std::vector<uint32_t> forward_tags(const Topology& t, Ctrl c, uint32_t value) {
  check_numbered(c);
  check_value(t.stages(), value, "configuration");
  std::vector<uint32_t> tags(static_cast<size_t>(t.ports()));
  for (int i = 0; i < t.ports(); ++i)
    tags[static_cast<size_t>(i)] = route_endpoint(t, c, value, i).forward_tag;
  return tags;
}

bool is_permutation(const std::vector<int>& p) {
  std::vector<bool> seen(p.size(), false);
  for (int v : p) {
    if (v < 0 || static_cast<size_t>(v) >= p.size() || seen[static_cast<size_t>(v)]) return false;
    seen[static_cast<size_t>(v)] = true;
  }
  return true;
}

namespace lemma {

namespace {

// i * 2^n + F after validating N, i and F.
uint64_t lemma33_sum(int N, int i, uint32_t F) {
  const int n = checked_stages(N);
  check_input(N, i);
  check_value(n, F, "forward tag");
  return (static_cast<uint64_t>(i) << n) + F;
}

int checked_alt_stages(int N) {
  const int n = checked_stages(N);
  if (N % 4 != 2)
    throw InvalidArgument("alternating stage control needs N = 2 mod 4 (got N = " +
                          std::to_string(N) + "); use stage control");
  return n;
}

}  // namespace

int destination(int N, int i, uint32_t F) {
  return static_cast<int>(lemma33_sum(N, i, F) % static_cast<uint64_t>(N));
}

uint32_t backward_tag(int N, int i, uint32_t F) {
  return static_cast<uint32_t>(lemma33_sum(N, i, F) / static_cast<uint64_t>(N));
}

bool unique_path(int N, uint32_t F) {
  const int n = checked_stages(N);
  check_value(n, F, "forward tag");
  const uint64_t power = uint64_t{1} << n;
  return power - static_cast<uint64_t>(N) <= F && F < static_cast<uint64_t>(N);
}

std::vector<uint32_t> backward_set(int N, uint32_t F) {
  std::vector<uint32_t> out(static_cast<size_t>(N));
  for (int i = 0; i < N; ++i) out[static_cast<size_t>(i)] = backward_tag(N, i, F);
  return out;
}

bool no_two_consecutive_holes(int N, uint32_t F) {
  const int n = checked_stages(N);
  std::vector<bool> present(size_t{1} << n, false);
  for (uint32_t b : backward_set(N, F)) present[b] = true;
  for (size_t h = 0; h + 1 < present.size(); ++h)
    if (!present[h] && !present[h + 1]) return false;
  return true;
}

uint32_t tag_from_alt_config(uint32_t A) {
  uint32_t F = 0;
  for (uint32_t a = A; a != 0; a >>= 1) F ^= a;
  return F;
}

uint32_t alt_even_tag(int N, uint32_t A) {
  const int n = checked_alt_stages(N);
  check_value(n, A, "alternating configuration");
  return tag_from_alt_config(A);
}

uint32_t alt_odd_tag(int N, uint32_t A) {
  const int n = checked_alt_stages(N);
  check_value(n, A, "alternating configuration");
  return tag_from_alt_config(A) ^ ((uint32_t{1} << n) - 1);
}

int alt_destination(int N, int i, uint32_t k) {
  const int n = checked_alt_stages(N);
  check_input(N, i);
  check_value(n, k, "round");
  const uint32_t F = (i % 2 == 0) ? k : ((uint32_t{1} << n) - 1 - k);
  return destination(N, i, F);
}

}  // namespace lemma

}  // namespace minforge::gsen
