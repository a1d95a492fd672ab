// hx8k_top: the self-test top of the iCE40-HX8K breakout board (iCE40 HX8K-CT256, 12 MHz
// clock; pins in synth/boards/hx8k.pcf).  DESIGN chooses the self-test; the defaults of the
// other parameters depend on it and are those of the board table (synth/boards/boards.json,
// checked by synth/test_flow.py).
//
// The self-test, chosen by rtl/board/board_selftest.v (the selection every top shares), here
// rtl/board/board_a2a_selftest (power-on reset; the GSEN or banyan
// all-to-all engine of rtl/engine: sources, scheduler, fabric, checking sinks;
// board_reporter) runs the all-to-all personalized exchange over and over from the board
// clock.  LED D2 (led[0]) lights while every exchange so far was correct, D3 (led[1]) as
// soon as an error was counted; D4..D9 (led[7:2]) show bits 23..18 of the exchange counter
// (activity).  A report line goes out on the UART (115200 8N1) after the first exchange and
// then four times a second:
//   "XPOSE GSEN ALT N=022 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"     (DESIGN gsen)
//   "XPOSE BANYAN N=016 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"       (DESIGN banyan)
//   "LCAN N=016 D=002 U=002 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"   (DESIGN lcan: the
//   CB-LCAN routing random permutations, rtl/board/board_lcan_selftest; R permutations,
//   C network cycles of the last one)
//   "XPOSE BANYAN FT I=001 L=001 N=016 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
//   (DESIGN banyan_ft: the transpose through the fault-tolerant banyan engine with the dead
//   element E_IL, rtl/board/board_xpose.v; C = B*T + FLAT + 4 + PL, T the plan's cycles)
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + engine latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   DESIGN     MF_DESIGN_* of rtl/common/mf_params.vh: 0 gsen (default), 1 banyan, 3 lcan,
//              4 banyan_ft;
//              the RN1 network does not fit the HX8K (any other value stops elaboration)
//   N          ports: gsen 22, banyan 16, lcan 16, banyan_ft 16
//   W          message bits: 16; lcan: data bits 8
//   D, U       lcan only: downers and uppers per switch, CB-LCAN(N, D, U) (2, 2)
//   SCHED      GSEN scheduler: 0 alternating control (Algorithm 4, needs N = 2 mod 4);
//              banyan: unused (Latin-square schedule of paper 000, N rounds)
//   PIPELINE   1: pipelined fabric (default); lcan: 1 the pipelined network cycle (lcan_engine
//              PIPE; it needs 7,726 logic cells with the board logic, more than the HX8K has),
//              0 (lcan's default) the one-cycle network
//   CLK_HZ, BAUD  board clock (12 MHz) and UART bit rate (115200)
//   LINE_PERIOD   cycles between report lines (default CLK_HZ / 4)
//   XPOSE      gsen / banyan: 1 (default) the matrix-transpose demonstration
//              (rtl/board/board_xpose.v: seeded data, sinks checked as the transpose, the
//              line tagged "XPOSE " and carrying S=checksum), 0 the payload self-test
//   FAULT_STAGE, FAULT_ELEM  banyan_ft: the dead internal element E_IL (1, 1)
//   PLAN_FILE  banyan_ft: the plan image for that fault on the pipelined fabric, written by
//              `minforge banyan fault --ports 16 --fault 1,1 --latency 4 --plan-hex` (checked
//              against the model by the board test); PLAN_LEN its ENTRIES (48)
// Ports
//   clk        12 MHz board oscillator
//   uart_tx    UART to the host (FT2232H channel B)
//   led [7:0]  active high: led[0] pass, led[1] error, led[7:2] activity
// Timing: one exchange takes rounds + fabric latency + 3 board cycles (docs/synth.md).
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module hx8k_top (
  clk, uart_tx, led
);
`include "mf_params.vh"

  parameter integer DESIGN = MF_DESIGN_GSEN;
  parameter integer N = (DESIGN == MF_DESIGN_GSEN) ? 22 : 16;
  parameter integer W = (DESIGN == MF_DESIGN_LCAN) ? 8 : 16;
  parameter integer D = 2;
  parameter integer U = 2;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = (DESIGN == MF_DESIGN_LCAN) ? 0 : 1;
  parameter integer CLK_HZ = 12000000;
  parameter integer BAUD = `MF_UART_BAUD;
  parameter integer LINE_PERIOD = CLK_HZ / 4;
  parameter integer XPOSE = 1;
  parameter integer FAULT_STAGE = 1;
  parameter integer FAULT_ELEM = 1;
  parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex";
  parameter integer PLAN_LEN = 48;

  input  wire       clk;
  output wire       uart_tx;
  output wire [7:0] led;

  generate
    // (the check's name and message start as before banyan_ft: scripts/lint_rtl.sh expects them)
    `MF_PARAM_ERROR_IF(DESIGN != MF_DESIGN_GSEN && DESIGN != MF_DESIGN_BANYAN &&
                       DESIGN != MF_DESIGN_LCAN && DESIGN != MF_DESIGN_BANYAN_FT, g_bad_design,
                       ERROR_hx8k_top_DESIGN_must_be_gsen_banyan_or_lcan,
                       ("hx8k_top: DESIGN must be 0 (gsen), 1 (banyan) or 3 (lcan), or 4 (banyan_ft) (DESIGN=%0d)",
                        DESIGN))
  endgenerate

  // led[0] pass, led[1] error, led[7:2] activity (board_selftest)
  board_selftest #(
      .DESIGN(DESIGN), .N(N), .W(W), .D(D), .U(U), .SCHED(SCHED), .PIPELINE(PIPELINE),
      .CLK_HZ(CLK_HZ), .BAUD(BAUD), .LINE_PERIOD(LINE_PERIOD), .XPOSE(XPOSE),
      .FAULT_STAGE(FAULT_STAGE), .FAULT_ELEM(FAULT_ELEM), .PLAN_FILE(PLAN_FILE),
      .PLAN_LEN(PLAN_LEN)
  ) u_selftest (
      .clk(clk), .uart_tx(uart_tx), .pass(led[0]), .fail(led[1]), .activity(led[7:2])
  );
endmodule

`default_nettype wire
