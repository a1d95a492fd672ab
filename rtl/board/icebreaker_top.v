// icebreaker_top: the self-test top of the iCEBreaker board (iCE40 UP5K-SG48, 12 MHz clock;
// pins in synth/boards/icebreaker.pcf).  DESIGN chooses the self-test; the defaults of the
// other parameters depend on it and are those of the board table (synth/boards/boards.json,
// checked by synth/test_flow.py).
//
// The self-test, chosen by rtl/board/board_selftest.v (the selection every top shares), here
// rtl/board/board_a2a_selftest (power-on reset; the GSEN or banyan
// all-to-all engine of rtl/engine: sources, scheduler, fabric, checking sinks;
// board_reporter) runs the all-to-all personalized exchange over and over from the board
// clock.  The green LED lights while every exchange so far was correct, the red LED as soon
// as an error was counted.  A report line goes out on the UART (115200 8N1) after the first
// exchange and then four times a second:
//   "XPOSE GSEN ALT N=010 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"     (DESIGN gsen)
//   "XPOSE BANYAN N=008 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"       (DESIGN banyan)
//   "AXIS BANYAN N=004 B=008 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"  (DESIGN axis:
//   the AXI4-Stream exchange IP between block-RAM processors, rtl/board/board_axis_demo.v; R
//   frames, C the IP's exchange cycles, S the last frame's checksum)
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + engine latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   DESIGN     MF_DESIGN_* of rtl/common/mf_params.vh: 0 gsen (default), 1 banyan, 5 axis;
//              the RN1 network does not fit the UP5K (any other value stops elaboration)
//   N          ports: gsen 10, banyan 8, axis 4
//   W          message bits: 16 (axis: the stream word)
//   B          axis: words per (source, destination) pair, 8
//   SRC_LAT    axis: the IP's source read latency, 1 (plain block RAM) or 2 (with its output
//              register)
//   SCHED      GSEN scheduler: 0 alternating control (Algorithm 4, N = 2 mod 4); banyan:
//              unused (Latin-square schedule of paper 000, N rounds)
//   PIPELINE   1: pipelined fabric
//   CLK_HZ, BAUD  board clock (12 MHz) and UART bit rate (115200)
//   LINE_PERIOD   cycles between report lines (default CLK_HZ / 4)
//   XPOSE      gsen / banyan: 1 (default) the matrix-transpose demonstration
//              (rtl/board/board_xpose.v: seeded data, sinks checked as the transpose, the
//              line tagged "XPOSE " and carrying S=checksum), 0 the payload self-test
// Ports
//   clk        12 MHz board oscillator
//   uart_tx    UART to the host (FTDI channel B)
//   led [1:0]  active low: led[0] green = pass, led[1] red = error
// Timing: one exchange takes rounds + fabric latency + 3 board cycles (docs/synth.md).
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module icebreaker_top (
  clk, uart_tx, led
);
`include "mf_params.vh"

  parameter integer DESIGN = MF_DESIGN_GSEN;
  parameter integer N = (DESIGN == MF_DESIGN_GSEN) ? 10 : (DESIGN == MF_DESIGN_AXIS) ? 4 : 8;
  parameter integer B = 8;
  parameter integer SRC_LAT = 1;
  parameter integer W = 16;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer CLK_HZ = 12000000;
  parameter integer BAUD = `MF_UART_BAUD;
  parameter integer LINE_PERIOD = CLK_HZ / 4;
  parameter integer XPOSE = 1;

  input  wire       clk;
  output wire       uart_tx;
  output wire [1:0] led;

  generate
    // (the check's name and message start as before axis: scripts/lint_rtl.sh expects them)
    `MF_PARAM_ERROR_IF(DESIGN != MF_DESIGN_GSEN && DESIGN != MF_DESIGN_BANYAN &&
                       DESIGN != MF_DESIGN_AXIS, g_bad_design,
                       ERROR_icebreaker_top_DESIGN_must_be_gsen_or_banyan,
                       ("icebreaker_top: DESIGN must be 0 (gsen) or 1 (banyan), or 5 (axis) (DESIGN=%0d)",
                        DESIGN))
  endgenerate

  wire       pass;
  wire       fail;
  wire [5:0] activity;
  board_selftest #(
      .DESIGN(DESIGN), .N(N), .W(W), .B(B), .SRC_LAT(SRC_LAT), .SCHED(SCHED),
      .PIPELINE(PIPELINE), .CLK_HZ(CLK_HZ), .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD),
      .XPOSE(XPOSE)
  ) u_selftest (
      .clk(clk), .uart_tx(uart_tx), .pass(pass), .fail(fail), .activity(activity)
  );
  wire unused_activity = ^activity;

  assign led = ~{fail, pass};
endmodule

`default_nettype wire
