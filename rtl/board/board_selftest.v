// board_selftest: the self-test a board top runs, chosen by DESIGN (rtl/board/<board>_top.v
// keeps its pins, its clock, the designs it carries and their defaults, the board table
// synth/boards/boards.json; this module is the design selection all tops share).  It holds
// what every design shares, written once: the power-on reset (board_por), the report
// (board_reporter: runs the design's engine over and over through its start/done handshake,
// keeps the totals, drives pass/fail, sends the line on the UART) and each design's tag at
// the start of the line.  The design modules below are engines behind that handshake.
//
//   DESIGN gsen, banyan, banyan_ft  board_a2a_selftest (ENGINE = DESIGN): the all-to-all
//                                   engine, or with XPOSE = 1 the transpose demonstration
//   DESIGN lcan                     board_lcan_selftest: CB-LCAN(N, D, U) random permutations
//   DESIGN rn1                      board_rn1_selftest: the RN1 16x16 network of Fig. 20.9
//   DESIGN axis                     board_axis_demo: the AXI4-Stream exchange IP (banyan)
// The report goes out on the UART (BAUD 8N1) after the first run and then every LINE_PERIOD
// cycles: "<tag> R=rrrrrrrr C=cccccccc E=eeeeeeee[ S=ssssssss] PASS\r\n" (R runs completed, C
// cycles of the last run, E errors summed, hex; S the design's checksum where it has one):
//   gsen        "GSEN ALT N=010 W=016"  (the scheduler ALT, STG or PLY), "XPOSE " before it
//               and S with XPOSE = 1
//   banyan      "BANYAN N=008 W=016", the same with XPOSE
//   banyan_ft   "XPOSE BANYAN FT I=001 L=001 N=016 W=016" (the dead element E_IL)
//   lcan        "LCAN N=016 D=002 U=002"
//   rn1         "RN1 F209 N=016 F=000" (F: injected fault sites, dead routers + dead or stuck
//               links)
//   axis        "AXIS BANYAN N=004 B=008 W=016", with S
//
// Parameters
//   DESIGN                 MF_DESIGN_* of rtl/common/mf_codes.vh (the top checks that its
//                          board carries it; an unknown code stops elaboration here)
//   N, W, SCHED, PIPELINE, XPOSE, FAULT_STAGE, FAULT_ELEM, PLAN_FILE, PLAN_LEN
//                          gsen / banyan / banyan_ft: board_a2a_selftest
//   N, D, U, W, SEED       lcan: board_lcan_selftest (PIPELINE is its PIPE)
//   N, B, W, SRC_LAT       axis: board_axis_demo
//   SEED, MAX_ATT, FLT_*   rn1: board_rn1_selftest (the network, seed, attempts, faults)
//   CLK_HZ, BAUD, LINE_PERIOD   board clock, UART bit rate, cycles between report lines
// Derived: TAG_LEN, TAG (the design's tag), SUM_FIELD (1: the line carries S)
// Ports
//   clk                    board oscillator
//   uart_tx                UART to the host
//   pass, fail             every run so far was correct / an error was counted
//   activity [5:0]         six bits of the run counter that toggle at a visible rate: bits
//                          19..14 for rn1 (slow exchanges), 23..18 otherwise
// Timing: that of the chosen self-test (registered UART output).
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
`include "mf_codes.vh"

module board_selftest #(
    parameter integer DESIGN = `MF_DESIGN_GSEN,
    parameter integer N = 10,
    parameter integer W = 16,
    parameter integer B = 8,
    parameter integer D = 2,
    parameter integer U = 2,
    parameter integer SCHED = `MF_SCHED_ALT,
    parameter integer PIPELINE = 1,
    parameter integer SRC_LAT = 1,
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = `MF_UART_BAUD,
    parameter integer LINE_PERIOD = CLK_HZ / 4,
    parameter integer XPOSE = 1,
    parameter integer FAULT_STAGE = 1,
    parameter integer FAULT_ELEM = 1,
    parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex",
    parameter integer PLAN_LEN = 48,
    parameter [15:0] SEED = `MF_SELFTEST_SEED,
    parameter integer MAX_ATT = 64,
    parameter [7:0] FLT_ROUTER_DEAD = 8'd0,
    parameter [95:0] FLT_LINK_DEAD = 96'd0,
    parameter [95:0] FLT_LINK_STUCK = 96'd0,
    parameter [95:0] FLT_LINK_DIR = 96'd0,
    parameter [287:0] FLT_LINK_BIT = 288'd0,
    parameter [95:0] FLT_LINK_VAL = 96'd0
) (
    input  wire       clk,
    output wire       uart_tx,
    output wire       pass,
    output wire       fail,
    output wire [5:0] activity
);
`include "board_functions.vh"
`include "mf_params.vh"

  generate
    `MF_PARAM_ERROR_IF(DESIGN < MF_DESIGN_GSEN || DESIGN > MF_DESIGN_AXIS, g_bad_design,
                       ERROR_board_selftest_unknown_DESIGN,
                       ("board_selftest: DESIGN must be an MF_DESIGN_* code (DESIGN=%0d)",
                        DESIGN))
  endgenerate

  // ---- the report line's tag and S field of each design ----
  // number of set bits of a fault mask (the RN1 tag's F)
  function integer ones96;
    input [95:0] v;
    integer b;
    begin
      ones96 = 0;
      for (b = 0; b < 96; b = b + 1) ones96 = ones96 + (v[b] ? 1 : 0);
    end
  endfunction

  // all-to-all engines: 20 characters for GSEN, 18 for banyan, 33 for banyan_ft (+ 6 for
  // "XPOSE ", right before the text, which is right-aligned in TAG_A2A0)
  localparam integer A2A_LEN0 = (DESIGN == MF_DESIGN_GSEN) ? 20 :
                                (DESIGN == MF_DESIGN_BANYAN_FT) ? 33 : 18;
  localparam [159:0] TAG_GSEN = {"GSEN ", bf_sched3(SCHED), " N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [143:0] TAG_BANYAN = {"BANYAN N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [263:0] TAG_FT = {"BANYAN FT I=", bf_dec3(FAULT_STAGE), " L=", bf_dec3(FAULT_ELEM),
                               " N=", bf_dec3(N), " W=", bf_dec3(W)};
  localparam [263:0] TAG_A2A0 = (DESIGN == MF_DESIGN_GSEN) ? {104'd0, TAG_GSEN} :
                                (DESIGN == MF_DESIGN_BANYAN_FT) ? TAG_FT : {120'd0, TAG_BANYAN};
  localparam [311:0] TAG_A2A = (XPOSE != 0) ? ({"XPOSE ", 264'd0} >> (264 - 8 * A2A_LEN0)) |
                                              {48'd0, TAG_A2A0} : {48'd0, TAG_A2A0};
  localparam [175:0] TAG_LCAN = {"LCAN N=", bf_dec3(N), " D=", bf_dec3(D), " U=", bf_dec3(U)};
  localparam [231:0] TAG_AXIS = {"AXIS BANYAN N=", bf_dec3(N), " B=", bf_dec3(B), " W=",
                                 bf_dec3(W)};
  localparam integer RN1_NE = 16;  // endpoints of the Fig. 20.9 network
  localparam integer RN1_FAULTS = ones96({88'd0, FLT_ROUTER_DEAD}) +
                                  ones96(FLT_LINK_DEAD | FLT_LINK_STUCK);
  localparam [159:0] TAG_RN1 = {"RN1 F209 N=", bf_dec3(RN1_NE), " F=", bf_dec3(RN1_FAULTS)};
  localparam integer TAG_LEN = (DESIGN == MF_DESIGN_RN1) ? 20 : (DESIGN == MF_DESIGN_LCAN) ? 22 :
                               (DESIGN == MF_DESIGN_AXIS) ? 29 :
                               A2A_LEN0 + ((XPOSE != 0) ? 6 : 0);
  localparam [311:0] TAG_ALL = (DESIGN == MF_DESIGN_RN1) ? {152'd0, TAG_RN1} :
                               (DESIGN == MF_DESIGN_LCAN) ? {136'd0, TAG_LCAN} :
                               (DESIGN == MF_DESIGN_AXIS) ? {80'd0, TAG_AXIS} : TAG_A2A;
  localparam [8*TAG_LEN-1:0] TAG = TAG_ALL[8*TAG_LEN-1:0];
  localparam integer SUM_FIELD = (DESIGN == MF_DESIGN_AXIS) ? 1 :
                                 (DESIGN == MF_DESIGN_RN1 || DESIGN == MF_DESIGN_LCAN) ? 0 :
                                 (XPOSE != 0) ? 1 : 0;

  wire rst;
  board_por u_por (
      .clk(clk),
      .rst(rst)
  );

  // ---- the design: an engine behind the reporter's start/done handshake ----
  wire        eng_start;
  wire        eng_done;
  wire [31:0] eng_cycles;
  wire [31:0] eng_errors;
  wire [31:0] eng_sum;
  wire [31:0] rounds;
  generate
    if (DESIGN == MF_DESIGN_RN1) begin : g_rn1
      board_rn1_selftest #(.MAX_ATT(MAX_ATT)) u_selftest (
          .clk(clk), .rst(rst), .seed(SEED), .flt_router_dead(FLT_ROUTER_DEAD),
          .flt_link_dead(FLT_LINK_DEAD), .flt_link_stuck(FLT_LINK_STUCK),
          .flt_link_dir(FLT_LINK_DIR), .flt_link_bit(FLT_LINK_BIT), .flt_link_val(FLT_LINK_VAL),
          .eng_start(eng_start), .eng_done(eng_done), .eng_cycles(eng_cycles),
          .eng_errors(eng_errors)
      );
      assign eng_sum = 32'd0;
      wire unused_rounds = ^{rounds[31:20], rounds[13:0]};
      assign activity = rounds[19:14];
    end else begin : g_other
      if (DESIGN == MF_DESIGN_LCAN) begin : g_lcan
        board_lcan_selftest #(
            .N(N), .D(D), .U(U), .W(W), .SEED(SEED), .PIPE(PIPELINE)
        ) u_selftest (
            .clk(clk), .rst(rst), .eng_start(eng_start), .eng_done(eng_done),
            .eng_cycles(eng_cycles), .eng_errors(eng_errors)
        );
        assign eng_sum = 32'd0;
      end else if (DESIGN == MF_DESIGN_AXIS) begin : g_axis
        board_axis_demo #(
            .ENGINE(MF_DESIGN_BANYAN), .N(N), .B(B), .W(W), .SRC_LAT(SRC_LAT)
        ) u_selftest (
            .clk(clk), .rst(rst), .eng_start(eng_start), .eng_done(eng_done),
            .eng_cycles(eng_cycles), .eng_errors(eng_errors), .eng_sum(eng_sum)
        );
      end else begin : g_a2a
        board_a2a_selftest #(
            .ENGINE(DESIGN), .N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE), .XPOSE(XPOSE),
            .FAULT_STAGE(FAULT_STAGE), .FAULT_ELEM(FAULT_ELEM), .PLAN_FILE(PLAN_FILE),
            .PLAN_LEN(PLAN_LEN)
        ) u_selftest (
            .clk(clk), .rst(rst), .eng_start(eng_start), .rounds(rounds), .eng_done(eng_done),
            .eng_cycles(eng_cycles), .eng_errors(eng_errors), .eng_sum(eng_sum)
        );
      end
      wire unused_rounds = ^{rounds[31:24], rounds[17:0]};
      assign activity = rounds[23:18];
    end
  endgenerate

  board_reporter #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD),
      .TAG_LEN(TAG_LEN),
      .TAG(TAG),
      .SUM_FIELD(SUM_FIELD)
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
