// minforge twin of rtl/engine/gsen_a2a_xchg.v, the GSEN all-to-all data engine: A2aXchg
// (a2a_xchg.hpp, the composition of a2a_ctrl, the scheduler, a2a_source, the fabric,
// a2a_sink and a2a_monitor) on a GsenFabric, with the round table of the GSEN scheduler
// SCHED (a2a_sched.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "minforge/twin/engine/a2a_xchg.hpp"

namespace minforge::twin {

class GsenA2aXchg : public A2aXchg {
 public:
  // The RTL's parameters; for SCHED = player, `player_configs` is what the player memory
  // holds, replayed under `player_control`.
  GsenA2aXchg(int N, int DW, int B, Sched sched, bool pipeline, bool use_tags,
              Ctrl player_control = Ctrl::Alt, const std::vector<uint32_t>& player_configs = {},
              int src_lat = 1);
  // Any GSEN round table, run on the fabric it needs.
  GsenA2aXchg(A2aSchedule sched, int DW, int B, bool pipeline, bool use_tags, int src_lat = 1);
};

// The round table of the GSEN scheduler SCHED (player: `player_configs` under
// `player_control`).
A2aSchedule gsen_schedule(int N, Sched sched, Ctrl player_control,
                          const std::vector<uint32_t>& player_configs);

}  // namespace minforge::twin
