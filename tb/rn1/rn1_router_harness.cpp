// The RN1 router rtl/rn1/rn1.v in lockstep with its twin minforge::twin::Rn1 (rn1_rtl.hpp):
// MODE_SEL = 0 (configuration register, written by cfg_we) or 1 (configuration from the
// pins cfg_dual / cfg_en every cycle; the same stimulus, whose writes become pin changes).
#include <array>
#include <string>

#include "core/sim.hpp"
#include "ports/rn1.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::tb {

using rn1::make_word;
using rn1::Word;
using rn1::word_ctl;
using rn1::word_data;
using twin::Rn1;
using twin::Rn1Mode;

namespace {

struct Sender {
  int state = 0;  // 0 idle, 1 sending, 2 waiting for the reply
  int left = 0, waited = 0;
  bool seen = false;
};
struct Responder {
  int state = 0;  // 0 listening, 1 replying
  int left = 0;
  bool receiving = false;
};

enum class Phase { kTraffic, kDrain, kJunk, kReset };

bool run_router(Sim& sim, Checker& chk, const RunControl& ctl, uint64_t seed, uint64_t cycles,
                int mode_sel, Rn1RouterRun& res) {
  Rn1Ports p(sim);
  Rng rng(seed);
  const uint16_t lseed = static_cast<uint16_t>(rng.next() | 1);
  Rn1 model(mode_sel == 1 ? Rn1Mode::kPins : Rn1Mode::kRegister);
  std::array<Sender, 8> snd{};
  std::array<Responder, 8> rsp{};
  std::array<Word, 8> fin{}, bin{};
  uint64_t t = 0;
  auto tick = [&](bool rst, const Rn1::Config& cfg) {
    chk.cycle = t;
    p.rst.set(rst ? 1 : 0);
    p.seed.set(lseed);
    p.cfg_we.set(cfg.we ? 1 : 0);
    p.cfg_dual.set(cfg.dual ? 1 : 0);
    p.cfg_en.set(cfg.en);
    for (int k = 0; k < 8; ++k) {
      p.fwd_in.set(9 * k, 9, fin[k]);
      p.bwd_in.set(9 * k, 9, bin[k]);
    }
    model.set_pins(cfg);
    sim.settle();
    // Compare every output channel before the edge.
    if (!rst) {
      static const char* const kFwd[] = {"fwd_out[0]", "fwd_out[1]", "fwd_out[2]", "fwd_out[3]",
                                         "fwd_out[4]", "fwd_out[5]", "fwd_out[6]", "fwd_out[7]"};
      static const char* const kBwd[] = {"bwd_out[0]", "bwd_out[1]", "bwd_out[2]", "bwd_out[3]",
                                         "bwd_out[4]", "bwd_out[5]", "bwd_out[6]", "bwd_out[7]"};
      static const std::string kWhere = "rn1";
      for (int k = 0; k < 8; ++k) {
        chk.eq(kWhere, kFwd[k], model.fwd_out(k), p.fwd_out.get(9 * k, 9));
        chk.eq(kWhere, kBwd[k], model.bwd_out(k), p.bwd_out.get(9 * k, 9));
      }
      chk.eq(kWhere, "dual_o", model.dual() ? 1 : 0, p.dual_o.value());
    }
    sim.edge();
    if (rst) {
      model.reset(lseed);
    } else {
      model.step(fin.data(), bin.data(), cfg);
    }
    ++t;
  };

  Rn1::Config cfg;
  // Two reset cycles.
  for (int k = 0; k < 2; ++k) tick(true, cfg);
  ++res.resets;
  Phase phase = Phase::kTraffic;
  uint64_t phase_left = 400;
  bool dual = false;
  uint8_t en = 0xFF;
  while (t < cycles && !ctl.stop(chk)) {
    cfg = Rn1::Config{false, dual, en};
    bool rst = false;
    if (phase_left == 0) {
      const uint64_t pick = rng.below(100);
      if (phase == Phase::kJunk) {
        phase = Phase::kReset;
        phase_left = 1;
      } else if (pick < 55) {
        phase = Phase::kTraffic;
        phase_left = 200 + rng.below(600);
      } else if (pick < 80) {
        phase = Phase::kDrain;
        phase_left = 80;
      } else if (pick < 92) {
        phase = Phase::kJunk;
        phase_left = 20 + rng.below(100);
      } else {
        phase = Phase::kReset;
        phase_left = 1;
      }
    }
    --phase_left;
    if (phase == Phase::kReset) {
      rst = true;
      dual = false;
      en = 0xFF;
      snd = {};
      rsp = {};
      fin = {};
      bin = {};
      ++res.resets;
      tick(true, cfg);
      continue;
    }
    if (phase == Phase::kJunk) {
      for (int k = 0; k < 8; ++k) {
        fin[k] = static_cast<Word>(rng.below(512));
        bin[k] = static_cast<Word>(rng.below(512));
      }
      if (rng.below(8) == 0) {
        cfg = Rn1::Config{true, rng.below(2) != 0, static_cast<uint8_t>(rng.next())};
        ++res.config_writes;
      }
      tick(rst, cfg);
      continue;
    }
    if (phase == Phase::kDrain && phase_left == 0) {
      // All transmissions finished: switch configuration.
      dual = rng.below(2) != 0;
      en = rng.below(3) == 0 ? static_cast<uint8_t>(rng.next()) : 0xFF;
      cfg = Rn1::Config{true, dual, en};
      ++res.config_writes;
    } else if (phase == Phase::kTraffic && rng.below(300) == 0) {
      en = static_cast<uint8_t>(rng.next() | rng.next());  // enable bits may change any time
      cfg = Rn1::Config{true, dual, en};
      ++res.config_writes;
    }
    const bool allow_new = phase == Phase::kTraffic;
    // Responders produce their registered outputs, then observe the router.
    for (int o = 0; o < 8; ++o) {
      Responder& r = rsp[o];
      bin[o] = (r.state == 1 && r.left > 0) ? make_word(true, static_cast<uint8_t>(rng.next())) : 0;
      if (r.state == 1) {
        if (r.left > 0) {
          --r.left;
        } else {
          r.state = 0;
        }
      }
      if (r.state == 0) {
        const Word w = model.fwd_out(o);
        if (word_ctl(w)) {
          r.receiving = true;
        } else if (r.receiving) {
          r.receiving = false;
          r.state = 1;
          r.left = static_cast<int>(rng.below(6));
        }
      }
    }
    for (int i = 0; i < 8; ++i) {
      Sender& s = snd[i];
      fin[i] = 0;
      switch (s.state) {
        case 0:
          if (allow_new && rng.below(100) < 20) {
            fin[i] = make_word(true, static_cast<uint8_t>(rng.next()));
            s.left = static_cast<int>(rng.below(7));
            s.state = 1;
            ++res.transmissions;
          }
          break;
        case 1:
          if (s.left > 0) {
            fin[i] = make_word(true, static_cast<uint8_t>(rng.next()));
            --s.left;
          } else {
            s.state = 2;
            s.waited = 0;
            s.seen = false;
          }
          break;
        default: {
          const Word b = model.bwd_out(i);
          if (word_ctl(b)) {
            if (!s.seen && (word_data(b) & 0x40)) ++res.drops;
            s.seen = true;
          } else if (s.seen || ++s.waited > 64) {
            s.state = 0;
          }
          break;
        }
      }
    }
    tick(rst, cfg);
  }
  res.cycles = t;
  return true;
}

}  // namespace

Rn1RouterRun rn1_router_lockstep(const Model& router, uint64_t seed, uint64_t cycles,
                                 const RunOptions& opt, int mode_sel) {
  if (mode_sel != 0 && mode_sel != 1) throw InvalidArgument("rn1 router lockstep: MODE_SEL 0 or 1");
  Rn1RouterRun res;
  res.run = run_checked(
      router, opt, "rn1_router_" + std::string(mode_sel ? "pins_" : "") + std::to_string(seed),
      "rn1 router MODE_SEL=" + std::to_string(mode_sel) + " seed=" + std::to_string(seed),
      [&](Sim& sim, Checker& chk, const RunControl& ctl) {
        Rn1RouterRun r;
        const bool ok = run_router(sim, chk, ctl, seed, cycles, mode_sel, r);
        if (!ctl.replay) res = r;
        return ok;
      });
  return res;
}

}  // namespace minforge::tb
