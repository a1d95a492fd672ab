// Formal harness of gsen_fabric's own assertions (rtl/common/mf_assert.vh lines in
// rtl/gsen/gsen_fabric.v): a_stage_keeps_count (outside tag mode a stage neither loses nor
// creates messages) and a_round_full_or_empty (ROUND_VALID = 1 rounds are full or empty)
// are the properties; this harness only drives free inputs, keeping ROUND_VALID = 1
// rounds full or empty as that input rule says.  The output-level reference is
// tb/formal/gsen_fabric (there the RTL is read with its checks compiled out, for speed).
// The control mode is named per task by the .sby: `read -define FV_CTRL=`MF_CTRL_<mode>`.
`default_nettype none
`include "mf_codes.vh"
`ifndef FV_CTRL
`define FV_CTRL `MF_CTRL_STAGE
`endif
module gsen_fabric_asserts_fv #(
  parameter integer N = 8,
  parameter integer CONTROL = `FV_CTRL,
  parameter integer ROUND_VALID = 0
) (
  input wire clk,
  input wire rst,
  input wire [N-1:0] in_valid,
  input wire [N*2-1:0] in_data,
  input wire [N*N/2-1:0] in_cfg,
  input wire [N*4-1:0] in_tag
);
`include "mf_params.vh"
  localparam integer NS = $clog2(N);
  localparam integer H = N / 2;
  localparam integer CFG_W = (CONTROL == MF_CTRL_INDIV) ? NS * H : NS;
  wire [N-1:0] out_valid;
  wire [N*2-1:0] out_data;
  wire [NS*H-1:0] out_conflict;
  // ROUND_VALID = 1: one valid bit per round (the fabric's input rule)
  wire [N-1:0] v = (ROUND_VALID != 0) ? {N{in_valid[0]}} : in_valid;
  gsen_fabric #(.N(N), .W(2), .CONTROL(CONTROL), .PIPELINE(1), .ROUND_VALID(ROUND_VALID)) u_dut (
    .clk(clk), .rst(rst), .in_valid(v), .in_data(in_data), .in_cfg(in_cfg[CFG_W-1:0]),
    .in_tag(in_tag[N*NS-1:0]), .out_valid(out_valid), .out_data(out_data),
    .out_conflict(out_conflict));
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  always @* if (init) assume (rst);
  // not vacuous: a full round leaves the last stage
  always @* if (!init && !rst) cover (out_valid == {N{1'b1}});
endmodule
`default_nettype wire
