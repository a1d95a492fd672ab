// The regression driver of the all-to-all sweeps: every variant of the sweep top this
// executable is linked with (tb/a2a/CMakeLists.txt: mf_add_sweep), in lockstep with the
// twins (a2a_rtl.hpp).  Exit 0 when every variant matches, 1 on the first failure (its
// MISMATCH line, the waveform path and the command that reproduces it are printed).
//
// Usage: tb_<sweep> [--seed S] [--cycles C] [--fabric-variant K] [--engine-variant K]
//                   [--xchg-variant K] [--only fabric|engine|xchg] [--faults] [--wave FILE]
//                   [--wave-dir DIR]
//                   [--inject-mismatch CYCLE] [--quiet] [--cert FILE]... [--cert-corrupt]
//        tb_<sweep> --speed SECONDS        (every engine variant: Verilator alone and with
//                                           the twin attached, cycles per second)
// The seed defaults to $MINFORGE_SEED or 1; each variant derives its own from it.
// --cert FILE (repeatable): an R(N) certificate (docs/research/gsen_r<N>_k<K>.json, `minforge
// gsen rbound --out`); the individual-control player variant with N ports and K rounds
// replays its K state matrices instead of the default list, and must then deliver all N^2 B
// words (the certificate's claim, measured on the RTL in lockstep).  --cert-corrupt: the
// certificates are replayed with their first configuration replaced by their second (a
// planted corruption: the run must fail).
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "a2a/a2a_rtl.hpp"
#include "core/options.hpp"
#include "minforge/algo/banyan/banyan_fault.hpp"
#include "minforge/algo/gsen/gsen_rbound.hpp"

namespace minforge::tb::models {
const Model& Vsweep();  // the adapter of the linked sweep top (tb/core/vl_adapter.py)
}

namespace {

using namespace minforge::tb;
namespace params = minforge::params;

struct Options {
  int cycles = 300;
  int fabric_variant = -1, engine_variant = -1, xchg_variant = -1;
  std::string only;
  bool faults = false;
  double speed = 0;
  std::vector<std::string> certs;
  bool cert_corrupt = false;
  CommonOptions c;  // --seed, --wave, --wave-dir, --inject-mismatch, --quiet
};

// The options (tb/core/options.hpp); errors without a program prefix, as before.
int parse_args(int argc, char** argv, Options& o) {
  return read_options(argc, argv, "", o.c, [&](const std::string& s, OptionValue& v) {
    if (s == "--cycles")
      o.cycles = v.i32();
    else if (s == "--fabric-variant")
      o.fabric_variant = v.i32();
    else if (s == "--engine-variant")
      o.engine_variant = v.i32();
    else if (s == "--xchg-variant")
      o.xchg_variant = v.i32();
    else if (s == "--only")
      o.only = v.value();
    else if (s == "--faults")
      o.faults = true;
    else if (s == "--cert")
      o.certs.push_back(v.value());
    else if (s == "--cert-corrupt")
      o.cert_corrupt = true;
    else if (s == "--speed")
      o.speed = v.f64();
    else
      return Opt::Unknown;
    return Opt::Taken;
  });
}

uint64_t variant_seed(uint64_t base, int k, int salt) {
  uint64_t z = base + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k * 4 + salt + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Prints a failed run's report; returns false.
bool report(const RunOutcome& r) {
  report_failure(r);
  return false;
}

bool run_fabrics(const A2aModel& m, const Options& o, uint64_t* cycles) {
  for (int k = 0; k < static_cast<int>(m.fabrics().size()); ++k) {
    if (o.fabric_variant >= 0 && k != o.fabric_variant) continue;
    const RunOutcome r = a2a_fabric_random(m, k, variant_seed(o.c.seed, k, 0), o.cycles, o.c.run);
    *cycles += r.cycles;
    if (!r.ok) {
      report(r);
      std::printf("reproduce: %s --seed %" PRIu64 " --fabric-variant %d --only fabric\n",
                  m.top().c_str(), o.c.seed, k);
      return false;
    }
    long cyc = 0;
    const RunOutcome s = a2a_fabric_schedule(m, k, o.c.run, &cyc);
    *cycles += s.cycles;
    if (!s.ok) return report(s);
    if (!o.c.quiet) {
      if (cyc < 0)
        std::printf("ok   %s: random %d cycles, schedule n/a (it has partial rounds)\n",
                    m.describe_fabric(k).c_str(), o.cycles);
      else
        std::printf("ok   %s: random %d cycles, schedule %ld cycles\n",
                    m.describe_fabric(k).c_str(), o.cycles, cyc);
    }
  }
  return true;
}

// The certificate (--cert) an engine variant replays: "" when none; the schedule in *s.
std::string certificate_for(const A2aEngineVariant& v, const Options& o,
                            minforge::twin::A2aSchedule* s) {
  if (v.net != Net::Gsen || v.sched != Sched::Player || v.player_control != Ctrl::Indiv) return "";
  for (const std::string& f : o.certs) {
    minforge::gsen::RboundCertificate c = minforge::gsen::read_rbound_certificate(f);
    if (c.ports != v.N || c.configs != v.player_len) continue;
    if (o.cert_corrupt && c.set.size() > 1) c.set[0] = c.set[1];
    *s = minforge::twin::gsen_sched_player(v.N, c.set);
    return f;
  }
  return "";
}

bool run_engines(const A2aModel& m, const Options& o, uint64_t* cycles) {
  size_t certs_run = 0;
  for (int k = 0; k < static_cast<int>(m.engines().size()); ++k) {
    if (o.engine_variant >= 0 && k != o.engine_variant) continue;
    const A2aEngineVariant& v = m.engines()[static_cast<size_t>(k)];
    minforge::twin::A2aSchedule s = a2a_engine_schedule(v, {});
    const std::string cert = certificate_for(v, o, &s);
    const ExchangeResult res = a2a_engine_exchange(m, k, s, {}, o.c.run);
    *cycles += res.run.cycles;
    if (!res.run.ok) return report(res.run);
    if (!cert.empty()) {
      // The certificate claims every pair: the RTL must deliver all N^2 B words.
      ++certs_run;
      if (res.lost != 0 || res.duplicates != 0 ||
          res.delivered != static_cast<int64_t>(v.N) * v.N * v.B) {
        std::printf(
            "FAIL %s: certificate %s does not route all pairs on the RTL: delivered "
            "%" PRId64 " of %d, lost %" PRId64 " (the model: %zu pairs missing)\n",
            m.describe_engine(k).c_str(), cert.c_str(), res.delivered, v.N * v.N * v.B, res.lost,
            s.missing.size());
        return false;
      }
      if (!o.c.quiet)
        std::printf("ok   %s: certificate %s, %d state matrices replayed, all %" PRId64
                    " words delivered\n",
                    m.describe_engine(k).c_str(), cert.c_str(), v.player_len, res.delivered);
    }
    // The exchange: exactly B * rounds + latency cycles, N^2 B delivered, none lost or
    // duplicated (the player variants of the sweep replay a full cover or report the missing
    // pairs).
    const int64_t expect_lost = static_cast<int64_t>(s.missing.size()) * v.B;
    const long expect_cycles = static_cast<long>(res.blocks) * res.rounds + res.latency;
    if (res.cycles != expect_cycles || res.lost != expect_lost || res.duplicates != 0 ||
        res.delivered != static_cast<int64_t>(v.N) * v.N * v.B - expect_lost) {
      std::printf("FAIL %s: cycles %ld (expected %ld), delivered %" PRId64 ", lost %" PRId64
                  " (expected %" PRId64 "), duplicates %" PRId64 "\n",
                  m.describe_engine(k).c_str(), res.cycles, expect_cycles, res.delivered, res.lost,
                  expect_lost, res.duplicates);
      return false;
    }
    if (!o.c.quiet)
      std::printf("ok   %s: %d x %d rounds + %d latency = %ld cycles, delivered %" PRId64 "\n",
                  m.describe_engine(k).c_str(), res.blocks, res.rounds, res.latency, res.cycles,
                  res.delivered);
    if (!(o.faults && v.net == Net::Banyan && v.N >= 8)) continue;
    const minforge::banyan::Topology t(v.N);
    for (int st = 1; st + 1 < t.stages(); ++st)
      for (int l = 0; l < v.N / 2; ++l)
        for (const auto& fk : params::kFaultNames) {
          const int kind = params::code(fk.code);
          const ExchangeResult fr = a2a_engine_fault(m, k, BanyanFault{true, st, l, kind}, o.c.run);
          *cycles += fr.run.cycles;
          if (!fr.run.ok) {
            std::printf("(fault E_%d,%d %s)\n", st, l, fault_name(kind));
            return report(fr.run);
          }
        }
    if (!o.c.quiet)
      std::printf(
          "ok   %s: every internal fault (dead: 2N pairs lost; stuck: the model's corrupted "
          "paths)\n",
          m.describe_engine(k).c_str());
  }
  if (o.engine_variant < 0 && certs_run < o.certs.size()) {
    std::printf(
        "FAIL %zu of %zu certificates have no individual-control player variant of "
        "their N and K\n",
        o.certs.size() - certs_run, o.certs.size());
    return false;
  }
  return true;
}

// The data engines: random words, two exchanges each, the sinks end as the transpose; with
// --faults, the banyan variants N = 8, 16 under every internal fault (dead: the 2N B words of the
// blocked pairs missing; stuck: misrouted words reported, never written).
bool run_xchgs(const A2aModel& m, const Options& o, uint64_t* cycles) {
  for (int k = 0; k < static_cast<int>(m.xchgs().size()); ++k) {
    if (o.xchg_variant >= 0 && k != o.xchg_variant) continue;
    const A2aXchgVariant& v = m.xchgs()[static_cast<size_t>(k)];
    const XchgResult res = a2a_xchg_exchange(m, k, variant_seed(o.c.seed, k, 2), {}, o.c.run);
    *cycles += res.run.cycles;
    if (!res.run.ok) {
      report(res.run);
      std::printf("reproduce: %s --seed %" PRIu64 " --xchg-variant %d --only xchg\n",
                  m.top().c_str(), o.c.seed, k);
      return false;
    }
    const auto s = a2a_xchg_schedule(v);
    const int64_t expect_lost = static_cast<int64_t>(s.missing.size()) * v.B;
    const long expect_cycles = static_cast<long>(res.blocks) * res.rounds + res.latency;
    if (res.cycles != expect_cycles || res.lost != expect_lost || res.duplicates != 0 ||
        res.misrouted != 0 ||
        res.delivered != static_cast<int64_t>(v.N) * v.N * v.B - expect_lost) {
      std::printf("FAIL %s: cycles %ld (expected %ld), delivered %" PRId64 ", lost %" PRId64
                  " (expected %" PRId64 "), duplicates %" PRId64 ", misrouted %" PRId64 "\n",
                  m.describe_xchg(k).c_str(), res.cycles, expect_cycles, res.delivered, res.lost,
                  expect_lost, res.duplicates, res.misrouted);
      return false;
    }
    if (!o.c.quiet)
      std::printf("ok   %s: %d x %d rounds + %d latency = %ld cycles, %" PRId64
                  " words transposed\n",
                  m.describe_xchg(k).c_str(), res.blocks, res.rounds, res.latency, res.cycles,
                  res.transposed);
    // (the tag-routed and N >= 32 variants: the exchange only; the self-test engines'
    // campaigns cover the fabric's fault paths at every N up to 32)
    if (!(o.faults && v.net == Net::Banyan && v.N >= 8 && v.N <= 16 && !v.use_tags)) continue;
    const minforge::banyan::Topology t(v.N);
    for (int st = 1; st + 1 < t.stages(); ++st)
      for (int l = 0; l < v.N / 2; ++l)
        for (const auto& fk : params::kFaultNames) {
          const int kind = params::code(fk.code);
          const XchgResult fr = a2a_xchg_exchange(m, k, variant_seed(o.c.seed, k, 3),
                                                  BanyanFault{true, st, l, kind}, o.c.run);
          *cycles += fr.run.cycles;
          if (!fr.run.ok) {
            std::printf("(fault E_%d,%d %s)\n", st, l, fault_name(kind));
            return report(fr.run);
          }
          const bool dead = fk.code == params::Fault::Dead;
          const int64_t want_lost = dead ? 2LL * v.N * v.B : fr.misrouted;
          if (fr.lost != want_lost || (!dead && fr.misrouted == 0)) {
            std::printf("FAIL %s fault E_%d,%d %s: lost %" PRId64 " (expected %" PRId64
                        "), misrouted %" PRId64 "\n",
                        m.describe_xchg(k).c_str(), st, l, fault_name(kind), fr.lost, want_lost,
                        fr.misrouted);
            return false;
          }
        }
    if (!o.c.quiet)
      std::printf(
          "ok   %s: every internal fault (dead: 2N B words missing; stuck: misrouted "
          "words never written)\n",
          m.describe_xchg(k).c_str());
  }
  return true;
}

int run_speed(const A2aModel& m, double secs) {
  for (int k = 0; k < static_cast<int>(m.engines().size()); ++k) {
    const A2aEngineVariant& v = m.engines()[static_cast<size_t>(k)];
    const A2aSpeed s = a2a_speed(m, k, secs);
    std::printf("SPEED N=%d W=%d verilator_cps=%.0f lockstep_cps=%.0f ratio=%.3f\n", v.N, v.W,
                s.verilator_cps, s.lockstep_cps, s.lockstep_cps / s.verilator_cps);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const int rc = parse_args(argc, argv, o); rc >= 0) return rc;
  try {
    const A2aModel m(minforge::tb::models::Vsweep());
    if (o.speed > 0) return run_speed(m, o.speed);
    const auto t0 = std::chrono::steady_clock::now();
    std::printf("%s: seed %" PRIu64 " (reproduce: --seed %" PRIu64 ")\n", m.top().c_str(), o.c.seed,
                o.c.seed);
    uint64_t cycles = 0;
    bool ok = true;
    if (o.only.empty() || o.only == "fabric") ok = run_fabrics(m, o, &cycles);
    if (ok && (o.only.empty() || o.only == "engine")) ok = run_engines(m, o, &cycles);
    if (ok && (o.only.empty() || o.only == "xchg")) ok = run_xchgs(m, o, &cycles);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %s (%" PRIu64 " clock cycles in %.2f s)\n", m.top().c_str(),
                ok ? "all variants match the model" : "FAILED", cycles, secs);
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "harness error: %s\n", e.what());
    return 3;
  }
}
