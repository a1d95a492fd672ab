// Minimal SVG writer used by the drawings.
#pragma once

#include <sstream>
#include <string>

namespace minforge::draw {

class Svg {
 public:
  Svg(double width, double height);
  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double w,
            double opacity = 1.0);
  void polyline(const std::string& points, const std::string& stroke, double w);
  void rect(double x, double y, double w, double h, const std::string& fill,
            const std::string& stroke);
  void text(double x, double y, const std::string& s, int size,
            const std::string& anchor = "middle", const std::string& fill = "#000");
  std::string str() const;

 private:
  std::ostringstream body_;
  double width_, height_;
};

// Distinct colour for item k of n (HSL hue wheel).
std::string path_colour(int k, int n);

}  // namespace minforge::draw
