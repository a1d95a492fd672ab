// minforge harness core: Dut port lookup, Sim, Mismatch report, run_checked.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "core/check.hpp"
#include "core/dut.hpp"
#include "core/run.hpp"
#include "core/sim.hpp"

namespace minforge::tb {

bool Dut::has_port(std::string_view name) const {
  for (const auto& p : ports_)
    if (p.name == name) return true;
  return false;
}

Port Dut::port(std::string_view name) const {
  for (const auto& p : ports_)
    if (p.name == name) return p.port;
  throw std::logic_error(this->name() + " has no port '" + std::string(name) + "'");
}

Sim::Sim(const Model& model, const std::string& wave) : dut_(model.create()), wave_(wave) {
  clk_ = dut_->port("clk");
  if (!wave.empty()) {
    dut_->trace_open(wave);
    tracing_ = true;
  }
  clk_.set_bit(0, false);
  dut_->eval();
}

Sim::~Sim() {
  dut_->finish();
  if (tracing_) dut_->trace_close();
}

void Sim::reset(int cycles) {
  Port rst = dut_->port("rst");
  rst.set_bit(0, true);
  for (int c = 0; c < cycles; ++c) cycle();
  rst.set_bit(0, false);
}

std::string Mismatch::text() const {
  if (!found) return "no mismatch";
  std::string s = "MISMATCH cycle " + std::to_string(cycle);
  if (!where.empty()) s += " " + where;
  if (!signal.empty()) {
    char b[96];
    std::snprintf(b, sizeof b, " expected 0x%" PRIx64 " actual 0x%" PRIx64, expected, actual);
    s += " " + signal + b;
  }
  if (!note.empty()) s += " " + note;
  if (!context.empty()) s += " (" + context + ")";
  return s;
}

void Checker::record(const std::string& where, const char* signal, uint64_t e, uint64_t a,
                     const std::string& note) {
  if (count_++ == 0) first_ = Mismatch{true, cycle, where, signal, e, a, note, context_};
}

RunOutcome run_checked(const Model& model, const RunOptions& opt, const std::string& tag,
                       const std::string& context, const RunBody& body) {
  RunOutcome out;
  Checker chk(context);
  chk.inject = opt.inject;
  bool can_trace;
  {
    Sim sim(model, opt.wave);
    const bool body_ok = body(sim, chk, RunControl{});
    if (sim.failed()) chk.fail("RTL assertion failed");
    if (!body_ok && chk.ok()) chk.fail("the run stopped without a recorded mismatch");
    out.cycles = sim.cycles();
    can_trace = sim.dut().can_trace();
  }
  out.ok = chk.ok();
  out.mismatches = chk.count();
  out.first = chk.first();
  if (!opt.wave.empty()) out.wave = opt.wave;
  if (out.ok || !opt.wave.empty() || !can_trace) return out;
  // Replay on a fresh instance with tracing, up to a few cycles after the first mismatch.
  std::string dir = opt.wave_dir;
  if (dir.empty()) {
    const char* e = std::getenv("MINFORGE_WAVE_DIR");
    dir = e && *e ? e : ".";
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  out.wave = dir + "/" + tag + ".fst";
  Checker replay(context);
  replay.inject = opt.inject;
  Sim sim(model, out.wave);
  body(sim, replay, RunControl{out.first.cycle + 4, true});
  return out;
}

}  // namespace minforge::tb
