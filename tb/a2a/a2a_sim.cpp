// `minforge sim gsen|banyan` (a2a_rtl.hpp): one fabric and one engine variant of the
// requested parameter set, built on demand with the regression's recipe, run in lockstep.
#include <sstream>

#include "a2a/a2a_rtl.hpp"
#include "core/ondemand.hpp"

namespace minforge::tb {

std::vector<std::string> a2a_sim_specs(const A2aSimRequest& r) {
  // The spec fields C, S and PC by name (gen_sweep.py resolves them through mfparams.py).
  const auto nm = [](auto code) { return std::string(params::name(code)); };
  const int n = ceil_log2(static_cast<uint64_t>(r.N));
  const std::string NW = ":N=" + std::to_string(r.N) + ":W=" + std::to_string(r.W);
  const std::string P = ":P=" + std::to_string(r.pipeline ? 1 : 0);
  const bool tag = r.control == Ctrl::Tag;
  std::vector<std::string> specs;
  if (r.net == Net::Banyan) {
    specs.push_back("fabric:banyan" + NW + ":C=" + nm(r.control) + P);
    specs.push_back("engine:banyan" + NW + ":S=" + nm(Sched::Alt) + P + ":T=" + (tag ? "1" : "0"));
    return specs;
  }
  specs.push_back("fabric:gsen" + NW + ":C=" + nm(r.control) + P);
  std::string e = "engine:gsen" + NW + P;
  if (tag) {
    e += ":S=" + nm(r.N % 4 == 2 ? Sched::Alt : Sched::Stage) + ":T=1";
  } else if (!r.configs.empty() || r.control == Ctrl::Alt2 || r.control == Ctrl::Alt4 ||
             (r.control == Ctrl::Alt && r.N % 4 != 2)) {
    const size_t len = r.configs.empty() ? (size_t{1} << n) : r.configs.size();
    e += ":S=" + nm(Sched::Player) + ":T=0:PC=" + nm(r.control) + ":PL=" + std::to_string(len);
  } else {
    e += ":S=" + nm(r.control == Ctrl::Alt ? Sched::Alt : Sched::Stage) + ":T=0";
  }
  specs.push_back(e);
  return specs;
}

const Model& a2a_sim_model(const A2aSimRequest& r) {
  std::string call = "mf_a2a_model(mf_model NAME simtop MODULE SPECS";
  for (const auto& s : a2a_sim_specs(r)) call += " " + s;
  call += ")";
  return ondemand_model(OnDemandRequest{
      "a2a", call,
      std::string(r.net == Net::Banyan ? "banyan" : "gsen") + "_N" + std::to_string(r.N)});
}

A2aSimResult a2a_sim(const A2aSimRequest& r, const A2aModel& m) {
  A2aSimResult out;
  const A2aEngineVariant& ev = m.engines().at(0);
  RunOptions opt;
  opt.wave_dir = r.wave_dir;
  auto note = [&](const RunOutcome& o) {
    if (o.ok) return;
    ++out.mismatches;
    out.reports.push_back(o.first);
    if (!o.wave.empty()) out.waves.push_back(o.wave);
  };
  note(a2a_fabric_random(m, 0, r.seed, r.cycles, opt));
  opt.wave = r.wave;  // --wave traces the exchange
  out.ports = ev.N;
  out.width = ev.W;
  if (ev.use_tags)
    out.control = "tag";
  else if (ev.net == Net::Banyan)
    out.control = "stage";
  else
    out.control = ctrl_name(r.control);
  std::vector<uint32_t> configs = r.configs;
  if (configs.empty() && ev.sched == Sched::Player)
    for (int k = 0; k < ev.player_len; ++k) configs.push_back(static_cast<uint32_t>(k));
  const ExchangeResult res = ev.net == Net::Banyan && r.fault.enabled
                                 ? a2a_engine_fault(m, 0, r.fault, opt)
                                 : a2a_engine_exchange(m, 0, configs, r.fault, opt);
  note(res.run);
  out.rounds = res.rounds;
  out.latency = res.latency;
  out.cycles = res.cycles;
  out.delivered = res.delivered;
  out.lost = res.lost;
  out.duplicates = res.duplicates;
  return out;
}

}  // namespace minforge::tb
