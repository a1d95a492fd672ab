// Hypercube golden-model benchmarks (paper 004): REALIZE on d = 16, 20, 22 (target: d = 20,
// a million vertices, under 2 s on one core), printed as the time per vertex per dimension,
// t / (d 2^d), so that the O(d 2^d) growth the paper states shows as a flat column; the
// packet schedule and the step simulator at d = 20.  Prints figures only; correctness is
// asserted by the GoogleTest suite (tests/hypercube/).
#include <benchmark/benchmark.h>
#include <time.h>

#include <cstdint>

#include "minforge/algo/hypercube/hypercube_packet.hpp"
#include "minforge/algo/hypercube/hypercube_realize.hpp"

namespace {

namespace hc = minforge::hypercube;

// CPU time of this thread in seconds: the figures should not depend on what else runs on
// the machine (wall time is Google Benchmark's "Time" column).
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// The base tables (2! + 4! + 8! entries) are built on first use; build them before timing.
void warm_up() { benchmark::DoNotOptimize(hc::realize(3, hc::make_perm(3, "random", 1))); }

void set_per_vertex_dim(benchmark::State& state, int d, double seconds) {
  const double units = double(d) * double(uint64_t{1} << d);
  state.counters["d"] = d;
  state.counters["vertices"] = double(uint64_t{1} << d);
  state.counters["ns_per_vertex_dim"] = seconds * 1e9 / double(state.iterations()) / units;
}

void BM_HypercubeRealize(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  warm_up();
  const hc::Perm pi = hc::make_perm(d, "random", 2024);
  double seconds = 0;
  for (auto _ : state) {
    const double t0 = cpu_seconds();
    hc::Realization r = hc::realize(d, pi);
    seconds += cpu_seconds() - t0;
    benchmark::DoNotOptimize(r.pre.data());
  }
  set_per_vertex_dim(state, d, seconds);
}
BENCHMARK(BM_HypercubeRealize)->Arg(16)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond);

// REALIZE with every check the CLI runs: Lemmas 3.1-3.3 while it runs, Theorem 3.4 per level,
// the path-by-path check, the streamed step simulator.
void BM_HypercubeRealizeChecked(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  warm_up();
  const hc::Perm pi = hc::make_perm(d, "random", 2024);
  double seconds = 0;
  int ok = 0;
  for (auto _ : state) {
    const double t0 = cpu_seconds();
    hc::LemmaReport lemmas;
    hc::Realization r = hc::realize(d, pi, {}, &lemmas);
    hc::check_levels(r, lemmas);
    hc::RealizationCheck c = hc::check_realization(r);
    hc::StepCheck s = hc::check_schedule(r);
    seconds += cpu_seconds() - t0;
    ok = lemmas.ok && c.ok && s.ok;
    state.counters["edge_uses_per_bound"] = double(c.edge_uses) / double(c.bound_edge_uses);
    state.counters["max_path_length"] = c.max_path_length;
  }
  set_per_vertex_dim(state, d, seconds);
  state.counters["ok"] = ok;
}
BENCHMARK(BM_HypercubeRealizeChecked)->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond);

// Corollary 3.5's schedule as moves[t][v] (2d - 3 rows of 2^d words) and the step simulator
// (run_steps: every rule of every step, every state kept) at d = 20.
void BM_HypercubeStepSimulator(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  warm_up();
  const hc::Perm pi = hc::make_perm(d, "random", 2024);
  const hc::Schedule s = hc::packet_schedule(d, pi);
  int ok = 0;
  double seconds = 0;
  for (auto _ : state) {
    const double t0 = cpu_seconds();
    hc::StepRun run = hc::run_steps(d, pi, s);
    seconds += cpu_seconds() - t0;
    ok = run.ok;
    benchmark::DoNotOptimize(run.held.data());
  }
  state.counters["d"] = d;
  state.counters["steps"] = double(s.moves.size());
  state.counters["ok"] = ok;
  state.counters["ns_per_packet_step"] = seconds * 1e9 / double(state.iterations()) /
                                         (double(s.moves.size()) * double(uint64_t{1} << d));
}
BENCHMARK(BM_HypercubeStepSimulator)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_HypercubePacketSchedule(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  warm_up();
  const hc::Perm pi = hc::make_perm(d, "random", 2024);
  for (auto _ : state) {
    hc::Schedule s = hc::packet_schedule(d, pi);
    benchmark::DoNotOptimize(s.moves.data());
  }
  state.counters["d"] = d;
}
BENCHMARK(BM_HypercubePacketSchedule)->Arg(20)->Unit(benchmark::kMillisecond);

}  // namespace
