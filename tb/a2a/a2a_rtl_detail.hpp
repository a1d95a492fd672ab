// Internals the three kinds of design of the all-to-all lockstep harness share
// (tb/a2a/a2a_fabric_rtl.cpp, a2a_engine_rtl.cpp, a2a_xchg_rtl.cpp); not part of its
// interface (a2a_rtl.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "a2a/a2a_rtl.hpp"
#include "core/pack.hpp"
#include "core/sim.hpp"

namespace minforge::tb::a2a_detail {

inline int clog2(int v) { return ceil_log2(static_cast<uint64_t>(v)); }
inline size_t uz(int v) { return static_cast<size_t>(v); }

// Images of one variant's vectors (scratch, sized once).
struct Images {
  std::vector<uint8_t> valid, data, tag, cfg, conflict;
  void size(int N, int W, int n) {
    valid.assign(image_bytes(uz(N)) + 8, 0);
    data.assign(image_bytes(uz(N) * uz(W)) + 8, 0);
    tag.assign(image_bytes(uz(N) * uz(n)) + 8, 0);
    cfg.assign(image_bytes(uz(n) * uz(N / 2)) + 8, 0);
    conflict.assign(image_bytes(uz(n) * uz(N / 2)) + 8, 0);
  }
};

// out_valid, out_data where valid, out_conflict of a fabric (or of the fabric inside an
// engine) against the twin's outputs (a2a_fabric_rtl.cpp).
bool compare_outputs(const Port& pv, const Port& pd, const Port& px, int N, int W, int n,
                     const twin::FabricOut& o, Images& img, Checker& chk);

// The player memory written through its port (a2a_engine_rtl.cpp).
void write_player(Sim& sim, Port& en, Port& addr, Port& data, const twin::A2aSchedule& s);

}  // namespace minforge::tb::a2a_detail
