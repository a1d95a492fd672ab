// minforge golden model: GSEN all-to-all schedules (paper 001, Algorithms 1-4 and the
// 2^n-round stage-control exchange of Theorem 3.8).
//
// A schedule is a list of rounds.  In round k the network is set to configs[k] (a number
// under `control`), and processor i sends at most one message: dest[i][k] (or -1 when it
// idles) carrying forward tag tags[i][k] (or -1).
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::gsen {

struct Schedule {
  int ports = 0;
  int stages = 0;
  Ctrl control = Ctrl::Alt;
  std::vector<uint32_t> configs;           // configs[k], k = 0..rounds-1
  std::vector<std::vector<int>> dest;      // dest[i][k], -1 = idle
  std::vector<std::vector<int64_t>> tags;  // tags[i][k], -1 = idle
  int rounds() const { return static_cast<int>(configs.size()); }
};

// A_k = k xor (k >> 1) (Theorem 4.2(ii) with F = k).
inline uint32_t alt_config(uint32_t k) { return k ^ (k >> 1); }

// Algorithm 1: all-to-all broadcast, N = 2 mod 4.  Round k uses A_k; even i carries tag k,
// odd i carries 2^n - 1 - k; dest[i][k] is where i's broadcast copy arrives.
Schedule broadcast_schedule(int N);

// Algorithm 2: the destination matrix D (N x N), N = 2 mod 4.
std::vector<std::vector<int>> destination_matrix(int N);

// Algorithm 3: the personalized exchange built from D, N = 2 mod 4 (N rounds, A_0..A_{N-1}).
Schedule personalized_exchange_alt(int N);

// Algorithm 4: the same exchange computed on the fly, O(1) per message and no matrix.
class OnTheFlyExchange {
 public:
  explicit OnTheFlyExchange(int N);  // N = 2 mod 4, else InvalidArgument
  int ports() const { return N_; }
  int rounds() const { return N_; }
  uint32_t config(int k) const { return alt_config(static_cast<uint32_t>(k)); }
  int dest(int i, int k) const;
  uint32_t tag(int i, int k) const;

 private:
  int N_;
  uint64_t power_;
};

// Stage control: the first round (= configuration C) in which input i reaches output j, in
// O(1) and without routing.  The pair is realized by tag F0 = (j - i 2^n) mod N and, when
// F0 + N < 2^n, also by F0 + N (Lemma 3.3); tag F is carried under C = B(i, F) xor F
// (Lemma 3.4); the answer is the smaller of those C.  Throws InvalidArgument for bad N, i, j.
uint32_t first_stage_round(int N, int i, int j);

// Stage control, any even N: 2^n rounds, round k uses C = k.  Every (i, j) message is sent
// exactly once, in the first round whose path from i reaches j; a processor whose
// destination in round k was already served idles (dest = -1).
Schedule personalized_exchange_stage(int N);

// Dispatcher used by the CLI: Alt (N = 2 mod 4 only) or Stage.
Schedule personalized_exchange(int N, Ctrl c);

// Checks a schedule: every round routes each message by its tag to its dest, every (i, j)
// sent exactly once.  Returns a list of human-readable errors (empty = valid).
std::vector<std::string> verify_schedule(const Schedule& s);

}  // namespace minforge::gsen
