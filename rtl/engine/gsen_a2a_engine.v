// gsen_a2a_engine: hardware all-to-all personalized exchange on an N x N GSEN.
//
// Sources (a2a_source) build message (i -> j) = {payload(i, j), j, i}; a scheduler gives
// each round's configuration, send mask, destinations and forward tags; the fabric
// (gsen_fabric) carries the round; sinks (a2a_monitor) check and count every arrival.
// Round k is injected in cycle k of the exchange; `cycles` = ROUNDS + LAT when done
// (a2a_ctrl).
//
// Parameters
//   N               ports, even, >= 4 (N = 2 mod 4 for SCHED = 0)
//   W               message width, >= 2*ceil(log2 N) + 4
//   SCHED           0 alt (Algorithm 4: N rounds, A_k = k xor (k>>1)),
//                   1 stage (2^n rounds, C = k, each pair in its first configuration),
//                   2 player (PLAYER_LEN rounds replayed from memory, gsen_sched_player)
//   PIPELINE        1: fabric register per stage, LAT = n;  0: combinational, LAT = 0
//   USE_TAGS        0: the fabric is set by the round's configuration number (CONTROL =
//                   alt / stage / PLAYER_CONTROL); 1: the fabric self-routes by the forward
//                   tags the scheduler computed (CONTROL = tag; conflicts are counted)
//   PLAYER_CONTROL  player only: 1 stage, 2 alt, 3 alt2, 4 alt4
//   PLAYER_LEN      player only: entries = rounds
//   PLAYER_FILE     player only: $readmemh file ("" = none, write the entries first)
// Derived: NS = n = ceil(log2 N); ROUNDS; LAT; PAW = max(1, ceil(log2 PLAYER_LEN));
//   PENTRY_W = N + 4*ceil(n/4)
// Ports
//   clk, rst            clock, synchronous active-high reset
//   start               begin an exchange (ignored while busy)
//   busy, done          running / finished (done stays until the next start)
//   cycles [31:0]       cycles of the exchange, = ROUNDS + LAT when done
//   delivered [31:0]    valid messages that reached an output (N*N in a correct run)
//   errors [31:0]       err_dst + err_payload + err_dup + missing
//   err_dst, err_payload, err_dup [31:0]  wrong destination / bad source or payload /
//                       duplicate messages
//   missing [31:0]      when done: pairs (i, j) never delivered correctly (N*N - good)
//   conflicts [31:0]    USE_TAGS = 1: switch conflicts reported by the fabric; else 0
//   pl_wr_en, pl_wr_addr [PAW-1:0], pl_wr_data [PENTRY_W-1:0]  player memory write port
//                       (ignored for SCHED != 2); entry format in gsen_sched_player
`default_nettype none
`include "mf_param_check.vh"

module gsen_a2a_engine (
  clk, rst, start, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup,
  missing, conflicts, pl_wr_en, pl_wr_addr, pl_wr_data
);
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer SCHED = 0;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer PLAYER_CONTROL = 2;
  parameter integer PLAYER_LEN = 10;
  parameter PLAYER_FILE = "";

`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer ROUNDS = (SCHED == MF_SCHED_ALT) ? N :
                              (SCHED == MF_SCHED_STAGE) ? P : PLAYER_LEN;
  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam integer LAT = (PIPELINE != 0) ? NS : 0;
  localparam integer CFG_CONTROL = (SCHED == MF_SCHED_ALT) ? MF_CTRL_ALT :
                                   (SCHED == MF_SCHED_STAGE) ? MF_CTRL_STAGE : PLAYER_CONTROL;
  localparam integer FCONTROL = (USE_TAGS != 0) ? MF_CTRL_TAG : CFG_CONTROL;
  localparam integer PAW = (mf_clog2(PLAYER_LEN) < 1) ? 1 : mf_clog2(PLAYER_LEN);
  localparam integer PENTRY_W = N + 4 * ((NS + 3) / 4);
  localparam integer NSW = NS * (N / 2);

  input  wire                clk;
  input  wire                rst;
  input  wire                start;
  output wire                busy;
  output wire                done;
  output wire [31:0]         cycles;
  output wire [31:0]         delivered;
  output wire [31:0]         errors;
  output wire [31:0]         err_dst;
  output wire [31:0]         err_payload;
  output wire [31:0]         err_dup;
  output wire [31:0]         missing;
  output reg  [31:0]         conflicts;
  input  wire                pl_wr_en;
  input  wire [PAW-1:0]      pl_wr_addr;
  input  wire [PENTRY_W-1:0] pl_wr_data;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n,
                       ERROR_gsen_a2a_engine_N_must_be_even_and_at_least_4,
                       ("gsen_a2a_engine: N must be even and >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(W < 2 * IW + 4, g_bad_w, ERROR_gsen_a2a_engine_W_too_small,
                       ("gsen_a2a_engine: W=%0d too small: needs 2*%0d index bits + 4 payload bits",
                        W, IW))
    `MF_PARAM_ERROR_IF(SCHED < MF_SCHED_ALT || SCHED > MF_SCHED_PLAYER, g_bad_sched,
                       ERROR_gsen_a2a_engine_unknown_SCHED,
                       ("gsen_a2a_engine: unknown SCHED=%0d (0 alt, 1 stage, 2 player)", SCHED))
    `MF_PARAM_ERROR_IF(USE_TAGS != 0 && USE_TAGS != 1, g_bad_use_tags,
                       ERROR_gsen_a2a_engine_USE_TAGS_must_be_0_or_1,
                       ("gsen_a2a_engine: USE_TAGS must be 0 or 1 (USE_TAGS=%0d)", USE_TAGS))
  endgenerate

  // ---- control ----
  wire          clear, inject, last;
  wire [RW-1:0] round;
  a2a_ctrl #(.ROUNDS(ROUNDS), .LAT(LAT)) u_ctrl (
    .clk(clk), .rst(rst), .start(start), .clear(clear), .inject(inject), .round(round),
    .busy(busy), .last(last), .done(done), .cycles(cycles)
  );
  wire unused_last = last;

  // ---- scheduler ----
  wire [NS-1:0]   s_cfg;
  wire [N-1:0]    s_valid;
  wire [N*IW-1:0] s_dst;
  wire [N*NS-1:0] s_tag;
  generate
    if (SCHED == MF_SCHED_ALT) begin : g_alt
      gsen_sched_alt #(.N(N)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(inject), .round(round),
        .cfg(s_cfg), .valid(s_valid), .dst(s_dst), .tag(s_tag)
      );
    end else if (SCHED == MF_SCHED_STAGE) begin : g_stage
      gsen_sched_stage #(.N(N)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(inject), .round(round),
        .cfg(s_cfg), .valid(s_valid), .dst(s_dst), .tag(s_tag)
      );
    end else begin : g_player
      gsen_sched_player #(.N(N), .CONTROL(PLAYER_CONTROL), .LEN(PLAYER_LEN),
                          .FILE(PLAYER_FILE)) u_sched (
        .clk(clk), .rst(rst), .load(clear), .adv(inject), .round(round),
        .cfg(s_cfg), .valid(s_valid), .dst(s_dst), .tag(s_tag),
        .wr_en(pl_wr_en), .wr_addr(pl_wr_addr), .wr_data(pl_wr_data)
      );
    end
    if (SCHED != MF_SCHED_PLAYER) begin : g_unused_wr
      wire unused_wr = pl_wr_en ^ (^pl_wr_addr) ^ (^pl_wr_data);
    end
  endgenerate

  // ---- sources ----
  wire [N*W-1:0] src_msg;
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_src
      a2a_source #(.N(N), .W(W), .SRC(i)) u_src (
        .dst(s_dst[i*IW +: IW]), .msg(src_msg[i*W +: W])
      );
    end
  endgenerate

  // ---- fabric ----
  wire [N-1:0]   f_valid;
  wire [N*W-1:0] f_data;
  wire [NSW-1:0] f_conflict;
  gsen_fabric #(.N(N), .W(W), .CONTROL(FCONTROL), .PIPELINE(PIPELINE)) u_fabric (
    .clk(clk), .rst(rst),
    .in_valid(s_valid & {N{inject}}), .in_data(src_msg), .in_cfg(s_cfg), .in_tag(s_tag),
    .out_valid(f_valid), .out_data(f_data), .out_conflict(f_conflict)
  );

  // ---- sinks and counters ----
  wire [31:0] good;
  a2a_monitor #(.N(N), .W(W)) u_mon (
    .clk(clk), .rst(rst), .clear(clear), .fin(done), .in_valid(f_valid), .in_data(f_data),
    .delivered(delivered), .good(good), .err_dst(err_dst), .err_pay(err_payload),
    .err_dup(err_dup), .missing(missing), .errors(errors)
  );
  wire [31:0] unused_good = good;

  reg [31:0] n_conf;
  integer b;
  always @* begin
    n_conf = 32'd0;
    for (b = 0; b < NSW; b = b + 1) n_conf = n_conf + {31'd0, f_conflict[b]};
  end
  always @(posedge clk) begin
    if (rst || clear) conflicts <= 32'd0;
    else if (busy) conflicts <= conflicts + n_conf;
  end
endmodule

`default_nettype wire
