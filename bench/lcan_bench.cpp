// LCAN on-line routing benchmarks (paper 003, section 3): 1000 uniformly random permutations
// routed to the end (the paper's policy: random up per switch per cycle, lower LCA level
// first down), permutation generation and the simulator's own wire-exclusivity check
// included, on CB-LCAN(4096, 2, 2) (12 levels) and CB-LCAN(4096, 64, 64) (2 levels).
// Target: each under 2 s on one core.  Also the root class with the analytic prediction, for
// reference.  Prints figures only; correctness is asserted by tests/lcan/.
#include <benchmark/benchmark.h>

#include "minforge/algo/lcan/lcan_analysis.hpp"
#include "minforge/algo/lcan/lcan_sim.hpp"

namespace {

namespace lc = minforge::lcan;

void BM_LcanRoute1000(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0)), d = static_cast<int>(state.range(1));
  const auto cls = static_cast<lc::PermClass>(state.range(2));
  const lc::Network net = lc::Network::cb(N, d, d);
  lc::ClassStats st;
  for (auto _ : state) {
    st = lc::simulate_class(net, cls, 1000, 1);
    // (DoNotOptimize on a double lvalue is miscompiled with this GCC and Google Benchmark
    // 1.7: it clobbers the value; an int is safe.)
    benchmark::DoNotOptimize(st.max);
  }
  state.SetLabel(net.name() + " " + lc::class_name(cls));
  state.counters["perms"] = 1000;
  state.counters["mean_cycles"] = st.mean;
  state.counters["variance"] = st.variance;
  state.counters["max_cycles"] = st.max;
  if (cls == lc::PermClass::Root) state.counters["predicted"] = lc::predict_root(net).cycles;
}
BENCHMARK(BM_LcanRoute1000)
    ->Args({4096, 2, static_cast<int>(lc::PermClass::Random)})
    ->Args({4096, 64, static_cast<int>(lc::PermClass::Random)})
    ->Args({4096, 2, static_cast<int>(lc::PermClass::Root)})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
