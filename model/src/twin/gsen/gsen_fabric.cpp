// Twin of rtl/gsen/gsen_fabric.v (gsen_fabric.hpp): the stage tables of the GSEN wiring.
#include "minforge/twin/gsen/gsen_fabric.hpp"

#include <string>

#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::twin {

namespace {

int checked_ports(int N) {
  if (N < 4 || N % 2 != 0)
    throw InvalidArgument("GSEN fabric needs an even N >= 4 (got " + std::to_string(N) + ")");
  return N;
}

std::vector<StagedFabric::Stage> gsen_wiring(int N, Ctrl control);

}  // namespace

GsenFabric::GsenFabric(int N, int W, Ctrl control, bool pipeline)
    : StagedFabric(checked_ports(N), gsen::Topology(N).stages(), W, control, pipeline,
                   gsen_wiring(N, control), false) {}

namespace {

std::vector<StagedFabric::Stage> gsen_wiring(int N, Ctrl control) {
  const gsen::Topology t(N);
  const int H = N / 2;
  // Alternating control: the state of switch y is the configuration bit of the stage xor
  // this bit of y (gsen::switch_state with the configuration bit 0).
  const int period_bit = gsen::alt_shift(control);
  std::vector<StagedFabric::Stage> w(static_cast<size_t>(t.stages()));
  for (auto& s : w) {
    for (int y = 0; y < H; ++y) {
      s.a0.push_back(y);  // in-subport 0: terminal y, in-subport 1: terminal y + N/2
      s.a1.push_back(y + H);
      s.d0.push_back(gsen::Topology::out_terminal(y, 0));
      s.d1.push_back(gsen::Topology::out_terminal(y, 1));
      s.axor.push_back(static_cast<uint8_t>(period_bit < 0 ? 0 : (y >> period_bit) & 1));
    }
  }
  return w;
}

}  // namespace

}  // namespace minforge::twin
