// minforge harness core: the models linked into a regression executable, by name, for its
// main to choose from (tb_a2a_axis and tb_banyan_ft: --model NAME, --list; tb_hypercube: --dim;
// tb_lcan: --network; rn1_lockstep: the mode and --topology).  The executable's CMake lists
// them with mf_model_table(<target> <Vname>...) (tb/core/CMakeLists.txt), which writes
// mf_models.inc, one MF_MODEL(<Vname>) line per model (each compiled by mf_verilate with the
// entry point minforge::tb::models::<Vname>()), on the target's include path.  Include this
// header in the executable's main only.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/dut.hpp"

#define MF_MODEL(name)             \
  namespace minforge::tb::models { \
  const Model& name();             \
  }
#include "mf_models.inc"
#undef MF_MODEL

namespace minforge::tb {

struct LinkedModel {
  const char* name;
  const Model& (*get)();
};

inline const std::vector<LinkedModel>& linked_models() {
#define MF_MODEL(name) LinkedModel{#name, &models::name},
  static const std::vector<LinkedModel> t{
#include "mf_models.inc"
  };
#undef MF_MODEL
  return t;
}

// The model named `name` (a <Vname> of mf_models.inc), nullptr when none is.
inline const Model* linked_model(const std::string& name) {
  for (const LinkedModel& m : linked_models())
    if (name == m.name) return &m.get();
  return nullptr;
}

// --list: the names, one a line.
inline void print_linked_models() {
  for (const LinkedModel& m : linked_models()) std::printf("%s\n", m.name);
}

}  // namespace minforge::tb
