// Simulation bench of the assertion layer (tb/formal/mf_assert/assert_layer_test.sh):
// 40 cycles of mf_assert_demo; the script sets STEP with -P/-G (1: clean, 2: the counter
// jumps past LAST and MF_ASSERT must stop the simulation).
`default_nettype none
`timescale 1ns / 1ps
module mf_assert_tb;
  parameter integer STEP = 1;
  reg clk = 1'b0;
  reg rst = 1'b1;
  wire [3:0] q;
  integer c;
  mf_assert_demo #(.LAST(9), .STEP(STEP)) u_dut (.clk(clk), .rst(rst), .q(q));
  initial begin
    for (c = 0; c < 40; c = c + 1) begin
      #5 clk = 1'b1;
      #1 rst = 1'b0;
      #4 clk = 1'b0;
    end
    $display("mf_assert_tb: 40 cycles, no assertion failed");
    $finish;
  end
endmodule
`default_nettype wire
