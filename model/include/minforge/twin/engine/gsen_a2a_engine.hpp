// minforge twin of rtl/engine/gsen_a2a_engine.v, the self-testing GSEN all-to-all engine:
// A2aEngine (a2a_engine.hpp: a2a_gen, the data engine, a2a_check) around a GsenA2aXchg.
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/twin/engine/a2a_engine.hpp"

namespace minforge::twin {

class GsenA2aEngine : public A2aEngine {
 public:
  // The RTL's parameters; for SCHED = player, `player_configs` is what the player memory
  // holds (its write port or PLAYER_FILE), replayed under `player_control`.
  GsenA2aEngine(int N, int W, Sched sched, bool pipeline, bool use_tags,
                Ctrl player_control = Ctrl::Alt, const std::vector<uint32_t>& player_configs = {},
                int B = 1);
  // Any GSEN round table (e.g. one already built), run on the fabric it needs.
  GsenA2aEngine(A2aSchedule sched, int W, bool pipeline, bool use_tags, int B = 1);
};

}  // namespace minforge::twin
