// minforge model, RN1 (paper 002: DeHon, Knight, Minsky, "Fault-Tolerant Design for
// Multistage Routing Networks", sections 20.3-20.9): the multipath networks built from RN1
// as the paper describes them, with no hardware state.
//
//   * the wirings of the three networks (net_spec): routers, links, LFSR seeds.  They are
//     defined here and only here: the RTL network tops rtl/rn1/gen/rn1_net_*.v are written
//     from them by `minforge rn1 verilog` (rn1_verilog.hpp) and a test regenerates and diffs
//     them; the cycle twin minforge::twin::Rn1Net simulates the same NetSpec;
//   * fault sets (which router or link is dead or stuck) and random fault campaigns;
//   * path expansion from the wiring and Equations 20.1-20.5, usable paths under faults;
//   * the analytic acceptance model of an unbuffered dilated crossbar (section 20.9).
//
// The word protocol shared with the twins is in rn1_protocol.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/common.hpp"

namespace minforge::rn1 {

// kFig20_3: the unique-path baseline (Fig. 20.3, 2x2 crossbars, one input and one output per
// endpoint); kFig20_4: Fig. 20.7's network with the non-expansive first-stage wiring of
// Fig. 20.4; kFig20_7D: Fig. 20.7 with a dilated last stage (4x2/d2 crossbars, section 20.5:
// model only, the m/d claim; no RTL top).
enum class Topology { kFig20_7, kFig20_9, kRn1_64, kFig20_3, kFig20_4, kFig20_7D };
// "fig20.7", "fig20.9", "rn1-64", "fig20.3", "fig20.4", "fig20.7-d2last"; throws
// InvalidArgument for anything else.
Topology parse_topology(std::string_view name);
std::string topology_name(Topology t);
// Every topology, and those with an RTL top (rtl/rn1/gen/), in enum order.
const std::vector<Topology>& all_topologies();
const std::vector<Topology>& rtl_topologies();

// kCore: one rn1_xbar_core; kRn1Single / kRn1Dual: an RN1 fixed in 8x4/dilation-2 or dual
// 4x4/dilation-1 mode (rn1.v, MODE_SEL 2 / 3).
enum class RouterKind : uint8_t { kCore, kRn1Single, kRn1Dual };
struct RouterSpec {
  int stage;  // 1..stages
  RouterKind kind;
  int inputs, radix, dilation;  // RN1: 8, 4, 2 (dual mode: two 4x4/d1 halves)
  uint16_t seed_xor;            // LFSR seed = network seed ^ seed_xor
};
struct NodeRef {
  bool endpoint;  // endpoint (port = its network input/output 0..1) or router
  int node;
  int port;
};
// A link from an output (router output, endpoint source port) to an input (router input,
// endpoint destination port); links are numbered in the order of NetSpec::links, which is
// also the bit order of the RTL tops' per-link ports.
struct LinkSpec {
  NodeRef src, dst;
};
struct NetSpec {
  std::string name, rtl_top;  // "fig20.9", "rn1_net_fig20_9" ("": model only, no RTL top)
  int endpoints = 0;
  int stages = 0;
  int payload = 2;         // payload bytes per message
  int max_attempts = 64;   // attempts before a source gives up
  int endpoint_ports = 2;  // n = m: network inputs and outputs per endpoint (1 or 2)
  std::vector<RouterSpec> routers;
  std::vector<LinkSpec> links;
  std::vector<uint16_t> endpoint_seed_xor;
};
// The wiring of a network, built once (the rules are in rn1_topology.cpp).
const NetSpec& net_spec(Topology t);

// Seeds: router r's LFSR gets seed ^ (0x9E37 * (r + 1)), endpoint e's
// seed ^ ((0x6A09 * (e + 1)) ^ 0x5555), both truncated to 16 bits.
uint16_t router_seed_xor(int r);
uint16_t endpoint_seed_xor(int e);

constexpr int kEndpointPorts = 2;  // the most network inputs / outputs of an endpoint
// Words of one message (header, src, dst, seq hi, seq lo, payload, crc, ~crc).
inline int message_words(const NetSpec& s) { return 7 + s.payload; }
// Header word of a message to `dst`: the destination number left-aligned in 8 bits.
uint8_t header_for(const NetSpec& s, int dst);

// ---------------------------------------------------------------- faults
// One link: dead (both directions read 0) or one data bit of one direction stuck.  The
// hardware that applies it is rtl/rn1/rn1_link.v (twin: minforge::twin::apply_fault).
struct LinkFault {
  bool dead = false;
  bool stuck = false;
  bool backward = false;  // stuck wire on the backward channel
  int bit = 0;
  bool value = false;
};
struct FaultSet {
  std::vector<uint8_t> router_dead;  // per router
  std::vector<LinkFault> links;      // per link
  static FaultSet none(const NetSpec& s);
  int count() const;
};
// K distinct random fault sites (router dead; link dead or one data bit stuck) from `seed`.
FaultSet random_faults(const NetSpec& s, int k, uint64_t seed);

// ---------------------------------------------------------------- path expansion
struct PathExpansion {
  // Wiring: wires into stage s = 1 .. stages+1 (stages+1 = the destination endpoint) usable
  // by one source-destination pair, min and max over all ordered pairs; paths likewise.
  std::vector<int> per_stage_min, per_stage_max;
  long total_min = 0, total_max = 0;
  // Equations 20.1-20.5 with n, m, r, d, N of the network.
  int n = 2, m = 2, r = 0, d = 0, N = 0;
  double s_turn = 0;  // s' of Equation 20.3
  std::vector<long> per_stage_eq;
  long total_eq = 0;
};
PathExpansion path_expansion(const NetSpec& s);
// Equations 20.1-20.5 alone.  Equation 20.4 at s = s' is read as min(n d^(s-1), m r^(N+1-s))
// (the printed min(d^(s-1), r^(N+1-s)) drops n and m and would give 4, not Table 20.1's 8).
void path_equations(int n, int m, int r, int d, int N, double* s_turn, std::vector<long>* p,
                    long* total);
// Usable wires per stage and path count for one pair under faults (dead routers, dead or
// stuck links are unusable).  Returns the path count (0 = disconnected).
long pair_paths(const NetSpec& s, const FaultSet& f, int src, int dst,
                std::vector<int>* per_stage = nullptr);

// ---------------------------------------------------------------- analytic acceptance
// Expected accepted requests per direction for one wave through an unbuffered dilated
// crossbar: E[min(X, d)], X ~ Binomial(n, p / r).
double expected_accepted(int n, int r, int d, double p);
// Iterates the stage formula: probability that a wire entering stage s+1 carries a request,
// given probability p on the wires entering stage 1; returns one value per stage boundary.
std::vector<double> wave_acceptance(const NetSpec& s, double p);

}  // namespace minforge::rn1
