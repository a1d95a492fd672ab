// gsen_route: combinational route predictor of the GSEN under one configuration number.
//
// Follows input `src` through the n stages exactly as gsen_fabric does (docs/conventions.md):
// at stage s a message on terminal t is at switch y = t mod N/2, in-subport
// b = (t >= N/2), leaves on out-subport f = b xor state(s, y) and reaches terminal 2y + f.
// The modulo is a compare-subtract (no divider).
//
// Parameters
//   N        ports, even, >= 4
//   CONTROL  1 stage, 2 alt, 3 alt2, 4 alt4 (mf_params.vh); individual and tag are not
//            configuration numbers and are rejected
// Derived: NS = ceil(log2 N), IW = ceil(log2 N) (index width; equal to NS)
// Ports (combinational)
//   src [IW-1:0]  input terminal i (must be < N)
//   cfg [NS-1:0]  configuration number (C for stage control, A / A' / A'' for alt*)
//   dst [IW-1:0]  output terminal j reached by i
//   tag [NS-1:0]  forward tag F of the path (bit n-1-s = out-subport at stage s); with stage
//                 control Lemma 3.3/3.4 give j = (i*2^n + F) mod N, C = B xor F.
`default_nettype none
`include "mf_param_check.vh"

module gsen_route (
  src, cfg, dst, tag
);
`include "mf_params.vh"
  parameter integer N = 10;
  parameter integer CONTROL = MF_CTRL_STAGE;

`include "mf_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer H = N / 2;
  localparam integer ALT_SHIFT = mf_ctrl_alt_shift(CONTROL);
  localparam integer ASH = (ALT_SHIFT < 0) ? 0 : ALT_SHIFT;

  input  wire [IW-1:0] src;
  input  wire [NS-1:0] cfg;
  output reg  [IW-1:0] dst;
  output reg  [NS-1:0] tag;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n, ERROR_gsen_route_N_must_be_even_and_at_least_4,
                       ("gsen_route: N must be even and >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(CONTROL < MF_CTRL_STAGE || CONTROL > MF_CTRL_ALT4, g_bad_control,
                       ERROR_gsen_route_CONTROL_must_be_stage_or_alt,
                       ("gsen_route: CONTROL must be 1 stage, 2 alt, 3 alt2 or 4 alt4 (CONTROL=%0d)",
                        CONTROL))
  endgenerate

  // IW+1 bits hold 2y+1 <= N-1 and the compare against H.
  reg [IW:0] t;
  reg [IW:0] yy;
  reg        b;
  reg        st;
  reg        f;
  integer    s;

  always @* begin
    t = {1'b0, src};
    tag = {NS{1'b0}};
    for (s = 0; s < NS; s = s + 1) begin
      b = (t >= H[IW:0]);
      yy = b ? t - H[IW:0] : t;
      st = cfg[NS-1-s];
      if (ALT_SHIFT >= 0) st = st ^ yy[ASH];
      f = b ^ st;
      tag[NS-1-s] = f;
      t = {yy[IW-1:0], f};
    end
    dst = t[IW-1:0];
  end
endmodule

`default_nettype wire
