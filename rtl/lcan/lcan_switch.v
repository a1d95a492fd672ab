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
// Random source: a 16-bit xorshift register st (x ^= x << 7; x ^= x >> 9; x ^= x << 8,
// period 65535), loaded with seed ^ HASH (HASH = (GID + 1) * 40503 mod 2^16; 1 if that is 0)
// by `load`, advanced by `step` (once per network cycle); this cycle's draws are fields of
// st: r = st[LD-1:0], q = st[LD +: LU], t = st[LD+LU +: CW].
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
//   W      data bits (>= 1)                GID    the switch's number in the network (>= 0)
// Derived: LD = log2 D, LU = log2 U, CW = clog2(D+U), SC = clog2(D+U+1), RW as above.
// Ports
//   clk, rst          clock, synchronous reset (st = 1)
//   load, seed[15:0]  load the random source from the seed (priority over step)
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
// Timing: outputs are combinational in the inputs and st; st changes at load/step edges.
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
  parameter integer GID = 0;

`include "mf_functions.vh"

  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer CW = mf_clog2(D + U);
  localparam integer SC = mf_clog2(D + U + 1);
  localparam integer RW = 1 + LW + 2 * NB + W;
  localparam integer P = D + U;
  localparam [31:0] HASH32 = ((GID + 1) * 40503) % 65536;
  localparam [15:0] HASH = HASH32[15:0];
  localparam integer RKW = ((LD > LU) ? LD : LU) + 1;
  localparam [RKW-1:0] ONE_RK = 1;
  localparam [31:0] LEVEL32 = LEVEL;
  localparam [LW-1:0] LVL = LEVEL32[LW-1:0];

  input  wire              clk;
  input  wire              rst;
  input  wire              load;
  input  wire [15:0]       seed;
  input  wire              step;
  input  wire [D*RW-1:0]   dreq_i;
  input  wire [U*RW-1:0]   ureq_i;
  output reg  [D*RW-1:0]   dreq_o;
  output reg  [U*RW-1:0]   ureq_o;
  input  wire [D-1:0]      dack_i;
  input  wire [U-1:0]      uack_i;
  output reg  [D-1:0]      dack_o;
  output reg  [U-1:0]      uack_o;
  output wire [P*SC-1:0]   sel;

  generate
    `MF_PARAM_ERROR_IF(D != 2 && D != 4 && D != 8 && D != 16, g_bad_d,
                       ERROR_lcan_switch_D_must_be_2_4_8_16,
                       ("lcan_switch: D must be 2, 4, 8 or 16 (D=%0d)", D))
    `MF_PARAM_ERROR_IF(U != 2 && U != 4 && U != 8 && U != 16, g_bad_u,
                       ERROR_lcan_switch_U_must_be_2_4_8_16,
                       ("lcan_switch: U must be 2, 4, 8 or 16 (U=%0d)", U))
    `MF_PARAM_ERROR_IF(LEVEL < 0 || LW < 1 || NB < LD * (LEVEL + 1) || W < 1 || GID < 0,
                       g_bad_geom, ERROR_lcan_switch_bad_LEVEL_LW_NB_W_or_GID,
                       ("lcan_switch: bad LEVEL/LW/NB/W/GID (LEVEL=%0d NB=%0d)", LEVEL, NB))
  endgenerate

  // The setting code of input c (0 = none).
  function [SC-1:0] code;
    input integer cv;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] cv32;  // only its low SC bits are the code
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      cv32 = cv + 1;
      code = cv32[SC-1:0];
    end
  endfunction

  // ---- random source
  reg  [15:0] st;
  wire [15:0] s0 = seed ^ HASH;
  wire [15:0] x1 = st ^ {st[8:0], 7'd0};
  wire [15:0] x2 = x1 ^ {9'd0, x1[15:9]};
  wire [15:0] nx = x2 ^ {x2[7:0], 8'd0};
  always @(posedge clk) begin
    if (rst) st <= 16'h0001;
    else if (load) st <= (s0 == 16'h0000) ? 16'h0001 : s0;
    else if (step) st <= nx;
  end
  wire [LD-1:0] r = st[LD-1:0];
  wire [LU-1:0] q = st[LD +: LU];
  wire [CW-1:0] t = st[LD+LU +: CW];

  // ---- request fields: the downer inputs (dn_*) and the upper inputs (up_*) apart, so that
  // the upward outputs depend on the downer inputs only (no loop through the level above)
  reg  [D-1:0]    dn_v, up_req, turn;
  reg  [D*LW-1:0] dn_lca;
  reg  [D*LD-1:0] dn_dig;
  integer fd;
  always @* begin
    for (fd = 0; fd < D; fd = fd + 1) begin
      dn_v[fd] = dreq_i[fd*RW];
      dn_lca[fd*LW +: LW] = dreq_i[fd*RW + 1 +: LW];
      dn_dig[fd*LD +: LD] = dreq_i[fd*RW + 1 + LW + LEVEL*LD +: LD];
      /* verilator lint_off CMPCONST */
      up_req[fd] = dn_v[fd] && (dn_lca[fd*LW +: LW] > LVL);  // constant at the top level
      /* verilator lint_on CMPCONST */
      turn[fd] = dn_v[fd] && (dn_lca[fd*LW +: LW] == LVL);
    end
  end
  reg  [U-1:0]    up_v;
  reg  [U*LW-1:0] up_lca;
  reg  [U*LD-1:0] up_dig;
  integer fu;
  always @* begin
    for (fu = 0; fu < U; fu = fu + 1) begin
      up_v[fu] = ureq_i[fu*RW];
      up_lca[fu*LW +: LW] = ureq_i[fu*RW + 1 +: LW];
      up_dig[fu*LD +: LD] = ureq_i[fu*RW + 1 + LW + LEVEL*LD +: LD];
    end
  end
  // Downward candidates c = 0..D-1 (turning requests from the downers), D..D+U-1 (uppers).
  wire [P*RW-1:0] cand = {ureq_i, dreq_i};
  wire [P-1:0]    cand_v = {up_v, turn};
  wire [P*LW-1:0] cand_lca = {up_lca, dn_lca};
  wire [P*LD-1:0] cand_dig = {up_dig, dn_dig};

  // ---- upward: rank of each requesting downer in the order r, r+1, .. (mod D)
  reg [D*RKW-1:0] rank;
  reg [U*SC-1:0]  sel_up;
  reg [LD-1:0]    pos_j, pos_m;
  reg [RKW-1:0]   slot;
  integer uj, um, uk;
  always @* begin
    rank = {(D*RKW){1'b0}};
    for (uj = 0; uj < D; uj = uj + 1) begin
      pos_j = uj[LD-1:0] - r;
      for (um = 0; um < D; um = um + 1) begin
        pos_m = um[LD-1:0] - r;
        if (up_req[um] && pos_m < pos_j) rank[uj*RKW +: RKW] = rank[uj*RKW +: RKW] + ONE_RK;
      end
    end
    ureq_o = {(U*RW){1'b0}};
    sel_up = {(U*SC){1'b0}};
    for (uk = 0; uk < U; uk = uk + 1) begin
      slot = {{(RKW-LU){1'b0}}, uk[LU-1:0] ^ q};
      for (uj = 0; uj < D; uj = uj + 1) begin
        if (up_req[uj] && rank[uj*RKW +: RKW] == slot) begin
          ureq_o[uk*RW +: RW] = dreq_i[uj*RW +: RW];
          sel_up[uk*SC +: SC] = code(uj);
        end
      end
    end
  end

  // ---- downward: lower LCA level first, then the random rank c xor t
  reg [D*SC-1:0] sel_dn;
  reg            found;
  reg [CW-1:0]   best_c, rk, best_rk;
  reg [LW-1:0]   best_l;
  integer dn_o, dc;
  always @* begin
    dreq_o = {(D*RW){1'b0}};
    sel_dn = {(D*SC){1'b0}};
    for (dn_o = 0; dn_o < D; dn_o = dn_o + 1) begin
      found = 1'b0;
      best_c = {CW{1'b0}};
      best_l = {LW{1'b0}};
      best_rk = {CW{1'b0}};
      for (dc = 0; dc < P; dc = dc + 1) begin
        rk = dc[CW-1:0] ^ t;
        if (cand_v[dc] && cand_dig[dc*LD +: LD] == dn_o[LD-1:0] &&
            (!found || cand_lca[dc*LW +: LW] < best_l ||
             (cand_lca[dc*LW +: LW] == best_l && rk < best_rk))) begin
          found = 1'b1;
          best_c = dc[CW-1:0];
          best_l = cand_lca[dc*LW +: LW];
          best_rk = rk;
        end
      end
      for (dc = 0; dc < P; dc = dc + 1) begin
        if (found && best_c == dc[CW-1:0]) begin
          dreq_o[dn_o*RW +: RW] = cand[dc*RW +: RW];
          sel_dn[dn_o*SC +: SC] = code(dc);
        end
      end
    end
  end
  assign sel = {sel_up, sel_dn};

  // ---- acknowledgements back along the settings (up and down apart: no loop between levels)
  integer ao, ak;
  always @* begin
    uack_o = {U{1'b0}};
    for (ao = 0; ao < D; ao = ao + 1)
      for (ak = 0; ak < U; ak = ak + 1)
        if (sel_dn[ao*SC +: SC] == code(D + ak) && dack_i[ao]) uack_o[ak] = 1'b1;
  end
  integer bo, bc, bk;
  always @* begin
    dack_o = {D{1'b0}};
    for (bo = 0; bo < D; bo = bo + 1)
      for (bc = 0; bc < D; bc = bc + 1)
        if (sel_dn[bo*SC +: SC] == code(bc) && dack_i[bo]) dack_o[bc] = 1'b1;
    for (bk = 0; bk < U; bk = bk + 1)
      for (bc = 0; bc < D; bc = bc + 1)
        if (sel_up[bk*SC +: SC] == code(bc) && uack_i[bk]) dack_o[bc] = 1'b1;
  end
endmodule

`default_nettype wire
