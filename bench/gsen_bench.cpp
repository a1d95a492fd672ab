// GSEN golden-model benchmarks (paper 001): schedule generation with OnTheFlyExchange
// (Algorithm 4, all N^2 messages) plus a bitmap verification pass, the stage-control exchange
// streamed round by round, and the coverage checker, at N = 4094 and N = 16382 (both 2 mod 4).
// Prints figures only; correctness is asserted by the GoogleTest suite.
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <numeric>
#include <vector>

#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/algo/gsen/gsen_coverage.hpp"
#include "minforge/algo/gsen/gsen_schedule.hpp"

namespace {

using namespace minforge::gsen;

// Flat N x N bitmap (33 MB at N = 16382).
struct Bitmap {
  explicit Bitmap(uint64_t N) : n(N), words((N * N + 63) / 64, 0) {}
  // Returns false when the bit was already set.
  bool set(uint64_t i, uint64_t j) {
    const uint64_t b = i * n + j;
    const uint64_t m = uint64_t{1} << (b & 63);
    const bool fresh = (words[b >> 6] & m) == 0;
    words[b >> 6] |= m;
    return fresh;
  }
  uint64_t count() const {
    uint64_t c = 0;
    for (uint64_t w : words) c += static_cast<uint64_t>(std::popcount(w));
    return c;
  }
  uint64_t n;
  std::vector<uint64_t> words;
};

void set_message_counters(benchmark::State& state, uint64_t messages) {
  state.counters["messages"] = static_cast<double>(messages);
  state.counters["msg_per_s"] =
      benchmark::Counter(static_cast<double>(messages), benchmark::Counter::kIsRate);
}

// Algorithm 4: every processor i, every round k: destination and tag in O(1), no matrix.
void BM_GsenOnTheFlyGenerate(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const OnTheFlyExchange fly(N);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < N; ++k) sum += static_cast<uint64_t>(fly.dest(i, k)) + fly.tag(i, k);
    benchmark::DoNotOptimize(sum);
  }
  set_message_counters(state, static_cast<uint64_t>(N) * static_cast<uint64_t>(N));
}

// Algorithm 4 plus verification: each message's tag must self-route (Lemma 3.3) to its
// destination, and every (i, j) must be delivered exactly once (bitmap).
void BM_GsenOnTheFlyVerify(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const OnTheFlyExchange fly(N);
  const uint64_t uN = static_cast<uint64_t>(N);
  const uint64_t power = Topology(N).power();
  uint64_t bad = 0, delivered = 0;
  for (auto _ : state) {
    Bitmap seen(uN);
    bad = 0;
    for (int i = 0; i < N; ++i) {
      const uint64_t base = static_cast<uint64_t>(i) * power;
      for (int k = 0; k < N; ++k) {
        const int j = fly.dest(i, k);
        const uint32_t tag = fly.tag(i, k);
        bad += ((base + tag) % uN != static_cast<uint64_t>(j)) ? 1 : 0;
        bad += seen.set(static_cast<uint64_t>(i), static_cast<uint64_t>(j)) ? 0 : 1;
      }
    }
    delivered = seen.count();
    benchmark::DoNotOptimize(bad);
  }
  set_message_counters(state, uN * uN);
  state.counters["errors"] = static_cast<double>(bad + (uN * uN - delivered));
}

// Stage-control exchange streamed round by round (2^n rounds, C = k): the permutation of each
// round (PermutationSweep), first_stage_round() per message to decide send or idle, bitmap
// exactly-once check.
void BM_GsenStageExchangeStream(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const Topology t(N);
  const uint64_t uN = static_cast<uint64_t>(N);
  uint64_t sent = 0, bad = 0;
  for (auto _ : state) {
    Bitmap seen(uN);
    PermutationSweep sweep(t, Ctrl::Stage);
    sent = bad = 0;
    for (uint32_t k = 0; k < t.power(); ++k) {
      const auto perm = sweep(k);
      for (int i = 0; i < N; ++i) {
        const int j = static_cast<int>(perm[static_cast<size_t>(i)]);
        if (first_stage_round(N, i, j) != k) continue;  // idle
        ++sent;
        bad += seen.set(static_cast<uint64_t>(i), static_cast<uint64_t>(j)) ? 0 : 1;
      }
    }
    bad += uN * uN - seen.count();
    benchmark::DoNotOptimize(sent);
  }
  set_message_counters(state, static_cast<uint64_t>(t.power()) * uN);
  state.counters["sent"] = static_cast<double>(sent);
  state.counters["errors"] = static_cast<double>(bad);
}

std::vector<uint32_t> alt_set(int N) {
  std::vector<uint32_t> v(static_cast<size_t>(N));
  for (int k = 0; k < N; ++k) v[static_cast<size_t>(k)] = alt_config(static_cast<uint32_t>(k));
  return v;
}

// Coverage of A_0..A_{N-1} (alternating) or of all 2^n stage configurations.  range(1) = 1
// for alternating, 0 for stage; range(2) = 1 to also compute which configs are necessary.
void BM_GsenCoverage(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const bool alt = state.range(1) != 0;
  const bool necessity = state.range(2) != 0;
  const Topology t(N);
  std::vector<uint32_t> configs;
  if (alt) {
    configs = alt_set(N);
  } else {
    configs.resize(t.power());
    std::iota(configs.begin(), configs.end(), 0u);
  }
  Coverage cov;
  for (auto _ : state) {
    cov = check_coverage(t, alt ? Ctrl::Alt : Ctrl::Stage, configs, necessity);
    benchmark::DoNotOptimize(cov.pairs_covered);
  }
  const uint64_t paths = configs.size() * static_cast<uint64_t>(N);
  state.counters["configs"] = static_cast<double>(configs.size());
  state.counters["covers"] = cov.covers ? 1 : 0;
  if (necessity) {
    uint64_t nec = 0;
    for (bool b : cov.necessary) nec += b ? 1 : 0;
    state.counters["necessary"] = static_cast<double>(nec);
  }
  state.counters["paths_per_s"] =
      benchmark::Counter(static_cast<double>(paths), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_GsenOnTheFlyGenerate)
    ->Arg(4094)
    ->Arg(16382)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GsenOnTheFlyVerify)
    ->Arg(4094)
    ->Arg(16382)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GsenStageExchangeStream)
    ->Arg(4094)
    ->Arg(16382)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GsenCoverage)
    ->ArgNames({"N", "alt", "necessity"})
    ->Args({4094, 1, 0})
    ->Args({4094, 1, 1})
    ->Args({4094, 0, 0})
    ->Args({4094, 0, 1})
    ->Args({16382, 1, 0})
    ->Args({16382, 1, 1})
    ->Args({16382, 0, 0})
    ->Args({16382, 0, 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
