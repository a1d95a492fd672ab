// gsen_fabric: N x N generalized shuffle-exchange network (GSEN, paper 001), any even N >= 4.
//
// Numbering (docs/conventions.md): n = ceil(log2 N) stages s = 0..n-1 from the
// inputs, H = N/2 switches y = 0..H-1 per stage.  Each stage is a perfect shuffle followed by
// the switches; the shuffle is folded into the wiring: switch y takes terminal y on
// in-subport 0 and terminal y+H on in-subport 1, and drives terminals 2y (out-subport 0) and
// 2y+1 (out-subport 1).  State 0 = straight, 1 = cross.  After stage n-1, terminal t is
// output port t.
//
// Parameters
//   N         ports, even, >= 4
//   W         data bits per message, >= 1
//   CONTROL   0 individual, 1 stage, 2 alt, 3 alt2, 4 alt4, 5 tag (rtl/common/mf_params.vh)
//   PIPELINE  1: a register after every stage (latency n cycles, one round per clock);
//             0: purely combinational (latency 0; clk/rst unused)
//   ROUND_VALID 0: a valid bit per message, switched with it (N*n more 2:1 multiplexers,
//             N*n flip-flops: the fabric costs N*n*(W+1) LUTs);
//             1: one valid bit per round, for rounds that are full permutations (the
//             scheduled all-to-all rounds of paper 001 where every processor sends):
//             in_valid must be all ones or all zeros (asserted in simulation), the round's
//             valid bit is in_valid[0] and travels as one flip-flop per stage, and
//             out_valid is that bit on every port (N*n*W LUTs).  Not with CONTROL = tag,
//             whose conflicts drop single messages.
// Derived (localparams): NS = n = ceil(log2 N), H = N/2, CFG_W = mf_ctrl_cfg_w (mf_params.vh):
//   NS*H for individual control and NS otherwise.
// Ports
//   clk, rst          clock, synchronous active-high reset (clears the valid/conflict
//                     pipeline; data registers are not reset)
//   in_valid [N-1:0]  bit i: input terminal i carries a message this cycle
//   in_data [N*W-1:0] message of input i at bits [i*W +: W]
//   in_cfg [CFG_W-1:0] configuration of this round (travels down the pipeline with it):
//                     individual: bit s*H + y = state of switch y at stage s;
//                     stage:      bit (n-1-s) = state of every switch of stage s (number C);
//                     alt/alt2/alt4: bit (n-1-s) = a_(n-1-s), state(s,y) = bit xor
//                                 ((y >> p) & 1) with p = 0/1/2 (number A, A', A'');
//                     tag:        ignored.
//   in_tag [N*NS-1:0] forward tag of input i at bits [i*NS +: NS] (tag mode only, ignored
//                     otherwise); the switch at stage s uses tag bit (n-1-s) as the
//                     out-subport.  The tag travels with its message.
//   out_valid [N-1:0], out_data [N*W-1:0]  output port j at bit j / bits [j*W +: W]; data
//                     beside a clear valid bit is don't care.
//   out_conflict [NS*H-1:0]  tag mode: bit s*H + y = 1 when, for the round now at the
//                     outputs, switch y of stage s had two valid messages asking for the
//                     same out-subport (in-subport 0 won, the in-subport 1 message was
//                     dropped).  Aligned with out_valid/out_data; always 0 in other modes.
//                     With one valid message the switch takes its state from that
//                     message's tag bit (mf_switch_tag_ctrl).
// Timing: with PIPELINE=1 the round presented in cycle k is at the outputs in cycle k+n.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_assert.vh"

module gsen_fabric (
  clk, rst, in_valid, in_data, in_cfg, in_tag, out_valid, out_data, out_conflict
);
`include "mf_params.vh"
  parameter integer N = 10;
  parameter integer W = 8;
  parameter integer CONTROL = MF_CTRL_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer ROUND_VALID = 0;

`include "mf_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer H = N / 2;
  localparam integer IS_TAG = (CONTROL == MF_CTRL_TAG) ? 1 : 0;
  localparam integer CFG_W = mf_ctrl_cfg_w(CONTROL, NS, N);
  // The message word inside the fabric: data, plus the forward tag in tag mode.
  localparam integer MW = W + IS_TAG * NS;
  localparam integer NSW = NS * H;
  // Alternation period shift: -1 = none (stage control).
  localparam integer ALT_SHIFT = mf_ctrl_alt_shift(CONTROL);

  input  wire              clk;
  input  wire              rst;
  input  wire [N-1:0]      in_valid;
  input  wire [N*W-1:0]    in_data;
  input  wire [CFG_W-1:0]  in_cfg;
  input  wire [N*NS-1:0]   in_tag;
  output wire [N-1:0]      out_valid;
  output wire [N*W-1:0]    out_data;
  output wire [NSW-1:0]    out_conflict;

  // ---- illegal parameters stop elaboration in every tool (rtl/common/mf_param_check.vh) ----
  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0, g_bad_n_odd, ERROR_gsen_fabric_N_must_be_even,
                       ("gsen_fabric: N must be even (N=%0d)", N))
    `MF_PARAM_ERROR_IF(N < 4, g_bad_n_small, ERROR_gsen_fabric_N_must_be_at_least_4,
                       ("gsen_fabric: N must be >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(W < 1, g_bad_w, ERROR_gsen_fabric_W_must_be_positive,
                       ("gsen_fabric: W must be >= 1 (W=%0d)", W))
    `MF_PARAM_ERROR_IF(CONTROL < MF_CTRL_INDIV || CONTROL > MF_CTRL_TAG, g_bad_control,
                       ERROR_gsen_fabric_unknown_CONTROL,
                       ("gsen_fabric: unknown CONTROL=%0d (0 indiv,1 stage,2 alt,3 alt2,4 alt4,5 tag)",
                        CONTROL))
    `MF_PARAM_ERROR_IF(PIPELINE != 0 && PIPELINE != 1, g_bad_pipeline,
                       ERROR_gsen_fabric_PIPELINE_must_be_0_or_1,
                       ("gsen_fabric: PIPELINE must be 0 or 1 (PIPELINE=%0d)", PIPELINE))
    `MF_PARAM_ERROR_IF(ROUND_VALID != 0 && ROUND_VALID != 1, g_bad_round_valid,
                       ERROR_gsen_fabric_ROUND_VALID_must_be_0_or_1,
                       ("gsen_fabric: ROUND_VALID must be 0 or 1 (ROUND_VALID=%0d)", ROUND_VALID))
    `MF_PARAM_ERROR_IF(ROUND_VALID == 1 && CONTROL == MF_CTRL_TAG, g_bad_round_valid_tag,
                       ERROR_gsen_fabric_ROUND_VALID_needs_a_configured_CONTROL,
                       ("gsen_fabric: ROUND_VALID=1 needs a configured CONTROL, not tag (tag conflicts drop single messages)"))
  endgenerate

  // Signals entering stage s (index s); index NS = after the last stage.
  // (split_var: the stages read index s and drive index s+1; without it Verilator sees a
  // false combinational loop when PIPELINE=0.)
  // Messages are one MW-bit word per terminal: d_at[s*N + t] is terminal t entering stage s
  // (an array of words rather than one N*MW-bit vector keeps the simulators' code small).
  wire [N-1:0]     v_at [0:NS]   /*verilator split_var*/;
  wire [MW-1:0]    d_at [0:(NS+1)*N-1] /*verilator split_var*/;
  wire [CFG_W-1:0] c_at [0:NS-1] /*verilator split_var*/;
  wire [NSW-1:0]   x_at [0:NS]   /*verilator split_var*/;
  wire             unused_clk_rst = clk ^ rst;  // both unused when PIPELINE=0

  genvar s, y, t;
  generate
    for (t = 0; t < N; t = t + 1) begin : g_in
      wire [MW-1:0] d_out = d_at[NS*N + t];
      assign out_data[t*W +: W] = d_out[W-1:0];
      if (IS_TAG != 0) begin : g_tag
        assign d_at[t] = {in_tag[t*NS +: NS], in_data[t*W +: W]};
        wire unused_out_tag = ^d_out[MW-1:W];  // the tag leaves the last stage unused
      end else begin : g_notag
        assign d_at[t] = in_data[t*W +: W];
      end
    end
    if (IS_TAG != 0) begin : g_unused_cfg
      wire unused_cfg = ^in_cfg;
    end else begin : g_unused_tag
      wire unused_tag = ^in_tag;
    end
  endgenerate

  assign v_at[0] = in_valid;
  assign c_at[0] = in_cfg;
  assign x_at[0] = {NSW{1'b0}};
  assign out_valid = v_at[NS];
  assign out_conflict = x_at[NS];

  generate
    for (s = 0; s < NS; s = s + 1) begin : g_stage
      wire [N-1:0]    nv;   // after the switches of stage s (terminal order 2y+f)
      wire [MW-1:0]   nd [0:N-1];
      wire [H-1:0]    cf;   // conflict flag of each switch of this stage
      wire [NSW-1:0]  nx;

      for (y = 0; y < H; y = y + 1) begin : g_sw
        wire st;
        wire v1;
        wire [MW-1:0] d0 = d_at[s*N + y];
        wire [MW-1:0] d1 = d_at[s*N + y + H];
        if (IS_TAG != 0) begin : g_tagctl
          wire drop1;
          wire [MW-1:0] f0w = d0;
          wire [MW-1:0] f1w = d1;
          mf_switch_tag_ctrl u_ctl (
            .v0(v_at[s][y]), .v1(v_at[s][y+H]),
            .f0(f0w[W + NS-1-s]), .f1(f1w[W + NS-1-s]),
            .state(st), .drop1(drop1), .conflict(cf[y])
          );
          assign v1 = v_at[s][y+H] & ~drop1;
        end else begin : g_cfgctl
          if (CONTROL == MF_CTRL_INDIV) begin : g_indiv
            assign st = c_at[s][s*H + y];
          end else if (ALT_SHIFT < 0) begin : g_stagectl
            assign st = c_at[s][NS-1-s];
          end else begin : g_altctl
            assign st = c_at[s][NS-1-s] ^ (((y >> ALT_SHIFT) & 1) != 0);
          end
          assign v1 = v_at[s][y+H];
          assign cf[y] = 1'b0;
        end
        mf_switch2x2 #(.W(MW)) u_sw (
          .state(st),
          .in0_valid(v_at[s][y]),   .in0_data(d0),
          .in1_valid(v1),           .in1_data(d1),
          .out0_valid(nv[2*y]),     .out0_data(nd[2*y]),
          .out1_valid(nv[2*y+1]),   .out1_data(nd[2*y+1])
        );
      end

      assign nx = x_at[s] | ({{(NSW-H){1'b0}}, cf} << (s*H));

      // The valid bits leaving the stage: switched per message (nv), or the round's one bit
      // (with ROUND_VALID the switched copy nv is only checked, below, never used).
      if (ROUND_VALID != 0) begin : g_round_v
        wire unused_nv = ^nv;
      end

      if (PIPELINE != 0) begin : g_reg
        reg [NSW-1:0]  x_q;
        always @(posedge clk) begin
          if (rst) x_q <= {NSW{1'b0}};
          else     x_q <= nx;
        end
        if (ROUND_VALID != 0) begin : g_round_q
          reg v_q;  // one valid flip-flop per stage
          always @(posedge clk) begin
            if (rst) v_q <= 1'b0;
            else     v_q <= v_at[s][0];
          end
          assign v_at[s+1] = {N{v_q}};
        end else begin : g_port_q
          reg [N-1:0] v_q;
          always @(posedge clk) begin
            if (rst) v_q <= {N{1'b0}};
            else     v_q <= nv;
          end
          assign v_at[s+1] = v_q;
        end
        for (t = 0; t < N; t = t + 1) begin : g_dq
          reg [MW-1:0] d_q;
          always @(posedge clk) d_q <= nd[t];
          assign d_at[(s+1)*N + t] = d_q;
        end
        assign x_at[s+1] = x_q;
        if (s < NS - 1) begin : g_cfg
          reg [CFG_W-1:0] c_q;
          always @(posedge clk) c_q <= c_at[s];
          assign c_at[s+1] = c_q;
        end
      end else begin : g_comb
        for (t = 0; t < N; t = t + 1) begin : g_dc
          assign d_at[(s+1)*N + t] = nd[t];
        end
        assign v_at[s+1] = (ROUND_VALID != 0) ? {N{v_at[s][0]}} : nv;
        assign x_at[s+1] = nx;
        if (s < NS - 1) begin : g_cfg
          assign c_at[s+1] = c_at[s];
        end
      end

      // Invariant: outside tag mode a stage neither loses nor creates messages.
      if (IS_TAG == 0) begin : g_chk
        `MF_ASSERT(a_stage_keeps_count, clk, rst, mf_popcount(nv) == mf_popcount(v_at[s]))
      end
    end
  endgenerate

  // Input rule (ROUND_VALID = 1): a round is a full permutation or empty.  An assertion, not
  // an assumption: inside an engine the scheduler drives in_valid, and the engine's proofs
  // must show that it keeps the rule (a fabric-level proof assumes it of its free inputs).
  generate
    if (ROUND_VALID != 0) begin : g_round_chk
      `MF_ASSERT(a_round_full_or_empty, clk, rst, in_valid == {N{1'b0}} || in_valid == {N{1'b1}})
    end
  endgenerate

  // the stage invariant's message counts (mf_popcount.vh)
  localparam integer MF_POPCOUNT_W = N;
  localparam integer MF_POPCOUNT_CW = 32;
`include "mf_popcount.vh"

endmodule

`default_nettype wire
