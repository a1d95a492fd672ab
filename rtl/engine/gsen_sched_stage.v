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
// Look-ahead (timing): the schedule is a function of the round, and the rounds follow each
// other in a known order (0 after load or reset, (k + 1) mod 2^n after adv), so the outputs
// come from registers computed ahead.  Stage A registers each processor's route (j, F) for
// round k + 1 from a round counter that runs two ahead (k + 2); stage B registers the round-k
// outputs (j, F, the first-configuration test) from stage A and a counter at k + 1.  The
// outputs equal the combinational function of `round` in every cycle (the twin is the table
// twin::gsen_sched_stage); the critical path is cut into route | tag arithmetic and test.
//
// Parameters
//   N   ports, even, >= 4
// Derived: NS = n, IW = NS, P = 2^n, ROUNDS = 2^n, RW = n + 1
// Ports
//   clk, rst       clock, synchronous active-high reset (outputs = round 0)
//   load           the exchange starts: the outputs become round 0's in the next cycle
//   adv            the current round is injected: the outputs step to round (k + 1) mod 2^n
//   round [RW-1:0] current round k (< 2^n while injecting); only cfg reads it
//   cfg [NS-1:0]   C = k
//   valid [N-1:0]  bit i: processor i sends this round (registered)
//   dst [N*IW-1:0] destination of processor i at bits [i*IW +: IW] (registered)
//   tag [N*NS-1:0] forward tag F of processor i at bits [i*NS +: NS] (registered)
// Timing: valid, dst and tag are registers; they follow round k as a2a_ctrl steps it (load
//   -> 0, adv -> k + 1 mod 2^n), i.e. they are valid in the cycle round holds k.
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

  wire unused_round = ^round[RW-1:NS];
  wire [NS-1:0] k = round[NS-1:0];
  assign cfg = k;

  localparam [NS-1:0] K1 = 1;  // round 1 (N >= 4: n >= 2, so 2 < 2^n)
  localparam [NS-1:0] K2 = 2;

  // Look-ahead round counters: k1 = k + 1, k2 = k + 2 (mod 2^n).
  reg [NS-1:0] k1_q, k2_q;
  always @(posedge clk) begin
    if (rst || load) begin
      k1_q <= K1;
      k2_q <= K2;
    end else if (adv) begin
      k1_q <= k1_q + 1'b1;
      k2_q <= k2_q + 1'b1;
    end
  end
  wire [NS-1:0] k_a = (rst || load) ? K1 : k2_q;   // round whose routes enter stage A
  wire [NS-1:0] k_b = (rst || load) ? {NS{1'b0}} : k1_q;  // round entering stage B

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      // stage A: the route of round k_a
      wire [IW-1:0] j_a;
      wire [NS-1:0] f_a;
      gsen_route #(.N(N), .CONTROL(MF_CTRL_STAGE)) u_route (
        .src(I32[IW-1:0]), .cfg(k_a), .dst(j_a), .tag(f_a)
      );
      // round 0's route (load/reset: stage B is filled with round 0 directly)
      wire [IW-1:0] j_0;
      wire [NS-1:0] f_0;
      gsen_route #(.N(N), .CONTROL(MF_CTRL_STAGE)) u_route0 (
        .src(I32[IW-1:0]), .cfg({NS{1'b0}}), .dst(j_0), .tag(f_0)
      );
      reg [IW-1:0] j_aq;
      reg [NS-1:0] f_aq;
      always @(posedge clk) begin
        if (rst || load || adv) begin
          j_aq <= j_a;
          f_aq <= f_a;
        end
      end
      // stage B: the other tag of the pair and the first-configuration test for round k_b
      wire [IW-1:0] j_b = (rst || load) ? j_0 : j_aq;
      wire [NS-1:0] f_b = (rst || load) ? f_0 : f_aq;
      wire [NS:0] fx = {1'b0, f_b};
      wire [NS:0] bx = {1'b0, k_b ^ f_b};             // B = C xor F
      wire        alt_dn = (fx >= N_X);                // F' = F - N, B' = B - 1
      wire        alt_up = (fx + N_X < P_X);           // F' = F + N, B' = B + 1
      wire [NS:0] f_alt = alt_dn ? fx - N_X : fx + N_X;
      wire [NS:0] b_alt = alt_dn ? bx - 1'b1 : bx + 1'b1;
      wire [NS:0] c_alt = f_alt ^ b_alt;
      wire        v_b = !(alt_dn || alt_up) || (c_alt > {1'b0, k_b});
      reg          v_q;
      reg [IW-1:0] j_q;
      reg [NS-1:0] f_q;
      always @(posedge clk) begin
        if (rst || load || adv) begin
          v_q <= v_b;
          j_q <= j_b;
          f_q <= f_b;
        end
      end
      assign valid[i] = v_q;
      assign dst[i*IW +: IW] = j_q;
      assign tag[i*NS +: NS] = f_q;
    end
  endgenerate
endmodule

`default_nettype wire
