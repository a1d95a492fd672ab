#include "svg.hpp"

#include <iomanip>

namespace minforge::draw {

Svg::Svg(double width, double height) : width_(width), height_(height) {
  body_ << std::fixed << std::setprecision(1);
}

void Svg::line(double x1, double y1, double x2, double y2, const std::string& stroke, double w,
               double opacity) {
  body_ << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
        << "\" stroke=\"" << stroke << "\" stroke-width=\"" << w << "\"";
  if (opacity < 1.0) body_ << " stroke-opacity=\"" << opacity << "\"";
  body_ << "/>\n";
}

void Svg::polyline(const std::string& points, const std::string& stroke, double w) {
  body_ << "<polyline points=\"" << points << "\" fill=\"none\" stroke=\"" << stroke
        << "\" stroke-width=\"" << w << "\" stroke-linejoin=\"round\"/>\n";
}

void Svg::rect(double x, double y, double w, double h, const std::string& fill,
               const std::string& stroke) {
  body_ << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
        << "\" fill=\"" << fill << "\" stroke=\"" << stroke << "\" stroke-width=\"1.2\"/>\n";
}

void Svg::text(double x, double y, const std::string& s, int size, const std::string& anchor,
               const std::string& fill) {
  body_ << "<text x=\"" << x << "\" y=\"" << y << "\" font-family=\"monospace\" font-size=\""
        << size << "\" text-anchor=\"" << anchor << "\" fill=\"" << fill << "\">" << s
        << "</text>\n";
}

std::string Svg::str() const {
  std::ostringstream os;
  os << std::fixed << std::setprecision(1);
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width_
     << "\" height=\"" << height_ << "\" viewBox=\"0 0 " << width_ << " " << height_ << "\">\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
     << body_.str() << "</svg>\n";
  return os.str();
}

std::string path_colour(int k, int n) {
  std::ostringstream os;
  os << "hsl(" << (n > 0 ? (k * 360) / n : 0) << ",75%,42%)";
  return os.str();
}

}  // namespace minforge::draw
