// minforge twin of rtl/engine/banyan_a2a_engine.v, the self-testing banyan all-to-all engine:
// A2aEngine (a2a_engine.hpp: a2a_gen, the data engine, a2a_check) around a BanyanA2aXchg.
#pragma once

#include "minforge/twin/engine/a2a_engine.hpp"

namespace minforge::twin {

class BanyanA2aEngine : public A2aEngine {
 public:
  BanyanA2aEngine(int N, int W, bool pipeline, bool use_tags, int B = 1);
};

}  // namespace minforge::twin
