// board_por: power-on reset for boards that have no reset button wired to the design.
// Holds rst high for the first 2^CNT_W clock cycles after configuration, then low forever.
// Relies on the FPGA's configured register initial values (iCE40 and ECP5 flip-flops start
// at the value given in the declaration; Verilator and Icarus honour it as well).
//
// Parameters
//   CNT_W  width of the hold counter (>= 1): reset lasts 2^CNT_W cycles
// Ports
//   clk    board clock
//   rst    synchronous reset for the rest of the design, active high
`default_nettype none
`include "mf_param_check.vh"

module board_por #(
    parameter integer CNT_W = 4
) (
    input  wire clk,
    output wire rst
);
  generate
    `MF_PARAM_ERROR_IF(CNT_W < 1, g_bad_width, ERROR_board_por_CNT_W_must_be_positive,
                       ("board_por: CNT_W must be >= 1 (CNT_W=%0d)", CNT_W))
  endgenerate

  reg [CNT_W-1:0] cnt = {CNT_W{1'b0}};
  reg held = 1'b1;

  assign rst = held;

  always @(posedge clk) begin
    if (held) begin
      cnt <= cnt + 1'b1;
      if (cnt == {CNT_W{1'b1}}) held <= 1'b0;
    end
  end
endmodule

`default_nettype wire
