// mf_assert_demo: the assertion layer's own test design (rtl/common/mf_assert.vh): a
// counter from 0 to LAST and back, with its invariant written once through the macros.
// The same lines are a property for SymbiYosys (tb/formal/mf_assert/mf_assert.sby) and a
// simulation check (tb/formal/mf_assert/assert_layer_test.sh: Icarus and Verilator stop with
// "ASSERTION FAILED" when STEP makes the counter overshoot).
//
// Parameters
//   LAST  the counter's last value (>= 1)
//   STEP  1; a larger step is the planted bug of the simulation test (the counter jumps
//         past LAST and the assertion fires)
// Ports
//   clk, rst  clock, synchronous active-high reset
//   q [3:0]   the count
// Timing: q advances by STEP each cycle after reset, wrapping to 0 after LAST.
`default_nettype none
`include "mf_assert.vh"
module mf_assert_demo (
  clk, rst, q
);
  parameter integer LAST = 9;
  parameter integer STEP = 1;
  input  wire       clk;
  input  wire       rst;
  output reg  [3:0] q;

  always @(posedge clk) begin
    if (rst || q >= LAST[3:0]) q <= 4'd0;
    else q <= q + STEP[3:0];
  end

  `MF_ASSERT(a_in_range, clk, rst, q <= LAST[3:0])
  `MF_ASSERT_COMB(a_in_range_comb, rst, q <= LAST[3:0])
  `MF_COVER(c_last, clk, rst, q == LAST[3:0])
endmodule
`default_nettype wire
