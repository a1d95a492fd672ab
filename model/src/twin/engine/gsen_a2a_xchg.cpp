// The twin of rtl/engine/gsen_a2a_xchg.v (gsen_a2a_xchg.hpp).
#include "minforge/twin/engine/gsen_a2a_xchg.hpp"

#include <memory>
#include <utility>

#include "minforge/twin/gsen/gsen_fabric.hpp"

namespace minforge::twin {

A2aSchedule gsen_schedule(int N, Sched sched, Ctrl player_control,
                          const std::vector<uint32_t>& player_configs) {
  switch (sched) {
    case Sched::Alt:
      return gsen_sched_alt(N);
    case Sched::Stage:
      return gsen_sched_stage(N);
    case Sched::Player:
      return gsen_sched_player(N, player_control, player_configs);
  }
  throw InvalidArgument("unknown GSEN scheduler");
}

GsenA2aXchg::GsenA2aXchg(int N, int DW, int B, Sched sched, bool pipeline, bool use_tags,
                         Ctrl player_control, const std::vector<uint32_t>& player_configs,
                         int src_lat)
    : GsenA2aXchg(gsen_schedule(N, sched, player_control, player_configs), DW, B, pipeline,
                  use_tags, src_lat) {}

GsenA2aXchg::GsenA2aXchg(A2aSchedule sched, int DW, int B, bool pipeline, bool use_tags,
                         int src_lat)
    : A2aXchg(sched,
              std::make_unique<GsenFabric>(sched.ports, checked_fabric_word(sched.ports, DW, B),
                                           use_tags ? Ctrl::Tag : sched.control, pipeline),
              DW, B, src_lat) {}

}  // namespace minforge::twin
