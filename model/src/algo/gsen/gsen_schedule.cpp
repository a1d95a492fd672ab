// GSEN all-to-all schedules: Algorithms 1-4 of paper 001 (alternating stage control,
// N = 2 mod 4) and the 2^n-round stage-control exchange behind Theorem 3.8.
#include "minforge/algo/gsen/gsen_schedule.hpp"

#include <algorithm>
#include <bit>
#include <string>

namespace minforge::gsen {

namespace {

// Validates N for the alternating algorithms (N = 2 mod 4) and returns the topology.
Topology alt_topology(int N) {
  Topology t(N);  // validates even, range
  if (N % 4 != 2)
    throw InvalidArgument("alternating-control schedule needs N = 2 mod 4 (got N = " +
                          std::to_string(N) + "); use stage control for this N");
  return t;
}

Schedule alt_schedule(const Topology& t, const std::vector<std::vector<int>>& d) {
  const int N = t.ports();
  const int64_t full = (int64_t{1} << t.stages()) - 1;
  Schedule s;
  s.ports = N;
  s.stages = t.stages();
  s.control = Ctrl::Alt;
  s.configs.resize(static_cast<size_t>(N));
  for (int k = 0; k < N; ++k)
    s.configs[static_cast<size_t>(k)] = alt_config(static_cast<uint32_t>(k));
  s.dest = d;
  s.tags.assign(static_cast<size_t>(N), std::vector<int64_t>(static_cast<size_t>(N)));
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      s.tags[static_cast<size_t>(i)][static_cast<size_t>(k)] = (i % 2 == 0) ? k : full - k;
  return s;
}

}  // namespace

std::vector<std::vector<int>> destination_matrix(int N) {
  Topology t = alt_topology(N);
  const uint64_t power = t.power();  // line 2: power <- 2^n
  const uint64_t uN = static_cast<uint64_t>(N);
  std::vector<std::vector<int>> d(static_cast<size_t>(N), std::vector<int>(static_cast<size_t>(N)));
  for (int i = 0; i < N; ++i) {
    const uint64_t ui = static_cast<uint64_t>(i);
    // line 4
    const uint64_t m = (i % 2 == 0) ? (ui * power) % uN : ((ui + 1) * power - 1) % uN;
    for (int k = 0; k < N; ++k) {
      const uint64_t uk = static_cast<uint64_t>(k);
      // line 6: (m - k) mod N taken as the non-negative residue
      d[ui][uk] = static_cast<int>((i % 2 == 0) ? (m + uk) % uN : (m + uN - uk) % uN);
    }
  }
  return d;
}

Schedule broadcast_schedule(int N) {
  Topology t = alt_topology(N);
  // Algorithm 1: the copy sent by i in round k (tag k or 2^n-1-k under A_k) lands at the
  // same output as the personalized message of Algorithm 3 in that round.
  return alt_schedule(t, destination_matrix(N));
}

Schedule personalized_exchange_alt(int N) {
  Topology t = alt_topology(N);
  return alt_schedule(t, destination_matrix(N));
}

OnTheFlyExchange::OnTheFlyExchange(int N) : N_(N), power_(alt_topology(N).power()) {}

int OnTheFlyExchange::dest(int i, int k) const {
  if (i < 0 || i >= N_ || k < 0 || k >= N_)
    throw InvalidArgument("processor " + std::to_string(i) + " / round " + std::to_string(k) +
                          " out of range 0.." + std::to_string(N_ - 1));
  const uint64_t uN = static_cast<uint64_t>(N_);
  const uint64_t ui = static_cast<uint64_t>(i), uk = static_cast<uint64_t>(k);
  if (i % 2 == 0) return static_cast<int>((ui * power_ + uk) % uN);
  return static_cast<int>(((ui + 1) * power_ - 1 - uk) % uN);
}

uint32_t OnTheFlyExchange::tag(int i, int k) const {
  if (i < 0 || i >= N_ || k < 0 || k >= N_)
    throw InvalidArgument("processor " + std::to_string(i) + " / round " + std::to_string(k) +
                          " out of range 0.." + std::to_string(N_ - 1));
  const uint32_t uk = static_cast<uint32_t>(k);
  return (i % 2 == 0) ? uk : static_cast<uint32_t>(power_ - 1 - uk);
}

uint32_t first_stage_round(int N, int i, int j) {
  // Cheap validation (this runs once per message in the stage schedule).
  if (N < 4 || N % 2 != 0 || N > kMaxPorts) static_cast<void>(Topology(N));  // throws
  if (i < 0 || i >= N || j < 0 || j >= N)
    throw InvalidArgument("pair (" + std::to_string(i) + ", " + std::to_string(j) +
                          ") out of range 0.." + std::to_string(N - 1));
  const int n = std::bit_width(static_cast<unsigned>(N - 1));  // ceil(log2 N)
  const uint64_t uN = static_cast<uint64_t>(N);
  const uint64_t power = uint64_t{1} << n;
  const uint64_t base = static_cast<uint64_t>(i) * power;                // i 2^n
  const uint64_t f0 = (static_cast<uint64_t>(j) + uN - base % uN) % uN;  // (j - i 2^n) mod N
  const uint64_t b0 = (base + f0) / uN;
  uint64_t c = b0 ^ f0;
  if (f0 + uN < power) c = std::min(c, (b0 + 1) ^ (f0 + uN));  // B(i, F0 + N) = B0 + 1
  return static_cast<uint32_t>(c);
}

Schedule personalized_exchange_stage(int N) {
  Topology t(N);
  const uint32_t rounds = t.power();
  Schedule s;
  s.ports = N;
  s.stages = t.stages();
  s.control = Ctrl::Stage;
  s.configs.resize(rounds);
  for (uint32_t k = 0; k < rounds; ++k) s.configs[k] = k;
  s.dest.assign(static_cast<size_t>(N), std::vector<int>(rounds, -1));
  s.tags.assign(static_cast<size_t>(N), std::vector<int64_t>(rounds, -1));
  for (int i = 0; i < N; ++i) {
    for (uint32_t k = 0; k < rounds; ++k) {
      const Endpoint e = route_endpoint(t, Ctrl::Stage, k, i);
      if (first_stage_round(N, i, e.dest) != k) continue;  // pair already served: idle
      s.dest[static_cast<size_t>(i)][k] = e.dest;
      s.tags[static_cast<size_t>(i)][k] = e.forward_tag;
    }
  }
  return s;
}

Schedule personalized_exchange(int N, Ctrl c) {
  switch (c) {
    case Ctrl::Alt:
      return personalized_exchange_alt(N);
    case Ctrl::Stage:
      return personalized_exchange_stage(N);
    default:
      break;
  }
  throw InvalidArgument(
      "personalized exchange schedules exist for control 'alt' (N = 2 mod 4) "
      "or 'stage' (any even N), not '" +
      std::string(params::name(c)) + "'");
}

std::vector<std::string> verify_schedule(const Schedule& s) {
  constexpr size_t kMaxErrors = 50;
  std::vector<std::string> errors;
  size_t suppressed = 0;
  auto error = [&](std::string msg) {
    if (errors.size() < kMaxErrors)
      errors.push_back(std::move(msg));
    else
      ++suppressed;
  };
  auto finish = [&]() {
    if (suppressed > 0) errors.push_back("... and " + std::to_string(suppressed) + " more errors");
    return errors;
  };

  if (s.ports < 4 || s.ports % 2 != 0 || s.ports > kMaxPorts) {
    error("invalid port count N = " + std::to_string(s.ports));
    return finish();
  }
  const Topology t(s.ports);
  const int N = s.ports;
  if (s.stages != t.stages())
    error("schedule says " + std::to_string(s.stages) + " stages, N = " + std::to_string(N) +
          " needs " + std::to_string(t.stages()));
  if (s.control == Ctrl::Indiv) {
    error("schedule control 'individual' has no configuration numbers");
    return finish();
  }
  const size_t rounds = s.configs.size();
  if (s.dest.size() != static_cast<size_t>(N) || s.tags.size() != static_cast<size_t>(N)) {
    error("dest/tags must have N = " + std::to_string(N) + " rows");
    return finish();
  }
  for (int i = 0; i < N; ++i) {
    if (s.dest[static_cast<size_t>(i)].size() != rounds ||
        s.tags[static_cast<size_t>(i)].size() != rounds) {
      error("row " + std::to_string(i) + " of dest/tags must have " + std::to_string(rounds) +
            " rounds");
      return finish();
    }
  }

  const uint64_t power = t.power();
  const uint64_t NN = static_cast<uint64_t>(N) * static_cast<uint64_t>(N);
  std::vector<uint64_t> seen((NN + 63) / 64, 0);
  std::vector<int> perm(static_cast<size_t>(N));
  for (size_t k = 0; k < rounds; ++k) {
    const uint32_t cfg = s.configs[k];
    const std::string where = "round " + std::to_string(k);
    if (cfg >= power) {
      error(where + ": configuration " + std::to_string(cfg) +
            " >= 2^n = " + std::to_string(power));
      continue;
    }
    for (int i = 0; i < N; ++i) {
      const int d = s.dest[static_cast<size_t>(i)][k];
      const int64_t tag = s.tags[static_cast<size_t>(i)][k];
      const std::string who = where + ", processor " + std::to_string(i);
      if (d == -1 || tag == -1) {
        if (d != tag)
          error(who + ": idle marker mismatch (dest " + std::to_string(d) + ", tag " +
                std::to_string(tag) + ")");
        continue;
      }
      if (d < 0 || d >= N) {
        error(who + ": destination " + std::to_string(d) + " out of range");
        continue;
      }
      if (tag < 0 || static_cast<uint64_t>(tag) >= power) {
        error(who + ": tag " + std::to_string(tag) + " out of range");
        continue;
      }
      // Self-routing by the tag (Lemma 3.3) must reach the stated destination ...
      const int by_tag = lemma::destination(N, i, static_cast<uint32_t>(tag));
      if (by_tag != d)
        error(who + ": tag " + std::to_string(tag) + " routes to " + std::to_string(by_tag) +
              ", not to " + std::to_string(d));
      // ... and must be the path the round's configuration sets up for input i.
      const Endpoint e = route_endpoint(t, s.control, cfg, i);
      if (e.forward_tag != static_cast<uint64_t>(tag))
        error(who + ": configuration " + std::to_string(cfg) + " gives tag " +
              std::to_string(e.forward_tag) + ", schedule says " + std::to_string(tag));
      const uint64_t bit =
          static_cast<uint64_t>(i) * static_cast<uint64_t>(N) + static_cast<uint64_t>(d);
      if (seen[bit / 64] >> (bit % 64) & 1u)
        error(who + ": message (" + std::to_string(i) + ", " + std::to_string(d) +
              ") sent more than once");
      seen[bit / 64] |= uint64_t{1} << (bit % 64);
    }
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      const uint64_t bit =
          static_cast<uint64_t>(i) * static_cast<uint64_t>(N) + static_cast<uint64_t>(j);
      if (!(seen[bit / 64] >> (bit % 64) & 1u))
        error("message (" + std::to_string(i) + ", " + std::to_string(j) + ") never sent");
    }
  return finish();
}

}  // namespace minforge::gsen
