// minforge golden model: the fault-tolerant banyan exchange (paper 000, section 3) as the
// hardware runs it (rtl/engine/banyan_ft_engine.v): the plan of banyan_fault.hpp reordered
// so that the fabric's pipeline latency is hidden, relay-buffer slots assigned, and the
// schedule-memory image the engine loads (text file: `minforge banyan fault --plan-hex`).
//
// Latency hiding.  A relayed message s -> r -> d has its first hop in plan cycle t1 and its
// second hop in plan cycle t2.  In the engine the first hop leaves the fabric LAT cycles
// after it entered (LAT = log2 N with PIPELINE = 1, 0 without) and is in the relay buffer
// one edge later, so the second hop can leave without waiting exactly when
//     t2 >= t1 + LAT + 1            (the "gap" of the message).
// fault_tolerant_plan(t, f, latency) keeps the cycles of fault_tolerant_plan(t, f) (same
// configurations, same sends) and only reorders them by list scheduling: the cycles that
// carry relay hops (in the order the plan lists them) are placed first whenever their first
// hops are at least LAT + 1 cycles back, the fault-free cycles fill the positions where no
// relay cycle is ready.  The result has as many cycles as the plan when no filler is missing;
// otherwise empty cycles are inserted and counted (PlanTiming::idle).  Measured: no empty
// cycle for any internal fault of N = 16..64 and LAT = 0..log2 N (tests/banyan).  N = 8 is
// built differently (banyan_ft_plan.cpp): 3N = 24 cycles for LAT = 0..4, the minimum (one
// fewer than the Appendix's 3N + 1; proof by SAT solver in tests/banyan/ft_n8_min.py).
//
// Relay slots.  Every processor has RELAY_DEPTH relay-buffer slots.  A first hop names the
// slot its relay stores the message in (it travels in the message's header); the second hop
// names the slot it reads.  A slot holds a message from the edge that stores it (plan cycle
// t1 + LAT in issue time) to the cycle that reads it (t2); ft_image() assigns slots first-fit
// in the order of storage and throws InvalidArgument when RELAY_DEPTH slots do not suffice.
//
// Image (one source: the header of rtl/engine/banyan_ft_engine.v, section "Plan entry"):
// entry t (plan cycle t) is EW = M + N * PW bits, M = log2 N, SW = max(1, ceil(log2
// RELAY_DEPTH)), PW = 2 + M + SW:
//     bits [M-1:0]                         configuration number k (Gamma_k)
//     processor i's field at bit M + i*PW:  op [1:0], dest [M+1:2], slot [PW-1:M+2]
//     op 0 idle; 1 own message for dest, delivered directly (Gamma_k(i) = dest);
//        2 own message for dest, first hop to relay Gamma_k(i), stored there in `slot`;
//        3 second hop: send the message held in relay slot `slot` (dest unused, 0).
// Text file: comment lines starting with "//", the first of them
//     // minforge banyan_ft_engine plan N=<N> LAT=<lat> RELAY_DEPTH=<d> ENTRIES=<T> EW=<EW>
// then one line per entry, ceil(EW/4) hex digits, most significant first ($readmemh reads
// it into a memory of EW-bit words).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/params.hpp"

namespace minforge::banyan {

// The plan of fault_tolerant_plan(t, f) reordered for a fabric of the given latency (0 ..
// 64; InvalidArgument otherwise).  Validates the fault.
Plan fault_tolerant_plan(const Topology& t, Fault f, int latency);

// Timing of a plan on a fabric of latency `latency`.
struct PlanTiming {
  int cycles = 0;       // plan cycles
  int idle = 0;         // empty cycles (none in the plans fault_tolerant_plan builds)
  int relayed = 0;      // messages sent through a relay
  int min_gap = 0;      // smallest t2 - t1 over relayed messages (0 when none)
  int waits = 0;        // relayed messages with t2 - t1 < latency + 1 (they would wait)
  int max_wait = 0;     // the largest (latency + 1) - (t2 - t1) over them
  int relay_depth = 0;  // slots needed: the largest number of messages one relay holds
};
PlanTiming plan_timing(const Topology& t, const Plan& p, int latency);

// ---- schedule-memory image of rtl/engine/banyan_ft_engine.v
// The op field: Idle, Direct, First, Relay (MF_FTOP_* of rtl/common/mf_params.vh).
using FtOp = params::Ftop;
struct FtEntry {
  uint32_t cfg = 0;
  std::vector<FtOp> op;        // [N]
  std::vector<uint32_t> dest;  // [N] own message's destination (Direct, First)
  std::vector<uint32_t> slot;  // [N] relay slot (First: where the relay stores; Relay: read)
  friend bool operator==(const FtEntry&, const FtEntry&) = default;
};
struct FtImage {
  int ports = 0, latency = 0, relay_depth = 0;
  std::vector<FtEntry> entries;
  friend bool operator==(const FtImage&, const FtImage&) = default;
};
inline constexpr int kFtMaxRelayDepth = 1 << 12;
int ft_slot_width(int relay_depth);              // max(1, ceil(log2 relay_depth))
int ft_entry_width(int ports, int relay_depth);  // EW

// The image of a plan (every send of every cycle encoded, relay slots assigned).  Throws
// InvalidArgument for relay_depth outside 1..kFtMaxRelayDepth or too small for the plan
// (the message says how many slots it needs), and for a plan whose relay hops wait.
FtImage ft_image(const Topology& t, const Plan& p, int latency, int relay_depth);
// Entry t as EW bits, 32 per word, word 0 = bits 31..0.
std::vector<uint32_t> ft_entry_bits(const FtImage& img, size_t t);
FtEntry ft_entry_decode(int ports, int relay_depth, const std::vector<uint32_t>& bits);
// The text file, and its reader (throws InvalidArgument naming the line of a malformed file).
std::string ft_image_hex(const FtImage& img);
FtImage ft_image_parse(std::string_view text);

}  // namespace minforge::banyan
