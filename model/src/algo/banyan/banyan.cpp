// Banyan network topology, Latin square L' (Algorithm A), routing and single-fault
// blocking (paper 000).  See minforge/banyan.hpp for the numbering.
#include "minforge/algo/banyan/banyan.hpp"

#include <string>

namespace minforge::banyan {

namespace {

void check_port(const Topology& t, int x, const char* what) {
  if (x < 0 || x >= t.ports())
    throw InvalidArgument(std::string("banyan: ") + what + " " + std::to_string(x) +
                          " out of range 0.." + std::to_string(t.ports() - 1));
}

void check_config(const Topology& t, uint32_t k) {
  if (k >= static_cast<uint32_t>(t.ports()))
    throw InvalidArgument("banyan: configuration Gamma_" + std::to_string(k) + " out of range 0.." +
                          std::to_string(t.ports() - 1));
}

}  // namespace

Topology::Topology(int ports) : N_(ports), m_(0) {
  if (ports < kMinPorts || ports > kMaxPorts || !is_pow2(static_cast<uint64_t>(ports)))
    throw InvalidArgument("banyan: N must be a power of two with 4 <= N <= 65536, got " +
                          std::to_string(ports));
  m_ = ceil_log2(static_cast<uint64_t>(ports));
}

int Topology::tau(int j, int x) const {
  if (j < 0 || j > m_ - 2)
    throw InvalidArgument("banyan: interstage tau_" + std::to_string(j) + " out of range 0.." +
                          std::to_string(m_ - 2));
  check_port(*this, x, "address");
  int b0 = x & 1;
  int bj = (x >> (j + 1)) & 1;
  if (b0 == bj) return x;
  return x ^ 1 ^ (1 << (j + 1));
}

uint32_t Topology::bit_reverse(uint32_t v) const {
  uint32_t r = 0;
  for (int b = 0; b < m_; ++b)
    if ((v >> b) & 1u) r |= 1u << (m_ - 1 - b);
  return r;
}

int gamma(const Topology& t, uint32_t k, int x) {
  check_config(t, k);
  check_port(t, x, "input");
  return t.rotl(x ^ static_cast<int>(t.bit_reverse(k)));
}

int gamma_inverse(const Topology& t, uint32_t k, int y) {
  check_config(t, k);
  check_port(t, y, "output");
  return t.rotr(y) ^ static_cast<int>(t.bit_reverse(k));
}

uint32_t gamma_index(const Topology& t, int x, int y) {
  check_port(t, x, "input");
  check_port(t, y, "output");
  return t.bit_reverse(static_cast<uint32_t>(x ^ t.rotr(y)));
}

std::vector<int> gamma_row(const Topology& t, uint32_t k) {
  check_config(t, k);
  std::vector<int> row(t.ports());
  int c = static_cast<int>(t.bit_reverse(k));
  for (int x = 0; x < t.ports(); ++x) row[x] = t.rotl(x ^ c);
  return row;
}

std::vector<std::vector<int>> latin_square(const Topology& t) {
  std::vector<std::vector<int>> rows;
  rows.reserve(t.ports());
  for (int k = 0; k < t.ports(); ++k) rows.push_back(gamma_row(t, static_cast<uint32_t>(k)));
  return rows;
}

std::string gamma_label(const Topology& t, uint32_t k) {
  check_config(t, k);
  std::string s;
  for (int i = 0; i < t.stages(); ++i) {
    if (i > 0) s += ".t" + std::to_string(i - 1) + ".";
    s += t.stage_cross(k, i) ? "s" : "I";
  }
  return s;
}

FaultKind parse_fault_kind(std::string_view name) {
  if (name == "dead") return FaultKind::Dead;
  if (name == "stuck0" || name == "stuck-straight") return FaultKind::StuckStraight;
  if (name == "stuck1" || name == "stuck-cross") return FaultKind::StuckCross;
  throw InvalidArgument("banyan: unknown fault kind '" + std::string(name) +
                        "' (dead, stuck-straight, stuck-cross)");
}

std::string_view to_string(FaultKind k) {
  switch (k) {
    case FaultKind::Dead:
      return "dead";
    case FaultKind::StuckStraight:
      return "stuck-straight";
    case FaultKind::StuckCross:
      return "stuck-cross";
  }
  return "dead";
}

void validate_fault(const Topology& t, Fault f) {
  if (t.stages() < 3)
    throw InvalidArgument("banyan: N = " + std::to_string(t.ports()) +
                          " has no internal stage for a fault");
  if (f.stage < 1 || f.stage > t.stages() - 2)
    throw InvalidArgument("banyan: fault stage " + std::to_string(f.stage) +
                          " is not internal (1.." + std::to_string(t.stages() - 2) + ")");
  if (f.element < 0 || f.element >= t.elements_per_stage())
    throw InvalidArgument("banyan: fault element " + std::to_string(f.element) +
                          " out of range 0.." + std::to_string(t.elements_per_stage() - 1));
}

Route route(const Topology& t, uint32_t k, int x,
            std::optional<std::pair<Fault, FaultKind>> fault) {
  check_config(t, k);
  check_port(t, x, "input");
  if (fault) validate_fault(t, fault->first);
  Route r;
  r.elements.reserve(t.stages());
  int p = x;
  for (int i = 0; i < t.stages(); ++i) {
    int e = p >> 1;
    r.elements.push_back(e);
    bool cross = t.stage_cross(k, i);
    if (fault && fault->first.stage == i && fault->first.element == e) {
      if (fault->second == FaultKind::Dead) {
        r.dest = -1;
        r.delivered = false;
        return r;
      }
      cross = fault->second == FaultKind::StuckCross;
    }
    p = Topology::sigma(cross, p);
    if (i < t.stages() - 1) p = t.tau(i, p);
  }
  r.dest = p;
  r.delivered = true;
  return r;
}

int element_on_path(const Topology& t, int x, int y, int stage) {
  check_port(t, x, "input");
  check_port(t, y, "output");
  if (stage < 0 || stage >= t.stages())
    throw InvalidArgument("banyan: stage " + std::to_string(stage) + " out of range");
  int low = (y >> 1) & ((1 << stage) - 1);
  return ((x >> (stage + 1)) << stage) | low;
}

bool is_blocked(const Topology& t, Fault f, int x, int y) {
  int i = f.stage;
  int mask = (1 << i) - 1;
  return (x >> (i + 1)) == (f.element >> i) && ((y >> 1) & mask) == (f.element & mask) && x >= 0 &&
         x < t.ports() && y >= 0 && y < t.ports();
}

std::vector<int> blocked_sources(const Topology& t, Fault f) {
  validate_fault(t, f);
  int i = f.stage;
  int base = (f.element >> i) << (i + 1);
  std::vector<int> v;
  for (int x = base; x < base + (1 << (i + 1)); ++x) v.push_back(x);
  return v;
}

std::vector<int> blocked_destinations(const Topology& t, Fault f) {
  validate_fault(t, f);
  int i = f.stage;
  int mask = (1 << i) - 1;
  std::vector<int> v;
  for (int y = 0; y < t.ports(); ++y)
    if (((y >> 1) & mask) == (f.element & mask)) v.push_back(y);
  return v;
}

std::vector<Pair> blocked_pairs(const Topology& t, Fault f) {
  std::vector<Pair> v;
  auto dests = blocked_destinations(t, f);
  for (int x : blocked_sources(t, f))
    for (int y : dests) v.emplace_back(x, y);
  return v;
}

int theorem1_bound(const Topology& t, Fault f) {
  validate_fault(t, f);
  int N = t.ports();
  if (N == 8) return 3 * N + 1;
  if (f.stage == 1 || f.stage == t.stages() - 2) return 3 * N;
  return 2 * N;
}

}  // namespace minforge::banyan
