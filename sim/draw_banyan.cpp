#include <sstream>

#include "draw.hpp"
#include "minforge/algo/banyan/banyan.hpp"
#include "svg.hpp"

namespace minforge::draw {

std::string banyan_svg(int ports, uint32_t k, std::optional<std::pair<int, int>> fault) {
  banyan::Topology t(ports);
  const int N = ports, m = t.stages();
  const double dy = 22, top = 64, left = 56, gap = 96, boxw = 36, right = 56;
  const double width = left + 24 + m * boxw + (m - 1) * gap + 24 + right;
  const double height = top + N * dy + 24;
  auto Y = [&](int row) { return top + row * dy + dy / 2; };
  auto X = [&](int i) { return left + 24 + i * (boxw + gap); };  // left edge of stage i

  Svg svg(width, height);
  std::ostringstream title;
  title << "banyan " << N << "x" << N << ", Gamma_" << k;
  if (fault) title << ", faulty E_" << fault->first << "," << fault->second;
  svg.text(width / 2, 20, title.str(), 14);

  auto faulty = [&](int i, int l) { return fault && fault->first == i && fault->second == l; };
  for (int i = 0; i < m; ++i) {
    const int st = static_cast<int>((k >> (m - 1 - i)) & 1u);
    svg.text(X(i) + boxw / 2, 40, "stage " + std::to_string(i), 11);
    svg.text(X(i) + boxw / 2, 54, st ? "sigma" : "I", 12, "middle", "#b00");
    for (int l = 0; l < N / 2; ++l) {
      bool bad = faulty(i, l);
      svg.rect(X(i), Y(2 * l) - 9, boxw, Y(2 * l + 1) - Y(2 * l) + 18, bad ? "#fdd" : "#f4f4f4",
               bad ? "#c00" : "#444");
      for (int b = 0; b < 2; ++b)
        svg.line(X(i), Y(2 * l + b), X(i) + boxw, Y(2 * l + (b ^ st)), "#888", 1);
      if (bad) {
        svg.line(X(i), Y(2 * l) - 9, X(i) + boxw, Y(2 * l + 1) + 9, "#c00", 2);
        svg.line(X(i), Y(2 * l + 1) + 9, X(i) + boxw, Y(2 * l) - 9, "#c00", 2);
      }
    }
    if (i + 1 < m)
      for (int p = 0; p < N; ++p) svg.line(X(i) + boxw, Y(p), X(i + 1), Y(t.tau(i, p)), "#bbb", 1);
  }
  for (int p = 0; p < N; ++p) {
    svg.text(left - 4, Y(p) + 4, std::to_string(p), 11, "end");
    svg.line(left, Y(p), X(0), Y(p), "#bbb", 1);
    svg.line(X(m - 1) + boxw, Y(p), X(m - 1) + boxw + 24, Y(p), "#bbb", 1);
    svg.text(X(m - 1) + boxw + 30, Y(p) + 4, std::to_string(p), 11, "start");
  }
  for (int x = 0; x < N; ++x) {
    std::ostringstream pts;
    int p = x;
    pts << left << "," << Y(p) << " ";
    bool alive = true;
    for (int i = 0; i < m && alive; ++i) {
      pts << X(i) << "," << Y(p) << " ";
      if (faulty(i, p / 2)) {
        pts << X(i) + boxw / 2 << "," << (Y(p) + Y(p ^ 1)) / 2 << " ";
        alive = false;
        break;
      }
      p ^= static_cast<int>((k >> (m - 1 - i)) & 1u);
      pts << X(i) + boxw << "," << Y(p) << " ";
      if (i + 1 < m) p = t.tau(i, p);
    }
    if (alive) pts << X(m - 1) + boxw + 24 << "," << Y(p);
    svg.polyline(pts.str(), path_colour(x, N), 2);
  }
  return svg.str();
}

}  // namespace minforge::draw
