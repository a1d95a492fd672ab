// board_a2a_selftest: the all-to-all engine of the board tops' GSEN, banyan and banyan_ft
// designs (rtl/board/board_selftest.v with DESIGN = MF_DESIGN_GSEN, MF_DESIGN_BANYAN or
// MF_DESIGN_BANYAN_FT: it adds the power-on reset and board_reporter, which runs the engine
// over and over through the start/done handshake below and sends the report line).
//
// XPOSE = 0: the self-test engine (rtl/engine/gsen_a2a_engine or banyan_a2a_engine: sources,
// scheduler, fabric, checking sinks) moves payload(i, j) in every exchange; eng_errors is the
// engine's error count (its detail counters summed).
// XPOSE = 1 (the board tops' default): the real-data demonstration instead (board_xpose):
// every exchange moves a seeded N x N matrix (seed = `rounds`, the exchanges completed
// before it) through the data engine, the sinks are checked in hardware as its transpose,
// and eng_sum is the checksum of the exchange's sink buffers, which the model predicts
// (twin::BoardXpose).
// ENGINE = MF_DESIGN_BANYAN_FT (XPOSE = 1 only): the same through the fault-tolerant banyan
// engine with the dead element E_IL, its plan loaded from PLAN_FILE after reset.
// The report line (board_selftest): "[XPOSE ]GSEN ALT N=010 W=016 R=.. C=.. E=..[ S=..] PASS",
// C = cycles of the last exchange (= rounds + engine latency).  See docs/synth.md.
//
// Parameters
//   ENGINE                 the DESIGN codes of rtl/common/mf_params.vh: 0 (MF_DESIGN_GSEN)
//                          GSEN engine, 1 (MF_DESIGN_BANYAN) banyan engine (Latin-square
//                          schedule of paper 000, N rounds), 4 (MF_DESIGN_BANYAN_FT) the
//                          fault-tolerant banyan engine (board_xpose only)
//   N, W, PIPELINE         passed to the engine
//   SCHED                  GSEN only: 0 alternating control (Algorithm 4, N = 2 mod 4),
//                          1 stage control (2^n rounds)
//   XPOSE                  0: the self-test (payload(i, j)); 1: the transpose demonstration
//                          (GSEN SCHED 0 or 1; DW = W - 2*ceil(log2 N) must be 4..32)
//   FAULT_STAGE, FAULT_ELEM, PLAN_FILE, PLAN_LEN   banyan_ft: the dead element and the plan
//                          image (board_xpose)
// Ports
//   clk, rst               board clock, synchronous reset (board_por)
//   eng_start              start of an exchange (board_reporter)
//   rounds [31:0]          exchanges completed before this one (the transpose's seed)
//   eng_done               level: the exchange finished (until the next start)
//   eng_cycles, eng_errors, eng_sum [31:0]   its cycles, errors and checksum (0 unless XPOSE)
// Timing: the engine's; eng_sum ends in board_reporter's input register.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_codes.vh"

module board_a2a_selftest #(
    parameter integer ENGINE = `MF_DESIGN_GSEN,
    parameter integer N = 10,
    parameter integer W = 16,
    parameter integer SCHED = `MF_SCHED_ALT,
    parameter integer PIPELINE = 1,
    parameter integer XPOSE = 1,
    parameter integer FAULT_STAGE = 1,
    parameter integer FAULT_ELEM = 1,
    parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex",
    parameter integer PLAN_LEN = 48
) (
    input  wire        clk, rst, eng_start,
    input  wire [31:0] rounds,
    output wire        eng_done,
    output wire [31:0] eng_cycles, eng_errors, eng_sum
);
`include "mf_params.vh"
`include "mf_functions.vh"
`include "a2a_functions.vh"

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

  wire        eng_busy;
  wire [31:0] eng_delivered;
  wire [31:0] eng_err_dst;
  wire [31:0] eng_err_payload;
  wire [31:0] eng_err_dup;
  wire [31:0] eng_missing;
  wire [31:0] eng_conflicts;

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
      localparam integer PLEN = 2;  // the player (SCHED 2, not a board setting): unused
      localparam integer PAW = mf_addr_w(PLEN);
      localparam integer PENTRY_W = a2a_player_ew(N);
      gsen_a2a_engine #(.N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE), .PLAYER_LEN(PLEN))
      u_engine (
          .clk(clk), .rst(rst), .start(eng_start), .busy(eng_busy), .done(eng_done),
          .cycles(eng_cycles), .delivered(eng_delivered), .errors(eng_errors),
          .err_dst(eng_err_dst), .err_payload(eng_err_payload), .err_dup(eng_err_dup),
          .missing(eng_missing), .conflicts(eng_conflicts),
          .pl_wr_en(1'b0), .pl_wr_addr({PAW{1'b0}}), .pl_wr_data({PENTRY_W{1'b0}})
      );
      assign eng_sum = 32'd0;
    end else begin : g_banyan
      localparam integer FSW = banyan_fsw(N);  // the engine's fault port widths
      localparam integer FEW = banyan_few(N);
      banyan_a2a_engine #(.N(N), .W(W), .PIPELINE(PIPELINE)) u_engine (
          .clk(clk), .rst(rst), .start(eng_start), .busy(eng_busy), .done(eng_done),
          .cycles(eng_cycles), .delivered(eng_delivered), .errors(eng_errors),
          .err_dst(eng_err_dst), .err_payload(eng_err_payload), .err_dup(eng_err_dup),
          .missing(eng_missing), .conflicts(eng_conflicts),
          .fault_en(1'b0), .fault_stage({FSW{1'b0}}), .fault_elem({FEW{1'b0}}),
          .fault_kind(2'b00)
      );
      assign eng_sum = 32'd0;
    end
  endgenerate

  // The detail counters are summed into `errors` by the engine; the board reports the sum.
  // (rounds: the transpose's seed only)
  wire unused_engine = ^{eng_busy, eng_delivered, eng_err_dst, eng_err_payload, eng_err_dup,
                         eng_missing, eng_conflicts, rounds};
endmodule

`default_nettype wire
