// Verilator harness for the board tops (rtl/board/*_top.v): runs the exact top that is
// flashed (its default parameters), decodes its UART line bit by bit like a host would,
// and checks the report against the golden model:
//   * the tag names the engine, scheduler, N and W of the top;
//   * C (cycles of one exchange) = rounds of the model's schedule + the fabric latency n;
//   * E = 0 and PASS; the pass LED is lit and the error LED dark (board polarity);
//   * a second line shows the exchange repeating: between the two snapshots (as far apart
//     as the two lines' last stop bits) R grows by that distance / (C + 3) (+-1; 3 = the
//     reporter's start/done handshake cycles).
// The RN1 top (engine "rn1": rn1_selftest on the Fig. 20.9 network) has no constant cycle
// count: each exchange depends on the routers' random choices and the retries.  Its
// expectations come from the C++ mirror of the whole board (minforge::twin::Rn1Selftest: the
// reporter's handshake, the self-test and the cycle-exact network model, with the top's
// seed and faults): line k must show C = the model's cycles of exchange R, E = the model's
// errors summed over exchanges 1..R, PASS iff that sum is 0, and R must be the model's
// exchange count at the moment the line was captured (+-1).
// LINE_PERIOD is the flashed value (CLK_HZ / 4) for the iCEBreaker tops; the larger tops are
// verilated with a shorter period (BOARD_LINE_PERIOD, CMakeLists.txt) to keep tests short.
// The top is chosen at compile time (tb/board/CMakeLists.txt): BOARD_TOP names the
// Verilator class, BOARD_* give the board facts the harness must agree with.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "minforge/algo/banyan.hpp"
#include "minforge/algo/gsen.hpp"
#include "minforge/algo/gsen_schedule.hpp"
#include "minforge/algo/rn1_topology.hpp"
#include "minforge/twin/rn1_selftest.hpp"
#include "verilated.h"

#define MF_STR2(x) #x
#define MF_STR(x) MF_STR2(x)
#include MF_STR(BOARD_TOP.h)

namespace {

// RN1 top: seed and dead links of the top as built (CMakeLists.txt passes the same values
// to Verilator as -GSEED / -GFLT_LINK_DEAD); BOARD_RN1_DEAD_LINKS is a list of link numbers.
#ifndef BOARD_RN1_SEED
#define BOARD_RN1_SEED 0xACE1
#endif
#ifndef BOARD_RN1_DEAD_LINKS
#define BOARD_RN1_DEAD_LINKS
#endif
constexpr int kRn1DeadLinks[] = {BOARD_RN1_DEAD_LINKS - 1};

struct Expect {
  std::string engine;  // "gsen", "banyan" or "rn1"
  int ports;
  int width;
  int sched;  // GSEN: 0 alt, 1 stage
  int64_t clk_hz;
  int baud;
  int64_t line_period;
  bool led_active_low;
};

int failures = 0;

void check(bool ok, const std::string& what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what.c_str());
    ++failures;
  }
}

// Cycles of one exchange predicted by the golden model: schedule rounds + pipeline latency.
int64_t model_cycles(const Expect& e) {
  if (e.engine == "rn1") return -1;  // varies per exchange: rn1_board_exchanges()
  if (e.engine == "gsen") {
    minforge::gsen::Topology t(e.ports);
    auto c = e.sched == 0 ? minforge::gsen::Control::Alt : minforge::gsen::Control::Stage;
    auto s = minforge::gsen::personalized_exchange(e.ports, c);
    return s.rounds() + t.stages();
  }
  minforge::banyan::Topology t(e.ports);
  return static_cast<int64_t>(minforge::banyan::latin_square(t).size()) + t.stages();
}

minforge::rn1::FaultSet rn1_faults() {
  const auto& spec = minforge::rn1::net_spec(minforge::rn1::Topology::kFig20_9);
  auto f = minforge::rn1::FaultSet::none(spec);
  for (int l : kRn1DeadLinks) {
    if (l >= 0) f.links.at(static_cast<size_t>(l)).dead = true;
  }
  return f;
}

std::string tag_of(const Expect& e) {
  char buf[64];
  if (e.engine == "rn1") {
    std::snprintf(buf, sizeof buf, "RN1 F209 N=%03d F=%03d", e.ports, rn1_faults().count());
  } else if (e.engine == "gsen") {
    std::snprintf(buf, sizeof buf, "GSEN %s N=%03d W=%03d", e.sched == 0 ? "ALT" : "STG", e.ports,
                  e.width);
  } else {
    std::snprintf(buf, sizeof buf, "BANYAN N=%03d W=%03d", e.ports, e.width);
  }
  return buf;
}

struct Line {
  std::string text;
  int64_t cycle = 0;  // cycle at which the '\n' stop bit was sampled
};

// Samples the UART pin once per clock and rebuilds bytes: start bit on a falling edge,
// data bits sampled in the middle of each bit time, stop bit must be 1.
class UartDecoder {
 public:
  explicit UartDecoder(int64_t div) : div_(div) {}
  // Returns true when a byte completed on this cycle (in *out).
  bool step(int tx, int64_t cycle, int* out, bool* framing_error) {
    *framing_error = false;
    if (!active_) {
      if (prev_ == 1 && tx == 0) {
        active_ = true;
        start_ = cycle;
        bit_ = 0;
        byte_ = 0;
      }
      prev_ = tx;
      return false;
    }
    prev_ = tx;
    int64_t mid = start_ + div_ / 2 + static_cast<int64_t>(bit_) * div_;
    if (cycle != mid) return false;
    if (bit_ == 0) {
      if (tx != 0) active_ = false;  // glitch, not a start bit
    } else if (bit_ <= 8) {
      byte_ |= (tx & 1) << (bit_ - 1);
    } else {
      active_ = false;
      if (tx != 1) {
        *framing_error = true;
        return false;
      }
      *out = byte_;
      return true;
    }
    ++bit_;
    return false;
  }

 private:
  int64_t div_;
  bool active_ = false;
  int prev_ = 1;
  int64_t start_ = 0;
  int bit_ = 0;
  int byte_ = 0;
};

bool parse_hex(const std::string& s, size_t pos, uint32_t* v) {
  if (pos + 8 > s.size()) return false;
  *v = 0;
  for (size_t k = pos; k < pos + 8; ++k) {
    char c = s[k];
    int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    *v = (*v << 4) | static_cast<uint32_t>(d);
  }
  return true;
}

struct Report {
  uint32_t rounds = 0, cycles = 0, errors = 0;
  bool pass = false;
};

bool parse_line(const std::string& line, const std::string& tag, Report* r) {
  // "<tag> R=hhhhhhhh C=hhhhhhhh E=hhhhhhhh (8 hex digits each) PASS\r\n"
  std::string body = line.substr(0, line.size() >= 2 ? line.size() - 2 : 0);
  if (line.size() != tag.size() + 40 || line.compare(0, tag.size(), tag) != 0) return false;
  size_t b = tag.size();
  if (body.compare(b, 3, " R=") || body.compare(b + 11, 3, " C=") ||
      body.compare(b + 22, 3, " E=") || line.compare(line.size() - 2, 2, "\r\n"))
    return false;
  if (!parse_hex(body, b + 3, &r->rounds) || !parse_hex(body, b + 14, &r->cycles) ||
      !parse_hex(body, b + 25, &r->errors))
    return false;
  std::string verdict = body.substr(b + 33);
  if (verdict != " PASS" && verdict != " FAIL") return false;
  r->pass = verdict == " PASS";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  const Expect e{BOARD_ENGINE, BOARD_N,    BOARD_W,           BOARD_SCHED,
                 BOARD_CLK_HZ, BOARD_BAUD, BOARD_LINE_PERIOD, BOARD_LED_ACTIVE_LOW != 0};
  const std::string tag = tag_of(e);
  const int64_t expect_cycles = model_cycles(e);
  const int64_t div = (e.clk_hz + e.baud / 2) / e.baud;
  const int64_t line_cycles = 10 * div * static_cast<int64_t>(tag.size() + 40);
  const int64_t limit = 2 * line_cycles + e.line_period + 4096;

  auto ctx = std::make_unique<VerilatedContext>();
  auto top = std::make_unique<BOARD_TOP>(ctx.get());
  UartDecoder uart(div);
  std::vector<Line> lines;
  std::string cur;
  int framing_errors = 0;
  int led_pass = -1, led_err = -1;
  top->clk = 0;
  top->eval();
  for (int64_t cycle = 0; cycle < limit && lines.size() < 2; ++cycle) {
    top->clk = 1;
    top->eval();
    top->clk = 0;
    top->eval();
    int byte = 0;
    bool ferr = false;
    if (uart.step(top->uart_tx & 1, cycle, &byte, &ferr)) {
      cur.push_back(static_cast<char>(byte));
      if (byte == '\n') {
        lines.push_back({cur, cycle});
        cur.clear();
        if (lines.size() == 1) {
          int leds = static_cast<int>(top->led);
          if (e.led_active_low) leds = ~leds;
          led_pass = leds & 1;
          led_err = (leds >> 1) & 1;
        }
      }
    }
    if (ferr) ++framing_errors;
  }
  top->final();

  for (const auto& l : lines) {
    std::printf("uart @%lld: %s", static_cast<long long>(l.cycle), l.text.c_str());
  }
  check(framing_errors == 0, "UART framing errors: " + std::to_string(framing_errors));
  check(lines.size() == 2, "expected two report lines, got " + std::to_string(lines.size()));
  Report r[2];
  bool parsed[2] = {false, false};
  for (size_t k = 0; k < lines.size(); ++k) {
    parsed[k] = parse_line(lines[k].text, tag, &r[k]);
    check(parsed[k], "line " + std::to_string(k) + " does not have the format '" + tag +
                         " R=........ C=........ E=........ PASS|FAIL\\r\\n'");
  }
  bool expect_pass = true;
  if (e.engine == "rn1") {
    // The whole board in the model, far enough to cover the exchanges the lines report.
    const auto& spec = minforge::rn1::net_spec(minforge::rn1::Topology::kFig20_9);
    const uint64_t edges = static_cast<uint64_t>(limit) + 1;
    const auto ex = minforge::twin::rn1_board_exchanges(
        spec, rn1_faults(), static_cast<uint16_t>(BOARD_RN1_SEED), static_cast<size_t>(-1), edges);
    // A line's values are captured about one line time before its last stop bit; the
    // model counts edges from the first one after board_por's 16 reset cycles.
    const int64_t line_len = static_cast<int64_t>(tag.size() + 40);
    for (size_t k = 0; k < lines.size(); ++k) {
      if (!parsed[k]) continue;
      const uint32_t R = r[k].rounds;
      check(R >= 1 && R <= ex.size(), "R=" + std::to_string(R) + " outside the model's " +
                                          std::to_string(ex.size()) + " exchanges");
      if (R < 1 || R > ex.size()) continue;
      uint64_t esum = 0;
      for (uint32_t i = 0; i < R; ++i) esum += ex[i].errors;
      const uint32_t e_exp = esum > 0xffffffffull ? 0xffffffffu : static_cast<uint32_t>(esum);
      std::printf("model: exchange %u took %u cycles, %u delivered, %u errors (total %u)\n", R,
                  ex[R - 1].cycles, ex[R - 1].delivered, ex[R - 1].errors, e_exp);
      check(r[k].cycles == ex[R - 1].cycles, "C=" + std::to_string(r[k].cycles) + ", model says " +
                                                 std::to_string(ex[R - 1].cycles));
      check(r[k].errors == e_exp,
            "E=" + std::to_string(r[k].errors) + ", model says " + std::to_string(e_exp));
      check(r[k].pass == (e_exp == 0), std::string("line says ") + (r[k].pass ? "PASS" : "FAIL"));
      const int64_t capture = lines[k].cycle - line_len * (10 * div + 1) - 16;
      size_t counted = 0;  // reporter counts an exchange one edge after its done
      while (counted < ex.size() && static_cast<int64_t>(ex[counted].end_edge) + 1 <= capture) {
        ++counted;
      }
      check(R + 1 >= counted && R <= counted + 1,
            "R=" + std::to_string(R) + ", model has " + std::to_string(counted) +
                " exchanges counted at the line's capture (+-1)");
    }
    if (parsed[0] && parsed[1]) check(r[1].rounds > r[0].rounds, "R did not grow");
    if (parsed[0]) expect_pass = r[0].errors == 0;
  } else {
    std::printf("%s: model predicts C=%lld cycles per exchange\n", MF_STR(BOARD_TOP),
                static_cast<long long>(expect_cycles));
    for (size_t k = 0; k < lines.size(); ++k) {
      if (!parsed[k]) continue;
      check(r[k].cycles == expect_cycles,
            "C=" + std::to_string(r[k].cycles) + ", model says " + std::to_string(expect_cycles));
      check(r[k].errors == 0, "E=" + std::to_string(r[k].errors) + ", expected 0");
      check(r[k].pass, "line says FAIL");
    }
    if (lines.size() == 2) {
      check(r[0].rounds >= 1, "first line R=0");
      int64_t grow = static_cast<int64_t>(r[1].rounds) - r[0].rounds;
      int64_t want = (lines[1].cycle - lines[0].cycle) / (expect_cycles + 3);
      check(grow >= want - 1 && grow <= want + 1, "R grew by " + std::to_string(grow) +
                                                      " in one line period, expected " +
                                                      std::to_string(want) + " +-1");
    }
  }
  if (lines.size() == 2) {
    check(lines[1].cycle - lines[0].cycle >= e.line_period, "second line came too early");
  }
  check(led_pass == (expect_pass ? 1 : 0),
        std::string("pass LED is ") + (led_pass == 1 ? "lit" : "dark"));
  check(led_err == (expect_pass ? 0 : 1),
        std::string("error LED is ") + (led_err == 1 ? "lit" : "dark"));
  std::printf("%s\n", failures ? "board top test FAILED" : "board top test passed");
  return failures ? 1 : 0;
}
