// Formal harness of the assertion layer: mf_assert_demo's own MF_ASSERT / MF_COVER lines
// are the properties (nothing is asserted here); only the reset is constrained.
`default_nettype none
module mf_assert_fv (
  input wire clk,
  input wire rst
);
  wire [3:0] q;
  mf_assert_demo #(.LAST(9)) u_dut (.clk(clk), .rst(rst), .q(q));
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  always @* if (init) assume (rst);
endmodule
`default_nettype wire
