// minforge harness core: the manifest of a one-module model, read once for every family.
//
// mf_param_model (tb/core/verilate.cmake) embeds {"module": "<top>", "<PARAM>": <value>, ...}
// in every model that is one RTL module and its parameters (hypercube_net, lcan_engine,
// banyan_ft_engine, a2a_axis_xchg).  The family harness reads its parameters from it with
// read_manifest; the library that includes this header links nlohmann_json.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/dut.hpp"

namespace minforge::tb {

// read(json) on the manifest of `m`, which must be the manifest of `module`; any error (not
// JSON, another module, a missing or mistyped key, or what `read` throws) is thrown as
// std::runtime_error "model <name>: no <module> manifest (<what>)".
template <class Read>
auto read_manifest(const Model& m, const std::string& module, Read&& read) {
  try {
    const auto j = nlohmann::json::parse(m.manifest);
    if (j.at("module").template get<std::string>() != module) throw std::runtime_error("module");
    return read(j);
  } catch (const std::exception& e) {
    throw std::runtime_error("model " + m.name + ": no " + module + " manifest (" + e.what() + ")");
  }
}

}  // namespace minforge::tb
