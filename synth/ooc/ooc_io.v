// ooc_io: the three pins of every out-of-context synthesis wrapper (synth/ooc/ooc_*.v), so
// that place-and-route times a design without hundreds of I/O pins.  All inputs of the
// design come from one shift register fed by `si` (flip-flops only); its outputs are folded
// three bits at a time into a shift register that leaves on `so` (one LUT per three output
// bits): no output is optimised away and no pin constrains the timing.
//
// Parameters
//   IN_W   bits of the input shift register (>= 2)
//   OUT_W  output bits folded into `so` (>= 1); FOLD_W = ceil(OUT_W / 3) register stages
// Ports
//   clk    clock
//   si     serial input of the input shift register
//   so     serial output of the output folding register
//   ins    [IN_W-1:0] the input shift register (bit 0 = the newest bit of si)
//   outs   [OUT_W-1:0] the design's outputs
// Timing: ins shifts by one bit per clock; so is registered (FOLD_W stages from outs).
`default_nettype none

module ooc_io #(
    parameter integer IN_W = 2,
    parameter integer OUT_W = 1
) (
    input  wire            clk,
    input  wire            si,
    output wire            so,
    output wire [IN_W-1:0] ins,
    input  wire [OUT_W-1:0] outs
);
  localparam integer FOLD_W = (OUT_W + 2) / 3;

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  always @(posedge clk) in_sr <= {in_sr[IN_W-2:0], si};
  assign ins = in_sr;

  wire [3*FOLD_W-1:0] ow = {{(3 * FOLD_W - OUT_W) {1'b0}}, outs};
  reg [FOLD_W-1:0] fold = {FOLD_W{1'b0}};
  genvar k;
  generate
    for (k = 0; k < FOLD_W; k = k + 1) begin : g_fold
      if (k == 0) begin : g_first
        always @(posedge clk) fold[0] <= ow[0] ^ ow[1] ^ ow[2];
      end else begin : g_next
        always @(posedge clk) fold[k] <= fold[k-1] ^ ow[3*k] ^ ow[3*k+1] ^ ow[3*k+2];
      end
    end
  endgenerate
  assign so = fold[FOLD_W-1];
endmodule

`default_nettype wire
