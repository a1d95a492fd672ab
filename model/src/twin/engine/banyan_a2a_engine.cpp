// The twin of rtl/engine/banyan_a2a_engine.v (banyan_a2a_engine.hpp).
#include "minforge/twin/engine/banyan_a2a_engine.hpp"

#include <memory>

#include "minforge/twin/engine/banyan_a2a_xchg.hpp"

namespace minforge::twin {

BanyanA2aEngine::BanyanA2aEngine(int N, int W, bool pipeline, bool use_tags, int B)
    : A2aEngine(std::make_unique<BanyanA2aXchg>(N, a2a_engine_dw(N, W, B), B, pipeline, use_tags)) {
}

}  // namespace minforge::twin
