// minforge golden model: banyan network, Latin-square all-to-all exchange and single-fault
// analysis, paper 000 (Yaku & Masuyama, fault-tolerant all-to-all personalized
// communication in banyan networks).
//
// Numbering follows docs/conventions.md exactly (checked against the paper):
//   N = 2^m ports, stages i = 0..m-1 from the inputs; switching element E_il = element l of
//   stage i, taking the positions 2l and 2l+1 entering stage i.  The stage permutation
//   sigma_i is I (all straight) or sigma (all cross, 2l <-> 2l+1).  The interstage
//   permutation tau_j (j = 0..m-2, between stage j and j+1) swaps address bit 0 with bit
//   j+1.  Gamma_k = sigma_0 . tau_0 . sigma_1 ... tau_{m-2} . sigma_{m-1}, applied left to
//   right, with sigma_i = sigma exactly when bit (m-1-i) of k is 1 (stage control).
//   Row k of the Latin square L' (Algorithm A) is Gamma_k applied to inputs 0..N-1.
//
// Closed forms (derived from the definitions, property-tested against the stage-by-stage
// routing): with c = bitrev_m(k) (bit i of c is the state of stage i),
//   Gamma_k(x) = rotl_m(x xor c),   and the unique k with Gamma_k(x) = y is
//   k = bitrev_m(x xor rotr_m(y)).
//   Input x crosses stage i at element l = ((x >> (i+1)) << i) | ((y >> 1) mod 2^i), so a
//   fault at E_il blocks the sources x with x >> (i+1) = l >> i (2^(i+1) of them) towards
//   the destinations y with (y >> 1) mod 2^i = l mod 2^i (N / 2^i of them): 2N pairs.
//
// The fault-tolerant schedule and the message-level simulator are in banyan_fault.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "minforge/common.hpp"
#include "minforge/params.hpp"

namespace minforge::banyan {

inline constexpr int kMinPorts = 4;
inline constexpr int kMaxPorts = 1 << 16;

class Topology {
 public:
  // Throws InvalidArgument unless N is a power of two with 4 <= N <= 2^16.
  explicit Topology(int ports);

  int ports() const { return N_; }
  int stages() const { return m_; }  // m = log2 N
  int elements_per_stage() const { return N_ / 2; }
  // Interstage permutation tau_j, j = 0..m-2: swaps address bit 0 with bit j+1.
  // Throws InvalidArgument for j or x out of range.
  int tau(int j, int x) const;
  // Stage permutation: sigma (cross) flips bit 0, I leaves x.
  static int sigma(bool cross, int x) { return cross ? (x ^ 1) : x; }
  // State of stage i (true = cross) in configuration Gamma_k: bit (m-1-i) of k.
  bool stage_cross(uint32_t k, int i) const { return ((k >> (m_ - 1 - i)) & 1u) != 0; }

  // m-bit helpers used by the closed forms.
  uint32_t bit_reverse(uint32_t v) const;
  int rotl(int x) const { return ((x << 1) | (x >> (m_ - 1))) & (N_ - 1); }
  int rotr(int x) const { return ((x >> 1) | ((x & 1) << (m_ - 1))) & (N_ - 1); }

 private:
  int N_;
  int m_;
};

// Gamma_k(x): destination of input x under stage-controlled configuration k (k < N).
// Throws InvalidArgument for k or x out of range.
int gamma(const Topology& t, uint32_t k, int x);
// Inverse: the input that Gamma_k sends to output y.
int gamma_inverse(const Topology& t, uint32_t k, int y);
// The unique k with Gamma_k(x) = y (the Latin-square row holding y in column x).
uint32_t gamma_index(const Topology& t, int x, int y);
// Row k of L' (Gamma_k applied to 0..N-1).
std::vector<int> gamma_row(const Topology& t, uint32_t k);
// L', rows[k][x] = Gamma_k(x), k = 0..N-1 (Algorithm A order, Gamma_0 first).
std::vector<std::vector<int>> latin_square(const Topology& t);
// The paper's label of row k, e.g. "I.t0.I.t1.s" for N = 8, k = 1 (s = sigma, tJ = tau_J).
std::string gamma_label(const Topology& t, uint32_t k);

// Switching element E_il: stage i, element l.
struct Fault {
  int stage = 0;
  int element = 0;
  friend bool operator==(const Fault&, const Fault&) = default;
};
// The kinds are the codes of banyan_fabric's fault_kind port (params::Fault, MF_FAULT_* of
// rtl/common/mf_codes.vh), named here as the model's simulator calls them.
enum class FaultKind : int {
  // the element passes nothing: messages entering it are lost
  Dead = params::code(params::Fault::Dead),
  // the element stays straight whatever the configuration
  StuckStraight = params::code(params::Fault::Straight),
  // the element stays crossed whatever the configuration
  StuckCross = params::code(params::Fault::Cross),
};
// The model's kind of the RTL's fault code.
constexpr FaultKind fault_kind(params::Fault f) { return static_cast<FaultKind>(params::code(f)); }
FaultKind parse_fault_kind(
    std::string_view name);  // "dead", "stuck0"/"stuck-straight", "stuck1"/"stuck-cross"
std::string_view to_string(FaultKind k);

// The paper treats single faults on internal stages (1..m-2; stage 0 and m-1 faults are
// critical: they cut processors off).  Throws InvalidArgument for stage outside 1..m-2
// (N = 4 has no internal stage) or element outside 0..N/2-1.
void validate_fault(const Topology& t, Fault f);

// Path of input x under Gamma_k, optionally with one faulty element.
//   elements[i] = element index entered at stage i (only up to the faulty element when it
//   is Dead).  delivered = false when the message entered a Dead element (dest = -1).
//   A stuck element forces its own state; the message then leaves at dest, which differs
//   from Gamma_k(x) exactly when the forced state differs from the stage state.
struct Route {
  int dest = -1;
  bool delivered = false;
  std::vector<int> elements;
};
Route route(const Topology& t, uint32_t k, int x,
            std::optional<std::pair<Fault, FaultKind>> fault = {});

// Element index of input x at stage i when it travels to output y (closed form).
int element_on_path(const Topology& t, int x, int y, int stage);
// True when the unique path x -> y crosses the faulty element (closed form, O(1)).
bool is_blocked(const Topology& t, Fault f, int x, int y);
// Sources with a blocked path (2^(i+1), ascending) and blocked destinations (N/2^i).
std::vector<int> blocked_sources(const Topology& t, Fault f);
std::vector<int> blocked_destinations(const Topology& t, Fault f);
// All blocked (source, destination) pairs, sorted; exactly 2N of them.
std::vector<Pair> blocked_pairs(const Topology& t, Fault f);

// Theorem 1's upper bound U(i) on the cycles of the fault-tolerant exchange:
//   N >= 16: 3N for i = 1 or i = m-2, 2N for 1 < i < m-2.
//   N = 8 (Appendix): the fault-free N cycles followed by the Appendix's (2N+1)-cycle
//   extra sequence, 3N + 1 = 25 (reading checked by simulation, see banyan_fault.hpp).
// Validates the fault.
int theorem1_bound(const Topology& t, Fault f);

}  // namespace minforge::banyan
