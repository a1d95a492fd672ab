// The board tops' harness (board_rtl.hpp): the flashed top run from power-up, its UART line
// decoded like a host decodes it, checked against what the twins and the papers' schedules
// predict.
#include "board/board_rtl.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/ondemand.hpp"
#include "core/sim.hpp"
#include "minforge/algo/banyan/banyan.hpp"
#include "minforge/algo/banyan/banyan_ft_plan.hpp"
#include "minforge/algo/gsen/gsen.hpp"
#include "minforge/algo/gsen/gsen_schedule.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/board/board_xpose.hpp"
#include "minforge/twin/board/lcan_selftest.hpp"
#include "minforge/twin/board/rn1_selftest.hpp"
#include "minforge/twin/engine/banyan_a2a_xchg.hpp"
#include "ports/board_top.hpp"

namespace minforge::tb {

namespace {

using Line = BoardLine;

// banyan_ft: the fabric latency of the board's pipelined engine (PIPELINE = 1: log2 N).
int ft_latency(const BoardExpect& e) { return banyan::Topology(e.ports).stages(); }

// The transpose demonstration's twin for the top (gsen / banyan, or banyan_ft with the plan
// image read from the top's file).
twin::BoardXpose xpose_twin(const BoardExpect& e, const banyan::FtImage& plan) {
  if (e.design == "banyan_ft")
    return twin::BoardXpose(e.ports, e.width, true, banyan::Fault{e.ft_stage, e.ft_elem}, plan);
  const bool alt = e.sched == params::code(params::Sched::Alt);
  return twin::BoardXpose(e.design == "gsen" ? twin::Net::Gsen : twin::Net::Banyan, e.ports,
                          e.width, alt ? twin::Sched::Alt : twin::Sched::Stage, true);
}

// Cycles of one exchange predicted by the golden model and the engines' twin: schedule
// rounds + fabric latency + the data engine's own pipeline stages (twin::A2aXchg::stages);
// banyan_ft: the plan's cycles + the fault-tolerant twin's latency.
int64_t model_cycles(const BoardExpect& e, const banyan::FtImage& plan) {
  if (e.design == "rn1" || e.design == "lcan") return -1;  // varies: the twins' board runs
  if (e.design == "banyan_ft") return xpose_twin(e, plan).exchange_cycles();
  if (e.design == "axis")  // the IP's banyan data engine (SRC_LAT 1, pipelined fabric)
    return twin::BanyanA2aXchg(e.ports, e.width, e.words, true, false).exchange_cycles();
  if (e.design == "gsen") {
    gsen::Topology t(e.ports);
    auto c = e.sched == params::code(params::Sched::Alt) ? params::Ctrl::Alt : params::Ctrl::Stage;
    auto s = gsen::personalized_exchange(e.ports, c);
    return s.rounds() + t.stages() + twin::A2aXchg::stages(e.ports, false);
  }
  banyan::Topology t(e.ports);
  return static_cast<int64_t>(banyan::latin_square(t).size()) + t.stages() +
         twin::A2aXchg::stages(e.ports, false);
}

rn1::FaultSet rn1_faults(const BoardExpect& e) {
  const auto& spec = rn1::net_spec(rn1::Topology::kFig20_9);
  auto f = rn1::FaultSet::none(spec);
  for (int l : e.rn1_dead_links) f.links.at(static_cast<size_t>(l)).dead = true;
  return f;
}

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
  uint32_t rounds = 0, cycles = 0, errors = 0, sum = 0;
  bool pass = false;
};

// The line carries the checksum field S: the transpose (XPOSE) and the AXI4-Stream demo.
bool has_sum(const BoardExpect& e) { return e.xpose || e.design == "axis"; }
// The line's length after the tag: 40, 51 with the checksum field.
size_t body_len(bool sum) { return sum ? 51 : 40; }

bool parse_line(const std::string& line, const std::string& tag, bool xpose, Report* r) {
  // "<tag> R=hhhhhhhh C=hhhhhhhh E=hhhhhhhh[ S=hhhhhhhh] (8 hex digits each) PASS\r\n"
  std::string body = line.substr(0, line.size() >= 2 ? line.size() - 2 : 0);
  if (line.size() != tag.size() + body_len(xpose) || line.compare(0, tag.size(), tag) != 0)
    return false;
  size_t b = tag.size();
  if (body.compare(b, 3, " R=") || body.compare(b + 11, 3, " C=") ||
      body.compare(b + 22, 3, " E=") || line.compare(line.size() - 2, 2, "\r\n"))
    return false;
  if (!parse_hex(body, b + 3, &r->rounds) || !parse_hex(body, b + 14, &r->cycles) ||
      !parse_hex(body, b + 25, &r->errors))
    return false;
  if (xpose && (body.compare(b + 33, 3, " S=") || !parse_hex(body, b + 36, &r->sum))) return false;
  std::string verdict = body.substr(b + (xpose ? 44 : 33));
  if (verdict != " PASS" && verdict != " FAIL") return false;
  r->pass = verdict == " PASS";
  return true;
}

}  // namespace

std::string board_tag(const BoardExpect& e) {
  char buf[64];
  if (e.xpose) {
    BoardExpect plain = e;
    plain.xpose = false;
    return "XPOSE " + board_tag(plain);
  }
  if (e.design == "rn1") {
    std::snprintf(buf, sizeof buf, "RN1 F209 N=%03d F=%03d", e.ports, rn1_faults(e).count());
  } else if (e.design == "axis") {
    std::snprintf(buf, sizeof buf, "AXIS BANYAN N=%03d B=%03d W=%03d", e.ports, e.words, e.width);
  } else if (e.design == "banyan_ft") {
    std::snprintf(buf, sizeof buf, "BANYAN FT I=%03d L=%03d N=%03d W=%03d", e.ft_stage, e.ft_elem,
                  e.ports, e.width);
  } else if (e.design == "lcan") {
    std::snprintf(buf, sizeof buf, "LCAN N=%03d D=%03d U=%03d", e.ports, e.lcan_d, e.lcan_u);
  } else if (e.design == "gsen") {
    const char* sched = e.sched == params::code(params::Sched::Alt) ? "ALT" : "STG";
    std::snprintf(buf, sizeof buf, "GSEN %s N=%03d W=%03d", sched, e.ports, e.width);
  } else {
    std::snprintf(buf, sizeof buf, "BANYAN N=%03d W=%03d", e.ports, e.width);
  }
  return buf;
}

BoardCapture board_capture(const Model& top, const BoardExpect& e, size_t want, int64_t limit,
                           const BoardProgress& progress) {
  const int64_t div = (e.clk_hz + e.baud / 2) / e.baud;
  Sim sim(top);  // no reset port: the top's power-on reset (board_por) starts it
  BoardTopPorts p(sim);
  UartDecoder uart(div);
  BoardCapture c;
  std::string cur;
  for (int64_t cycle = 0; cycle < limit && c.lines.size() < want; ++cycle) {
    if (progress && cycle % 4096 == 0) progress(cycle, limit);
    sim.edge();
    sim.settle();
    int byte = 0;
    bool ferr = false;
    if (uart.step(p.uart_tx.bit(0) ? 1 : 0, cycle, &byte, &ferr)) {
      cur.push_back(static_cast<char>(byte));
      if (byte == '\n') {
        c.lines.push_back({cur, cycle});
        cur.clear();
        if (c.lines.size() == 1) {  // the LEDs as the first line goes out
          int leds = static_cast<int>(p.led.value());
          if (e.led_active_low) leds = ~leds;
          c.led_pass = leds & 1;
          c.led_err = (leds >> 1) & 1;
        }
      }
    }
    if (ferr) ++c.framing_errors;
  }
  return c;
}

BoardResult board_top_run(const Model& top, const BoardExpect& e, const BoardProgress& progress) {
  BoardResult res;
  const std::string tag = board_tag(e);
  auto check = [&](bool ok, const std::string& what) {
    if (!ok) res.failures.push_back(what);
  };
  // banyan_ft: the committed plan image must be the model's, byte for byte
  banyan::FtImage plan;
  if (e.design == "banyan_ft") {
    std::ifstream in(e.plan_file);
    std::stringstream text;
    text << in.rdbuf();
    const banyan::Topology t(e.ports);
    const int lat = ft_latency(e);
    const auto want = banyan::ft_image(
        t, banyan::fault_tolerant_plan(t, banyan::Fault{e.ft_stage, e.ft_elem}, lat), lat, 2);
    check(in.good() && text.str() == banyan::ft_image_hex(want),
          e.plan_file + " is not the model's plan image for E_" + std::to_string(e.ft_stage) + "," +
              std::to_string(e.ft_elem) + " at latency " + std::to_string(lat) +
              " (minforge banyan fault --plan-hex)");
    plan = in.good() ? banyan::ft_image_parse(text.str()) : want;
  }
  const int64_t expect_cycles = model_cycles(e, plan);
  const int64_t div = (e.clk_hz + e.baud / 2) / e.baud;
  const int64_t line_cycles = 10 * div * static_cast<int64_t>(tag.size() + body_len(has_sum(e)));
  const int64_t limit = 2 * line_cycles + e.line_period + 4096;
  const BoardCapture c = board_capture(top, e, 2, limit, progress);
  res.lines = c.lines;
  auto note = [&](const std::string& what) { res.notes.push_back(what); };
  check(c.framing_errors == 0, "UART framing errors: " + std::to_string(c.framing_errors));
  check(c.lines.size() == 2, "expected two report c.lines, got " + std::to_string(c.lines.size()));
  Report r[2];
  bool parsed[2] = {false, false};
  for (size_t k = 0; k < c.lines.size(); ++k) {
    parsed[k] = parse_line(c.lines[k].text, tag, has_sum(e), &r[k]);
    check(parsed[k], "line " + std::to_string(k) + " does not have the format '" + tag +
                         " R=........ C=........ E=........" + (has_sum(e) ? " S=........" : "") +
                         " PASS|FAIL\\r\\n'");
  }
  bool expect_pass = true;
  // RN1 and LCAN: every exchange / permutation differs; the twin predicts each one.
  auto check_runs = [&](const auto& ex) {
    // A line's values are captured about one line time before its last stop bit; the
    // model counts edges from the first one after board_por's 16 reset cycles.
    const int64_t line_len = static_cast<int64_t>(tag.size() + 40);
    for (size_t k = 0; k < c.lines.size(); ++k) {
      if (!parsed[k]) continue;
      const uint32_t R = r[k].rounds;
      check(R >= 1 && R <= ex.size(), "R=" + std::to_string(R) + " outside the model's " +
                                          std::to_string(ex.size()) + " exchanges");
      if (R < 1 || R > ex.size()) continue;
      uint64_t esum = 0;
      for (uint32_t i = 0; i < R; ++i) esum += ex[i].errors;
      const uint32_t e_exp = esum > 0xffffffffull ? 0xffffffffu : static_cast<uint32_t>(esum);
      note("model: exchange " + std::to_string(R) + " took " + std::to_string(ex[R - 1].cycles) +
           " cycles, " + std::to_string(ex[R - 1].delivered) + " delivered, " +
           std::to_string(ex[R - 1].errors) + " errors (total " + std::to_string(e_exp) + ")");
      check(r[k].cycles == ex[R - 1].cycles, "C=" + std::to_string(r[k].cycles) + ", model says " +
                                                 std::to_string(ex[R - 1].cycles));
      check(r[k].errors == e_exp,
            "E=" + std::to_string(r[k].errors) + ", model says " + std::to_string(e_exp));
      check(r[k].pass == (e_exp == 0), std::string("line says ") + (r[k].pass ? "PASS" : "FAIL"));
      const int64_t capture = c.lines[k].cycle - line_len * (10 * div + 1) - 16;
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
  };
  const uint64_t edges = static_cast<uint64_t>(limit) + 1;
  if (e.design == "rn1") {
    // The whole board in the model, far enough to cover the exchanges the c.lines report.
    const auto& spec = minforge::rn1::net_spec(minforge::rn1::Topology::kFig20_9);
    check_runs(minforge::twin::rn1_board_exchanges(spec, rn1_faults(e), e.rn1_seed,
                                                   static_cast<size_t>(-1), edges));
  } else if (e.design == "lcan") {
    // CB-LCAN: the permutations of the top's generator, each routed by the engine's twin.
    check_runs(minforge::twin::lcan_board_runs(e.ports, e.lcan_d, e.lcan_u, e.width, e.lcan_seed,
                                               static_cast<size_t>(-1), edges, e.lcan_pipe));
  } else {
    note(e.top + ": model predicts C=" + std::to_string(expect_cycles) + " cycles per exchange");
    for (size_t k = 0; k < c.lines.size(); ++k) {
      if (!parsed[k]) continue;
      check(r[k].cycles == expect_cycles,
            "C=" + std::to_string(r[k].cycles) + ", model says " + std::to_string(expect_cycles));
      check(r[k].errors == 0, "E=" + std::to_string(r[k].errors) + ", expected 0");
      check(r[k].pass, "line says FAIL");
      if (e.design == "axis" && r[k].rounds >= 1) {
        // line R reports frame R - 1 (every frame is reported: it takes far more cycles than
        // the reporter's handshake)
        const uint32_t s =
            twin::BoardXpose::expected_stream_sum(e.ports, e.words, e.width, r[k].rounds - 1);
        check(r[k].sum == s, "S=" + std::to_string(r[k].sum) + ", model says " + std::to_string(s) +
                                 " for frame " + std::to_string(r[k].rounds - 1));
      }
      if (e.xpose && r[k].rounds >= 1) {
        // Exchange R moved the matrix of seed R - 1 (the reporter's count when it started).
        twin::BoardXpose x = xpose_twin(e, plan);
        const auto run = x.run(r[k].rounds - 1);
        char buf[96];
        std::snprintf(buf, sizeof buf, "model: exchange %u (seed %u) S=%08X, %u errors",
                      r[k].rounds, r[k].rounds - 1, run.sum, run.errors);
        note(buf);
        check(run.errors == 0 && run.cycles == expect_cycles &&
                  run.sum ==
                      twin::BoardXpose::expected_sum(e.ports, 1, x.data_width(), r[k].rounds - 1),
              "the twin's transpose is not clean");
        check(r[k].sum == run.sum,
              "S=" + std::to_string(r[k].sum) + ", model says " + std::to_string(run.sum));
      }
    }
    if (c.lines.size() == 2) {
      check(r[0].rounds >= 1, "first line R=0");
      int64_t grow = static_cast<int64_t>(r[1].rounds) - r[0].rounds;
      // a2a: an exchange and the reporter's 3 handshake cycles; axis: the IP's frame period
      const int64_t period = expect_cycles + (e.design == "axis" ? 1 : 3);
      int64_t want = (c.lines[1].cycle - c.lines[0].cycle) / period;
      check(grow >= want - 1 && grow <= want + 1, "R grew by " + std::to_string(grow) +
                                                      " in one line period, expected " +
                                                      std::to_string(want) + " +-1");
    }
  }
  if (c.lines.size() == 2) {
    check(c.lines[1].cycle - c.lines[0].cycle >= e.line_period, "second line came too early");
  }
  check(c.led_pass == (expect_pass ? 1 : 0),
        std::string("pass LED is ") + (c.led_pass == 1 ? "lit" : "dark"));
  check(c.led_err == (expect_pass ? 0 : 1),
        std::string("error LED is ") + (c.led_err == 1 ? "lit" : "dark"));
  return res;
}

std::string board_report(const BoardResult& r) {
  std::string out;
  for (const auto& l : r.lines) out += "uart @" + std::to_string(l.cycle) + ": " + l.text;
  for (const auto& n : r.notes) out += n + "\n";
  for (const auto& f : r.failures) out += "FAIL: " + f + "\n";
  out += r.failures.empty() ? "board top test passed\n" : "board top test FAILED\n";
  return out;
}

BoardExpect board_expect(const Model& top) {
  BoardExpect e;
  try {
    const auto j = nlohmann::json::parse(top.manifest);
    const auto& row = j.at("row");
    e.top = j.at("module").get<std::string>();
    e.board = j.at("board").get<std::string>();
    e.design = j.at("design").get<std::string>();
    // The RN1 design's row is empty: its network (Fig. 20.9) has 16 endpoints and 2 payload
    // bytes, which the tag check uses.
    e.ports = row.value("N", 16);
    e.width = row.value("W", 2);
    // the table names the scheduler ("SCHED": "alt"); rows of other designs have none
    const std::string sched = row.value("SCHED", std::string(params::name(params::Sched::Alt)));
    const auto sched_code = params::sched_from_name(sched);
    if (!sched_code)
      throw std::runtime_error("model " + top.name + ": SCHED \"" + sched +
                               "\" of the board table is not a MF_SCHED_* name");
    e.sched = params::code(*sched_code);
    e.lcan_d = row.value("D", 0);
    e.lcan_u = row.value("U", 0);
    e.lcan_pipe = row.value("PIPELINE", 0);
    e.words = row.value("B", 1);
    e.ft_stage = row.value("FAULT_STAGE", 0);
    e.ft_elem = row.value("FAULT_ELEM", 0);
    e.xpose = j.at("XPOSE").get<int>() != 0;
    e.clk_hz = j.at("CLK_HZ").get<int64_t>();
    e.baud = j.at("BAUD").get<int>();
    e.line_period = j.at("LINE_PERIOD").get<int64_t>();
    e.led_active_low = j.at("LED_ACTIVE_LOW").get<bool>();
    e.plan_file = j.at("PLAN_FILE").get<std::string>();
    e.rn1_dead_links = j.at("DEAD_LINKS").get<std::vector<int>>();
  } catch (const nlohmann::json::exception& x) {
    throw std::runtime_error("model " + top.name + ": no board manifest (" + x.what() + ")");
  }
  return e;
}

namespace {
// The table in its own order (ordered_json: the designs as listed).
const nlohmann::ordered_json& boards_json() {
  static const nlohmann::ordered_json j = [] {
    std::ifstream in(MF_BOARDS_JSON);
    if (!in) throw std::runtime_error(std::string("cannot read the board table ") + MF_BOARDS_JSON);
    return nlohmann::ordered_json::parse(in);
  }();
  return j;
}
}  // namespace

std::vector<BoardTableRow> board_table() {
  std::vector<BoardTableRow> rows;
  for (const auto& [name, b] : boards_json().items()) {
    BoardTableRow r;
    r.board = name;
    r.top = b.at("top").get<std::string>();
    r.default_design = b.at("default_design").get<std::string>();
    for (const auto& [design, row] : b.at("designs").items()) {
      r.designs.push_back(design);
      if (row.value("XPOSE", 0) != 0) r.xpose_designs.push_back(design);
    }
    rows.push_back(r);
  }
  return rows;
}

bool board_xpose_optional(const std::string& design) {
  return design == "gsen" || design == "banyan";
}

const Model& board_model(const std::string& board, const std::string& design, int xpose,
                         const std::vector<int>& dead_links) {
  std::string call = "mf_board_model(mf_model BOARD " + board + " DESIGN " + design;
  std::string label = "board_" + board + "_" + design;
  // (appended piece by piece: GCC 12 -Wrestrict misfires on "literal" + std::to_string here)
  if (xpose >= 0) {
    call += " XPOSE ";
    call += std::to_string(xpose);
    label += "_x";
    label += std::to_string(xpose);
  }
  if (!dead_links.empty()) {
    call += " DEAD_LINKS";
    for (int l : dead_links) {
      call += ' ';
      call += std::to_string(l);
    }
    label += "_dead";
    label += std::to_string(dead_links.size());
  }
  call += " MODULE)";
  return ondemand_model(OnDemandRequest{"board", call, label, {MF_BOARDS_JSON}});
}

}  // namespace minforge::tb
