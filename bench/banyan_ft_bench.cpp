// Fault-tolerant banyan exchange in hardware (paper 000; algo/banyan/banyan_ft_plan.hpp,
// twin/engine/banyan_ft_engine.hpp): the latency-hiding plan and its schedule-memory image
// at N = 1024 (one fault per stage class, latency log2 N), the N = 8 pipelined plan search,
// and the twin of banyan_ft_engine running one exchange at N = 64 (cycles per second).
// Prints figures only; correctness is asserted by tests/banyan/banyan_ft_plan_test.cpp,
// tests/a2a/banyan_ft_twin_test.cpp and the lockstep regression tb_banyan_ft.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "minforge/algo/banyan/banyan_ft_plan.hpp"
#include "minforge/twin/engine/banyan_ft_engine.hpp"

namespace {

namespace bn = minforge::banyan;

void BM_BanyanFtPlanAndImage(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const bn::Topology t(N);
  const int stage = state.range(1) < 0 ? t.stages() - 2 : static_cast<int>(state.range(1));
  const int lat = t.stages();
  size_t bytes = 0;
  bn::PlanTiming tm;
  for (auto _ : state) {
    const bn::Plan p = bn::fault_tolerant_plan(t, {stage, 0}, lat);
    tm = bn::plan_timing(t, p, lat);
    bytes = bn::ft_image_hex(bn::ft_image(t, p, lat, 2)).size();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["cycles"] = tm.cycles;
  state.counters["waits"] = tm.waits;
  state.counters["hex_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_BanyanFtPlanAndImage)
    ->Args({1024, 1})
    ->Args({1024, 2})
    ->Args({1024, -1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

void BM_BanyanFtN8Search(benchmark::State& state) {
  const bn::Topology t(8);
  const int lat = static_cast<int>(state.range(0));
  int cycles = 0;
  for (auto _ : state) {
    for (int l = 0; l < 4; ++l)
      cycles = static_cast<int>(bn::fault_tolerant_plan(t, {1, l}, lat).cycles.size());
    benchmark::DoNotOptimize(cycles);
  }
  state.counters["cycles"] = cycles;
}
BENCHMARK(BM_BanyanFtN8Search)->Arg(1)->Arg(3)->Unit(benchmark::kMillisecond);

// One exchange of the twin (N = 64, pipelined, E_1,0) after the plan is loaded: engine
// cycles per second of the twin alone.
void BM_BanyanFtTwinExchange(benchmark::State& state) {
  using minforge::twin::BanyanFtEngine;
  const int N = 64;
  const bn::Topology t(N);
  const bn::FtImage img = bn::ft_image(t, bn::fault_tolerant_plan(t, {1, 0}, 6), 6, 2);
  BanyanFtEngine e(N, 16, 1, true, BanyanFtEngine::default_plan_depth(N), 2);
  std::vector<uint64_t> rd(N, 0x1234);
  BanyanFtEngine::In in;
  std::vector<uint32_t> bits;
  in.rst = true;
  e.clock(in);
  for (size_t k = 0; k < img.entries.size(); ++k) {
    in = BanyanFtEngine::In{};
    in.plan_wr_en = true;
    in.plan_wr_addr = static_cast<uint32_t>(k);
    bits = bn::ft_entry_bits(img, k);
    in.plan_wr_data = bits;
    e.clock(in);
  }
  uint64_t cycles = 0;
  for (auto _ : state) {
    in = BanyanFtEngine::In{};
    in.fault = {true, 1, 0, 0};
    in.src_rd_data = rd;
    in.start = true;
    in.plan_len = static_cast<uint32_t>(img.entries.size());
    e.clock(in);
    in.start = false;
    while (!e.done()) {
      e.clock(in);
      ++cycles;
    }
    benchmark::DoNotOptimize(e.delivered());
  }
  state.counters["delivered"] = e.delivered();
  state.counters["cycles/s"] =
      benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BanyanFtTwinExchange)->Unit(benchmark::kMillisecond);

}  // namespace
