// rtl/rn1/rn1_monitor.v in lockstep with its twin minforge::twin::Rn1Monitor (rn1_rtl.hpp).
// The stimulus imitates the verdicts of localisation: candidate lists in path order that
// contain one or two "faulty" links among random others (so ties, explained verdicts and
// declarations all happen), pure noise, out-of-range link numbers, idle cycles, resets.
#include <string>
#include <vector>

#include "core/manifest.hpp"
#include "core/sim.hpp"
#include "minforge/twin/rn1/rn1_monitor.hpp"
#include "ports/rn1_monitor.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::tb {

namespace {

// The model's parameters, from the manifest its recipe embeds (tb/rn1/rn1.cmake, NAME monitor).
twin::Rn1Monitor::Params monitor_params(const Model& m) {
  return read_manifest(m, "rn1_monitor", [](const nlohmann::json& j) {
    return twin::Rn1Monitor::Params{j.at("NL").get<int>(), j.at("LW").get<int>(),
                                    j.at("MAXC").get<int>(), j.at("CW").get<int>(),
                                    j.at("TH").get<int>()};
  });
}

bool run_monitor(Sim& sim, Checker& chk, const RunControl& ctl, const twin::Rn1Monitor::Params& prm,
                 uint64_t seed, uint64_t cycles, Rn1MonitorRun& res) {
  Rn1MonitorPorts p(sim);
  twin::Rn1Monitor model(prm);
  Rng rng(seed ^ 0x3031u);
  const auto nl = static_cast<uint64_t>(prm.nl);
  uint64_t t = 0;
  std::vector<int> faulty = {static_cast<int>(rng.below(nl)), static_cast<int>(rng.below(nl))};
  std::vector<int> cand(static_cast<size_t>(prm.maxc), 0);
  auto tick = [&](bool rst, bool valid, int n) {
    chk.cycle = t;
    p.rst.set(rst ? 1 : 0);
    p.v_valid.set(valid ? 1 : 0);
    p.v_n.set(static_cast<uint64_t>(n));
    for (int c = 0; c < prm.maxc; ++c) {
      p.v_cand.set(prm.lw * c, prm.lw, static_cast<uint64_t>(cand[static_cast<size_t>(c)]));
    }
    sim.settle();
    if (!rst) {
      static const std::string kWhere = "rn1_monitor";
      chk.eq(kWhere, "decl_valid", model.decl_valid() ? 1 : 0, p.decl_valid.value());
      if (model.decl_valid()) {
        chk.eq(kWhere, "decl_link", static_cast<uint64_t>(model.decl_link()), p.decl_link.value());
      }
      for (int l = 0; l < prm.nl; ++l) {
        if ((model.declared(l) ? 1u : 0u) != p.declared.bit(l)) {
          chk.eq(kWhere, ("declared[" + std::to_string(l) + "]").c_str(), model.declared(l),
                 p.declared.bit(l));
        }
      }
    }
    sim.edge();
    if (rst) {
      model.reset();
    } else {
      model.step(valid, n, cand);
      if (model.decl_valid()) ++res.declarations;
    }
    ++t;
  };
  for (int k = 0; k < 2; ++k) tick(true, false, 0);
  ++res.resets;
  while (t < cycles && !ctl.stop(chk)) {
    const uint64_t pick = rng.below(1000);
    if (pick < 3) {  // reset, new faulty links
      faulty = {static_cast<int>(rng.below(nl)), static_cast<int>(rng.below(nl))};
      ++res.resets;
      tick(true, false, 0);
      continue;
    }
    // n candidates, distinct, in random order ("path order")
    const int n = static_cast<int>(rng.below(static_cast<uint64_t>(prm.maxc + 1)));
    for (int c = 0; c < prm.maxc; ++c) {
      int l = 0;
      bool fresh = false;
      while (!fresh) {
        l = rng.below(20) == 0
                ? static_cast<int>(rng.below(uint64_t{1} << prm.lw))  // out of range sometimes
                : static_cast<int>(rng.below(nl));
        fresh = true;
        for (int d = 0; d < c; ++d) fresh = fresh && cand[static_cast<size_t>(d)] != l;
      }
      cand[static_cast<size_t>(c)] = l;
    }
    if (n > 0 && pick < 700) {  // a verdict of one of the faults: its link among the candidates
      const int f = faulty[static_cast<size_t>(rng.below(2))];
      const int pos = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
      for (int c = 0; c < prm.maxc; ++c)
        if (c != pos && cand[static_cast<size_t>(c)] == f)
          cand[static_cast<size_t>(c)] = (f + 1) % prm.nl;
      cand[static_cast<size_t>(pos)] = f;
    }
    const bool valid = rng.below(4) != 0;
    if (valid && n > 0) ++res.verdicts;
    tick(false, valid, rng.below(50) == 0 ? 15 : n);  // v_n beyond MAXC now and then
  }
  res.cycles = t;
  return true;
}

}  // namespace

Rn1MonitorRun rn1_monitor_lockstep(const Model& monitor, uint64_t seed, uint64_t cycles,
                                   const RunOptions& opt) {
  Rn1MonitorRun res;
  const twin::Rn1Monitor::Params prm = monitor_params(monitor);
  res.run = run_checked(monitor, opt, "rn1_monitor_" + std::to_string(seed),
                        "rn1 monitor seed=" + std::to_string(seed),
                        [&](Sim& sim, Checker& chk, const RunControl& ctl) {
                          Rn1MonitorRun r;
                          const bool ok = run_monitor(sim, chk, ctl, prm, seed, cycles, r);
                          if (!ctl.replay) res = r;
                          return ok;
                        });
  return res;
}

}  // namespace minforge::tb
