// RN1 benchmarks (issue 4): model and Verilator speed in router-cycles per second on the
// 64-endpoint network, and delivered throughput vs offered load for each topology with 0, 1
// and 2 faults, written to rn1_throughput.csv and rn1_throughput.svg (working directory, or
// $MINFORGE_BENCH_OUT).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1_net.hpp"
#include "minforge/twin/rn1/rn1_traffic.hpp"
#include "rn1/rn1_rtl.hpp"

namespace {

using namespace minforge::rn1;
using namespace minforge::twin;

void BM_Rn1ModelRouterCycles(benchmark::State& state) {
  const NetSpec& s = net_spec(Topology::kRn1_64);
  const uint64_t cycles = 2000;
  uint64_t total = 0;
  for (auto _ : state) {
    Rn1Net net(s, FaultSet::none(s));
    net.reset(1);
    TrafficDriver drv(s, Traffic::kUniform, 0.3, 1, cycles);
    Rn1Net::UserIn in;
    while (net.cycle() < cycles) drive_model_cycle(net, drv, in);
    total += cycles;
  }
  state.counters["router_cycles_per_s"] = benchmark::Counter(
      static_cast<double>(total * s.routers.size()), benchmark::Counter::kIsRate);
  state.counters["net_cycles_per_s"] =
      benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rn1ModelRouterCycles)->Unit(benchmark::kMillisecond);

void BM_Rn1VerilatorRouterCycles(benchmark::State& state) {
  const NetSpec& s = net_spec(Topology::kRn1_64);
  RunConfig c;
  c.topology = Topology::kRn1_64;
  c.load = 0.3;
  c.cycles = 2000;
  // The regression's recipe, built on demand (once, cached: tb/core/ondemand.hpp).
  const minforge::tb::Model& rn1_64 = minforge::tb::rn1_net_model(Topology::kRn1_64);
  uint64_t total = 0;
  for (auto _ : state)
    total += minforge::tb::rn1_net_rtl_only(rn1_64, c);
  state.counters["router_cycles_per_s"] = benchmark::Counter(
      static_cast<double>(total * s.routers.size()), benchmark::Counter::kIsRate);
  state.counters["net_cycles_per_s"] =
      benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rn1VerilatorRouterCycles)->Unit(benchmark::kMillisecond);

std::string out_path(const std::string& name) {
  const char* dir = std::getenv("MINFORGE_BENCH_OUT");
  return dir ? std::string(dir) + "/" + name : name;
}

struct Point {
  std::string topo;
  int faults;
  double load, throughput, attempts;
};

void write_svg(const std::vector<Point>& pts, const std::vector<double>& loads) {
  const double W = 900, H = 320, pw = 260, ph = 220, ml = 50, mt = 40;
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << W << "' height='" << H
    << "' font-family='sans-serif' font-size='11'>\n<rect width='100%' height='100%' "
       "fill='white'/>\n";
  const char* colors[3] = {"#1f77b4", "#d62728", "#2ca02c"};
  const std::vector<std::string> topos = {"fig20.7", "fig20.9", "rn1-64"};
  for (size_t t = 0; t < topos.size(); ++t) {
    const double x0 = ml + t * (pw + 40), y0 = mt;
    o << "<text x='" << x0 + pw / 2 << "' y='20' text-anchor='middle'>" << topos[t]
      << "</text>\n<rect x='" << x0 << "' y='" << y0 << "' width='" << pw << "' height='" << ph
      << "' fill='none' stroke='black'/>\n";
    for (double v : {0.0, 0.25, 0.5, 0.75, 1.0}) {
      const double x = x0 + v * pw, y = y0 + ph - v * ph;
      o << "<text x='" << x << "' y='" << y0 + ph + 14 << "' text-anchor='middle'>" << v
        << "</text><text x='" << x0 - 4 << "' y='" << y + 4 << "' text-anchor='end'>" << v * 0.5
        << "</text>\n";
    }
    for (int f = 0; f <= 2; ++f) {
      o << "<polyline fill='none' stroke='" << colors[f] << "' stroke-width='1.5' points='";
      for (const Point& p : pts) {
        if (p.topo != topos[t] || p.faults != f) continue;
        o << x0 + p.load * pw << "," << y0 + ph - (p.throughput / 0.5) * ph << " ";
      }
      o << "'/>\n";
    }
  }
  for (int f = 0; f <= 2; ++f) {
    o << "<text x='" << ml + f * 120 << "' y='" << H - 12 << "' fill='" << colors[f] << "'>" << f
      << " fault" << (f == 1 ? "" : "s") << "</text>\n";
  }
  o << "<text x='" << W - 10 << "' y='" << H - 12
    << "' text-anchor='end'>x: offered load, y: delivered throughput (words/endpoint/cycle)"
    << "</text>\n</svg>\n";
  std::ofstream(out_path("rn1_throughput.svg")) << o.str();
  (void)loads;
}

void BM_Rn1ThroughputCurves(benchmark::State& state) {
  const std::vector<double> loads = {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0};
  std::vector<Point> pts;
  for (auto _ : state) {
    pts.clear();
    for (Topology t : {Topology::kFig20_7, Topology::kFig20_9, Topology::kRn1_64}) {
      for (int f = 0; f <= 2; ++f) {
        for (double L : loads) {
          RunConfig c;
          c.topology = t;
          c.load = L;
          c.cycles = 3000;
          c.faults = f;
          c.seed = 2024;
          c.drain_limit = 0;
          const RunStats st = run_model(c);
          pts.push_back({topology_name(t), f, L, st.throughput, st.mean_attempts});
        }
      }
    }
  }
  std::ofstream csv(out_path("rn1_throughput.csv"));
  csv << "topology,faults,offered_load,throughput,mean_attempts\n";
  for (const Point& p : pts) {
    csv << p.topo << "," << p.faults << "," << p.load << "," << p.throughput << "," << p.attempts
        << "\n";
  }
  write_svg(pts, loads);
  double peak = 0;
  for (const Point& p : pts) {
    if (p.topo == "rn1-64" && p.faults == 0) peak = std::max(peak, p.throughput);
  }
  state.counters["rn1_64_peak_throughput"] = peak;
}
BENCHMARK(BM_Rn1ThroughputCurves)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
