// ooc_gsen_fabric: out-of-context synthesis wrapper of gsen_fabric (synth/flow.py designs
// gsen_fabric, the sweep): it lets place-and-route time the fabric on a real device with
// three pins.  Every fabric input (valid, data, configuration, tag) comes from one long
// shift register fed by `si` (flip-flops only, no LUTs), and the registered fabric outputs
// are folded three bits at a time into a shift register that leaves on `so` (one LUT per
// three output bits).  So every fabric path is register to register, the fabric cannot be
// optimised away, and the LUTs the wrapper adds are about (N*(W+1) + n*N/2) / 3.  The flow
// reports the fabric's own LUT count from a separate out-of-context synthesis of
// gsen_fabric; this wrapper only gives Fmax and placement.
//
// Parameters
//   N, W, CONTROL, PIPELINE, ROUND_VALID  passed to gsen_fabric (legality checked there);
//   with ROUND_VALID = 1 every in_valid bit is the register's first bit (a full or empty
//   round, as the fabric requires)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none
`include "mf_codes.vh"

module ooc_gsen_fabric #(
    parameter integer N = 16,
    parameter integer W = 8,
    parameter integer CONTROL = `MF_CTRL_STAGE,
    parameter integer PIPELINE = 1,
    parameter integer ROUND_VALID = 0
) (
    input  wire clk,
    input  wire si,
    output wire so
);
`include "mf_params.vh"
`include "mf_functions.vh"
  // the fabric's port widths (functions of its headers)
  localparam integer NS = mf_clog2(N);
  localparam integer H = N / 2;
  localparam integer CFG_W = mf_ctrl_cfg_w(CONTROL, NS, N);
  localparam integer IN_W = N + N * W + CFG_W + N * NS;
  localparam integer OUT_W = N + N * W + NS * H;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire [N-1:0] out_valid;
  wire [N*W-1:0] out_data;
  wire [NS*H-1:0] out_conflict;

  gsen_fabric #(
      .N(N),
      .W(W),
      .CONTROL(CONTROL),
      .PIPELINE(PIPELINE),
      .ROUND_VALID(ROUND_VALID)
  ) u_fabric (
      .clk(clk),
      .rst(1'b0),
      .in_valid(ROUND_VALID != 0 ? {N{in_sr[0]}} : in_sr[N-1:0]),
      .in_data(in_sr[N+N*W-1:N]),
      .in_cfg(in_sr[N+N*W+CFG_W-1:N+N*W]),
      .in_tag(in_sr[IN_W-1:N+N*W+CFG_W]),
      .out_valid(out_valid),
      .out_data(out_data),
      .out_conflict(out_conflict)
  );

  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({out_conflict, out_data, out_valid})
  );
endmodule

`default_nettype wire
