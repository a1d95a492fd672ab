// Twin of rtl/banyan/banyan_fabric.v (banyan_fabric.hpp): the stage tables of the banyan
// wiring (elements E_il on positions 2l, 2l+1, then tau_i).
#include "minforge/twin/banyan/banyan_fabric.hpp"

#include "minforge/algo/banyan/banyan.hpp"

namespace minforge::twin {

namespace {

std::vector<StagedFabric::Stage> banyan_wiring(int N, Ctrl control) {
  const banyan::Topology t(N);  // validates N
  if (control != Ctrl::Indiv && control != Ctrl::Stage && control != Ctrl::Tag)
    throw InvalidArgument("banyan fabric control must be individual, stage or tag");
  const int m = t.stages();
  std::vector<StagedFabric::Stage> w(static_cast<size_t>(m));
  for (int i = 0; i < m; ++i) {
    auto& s = w[static_cast<size_t>(i)];
    for (int l = 0; l < N / 2; ++l) {
      s.a0.push_back(2 * l);
      s.a1.push_back(2 * l + 1);
      s.d0.push_back(i < m - 1 ? t.tau(i, 2 * l) : 2 * l);
      s.d1.push_back(i < m - 1 ? t.tau(i, 2 * l + 1) : 2 * l + 1);
      s.axor.push_back(0);  // stage control: every element of stage i as bit (m-1-i)
    }
  }
  return w;
}

}  // namespace

BanyanFabric::BanyanFabric(int N, int W, Ctrl control, bool pipeline)
    : StagedFabric(N, banyan::Topology(N).stages(), W, control, pipeline, banyan_wiring(N, control),
                   true) {}

}  // namespace minforge::twin
