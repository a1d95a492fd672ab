// LCAN permutation realization benchmarks (paper 003, section 4): one permutation of
// N = 65536 PEs realized in CB-LCAN(65536, d, u), off-line (LPV: the unfolded route, then
// the switch settings of every network cycle, cut at the LCA level) and on-line
// (self-routing), and the check that routes those settings through the model.  Prints
// figures only; correctness is asserted by tests/lcan/lcan_realize*_test.cpp (the counter
// `verified` is the check of the realization timed here, run once outside the timing).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "minforge/algo/lcan/lcan_realize.hpp"
#include "minforge/algo/lcan/lcan_selfroute.hpp"

namespace {

namespace lc = minforge::lcan;

constexpr int kN = 65536;

std::vector<int> random_perm(int N, uint64_t seed) {
  minforge::Rng rng(seed);
  std::vector<int> p(static_cast<size_t>(N));
  std::iota(p.begin(), p.end(), 0);
  for (int i = N - 1; i > 0; --i) std::swap(p[i], p[rng.below(static_cast<uint64_t>(i) + 1)]);
  return p;
}

void report(benchmark::State& state, const lc::Network& net, const std::vector<int>& p,
            const lc::Realization& r) {
  const lc::RoutingCheck c = lc::route_settings(net, p, r);
  state.counters["N"] = net.N();
  state.counters["d"] = net.d();
  state.counters["u"] = net.u();
  state.counters["cycles"] = r.cycles;
  state.counters["settings"] = static_cast<double>(r.hops.size());
  state.counters["verified"] = c.verified ? 1 : 0;
}

// Off-line realization of one random permutation: args (d, u).
void BM_LcanRealizeOffline(benchmark::State& state) {
  const lc::Network net =
      lc::Network::cb(kN, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  const auto p = random_perm(kN, 1);
  lc::Realization r;
  for (auto _ : state) {
    r = lc::realize(net, p, lc::RealizeMethod::Offline);
    benchmark::DoNotOptimize(r.hops.data());
  }
  report(state, net, p, r);
}
BENCHMARK(BM_LcanRealizeOffline)
    ->Args({2, 2})
    ->Args({4, 4})
    ->Args({16, 16})
    ->Args({256, 256})
    ->Args({4, 2})
    ->Args({2, 1})
    ->Unit(benchmark::kMillisecond);

// The LPV construction alone (the unfolded route, no switch settings): arg d.
void BM_LcanLpvRoute(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  const auto p = random_perm(kN, 1);
  for (auto _ : state) {
    auto route = lc::lpv_route(p, d);
    benchmark::DoNotOptimize(route.ups.data());
  }
  state.counters["d"] = d;
}
BENCHMARK(BM_LcanLpvRoute)->Arg(2)->Arg(16)->Arg(256)->Unit(benchmark::kMillisecond);

// On-line realization: arg 0 = Nassimi-Sahni on a BPC permutation, 1 = Raghavendra-Boppana
// on a linear permutation; arg d.
void BM_LcanRealizeSelfRouting(benchmark::State& state) {
  const bool ns = state.range(0) == 0;
  const lc::Network net =
      lc::Network::cb(kN, static_cast<int>(state.range(1)), static_cast<int>(state.range(1)));
  minforge::Rng rng(2);
  const auto p = ns ? lc::random_bpc(net, rng) : lc::random_linear(kN, rng);
  const auto m = ns ? lc::RealizeMethod::NassimiSahni : lc::RealizeMethod::RaghavendraBoppana;
  lc::Realization r;
  for (auto _ : state) {
    r = lc::realize(net, p, m);
    benchmark::DoNotOptimize(r.hops.data());
  }
  report(state, net, p, r);
}
BENCHMARK(BM_LcanRealizeSelfRouting)
    ->Args({0, 2})
    ->Args({1, 2})
    ->Args({0, 16})
    ->Args({1, 16})
    ->Unit(benchmark::kMillisecond);

// Routing the settings of one off-line realization through the model: args (d, u).
void BM_LcanRouteSettings(benchmark::State& state) {
  const lc::Network net =
      lc::Network::cb(kN, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  const auto p = random_perm(kN, 1);
  const lc::Realization r = lc::realize(net, p, lc::RealizeMethod::Offline);
  lc::RoutingCheck c;
  for (auto _ : state) {
    c = lc::route_settings(net, p, r);
    benchmark::DoNotOptimize(c.delivered);
  }
  state.counters["verified"] = c.verified ? 1 : 0;
  state.counters["wires"] = static_cast<double>(c.wires_used);
}
BENCHMARK(BM_LcanRouteSettings)->Args({2, 2})->Args({16, 16})->Unit(benchmark::kMillisecond);

}  // namespace
