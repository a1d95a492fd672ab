// The twin of rtl/engine/gsen_a2a_engine.v (gsen_a2a_engine.hpp).
#include "minforge/twin/engine/gsen_a2a_engine.hpp"

#include <memory>

#include "minforge/twin/engine/gsen_a2a_xchg.hpp"

namespace minforge::twin {

GsenA2aEngine::GsenA2aEngine(int N, int W, Sched sched, bool pipeline, bool use_tags,
                             Ctrl player_control, const std::vector<uint32_t>& player_configs,
                             int B)
    : GsenA2aEngine(gsen_schedule(N, sched, player_control, player_configs), W, pipeline, use_tags,
                    B) {}

GsenA2aEngine::GsenA2aEngine(A2aSchedule sched, int W, bool pipeline, bool use_tags, int B)
    : A2aEngine(std::make_unique<GsenA2aXchg>(sched, a2a_engine_dw(sched.ports, W, B), B, pipeline,
                                              use_tags)) {}

}  // namespace minforge::twin
