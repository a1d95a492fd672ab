// The experiments of paper 003, section 3 ("Simulation results"): Figs. 5, 6 and 7, each a
// list of CB-LCANs, 1000 permutations per class (root, BPC, random) per network with the
// paper's policy (random up per switch per network cycle, lower LCA level first down), mean
// and variance of the network cycles, and the analytic prediction beside the root class.
// The OCR'd text has the figures' captions only in part and none of their values; the
// networks below are the project's reading of them (docs/lcan.md):
//   Fig. 5  N = 4096, d = 64, u = 64, 32, 16, 8, 4 (N and d fixed, u falling);
//   Fig. 6  N = 4096, d = u = 64, 16, 8, 4, 2 (2 to 12 levels);
//   Fig. 7  d = u = 4, N = 4, 16, 64, 256, 1024, 4096.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "minforge/algo/lcan/lcan_sim.hpp"

namespace minforge::lcan {

struct FigurePoint {
  std::string x;        // the value on the figure's x axis
  std::string network;  // a Network::parse specification
};

struct FigureSpec {
  std::string id;  // "fig5"
  std::string title;
  std::string x_label;
  std::vector<FigurePoint> points;
};

std::vector<FigureSpec> paper_figures();

struct FigureRow {
  std::string figure, x, network;
  int N = 0, d = 0, u = 0, levels = 0;
  PermClass cls = PermClass::Root;
  uint64_t seed = 0;  // the seed of simulate_class for this row
  ClassStats stats;
  // Root class only: the prediction (c + x_c, TopReading::Downers), the printed equations
  // read literally (TopReading::Uppers), and the printed "(i - 1 + x)" read with x_0 = N.
  std::optional<double> predicted, predicted_literal, predicted_printed_index;
};

// Runs every point of the figure for the three classes.  Each (point, class) has its own seed
// derived from `seed`, so any row can be reproduced alone with `minforge lcan simulate`
// (the seed is in the row).  `progress` (may be empty) is told each row as it is done.
std::vector<FigureRow> run_figure(const FigureSpec& fig, int trials, uint64_t seed,
                                  const std::function<void(const FigureRow&)>& progress = {});

// The seed of one (figure, point index, class) of run_figure.
uint64_t figure_seed(uint64_t seed, const std::string& figure, int point, PermClass c);

// CSV with a header line: figure,x,network,N,d,u,levels,class,trials,seed,mean_cycles,variance,
// min_cycles,max_cycles,predicted_cycles,predicted_literal_eq2,predicted_printed_index.
std::string figure_csv(const std::vector<FigureRow>& rows);

}  // namespace minforge::lcan
