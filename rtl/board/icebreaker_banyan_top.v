// icebreaker_banyan_top: self-testing banyan all-to-all engine for the iCEBreaker board
// (iCE40 UP5K-SG48, 12 MHz clock; pins in synth/boards/icebreaker.pcf).
//
// The self-test (rtl/board/board_a2a_selftest: power-on reset; rtl/engine/banyan_a2a_engine:
// sources, scheduler, fabric, checking sinks; board_reporter) runs the all-to-all
// personalized exchange over and over from the board clock.  The green LED
// lights while every exchange so far was correct, the red LED as soon as an error was
// counted.  A report line goes out on the UART (115200 8N1) after the first exchange and
// then four times a second:
//   "BANYAN N=008 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   N, W, PIPELINE         passed to banyan_a2a_engine (defaults: N = 8, W = 16,
//                          Latin-square schedule of paper 000, N rounds, pipelined)
//   CLK_HZ, BAUD           board clock and UART bit rate
//   LINE_PERIOD            cycles between report lines (default CLK_HZ / 4)
// Ports
//   clk                    12 MHz board oscillator
//   uart_tx                UART to the host (FTDI channel B)
//   led [1:0]              active low: led[0] green = pass, led[1] red = error
`default_nettype none

module icebreaker_banyan_top #(
    parameter integer N = 8,
    parameter integer W = 16,
    parameter integer PIPELINE = 1,
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = 115200,
    parameter integer LINE_PERIOD = CLK_HZ / 4
) (
    input  wire       clk,
    output wire       uart_tx,
    output wire [1:0] led
);
  wire [31:0] rounds;
  wire        pass;
  wire        fail;
  board_a2a_selftest #(
      .ENGINE(1),
      .N(N),
      .W(W),
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
  wire unused_rounds = ^rounds;

  assign led = ~{fail, pass};
endmodule

`default_nettype wire
