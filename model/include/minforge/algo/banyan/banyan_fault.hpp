// minforge golden model: fault-tolerant all-to-all personalized exchange on a banyan
// network with one faulty internal switching element (paper 000, section 3), and a
// message-level simulator that checks a schedule.
//
// Schedule (Plan): a list of cycles; each cycle sets one configuration Gamma_k for the
// whole network and lists at most one send per processor.  A send carries one message
// (origin -> final_dest) from processor proc to Gamma_k(proc): a direct delivery or a first
// hop (proc == origin), or a second hop from a relay (proc != origin) that holds it.
//
// fault_tolerant_plan() builds the schedule as follows (the reading of the paper
// implemented here; docs/banyan_model.md has the derivation):
//   1. Property 2: the N fault-free cycles Gamma_0 .. Gamma_{N-1}; in cycle k every
//      processor x sends its own message to Gamma_k(x), except the 2N blocked pairs.
//   2. Extra cycles route every blocked pair (s, d) as s -> r -> d through a relay r that
//      is neither a blocked source nor a blocked destination (so both hops avoid the fault).
//      The configuration of each hop is forced (gamma_index(s, r), gamma_index(r, d)); the
//      extra cycles come in pairs (first-hop cycle, second-hop cycle) as in Example 2:
//      * N >= 16, i = 1 or i = m-2 (Algorithm B, t = 2): key input-link pairs (a, b) and
//        two common transitive output terminals (Ta, Tb = Ta + 2d).  For every key pair and
//        every blocked destination y of a (ascending): cycle gamma_index(a, Ta) carries
//        a -> Ta and b -> Tb, then cycle g = gamma_index(Ta, y) carries Ta -> y and
//        Tb -> Gamma_g(Tb).  2^i key pairs x N/2^i destinations x 2 = 2N extra cycles,
//        3N in total.
//      * N >= 32, 1 < i < m-2 (the Fig. 4 refinement, t = 4): four relays
//        R_a = base + o + a*2^i (a = 0..3, the set X' n Y of the proof of Theorem 1); the
//        blocked sources form 2^(i-1) groups of four that reach R_0..R_3 in one common
//        configuration.  For every group and every blocked destination y (ascending):
//        the group's first-hop cycle carries s_a -> R_a, then cycle g = gamma_index(R_0, y)
//        carries R_a -> Gamma_g(R_a) for a = 0..3.  2^(i-1) x N/2^i x 2 = N extra cycles,
//        2N in total.
//      Terminal choice (both cases): base = N/2 when l < N/4, else 0 (the paper's rule);
//      offset o = 0, or o = 2 when l mod 2^i = 0 (the paper's rule) and also when
//      l mod 2^i = 2^(i-1) for i >= 2 (correction: the paper's terminal n/2 + 2d resp.
//      n/2 + 2^i is then itself a blocked destination).
//      * N = 8 (Appendix): the 2N+1 = 17 extra cycles of the Appendix sequence
//        Gamma_0 4 7 3 1 2 6 5 0 7 2 4 5 2 7 0 5 (for E_11; for E_1l the same sequence
//        relabelled by the automorphism x -> x xor a, which maps Gamma_c to
//        Gamma_{c xor a xor rotr(a)} in the stage-state bits c), the relays and hop
//        cycles found by an exact search.  Reading: the 17 rows are extra cycles after
//        the N fault-free ones (25 = 3N + 1 in total); as the whole schedule (17 cycles)
//        no 2-hop relay assignment exists (checked by exhaustive search).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "minforge/algo/banyan/banyan.hpp"

namespace minforge::banyan {

struct Send {
  int proc = 0;        // sending processor
  int origin = 0;      // message source
  int final_dest = 0;  // message destination
  friend bool operator==(const Send&, const Send&) = default;
};
struct Cycle {
  uint32_t gamma = 0;  // configuration Gamma_gamma for the whole cycle
  std::vector<Send> sends;
};
struct Plan {
  int ports = 0;
  Fault fault{-1, -1};  // stage -1: fault-free plan (latin_plan)
  std::vector<Cycle> cycles;
};

// Property 2: the fault-free exchange, cycle k = Gamma_k, every processor sends its own
// message to Gamma_k(x) (N cycles, N^2 messages including x -> x).
Plan latin_plan(const Topology& t);

// Algorithm B key input-link pair with its two common transitive output terminals.
struct KeyPair {
  int a = 0, b = 0;                    // key input links (a, b)
  int terminal_a = 0, terminal_b = 0;  // relays of a and b
  uint32_t first_gamma = 0;            // common configuration of a -> Ta and b -> Tb
  friend bool operator==(const KeyPair&, const KeyPair&) = default;
};
// Algorithm B as printed: d = 2^(i-1) (i > 1) or 2 (i = 1); j from 2^(i+1) floor(l/2^i)
// to that + d - 1; pairs (j, j+d) and, for i > 1, (j+2^i, j+2^i+d), in that order.
// Terminals: see the header comment (paper's rule with the o correction).  Valid for
// N >= 16 (the paper: "applicable to the case of n > 8"); throws InvalidArgument for N = 8.
std::vector<KeyPair> algorithm_b_key_pairs(const Topology& t, Fault f);
// The four relays of the Fig. 4 refinement (X' n Y), for 1 < i < m-2; InvalidArgument
// otherwise.
std::vector<int> fig4_relays(const Topology& t, Fault f);
// The Appendix's (2N+1)-row sequence for N = 8, E_11 (row numbers k of Gamma_k).
std::vector<uint32_t> appendix_sequence();

// The complete fault-tolerant schedule (see the header comment).  Validates the fault.
Plan fault_tolerant_plan(const Topology& t, Fault f);

// Message-level simulation of a plan.  Each cycle: one configuration; every processor
// sends at most one message and receives at most one; a processor sends its own messages
// (it keeps them) or a message held in its relay buffer (removed when forwarded); a
// message is only forwarded in a cycle after the one that brought it.  With the fault,
// a message entering a Dead element is lost; a stuck element can misroute a message
// (counted in misrouted and lost).  Counters:
//   delivered  - distinct messages (of the N^2, including x -> x) that reached final_dest
//   lost       - N^2 - delivered
//   duplicates - extra arrivals of an already delivered message
//   errors     - plan violations (one line each): bad numbers, a processor sending twice
//                in a cycle, a relay sending a message it does not hold.
//   cycles = plan size; bound = theorem1_bound(plan.fault), or N for a fault-free plan.
struct SimResult {
  int cycles = 0;
  int bound = 0;
  int64_t delivered = 0;
  int64_t lost = 0;
  int64_t duplicates = 0;
  std::vector<std::string> errors;
  int64_t misrouted = 0;  // arrivals at a processor other than the hop's target
  int64_t sends = 0;      // sends executed
};
SimResult simulate(const Topology& t, const Plan& plan,
                   std::optional<std::pair<Fault, FaultKind>> fault);

}  // namespace minforge::banyan
