// minforge golden model: the fewest cycles of a fault-tolerant all-to-all plan on the banyan
// with one dead internal element (paper 000, section 3; issue 28), under the rules of the
// fault-tolerant engine rtl/engine/banyan_ft_engine.v (banyan_ft_plan.hpp):
//   * a cycle sets one configuration Gamma_k (a row of L') for the whole network;
//   * every processor p sends at most one message per cycle, to Gamma_k(p), over the unique
//     path, which must not cross the dead element (op 1 direct, op 2 first hop, op 3 second
//     hop: one message per processor per cycle);
//   * a message is delivered directly or in two hops s -> r -> d through one relay r (the
//     engine has no third hop); the second hop leaves at least LAT + 1 cycles after the first
//     (LAT = log2 N, the pipelined fabric; a plan for LAT also serves every smaller latency);
//   * a relay holds a message in one of RELAY_DEPTH slots from plan cycle t1 + LAT to the
//     cycle t2 of its second hop (plan_timing's occupancy), so at most RELAY_DEPTH messages
//     per relay at once (2 in the regression's models).
//
// Lower bounds (valid for every latency and relay depth):
//   * counting (ft_counting_bound): S = blocked sources (2^(i+1)), D = blocked destinations
//     (N/2^i), every pair of S x D is blocked (2N pairs) and R = the processors outside S u D
//     are the only possible relays of a blocked message.  In every cycle the two paths through
//     the dead element start at two sources of S and end at two sinks of D, so S sends at most
//     |S| - 2 messages per cycle and D receives at most |D| - 2: T >= |S| N / (|S| - 2) and
//     T >= |D| N / (|D| - 2).  The relays send their own N messages and the 2N second hops:
//     T >= N + 2N / |R|.
//   * relaxation (ft_relaxation, SAT): forget the order of the cycles and keep how often each
//     configuration k is used (c_k).  Link p -> Gamma_k(p) is used only in configuration k, so
//     it carries at most c_k messages.  Choose a route per message (direct, or through any
//     relay r with both hops clear of the fault: every message, not only the blocked ones) so
//     that sum_k max_p load(p -> Gamma_k(p)) <= T.  UNSAT: no plan of T cycles exists.  The
//     N = 8 proof of tests/banyan/ft_n8_min.py is this relaxation.
// Upper bounds (ft_plan_search, SAT): the ordered model with all the engine's rules above,
// only the 2N blocked messages relayed (through relays of R).  A plan found is checked by the
// message simulator (simulate, dead fault) and plan_timing (no second hop waits, at most
// RELAY_DEPTH slots) before it is returned.  Its UNSAT answers prove nothing (restricted).
//
// ft_minimum: lower = the counting bound raised by the relaxation (bisection, an UNSAT at T
// proves T + 1); upper = the model's plan (fault_tolerant_plan(t, f, latency)), lowered by
// ft_plan_search (bisection on [lower, upper]).  Every solver call is bounded by the timeout; a
// call that runs out answers Unknown and proves nothing.
//
// Certificate (docs/research/banyan_ft_n<N>_e<i>_<l>.hex): the line
//   // minforge banyan ftmin N=<N> fault=<i>,<l> cycles=<T> lower=<lower> paper=<U(i)>
// followed by the plan's schedule-memory image (ft_image_hex; ft_image_parse reads it), so the
// same file loads into the engine (tb_banyan_ft --plan-hex).  check_ft_certificate decodes
// the image back into a plan and re-checks it with simulate and plan_timing.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/banyan/banyan_ft_plan.hpp"

namespace minforge::banyan {

enum class FtSat { Sat, Unsat, Unknown };
std::string_view to_string(FtSat s);

struct FtCounting {
  int sources = 0, sinks = 0, relays = 0;  // |S|, |D|, |R|
  int by_sources = 0, by_sinks = 0, by_relays = 0;
  int bound = 0;  // the largest of the three
};
FtCounting ft_counting_bound(const Topology& t, Fault f);

struct FtSolve {
  FtSat status = FtSat::Unknown;
  double seconds = 0;
  int variables = 0;
  int64_t clauses = 0;
  Plan plan;  // ft_plan_search, Sat only
};
// The relaxation with sum_k c_k <= T: Unsat proves that every plan has more than T cycles.
FtSolve ft_relaxation(const Topology& t, Fault f, int T, double timeout_seconds);
// A plan of exactly T cycles under the engine's rules (latency, relay depth), verified.
FtSolve ft_plan_search(const Topology& t, Fault f, int T, int latency, int relay_depth,
                       double timeout_seconds);

struct FtStep {
  std::string kind;  // "relaxation" or "plan"
  int cycles = 0;
  FtSat status = FtSat::Unknown;
  double seconds = 0;
};
struct FtMinimum {
  int ports = 0;
  Fault fault{};
  int latency = 0, relay_depth = 0;
  int paper = 0;  // theorem1_bound (3N or 2N; N = 8: the Appendix's 3N + 1)
  int model = 0;  // cycles of the model's plan fault_tolerant_plan(t, f, latency)
  FtCounting counting;
  int lower = 0;       // proven: every plan has at least `lower` cycles
  int upper = 0;       // a plan of `upper` cycles exists (`plan`)
  bool found = false;  // `plan` is the solver's (shorter than the model's)
  Plan plan;
  std::vector<FtStep> steps;
  double seconds = 0;
  bool closed() const { return lower == upper; }
};
// relaxation = false: the counting bound only (the relaxation's unary counters reach tens of
// millions of clauses at N = 32).
FtMinimum ft_minimum(const Topology& t, Fault f, int latency, int relay_depth,
                     double timeout_seconds, bool relaxation = true);
std::string ft_minimum_json(const FtMinimum& r);  // {"ports","fault",...} (minforge banyan ftmin)

// The plan relabelled by the automorphism x -> x xor a (every processor number xor a; Gamma_k
// becomes the row of L' that maps x xor a to Gamma_k(x) xor a): a plan of the same length for
// the fault of the same stage whose blocked pairs are the relabelled ones.  Throws logic_error
// if no row or no fault matches (not seen: every element of a stage is reached).
std::pair<Fault, Plan> ft_relabel(const Topology& t, const Plan& p, int a);

// The certificate text of a plan (see the header comment).
std::string ft_certificate(const Topology& t, const FtMinimum& r);
// The plan an image encodes: ops decoded, relay slots followed (a second hop sends the last
// message stored in its slot at least LAT + 1 cycles earlier).  Throws InvalidArgument when a
// second hop reads a slot that holds nothing.
Plan ft_plan_from_image(const Topology& t, Fault f, const FtImage& img);
struct FtCertificateCheck {
  int ports = 0;
  Fault fault{};
  int cycles = 0, lower = 0, paper = 0, latency = 0, relay_depth = 0;
  SimResult sim;
  PlanTiming timing;
  std::vector<std::string> problems;  // empty: the certificate holds
  bool ok() const { return problems.empty(); }
};
// Re-checks a certificate's text; throws InvalidArgument on a malformed file.
FtCertificateCheck check_ft_certificate(std::string_view text);

}  // namespace minforge::banyan
