// board_selftest: the self-test a board top runs, chosen by DESIGN (rtl/board/<board>_top.v
// keeps its pins, its clock, the designs it carries and their defaults, the board table
// synth/boards/boards.json; this module is the design selection all tops share).
//
//   DESIGN gsen, banyan, banyan_ft  board_a2a_selftest (ENGINE = DESIGN): the all-to-all
//                                   engine, or with XPOSE = 1 the transpose demonstration
//   DESIGN lcan                     board_lcan_selftest: CB-LCAN(N, D, U) random permutations
//   DESIGN rn1                      board_rn1_selftest: the RN1 16x16 network of Fig. 20.9
//   DESIGN axis                     board_axis_demo: the AXI4-Stream exchange IP (banyan)
// Each reports on the UART (BAUD 8N1) after its first run and then every LINE_PERIOD cycles
// (see the module of the design).
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
`include "mf_params.vh"

  generate
    `MF_PARAM_ERROR_IF(DESIGN < MF_DESIGN_GSEN || DESIGN > MF_DESIGN_AXIS, g_bad_design,
                       ERROR_board_selftest_unknown_DESIGN,
                       ("board_selftest: DESIGN must be an MF_DESIGN_* code (DESIGN=%0d)",
                        DESIGN))
  endgenerate

  wire [31:0] rounds;
  generate
    if (DESIGN == MF_DESIGN_RN1) begin : g_rn1
      board_rn1_selftest #(
          .CLK_HZ(CLK_HZ), .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD), .SEED(SEED),
          .MAX_ATT(MAX_ATT), .FLT_ROUTER_DEAD(FLT_ROUTER_DEAD), .FLT_LINK_DEAD(FLT_LINK_DEAD),
          .FLT_LINK_STUCK(FLT_LINK_STUCK), .FLT_LINK_DIR(FLT_LINK_DIR),
          .FLT_LINK_BIT(FLT_LINK_BIT), .FLT_LINK_VAL(FLT_LINK_VAL)
      ) u_selftest (
          .clk(clk), .uart_tx(uart_tx), .pass(pass), .fail(fail), .rounds(rounds)
      );
      wire unused_rounds = ^{rounds[31:20], rounds[13:0]};
      assign activity = rounds[19:14];
    end else begin : g_other
      if (DESIGN == MF_DESIGN_LCAN) begin : g_lcan
        board_lcan_selftest #(
            .N(N), .D(D), .U(U), .W(W), .SEED(SEED), .PIPE(PIPELINE), .CLK_HZ(CLK_HZ),
            .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD)
        ) u_selftest (
            .clk(clk), .uart_tx(uart_tx), .pass(pass), .fail(fail), .rounds(rounds)
        );
      end else if (DESIGN == MF_DESIGN_AXIS) begin : g_axis
        board_axis_demo #(
            .ENGINE(MF_DESIGN_BANYAN), .N(N), .B(B), .W(W), .SRC_LAT(SRC_LAT),
            .CLK_HZ(CLK_HZ), .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD)
        ) u_selftest (
            .clk(clk), .uart_tx(uart_tx), .pass(pass), .fail(fail), .rounds(rounds)
        );
      end else begin : g_a2a
        board_a2a_selftest #(
            .ENGINE(DESIGN), .N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE),
            .CLK_HZ(CLK_HZ), .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD), .XPOSE(XPOSE),
            .FAULT_STAGE(FAULT_STAGE), .FAULT_ELEM(FAULT_ELEM), .PLAN_FILE(PLAN_FILE),
            .PLAN_LEN(PLAN_LEN)
        ) u_selftest (
            .clk(clk), .uart_tx(uart_tx), .pass(pass), .fail(fail), .rounds(rounds)
        );
      end
      wire unused_rounds = ^{rounds[31:24], rounds[17:0]};
      assign activity = rounds[23:18];
    end
  endgenerate
endmodule

`default_nettype wire
