// minforge model, RN1 (paper 002, section 20.9, "Fault Identification"): the source's
// reading of the connection status of a failed attempt, and the network monitor that
// combines the readings of all endpoints.  No hardware state.
//
// Each stage returns a status word (output port used, or dropped with the direction) and a
// checksum of the data it received (docs/rn1_protocol.md); with the logical direction of
// each stage (the destination's digits), the port used at each stage and the point where
// the connection was lost, the source names the one link between two components where the
// fault lies (in the link or in the component it enters):
//   * no reply at all: the source's own input link (or the first-stage router);
//   * the reply ends before stage k's words (a dead link or router answers nothing), or the
//     acknowledgement is missing: exactly the link into stage k (traced through the ports
//     the earlier stages report), resp. into the destination;
//   * stage k's status is malformed, names another input port or an output outside the
//     requested direction, or its checksum differs from the checksum of the words as stage
//     k received them (the header shifted by the digits of the stages before), or a bad
//     acknowledgement: a corrupted word.  A stuck forward wire shows at the first stage after
//     it, but a stuck backward wire only where a word's bit differs from the stuck value,
//     which may be a later stage: the fault is on one of the links into stages 1..k of the
//     path (the candidates);
//   * a stage reports a drop with its status and checksum intact: blocking, not a fault.
// The monitor combines the verdicts of all sources: a verdict that names an already
// declared link is explained and ignored; otherwise every candidate's count goes up, and
// the first link counted `threshold` times (the one every verdict of one fault names) is
// declared faulty, and the output of the router that drives it is switched off through the
// router's enable bits (links from an endpoint's input cannot be: no router drives them).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"

namespace minforge::rn1 {

struct Verdict {
  enum Kind : uint8_t { kOk, kBlocked, kSuspect };
  Kind kind = kOk;
  int stage = 0;       // kSuspect: the stage the link leads into (stages + 1: the destination);
                       // kBlocked: the dropping stage
  int link = -1;       // kSuspect: the link into `stage` on the path
  bool exact = false;  // kSuspect: a loss (only `link`), not a corruption
  std::vector<int> candidates;  // kSuspect: the links the fault may be on (path order)
};

// Reads one attempt of source `src` on its input `sel`: `sent` the data bytes of the words
// it sent (header first), `reply` the data bytes of the reply words (empty: no reply).
Verdict decode_attempt(const NetSpec& s, int src, int sel, const std::vector<uint8_t>& sent,
                       const std::vector<uint8_t>& reply);

// The wiring as an endpoint's decoder (rtl/rn1/rn1_decoder.v, twin::Rn1Decoder) reads it:
// the parameters the generated network tops give every decoder, built once from the NetSpec.
// Per stage s (0-based): header bits consumed before it, digit bits, outputs of its routers,
// dilation 2, dual 4x4 mode (every router of a stage is alike; checked).
struct DecodeTables {
  int stages = 0, nport = 2, nl = 0, lw = 1, nr = 0, rw = 1, maxc = 2;
  std::vector<int> cons, rb, nout;
  std::vector<uint8_t> dil2, dual;
  std::vector<int> link_router, link_port;   // per link: the router and input it enters (0, 0
                                             // for a link into an endpoint)
  std::vector<int> out_link;                 // router r, output o at 8r + o (0 when unused)
  std::vector<std::array<int, 2>> src_link;  // per endpoint: its source links (0 if absent)
};
DecodeTables decode_tables(const NetSpec& s);

// The router output that drives link l: {router, output}, or {-1, -1} for an endpoint's
// input link.
std::pair<int, int> driving_output(const NetSpec& s, int link);
// Does a declared link agree with the true faults: the link itself is faulty, or the router
// it enters is dead ("the fault can then lie in either component or in the wire").
bool declaration_correct(const NetSpec& s, const FaultSet& truth, int link);

class FaultMonitor {
 public:
  FaultMonitor(const NetSpec& s, int threshold);
  // Counts a suspect verdict; returns true when it declares the link (once per link).
  bool report(const Verdict& v);
  const std::vector<int>& declared() const { return declared_; }
  // Enable mask of every router: the outputs driving declared links cleared.
  const std::vector<uint8_t>& enables() const { return en_; }

 private:
  const NetSpec& s_;
  int threshold_;
  std::vector<int> count_;
  std::vector<int> declared_;
  std::vector<uint8_t> is_declared_;
  std::vector<uint8_t> en_;
};

}  // namespace minforge::rn1
