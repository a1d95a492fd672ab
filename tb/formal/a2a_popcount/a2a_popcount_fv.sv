// Formal harness of rtl/engine/a2a_popcount.v: the pipelined population count equals the
// number of ones of the vector presented L cycles earlier (reference: a bit loop, not the
// RTL's radix-4 tree), for every input sequence, clears and resets included.
`default_nettype none
module a2a_popcount_fv #(
  parameter integer X = 16,
  parameter integer L = 2
) (
  input wire         clk,
  input wire         rst,
  input wire         clear,
  input wire [X-1:0] in
);
  localparam integer OW = $clog2(X + 1);
  wire [OW-1:0] count;
  a2a_popcount #(.X(X), .L(L)) u_dut (.clk(clk), .rst(rst), .clear(clear), .in(in), .count(count));

  function [OW-1:0] ones;
    input [X-1:0] v;
    integer k;
    begin
      ones = 0;
      for (k = 0; k < X; k = k + 1) ones = ones + v[k];
    end
  endfunction

  // The expected count of each pipeline level: what entered l cycles ago, or 0 when a
  // reset or clear came in between (the RTL clears every level).
  reg [OW-1:0] exp_q [0:L];
  reg          init = 1'b1;
  integer i;
  always @(posedge clk) begin
    init <= 1'b0;
    for (i = L; i >= 1; i = i - 1)
      exp_q[i] <= (rst || clear) ? {OW{1'b0}} : exp_q[i-1];
  end
  always @* exp_q[0] = ones(in);

  always @* if (init) assume (rst);
  always @(posedge clk) if (!init) assert (count == exp_q[L]);
  always @(posedge clk) if (!init) cover (count == X);
endmodule
`default_nettype wire
