// hx8k_gsen_top: self-testing GSEN all-to-all engine for the iCE40-HX8K breakout board
// (iCE40 HX8K-CT256, 12 MHz clock; pins in synth/boards/hx8k.pcf).
//
// The self-test (rtl/board/board_a2a_selftest: power-on reset; rtl/engine/gsen_a2a_engine:
// sources, scheduler, fabric, checking sinks; board_reporter) runs the all-to-all
// personalized exchange over and over from the board clock.  LED D2 (led[0])
// lights while every exchange so far was correct, D3 (led[1]) as soon as an error was
// counted; D4..D9 (led[7:2]) show bits 23..18 of the exchange counter (activity).
// A report line goes out on the UART (115200 8N1) after the first exchange and then four
// times a second:
//   "GSEN ALT N=022 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   N, W, SCHED, PIPELINE  passed to gsen_a2a_engine (defaults: N = 22, W = 16,
//                          alternating control (Algorithm 4, needs N = 2 mod 4), pipelined)
//   CLK_HZ, BAUD           board clock and UART bit rate
//   LINE_PERIOD            cycles between report lines (default CLK_HZ / 4)
// Ports
//   clk                    12 MHz board oscillator
//   uart_tx                UART to the host (FT2232H channel B)
//   led [7:0]              active high: led[0] pass, led[1] error, led[7:2] activity
`default_nettype none

module hx8k_gsen_top #(
    parameter integer N = 22,
    parameter integer W = 16,
    parameter integer SCHED = 0,
    parameter integer PIPELINE = 1,
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = 115200,
    parameter integer LINE_PERIOD = CLK_HZ / 4
) (
    input  wire       clk,
    output wire       uart_tx,
    output wire [7:0] led
);
  wire [31:0] rounds;
  wire        pass;
  wire        fail;
  board_a2a_selftest #(
      .ENGINE(0),
      .N(N),
      .W(W),
      .SCHED(SCHED),
      .PIPELINE(PIPELINE),
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD)
  ) u_selftest (
      .clk(clk),
      .uart_tx(uart_tx),
      .pass(pass),
      .fail(fail),
      .rounds(rounds)
  );
  wire unused_rounds = ^{rounds[31:24], rounds[17:0]};

  assign led = {rounds[23:18], fail, pass};
endmodule

`default_nettype wire
