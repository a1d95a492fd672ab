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

  // Level l (1..L) holds GN registered sums of groups of R values of level l-1 (level 0 is
  // `in`), packed in the level's own vector q; the last level has one value, the count.
  // (One vector per level, written by one always block: the simulators see a few wide
  // registers, not one (L+1)*X*OW-bit wire assembled from X*(L+1) pieces.)
  genvar l;
  generate
    for (l = 1; l <= L; l = l + 1) begin : g_lvl
      // groups of level l-1 (GP), how many of them each group of level l adds (R), the
      // groups of level l (GN), the width of a level l-1 value (PW)
      localparam integer GP = (X + (1 << (2 * (l - 1))) - 1) >> (2 * (l - 1));
      localparam integer R = (l == L) ? GP : 4;
      localparam integer GN = (GP + R - 1) / R;
      localparam integer PW = (l == 1) ? 1 : OW;
      wire [GP*PW-1:0] prev;
      if (l == 1) begin : g_first
        assign prev = in;
      end else begin : g_next
        assign prev = g_lvl[l-1].q;
      end
      reg [GN*OW-1:0] s;
      reg [GN*OW-1:0] q;
      reg [OW-1:0]    e;  // a level l-1 value, zero-extended
      integer g, t;
      always @* begin
        s = {(GN*OW){1'b0}};
        e = {OW{1'b0}};
        for (g = 0; g < GN; g = g + 1)
          for (t = 0; t < R; t = t + 1)
            if (g * R + t < GP) begin
              e[PW-1:0] = prev[(g * R + t) * PW +: PW];
              s[g*OW +: OW] = s[g*OW +: OW] + e;
            end
      end
      always @(posedge clk) begin
        if (rst || clear) q <= {(GN*OW){1'b0}};
        else q <= s;
      end
    end
  endgenerate

  assign count = g_lvl[L].q[OW-1:0];
endmodule

`default_nettype wire
