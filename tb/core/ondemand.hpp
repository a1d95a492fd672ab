// minforge harness core: models built on demand, the one runner behind `minforge sim` and
// `minforge rn1 net --rtl`.
//
// A family asks for a model by the CMake call that defines it in its recipe (the same
// function its regression uses, e.g. `mf_a2a_model(mf_model NAME simtop SPECS ... MODULE)`
// from tb/a2a/a2a.cmake).  The runner writes a three-line CMake project around that call
// (tb/core/verilate.cmake + the family's .cmake), configures and builds it with the same
// CMake and generator as the project into a cache directory, loads the resulting shared
// library into this process and returns its Model.  Same recipe, same flags, same generated
// top as the regression: what the CLI runs is what `make test` checks.
//
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else ~/.cache/minforge/models;
// one directory per key.  The key hashes the call, the family, every file of rtl/,
// tb/core/ and tb/<family>/ the build reads, the request's other inputs, and the Verilator
// runtime; a second request with the same key reuses the build (a failed build is kept beside
// it with its log).
#pragma once

#include <string>
#include <vector>

#include "core/dut.hpp"

namespace minforge::tb {

struct OnDemandRequest {
  std::string family;  // tb/<family>/<family>.cmake defines the recipe function
  std::string call;    // the CMake call; it must define the MODULE target `mf_model`
  std::string label;   // readable part of the cache directory name ("gsen_N10")
  // Files outside rtl/, tb/core/ and tb/<family>/ that the recipe reads (absolute paths, e.g.
  // the board table synth/boards/boards.json): hashed into the key like those folders.
  std::vector<std::string> inputs = {};
};

// Builds (or reuses) and loads the model; the Model lives until the process ends.
// Throws std::runtime_error (with the build log's path) when the build fails.
const Model& ondemand_model(const OnDemandRequest& r);

// The cache directory in use.
std::string ondemand_cache_root();

}  // namespace minforge::tb
