// rn1_lfsr: free-running Galois LFSR that supplies the RN1 random output choice.
//
// Parameters
//   W     state width in bits (2..32)
//   TAPS  feedback polynomial mask (default 16'hB400: x^16 + x^14 + x^13 + x^11 + 1, maximal)
// Ports
//   clk, rst  clock, synchronous reset
//   seed      reset value of the state (a zero seed loads 1: the all-zero state is stuck)
//   state     current state
// Step rule (every cycle after reset): state <= (state >> 1) ^ (state[0] ? TAPS : 0).
// The cycle twin minforge::twin::Rn1Lfsr implements the same rule; docs/rn1_protocol.md.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
module rn1_lfsr #(
    parameter         W    = 16,
    parameter [W-1:0] TAPS = `MF_RN1_LFSR_TAPS
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] seed,
    output reg  [W-1:0] state
);
  generate
    `MF_PARAM_ERROR_IF(W < 2 || W > 32, g_bad_width, ERROR_rn1_lfsr_W_must_be_2_to_32,
                       ("rn1_lfsr: W must be 2..32 (W=%0d)", W))
  endgenerate

  always @(posedge clk) begin
    if (rst) state <= (seed == {W{1'b0}}) ? {{(W - 1) {1'b0}}, 1'b1} : seed;
    else state <= {1'b0, state[W-1:1]} ^ (state[0] ? TAPS : {W{1'b0}});
  end
endmodule
