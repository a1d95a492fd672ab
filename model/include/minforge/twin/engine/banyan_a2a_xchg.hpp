// minforge twin of rtl/engine/banyan_a2a_xchg.v, the banyan all-to-all data engine: A2aXchg
// (a2a_xchg.hpp) on a BanyanFabric with the Latin-square rounds of banyan_sched_latin
// (a2a_sched.hpp).
#pragma once

#include "minforge/twin/engine/a2a_xchg.hpp"

namespace minforge::twin {

class BanyanA2aXchg : public A2aXchg {
 public:
  BanyanA2aXchg(int N, int DW, int B, bool pipeline, bool use_tags, int src_lat = 1);
};

}  // namespace minforge::twin
