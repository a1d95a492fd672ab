// SVG pictures of networks with switch states and the paths of one configuration, in the
// style of paper 001's Fig. 4, 7, 9 and paper 000's Fig. 1-2.  Plain SVG 1.1, no scripts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "minforge/algo/gsen/gsen.hpp"

namespace minforge::draw {

// The N x N GSEN under configuration `value` of control kind c: inputs on the left, per
// stage the perfect shuffle and N/2 switches (state drawn inside, stage bits on top),
// outputs on the right; the path of every input in its own colour.
std::string gsen_svg(const gsen::Topology& t, params::Ctrl c, uint32_t value);

// The N x N banyan network under stage configuration k (Gamma_k), optionally with a faulty
// element E_il (drawn in red; paths through it end there).
std::string banyan_svg(int ports, uint32_t k, std::optional<std::pair<int, int>> fault);

}  // namespace minforge::draw
