// minforge model, RN1: the network tops rtl/rn1/gen/rn1_net_*.v written from the model's
// wiring (rn1::net_spec), so the RTL and the model share one description of every network.
// `minforge rn1 verilog --topology T [--out FILE]` prints or writes it (make rn1-verilog
// regenerates the checked-in files); the test Rn1Verilog.* diffs them byte for byte.
#pragma once

#include <string>

#include "minforge/algo/rn1/rn1_topology.hpp"

namespace minforge::rn1 {

// The Verilog-2005 module `s.rtl_top`: one rn1_link per link, one rn1_xbar_core or rn1 per
// router, one rn1_endpoint per endpoint, with the fault, configuration, user and probe ports
// the harnesses drive (docs/rn1_protocol.md, "Network tops").  Its cycle twin is
// minforge::twin::Rn1Net.
std::string net_verilog(const NetSpec& s);

}  // namespace minforge::rn1
