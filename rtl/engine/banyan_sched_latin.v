// banyan_sched_latin: all-to-all personalized exchange in an N x N banyan network by the
// Latin square L' of paper 000 (Algorithm A, Property 2): N rounds, round k uses stage
// configuration k (Gamma_k) and processor i sends to Gamma_k(i) (banyan_route, bit
// operations only).  Every (i, j) is sent exactly once because L' is a Latin square.
//
// Parameters
//   N   ports, a power of two >= 4
// Derived: M = log2 N, ROUNDS = N, RW = M + 1
// Ports
//   clk, rst, load, adv   unused (common scheduler interface)
//   round [RW-1:0]  current round k (< N while injecting)
//   cfg [M-1:0]     k
//   valid [N-1:0]   all ones
//   dst [N*M-1:0]   Gamma_k(i) at bits [i*M +: M]
//   tag [N*M-1:0]   self-routing tag of that path at bits [i*M +: M] (bit m-1-s = out-subport
//                   at stage s)
`default_nettype none

module banyan_sched_latin (
  clk, rst, load, adv, round, cfg, valid, dst, tag
);
  parameter integer N = 16;

`include "mf_functions.vh"

  localparam integer M = mf_clog2(N);
  localparam integer RW = mf_clog2(N + 1);

  input  wire           clk;
  input  wire           rst;
  input  wire           load;
  input  wire           adv;
  input  wire [RW-1:0]  round;
  output wire [M-1:0]   cfg;
  output wire [N-1:0]   valid;
  output wire [N*M-1:0] dst;
  output wire [N*M-1:0] tag;

  // banyan_route rejects N that is not a power of two >= 4.
  wire unused_ctl = clk ^ rst ^ load ^ adv ^ round[RW-1];
  assign cfg   = round[M-1:0];
  assign valid = {N{1'b1}};

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      banyan_route #(.N(N)) u_route (
        .src(I32[M-1:0]), .cfg(cfg), .dst(dst[i*M +: M]), .tag(tag[i*M +: M])
      );
    end
  endgenerate
endmodule

`default_nettype wire
