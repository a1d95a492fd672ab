// Lockstep harness: Verilated rtl/rn1/rn1.v (configuration register) vs minforge::twin::Rn1.
#include <array>
#include <memory>
#include <sstream>

#include "Vrn1_router.h"
#include "rn1_rtl.hpp"
#include "rn1_rtl_bits.hpp"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace minforge::rn1::rtl {

using twin::Rn1;
using twin::Rn1Mode;

std::string Mismatch::describe() const {
  if (!found) return "no mismatch";
  std::ostringstream os;
  os << "cycle " << cycle << ", " << component << ", " << channel << ": expected 0x" << std::hex
     << expected << ", actual 0x" << actual;
  return os.str();
}

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

RouterRunResult run_router(uint64_t seed, uint64_t cycles, const std::string& fst,
                           uint64_t stop_after) {
  RouterRunResult res;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->traceEverOn(!fst.empty());
  auto top = std::make_unique<Vrn1_router>(ctx.get());
  std::unique_ptr<VerilatedFstC> tfp;
  if (!fst.empty()) {
    tfp = std::make_unique<VerilatedFstC>();
    top->trace(tfp.get(), 99);
    tfp->open(fst.c_str());
  }
  Rng rng(seed);
  const uint16_t lseed = static_cast<uint16_t>(rng.next() | 1);
  Rn1 model(Rn1Mode::kRegister);
  std::array<Sender, 8> snd{};
  std::array<Responder, 8> rsp{};
  std::array<Word, 8> fin{}, bin{};
  uint64_t t = 0;
  uint64_t vtime = 0;
  auto tick = [&](bool rst, const Rn1::Config& cfg) {
    top->rst = rst;
    top->seed = lseed;
    top->cfg_we = cfg.we;
    top->cfg_dual = cfg.dual;
    top->cfg_en = cfg.en;
    for (int k = 0; k < 8; ++k) {
      set_bits(top->fwd_in, 9 * k, 9, fin[k]);
      set_bits(top->bwd_in, 9 * k, 9, bin[k]);
    }
    top->clk = 0;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
    // Compare every output channel before the edge.
    if (!rst) {
      for (int k = 0; k < 8; ++k) {
        const unsigned ef = model.fwd_out(k), af = get_bits(top->fwd_out, 9 * k, 9);
        const unsigned eb = model.bwd_out(k), ab = get_bits(top->bwd_out, 9 * k, 9);
        for (int w = 0; w < 2; ++w) {
          const unsigned e = w ? eb : ef, a = w ? ab : af;
          if (e == a) continue;
          ++res.mismatches;
          if (!res.first.found) {
            res.first = {true, t, "rn1", (w ? "bwd_out[" : "fwd_out[") + std::to_string(k) + "]",
                         e,    a};
          }
        }
      }
      if (model.dual() != (top->dual_o != 0)) {
        ++res.mismatches;
        if (!res.first.found) {
          res.first = {true, t, "rn1", "dual_o", model.dual() ? 1u : 0u, top->dual_o};
        }
      }
    }
    top->clk = 1;
    top->eval();
    if (tfp) tfp->dump(vtime);
    vtime += 5;
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
  while (t < cycles && t <= stop_after) {
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
  if (tfp) tfp->close();
  top->final();
  return res;
}

}  // namespace

RouterRunResult router_lockstep(uint64_t seed, uint64_t cycles, const std::string& fst_path) {
  RouterRunResult r = run_router(seed, cycles, "", ~0ull);
  if (r.first.found && !fst_path.empty()) run_router(seed, cycles, fst_path, r.first.cycle + 4);
  return r;
}

}  // namespace minforge::rn1::rtl
