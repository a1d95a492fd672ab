#include "minforge/algo/lcan/lcan_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace minforge::lcan {

double eq2(double p, int d, int u) { return 1.0 - std::pow(1.0 - p / d, u); }

Prediction predict_root(const Network& net, TopReading reading) {
  if (net.wiring() != Wiring::CB)
    throw InvalidArgument(
        "the analysis of root permutations (paper 003, section 3) is for "
        "CB-LCANs; " +
        net.name() + " is a T-LCAN");
  const int l = net.levels(), top = l - 1;
  const double N = net.N();
  const double top_downers = double(net.switches(top)) * net.d(top);  // N (u/d)^(l-1)
  const double links0 = double(net.switches(0)) * net.u(0);           // N u/d
  Prediction pr;
  double x = N;
  pr.remaining.push_back(x);
  for (int c = 1;; ++c) {
    if (c > 1000000) throw std::logic_error("lcan analysis: the iteration does not converge");
    const double p = std::min(1.0, x / top_downers);
    double routed = x;
    if (l > 1) {
      double q = reading == TopReading::Downers ? eq2(p, net.d(top), net.d(top))
                                                : eq2(p, net.d(top), net.u(top));
      for (int i = top - 1; i >= 1; --i) q = eq2(q, net.d(i), net.u(i));
      routed = std::min(x, (reading == TopReading::Downers ? links0 : N) * q);
    }
    x -= routed;
    pr.load.push_back(p);
    pr.routed.push_back(routed);
    pr.remaining.push_back(x);
    if (x < 1.0) {
      pr.cycles = c + x;
      return pr;
    }
  }
}

}  // namespace minforge::lcan
