// board_lcan_selftest: the self-testing circuit-switched CB-LCAN(N, D, U) of the board tops
// (rtl/board/board_selftest.v with DESIGN = MF_DESIGN_LCAN: it adds the power-on reset and
// board_reporter, which runs this engine over and over through the start/done handshake
// below and sends the report line).
//
// lcan_selftest routes one random permutation per start (Fisher-Yates from an LFSR, then
// lcan_engine with the paper's on-line routing until every pair is routed; every arrival's
// data word checked).  The report line (board_selftest):
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
// Ports
//   clk, rst          board clock, synchronous reset (board_por)
//   eng_start         route the next permutation (board_reporter)
//   eng_done          level: it is routed (until the next start)
//   eng_cycles, eng_errors [31:0]   its network cycles and errors
// Timing: lcan_selftest's.
`default_nettype none
`include "mf_consts.vh"

module board_lcan_selftest #(
    parameter integer N = 16,
    parameter integer D = 2,
    parameter integer U = 2,
    parameter integer W = 8,
    parameter [15:0] SEED = `MF_SELFTEST_SEED,
    parameter integer PIPE = 0
) (
    input  wire        clk, rst, eng_start,
    output wire        eng_done,
    output wire [31:0] eng_cycles, eng_errors
);
  wire        eng_busy;
  wire [31:0] eng_delivered;
  lcan_selftest #(.N(N), .D(D), .U(U), .W(W), .SEED(SEED), .PIPE(PIPE)) u_selftest (
      .clk(clk), .rst(rst), .start(eng_start), .busy(eng_busy), .done(eng_done),
      .cycles(eng_cycles), .delivered(eng_delivered), .errors(eng_errors)
  );
  // pairs routed are in `errors` (N - delivered); the board reports the sum
  wire unused_selftest = ^{eng_busy, eng_delivered};
endmodule

`default_nettype wire
