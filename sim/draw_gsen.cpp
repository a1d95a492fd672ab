#include <sstream>

#include "draw.hpp"
#include "svg.hpp"

namespace minforge::draw {

std::string gsen_svg(const gsen::Topology& t, params::Ctrl c, uint32_t value) {
  const int N = t.ports(), n = t.stages();
  const double dy = 22, top = 64, left = 56, shw = 104, boxw = 36, right = 56;
  const double width = left + n * (shw + boxw) + right;
  const double height = top + N * dy + 24;
  auto Y = [&](int row) { return top + row * dy + dy / 2; };
  auto X = [&](int s) { return left + s * (shw + boxw); };

  Svg svg(width, height);
  std::ostringstream title;
  title << "GSEN " << N << "x" << N << ", " << params::name(c) << " configuration " << value;
  if (c != params::Ctrl::Indiv) {
    title << " = (";
    for (int s = 0; s < n; ++s) title << ((value >> (n - 1 - s)) & 1u);
    title << ")2";
  }
  svg.text(width / 2, 20, title.str(), 14);

  // Fixed wiring (grey): shuffle links, switch boxes with their state.
  for (int s = 0; s < n; ++s) {
    const double x = X(s);
    svg.text(x + shw + boxw / 2, 40, "stage " + std::to_string(s), 11);
    svg.text(x + shw + boxw / 2, 54, std::to_string((value >> (n - 1 - s)) & 1u), 12, "middle",
             "#b00");
    for (int term = 0; term < N; ++term)
      svg.line(x, Y(term), x + shw, Y(t.shuffle(term)), "#bbb", 1);
    for (int y = 0; y < N / 2; ++y) {
      int st = gsen::switch_state(c, value, n, s, y);
      svg.rect(x + shw, Y(2 * y) - 9, boxw, Y(2 * y + 1) - Y(2 * y) + 18, "#f4f4f4", "#444");
      for (int b = 0; b < 2; ++b)
        svg.line(x + shw, Y(2 * y + b), x + shw + boxw, Y(2 * y + (b ^ st)), "#888", 1);
    }
  }
  // Terminal labels.
  for (int term = 0; term < N; ++term) {
    svg.text(left - 10, Y(term) + 4, std::to_string(term), 11, "end");
    svg.text(X(n) + 10, Y(term) + 4, std::to_string(term), 11, "start");
  }
  // Paths, one colour per input.
  for (int i = 0; i < N; ++i) {
    gsen::Path p = gsen::route(t, c, value, i);
    std::ostringstream pts;
    int term = i;
    for (int s = 0; s < n; ++s) {
      const double x = X(s);
      pts << x << "," << Y(term) << " " << x + shw << "," << Y(t.shuffle(term)) << " "
          << x + shw + boxw << "," << Y(p.terminals[s]) << " ";
      term = p.terminals[s];
    }
    svg.polyline(pts.str(), path_colour(i, N), 2);
  }
  return svg.str();
}

}  // namespace minforge::draw
