#include "draw_hypercube.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "svg.hpp"

namespace minforge::draw {

namespace {

// Offsets of the dimensions in the plane: dimensions 0-2 a cube in oblique projection,
// 3 and 4 copies of it to the right and below.  Chosen by a search so that for d <= 5 no
// edge passes closer than 25 px to a vertex it does not join and vertices are >= 78 px apart.
constexpr double kDimX[kMaxDrawDim] = {150, 0, 62, 279, -139};
constexpr double kDimY[kMaxDrawDim] = {0, 150, -48, 50, 241};

const char* load_colour(int load) {
  return load == 0 ? "#cccccc" : load == 1 ? "#1f77b4" : load == 2 ? "#d62728" : "#000000";
}

}  // namespace

std::string hypercube_svg(const hypercube::Realization& r, const std::string& label) {
  const int d = r.dim;
  if (d > kMaxDrawDim)
    throw InvalidArgument("draw: d = " + std::to_string(d) +
                          " is too large to draw (d <= " + std::to_string(kMaxDrawDim) + ")");
  const uint32_t n = r.vertices();
  // Loads of the directed edges (x, x xor 2^j) and the paths.
  std::vector<int> load(size_t(n) * d, 0);
  std::vector<std::vector<uint32_t>> paths(n);
  int max_len = 0;
  uint64_t uses = 0;
  for (uint32_t v = 0; v < n; ++v) {
    r.path(v, paths[v]);
    for (size_t s = 0; s + 1 < paths[v].size(); ++s)
      ++load[hypercube::edge_id(d, paths[v][s], __builtin_ctz(paths[v][s] ^ paths[v][s + 1]))];
    max_len = std::max(max_len, static_cast<int>(paths[v].size()) - 1);
    uses += paths[v].size() - 1;
  }
  int max_load = *std::max_element(load.begin(), load.end());

  std::vector<double> px(n, 0), py(n, 0);
  for (uint32_t v = 0; v < n; ++v)
    for (int j = 0; j < d; ++j)
      if ((v >> j) & 1u) {
        px[v] += kDimX[j];
        py[v] += kDimY[j];
      }
  const double margin = 40, top = 108;
  const double minx = *std::min_element(px.begin(), px.end());
  const double miny = *std::min_element(py.begin(), py.end());
  for (uint32_t v = 0; v < n; ++v) {
    px[v] += margin - minx;
    py[v] += top - miny;
  }
  const double cube_w = *std::max_element(px.begin(), px.end()) + margin;
  const double cube_h = *std::max_element(py.begin(), py.end()) + margin;
  const double list_x = std::max(cube_w, 420.0) + 10;
  const double line_h = 14;
  std::ostringstream t1, t2;
  t1 << d << "-cube, permutation " << label;
  t2 << "REALIZE (paper 004): max edge load " << max_load << ", " << uses
     << " edge uses (d 2^d = " << (uint64_t(d) << d) << "), longest path " << max_len;
  const double char_w = 7.0;  // monospace, 11-13 px
  const double width = std::max(list_x + char_w * (4 + 3 * (2 * d + 1)) + 20,
                                char_w * 1.15 * std::max(t1.str().size(), t2.str().size()) + 40);
  const double height = std::max(cube_h, top + line_h * (n + 2));

  Svg svg(width, height);
  svg.text(width / 2, 22, t1.str(), 13);
  svg.text(width / 2, 40, t2.str(), 13);
  // legend
  double lx = 20;
  for (int l = 0; l <= 2; ++l) {
    svg.line(lx, 62, lx + 28, 62, load_colour(l), l == 0 ? 1 : 2.5);
    svg.text(lx + 34, 66, std::to_string(l) + (l == 1 ? " path" : " paths"), 11, "start");
    lx += 110;
  }
  svg.text(20, 84, "edge u->v: the arrow on the right of the line from u to v", 11, "start",
           "#555");

  const double rad = 12, off = 3.2;
  for (uint32_t u = 0; u < n; ++u)
    for (int j = 0; j < d; ++j) {
      const uint32_t v = u ^ (1u << j);
      const double dx = px[v] - px[u], dy = py[v] - py[u];
      const double len = std::hypot(dx, dy);
      const double ux = dx / len, uy = dy / len;
      // right of the direction of travel (SVG y grows downwards)
      const double nx = -uy * off, ny = ux * off;
      const double x1 = px[u] + ux * rad + nx, y1 = py[u] + uy * rad + ny;
      const double x2 = px[v] - ux * (rad + 2) + nx, y2 = py[v] - uy * (rad + 2) + ny;
      const int l = load[hypercube::edge_id(d, u, j)];
      const std::string c = load_colour(l);
      const double w = l == 0 ? 1.0 : l == 1 ? 1.8 : 2.6;
      svg.line(x1, y1, x2, y2, c, w);
      // arrowhead
      const double ah = 7, aw = 3.5;
      std::ostringstream pts;
      pts << x2 - ux * ah - uy * aw << "," << y2 - uy * ah + ux * aw << " " << x2 << "," << y2
          << " " << x2 - ux * ah + uy * aw << "," << y2 - uy * ah - ux * aw;
      svg.polyline(pts.str(), c, w);
    }
  for (uint32_t v = 0; v < n; ++v) {
    svg.rect(px[v] - rad, py[v] - rad * 0.8, 2 * rad, 1.6 * rad, "#ffffff", "#333333");
    svg.text(px[v], py[v] + 4, std::to_string(v), 11);
  }
  // the paths
  svg.text(list_x, top, "v: path from v to pi(v)", 11, "start");
  for (uint32_t v = 0; v < n; ++v) {
    std::ostringstream s;
    s << v << ":";
    for (uint32_t x : paths[v]) s << " " << x;
    svg.text(list_x, top + line_h * (v + 1.5), s.str(), 11, "start");
  }
  return svg.str();
}

}  // namespace minforge::draw
