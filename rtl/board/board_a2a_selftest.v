// board_a2a_selftest: the self-testing all-to-all engine of the board tops
// (rtl/board/<board>_top.v with DESIGN = MF_DESIGN_GSEN or MF_DESIGN_BANYAN map its status
// to the board's LEDs).
//
// Power-on reset, the engine (rtl/engine/gsen_a2a_engine or banyan_a2a_engine: sources,
// scheduler, fabric, checking sinks) and board_reporter, which runs the all-to-all
// personalized exchange over and over from the board clock and sends a report line on the
// UART (BAUD 8N1) after the first exchange and then every LINE_PERIOD cycles:
//   "GSEN ALT N=010 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"   (GSEN)
//   "BANYAN N=008 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"     (banyan)
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + engine latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// XPOSE = 1 (the board tops' default): the real-data demonstration instead (board_xpose):
// every exchange moves a seeded N x N matrix (seed = exchanges completed before it) through
// the data engine, the sinks are checked in hardware as its transpose, and the line carries
// the checksum S of the last exchange's sink buffers, which the model predicts
// (twin::BoardXpose):
//   "XPOSE GSEN ALT N=010 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
// ENGINE = MF_DESIGN_BANYAN_FT (XPOSE = 1 only): the same through the fault-tolerant banyan
// engine with the dead element E_IL, its plan loaded from PLAN_FILE after reset:
//   "XPOSE BANYAN FT I=001 L=001 N=016 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
//
// Parameters
//   ENGINE                 the DESIGN codes of rtl/common/mf_params.vh: 0 (MF_DESIGN_GSEN)
//                          GSEN engine, 1 (MF_DESIGN_BANYAN) banyan engine (Latin-square
//                          schedule of paper 000, N rounds), 4 (MF_DESIGN_BANYAN_FT) the
//                          fault-tolerant banyan engine (board_xpose only)
//   N, W, PIPELINE         passed to the engine
//   SCHED                  GSEN only: 0 alternating control (Algorithm 4, N = 2 mod 4),
//                          1 stage control (2^n rounds)
//   CLK_HZ, BAUD           board clock and UART bit rate
//   LINE_PERIOD            cycles between report lines
//   XPOSE                  0: the self-test (payload(i, j)); 1: the transpose demonstration
//                          (GSEN SCHED 0 or 1; DW = W - 2*ceil(log2 N) must be 4..32)
//   FAULT_STAGE, FAULT_ELEM, PLAN_FILE, PLAN_LEN   banyan_ft: the dead element and the plan
//                          image (board_xpose)
// Ports
//   clk                    board oscillator
//   uart_tx                UART to the host
//   pass, fail             every exchange so far was correct / an error was counted
//   rounds [31:0]          exchanges completed
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
`include "mf_codes.vh"

module board_a2a_selftest #(
    parameter integer ENGINE = `MF_DESIGN_GSEN,
    parameter integer N = 10,
    parameter integer W = 16,
    parameter integer SCHED = `MF_SCHED_ALT,
    parameter integer PIPELINE = 1,
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = `MF_UART_BAUD,
    parameter integer LINE_PERIOD = CLK_HZ / 4,
    parameter integer XPOSE = 1,
    parameter integer FAULT_STAGE = 1,
    parameter integer FAULT_ELEM = 1,
    parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex",
    parameter integer PLAN_LEN = 48
) (
    input  wire        clk,
    output wire        uart_tx,
    output wire        pass,
    output wire        fail,
    output wire [31:0] rounds
);
`include "board_functions.vh"
`include "mf_params.vh"

  // Report tag: 20 characters for GSEN, 18 for banyan, 33 for banyan_ft (+ 6 for "XPOSE ").
  localparam integer TAG_LEN0 = (ENGINE == MF_DESIGN_GSEN) ? 20 :
                                (ENGINE == MF_DESIGN_BANYAN_FT) ? 33 : 18;
  localparam integer TAG_LEN = TAG_LEN0 + ((XPOSE != 0) ? 6 : 0);
  localparam [159:0] TAG_GSEN = {"GSEN ", bf_sched3(SCHED), " N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [143:0] TAG_BANYAN = {"BANYAN N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [263:0] TAG_FT = {"BANYAN FT I=", bf_dec3(FAULT_STAGE), " L=", bf_dec3(FAULT_ELEM),
                               " N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [263:0] TAG_ANY = (ENGINE == MF_DESIGN_GSEN) ? {104'd0, TAG_GSEN} :
                               (ENGINE == MF_DESIGN_BANYAN_FT) ? TAG_FT : {120'd0, TAG_BANYAN};
  // "XPOSE " right before the tag's text (the text is right-aligned in TAG_ANY)
  localparam [311:0] TAG_ALL = (XPOSE != 0) ? ({"XPOSE ", 264'd0} >> (264 - 8 * TAG_LEN0)) |
                                              {48'd0, TAG_ANY} : {48'd0, TAG_ANY};
  localparam [8*TAG_LEN-1:0] TAG = TAG_ALL[8*TAG_LEN-1:0];

  generate
    // (the check's name and message start as before banyan_ft: scripts/lint_rtl.sh expects them)
    `MF_PARAM_ERROR_IF(ENGINE != MF_DESIGN_GSEN && ENGINE != MF_DESIGN_BANYAN &&
                       ENGINE != MF_DESIGN_BANYAN_FT, g_bad_engine,
                       ERROR_board_a2a_selftest_ENGINE_must_be_0_or_1,
                       ("board_a2a_selftest: ENGINE must be 0 (GSEN) or 1 (banyan), or 4 (banyan_ft) (ENGINE=%0d)",
                        ENGINE))
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_BANYAN_FT && XPOSE == 0, g_bad_ft_xpose,
                       ERROR_board_a2a_selftest_banyan_ft_needs_XPOSE_1,
                       ("board_a2a_selftest: the fault-tolerant engine runs the transpose only (XPOSE=1)"))
    `MF_PARAM_ERROR_IF(XPOSE != 0 && XPOSE != 1, g_bad_xpose,
                       ERROR_board_a2a_selftest_XPOSE_must_be_0_or_1,
                       ("board_a2a_selftest: XPOSE must be 0 or 1 (XPOSE=%0d)", XPOSE))
  endgenerate

  wire rst;
  board_por u_por (
      .clk(clk),
      .rst(rst)
  );

  wire        eng_start;
  wire        eng_busy;
  wire        eng_done;
  wire [31:0] eng_cycles;
  wire [31:0] eng_delivered;
  wire [31:0] eng_errors;
  wire [31:0] eng_err_dst;
  wire [31:0] eng_err_payload;
  wire [31:0] eng_err_dup;
  wire [31:0] eng_missing;
  wire [31:0] eng_conflicts;
  wire [31:0] eng_sum;

  generate
    if (XPOSE != 0) begin : g_xpose
      board_xpose #(
          .ENGINE(ENGINE),
          .N(N),
          .W(W),
          .SCHED(SCHED),
          .PIPELINE(PIPELINE),
          .FAULT_STAGE(FAULT_STAGE),
          .FAULT_ELEM(FAULT_ELEM),
          .PLAN_FILE(PLAN_FILE),
          .PLAN_LEN(PLAN_LEN)
      ) u_xpose (
          .clk(clk),
          .rst(rst),
          .start(eng_start),
          .seed(rounds),
          .busy(eng_busy),
          .done(eng_done),
          .cycles(eng_cycles),
          .errors(eng_errors),
          .sum(eng_sum)
      );
      assign eng_delivered = 32'd0;
      assign eng_err_dst = 32'd0;
      assign eng_err_payload = 32'd0;
      assign eng_err_dup = 32'd0;
      assign eng_missing = 32'd0;
      assign eng_conflicts = 32'd0;
    end else if (ENGINE == MF_DESIGN_GSEN) begin : g_gsen
      localparam integer NS = $clog2(N);
      localparam integer PAW = 4;  // engine's player address width for its default PLAYER_LEN
      localparam integer PENTRY_W = N + 4 * ((NS + 3) / 4);
      gsen_a2a_engine #(
          .N(N),
          .W(W),
          .SCHED(SCHED),
          .PIPELINE(PIPELINE)
      ) u_engine (
          .clk(clk),
          .rst(rst),
          .start(eng_start),
          .busy(eng_busy),
          .done(eng_done),
          .cycles(eng_cycles),
          .delivered(eng_delivered),
          .errors(eng_errors),
          .err_dst(eng_err_dst),
          .err_payload(eng_err_payload),
          .err_dup(eng_err_dup),
          .missing(eng_missing),
          .conflicts(eng_conflicts),
          .pl_wr_en(1'b0),
          .pl_wr_addr({PAW{1'b0}}),
          .pl_wr_data({PENTRY_W{1'b0}})
      );
      assign eng_sum = 32'd0;
    end else begin : g_banyan
      localparam integer M = $clog2(N);
      localparam integer FSW = ($clog2(M) < 1) ? 1 : $clog2(M);  // engine's fault port widths
      localparam integer FEW = (M - 1 < 1) ? 1 : M - 1;
      banyan_a2a_engine #(
          .N(N),
          .W(W),
          .PIPELINE(PIPELINE)
      ) u_engine (
          .clk(clk),
          .rst(rst),
          .start(eng_start),
          .busy(eng_busy),
          .done(eng_done),
          .cycles(eng_cycles),
          .delivered(eng_delivered),
          .errors(eng_errors),
          .err_dst(eng_err_dst),
          .err_payload(eng_err_payload),
          .err_dup(eng_err_dup),
          .missing(eng_missing),
          .conflicts(eng_conflicts),
          .fault_en(1'b0),
          .fault_stage({FSW{1'b0}}),
          .fault_elem({FEW{1'b0}}),
          .fault_kind(2'b00)
      );
      assign eng_sum = 32'd0;
    end
  endgenerate

  // The detail counters are summed into `errors` by the engine; the board reports the sum.
  wire unused_engine = ^{eng_busy, eng_delivered, eng_err_dst, eng_err_payload, eng_err_dup,
                         eng_missing, eng_conflicts};

  board_reporter #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD),
      .TAG_LEN(TAG_LEN),
      .TAG(TAG),
      .SUM_FIELD(XPOSE)
  ) u_report (
      .clk(clk),
      .rst(rst),
      .eng_start(eng_start),
      .eng_done(eng_done),
      .eng_cycles(eng_cycles),
      .eng_errors(eng_errors),
      .eng_sum(eng_sum),
      .rounds(rounds),
      .pass(pass),
      .fail(fail),
      .uart_tx(uart_tx)
  );
endmodule

`default_nettype wire
