// ulx3s_top: the self-test top of the ULX3S board (ECP5 LFE5U-85F-CABGA381, 25 MHz clock;
// pins in synth/boards/ulx3s.lpf).  DESIGN chooses the self-test; the defaults of the other
// parameters are those of the board table (synth/boards/boards.json, checked by
// synth/test_flow.py); rtl/board/board_selftest.v (shared by the tops) instantiates it.
//
// DESIGN gsen / banyan: rtl/board/board_a2a_selftest (power-on reset; the GSEN or banyan
// all-to-all engine of rtl/engine; board_reporter) runs the all-to-all personalized exchange
// over and over from the board clock.  LEDs 7..2 show bits 23..18 of the exchange counter.
//   "XPOSE GSEN STG N=064 W=032 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
//   "XPOSE BANYAN N=064 W=032 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
// DESIGN rn1: rtl/board/board_rn1_selftest (the RN1 16x16 network of paper 002, Fig. 20.9,
// 8 routers, with its all-to-all traffic generator and checker; faults from the FLT_*
// parameters).  LEDs 7..2 show bits 19..14 of the exchange counter.
//   "RN1 F209 N=016 F=000 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// Either way LED 0 lights while every exchange so far was correct, LED 1 as soon as an error
// was counted, and a report line goes out on the UART (115200 8N1) after the first exchange
// and then four times a second: R = exchanges completed (hex), C = cycles of the last
// exchange (hex), E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   DESIGN     MF_DESIGN_* of rtl/common/mf_params.vh: 0 gsen (default), 1 banyan, 2 rn1
//              (any other value stops elaboration)
//   N, W       gsen, banyan: ports 64, message bits 32 (rn1: unused, the network has 16
//              endpoints and 2 payload bytes)
//   SCHED      gsen: 1 stage control (N = 64 is a power of two, where Algorithm 4 does not
//              apply and stage control already needs only 2^n = N rounds); else unused
//   PIPELINE   gsen, banyan: 1 pipelined fabric
//   CLK_HZ, BAUD  board clock (25 MHz) and UART bit rate (115200)
//   LINE_PERIOD   cycles between report lines (default CLK_HZ / 4)
//   XPOSE      gsen / banyan: 1 (default) the matrix-transpose demonstration
//              (rtl/board/board_xpose.v: seeded data, sinks checked as the transpose, the
//              line tagged "XPOSE " and carrying S=checksum), 0 the payload self-test
//   SEED, MAX_ATT, FLT_ROUTER_DEAD, FLT_LINK_DEAD, FLT_LINK_STUCK, FLT_LINK_DIR,
//   FLT_LINK_BIT, FLT_LINK_VAL
//              rn1 only: network seed, attempts per message, injected faults (all off by
//              default; see rtl/board/board_rn1_selftest.v)
// Ports
//   clk        25 MHz board oscillator
//   uart_tx    UART to the host (FT231X, the board's "ftdi_rxd")
//   led [7:0]  active high: led[0] pass, led[1] error, led[7:2] activity
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module ulx3s_top (
  clk, uart_tx, led
);
`include "mf_params.vh"

  parameter integer DESIGN = MF_DESIGN_GSEN;
  parameter integer N = 64;
  parameter integer W = 32;
  parameter integer SCHED = MF_SCHED_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer CLK_HZ = 25000000;
  parameter integer BAUD = `MF_UART_BAUD;
  parameter integer LINE_PERIOD = CLK_HZ / 4;
  parameter integer XPOSE = 1;
  parameter [15:0] SEED = `MF_SELFTEST_SEED;
  parameter integer MAX_ATT = 64;
  parameter [7:0] FLT_ROUTER_DEAD = 8'd0;
  parameter [95:0] FLT_LINK_DEAD = 96'd0;
  parameter [95:0] FLT_LINK_STUCK = 96'd0;
  parameter [95:0] FLT_LINK_DIR = 96'd0;
  parameter [287:0] FLT_LINK_BIT = 288'd0;
  parameter [95:0] FLT_LINK_VAL = 96'd0;

  input  wire       clk;
  output wire       uart_tx;
  output wire [7:0] led;

  generate
    `MF_PARAM_ERROR_IF(DESIGN != MF_DESIGN_GSEN && DESIGN != MF_DESIGN_BANYAN &&
                       DESIGN != MF_DESIGN_RN1, g_bad_design,
                       ERROR_ulx3s_top_DESIGN_must_be_gsen_banyan_or_rn1,
                       ("ulx3s_top: DESIGN must be 0 (gsen), 1 (banyan) or 2 (rn1) (DESIGN=%0d)",
                        DESIGN))
  endgenerate

  // led[0] pass, led[1] error, led[7:2] activity (board_selftest)
  board_selftest #(
      .DESIGN(DESIGN), .N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE), .CLK_HZ(CLK_HZ),
      .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD), .XPOSE(XPOSE), .SEED(SEED), .MAX_ATT(MAX_ATT),
      .FLT_ROUTER_DEAD(FLT_ROUTER_DEAD), .FLT_LINK_DEAD(FLT_LINK_DEAD),
      .FLT_LINK_STUCK(FLT_LINK_STUCK), .FLT_LINK_DIR(FLT_LINK_DIR), .FLT_LINK_BIT(FLT_LINK_BIT),
      .FLT_LINK_VAL(FLT_LINK_VAL)
  ) u_selftest (
      .clk(clk), .uart_tx(uart_tx), .pass(led[0]), .fail(led[1]), .activity(led[7:2])
  );
endmodule

`default_nettype wire
