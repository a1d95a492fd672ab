// rn1_monitor: the network monitor of paper 002, section 20.9 ("a higher-level protocol
// should be used to monitor the global network state"): combines the sources' readings of
// failed attempts (verdicts) and declares the faulty link, whose driving router output the
// network then switches off through the router's enable bits.  Cycle twin:
// minforge::twin::Rn1Monitor; the algorithm (and its reference, the same rule untimed) is
// minforge::rn1::FaultMonitor (docs/rn1.md, "Fault localisation").
//
// A verdict names up to MAXC candidate links (in path order; the links into stages 1..k of
// the path, or one link for a loss).  Per cycle at most one verdict:
//   * if any candidate is already declared, the verdict is explained and ignored;
//   * otherwise every candidate's counter goes up by one (saturating at 2^CW - 1); the
//     candidate with the highest new count (the first in path order among equals) is
//     declared when that count reaches TH and no other candidate of the verdict has it.
//
// Parameters
//   NL    number of links of the network (link numbers 0..NL-1), 1..1024
//   LW    bits of a link number (2^LW >= NL), 1..10
//   MAXC  candidates per verdict, 1..9
//   CW    counter bits, 1..8
//   TH    declaration threshold, 1..2^CW - 1
// Ports
//   clk, rst          clock, synchronous reset (counters and declarations cleared)
//   v_valid           a verdict this cycle
//   v_n               its number of candidates, 1..MAXC (others ignored; 0: no effect)
//   v_cand            candidate c at bits [LW*c +: LW]
//   decl_valid        one-cycle pulse (registered) when a link is declared
//   decl_link         the declared link (valid with decl_valid)
//   declared          per link: declared (registered; drives the enable bits)
// Timing: a verdict presented in cycle t updates the counters at the edge ending t;
// decl_valid / declared show the declaration from cycle t + 1.
`default_nettype none
`include "mf_param_check.vh"
module rn1_monitor #(
    parameter NL   = 96,
    parameter LW   = 7,
    parameter MAXC = 4,
    parameter CW   = 4,
    parameter TH   = 2
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              v_valid,
    input  wire [3:0]        v_n,
    input  wire [LW*MAXC-1:0] v_cand,
    output reg               decl_valid,
    output reg  [LW-1:0]     decl_link,
    output reg  [NL-1:0]     declared
);
  generate
    `MF_PARAM_ERROR_IF(NL < 1 || NL > 1024 || LW < 1 || LW > 10 || (1 << LW) < NL, g_bad_nl,
                       ERROR_rn1_monitor_NL_must_fit_LW_bits,
                       ("rn1_monitor: need 1 <= NL <= 2^LW, LW 1..10 (NL=%0d LW=%0d)", NL, LW))
    `MF_PARAM_ERROR_IF(MAXC < 1 || MAXC > 9, g_bad_maxc, ERROR_rn1_monitor_MAXC_must_be_1_to_9,
                       ("rn1_monitor: MAXC must be 1..9 (MAXC=%0d)", MAXC))
    `MF_PARAM_ERROR_IF(CW < 1 || CW > 8 || TH < 1 || TH >= (1 << CW), g_bad_th,
                       ERROR_rn1_monitor_TH_must_be_1_to_2_CW_minus_1,
                       ("rn1_monitor: need CW 1..8 and 1 <= TH < 2^CW (CW=%0d TH=%0d)", CW, TH))
  endgenerate

  localparam [CW-1:0] CMAX = {CW{1'b1}};
  localparam [CW-1:0] THV = TH[CW-1:0];
  localparam [LW:0] NLV = NL[LW:0];

  reg [CW*NL-1:0] cnt;  // counter of link l at [CW*l +: CW]

  // The candidates of this verdict: their counts after the increment, the top, ties.
  reg [LW-1:0] cand [0:MAXC-1];
  reg [CW-1:0] nc   [0:MAXC-1];
  reg          use_c[0:MAXC-1];
  reg          explained;
  reg [CW-1:0] top;
  reg [3:0]    ties;
  reg [LW-1:0] best;
  integer c;
  always @* begin
    explained = 1'b0;
    top       = {CW{1'b0}};
    ties      = 4'd0;
    best      = {LW{1'b0}};
    for (c = 0; c < MAXC; c = c + 1) begin
      cand[c]  = v_cand[LW*c +: LW];
      use_c[c] = (c < v_n) && ({1'b0, cand[c]} < NLV);
      nc[c]    = {CW{1'b0}};
      if (use_c[c]) begin
        if (declared[cand[c]]) explained = 1'b1;
        nc[c] = (cnt[CW*cand[c] +: CW] == CMAX) ? CMAX : cnt[CW*cand[c] +: CW] + 1'b1;
        if (nc[c] > top) begin
          top  = nc[c];
          best = cand[c];
          ties = 4'd1;
        end else if (nc[c] == top) begin
          ties = ties + 4'd1;
        end
      end
    end
  end
  wire count_it = v_valid && !explained && (v_n != 4'd0);
  wire declare  = count_it && (top >= THV) && (ties == 4'd1);

  integer k;
  always @(posedge clk) begin
    if (rst) begin
      cnt        <= {CW*NL{1'b0}};
      declared   <= {NL{1'b0}};
      decl_valid <= 1'b0;
      decl_link  <= {LW{1'b0}};
    end else begin
      decl_valid <= declare;
      if (declare) begin
        decl_link      <= best;
        declared[best] <= 1'b1;
      end
      if (count_it) begin
        for (k = 0; k < MAXC; k = k + 1) begin
          if (use_c[k]) cnt[CW*cand[k] +: CW] <= nc[k];
        end
      end
    end
  end
endmodule
