// On-line circuit-switched permutation routing on an LCAN (paper 003, section 3).
//
// A permutation's N source-destination pairs compete for circuits; one network cycle sets
// up as many circuits as it can, the pairs that were dropped try again in the next cycle,
// until every pair is routed.  One cycle, level-synchronously:
//
//  Up.  Every pair whose LCA level is above its current level asks its switch for an
//  upper.  A switch's setting is a permutation pi of 0 .. max(d, u)-1: the requesting downers
//  are served in increasing pi[j]; downer j prefers upper pi[j] mod u and takes the next free
//  upper (cyclically) when that one is taken; when all u uppers are taken the remaining
//  requesters are dropped.  So with d <= u no request is ever dropped and the setting is a
//  fixed injection of downers into uppers (with d = u a bijection, the paper's "d downers
//  mapped to u uppers"), and with d > u a switch passes min(requests, u) pairs up.  The three
//  upward policies of the paper differ in when pi is drawn (uniformly at random):
//    UpPolicy::PerCycle        every switch, every network cycle (the paper's simulations);
//    UpPolicy::PerPermutation  every switch, once per permutation;
//    UpPolicy::Fixed           every switch, once per network incarnation (the Simulator's
//                              construction), the same for every permutation routed.
//  A pair that reaches its LCA level turns there.
//
//  Down.  From the top level down, at each level the pairs coming down from above and the
//  pairs turning here ask for the downer leading to their destination (CB: digit i of the
//  destination; T: any of the u parallel connectors to the right child).  Each contended
//  downer goes to one request by the downward policy, ties broken uniformly at random:
//    DownPolicy::Random       uniformly at random;
//    DownPolicy::LowerFirst   lower LCA level first (the paper's simulations);
//    DownPolicy::HigherFirst  higher LCA level first.
//  The losers are dropped: the links they won higher up stay unused in this cycle.  Downers
//  of level 0 (the destination PEs) are never contended in a permutation.
//
// Every wire is a pair of directed links (up and down); a circuit uses one direction of each
// wire it crosses.  After every cycle the simulator walks each established circuit again
// through the wire tables from the choices it recorded, checks that it ends at its
// destination and that no directed link carries two circuits, and throws std::logic_error
// otherwise (an internal error: it cannot happen unless the simulator is wrong).  Every cycle
// routes at least one pair (so routing terminates); a cycle that routes none is also reported
// as an internal error.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::lcan {

enum class UpPolicy { PerCycle, PerPermutation, Fixed };
enum class DownPolicy { Random, LowerFirst, HigherFirst };

UpPolicy parse_up_policy(std::string_view s);      // "cycle" | "perm" | "fixed"
DownPolicy parse_down_policy(std::string_view s);  // "random" | "lower" | "higher"
std::string up_policy_name(UpPolicy p);
std::string down_policy_name(DownPolicy p);

// An established circuit: its hops, level 0 first (like Network::route).
struct Circuit {
  int src;
  int dst;
  std::vector<Hop> hops;
};

// What happened in one network cycle (recorded only on request).
struct CycleTrace {
  std::vector<Circuit> circuits;  // the circuits established, by source
  int up_drops = 0;               // pairs dropped for want of an upper
  // Every pair dropped for want of a downer: (LCA level of a winner of that downer, LCA level
  // of the loser); with several parallel connectors (T) the winner is the lowest ranked one.
  std::vector<std::pair<int, int>> down_losses;
};

struct RouteResult {
  int cycles = 0;
  std::vector<int> routed;    // pairs routed in cycle 1, 2, ...
  std::vector<int> cycle_of;  // cycle_of[s]: the cycle (1-based) in which source s was routed
  int64_t links_checked = 0;  // directed links walked by the exclusivity check
};

class Simulator {
 public:
  // The network must outlive the simulator.  `seed` fixes every random draw (the Fixed
  // policy's settings are drawn here).  Switch sizes up to 65536.
  Simulator(const Network& net, UpPolicy up, DownPolicy down, uint64_t seed);

  const Network& network() const { return *net_; }

  // Routes p until every pair is routed (p must be a permutation the network connects:
  // InvalidArgument otherwise).  When `trace` is given, it receives one CycleTrace per network
  // cycle, up to `trace_cycles` cycles.
  RouteResult route(const Permutation& p, std::vector<CycleTrace>* trace = nullptr,
                    int trace_cycles = 1 << 30);

 private:
  struct Req {
    int pair;
    int sw;
    int port;
  };
  void cycle(std::vector<int>& pending, RouteResult& res, CycleTrace* trace);
  const uint16_t* setting(int level, int sw);
  uint32_t rand32();
  uint32_t below32(uint32_t n);
  bool bit();
  void verify(const std::vector<int>& done, RouteResult& res, std::vector<Circuit>* circuits);

  const Network* net_;
  UpPolicy up_;
  DownPolicy down_;
  Rng rng_;
  uint64_t pool_ = 0, bits_ = 0;
  bool half_ = false;
  int bits_left_ = 0;
  int L_;
  std::vector<int> d_, u_, m_, S_, gs_, G_;
  std::vector<const End*> upt_, downt_;
  // Settings: pi per switch, level offsets; fixed ones drawn at construction, per-permutation
  // ones drawn on first use in a permutation (stamp per switch).
  std::vector<int64_t> pi_off_, sw_off_;
  std::vector<uint16_t> pi_;
  std::vector<uint32_t> pi_stamp_;
  std::vector<uint16_t> scratch_pi_;
  uint32_t perm_epoch_ = 0;
  // Per level: requests by downer slot, request count per switch.
  std::vector<int64_t> slot_off_;
  std::vector<int> slot_;
  std::vector<int> count_;
  std::vector<uint16_t> uperm_;  // fast path: the uppers of each switch, in any order
  std::vector<char> used_up_;
  // Down arbitration: winners per downer group.
  std::vector<int64_t> grp_off_;
  std::vector<int> win_;
  std::vector<uint64_t> win_key_;
  std::vector<int> win_n_;
  std::vector<uint32_t> grp_stamp_;
  uint32_t epoch_ = 0;
  // Per pair of the current permutation.
  std::vector<int> dst_, lca_;
  std::vector<uint16_t> pe_digit_;  // pe_digit_[pe * L + i]: Network::down_group(i, pe)
  std::vector<uint16_t> digit_;     // digit_[i * N + p]: down group of dst at level i
  std::vector<int64_t> up_off_;     // first upward link of each level
  // path_[i * N + p]: upper taken at level i; path_[(L + i) * N + p]: downer taken at level i.
  std::vector<uint16_t> path_;
  std::vector<int> at_;  // verify: the switch each circuit is at
  std::vector<char> ok_;
  // Down arbitration with one downer per group (CB): the winner so far (negative: free, the
  // complement of the last winner) and its random rank (top bit: not drawn yet); the class of a
  // pair comes from its LCA level.
  struct Slot1 {
    int pair;
    uint32_t rnd;
  };
  std::vector<Slot1> grp1_;
  // Exclusivity check: one bit per directed link.
  std::vector<uint64_t> up_bits_, down_bits_, pe_bits_;
  std::vector<Req> climb_, next_climb_, down_req_, next_down_;
  std::vector<std::vector<Req>> turn_;
  std::vector<int> touched_, done_;
};

// Mean and variance of the network cycles of `trials` permutations of class c (section 3).
struct ClassStats {
  std::string network;
  PermClass cls;
  int trials = 0;
  double mean = 0;
  double variance = 0;  // sample variance (divisor trials - 1; 0 for one trial)
  int min = 0, max = 0;
  std::vector<int> cycles;  // per trial
};
// `progress(k)` (optional) is called after each trial with the trials done.
ClassStats simulate_class(const Network& net, PermClass c, int trials, uint64_t seed,
                          UpPolicy up = UpPolicy::PerCycle,
                          DownPolicy down = DownPolicy::LowerFirst,
                          const std::function<void(int)>& progress = {});

}  // namespace minforge::lcan
