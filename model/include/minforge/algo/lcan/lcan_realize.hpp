// minforge golden model, LCAN (paper 003, section 4): permutation realization in
// CB-LCAN(N, d, u), off-line (4.1, Theorem 3) and on-line (4.2), as switch settings per
// network cycle, and the check that routes those settings through the model.
//
// Off-line (LPV): the routes of the unfolded CB-LCAN(N, d, d) (lcan_unfold.hpp) are mapped
// onto CB-LCAN(N, d, u):
//   d == u  the unfolded network is the Benes-like network itself: one network cycle;
//   d <  u  CB-LCAN(N, d, u) embeds CB-LCAN(N, d, d) (uppers 0 .. d-1 of every switch):
//           one network cycle;
//   d >  u  (Theorem 3, d a multiple of u) the embeddings of CB-LCAN(N, d, u) in
//           CB-LCAN(N, d, d): embedding c = (c_0 .. c_{l-2}) uses, at level m, the uppers
//           c_m u .. c_m u + u - 1 (upper K of CB-LCAN(N, d, d) is upper K mod u of
//           CB-LCAN(N, d, u)); the pairs whose LPV route goes up through uppers K_m with
//           K_m / u = c_m form one network cycle: (d/u)^(l-1) cycles, each routing
//           N (u/d)^(l-1) pairs.  When u does not divide d the same construction with
//           blocks of u uppers (the last block smaller) needs ceil(d/u)^(l-1) cycles: an
//           extension beyond Theorem 3 (theorem3_cycles is then empty).
// Every pair then goes up only to its LCA level (the most significant base-d digit where
// source and destination differ; 0 when they are equal) and turns down there: the part of
// the full route above the LCA level comes back to the same switch (the proof of Theorem 2),
// so cutting it keeps the permutation realized and the network partitionable.
//
// On-line (Nassimi-Sahni, Raghavendra-Boppana; lcan_selfroute.hpp): d a power of two,
// d <= u (CB-LCAN(N, d, d) itself or embedded), one network cycle; the connections that
// lose a downer to another connection are blocked (with priority to the lower-numbered
// input port: downers 0 .. d-1 before uppers 0 .. u-1) and listed in `blocked`.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/lcan/lcan_perm.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"
#include "minforge/algo/lcan/lcan_unfold.hpp"
#include "minforge/common.hpp"

namespace minforge::lcan {

enum class RealizeMethod { Offline, NassimiSahni, RaghavendraBoppana };

std::string_view realize_method_name(RealizeMethod m);  // "offline", "nassimi-sahni", ...
// Throws InvalidArgument for an unknown name.
RealizeMethod parse_realize_method(std::string_view name);

// Settings of every network cycle, flat: cycle c routes the pairs of the sources
// sources[cycle_source_begin[c] .. cycle_source_begin[c+1]) (ascending) with the switch
// connections hops[cycle_hop_begin[c] .. cycle_hop_begin[c+1]) (sorted by level, switch,
// input port).  A Hop {level, sw, in, out} is one crossbar connection of one switch.
struct Realization {
  RealizeMethod method = RealizeMethod::Offline;
  int cycles = 0;
  // Theorem 3's count ceil((d/u)^(l-1)) when it applies (d <= u, or u divides d).
  std::optional<int64_t> theorem3_cycles;
  Permutation perm;
  std::vector<int64_t> cycle_source_begin;
  std::vector<int> sources;
  std::vector<int64_t> cycle_hop_begin;
  std::vector<Hop> hops;
  // Sources whose connection the settings do not carry (self-routing outside its class).
  std::vector<int> blocked;

  std::span<const int> cycle_sources(int c) const {
    return std::span<const int>(sources).subspan(
        static_cast<size_t>(cycle_source_begin[c]),
        static_cast<size_t>(cycle_source_begin[c + 1] - cycle_source_begin[c]));
  }
  std::span<const Hop> cycle_hops(int c) const {
    return std::span<const Hop>(hops).subspan(
        static_cast<size_t>(cycle_hop_begin[c]),
        static_cast<size_t>(cycle_hop_begin[c + 1] - cycle_hop_begin[c]));
  }
};

// Throws InvalidArgument, with the reason, unless section 4 covers `net` with `method`:
// a complete uniform CB-LCAN (all log_d N levels); for the self-routing methods also d a
// power of two and u >= d.
void check_realizable(const Network& net, RealizeMethod method);

// Theorem 3's cycle count for CB-LCAN(N, d, u) with l levels: ceil((d/u)^(l-1)) when d <= u
// or u divides d, nullopt otherwise.
std::optional<int64_t> theorem3_cycles(int d, int u, int levels);
// The cycle count of the off-line construction (ceil(d/u)^(l-1) for d > u, else 1).
int64_t offline_cycles(int d, int u, int levels);

// Realizes perm (perm[s] = destination of PE s) on net with `method`.  Throws
// InvalidArgument for a network or method section 4 does not cover (check_realizable), a
// perm of the wrong length or not a permutation.
Realization realize(const Network& net, const Permutation& perm, RealizeMethod method);

// The settings of an unfolded route (LPV or self-routing) on net: cycles per the
// embeddings above, every pair cut at its LCA level, conflicts on the way down resolved as
// described (blocked pairs).  realize() is lpv_route / self_route followed by this.
Realization settings_from_route(const Network& net, const UnfoldedRoute& route,
                                RealizeMethod method);

// The result of routing a realization's settings through the model.
struct RoutingCheck {
  bool verified = false;        // every PE reached its destination, all rules below kept
  int64_t delivered = 0;        // connections that reached their own destination
  int64_t misrouted = 0;        // connections that ended at another PE
  int64_t broken = 0;           // connections that stopped at a switch with no setting
  int64_t wire_conflicts = 0;   // a directed wire carried two connections in one cycle
  int64_t bad_settings = 0;     // port out of range, upper -> upper, upper at the top level,
                                // an input or output port set twice in one switch
  int64_t unused_settings = 0;  // switch connections no PE's connection passed through
  int64_t missing = 0;          // PEs in no cycle, or in more than one
  int64_t wires_used = 0;       // directed wires used, summed over the cycles
  std::vector<int> reach;       // per source: the highest level its connection reached
  std::string first_error;      // empty when verified
};

// Routes the settings of every cycle through net's wires (Network::attach/up/down) from
// every source listed for that cycle, and checks the rules above.  Independent of the
// arithmetic that computed the settings.
RoutingCheck route_settings(const Network& net, const Permutation& perm, const Realization& r);

}  // namespace minforge::lcan
