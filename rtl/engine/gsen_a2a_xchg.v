// gsen_a2a_xchg: all-to-all personalized exchange of a user's data on an N x N GSEN
// (paper 001): processor i's source buffer holds the word for destination j at address j
// (block word b of B at b*N + j); after the exchange processor j's sink buffer holds the word
// from source s at address b*N + s (a transpose of the N x N(xB) matrix the buffers hold).
// The engine reads and writes the buffers through one synchronous memory port per processor
// (docs/engines.md: port table and timing diagram); the buffers are the user's (block RAM,
// registers or their own logic).
//
// A scheduler (alternating: Algorithm 4, stage control, or a player replaying a list) gives
// each round's configuration, senders, destinations and tags; the schedule runs B times
// (block word b in repetition b).  Pipeline (a2a_ctrl, a2a_source, a2a_sink, a2a_monitor):
// step t issued in cycle t; scheduler register; source read in cycle t+1; the word and its
// header {b, j, i} enter the fabric in cycle t+1+SRC_LAT; fabric latency FLAT; a register
// before the sinks; the sink writes in cycle t+2+SRC_LAT+FLAT; its event is registered,
// counted by a pipelined tree of PL levels, and the counters add the count at the edge
// ending cycle t+3+SRC_LAT+FLAT+PL.
// cycles = B*ROUNDS + LAT when done, LAT = FLAT + SRC_LAT + 3 + PL (a2a_latency).
//
// Parameters
//   N               ports, even, >= 4 (N = 2 mod 4 for SCHED = 0)
//   DW              data bits per word, >= 1
//   B               words per (source, destination) pair, >= 1
//   SCHED           0 alt (Algorithm 4: N rounds, A_k = k xor (k>>1)),
//                   1 stage (2^n rounds, C = k, each pair in its first configuration),
//                   2 player (PLAYER_LEN rounds replayed from memory, gsen_sched_player)
//   PIPELINE        1: fabric register per stage, FLAT = n;  0: combinational, FLAT = 0
//   USE_TAGS        0: the fabric is set by the round's configuration (number, or the
//                   state matrix under individual control); 1: it self-routes by the
//                   forward tags (conflicts are counted)
//   PLAYER_CONTROL  player only: 0 individual (every switch's state per round), 1 stage,
//                   2 alt, 3 alt2, 4 alt4
//   PLAYER_LEN      player only: entries = rounds
//   PLAYER_FILE     player only: $readmemh file ("" = none, write the entries first)
//   SRC_LAT         source read latency: src_rd_data valid SRC_LAT cycles after src_rd_en;
//                   1 (default: block RAM, synchronous read) or 2 (block RAM with its output
//                   register)
// Derived: NS = IW = n = ceil(log2 N); ROUNDS; FLAT; PL = max(1, ceil(log4 w)), w = N
//   (USE_TAGS = 0) or n*N/2 (USE_TAGS = 1: the conflict bits);
//   LAT = a2a_latency(FLAT, SRC_LAT, PL) = FLAT + SRC_LAT + 3 + PL;
//   AW = a2a_aw(N, B) = max(1, ceil(log2(N*B))) buffer address bits; HBW = ceil(log2 B);
//   FW = a2a_fw(DW, N, B) = DW + 2*IW + HBW fabric word bits; PAW = mf_addr_w(PLAYER_LEN);
//   PENTRY_W = a2a_player_ew(N) = N + 4*ceil(n/4) (the player's write port; an
//   individual-control entry is written in several beats, gsen_sched_player); SCW = the
//   scheduler's configuration bits (n, or n*N/2 for the individual-control player); FCW =
//   the fabric's in_cfg bits (mf_ctrl_cfg_w, mf_params.vh)
// Ports (processor i's field of a vector is [i*X +: X], X its width)
//   clk, rst            clock, synchronous active-high reset
//   start               begin an exchange (ignored while busy)
//   busy, done          running / finished (done stays until the next start)
//   cycles [31:0]       cycles of the exchange, = B*ROUNDS + LAT when done
//   delivered [31:0]    words written into the sink buffers (N*N*B in a complete exchange)
//   err_dst [31:0]      words that reached a sink they are not addressed to
//   err_dup [31:0]      words of a (source, block word) already written (not written again)
//   missing [31:0]      when done: N*N*B - delivered; else 0
//   conflicts [31:0]    USE_TAGS = 1: switch conflicts reported by the fabric; else 0
//   src_rd_en [N], src_rd_addr [N*AW]   source-buffer read ports (registered)
//   src_rd_data [N*DW]  the words read, valid SRC_LAT cycles after src_rd_en
//   snk_wr_en [N], snk_wr_addr [N*AW], snk_wr_data [N*DW]   sink-buffer write ports
//   pl_wr_en, pl_wr_addr [PAW-1:0], pl_wr_data [PENTRY_W-1:0]  player memory write port
//                       (ignored for SCHED != 2); entry format in gsen_sched_player
`default_nettype none
`include "mf_param_check.vh"

module gsen_a2a_xchg (
  clk, rst, start, busy, done, cycles, delivered, err_dst, err_dup, missing, conflicts,
  src_rd_en, src_rd_addr, src_rd_data, snk_wr_en, snk_wr_addr, snk_wr_data,
  pl_wr_en, pl_wr_addr, pl_wr_data
);
`include "mf_params.vh"
  parameter integer N = 10;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer PLAYER_CONTROL = MF_CTRL_ALT;
  parameter integer PLAYER_LEN = 10;
  parameter PLAYER_FILE = "";
  parameter integer SRC_LAT = 1;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer ROUNDS = (SCHED == MF_SCHED_ALT) ? N :
                              (SCHED == MF_SCHED_STAGE) ? P : PLAYER_LEN;
  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam integer FLAT = (PIPELINE != 0) ? NS : 0;
  localparam integer CFG_CONTROL = (SCHED == MF_SCHED_ALT) ? MF_CTRL_ALT :
                                   (SCHED == MF_SCHED_STAGE) ? MF_CTRL_STAGE : PLAYER_CONTROL;
  localparam integer FCONTROL = (USE_TAGS != 0) ? MF_CTRL_TAG : CFG_CONTROL;
  localparam integer PAW = mf_addr_w(PLAYER_LEN);
  localparam integer PENTRY_W = a2a_player_ew(N);
  localparam integer NSW = NS * (N / 2);
  localparam integer SCW = mf_ctrl_cfg_w(CFG_CONTROL, NS, N);
  localparam integer FCW = mf_ctrl_cfg_w(FCONTROL, NS, N);
  // levels of the counters' population-count trees (a2a_functions.vh)
  localparam integer PL = a2a_xchg_levels(N, USE_TAGS);
  localparam integer LAT = a2a_latency(FLAT, SRC_LAT, PL);
  localparam integer HBW = mf_clog2(B);
  localparam integer BW = (HBW < 1) ? 1 : HBW;
  localparam integer FW = a2a_fw(DW, N, B);
  localparam integer AW = a2a_aw(N, B);

  input  wire                clk;
  input  wire                rst;
  input  wire                start;
  output wire                busy;
  output wire                done;
  output wire [31:0]         cycles;
  output wire [31:0]         delivered;
  output wire [31:0]         err_dst;
  output wire [31:0]         err_dup;
  output wire [31:0]         missing;
  output wire [31:0]         conflicts;
  output wire [N-1:0]        src_rd_en;
  output wire [N*AW-1:0]     src_rd_addr;
  input  wire [N*DW-1:0]     src_rd_data;
  output wire [N-1:0]        snk_wr_en;
  output wire [N*AW-1:0]     snk_wr_addr;
  output wire [N*DW-1:0]     snk_wr_data;
  input  wire                pl_wr_en;
  input  wire [PAW-1:0]      pl_wr_addr;
  input  wire [PENTRY_W-1:0] pl_wr_data;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n,
                       ERROR_gsen_a2a_xchg_N_must_be_even_and_at_least_4,
                       ("gsen_a2a_xchg: N must be even and >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(DW < 1, g_bad_dw, ERROR_gsen_a2a_xchg_DW_must_be_positive,
                       ("gsen_a2a_xchg: DW must be >= 1 (DW=%0d)", DW))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_gsen_a2a_xchg_B_must_be_positive,
                       ("gsen_a2a_xchg: B must be >= 1 (B=%0d)", B))
    `MF_PARAM_ERROR_IF(SCHED < MF_SCHED_ALT || SCHED > MF_SCHED_PLAYER, g_bad_sched,
                       ERROR_gsen_a2a_xchg_unknown_SCHED,
                       ("gsen_a2a_xchg: unknown SCHED=%0d (0 alt, 1 stage, 2 player)", SCHED))
    `MF_PARAM_ERROR_IF(USE_TAGS != 0 && USE_TAGS != 1, g_bad_use_tags,
                       ERROR_gsen_a2a_xchg_USE_TAGS_must_be_0_or_1,
                       ("gsen_a2a_xchg: USE_TAGS must be 0 or 1 (USE_TAGS=%0d)", USE_TAGS))
    `MF_PARAM_ERROR_IF(SRC_LAT < 1 || SRC_LAT > 2, g_bad_src_lat,
                       ERROR_gsen_a2a_xchg_SRC_LAT_must_be_1_or_2,
                       ("gsen_a2a_xchg: SRC_LAT must be 1 or 2 (SRC_LAT=%0d)", SRC_LAT))
  endgenerate

  // ---- control ----
  wire          clear, issue, last;
  wire [RW-1:0] round;
  wire [BW-1:0] blk;
  wire [AW-1:0] boff;
  a2a_ctrl #(.N(N), .ROUNDS(ROUNDS), .B(B), .LAT(LAT)) u_ctrl (
    .clk(clk), .rst(rst), .start(start), .clear(clear), .issue(issue), .round(round),
    .blk(blk), .boff(boff), .busy(busy), .last(last), .done(done), .cycles(cycles)
  );
  wire unused_last = last;

  // ---- scheduler ----
  wire [SCW-1:0]  s_cfgw;     // the round's configuration as the fabric takes it
  // its number (individual: the low n states), the harness's probe of the round
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NS-1:0]   s_cfg = s_cfgw[NS-1:0];
  /* verilator lint_on UNUSEDSIGNAL */
  wire [N-1:0]    s_valid;
  wire [N*IW-1:0] s_dst;
  wire [N*NS-1:0] s_tag;
  generate
    if (SCHED == MF_SCHED_ALT) begin : g_alt
      gsen_sched_alt #(.N(N)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(issue), .round(round),
        .cfg(s_cfgw), .valid(s_valid), .dst(s_dst), .tag(s_tag)
      );
    end else if (SCHED == MF_SCHED_STAGE) begin : g_stage
      gsen_sched_stage #(.N(N)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(issue), .round(round),
        .cfg(s_cfgw), .valid(s_valid), .dst(s_dst), .tag(s_tag)
      );
    end else begin : g_player
      gsen_sched_player #(.N(N), .CONTROL(PLAYER_CONTROL), .LEN(PLAYER_LEN),
                          .FILE(PLAYER_FILE)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(issue), .round(round),
        .cfg(s_cfgw), .valid(s_valid), .dst(s_dst), .tag(s_tag),
        .wr_en(pl_wr_en), .wr_addr(pl_wr_addr), .wr_data(pl_wr_data)
      );
    end
    if (SCHED != MF_SCHED_PLAYER) begin : g_unused_wr
      wire unused_wr = pl_wr_en ^ (^pl_wr_addr) ^ (^pl_wr_data);
    end
  endgenerate

  // ---- sources ----
  wire [N-1:0]    f_in_valid;
  wire [N*FW-1:0] f_in_data;
  wire [N*NS-1:0] f_in_tag;
  wire [SCW-1:0]  f_in_cfg;
  a2a_source #(.N(N), .DW(DW), .B(B), .TW(NS), .CW(SCW), .SRC_LAT(SRC_LAT)) u_src (
    .clk(clk), .rst(rst), .issue(issue), .valid(s_valid), .dst(s_dst), .tag(s_tag),
    .cfg(s_cfgw), .blk(blk), .boff(boff), .rd_en(src_rd_en), .rd_addr(src_rd_addr),
    .rd_data(src_rd_data), .f_valid(f_in_valid), .f_data(f_in_data), .f_tag(f_in_tag),
    .f_cfg(f_in_cfg)
  );

  // ---- fabric ----
  wire [N-1:0]    f_valid;
  wire [N*FW-1:0] f_data;
  wire [NSW-1:0]  f_conflict;
  gsen_fabric #(.N(N), .W(FW), .CONTROL(FCONTROL), .PIPELINE(PIPELINE)) u_fabric (
    .clk(clk), .rst(rst),
    .in_valid(f_in_valid), .in_data(f_in_data), .in_cfg(f_in_cfg[FCW-1:0]), .in_tag(f_in_tag),
    .out_valid(f_valid), .out_data(f_data), .out_conflict(f_conflict)
  );

  generate
    if (SCW > FCW) begin : g_unused_cfg  // individual-control player with USE_TAGS = 1
      wire unused_cfg = ^f_in_cfg[SCW-1:FCW];
    end
  endgenerate

  // ---- sinks and counters ----
  wire [N-1:0]   ev_good, ev_bad, ev_dup;
  wire [NSW-1:0] ev_conf;
  a2a_sink #(.N(N), .DW(DW), .B(B), .NCF(NSW)) u_snk (
    .clk(clk), .rst(rst), .clear(clear), .in_valid(f_valid), .in_data(f_data),
    .in_conf(f_conflict), .wr_en(snk_wr_en), .wr_addr(snk_wr_addr), .wr_data(snk_wr_data),
    .ev_good(ev_good), .ev_bad(ev_bad), .ev_dup(ev_dup), .ev_conf(ev_conf)
  );
  a2a_monitor #(.N(N), .B(B), .NCF(NSW), .L(PL), .ROUNDS(ROUNDS)) u_mon (
    .clk(clk), .rst(rst), .clear(clear), .fin(done), .ev_good(ev_good), .ev_bad(ev_bad),
    .ev_dup(ev_dup), .ev_conf(ev_conf), .delivered(delivered), .err_dst(err_dst),
    .err_dup(err_dup), .conflicts(conflicts), .missing(missing)
  );
endmodule

`default_nettype wire
