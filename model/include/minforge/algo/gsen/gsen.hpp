// minforge golden model: generalized shuffle-exchange network (GSEN), paper 001.
//
// Numbering follows docs/conventions.md exactly (checked against the paper):
//   N even, N >= 4; n = ceil(log2 N) stages s = 0..n-1 from the inputs; N/2 switches per
//   stage.  Switch y takes terminal y on in-subport 0 and terminal y + N/2 on in-subport 1
//   (the perfect shuffle folded in), and drives terminals 2y (out-subport 0), 2y+1 (1).
//   State 0 = straight, 1 = cross.  A message at terminal t entering stage s goes to
//   terminal 2*(t mod N/2) + (floor(t/(N/2)) xor state(s, t mod N/2)).
//   Forward tag F: out-subport at stage 0 in bit n-1 ... stage n-1 in bit 0; backward tag B
//   likewise from the in-subports.
//
// Layers:
//   * Topology / Configuration / route(): the algorithmic layer (any switch states).
//   * lemma::*: the paper's closed forms (Lemmas 3.3-3.7, Theorem 4.2), property-tested
//     against route().
//   * gsen_schedule.hpp, gsen_coverage.hpp, gsen_cost.hpp build on these.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/common.hpp"
#include "minforge/params.hpp"

namespace minforge::gsen {

// Largest N the model accepts (keeps N * 2^n and i * 2^n + F well inside 64 bits and
// the switch count inside int).
inline constexpr int kMaxPorts = 1 << 20;

// How the switch states of a configuration are derived from one number: the generated
// params::Ctrl (MF_CTRL_* of rtl/common/mf_params.vh, the one source of the codes).  GSEN
// uses Indiv (a full (N/2) x n state matrix, no single number) and the numbered controls
// Stage (every switch of stage s has bit (n-1-s) of C), Alt, Alt2, Alt4 (that bit xor bit
// 0, 1, 2 of the switch index y); Tag is banyan's self-routing and has no number either.
using params::Ctrl;

// The switch-index bit that alternating control xors into the stage's configuration bit:
// 0 for Alt, 1 for Alt2, 2 for Alt4, -1 for every other control.  The one C++ view of
// mf_ctrl_alt_shift (rtl/common/mf_params.vh), checked against it every cycle by the GSEN
// lockstep sweeps (alt2 / alt4 fabrics and players); lint.one_source fails on another copy.
constexpr int alt_shift(Ctrl c) {
  return c == Ctrl::Alt ? 0 : c == Ctrl::Alt2 ? 1 : c == Ctrl::Alt4 ? 2 : -1;
}
// True for the controls with a configuration number: Stage, Alt, Alt2, Alt4.
constexpr bool numbered(Ctrl c) { return c == Ctrl::Stage || alt_shift(c) >= 0; }
// Alternation period of the switch pattern in a stage: 0 for Stage, 1, 2, 4 for Alt*;
// throws InvalidArgument for a control without a configuration number.
int alt_period(Ctrl c);
// Control kind for an alternation period (0 -> Stage, 1 -> Alt, 2 -> Alt2, 4 -> Alt4).
Ctrl control_for_period(int period);

// State of switch y at stage s of an n-stage network under configuration number `value`
// of a numbered control c.
inline int switch_state(Ctrl c, uint32_t value, int n, int s, int y) {
  const int bit = static_cast<int>((value >> (n - 1 - s)) & 1u);
  const int shift = alt_shift(c);
  return shift < 0 ? bit : bit ^ ((y >> shift) & 1);
}

class Topology {
 public:
  // Throws InvalidArgument unless N is even, 4 <= N <= kMaxPorts.
  explicit Topology(int ports);

  int ports() const { return N_; }
  int stages() const { return n_; }
  uint32_t power() const { return uint32_t{1} << n_; }  // 2^n
  int switches_per_stage() const { return N_ / 2; }
  int switch_count() const { return n_ * (N_ / 2); }

  // The perfect shuffle pi(t) = (2t + floor(2t/N)) mod N.
  int shuffle(int t) const { return (2 * t + (2 * t) / N_) % N_; }
  // Switch and in-subport receiving terminal t at the entry of a stage.
  int switch_of(int t) const { return t % (N_ / 2); }
  int in_subport(int t) const { return t / (N_ / 2); }
  // Terminal after a switch: out-subport f of switch y.
  static int out_terminal(int y, int f) { return 2 * y + f; }

 private:
  int N_;
  int n_;
};

// A network configuration: the state of every switch, states[s][y].
class Configuration {
 public:
  // All switches straight.
  explicit Configuration(const Topology& t);
  // From one number under a numbered control.  Throws InvalidArgument when
  // value >= 2^n.
  static Configuration from_control(const Topology& t, Ctrl c, uint32_t value);

  int stages() const { return static_cast<int>(states_.size()); }
  int switches_per_stage() const {
    return static_cast<int>(states_.empty() ? 0 : states_[0].size());
  }
  int state(int s, int y) const { return states_[s][y]; }
  void set_state(int s, int y, int v) { states_[s][y] = static_cast<uint8_t>(v & 1); }
  const std::vector<std::vector<uint8_t>>& matrix() const { return states_; }

 private:
  std::vector<std::vector<uint8_t>> states_;
};

// One path through the network.
struct Path {
  int source = 0;
  int dest = 0;
  uint32_t forward_tag = 0;    // F
  uint32_t backward_tag = 0;   // B
  std::vector<int> switches;   // switch index y at each stage s
  std::vector<int> terminals;  // terminal after each stage (terminals.back() == dest)
};

// Route input i through a configuration.
Path route(const Topology& t, const Configuration& cfg, int i);
// Route input i under a configuration number of a control kind, without building the
// state matrix.
Path route(const Topology& t, Ctrl c, uint32_t value, int i);
// Route input i by its forward tag (tag self-routing: the switch at stage s sends the
// message to out-subport bit (n-1-s) of F).  Throws InvalidArgument when F >= 2^n.
Path route_by_tag(const Topology& t, int i, uint32_t forward_tag);

// The permutation realized by a configuration: perm[i] = destination of input i.
std::vector<int> permutation(const Topology& t, const Configuration& cfg);
std::vector<int> permutation(const Topology& t, Ctrl c, uint32_t value);
// Forward tags of all inputs under a configuration number (tags[i] = F of input i).
std::vector<uint32_t> forward_tags(const Topology& t, Ctrl c, uint32_t value);

// Where input i ends under a configuration number, without building a Path (no
// allocation; O(n)).  Used by the schedule and coverage layers and the benchmarks.
struct Endpoint {
  int dest = 0;
  uint32_t forward_tag = 0;   // F
  uint32_t backward_tag = 0;  // B
};
Endpoint route_endpoint(const Topology& t, Ctrl c, uint32_t value, int i);
// Same by tag self-routing (throws InvalidArgument when F >= 2^n).
Endpoint route_endpoint_by_tag(const Topology& t, int i, uint32_t forward_tag);
// The permutation of a configuration number written into perm[0..N-1]; stage-by-stage over
// all inputs (branch-free inner loop, O(N n)).  No validation beyond value < 2^n.
void permutation_into(const Topology& t, Ctrl c, uint32_t value, int* perm);

// Permutations of many configuration numbers of one control kind.  Successive calls share
// the work of the stages on which the two numbers agree: stage s depends on bit n-1-s, so
// after value v only the stages from the highest bit of (v xor previous) on are recomputed.
// Ascending values cost about 2 stage passes per configuration on average instead of n.
// Memory: (n + 1) * N uint32.  Throws InvalidArgument for a control without a number.
class PermutationSweep {
 public:
  PermutationSweep(const Topology& t, Ctrl c);
  // Destinations of inputs 0..N-1 under configuration `value` (< 2^n, else
  // InvalidArgument); valid until the next call.
  std::span<const uint32_t> operator()(uint32_t value);

 private:
  int N_;
  int n_;
  uint32_t shift_;
  uint32_t mask_;
  bool primed_ = false;
  uint32_t last_ = 0;
  std::vector<uint32_t> levels_;  // level s (0..n): terminals after s stages
};

// True when the paths of a configuration form a permutation (always true for a
// configuration of 2x2 switches; used as a property check).
bool is_permutation(const std::vector<int>& p);

// The paper's closed forms.  N is the port count, n = ceil(log2 N).
namespace lemma {
// Lemma 3.3: j = (i * 2^n + F) mod N.
int destination(int N, int i, uint32_t F);
// Lemma 3.3: B = floor((i * 2^n + F) / N).
uint32_t backward_tag(int N, int i, uint32_t F);
// Lemma 3.4: with stage control, C = B xor F.
inline uint32_t stage_config(uint32_t B, uint32_t F) { return B ^ F; }
// Lemma 3.5: P(i, F) is a unique path iff 2^n - N <= F < N.
bool unique_path(int N, uint32_t F);
// The set B_F = { B(i, F) : i = 0..N-1 } (Lemma 3.6 / 3.7 work on it).
std::vector<uint32_t> backward_set(int N, uint32_t F);
// Lemma 3.7: B_F has no two consecutive holes in {0..2^n-1}.
bool no_two_consecutive_holes(int N, uint32_t F);
// Theorem 4.2(ii): A = F xor floor(F/2) (Gray code), and (iii) its inverse.
inline uint32_t alt_config_from_tag(uint32_t F) { return F ^ (F >> 1); }
uint32_t tag_from_alt_config(uint32_t A);
// Theorem 4.2(i) / Lemma 4.3 (N = 2 mod 4, alternating configuration A): every even input
// carries tag alt_even_tag(N, A) = tag_from_alt_config(A), every odd input its n-bit
// complement alt_odd_tag(N, A).  Throws InvalidArgument unless N = 2 mod 4 and A < 2^n.
uint32_t alt_even_tag(int N, uint32_t A);
uint32_t alt_odd_tag(int N, uint32_t A);
// Theorem 4.4: destination of input i under A_k: (i 2^n + k) mod N for even i,
// (i 2^n + 2^n - 1 - k) mod N for odd i (N = 2 mod 4, k < 2^n).
int alt_destination(int N, int i, uint32_t k);
}  // namespace lemma

}  // namespace minforge::gsen
