// Local search for permutations with many on-line routing cycles (lcan_worst.hpp).
#include "minforge/algo/lcan/lcan_worst.hpp"

#include <utility>

namespace minforge::lcan {

double mean_cycles(const Network& net, const Permutation& p, int trials, uint64_t seed, UpPolicy up,
                   DownPolicy down) {
  if (trials < 1) throw InvalidArgument("mean_cycles: trials must be >= 1");
  check_for_network(net, p);
  Simulator sim(net, up, down, seed);
  double sum = 0;
  for (int k = 0; k < trials; ++k) sum += sim.route(p).cycles;
  return sum / trials;
}

WorstSearch search_worst(const Network& net, int iterations, int trials, uint64_t seed, int starts,
                         UpPolicy up, DownPolicy down) {
  if (iterations < 0 || starts < 1) throw InvalidArgument("search_worst: bad iterations or starts");
  Rng rng(seed ^ 0x9e3779b97f4a7c15ull);
  const uint64_t crn = seed;  // the common random numbers of every evaluation
  WorstSearch w;
  std::vector<PermClass> classes = {PermClass::Root, PermClass::Random};
  if (is_pow2(static_cast<uint64_t>(net.part_size()))) classes.push_back(PermClass::Bpc);
  for (PermClass c : classes)
    for (int k = 0; k < starts; ++k) {
      Permutation p = generate(net, c, rng);
      const double s = mean_cycles(net, p, trials, crn, up, down);
      ++w.evaluations;
      if (w.perm.empty() || s > w.score) {
        w.perm = std::move(p);
        w.score = s;
      }
    }
  w.start_score = w.score;
  const int N = net.N();
  for (int i = 0; i < iterations; ++i) {
    const int a = static_cast<int>(rng.below(uint64_t(N)));
    int b = static_cast<int>(rng.below(uint64_t(N - 1)));
    if (b >= a) ++b;
    Permutation q = w.perm;
    std::swap(q[size_t(a)], q[size_t(b)]);
    if (net.part_size() != N) {  // a partitioned network: stay inside the parts
      try {
        check_for_network(net, q);
      } catch (const InvalidArgument&) {
        continue;
      }
    }
    const double s = mean_cycles(net, q, trials, crn, up, down);
    ++w.evaluations;
    if (s >= w.score) {
      w.perm = std::move(q);
      w.score = s;
    }
  }
  return w;
}

}  // namespace minforge::lcan
