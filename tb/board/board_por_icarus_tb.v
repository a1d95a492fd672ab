// board_por_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the boards' power-on
// reset (rtl/board/board_por.v): rst is high (never x) at the first 2^CNT_W rising clock edges
// after configuration, then low at every later edge (checked for 2 * 2^CNT_W + 8 more).  The
// board lockstep harnesses do not see the reset's length (their models start from the
// declared initial values and work after a reset of any length).  Prints PASS / FAIL;
// $fatal on failure.
//
// Parameters
//   CNT_W   as board_por (reset lasts 2^CNT_W cycles)
`timescale 1ns / 1ps
`default_nettype none

module board_por_icarus_tb;
  parameter integer CNT_W = 4;

  localparam integer HOLD = 1 << CNT_W;
  localparam integer EDGES = 3 * HOLD + 8;

  reg clk = 1'b0;
  wire rst;

  board_por #(.CNT_W(CNT_W)) u_dut (
      .clk(clk),
      .rst(rst)
  );

  integer bad = 0;
  integer e;

  initial begin
    for (e = 1; e <= EDGES; e = e + 1) begin
      #5;
      // the value the design sees at rising edge e (sampled just before it: no race)
      if (rst !== (e <= HOLD)) begin
        bad = bad + 1;
        if (bad <= 5) $display("FAIL edge %0d: rst = %b, expected %0d", e, rst, e <= HOLD);
      end
      clk = 1'b1;
      #5 clk = 1'b0;
    end
    if (bad == 0) $display("PASS board_por CNT_W=%0d: rst high at the first %0d edges, low at the next %0d",
                           CNT_W, HOLD, EDGES - HOLD);
    else begin
      $display("FAIL board_por CNT_W=%0d: %0d edges wrong", CNT_W, bad);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
