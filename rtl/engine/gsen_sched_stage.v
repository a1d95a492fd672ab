// gsen_sched_stage: all-to-all personalized exchange in a GSEN under stage control, any
// even N (paper 001, Theorem 3.8 / Lemmas 3.3-3.4): 2^n rounds, round k uses C = k.
//
// In round k processor i follows its path under C = k (gsen_route): destination j, forward
// tag F, backward tag B = C xor F (Lemma 3.4).  The pair (i, j) is realized by the tag
// F0 = (j - i*2^n) mod N and, when F0 + N < 2^n, also by F0 + N, each in exactly one stage
// configuration.  The other tag of the pair is F' = F - N (if F >= N; B' = B - 1) or
// F' = F + N (if F + N < 2^n; B' = B + 1), realized by C' = B' xor F'.  Processor i sends
// iff there is no other tag or C' > k, i.e. k is the first configuration that routes i to
// j; otherwise it idles.  Every (i, j) is sent exactly once over the 2^n rounds (the model's
// personalized_exchange_stage / first_stage_round).
//
// Parameters
//   N   ports, even, >= 4
// Derived: NS = n, IW = NS, P = 2^n, ROUNDS = 2^n, RW = n + 1
// Ports
//   clk, rst, load, adv   unused (the schedule is a combinational function of the round);
//                          present for the common scheduler interface
//   round [RW-1:0] current round k (< 2^n while injecting)
//   cfg [NS-1:0]   C = k
//   valid [N-1:0]  bit i: processor i sends this round
//   dst [N*IW-1:0] destination of processor i at bits [i*IW +: IW]
//   tag [N*NS-1:0] forward tag F of processor i at bits [i*NS +: NS]
`default_nettype none
`include "mf_param_check.vh"

module gsen_sched_stage (
  clk, rst, load, adv, round, cfg, valid, dst, tag
);
  parameter integer N = 12;

`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer RW = mf_clog2(P + 1);
  localparam [31:0] N32 = N;
  localparam [31:0] P32 = P;
  localparam [NS:0] N_X = N32[NS:0];   // N and 2^n in n+1 bits
  localparam [NS:0] P_X = P32[NS:0];

  input  wire              clk;
  input  wire              rst;
  input  wire              load;
  input  wire              adv;
  input  wire [RW-1:0]     round;
  output wire [NS-1:0]     cfg;
  output wire [N-1:0]      valid;
  output wire [N*IW-1:0]   dst;
  output wire [N*NS-1:0]   tag;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n,
                       ERROR_gsen_sched_stage_N_must_be_even_and_at_least_4,
                       ("gsen_sched_stage: N must be even and >= 4 (N=%0d)", N))
  endgenerate

  wire unused_ctl = clk ^ rst ^ load ^ adv ^ round[RW-1];
  wire [NS-1:0] k = round[NS-1:0];
  assign cfg = k;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      wire [IW-1:0] j;
      wire [NS-1:0] f;
      gsen_route #(.N(N), .CONTROL(MF_CTRL_STAGE)) u_route (
        .src(I32[IW-1:0]), .cfg(k), .dst(j), .tag(f)
      );
      wire [NS:0] fx = {1'b0, f};
      wire [NS:0] bx = {1'b0, k ^ f};                 // B = C xor F
      wire        alt_dn = (fx >= N_X);                // F' = F - N, B' = B - 1
      wire        alt_up = (fx + N_X < P_X);           // F' = F + N, B' = B + 1
      wire [NS:0] f_alt = alt_dn ? fx - N_X : fx + N_X;
      wire [NS:0] b_alt = alt_dn ? bx - 1'b1 : bx + 1'b1;
      wire [NS:0] c_alt = f_alt ^ b_alt;
      assign valid[i] = !(alt_dn || alt_up) || (c_alt > {1'b0, k});
      assign dst[i*IW +: IW] = j;
      assign tag[i*NS +: NS] = f;
    end
  endgenerate
endmodule

`default_nettype wire
