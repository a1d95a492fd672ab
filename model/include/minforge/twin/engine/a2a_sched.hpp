// minforge twin: what the all-to-all engines' schedulers and sources put on the fabric,
// round by round (the scheduler modules are counters over a fixed table, so their twin is
// the table):
//   gsen_sched_alt(N)      rtl/engine/gsen_sched_alt.v     Algorithm 4 (N = 2 mod 4)
//   gsen_sched_stage(N)    rtl/engine/gsen_sched_stage.v   2^n rounds under stage control
//   gsen_sched_player(...) rtl/engine/gsen_sched_player.v  a configuration list replayed
//                          (numbers under stage / alt control, or state matrices under
//                          individual control)
//   banyan_sched_latin(N)  rtl/engine/banyan_sched_latin.v the Latin square, round k = Gamma_k
//   a2a_message(N, W, i, j) rtl/engine/a2a_source.v        the message word of pair (i, j)
// Each table is built from the paper algorithms of minforge_algo (gsen_schedule.hpp,
// banyan.hpp); tests/a2a/a2a_twin_test.cpp checks the rounds route what they claim.
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/common.hpp"
#include "minforge/params.hpp"

namespace minforge::twin {

using params::Ctrl;

enum class Net { Gsen, Banyan };

// The message word of a2a_source: [IW-1:0] source i, [2IW-1:IW] destination j,
// [W-1:2IW] the low W-2IW bits of ((29 i + 83 j) mod 2^32) xor 0x5A5A5A5A, IW = ceil(log2 N)
// (mf_payload32 of rtl/common/mf_functions.vh).  Throws InvalidArgument when W < 2 IW + 4.
uint64_t a2a_message(int N, int W, int i, int j);
inline uint32_t a2a_payload32(uint32_t i, uint32_t j) { return (29u * i + 83u * j) ^ 0x5A5A5A5Au; }

// One round: configuration, and per processor send bit, destination and forward tag.
struct A2aRound {
  uint32_t cfg = 0;             // the number; individual control: the low n switch states
  std::vector<uint8_t> states;  // individual control only: states[s*H + y] (else empty)
  std::vector<uint8_t> send;    // [N]
  std::vector<int> dest;        // [N], -1 = idle
  std::vector<uint32_t> tag;    // [N]
};
struct A2aSchedule {
  Net net = Net::Gsen;
  int ports = 0;
  Ctrl control = Ctrl::Stage;  // configuration control of the rounds (Stage / Alt*)
  std::vector<A2aRound> rounds;
  std::vector<Pair> missing;  // pairs the schedule never sends (a player with a short list)
};

// Algorithm 4 (gsen::OnTheFlyExchange): N rounds, configuration A_k, N = 2 mod 4.
A2aSchedule gsen_sched_alt(int N);
// gsen::personalized_exchange_stage: 2^n rounds, configuration C = k.
A2aSchedule gsen_sched_stage(int N);
// The listed configurations in order under `control` (Stage / Alt*); a pair is sent in the
// first listed configuration that realizes it; `missing` lists the pairs none realizes.
A2aSchedule gsen_sched_player(int N, Ctrl control, const std::vector<uint32_t>& configs);
// Individual control (Ctrl::Indiv): the listed state matrices in order, a pair sent in the
// first that realizes it.  Throws InvalidArgument for an empty list or a matrix of another N.
A2aSchedule gsen_sched_player(int N, const std::vector<gsen::Configuration>& configs);
// Round k = Gamma_k (banyan::gamma); every processor sends; tags self-route.
A2aSchedule banyan_sched_latin(int N);
// The player memory entry of a round (gsen_sched_player): [CW4-1:0] configuration,
// [CW4 +: N] send mask, CW4 = 4 ceil(CW/4), CW = n (its number) or, for a round with
// states (individual control), n N/2 (bit s*N/2 + y = states[s*N/2 + y]); little-endian
// 32-bit words.
std::vector<uint32_t> player_entry(int N, const A2aRound& r);
// The player's write port bits PW = N + 4 ceil(n/4), and the writes (beats) that store the
// entry of a round: ceil(entry bits / PW) slices of PW bits, lowest first, each written to
// the round's address in turn (one beat for a numbered configuration).
int player_port_bits(int N);
std::vector<std::vector<uint32_t>> player_beats(int N, const A2aRound& r);

}  // namespace minforge::twin
