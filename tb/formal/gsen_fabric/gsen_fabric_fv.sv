// gsen_fabric_fv: formal harness of rtl/gsen/gsen_fabric.v (issue 24, formal group 1).
//
// One harness, many parameter sets: for the control mode CTRL (codes of
// rtl/common/mf_codes.vh, named per task by the .sby: `read -define FV_CTRL=`MF_CTRL_<mode>`;
// without FV_CTRL every mode, CTRL = FV_ALL_MODES) it instantiates
// gsen_fabric for every N = NMIN, NMIN + NSTEP, ..., NMAX (4, 6, ..., 16 in the proof tasks),
// PIPELINE = 0 and/or 1 (PSEL) and ROUND_VALID = 0 and 1 (ROUND_VALID = 1 is illegal with tag
// control and is left out there).  Each instance has inputs of its own, driven freely every
// cycle ($anyseq): valid bits, data, configuration, tags (so the fabric's ROUND_VALID = 1
// input rule, met here by construction, constrains nothing else).  Data is fully symbolic
// (W = 2 bits per message): "output j carries in_data of input i" is checked for every data
// value, not for one source-id encoding.
//
// The reference (the golden network in gsen_fabric_fv_inst below) is written from paper 001
// [Chou & Chen 2010] and docs/conventions.md, section GSEN, without the RTL's functions
// (mf_functions.vh, gsen_route.v) and without its folded wiring (terminals y and y + N/2):
//   * n = ceil(log2 N) stages (section 1: 2^(n-1) < N <= 2^n), s = 0 .. n-1 from the inputs;
//   * each stage is the perfect shuffle pi(t) = (2t + floor(2t/N)) mod N (section 1; the
//     text's 2^i/N is the OCR slip noted in docs/conventions.md), wired from the formula,
//     followed by N/2 switches: switch y takes the shuffled positions 2y (in-subport 0) and
//     2y+1 (in-subport 1) and drives terminals 2y (out-subport 0) and 2y+1 (out-subport 1);
//     after stage n-1 terminal t is output t (section 2; the recurrence t_l = 2 s_l + f of
//     the proof of Lemma 5.1);
//   * configured modes: out-subport f = b xor state(s, y) (Fig. 3: 0 straight, 1 cross);
//     state(s, y): individual = bit s*N/2 + y of the configuration; stage control = bit
//     (n-1-s) of C (section 3: c_l is the state of stage n-1-l); alternating = bit (n-1-s)
//     xor (y & 1) (section 4), doubly alternating xor ((y >> 1) & 1) (section 5),
//     quadruply alternating xor ((y >> 2) & 1) (section 6);
//   * tag self-routing: each message asks for out-subport f = bit (n-1-s) of its forward
//     tag (section 2: f_l is the subport left at stage n-1-l); where two valid messages of
//     one switch ask for the same out-subport, the switch's conflict bit is set and the
//     message on in-subport 1 is dropped (in-subport 0 wins: the fabric's documented rule,
//     docs/conventions.md "Hardware-side conventions").
//
// Properties per instance (PIPELINE = 1: against the round presented n cycles ago, kept in
// a delay line that rst clears like the fabric's valid pipeline, so the latency n is part of
// the property; PIPELINE = 0: the same cycle):
//   a_valid     out_valid == the golden network's valid bits (every message arrives where
//               the recurrence sends it, nothing else is valid; ROUND_VALID = 1: the round's
//               bit on every port)
//   (a_data)    out_data[j] == the golden network's data on output j, wherever that is valid
//   a_conflict  out_conflict == the golden network's conflict bits (all zero outside tag mode)
// The fabric's own checks are compiled out (the .sby reads the RTL with -D SYNTHESIS; see
// there).  Cover points (task "cover", in the top module): every instance delivers a full
// round at once; every tag-mode instance flags a conflict in its first and its last stage.
`default_nettype none
`include "mf_codes.vh"
`define FV_ALL_MODES (`MF_CTRL_TAG + 1)  // CTRL of the tasks comb and cover: every mode
`ifndef FV_CTRL
`define FV_CTRL `FV_ALL_MODES
`endif

module gsen_fabric_fv (
  input wire clk,
  input wire rst
);
  parameter integer CTRL = `FV_CTRL;  // control mode (rtl/common/mf_codes.vh codes)
  parameter integer NMIN = 4;      // N range of the instances: NMIN, NMIN + NSTEP, ..., NMAX
  parameter integer NMAX = 16;
  parameter integer NSTEP = 2;     // N step (the cover task takes N = 4 and 16 only)
  parameter integer W = 2;         // data bits per message (fully symbolic)
  parameter integer PSEL = 2;      // PIPELINE of the instances: 0 or 1 only, 2 both

  localparam integer NCOUNT = (NMAX - NMIN) / NSTEP + 1;
  localparam integer NIDX = 6 * 8 * 2 * 2;   // instance index gm*32 + gn*4 + gp*2 + gr

  initial assume (rst);

  reg past_valid = 1'b0;
  always @(posedge clk) past_valid <= 1'b1;

  // CTRL = FV_ALL_MODES (tasks comb and cover): every control mode.
  localparam integer MLO = (CTRL == `FV_ALL_MODES) ? `MF_CTRL_INDIV : CTRL;
  localparam integer MHI = (CTRL == `FV_ALL_MODES) ? `MF_CTRL_TAG : CTRL;

  // Cover points (task "cover"), one trace each, over every instance at once:
  //   c_all_full      every instance delivers a full round (all N output ports valid)
  //   c_all_conflict  every tag-mode instance delivers a round with a conflict flagged in
  //                   its first and in its last stage
  wire [NIDX-1:0] full_bits;
  wire [NIDX-1:0] conf_bits;
  always @* begin
    if (past_valid && !rst) begin
      c_all_full: cover (&full_bits);
      c_all_conflict: cover (&conf_bits);
    end
  end

  genvar gm, gn, gp, gr, gi;
  generate
    for (gi = 0; gi < NIDX; gi = gi + 1) begin : g_idx
      // indices without an instance count as covered
      if (gi / 32 < MLO || gi / 32 > MHI || (gi % 32) / 4 >= NCOUNT ||
          ((gi / 2) % 2 == 0 && PSEL == 1) || ((gi / 2) % 2 == 1 && PSEL == 0) ||
          (gi % 2 == 1 && gi / 32 == `MF_CTRL_TAG)) begin : g_none
        assign full_bits[gi] = 1'b1;
        assign conf_bits[gi] = 1'b1;
      end
    end
    for (gm = MLO; gm <= MHI; gm = gm + 1) begin : g_m
      for (gn = 0; gn < NCOUNT; gn = gn + 1) begin : g_n
        for (gp = (PSEL == 1 ? 1 : 0); gp <= (PSEL == 0 ? 0 : 1); gp = gp + 1) begin : g_p
          for (gr = 0; gr < 2; gr = gr + 1) begin : g_r
            if (!(gr == 1 && gm == `MF_CTRL_TAG)) begin : g_dut
              gsen_fabric_fv_inst #(
                .N(NMIN + NSTEP * gn), .W(W), .CTRL(gm), .PIPELINE(gp), .ROUND_VALID(gr)
              ) u_inst (
                .clk(clk), .rst(rst), .past_valid(past_valid),
                .cov_full(full_bits[gm*32 + gn*4 + gp*2 + gr]),
                .cov_conflict(conf_bits[gm*32 + gn*4 + gp*2 + gr])
              );
            end
          end
        end
      end
    end
  endgenerate
endmodule

// One fabric instance with its own free inputs, its reference and its properties.
module gsen_fabric_fv_inst (
  input wire clk,
  input wire rst,
  input wire past_valid,
  output wire cov_full,
  output wire cov_conflict
);
  parameter integer N = 4;
  parameter integer W = 2;
  parameter integer CTRL = `MF_CTRL_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer ROUND_VALID = 0;

  // n = ceil(log2 N): the smallest n with N <= 2^n (paper 001, section 1).
  function integer fv_stages;
    input integer nports;
    begin
      fv_stages = 0;
      while ((1 << fv_stages) < nports) fv_stages = fv_stages + 1;
    end
  endfunction

  localparam integer NS = fv_stages(N);
  localparam integer H = N / 2;
  localparam integer CFG_W = (CTRL == `MF_CTRL_INDIV) ? NS * H : NS;

  // ---- free inputs, a new value every cycle ----
  (* anyseq *) reg [N-1:0]     any_valid;
  (* anyseq *) reg             any_round;     // ROUND_VALID = 1: the round's one valid bit
  (* anyseq *) reg [N*W-1:0]   in_data;
  (* anyseq *) reg [CFG_W-1:0] in_cfg;
  (* anyseq *) reg [N*NS-1:0]  in_tag;
  // ROUND_VALID = 1: a round is full or empty (the fabric's input rule, met by construction)
  wire [N-1:0] in_valid = (ROUND_VALID != 0) ? {N{any_round}} : any_valid;

  wire [N-1:0]    out_valid;
  wire [N*W-1:0]  out_data;
  wire [NS*H-1:0] out_conflict;

  gsen_fabric #(
    .N(N), .W(W), .CONTROL(CTRL), .PIPELINE(PIPELINE), .ROUND_VALID(ROUND_VALID)
  ) dut (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(in_cfg),
    .in_tag(in_tag), .out_valid(out_valid), .out_data(out_data), .out_conflict(out_conflict)
  );

  // ---- the round now at the outputs: this cycle's inputs, or those of n cycles ago ----
  wire [N-1:0]     r_valid;
  wire [N*W-1:0]   r_data;
  wire [CFG_W-1:0] r_cfg;
  wire [N*NS-1:0]  r_tag;
  wire             check;   // the outputs are defined (PIPELINE = 1: not in the first cycle)

  generate
    if (PIPELINE != 0) begin : g_delay
      // Delay line of n rounds (the latency n of the header of gsen_fabric.v and of
      // docs/conventions.md); rst clears its valid bits as the fabric's reset clears its
      // valid pipeline (a round inside the fabric at a reset is lost); data is not reset.
      reg [NS*N-1:0]     dv;
      reg [NS*N*W-1:0]   dd;
      reg [NS*CFG_W-1:0] dc;
      reg [NS*N*NS-1:0]  dt;
      always @(posedge clk) begin
        if (rst) dv <= {NS*N{1'b0}};
        else     dv <= {dv[(NS-1)*N-1:0], in_valid};
        dd <= {dd[(NS-1)*N*W-1:0], in_data};
        dc <= {dc[(NS-1)*CFG_W-1:0], in_cfg};
        dt <= {dt[(NS-1)*N*NS-1:0], in_tag};
      end
      assign r_valid = dv[NS*N-1 -: N];
      assign r_data  = dd[NS*N*W-1 -: N*W];
      assign r_cfg   = dc[NS*CFG_W-1 -: CFG_W];
      assign r_tag   = dt[NS*N*NS-1 -: N*NS];
      assign check   = past_valid;
    end else begin : g_comb
      assign r_valid = in_valid;
      assign r_data  = in_data;
      assign r_cfg   = in_cfg;
      assign r_tag   = in_tag;
      assign check   = 1'b1;
    end
  endgenerate

  // ---- the reference: a golden network built from the paper's definitions ----
  // Terminal arrays between stages: gv/gd/gf[s] = valid bit, data, forward tag of the
  // message on terminal t entering stage s (s = 0: the round's inputs; s = n: the outputs,
  // "after stage n-1 terminal t is output t").  Stage s (paper 001, section 1;
  // docs/conventions.md, GSEN):
  //   * the perfect shuffle pi(t) = (2t + floor(2t/N)) mod N moves terminal t to position
  //     pi(t): a constant wiring computed from the formula at elaboration;
  //   * switch y takes positions 2y (in-subport 0) and 2y+1 (in-subport 1) and drives
  //     terminals 2y (out-subport 0) and 2y+1 (out-subport 1);
  //   * configured modes: the message on in-subport b leaves on out-subport
  //     f = b xor state(s, y) (Fig. 3: 0 straight, 1 cross), with state(s, y) =
  //       individual  bit s*N/2 + y of the configuration (docs/conventions.md),
  //       stage       bit (n-1-s) of C (section 3: c_l is the state of stage n-1-l),
  //       alt         bit (n-1-s) of A xor (y & 1) (section 4),
  //       alt2        bit (n-1-s) of A' xor ((y >> 1) & 1) (section 5),
  //       alt4        bit (n-1-s) of A'' xor ((y >> 2) & 1) (section 6);
  //   * tag mode: each message asks for out-subport f = bit (n-1-s) of its forward tag
  //     (section 2: f_l is the subport left at stage n-1-l); when both messages of a switch
  //     are valid and ask for the same out-subport, the switch's conflict bit is set and the
  //     in-subport 1 message is dropped (in-subport 0 wins: the fabric's documented rule,
  //     docs/conventions.md, "Hardware-side conventions").
  // The golden network is written message by message ("out-subport o receives the message
  // that leaves on o"), not as the RTL's folded wiring (terminals y and y + N/2) and state
  // multiplexers, and uses none of the RTL's functions.
  localparam integer IS_TAG = (CTRL == `MF_CTRL_TAG) ? 1 : 0;
  wire [N-1:0]    gv [0:NS];
  wire [N*W-1:0]  gd [0:NS];
  wire [N*NS-1:0] gf [0:NS];
  wire [NS*H-1:0] gx;
  assign gv[0] = r_valid;
  assign gd[0] = r_data;
  assign gf[0] = r_tag;
  genvar s, t, y, j;
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_st
      wire [N-1:0]    pv;   // after the shuffle: position pi(t)
      wire [N*W-1:0]  pd;
      wire [N*NS-1:0] pf;
      for (t = 0; t < N; t = t + 1) begin : g_sh
        localparam integer PI = (2 * t + (2 * t) / N) % N;
        assign pv[PI] = gv[s][t];
        assign pd[PI*W +: W] = gd[s][t*W +: W];
        assign pf[PI*NS +: NS] = gf[s][t*NS +: NS];
      end
      wire [N-1:0]    nv;
      wire [N*W-1:0]  nd;
      wire [N*NS-1:0] nf;
      for (y = 0; y < H; y = y + 1) begin : g_sw
        wire v0 = pv[2*y];
        wire v1 = pv[2*y+1];
        wire f0, f1;   // out-subport each message leaves on (tag: asks for)
        wire k1;       // the in-subport 1 message is kept
        if (IS_TAG != 0) begin : g_tag
          assign f0 = pf[(2*y)*NS + NS - 1 - s];
          assign f1 = pf[(2*y+1)*NS + NS - 1 - s];
          assign gx[s*H + y] = v0 & v1 & (f0 == f1);   // both ask for one out-subport
          assign k1 = v1 & ~gx[s*H + y];
        end else begin : g_cfg
          wire st;
          if (CTRL == `MF_CTRL_INDIV) begin : g_indiv
            assign st = r_cfg[s*H + y];
          end else if (CTRL == `MF_CTRL_STAGE) begin : g_stage
            assign st = r_cfg[NS-1-s];
          end else begin : g_alt
            assign st = r_cfg[NS-1-s] ^ (((y >> (CTRL - 2)) & 1) != 0);
          end
          assign f0 = 1'b0 ^ st;
          assign f1 = 1'b1 ^ st;
          assign gx[s*H + y] = 1'b0;
          assign k1 = v1;
        end
        // out-subport o receives the in-subport 0 message if it leaves on o, else the
        // in-subport 1 message if that one leaves on o and is kept
        assign nv[2*y]   = (v0 & ~f0) | (k1 & ~f1);
        assign nv[2*y+1] = (v0 &  f0) | (k1 &  f1);
        assign nd[(2*y)*W +: W]     = (v0 & ~f0) ? pd[(2*y)*W +: W] : pd[(2*y+1)*W +: W];
        assign nd[(2*y+1)*W +: W]   = (v0 &  f0) ? pd[(2*y)*W +: W] : pd[(2*y+1)*W +: W];
        assign nf[(2*y)*NS +: NS]   = (v0 & ~f0) ? pf[(2*y)*NS +: NS] : pf[(2*y+1)*NS +: NS];
        assign nf[(2*y+1)*NS +: NS] = (v0 &  f0) ? pf[(2*y)*NS +: NS] : pf[(2*y+1)*NS +: NS];
      end
      assign gv[s+1] = nv;
      assign gd[s+1] = nd;
      assign gf[s+1] = nf;
    end

    // ---- properties: the fabric's outputs equal the golden network's ----
    for (j = 0; j < N; j = j + 1) begin : g_out
      always @* begin
        if (check && gv[NS][j]) assert (out_data[j*W +: W] == gd[NS][j*W +: W]);
      end
    end
  endgenerate

  always @* begin
    if (check) begin
      a_valid: assert (out_valid == gv[NS]);
      a_conflict: assert (out_conflict == gx);
    end
  end

  // ---- cover conditions (the top's cover points) ----
  assign cov_full = check && out_valid == {N{1'b1}};
  assign cov_conflict = (CTRL != `MF_CTRL_TAG) || (check && out_valid != {N{1'b0}} &&
                        out_conflict[H-1:0] != {H{1'b0}} &&
                        out_conflict[(NS-1)*H +: H] != {H{1'b0}});
endmodule

`default_nettype wire
