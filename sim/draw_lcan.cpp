#include "draw_lcan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "svg.hpp"

namespace minforge::draw {

namespace {

std::string fmt(double v, int prec = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", prec, v);
  return buf;
}

}  // namespace

void check_lcan_drawable(const lcan::Network& net) {
  if (net.N() > kMaxLcanDrawPes)
    throw InvalidArgument("draw: at most " + std::to_string(kMaxLcanDrawPes) + " PEs (" +
                          net.name() + " has " + std::to_string(net.N()) + ")");
  for (int i = 0; i < net.levels(); ++i)
    if (net.switches(i) > kMaxLcanDrawSwitches)
      throw InvalidArgument("draw: at most " + std::to_string(kMaxLcanDrawSwitches) +
                            " switches per level (" + net.name() + " has " +
                            std::to_string(net.switches(i)) + " in level " + std::to_string(i) +
                            ")");
}

std::string lcan_svg(const lcan::Network& net, const std::vector<lcan::Circuit>& circuits,
                     const std::string& subtitle) {
  using lcan::PortRef;
  check_lcan_drawable(net);
  const int L = net.levels();
  const double ps = net.N() <= 64 ? 16 : 12, pad = 5, bh = 24, gap = 14, rowh = 118, left = 84,
               right = 24, top = 64, pe_h = 12;
  auto bw = [&](int i) { return std::max(30.0, std::max(net.d(i), net.u(i)) * ps + 2 * pad); };
  double inner = 0;
  for (int i = 0; i < L; ++i) inner = std::max(inner, net.switches(i) * (bw(i) + gap));
  const double width =
      std::max(left + inner + right, 7.3 * static_cast<double>(subtitle.size()) + 40);
  const double bottom_pe = top + L * rowh + 10;  // PE squares' top edge
  const double height = bottom_pe + pe_h + 48;
  // Box of switch s at level i: left x, top y.
  const double inner_left = left + (width - left - right - inner) / 2;
  auto box_x = [&](int i, int s) {
    const double row = net.switches(i) * (bw(i) + gap);
    return inner_left + (inner - row) / 2 + s * (bw(i) + gap) + gap / 2;
  };
  auto box_y = [&](int i) { return top + (L - 1 - i) * rowh + (rowh - bh) / 2; };
  auto port_x = [&](int i, int s, PortRef p) {
    const int n = p.side == PortRef::Down ? net.d(i) : net.u(i);
    return box_x(i, s) + pad + (p.index + 0.5) * (bw(i) - 2 * pad) / n;
  };
  auto port_y = [&](int i, PortRef p) {
    return p.side == PortRef::Down ? box_y(i) + bh : box_y(i);
  };
  auto pe_x = [&](int pe) {
    const lcan::End a = net.attach(pe);
    return port_x(0, a.sw, PortRef{PortRef::Down, a.port});
  };

  Svg svg(width, height);
  svg.text(width / 2, 22, net.name(), 15);
  if (!subtitle.empty()) svg.text(width / 2, 42, subtitle, 12, "middle", "#444");

  // Wires between levels, PE wires, unused top uppers.
  for (int i = 0; i < L; ++i)
    for (int s = 0; s < net.switches(i); ++s)
      for (int k = 0; k < net.u(i); ++k) {
        const PortRef up{PortRef::Up, k};
        if (i + 1 < L) {
          const lcan::End e = net.up(i, s, k);
          const PortRef dn{PortRef::Down, e.port};
          svg.line(port_x(i, s, up), port_y(i, up), port_x(i + 1, e.sw, dn), port_y(i + 1, dn),
                   "#c8c8c8", 1);
        } else {
          svg.line(port_x(i, s, up), port_y(i, up), port_x(i, s, up), port_y(i, up) - 10, "#e0e0e0",
                   1);
        }
      }
  for (int pe = 0; pe < net.N(); ++pe) {
    const lcan::End a = net.attach(pe);
    svg.line(pe_x(pe), box_y(0) + bh, pe_x(pe), bottom_pe, "#c8c8c8", 1);
    svg.rect(pe_x(pe) - 4, bottom_pe, 8, pe_h, "#eef", "#446");
    svg.text(pe_x(pe), bottom_pe + pe_h + 12, std::to_string(pe), 9);
    if (net.N() <= 64) {
      std::vector<int> radices;
      for (int x = net.pe_digits() - 1; x >= 0; --x) radices.push_back(net.pe_radix(x));
      const std::string lab = lcan::Network::label_string(net.pe_label(pe), radices);
      // Monospace digits are about 0.6 em wide: fit the label in the PE spacing.
      const int size = std::min(8, static_cast<int>(ps / (0.62 * std::max<size_t>(1, lab.size()))));
      if (size >= 5) svg.text(pe_x(pe), bottom_pe + pe_h + 23, lab, size, "middle", "#666");
    }
    (void)a;
  }
  svg.text(left - 10, bottom_pe + pe_h - 1, "PEs", 11, "end");
  // Switches.
  for (int i = 0; i < L; ++i) {
    svg.text(left - 10, box_y(i) + bh / 2 + 4, "level " + std::to_string(i), 11, "end");
    const auto radices = net.switch_label_radices(i);
    for (int s = 0; s < net.switches(i); ++s) {
      svg.rect(box_x(i, s), box_y(i), bw(i), bh, "#f6f6f6", "#555");
      const std::string lab = lcan::Network::label_string(net.switch_label(i, s), radices);
      svg.text(box_x(i, s) + bw(i) / 2, box_y(i) + bh / 2 + 4, lab.empty() ? "root" : lab, 9,
               "middle", "#333");
    }
  }
  // Circuits.
  const int n = static_cast<int>(circuits.size());
  for (int c = 0; c < n; ++c) {
    const lcan::Circuit& ci = circuits[c];
    std::ostringstream pts;
    auto pt = [&](double x, double y) { pts << fmt(x) << "," << fmt(y) << " "; };
    pt(pe_x(ci.src), bottom_pe);
    for (const lcan::Hop& h : ci.hops) {
      pt(port_x(h.level, h.sw, h.in), port_y(h.level, h.in));
      if (h.in.side == h.out.side)  // turning: through the middle of the box
        pt((port_x(h.level, h.sw, h.in) + port_x(h.level, h.sw, h.out)) / 2, box_y(h.level) + 5);
      pt(port_x(h.level, h.sw, h.out), port_y(h.level, h.out));
    }
    pt(pe_x(ci.dst), bottom_pe);
    svg.polyline(pts.str(), path_colour(c, std::max(n, 1)), 2);
  }
  return svg.str();
}

std::string plot_svg(const Plot& p) {
  const double W = 720, H = 460, ml = 76, mr = 190, mt = 48, mb = 64;
  const double pw = W - ml - mr, ph = H - mt - mb;
  double ymax = 0;
  for (const auto& s : p.series)
    for (size_t k = 0; k < s.y.size(); ++k)
      if (!std::isnan(s.y[k])) ymax = std::max(ymax, s.y[k] + (k < s.err.size() ? s.err[k] : 0.0));
  // A "nice" step: 1, 2 or 5 times a power of ten, about 6 ticks.
  double step = 1;
  if (ymax > 0) {
    const double raw = ymax / 6, mag = std::pow(10.0, std::floor(std::log10(raw)));
    step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
  }
  const double ytop = std::max(step, std::ceil(ymax / step) * step);
  const int nx = static_cast<int>(p.x.size());
  auto X = [&](int k) { return ml + (nx == 1 ? pw / 2 : pw * (0.05 + 0.9 * k / (nx - 1.0))); };
  auto Y = [&](double v) { return mt + ph * (1 - v / ytop); };

  Svg svg(W, H);
  svg.text(ml + pw / 2, 24, p.title, 14);
  svg.rect(ml, mt, pw, ph, "#fff", "#333");
  for (double v = 0; v <= ytop + 1e-9; v += step) {
    svg.line(ml, Y(v), ml + pw, Y(v), "#e4e4e4", 1);
    svg.line(ml - 5, Y(v), ml, Y(v), "#333", 1);
    svg.text(ml - 8, Y(v) + 4, fmt(v, step < 1 ? 1 : 0), 11, "end");
  }
  for (int k = 0; k < nx; ++k) {
    svg.line(X(k), mt + ph, X(k), mt + ph + 5, "#333", 1);
    svg.text(X(k), mt + ph + 19, p.x[k], 11);
  }
  svg.text(ml + pw / 2, H - 16, p.x_label, 12);
  // Vertical y label, drawn as stacked characters would be unreadable: put it above the axis.
  svg.text(ml - 8, mt - 10, p.y_label, 11, "start");
  double ly = mt + 10;
  for (size_t si = 0; si < p.series.size(); ++si) {
    const PlotSeries& s = p.series[si];
    std::ostringstream pts;
    for (int k = 0; k < nx && k < static_cast<int>(s.y.size()); ++k) {
      if (std::isnan(s.y[k])) continue;
      pts << fmt(X(k)) << "," << fmt(Y(s.y[k])) << " ";
      if (k < static_cast<int>(s.err.size()) && s.err[k] > 0) {
        svg.line(X(k), Y(s.y[k] - s.err[k]), X(k), Y(s.y[k] + s.err[k]), s.colour, 1);
        svg.line(X(k) - 3, Y(s.y[k] - s.err[k]), X(k) + 3, Y(s.y[k] - s.err[k]), s.colour, 1);
        svg.line(X(k) - 3, Y(s.y[k] + s.err[k]), X(k) + 3, Y(s.y[k] + s.err[k]), s.colour, 1);
      }
    }
    if (s.dashed) {
      // Dashes as short segments along the polyline.
      for (int k = 0; k + 1 < nx && k + 1 < static_cast<int>(s.y.size()); ++k) {
        if (std::isnan(s.y[k]) || std::isnan(s.y[k + 1])) continue;
        const double x0 = X(k), y0 = Y(s.y[k]), x1 = X(k + 1), y1 = Y(s.y[k + 1]);
        const double len = std::hypot(x1 - x0, y1 - y0);
        for (double t = 0; t < len; t += 10) {
          const double a = t / len, b = std::min(len, t + 6) / len;
          svg.line(x0 + a * (x1 - x0), y0 + a * (y1 - y0), x0 + b * (x1 - x0), y0 + b * (y1 - y0),
                   s.colour, 1.6);
        }
      }
    } else {
      svg.polyline(pts.str(), s.colour, 1.6);
    }
    auto mark = [&](double x, double y) {
      if (s.marker == 0) {
        svg.rect(x - 3.5, y - 3.5, 7, 7, s.colour, s.colour);
      } else if (s.marker == 1) {
        svg.polyline(fmt(x) + "," + fmt(y - 4.5) + " " + fmt(x - 4.5) + "," + fmt(y + 3.5) + " " +
                         fmt(x + 4.5) + "," + fmt(y + 3.5) + " " + fmt(x) + "," + fmt(y - 4.5),
                     s.colour, 2);
      } else if (s.marker == 2) {
        svg.polyline(fmt(x) + "," + fmt(y - 5) + " " + fmt(x - 5) + "," + fmt(y) + " " + fmt(x) +
                         "," + fmt(y + 5) + " " + fmt(x + 5) + "," + fmt(y) + " " + fmt(x) + "," +
                         fmt(y - 5),
                     s.colour, 2);
      }
    };
    for (int k = 0; k < nx && k < static_cast<int>(s.y.size()); ++k)
      if (!std::isnan(s.y[k])) mark(X(k), Y(s.y[k]));
    // Legend.
    const double lx = ml + pw + 14;
    if (s.dashed) {
      svg.line(lx, ly, lx + 8, ly, s.colour, 1.6);
      svg.line(lx + 14, ly, lx + 22, ly, s.colour, 1.6);
    } else {
      svg.line(lx, ly, lx + 22, ly, s.colour, 1.6);
    }
    mark(lx + 11, ly);
    svg.text(lx + 30, ly + 4, s.label, 11, "start");
    ly += 20;
  }
  return svg.str();
}

}  // namespace minforge::draw
