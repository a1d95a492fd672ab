// minforge twin of rtl/gsen/gsen_fabric.v: the N x N generalized shuffle-exchange fabric
// (paper 001), any even N >= 4, every CONTROL mode, PIPELINE 0/1, cycle for cycle.
//
// Wiring (docs/conventions.md): n = ceil(log2 N) stages; switch y takes terminal y on
// in-subport 0 and y + N/2 on in-subport 1 and drives terminals 2y, 2y+1 (the perfect
// shuffle folded in).  Switch states: individual (in_cfg bit s*H+y), stage (configuration
// bit n-1-s), alternating with period 1 / 2 / 4 (that bit xor bit 0 / 1 / 2 of y,
// gsen::switch_state), tag self-routing.  The pipeline, conflicts and reset are those of
// StagedFabric (twin/staged_fabric.hpp).  tests/a2a/a2a_twin_test.cpp pins it to gsen::route.
#pragma once

#include "minforge/twin/common/staged_fabric.hpp"

namespace minforge::twin {

class GsenFabric : public StagedFabric {
 public:
  // Throws InvalidArgument as the RTL refuses to elaborate: N even >= 4, W 1..64.
  GsenFabric(int N, int W, Ctrl control, bool pipeline);
};

}  // namespace minforge::twin
