// minforge twin of rtl/banyan/banyan_fabric.v: the N = 2^m banyan fabric (paper 000) with
// individual, stage or tag control, PIPELINE 0/1 and the fault-injection ports, cycle for
// cycle.
//
// Wiring (docs/conventions.md): element E_il takes the positions 2l and 2l+1 entering stage
// i; after the element, the interstage permutation tau_i (banyan::Topology::tau) leads to
// stage i+1.  Stage control: every element of stage i crosses when bit (m-1-i) of the
// configuration number is 1 (Gamma_k).  Faults (eval's BanyanFault, not pipelined): E_il
// dead (kind 0 or 3: both messages lost), stuck straight (1) or stuck cross (2); a faulty
// element never flags a conflict.  tests/a2a/a2a_twin_test.cpp pins it to banyan::gamma and
// banyan::route with every internal fault.
#pragma once

#include "minforge/twin/common/staged_fabric.hpp"

namespace minforge::twin {

class BanyanFabric : public StagedFabric {
 public:
  // Throws InvalidArgument as the RTL refuses to elaborate: N a power of two >= 4, W 1..64,
  // control individual, stage or tag.
  BanyanFabric(int N, int W, Ctrl control, bool pipeline);
  FabricOut eval(const FabricIn& in, const BanyanFault& fault = {}) {
    return StagedFabric::eval(in, &fault);
  }
};

}  // namespace minforge::twin
