// a2a_monitor: the counters of an all-to-all data engine, fed by the sinks' registered
// events (a2a_sink, stage E): the population count of each event vector goes through a
// pipelined tree (a2a_popcount, L registered levels) and the 32-bit counters (a2a_counter)
// add it; the count of the words still due (N*N*B - delivered) is kept in a counter of its
// own, so that no output needs a subtraction.
//
// Parameters
//   N  processors;  B  words per pair;  NCF  conflict bits of the fabric
//   L  levels of the population-count trees (the engine's: ceil(log4) of its widest
//      counted vector, at least 1)
// Ports
//   clk, rst                 clock, synchronous active-high reset
//   clear                    start of an exchange: clears the counters at this edge
//   fin                      the exchange is over (engine done): enables `missing`
//   ev_good, ev_bad, ev_dup [N-1:0], ev_conf [NCF-1:0]   a2a_sink's events
//   delivered [31:0]         words written into the sink buffers since clear
//   err_dst [31:0]           words that arrived where they must not be written (bad)
//   err_dup [31:0]           words of a (source, block word) already written
//   conflicts [31:0]         fabric conflicts (tag self-routing)
//   missing [31:0]           when fin: N*N*B - delivered; else 0
`default_nettype none

module a2a_monitor (
  clk, rst, clear, fin, ev_good, ev_bad, ev_dup, ev_conf,
  delivered, err_dst, err_dup, conflicts, missing
);
  parameter integer N = 10;
  parameter integer B = 1;
  parameter integer NCF = 1;
  parameter integer L = 2;
  parameter integer ROUNDS = 10;

`include "mf_functions.vh"

  localparam [31:0] NNB = N * N * B;
  localparam integer CW = mf_clog2(N + 1);
  localparam integer FW = mf_clog2(NCF + 1);
  // counter widths: the most one exchange can count (every word once: N*N*B; each conflict
  // drops one of the at most N*ROUNDS*B words sent)
  // (at least the increments' widths, also for illegal B < 1, which the engine reports)
  localparam integer VW = (mf_clog2(N * N * B + 1) < CW) ? CW : mf_clog2(N * N * B + 1);
  localparam integer VCW = (mf_clog2(N * ROUNDS * B + 1) < FW) ? FW : mf_clog2(N * ROUNDS * B + 1);

  input  wire           clk;
  input  wire           rst;
  input  wire           clear;
  input  wire           fin;
  input  wire [N-1:0]   ev_good;
  input  wire [N-1:0]   ev_bad;
  input  wire [N-1:0]   ev_dup;
  input  wire [NCF-1:0] ev_conf;
  output wire [31:0]    delivered;
  output wire [31:0]    err_dst;
  output wire [31:0]    err_dup;
  output wire [31:0]    conflicts;
  output wire [31:0]    missing;

  wire [CW-1:0] p_good, p_bad, p_dup;
  wire [FW-1:0] p_conf;
  a2a_popcount #(.X(N), .L(L)) u_pc_good (
    .clk(clk), .rst(rst), .clear(clear), .in(ev_good), .count(p_good)
  );
  a2a_popcount #(.X(N), .L(L)) u_pc_bad (
    .clk(clk), .rst(rst), .clear(clear), .in(ev_bad), .count(p_bad)
  );
  a2a_popcount #(.X(N), .L(L)) u_pc_dup (
    .clk(clk), .rst(rst), .clear(clear), .in(ev_dup), .count(p_dup)
  );
  a2a_popcount #(.X(NCF), .L(L)) u_pc_conf (
    .clk(clk), .rst(rst), .clear(clear), .in(ev_conf), .count(p_conf)
  );

  wire [31:0] due;
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_good (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_good), .value(delivered)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_bad (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_bad), .value(err_dst)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_dup (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_dup), .value(err_dup)
  );
  a2a_counter #(.VW(VCW), .IW(FW)) u_cnt_conf (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_conf), .value(conflicts)
  );
  a2a_counter #(.VW(VW), .IW(CW), .DOWN(1), .INIT(NNB)) u_cnt_due (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_good), .value(due)
  );

  assign missing = fin ? due : 32'd0;
endmodule

`default_nettype wire
