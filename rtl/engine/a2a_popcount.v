// a2a_popcount: pipelined population count of the all-to-all engines' event vectors: a
// tree of registered radix-4 sums, L levels (level l adds groups of four of level l-1's
// values; the last level adds whatever remains), so the count of the vector presented in
// cycle c is on `count` in cycle c + L.
//
// Parameters
//   X   bits counted (>= 1);  L  levels (>= 1; ceil(log4 X) for a radix-4 tree throughout)
// Derived: OW = ceil(log2(X+1)) count width
// Ports
//   clk, rst, clear   clock; synchronous reset or clear of every level
//   in [X-1:0]        the vector
//   count [OW-1:0]    its population count, L cycles later
`default_nettype none
`include "mf_param_check.vh"

module a2a_popcount (
  clk, rst, clear, in, count
);
  parameter integer X = 16;
  parameter integer L = 2;

`include "mf_functions.vh"

  localparam integer OW = mf_clog2(X + 1);

  input  wire          clk;
  input  wire          rst;
  input  wire          clear;
  input  wire [X-1:0]  in;
  output wire [OW-1:0] count;

  generate
    `MF_PARAM_ERROR_IF(X < 1 || L < 1, g_bad_param, ERROR_a2a_popcount_X_and_L_must_be_positive,
                       ("a2a_popcount: X and L must be >= 1 (X=%0d, L=%0d)", X, L))
  endgenerate

  // level l's values at [(l*X + g)*OW +: OW], g < the level's group count
  wire [(L+1)*X*OW-1:0] lv;

  genvar l, g;
  generate
    for (g = 0; g < X; g = g + 1) begin : g_in
      assign lv[g*OW +: OW] = {{(OW-1){1'b0}}, in[g]};
    end
    for (l = 1; l <= L; l = l + 1) begin : g_lvl
      // groups of level l-1, and how many of them each group of level l adds
      localparam integer GP = (X + (1 << (2 * (l - 1))) - 1) >> (2 * (l - 1));
      localparam integer R = (l == L) ? GP : 4;
      localparam integer GN = (GP + R - 1) / R;
      for (g = 0; g < X; g = g + 1) begin : g_grp
        if (g < GN) begin : g_live
          reg [OW-1:0] s;
          reg [OW-1:0] q;
          integer t;
          always @* begin
            s = {OW{1'b0}};
            for (t = 0; t < R; t = t + 1)
              if (g * R + t < GP) s = s + lv[((l - 1) * X + g * R + t) * OW +: OW];
          end
          always @(posedge clk) begin
            if (rst || clear) q <= {OW{1'b0}};
            else q <= s;
          end
          assign lv[(l * X + g) * OW +: OW] = q;
        end else begin : g_none
          assign lv[(l * X + g) * OW +: OW] = {OW{1'b0}};
        end
      end
    end
  endgenerate

  assign count = lv[L * X * OW +: OW];
  wire unused_lv = ^lv;
endmodule

`default_nettype wire
