// minforge harness of the board tops (rtl/board/<board>_top.v), a typed library on the
// harness core: the exact top that is flashed runs from power-up, its UART line is decoded
// bit by bit like a host decodes it, and the report is checked against the models:
//   * the tag names the design, scheduler, N and W of the top;
//   * GSEN / banyan: C (cycles of one exchange) = rounds of the paper's schedule + the
//     fabric latency n; E = 0 and PASS; between the two lines R grows by their distance /
//     (C + 3) (+-1; 3 = the reporter's start/done handshake cycles);
//   * RN1 (rn1_selftest on the Fig. 20.9 network): no constant cycle count, each exchange
//     depends on the routers' random choices and the retries, so line k must show C = the
//     twin's cycles of exchange R (twin::rn1_board_exchanges: the self-test, the reporter's
//     handshake and the cycle-exact network with the top's seed and faults), E = its errors
//     summed over exchanges 1..R, PASS iff that sum is 0, and R the twin's exchange count
//     at the line's capture (+-1);
//   * LCAN (board_lcan_selftest: random permutations on the CB-LCAN): the same checks as
//     RN1 against twin::lcan_board_runs (the generator's permutations, each routed by the
//     engine's twin cycle for cycle);
//   * XPOSE (the matrix-transpose demonstration, rtl/board/board_xpose.v): C as GSEN / banyan,
//     E = 0, PASS, and S = the checksum twin::BoardXpose computes for exchange R (seed R - 1)
//     by moving the same matrix through the engine's twin, which must itself deliver the
//     transpose without error;
//   * BANYAN_FT (the transpose through banyan_ft_engine around a dead element, its plan image
//     loaded from the committed file): the file must be the model's image for the top's
//     fault, byte for byte (ft_image_hex of fault_tolerant_plan); C = B*T + LAT of the
//     fault-tolerant twin, E = 0, PASS, S = the twin's checksum for seed R - 1;
//   * AXIS (board_axis_demo: block-RAM processors streaming frames through the AXI4-Stream
//     IP): C = the IP's exchange cycles B*ROUNDS + LAT (the banyan data engine's twin), E = 0,
//     PASS, S = the closed-form checksum of frame R - 1 (twin::BoardXpose::
//     expected_stream_sum), and R grows by the line distance / (C + 1): a frame every
//     B*ROUNDS + LAT + 1 cycles, the IP's rate without pauses;
//   * the pass LED lit and the error LED dark (board polarity) when the report says PASS,
//     the reverse on FAIL; the second line no earlier than LINE_PERIOD after the first.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/dut.hpp"
#include "minforge/params.hpp"

namespace minforge::tb {

// What the top was built with (the board table, synth/boards/boards.json, and the harness's
// timing settings, tb/board/board.cmake): read from the model's manifest by board_expect().
struct BoardExpect {
  std::string top;     // the Verilog top, e.g. "icebreaker_top"
  std::string board;   // the board table's name, e.g. "icebreaker"
  std::string design;  // "gsen", "banyan", "rn1", "lcan", "banyan_ft" or "axis"
  int ports = 0, width = 0;
  int sched = params::code(params::Sched::Alt);  // GSEN: the params::Sched code (MF_SCHED_*)
  int64_t clk_hz = 0;
  int baud = static_cast<int>(params::kUartBaud);
  int64_t line_period = 0;  // cycles between report lines
  bool led_active_low = false;
  uint16_t rn1_seed = params::kSelftestSeed;   // RN1: the top's SEED
  std::vector<int> rn1_dead_links;             // RN1: the top's FLT_LINK_DEAD
  int lcan_d = 0, lcan_u = 0;                  // LCAN: CB-LCAN(ports, d, u), width = data bits
  uint16_t lcan_seed = params::kSelftestSeed;  // LCAN: the generator's SEED (board_lcan_selftest)
  int lcan_pipe = 0;                           // LCAN: the engine's PIPE (the top's PIPELINE)
  bool xpose = false;                          // gsen / banyan: built with XPOSE = 1 (board_xpose)
  int ft_stage = 0, ft_elem = 0;               // banyan_ft: the dead element E_IL
  std::string plan_file;                       // banyan_ft: the plan image the top loads
  int words = 1;                               // axis: B, words per (source, destination)
};

// The expectations of a board top's model, from the manifest its recipe embedded
// (mf_board_model in tb/board/board.cmake); throws std::runtime_error when the model has none.
BoardExpect board_expect(const Model& top);

// The board table (synth/boards/boards.json) as `minforge sim board` checks its request.
struct BoardTableRow {
  std::string board, top, default_design;
  std::vector<std::string> designs;        // in the table's order
  std::vector<std::string> xpose_designs;  // those built with XPOSE = 1 (the transpose demo)
};
std::vector<BoardTableRow> board_table();
// The designs that can also be built without the transpose (-GXPOSE=0: the payload
// self-test), when the table builds them with it.
bool board_xpose_optional(const std::string& design);

// The model of (board, design) built on demand with the regression's recipe (the same -G
// parameters and manifest as the CTest board_top_<board>_<design>_top; xpose 0 as the
// _selftest one; -1 keeps the table's; dead_links: the RN1 network's dead links, as
// board_top_ulx3s_rn1_top_cut), cached (tb/core/ondemand.hpp).
const Model& board_model(const std::string& board, const std::string& design, int xpose = -1,
                         const std::vector<int>& dead_links = {});

// "GSEN ALT N=010 W=016", "BANYAN N=016 W=016", "RN1 F209 N=016 F=000",
// "LCAN N=016 D=002 U=002", "BANYAN FT I=001 L=001 N=016 W=016", "AXIS BANYAN N=004 B=008
// W=016"; with xpose "XPOSE " before
// the GSEN / banyan / banyan_ft tag.
std::string board_tag(const BoardExpect& e);

struct BoardLine {
  std::string text;
  int64_t cycle = 0;  // cycle at which the '\n' stop bit was sampled
};
struct BoardCapture {
  std::vector<BoardLine> lines;
  int framing_errors = 0;
  int led_pass = -1, led_err = -1;  // as the first line went out (1 = lit)
};
// Called every few thousand simulated cycles with (cycle, limit): a progress display.
using BoardProgress = std::function<void(int64_t cycle, int64_t limit)>;
// Runs the top until `lines` report lines arrived or `limit` cycles passed.
BoardCapture board_capture(const Model& top, const BoardExpect& e, size_t lines, int64_t limit,
                           const BoardProgress& progress = {});

struct BoardResult {
  std::vector<BoardLine> lines;
  std::vector<std::string> notes;     // what the models predict
  std::vector<std::string> failures;  // empty: the top passed
};
// Two report lines, every check above.
BoardResult board_top_run(const Model& top, const BoardExpect& e,
                          const BoardProgress& progress = {});
// The run as text: "uart @<cycle>: <line>" per line, the notes, "FAIL: <check>" per failed
// check and the verdict "board top test passed" or "board top test FAILED".
std::string board_report(const BoardResult& r);

}  // namespace minforge::tb
