// lcan_switch: one switch of a circuit-switched CB-LCAN (paper 003, Fig. 1, section 3) with
// the on-line routing of one network cycle: D downers and U uppers, all bidirectional.  A
// request enters from a downer and leaves by an upper (it climbs towards its LCA level) or
// by a downer (it turns back down); a request entering from an upper leaves by a downer.
// Everything but the random source is combinational: a whole network cycle (requests up,
// turns, requests down, acknowledgements back along the circuits) settles in one clock
// cycle through the switches of lcan_net.
//
// Request word (RW = 1 + LW + 2 NB + W bits, the same on every port):
//   [0] valid, [1 +: LW] lca (the pair's LCA level), [1+LW +: NB] dst, [1+LW+NB +: NB] src,
//   [1+LW+2NB +: W] data.  Digit LEVEL of dst (base D) is dst[LEVEL*LD +: LD].
// Random source (paper 003: "randomly per switch each network cycle"; the choices of
// different switches must be independent): two 16-bit registers, a xorshift x (x ^= x << 7;
// x ^= x >> 9; x ^= x << 8, period 2^16 - 1) and a Weyl counter w (w += 0x9E37, period
// 2^16); the output o = x + w mod 2^16 (xorwow-like: the carries make o a nonlinear function
// of the two sequences; the pair's period is (2^16 - 1) 2^16, so two switches' streams do
// not overlap within a run).  `load` loads from the switch's own seed input (lcan_net gives
// every switch the network's seed with its bits permuted and xored by constants of the
// switch's number) through the nonlinear bijective mixer mix16 (three rounds of a xor-shift
// and a multiply by 1 + 2^k): x = m (1 if 0), w = m with its bytes swapped.  Why: a plain
// xorshift (linear over GF(2)) seeded with seed xor a constant makes the xor of two
// switches' states independent of the seed (every switch's choice was one shared bit,
// issue 25); the mixer makes the states of two switches a nonlinear function of the seed,
// and the Weyl counter and the carries make the output not a linear function of one
// m-sequence.  Cost: docs/lcan_rtl.md (iCE40 cells per switch).  `step` advances x and w
// (once per network cycle); this cycle's draws are fields of o from bit 3:
// r = o[3 +: LD], q = o[3+LD +: LU], t = o[3+LD+LU +: CW] (LD + LU + CW <= 13).
// Upward (random per switch per network cycle): the downers with a request whose lca >
// LEVEL are taken in the order r, r+1, .., r+D-1 (mod D); the m-th of them (m = 0, 1, ..)
// leaves by upper m xor q while m < U; the others are dropped (only when D > U).
// Turning: a request with lca == LEVEL.
// Downward: downer o goes to one of the candidates that want it (digit LEVEL of dst == o):
// the turning requests from downers c = 0..D-1 and the requests from uppers c = D..D+U-1.
// The winner has the smallest {lca, c xor t}: lower LCA levels first (so a turning request
// always beats one from above), ties broken by the random rank c xor t.  Losers are
// dropped; the uppers they won below stay set but carry nothing to a destination.
// Acknowledgements run back along the settings: uack_o[k] is set when the downer output fed
// by upper input k is acknowledged from below; dack_o[j] when an output fed by downer
// input j is (from below for a downer, from above for an upper).
//
// Parameters
//   D      downers, 2, 4, 8 or 16          U      uppers, 2, 4, 8 or 16
//   LEVEL  the switch's level (>= 0)       LW     bits of the lca field (>= 1)
//   NB     bits of a PE number (>= LD (LEVEL + 1))
//   W      data bits (>= 1)
// Derived: LD = log2 D, LU = log2 U, CW = clog2(D+U), SC = clog2(D+U+1), RW as above.
// Ports
//   clk, rst          clock, synchronous reset (x = 1, w = 0)
//   load, seed[15:0]  load the random source from seed (x = mix16(seed), 1 if 0; w = its
//                     bytes swapped; priority over step)
//   step              advance the random source (the network cycle ends at this edge)
//   dreq_i[D*RW]      requests entering from the downers (from level LEVEL-1 or the PEs)
//   ureq_i[U*RW]      requests entering from the uppers (from level LEVEL+1)
//   dreq_o[D*RW]      requests leaving by the downers
//   ureq_o[U*RW]      requests leaving by the uppers
//   dack_i[D]         acknowledgement of dreq_o from below
//   uack_i[U]         acknowledgement of ureq_o from above
//   dack_o[D]         acknowledgement of dreq_i, down
//   uack_o[U]         acknowledgement of ureq_i, up
//   sel[(D+U)*SC]     the setting: for output o (downers 0..D-1, then uppers D..D+U-1) the
//                     input feeding it, 0 = none, 1 + c for input c (downers 0..D-1, uppers
//                     D..D+U-1)
// Timing: outputs are combinational in the inputs and (x, w); they change at load/step edges.
`default_nettype none
`include "mf_param_check.vh"

module lcan_switch (
  clk, rst, load, seed, step, dreq_i, ureq_i, dreq_o, ureq_o, dack_i, uack_i, dack_o, uack_o,
  sel
);
  parameter integer D = 2;
  parameter integer U = 2;
  parameter integer LEVEL = 0;
  parameter integer LW = 1;
  parameter integer NB = 2;
  parameter integer W = 8;

  /* verilator no_inline_module */  // one class per level for Verilator, not per switch
`include "mf_functions.vh"

  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer CW = mf_clog2(D + U);
  localparam integer SC = mf_clog2(D + U + 1);
  localparam integer RW = 1 + LW + 2 * NB + W;
  localparam integer P = D + U;
  localparam integer RKW = ((LD > LU) ? LD : LU) + 1;
  localparam [31:0] LEVEL32 = LEVEL;
  localparam [LW-1:0] LVL = LEVEL32[LW-1:0];

  // Population count of D bits (the rank of a climbing request).
  function [RKW-1:0] popc;
    input [D-1:0] bits;
    integer pi;
    begin
      popc = {RKW{1'b0}};
      for (pi = 0; pi < D; pi = pi + 1) popc = popc + {{(RKW-1){1'b0}}, bits[pi]};
    end
  endfunction
  // OR of D words of RW bits, of P words of RW bits, of D / P codes of SC bits.
  function [RW-1:0] orw;
    input [D*RW-1:0] w;
    integer fi;
    begin
      orw = {RW{1'b0}};
      for (fi = 0; fi < D; fi = fi + 1) orw = orw | w[fi*RW +: RW];
    end
  endfunction
  function [RW-1:0] orw2;
    input [P*RW-1:0] w;
    integer fi;
    begin
      orw2 = {RW{1'b0}};
      for (fi = 0; fi < P; fi = fi + 1) orw2 = orw2 | w[fi*RW +: RW];
    end
  endfunction
  function [SC-1:0] ors;
    input [D*SC-1:0] w;
    integer fi;
    begin
      ors = {SC{1'b0}};
      for (fi = 0; fi < D; fi = fi + 1) ors = ors | w[fi*SC +: SC];
    end
  endfunction
  function [SC-1:0] ors2;
    input [P*SC-1:0] w;
    integer fi;
    begin
      ors2 = {SC{1'b0}};
      for (fi = 0; fi < P; fi = fi + 1) ors2 = ors2 | w[fi*SC +: SC];
    end
  endfunction

  input  wire              clk;
  input  wire              rst;
  input  wire              load;
  input  wire [15:0]       seed;
  input  wire              step;
  input  wire [D*RW-1:0]   dreq_i;
  input  wire [U*RW-1:0]   ureq_i;
  output wire [D*RW-1:0]   dreq_o;
  output wire [U*RW-1:0]   ureq_o;
  input  wire [D-1:0]      dack_i;
  input  wire [U-1:0]      uack_i;
  output wire [D-1:0]      dack_o;
  output wire [U-1:0]      uack_o;
  output wire [P*SC-1:0]   sel;

  generate
    `MF_PARAM_ERROR_IF(D != 2 && D != 4 && D != 8 && D != 16, g_bad_d,
                       ERROR_lcan_switch_D_must_be_2_4_8_16,
                       ("lcan_switch: D must be 2, 4, 8 or 16 (D=%0d)", D))
    `MF_PARAM_ERROR_IF(U != 2 && U != 4 && U != 8 && U != 16, g_bad_u,
                       ERROR_lcan_switch_U_must_be_2_4_8_16,
                       ("lcan_switch: U must be 2, 4, 8 or 16 (U=%0d)", U))
    `MF_PARAM_ERROR_IF(LEVEL < 0 || LW < 1 || NB < LD * (LEVEL + 1) || W < 1,
                       g_bad_geom, ERROR_lcan_switch_bad_LEVEL_LW_NB_or_W,
                       ("lcan_switch: bad LEVEL/LW/NB/W (LEVEL=%0d NB=%0d)", LEVEL, NB))
  endgenerate

  // ---- random source: xorshift x plus Weyl counter w, output o = x + w (`rnd`; the header)
  function [15:0] mix16;
    input [15:0] a;
    reg [15:0] v;
    begin
      v = a ^ (a >> 7);
      v = v + (v << 5);
      v = v ^ (v >> 8);
      v = v + (v << 3);
      v = v ^ (v >> 6);
      v = v + (v << 9);
      mix16 = v ^ (v >> 9);
    end
  endfunction
  reg  [15:0] x;
  reg  [15:0] w;
  wire [15:0] x1 = x ^ {x[8:0], 7'd0};
  wire [15:0] x2 = x1 ^ {9'd0, x1[15:9]};
  wire [15:0] nx = x2 ^ {x2[7:0], 8'd0};
  wire [15:0] ms = mix16(seed);
  always @(posedge clk) begin
    if (rst) begin
      x <= 16'h0001;
      w <= 16'h0000;
    end else if (load) begin
      x <= (ms == 16'h0000) ? 16'h0001 : ms;
      w <= {ms[7:0], ms[15:8]};
    end else if (step) begin
      x <= nx;
      w <= w + 16'h9E37;
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] rnd = x + w;     // the output o (rnd[2:0] unused)
  wire [12:0] st = rnd[15:3];  // the draw bits (D = U = 16 uses all 13)
  /* verilator lint_on UNUSEDSIGNAL */
  wire [LD-1:0] r = st[LD-1:0];
  wire [LU-1:0] q = st[LD +: LU];
  wire [CW-1:0] t = st[LD+LU +: CW];

  // ---- the inputs, one word per port: candidates c = 0..D-1 (downers), D..D+U-1 (uppers).
  // The upward outputs depend on the downer inputs only (no loop through the level above).
  wire [P*RW-1:0] cand = {ureq_i, dreq_i};
  wire [P-1:0]    cand_v;    // a downward candidate: turning here (downers) or valid (uppers)
  wire [D-1:0]    up_req;    // a downer's request climbs
  wire [P*LW-1:0] cand_lca;
  wire [P*LD-1:0] cand_dig;  // digit LEVEL of dst
  genvar c, c2, j, m, k, o;
  generate
    for (c = 0; c < P; c = c + 1) begin : g_in
      wire          xv = cand[c*RW];
      wire [LW-1:0] xl = cand[c*RW + 1 +: LW];
      assign cand_lca[c*LW +: LW] = xl;
      assign cand_dig[c*LD +: LD] = cand[c*RW + 1 + LW + LEVEL*LD +: LD];
      if (c < D) begin : g_dn
        /* verilator lint_off CMPCONST */
        assign up_req[c] = xv && (xl > LVL);  // constant 0 at the top level
        /* verilator lint_on CMPCONST */
        assign cand_v[c] = xv && (xl == LVL);
      end else begin : g_up
        assign cand_v[c] = xv;
      end
    end
  endgenerate

  // ---- upward: the climbing requests in the downer order r, r+1, .. (mod D); the m-th leaves
  // by upper m xor q while m < U.  rank[j] = climbing requests before downer j in that order.
  wire [D*RKW-1:0] rank;
  wire [U*D-1:0]   gup;  // gup[k*D + j]: downer j leaves by upper k
  generate
    for (j = 0; j < D; j = j + 1) begin : g_rank
      localparam [31:0] J32 = j;
      wire [LD-1:0] pos_j = J32[LD-1:0] - r;
      wire [D-1:0]  prior;
      for (m = 0; m < D; m = m + 1) begin : g_m
        localparam [31:0] M32 = m;
        wire [LD-1:0] pos_m = M32[LD-1:0] - r;
        assign prior[m] = up_req[m] && (pos_m < pos_j);
      end
      assign rank[j*RKW +: RKW] = popc(prior);
    end
    for (k = 0; k < U; k = k + 1) begin : g_upk
      localparam [31:0] K32 = k;
      wire [RKW-1:0] slot = {{(RKW-LU){1'b0}}, K32[LU-1:0] ^ q};
      for (j = 0; j < D; j = j + 1) begin : g_j
        assign gup[k*D + j] = up_req[j] && rank[j*RKW +: RKW] == slot;
      end
    end
  endgenerate

  // ---- downward: downer o goes to the candidate wanting it with the smallest {lca, c xor t}
  // (lower LCA levels first, ties by the random rank).  beats[c*P + c2]: c's key < c2's.
  wire [P*P-1:0] beats;
  wire [D*P-1:0] gdn;  // gdn[o*P + c]: downer o carries candidate c
  generate
    for (c = 0; c < P; c = c + 1) begin : g_key
      localparam [31:0] C32 = c;
      wire [LW+CW-1:0] key = {cand_lca[c*LW +: LW], C32[CW-1:0] ^ t};
      for (c2 = 0; c2 < P; c2 = c2 + 1) begin : g_cmp
        localparam [31:0] C2_32 = c2;
        wire [LW+CW-1:0] key2 = {cand_lca[c2*LW +: LW], C2_32[CW-1:0] ^ t};
        assign beats[c*P + c2] = key < key2;
      end
    end
    for (o = 0; o < D; o = o + 1) begin : g_dno
      localparam [31:0] O32 = o;
      wire [P-1:0] want;
      for (c = 0; c < P; c = c + 1) begin : g_want
        assign want[c] = cand_v[c] && cand_dig[c*LD +: LD] == O32[LD-1:0];
      end
      for (c = 0; c < P; c = c + 1) begin : g_win
        wire [P-1:0] ok;
        for (c2 = 0; c2 < P; c2 = c2 + 1) begin : g_ok
          if (c2 == c) begin : g_self
            assign ok[c2] = 1'b1;
          end else begin : g_other
            assign ok[c2] = !want[c2] || beats[c*P + c2];
          end
        end
        assign gdn[o*P + c] = want[c] && (&ok);
      end
    end
  endgenerate

  // ---- outputs: AND-OR of the granted words, the settings, the acknowledgements
  wire [U*SC-1:0] sel_up;
  wire [D*SC-1:0] sel_dn;
  generate
    for (k = 0; k < U; k = k + 1) begin : g_uo
      wire [D*RW-1:0] acc;
      wire [D*SC-1:0] sacc;
      for (j = 0; j < D; j = j + 1) begin : g_j
        localparam [31:0] CODE = j + 1;
        assign acc[j*RW +: RW]  = {RW{gup[k*D + j]}} & dreq_i[j*RW +: RW];
        assign sacc[j*SC +: SC] = {SC{gup[k*D + j]}} & CODE[SC-1:0];
      end
      assign ureq_o[k*RW +: RW] = orw(acc);
      assign sel_up[k*SC +: SC] = ors(sacc);
      // acknowledgement up for the request that entered on upper k
      wire [D-1:0] ua;
      for (o = 0; o < D; o = o + 1) begin : g_o
        assign ua[o] = gdn[o*P + D + k] && dack_i[o];
      end
      assign uack_o[k] = |ua;
    end
    for (o = 0; o < D; o = o + 1) begin : g_do
      wire [P*RW-1:0] acc;
      wire [P*SC-1:0] sacc;
      for (c = 0; c < P; c = c + 1) begin : g_c
        localparam [31:0] CODE = c + 1;
        assign acc[c*RW +: RW]  = {RW{gdn[o*P + c]}} & cand[c*RW +: RW];
        assign sacc[c*SC +: SC] = {SC{gdn[o*P + c]}} & CODE[SC-1:0];
      end
      assign dreq_o[o*RW +: RW] = orw2(acc);
      assign sel_dn[o*SC +: SC] = ors2(sacc);
    end
    for (j = 0; j < D; j = j + 1) begin : g_da
      // acknowledgement down for the request that entered on downer j: from the downer it
      // turned to (from below) or the upper it climbed to (from above)
      wire [D-1:0] fd;
      wire [U-1:0] fu;
      for (o = 0; o < D; o = o + 1) begin : g_o
        assign fd[o] = gdn[o*P + j] && dack_i[o];
      end
      for (k = 0; k < U; k = k + 1) begin : g_k
        assign fu[k] = gup[k*D + j] && uack_i[k];
      end
      assign dack_o[j] = (|fd) || (|fu);
    end
  endgenerate
  assign sel = {sel_up, sel_dn};
endmodule

`default_nettype wire
