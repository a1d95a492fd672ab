// ulx3s_gsen_top: self-testing GSEN all-to-all engine for the ULX3S board
// (ECP5 LFE5U-85F-CABGA381, 25 MHz clock; pins in synth/boards/ulx3s.lpf).
//
// The self-test (rtl/board/board_a2a_selftest: power-on reset; rtl/engine/gsen_a2a_engine:
// sources, scheduler, fabric, checking sinks; board_reporter) runs the all-to-all
// personalized exchange over and over from the board clock.  LED 0 lights
// while every exchange so far was correct, LED 1 as soon as an error was counted; LEDs
// 7..2 show bits 23..18 of the exchange counter (activity).
// A report line goes out on the UART (115200 8N1) after the first exchange and then four
// times a second:
//   "GSEN STG N=064 W=032 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// R = exchanges completed (hex), C = cycles of the last exchange (hex, = rounds + latency),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   N, W, SCHED, PIPELINE  passed to gsen_a2a_engine (defaults: N = 64, W = 32,
//                          stage control: N = 64 is a power of two, where Algorithm 4
//                          (N = 2 mod 4) does not apply and stage control already needs
//                          only 2^n = N rounds; pipelined fabric)
//   CLK_HZ, BAUD           board clock and UART bit rate
//   LINE_PERIOD            cycles between report lines (default CLK_HZ / 4)
// Ports
//   clk                    25 MHz board oscillator
//   uart_tx                UART to the host (FT231X, the board's "ftdi_rxd")
//   led [7:0]              active high: led[0] pass, led[1] error, led[7:2] activity
`default_nettype none

module ulx3s_gsen_top #(
    parameter integer N = 64,
    parameter integer W = 32,
    parameter integer SCHED = 1,
    parameter integer PIPELINE = 1,
    parameter integer CLK_HZ = 25000000,
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
