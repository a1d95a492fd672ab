// a2a_counter: an event counter of the all-to-all engines, as wide as the count can get
// in one exchange (VW bits: the counters are cleared at every start), presented on a
// 32-bit port.  A counter of the words of one exchange needs ceil(log2(N*N*B + 1)) bits
// (9 at N = 16), not 32, which keeps its carry chain short.
//
// Parameters
//   VW    counter width (1..32);  IW  increment width (1..VW);  DOWN  0 count up, 1 down
//   INIT  value after reset / clear (< 2^VW)
// Ports
//   clk, rst, clear   clock; synchronous reset or clear (value <- INIT)
//   inc [IW-1:0]      added (subtracted) at this edge
//   value [31:0]      the count, zero-extended
`default_nettype none
`include "mf_param_check.vh"

module a2a_counter (
  clk, rst, clear, inc, value
);
  parameter integer VW = 16;
  parameter integer IW = 4;
  parameter integer DOWN = 0;
  parameter [31:0] INIT = 32'd0;

  input  wire          clk;
  input  wire          rst;
  input  wire          clear;
  input  wire [IW-1:0] inc;
  output wire [31:0]   value;

  generate
    `MF_PARAM_ERROR_IF(VW < 1 || VW > 32 || IW < 1 || IW > VW || (DOWN != 0 && DOWN != 1),
                       g_bad_param, ERROR_a2a_counter_needs_1_le_IW_le_VW_le_32_and_DOWN_0_or_1,
                       ("a2a_counter: needs 1 <= IW <= VW <= 32, DOWN 0 or 1 (VW=%0d, IW=%0d, DOWN=%0d)",
                        VW, IW, DOWN))
  endgenerate

  reg  [VW-1:0] q;
  wire [VW-1:0] step = {{(VW-IW){1'b0}}, inc};
  always @(posedge clk) begin
    if (rst || clear) q <= INIT[VW-1:0];
    else if (DOWN != 0) q <= q - step;
    else q <= q + step;
  end

  generate
    if (VW < 32) begin : g_ext
      assign value = {{(32-VW){1'b0}}, q};
      wire unused_init = ^INIT[31:VW];
    end else begin : g_full
      assign value = q;
    end
  endgenerate
endmodule

`default_nettype wire
