// mf_switch2x2: 2x2 switching element (crossbar) carrying a valid bit and W data bits.
//
// Parameters
//   W           data width (>= 1)
// Ports (all combinational, no clock)
//   state       0 = straight (in0 -> out0, in1 -> out1), 1 = cross (in0 -> out1, in1 -> out0)
//   in0_valid   in-subport 0 valid;  in0_data [W-1:0] its data
//   in1_valid   in-subport 1 valid;  in1_data [W-1:0] its data
//   out0_valid  out-subport 0 valid; out0_data [W-1:0]
//   out1_valid  out-subport 1 valid; out1_data [W-1:0]
// Data moves with its valid bit; data beside an invalid valid bit is "don't care" (it is the
// routed input data, unchanged).  Dropping a message is done by the caller gating in*_valid.
`default_nettype none
`include "mf_param_check.vh"

module mf_switch2x2 (
  state,
  in0_valid, in0_data, in1_valid, in1_data,
  out0_valid, out0_data, out1_valid, out1_data
);
  parameter integer W = 8;

  input  wire         state;
  input  wire         in0_valid;
  input  wire [W-1:0] in0_data;
  input  wire         in1_valid;
  input  wire [W-1:0] in1_data;
  output wire         out0_valid;
  output wire [W-1:0] out0_data;
  output wire         out1_valid;
  output wire [W-1:0] out1_data;

  generate
    `MF_PARAM_ERROR_IF(W < 1, g_bad_w, ERROR_mf_switch2x2_W_must_be_positive,
                       ("mf_switch2x2: W must be >= 1 (W=%0d)", W))
  endgenerate

  assign out0_valid = state ? in1_valid : in0_valid;
  assign out0_data  = state ? in1_data  : in0_data;
  assign out1_valid = state ? in0_valid : in1_valid;
  assign out1_data  = state ? in0_data  : in1_data;
endmodule

`default_nettype wire
