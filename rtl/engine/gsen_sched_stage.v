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
// Tables and look-ahead (timing): under stage control each processor's round-k outputs
// (send bit, destination, tag) are a function of the n bits of k alone, so they are computed
// at elaboration (the constant function sched_entry below: the path a2a_gsen_path
// (rtl/engine/a2a_functions.vh) under stage control and the test above) into a per-processor
// table of 2^n entries, and the hardware is a lookup.  The rounds follow each other in a
// known order (0 after load or reset, (k + 1) mod 2^n after adv), so the lookup is made one
// round ahead from a counter at k + 1 and registered: the outputs are registers, equal in
// every cycle to the schedule of `round` (the twin is the table twin::gsen_sched_stage); the
// path is counter -> n-input table -> register.
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
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer RW = mf_clog2(P + 1);

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

  wire unused_ctl = ^round[RW-1:NS];
  wire [NS-1:0] k = round[NS-1:0];
  assign cfg = k;

  localparam integer EW = 2 * NS + 1;  // table entry {valid, dst[IW-1:0], tag[NS-1:0]}

  // Processor src in round k: its path under stage control (at stage s the switch state is
  // bit n-1-s of C = k: a2a_gsen_path, a2a_functions.vh), then the first-configuration test.
  function [EW-1:0] sched_entry;
    input integer src;
    input integer k_in;
    integer pth, tg, fx, bx, fa, ba, ca, dn, up;
    /* verilator lint_off UNUSEDSIGNAL */
    integer t;  // only the low IW bits are the destination
    /* verilator lint_on UNUSEDSIGNAL */
    reg v;
    begin
      pth = a2a_gsen_path(N, -1, src, k_in);
      t = pth / 65536;
      tg = pth % 65536;
      fx = tg;
      bx = k_in ^ tg;                           // B = C xor F
      dn = (fx >= N) ? 1 : 0;                   // F' = F - N, B' = B - 1
      up = (fx + N < P) ? 1 : 0;                // F' = F + N, B' = B + 1
      fa = (dn != 0) ? fx - N : fx + N;
      ba = ((dn != 0) ? bx - 1 : bx + 1) & ((2 << NS) - 1);
      ca = (fa ^ ba) & ((2 << NS) - 1);
      v = (dn == 0 && up == 0) || (ca > k_in);
      sched_entry = {v, t[IW-1:0], tg[NS-1:0]};
    end
  endfunction

  function [P*EW-1:0] sched_table;
    input integer src;
    integer kk;
    begin
      sched_table = {P*EW{1'b0}};
      for (kk = 0; kk < P; kk = kk + 1) sched_table[kk*EW +: EW] = sched_entry(src, kk);
    end
  endfunction

  // Look-ahead round counter: k + 1 (mod 2^n).
  localparam [NS-1:0] K1 = 1;
  reg [NS-1:0] k1_q;
  always @(posedge clk) begin
    if (rst || load) k1_q <= K1;
    else if (adv) k1_q <= k1_q + 1'b1;
  end
  wire [NS-1:0] k_next = (rst || load) ? {NS{1'b0}} : k1_q;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [P*EW-1:0] TAB = sched_table(i);
      wire [EW-1:0] e_next = TAB[k_next*EW +: EW];
      reg  [EW-1:0] e_q;
      always @(posedge clk) begin
        if (rst || load || adv) e_q <= e_next;
      end
      assign valid[i] = e_q[EW-1];
      assign dst[i*IW +: IW] = e_q[NS +: IW];
      assign tag[i*NS +: NS] = e_q[NS-1:0];
    end
  endgenerate
endmodule

`default_nettype wire
