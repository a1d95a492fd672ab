#include "minforge/algo/lcan/lcan_experiments.hpp"

#include <cstdio>
#include <sstream>

#include "minforge/algo/lcan/lcan_analysis.hpp"

namespace minforge::lcan {

std::vector<FigureSpec> paper_figures() {
  std::vector<FigureSpec> figs;
  FigureSpec f5{"fig5",
                "Fig. 5: CB-LCAN(4096, 64, u), N and d fixed, u falling",
                "uppers per switch u (d = 64, N = 4096)",
                {}};
  for (int u : {64, 32, 16, 8, 4})
    f5.points.push_back({std::to_string(u), "cb:4096,64," + std::to_string(u)});
  FigureSpec f6{"fig6",
                "Fig. 6: CB-LCAN(4096, d, d), switch size falling",
                "switch size d = u (N = 4096)",
                {}};
  for (int d : {64, 16, 8, 4, 2})
    f6.points.push_back(
        {std::to_string(d), "cb:4096," + std::to_string(d) + "," + std::to_string(d)});
  FigureSpec f7{"fig7", "Fig. 7: CB-LCAN(N, 4, 4), N growing", "number of PEs N (d = u = 4)", {}};
  for (int N : {4, 16, 64, 256, 1024, 4096})
    f7.points.push_back({std::to_string(N), "cb:" + std::to_string(N) + ",4,4"});
  figs.push_back(f5);
  figs.push_back(f6);
  figs.push_back(f7);
  return figs;
}

uint64_t figure_seed(uint64_t seed, const std::string& figure, int point, PermClass c) {
  uint64_t h = seed ^ 0xA0761D6478BD642Full;
  for (char ch : figure) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
  h = (h ^ static_cast<uint64_t>(point)) * 0x100000001B3ull;
  h = (h ^ static_cast<uint64_t>(c)) * 0x100000001B3ull;
  Rng r(h);
  return r.next() >> 1;  // < 2^63, accepted by the CLI's --seed
}

std::vector<FigureRow> run_figure(const FigureSpec& fig, int trials, uint64_t seed,
                                  const std::function<void(const FigureRow&)>& progress) {
  std::vector<FigureRow> rows;
  for (size_t k = 0; k < fig.points.size(); ++k) {
    const Network net = Network::parse(fig.points[k].network);
    for (PermClass c : {PermClass::Root, PermClass::Bpc, PermClass::Random}) {
      if (c == PermClass::Bpc && !is_pow2(static_cast<uint64_t>(net.part_size()))) continue;
      FigureRow row;
      row.figure = fig.id;
      row.x = fig.points[k].x;
      row.network = net.name();
      row.N = net.N();
      row.d = net.d();
      row.u = net.u();
      row.levels = net.levels();
      row.cls = c;
      row.seed = figure_seed(seed, fig.id, static_cast<int>(k), c);
      row.stats = simulate_class(net, c, trials, row.seed);
      if (c == PermClass::Root && net.wiring() == Wiring::CB) {
        const Prediction p = predict_root(net);
        row.predicted = p.cycles;
        row.predicted_literal = predict_root(net, TopReading::Uppers).cycles;
        row.predicted_printed_index = p.cycles - 1.0;
      }
      if (progress) progress(row);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::string figure_csv(const std::vector<FigureRow>& rows) {
  std::ostringstream os;
  os << "figure,x,network,N,d,u,levels,class,trials,seed,mean_cycles,variance,min_cycles,"
        "max_cycles,predicted_cycles,predicted_literal_eq2,predicted_printed_index\n";
  auto num = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return std::string(buf);
  };
  auto opt = [&](const std::optional<double>& v) { return v ? num(*v) : std::string(); };
  for (const FigureRow& r : rows) {
    os << r.figure << "," << r.x << ",\"" << r.network << "\"," << r.N << "," << r.d << "," << r.u
       << "," << r.levels << "," << class_name(r.cls) << "," << r.stats.trials << "," << r.seed
       << "," << num(r.stats.mean) << "," << num(r.stats.variance) << "," << r.stats.min << ","
       << r.stats.max << "," << opt(r.predicted) << "," << opt(r.predicted_literal) << ","
       << opt(r.predicted_printed_index) << "\n";
  }
  return os.str();
}

}  // namespace minforge::lcan
