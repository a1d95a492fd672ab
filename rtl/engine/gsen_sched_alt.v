// gsen_sched_alt: Algorithm 4 of paper 001 (all-to-all personalized exchange in a GSEN
// with N = 2 mod 4 under alternating control), computed on the fly.
//
// Round k = 0..N-1 uses the alternating configuration A_k = k xor (k >> 1).  Even i sends to
// (i*2^n + k) mod N with forward tag k, odd i to (i*2^n + 2^n - 1 - k) mod N with tag
// 2^n - 1 - k.  Each processor keeps its destination in a register: loaded with the
// per-source constant m_i (a localparam: (i*2^n) mod N for even i, ((i+1)*2^n - 1) mod N for
// odd i) and stepped by one compare-add/subtract per round (no divider).
//
// Parameters
//   N   ports, N = 2 mod 4, N >= 6
// Derived: NS = n = ceil(log2 N), IW = NS, P = 2^n, ROUNDS = N, RW = ceil(log2(N+1))
// Ports
//   clk, rst       clock, synchronous active-high reset
//   load           the exchange starts: destinations <- m_i (round 0 follows)
//   adv            the current round is injected: destinations step to the next round
//   round [RW-1:0] current round k (< N while injecting)
//   cfg [NS-1:0]   A_k
//   valid [N-1:0]  all ones (every processor sends in every round)
//   dst [N*IW-1:0] destination of processor i at bits [i*IW +: IW]
//   tag [N*NS-1:0] forward tag of processor i at bits [i*NS +: NS]
`default_nettype none
`include "mf_param_check.vh"

module gsen_sched_alt (
  clk, rst, load, adv, round, cfg, valid, dst, tag
);
  parameter integer N = 10;

`include "mf_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer RW = mf_clog2(N + 1);
  localparam [31:0] N32 = N;
  localparam [IW-1:0] NMAX = N32[IW-1:0] - {{(IW-1){1'b0}}, 1'b1};

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
    `MF_PARAM_ERROR_IF(N % 4 != 2 || N < 6, g_bad_n, ERROR_gsen_sched_alt_N_must_be_2_mod_4,
                       ("gsen_sched_alt: N must be 2 mod 4 and >= 6 (N=%0d)", N))
  endgenerate

  wire [NS-1:0] k = round[NS-1:0];
  assign cfg   = k ^ (k >> 1);
  assign valid = {N{1'b1}};

  genvar i;
  generate
    if (RW > NS) begin : g_unused_round
      wire unused_round = ^round[RW-1:NS];
    end
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam integer MI = (i % 2 == 0) ? ((i * P) % N) : (((i + 1) * P - 1) % N);
      localparam [31:0] MI32 = MI;
      reg [IW-1:0] j_q;
      always @(posedge clk) begin
        if (rst || load) begin
          j_q <= MI32[IW-1:0];
        end else if (adv) begin
          if (i % 2 == 0) j_q <= (j_q == NMAX) ? {IW{1'b0}} : j_q + {{(IW-1){1'b0}}, 1'b1};
          else            j_q <= (j_q == {IW{1'b0}}) ? NMAX : j_q - {{(IW-1){1'b0}}, 1'b1};
        end
      end
      assign dst[i*IW +: IW] = j_q;
      assign tag[i*NS +: NS] = (i % 2 == 0) ? k : ~k;
    end
  endgenerate
endmodule

`default_nettype wire
