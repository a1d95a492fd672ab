// SVG picture of a realization on the d-cube (paper 004), d <= 5: every vertex, every pair
// of directed edges drawn as two parallel arrows (the one from u to v on the right of the
// line from u to v), coloured by how many paths use it (0 grey, 1 blue, 2 red), and the
// list of the paths.  Plain SVG 1.1, no scripts.
#pragma once

#include <string>

#include "minforge/algo/hypercube/hypercube_realize.hpp"

namespace minforge::draw {

inline constexpr int kMaxDrawDim = 5;

// `label` names the permutation in the title (e.g. "random, seed 1" or the file name).
// Throws InvalidArgument for r.dim > kMaxDrawDim.
std::string hypercube_svg(const hypercube::Realization& r, const std::string& label);

}  // namespace minforge::draw
