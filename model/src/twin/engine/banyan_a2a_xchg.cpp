// The twin of rtl/engine/banyan_a2a_xchg.v (banyan_a2a_xchg.hpp).
#include "minforge/twin/engine/banyan_a2a_xchg.hpp"

#include <memory>

#include "minforge/twin/banyan/banyan_fabric.hpp"

namespace minforge::twin {

BanyanA2aXchg::BanyanA2aXchg(int N, int DW, int B, bool pipeline, bool use_tags, int src_lat)
    : A2aXchg(banyan_sched_latin(N),
              std::make_unique<BanyanFabric>(N, checked_fabric_word(N, DW, B),
                                             use_tags ? Ctrl::Tag : Ctrl::Stage, pipeline),
              DW, B, src_lat) {}

}  // namespace minforge::twin
