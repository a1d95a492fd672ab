// SVG pictures for the LCAN family (paper 003): a network with one network cycle's circuits
// (in the style of Figs. 2-4: levels stacked above the PEs, switches with the paper's labels,
// every wire), and the line plots of the section 3 experiments (Figs. 5-7).  Plain SVG 1.1,
// no scripts.
#pragma once

#include <string>
#include <vector>

#include "minforge/algo/lcan/lcan_sim.hpp"
#include "minforge/algo/lcan/lcan_topology.hpp"

namespace minforge::draw {

inline constexpr int kMaxLcanDrawPes = 256;
inline constexpr int kMaxLcanDrawSwitches = 512;  // per level

// Throws InvalidArgument when the network has more than kMaxLcanDrawPes PEs or more than
// kMaxLcanDrawSwitches switches in a level.
void check_lcan_drawable(const lcan::Network& net);

// Level 0 at the bottom, the PEs under it (number and label), each switch a box with its
// label, downers on its bottom edge and uppers on its top edge, the wires in grey, the
// circuits in colour (one colour per circuit, through the ports it uses).
std::string lcan_svg(const lcan::Network& net, const std::vector<lcan::Circuit>& circuits,
                     const std::string& subtitle);

struct PlotSeries {
  std::string label;
  std::string colour;
  std::vector<double> y;    // one per x; NaN = no point
  std::vector<double> err;  // half-height of an error bar per point (empty: none)
  bool dashed = false;
  int marker = 0;  // 0 square, 1 triangle, 2 diamond, 3 none
};

struct Plot {
  std::string title, x_label, y_label;
  std::vector<std::string> x;  // categories, evenly spaced, left to right
  std::vector<PlotSeries> series;
};

std::string plot_svg(const Plot& p);

}  // namespace minforge::draw
