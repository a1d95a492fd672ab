// board_lcan_selftest: the self-testing circuit-switched CB-LCAN(N, D, U) of the board tops
// (rtl/board/<board>_top.v with DESIGN = MF_DESIGN_LCAN maps its status to the LEDs).
//
// Power-on reset (board_por); lcan_selftest routes one random permutation after another
// (Fisher-Yates from an LFSR, then lcan_engine with the paper's on-line routing until every
// pair is routed; every arrival's data word checked); board_reporter sends a report line
// on the UART (BAUD 8N1) after the first permutation and then every LINE_PERIOD cycles:
//   "LCAN N=016 D=002 U=002 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// R = permutations routed (hex), C = network cycles of the last one (hex; it varies from
// permutation to permutation with the permutation and the switches' random choices),
// E = errors summed over all permutations (hex, saturating: wrong destinations, pairs not
// routed, wrong data words).  The twin predicts every field: twin::lcan_board_runs
// (model/src/twin/board/lcan_selftest.cpp), checked by tb/board.
//
// Parameters
//   N, D, U, W        the CB-LCAN and its data width (lcan_engine's rules)
//   SEED              the permutation generator's seed (the engine's seed of each run is
//                     the generator's state when the run starts)
//   PIPE              the engine's network cycle: 0 one clock cycle (default), 1 pipelined
//                     (4 L - 3 clock cycles, a register between every two levels; the same
//                     routing, see lcan_engine; it does not fit the HX8K with this top)
//   CLK_HZ, BAUD      board clock and UART bit rate
//   LINE_PERIOD       cycles between report lines
// Ports
//   clk               board oscillator
//   uart_tx           UART to the host
//   pass, fail        every permutation so far was correct / an error was counted
//   rounds [31:0]     permutations routed
`default_nettype none
`include "mf_consts.vh"

module board_lcan_selftest #(
    parameter integer N = 16,
    parameter integer D = 2,
    parameter integer U = 2,
    parameter integer W = 8,
    parameter [15:0] SEED = `MF_SELFTEST_SEED,
    parameter integer PIPE = 0,
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = `MF_UART_BAUD,
    parameter integer LINE_PERIOD = CLK_HZ / 4
) (
    input  wire        clk,
    output wire        uart_tx,
    output wire        pass,
    output wire        fail,
    output wire [31:0] rounds
);
`include "board_functions.vh"

  localparam integer TAG_LEN = 22;
  localparam [8*TAG_LEN-1:0] TAG = {"LCAN N=", bf_dec3(N), " D=", bf_dec3(D), " U=", bf_dec3(U)};

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
  lcan_selftest #(
      .N(N),
      .D(D),
      .U(U),
      .W(W),
      .SEED(SEED),
      .PIPE(PIPE)
  ) u_selftest (
      .clk(clk),
      .rst(rst),
      .start(eng_start),
      .busy(eng_busy),
      .done(eng_done),
      .cycles(eng_cycles),
      .delivered(eng_delivered),
      .errors(eng_errors)
  );
  // pairs routed are in `errors` (N - delivered); the board reports the sum
  wire unused_selftest = ^{eng_busy, eng_delivered};

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
      .eng_sum(32'd0),
      .rounds(rounds),
      .pass(pass),
      .fail(fail),
      .uart_tx(uart_tx)
  );
endmodule

`default_nettype wire
