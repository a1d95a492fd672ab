// banyan_fabric: N x N banyan network (paper 000), N = 2^m, with run-time fault injection.
//
// Numbering (docs/conventions.md): stages i = 0..m-1; switching element E_il
// (l = 0..N/2-1) of stage i takes the positions 2l (in-subport 0) and 2l+1 (in-subport 1)
// entering stage i and drives positions 2l+f (out-subport f).  Between stage j and j+1
// (j = 0..m-2) the interstage permutation tau_j swaps address bit 0 with bit j+1.  After
// stage m-1 position p is output port p.  State 0 = straight, 1 = cross (sigma).
//
// Parameters
//   N         ports, a power of two, >= 4
//   W         data bits per message, >= 1
//   CONTROL   0 individual, 1 stage, 5 tag (mf_params.vh; the alternating modes are GSEN only)
//   PIPELINE  1: a register after every stage (after tau; latency m, one round per clock);
//             0: combinational (latency 0; clk/rst unused)
// Derived (localparams): M = m = log2 N, H = N/2, CFG_W = mf_ctrl_cfg_w (mf_params.vh): M*H
//   (individual) or M, FSW = banyan_fsw(N) = max(1, ceil(log2 M)) fault stage width,
//   FEW = banyan_few(N) = M-1 fault element width (banyan_functions.vh).
// Ports
//   clk, rst             clock, synchronous active-high reset (valid/conflict pipeline)
//   in_valid [N-1:0]     bit p: input p carries a message
//   in_data [N*W-1:0]    message of input p at bits [p*W +: W]
//   in_cfg [CFG_W-1:0]   individual: bit i*H + l = state of E_il;
//                        stage: sigma_i = sigma (all cross) when bit (m-1-i) is 1, so
//                        configuration number k realizes Gamma_k (row k of the Latin square);
//                        tag: ignored.  Travels down the pipeline with its round.
//   in_tag [N*M-1:0]     tag of input p at bits [p*M +: M] (tag mode): the element at
//                        stage i sends the message to out-subport = tag bit (m-1-i).
//   fault_en             1: the element E_(fault_stage, fault_elem) is faulty
//   fault_stage [FSW-1:0], fault_elem [FEW-1:0]  the faulty element (values out of range:
//                        no element matches)
//   fault_kind [1:0]     MF_FAULT_* of mf_params.vh: 0 dead (both outputs invalid: the
//                        element delivers nothing), 1 stuck straight, 2 stuck cross,
//                        3 dead (same as 0).
//                        A stuck element ignores the configuration and the tags and never
//                        flags a conflict.  The fault ports are not pipelined: they act on
//                        whatever round is inside stage i in the current cycle (hold them
//                        constant during an exchange).
//   out_valid [N-1:0], out_data [N*W-1:0]  output p at bit p / bits [p*W +: W]
//   out_conflict [M*H-1:0]  tag mode: bit i*H + l = E_il saw two valid messages asking for
//                        the same out-subport in the round now at the outputs (in-subport 0
//                        won; the other was dropped); aligned with out_valid; 0 otherwise.
`default_nettype none
`include "mf_param_check.vh"

module banyan_fabric (
  clk, rst, in_valid, in_data, in_cfg, in_tag,
  fault_en, fault_stage, fault_elem, fault_kind,
  out_valid, out_data, out_conflict
);
`include "mf_params.vh"
  parameter integer N = 16;
  parameter integer W = 8;
  parameter integer CONTROL = MF_CTRL_STAGE;
  parameter integer PIPELINE = 1;

`include "mf_functions.vh"
`include "banyan_functions.vh"

  localparam integer M = mf_clog2(N);
  localparam integer H = N / 2;
  localparam integer IS_TAG = (CONTROL == MF_CTRL_TAG) ? 1 : 0;
  localparam integer CFG_W = mf_ctrl_cfg_w(CONTROL, M, N);
  localparam integer MW = W + IS_TAG * M;
  localparam integer NSW = M * H;
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  input  wire              clk;
  input  wire              rst;
  input  wire [N-1:0]      in_valid;
  input  wire [N*W-1:0]    in_data;
  input  wire [CFG_W-1:0]  in_cfg;
  input  wire [N*M-1:0]    in_tag;
  input  wire              fault_en;
  input  wire [FSW-1:0]    fault_stage;
  input  wire [FEW-1:0]    fault_elem;
  input  wire [1:0]        fault_kind;
  output wire [N-1:0]      out_valid;
  output wire [N*W-1:0]    out_data;
  output wire [NSW-1:0]    out_conflict;

  generate
    `MF_PARAM_ERROR_IF(N < 4 || (1 << M) != N, g_bad_n,
                       ERROR_banyan_fabric_N_must_be_a_power_of_two_at_least_4,
                       ("banyan_fabric: N must be a power of two >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(W < 1, g_bad_w, ERROR_banyan_fabric_W_must_be_positive,
                       ("banyan_fabric: W must be >= 1 (W=%0d)", W))
    `MF_PARAM_ERROR_IF(CONTROL != MF_CTRL_INDIV && CONTROL != MF_CTRL_STAGE &&
                       CONTROL != MF_CTRL_TAG, g_bad_control,
                       ERROR_banyan_fabric_CONTROL_must_be_0_1_or_5,
                       ("banyan_fabric: CONTROL must be 0 individual, 1 stage or 5 tag (CONTROL=%0d)",
                        CONTROL))
    `MF_PARAM_ERROR_IF(PIPELINE != 0 && PIPELINE != 1, g_bad_pipeline,
                       ERROR_banyan_fabric_PIPELINE_must_be_0_or_1,
                       ("banyan_fabric: PIPELINE must be 0 or 1 (PIPELINE=%0d)", PIPELINE))
  endgenerate

  // Signals entering stage i (index i); index M = the outputs.
  wire [N-1:0]     v_at [0:M]   /*verilator split_var*/;
  wire [N*MW-1:0]  d_at [0:M]   /*verilator split_var*/;
  wire [CFG_W-1:0] c_at [0:M-1] /*verilator split_var*/;
  wire [NSW-1:0]   x_at [0:M]   /*verilator split_var*/;
  wire             unused_clk_rst = clk ^ rst;  // both unused when PIPELINE=0

  genvar i, l, p;
  generate
    for (p = 0; p < N; p = p + 1) begin : g_in
      if (IS_TAG != 0) begin : g_tag
        assign d_at[0][p*MW +: MW] = {in_tag[p*M +: M], in_data[p*W +: W]};
      end else begin : g_notag
        assign d_at[0][p*MW +: MW] = in_data[p*W +: W];
      end
      assign out_data[p*W +: W] = d_at[M][p*MW +: W];
    end
    if (IS_TAG != 0) begin : g_unused_cfg
      wire unused_cfg = ^in_cfg;
      wire [N-1:0] tag_last;
      for (p = 0; p < N; p = p + 1) begin : g_t
        assign tag_last[p] = ^d_at[M][p*MW + W +: M];
      end
      wire unused_out_tag = ^tag_last;
    end else begin : g_unused_tag
      wire unused_tag = ^in_tag;
    end
  endgenerate

  assign v_at[0] = in_valid;
  assign c_at[0] = in_cfg;
  assign x_at[0] = {NSW{1'b0}};
  assign out_valid = v_at[M];
  assign out_conflict = x_at[M];

  generate
    for (i = 0; i < M; i = i + 1) begin : g_stage
      wire [N-1:0]    ev;   // after the elements (position 2l+f), before tau_i
      wire [N*MW-1:0] ed;
      wire [N-1:0]    nv;   // after tau_i (identity after the last stage)
      wire [N*MW-1:0] nd;
      wire [H-1:0]    cf;
      wire [NSW-1:0]  nx;

      for (l = 0; l < H; l = l + 1) begin : g_el
        wire hit = fault_en && ({{(32-FSW){1'b0}}, fault_stage} == i)
                            && ({{(32-FEW){1'b0}}, fault_elem} == l);
        wire stuck = hit && (fault_kind == MF_FAULT_STRAIGHT[1:0] ||
                             fault_kind == MF_FAULT_CROSS[1:0]);
        wire dead = hit && !stuck;  // MF_FAULT_DEAD and the unnamed code 3
        wire stuck_state = fault_kind == MF_FAULT_CROSS[1:0];
        wire st_ok;     // healthy state
        wire drop1;
        wire cf_ok;
        if (IS_TAG != 0) begin : g_tagctl
          mf_switch_tag_ctrl u_ctl (
            .v0(v_at[i][2*l]), .v1(v_at[i][2*l+1]),
            .f0(d_at[i][(2*l)*MW + W + M-1-i]), .f1(d_at[i][(2*l+1)*MW + W + M-1-i]),
            .state(st_ok), .drop1(drop1), .conflict(cf_ok)
          );
        end else begin : g_cfgctl
          if (CONTROL == MF_CTRL_INDIV) begin : g_indiv
            assign st_ok = c_at[i][i*H + l];
          end else begin : g_stagectl
            assign st_ok = c_at[i][M-1-i];
          end
          assign drop1 = 1'b0;
          assign cf_ok = 1'b0;
        end
        wire st = stuck ? stuck_state : st_ok;
        wire v0 = v_at[i][2*l] & ~dead;
        wire v1 = v_at[i][2*l+1] & ~dead & ~(drop1 & ~stuck);
        assign cf[l] = cf_ok & ~hit;
        mf_switch2x2 #(.W(MW)) u_sw (
          .state(st),
          .in0_valid(v0), .in0_data(d_at[i][(2*l)*MW +: MW]),
          .in1_valid(v1), .in1_data(d_at[i][(2*l+1)*MW +: MW]),
          .out0_valid(ev[2*l]),   .out0_data(ed[(2*l)*MW +: MW]),
          .out1_valid(ev[2*l+1]), .out1_data(ed[(2*l+1)*MW +: MW])
        );
      end

      // tau_i: position q goes to q with bits 0 and i+1 swapped (none after the last stage).
      for (p = 0; p < N; p = p + 1) begin : g_tau
        localparam integer B = i + 1;
        localparam integer TQ = (i == M - 1) ? p :
            ((p & ~(1 | (1 << B))) | ((p >> B) & 1) | ((p & 1) << B));
        assign nv[TQ] = ev[p];
        assign nd[TQ*MW +: MW] = ed[p*MW +: MW];
      end

      assign nx = x_at[i] | ({{(NSW-H){1'b0}}, cf} << (i*H));

      if (PIPELINE != 0) begin : g_reg
        reg [N-1:0]    v_q;
        reg [N*MW-1:0] d_q;
        reg [NSW-1:0]  x_q;
        always @(posedge clk) begin
          if (rst) begin
            v_q <= {N{1'b0}};
            x_q <= {NSW{1'b0}};
          end else begin
            v_q <= nv;
            x_q <= nx;
          end
        end
        always @(posedge clk) d_q <= nd;
        assign v_at[i+1] = v_q;
        assign d_at[i+1] = d_q;
        assign x_at[i+1] = x_q;
        if (i < M - 1) begin : g_cfg
          reg [CFG_W-1:0] c_q;
          always @(posedge clk) c_q <= c_at[i];
          assign c_at[i+1] = c_q;
        end
      end else begin : g_comb
        assign v_at[i+1] = nv;
        assign d_at[i+1] = nd;
        assign x_at[i+1] = nx;
        if (i < M - 1) begin : g_cfg
          assign c_at[i+1] = c_at[i];
        end
      end
    end
  endgenerate
endmodule

`default_nettype wire
