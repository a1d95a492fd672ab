// hx8k_gsen_top: self-testing GSEN all-to-all engine for the iCE40-HX8K breakout board
// (iCE40 HX8K-CT256, 12 MHz clock; pins in synth/boards/hx8k.pcf).
//
// The engine (rtl/engine/gsen_a2a_engine: sources, scheduler, fabric, checking sinks) runs
// the all-to-all personalized exchange over and over from the board clock.  LED D2 (led[0])
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
`include "board_functions.vh"

  localparam integer NS = $clog2(N);
  localparam integer PAW = 4;  // engine's player address width for its default PLAYER_LEN
  localparam integer PENTRY_W = N + 4 * ((NS + 3) / 4);
  localparam integer TAG_LEN = 20;
  localparam [8*TAG_LEN-1:0] TAG = {"GSEN ", bf_sched3(SCHED), " N=", bf_dec3(N), " W=", bf_dec3(W)};

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

  // The detail counters are summed into `errors` by the engine; the board reports the sum.
  wire unused_engine = ^{eng_busy, eng_delivered, eng_err_dst, eng_err_payload, eng_err_dup,
                         eng_missing, eng_conflicts};

  wire [31:0] rounds;
  wire        pass;
  wire        fail;
  board_reporter #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD),
      .TAG_LEN(TAG_LEN),
      .TAG(TAG)
  ) u_report (
      .clk(clk),
      .rst(rst),
      .eng_start(eng_start),
      .eng_done(eng_done),
      .eng_cycles(eng_cycles),
      .eng_errors(eng_errors),
      .rounds(rounds),
      .pass(pass),
      .fail(fail),
      .uart_tx(uart_tx)
  );
  wire unused_rounds = ^{rounds[31:24], rounds[17:0]};

  assign led = {rounds[23:18], fail, pass};
endmodule

`default_nettype wire
