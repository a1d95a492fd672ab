// Banyan golden-model benchmarks (paper 000): fault-tolerant plan construction plus the
// message-level simulation of all N^2 messages, N = 1024, one fault per stage class
// (E_1,0: i = 1; E_2,0: 1 < i < m-2; E_{m-2},0: i = m-2), and the fault-free Latin
// exchange for reference.  Prints figures only; correctness is asserted by the GoogleTest
// suite (tests/banyan/banyan_fault_test.cpp).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "minforge/algo/banyan/banyan_fault.hpp"

namespace {

namespace bn = minforge::banyan;

void BM_BanyanPlanAndSimulate(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  bn::Topology t(N);
  const int stage = state.range(1) < 0 ? t.stages() - 2 : static_cast<int>(state.range(1));
  const bn::Fault f{stage, 0};
  bn::SimResult r;
  for (auto _ : state) {
    bn::Plan plan = bn::fault_tolerant_plan(t, f);
    r = bn::simulate(t, plan, std::pair{f, bn::FaultKind::Dead});
    benchmark::DoNotOptimize(r.delivered);
  }
  state.counters["N"] = N;
  state.counters["stage"] = stage;
  state.counters["cycles"] = r.cycles;
  state.counters["bound"] = r.bound;
  state.counters["delivered"] = static_cast<double>(r.delivered);
  state.counters["lost"] = static_cast<double>(r.lost);
  state.counters["errors"] = static_cast<double>(r.errors.size());
}
BENCHMARK(BM_BanyanPlanAndSimulate)
    ->Args({1024, 1})
    ->Args({1024, 2})
    ->Args({1024, -1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

void BM_BanyanLatinFaultFree(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  bn::Topology t(N);
  bn::SimResult r;
  for (auto _ : state) {
    r = bn::simulate(t, bn::latin_plan(t), std::nullopt);
    benchmark::DoNotOptimize(r.delivered);
  }
  state.counters["cycles"] = r.cycles;
  state.counters["delivered"] = static_cast<double>(r.delivered);
}
BENCHMARK(BM_BanyanLatinFaultFree)->Arg(1024)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
