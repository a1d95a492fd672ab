// gsen_a2a_engine: the self-testing all-to-all personalized exchange on an N x N GSEN: the
// data engine gsen_a2a_xchg between a generator memory (a2a_gen: source buffers whose words
// are a function of the address, word b for destination j of processor i = the low DW bits
// of mf_payload32(i, b*N + j)) and a checker on the sink write ports (a2a_check).  The
// fabric word is W = DW + 2*IW + HBW bits: with B = 1, {payload(i, j), j, i} as the
// messages of the earlier self-test engine.  `cycles` = B*ROUNDS + LAT when done,
// LAT = a2a_latency(FLAT, SRC_LAT = 1, PL) = FLAT + 4 + PL (gsen_a2a_xchg's pipeline; the
// generator memory is read in one cycle, SRC_LAT = 1).
//
// Parameters
//   N               ports, even, >= 4 (N = 2 mod 4 for SCHED = 0)
//   W               fabric word width, >= 2*ceil(log2 N) + ceil(log2 B) + 4 (DW = the rest,
//                   at least 4 payload bits)
//   B               words per (source, destination) pair, >= 1 (default 1)
//   SCHED, PIPELINE, USE_TAGS, PLAYER_CONTROL, PLAYER_LEN, PLAYER_FILE   as gsen_a2a_xchg
//                   (PLAYER_CONTROL 0: individual control, every switch's state per round)
// Derived: NS = n = ceil(log2 N); DW = W - a2a_fw(0, N, B) = W - 2*n - ceil(log2 B);
//   PAW = mf_addr_w(PLAYER_LEN); PENTRY_W = a2a_player_ew(N) (as gsen_a2a_xchg)
// Ports
//   clk, rst            clock, synchronous active-high reset
//   start               begin an exchange (ignored while busy)
//   busy, done          running / finished (done stays until the next start)
//   cycles [31:0]       cycles of the exchange, = B*ROUNDS + LAT when done
//   delivered [31:0]    words written into the sink buffers (N*N*B in a correct run)
//   errors [31:0]       err_dst + err_payload + err_dup + missing
//   err_dst [31:0]      words that reached a sink they are not addressed to
//   err_payload [31:0]  words written with a data word other than the generator's
//   err_dup [31:0]      duplicate words
//   missing [31:0]      when done: N*N*B - delivered
//   conflicts [31:0]    USE_TAGS = 1: switch conflicts reported by the fabric; else 0
//   pl_wr_en, pl_wr_addr [PAW-1:0], pl_wr_data [PENTRY_W-1:0]  player memory write port
//                       (ignored for SCHED != 2); entry format in gsen_sched_player
`default_nettype none
`include "mf_param_check.vh"

module gsen_a2a_engine (
  clk, rst, start, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup,
  missing, conflicts, pl_wr_en, pl_wr_addr, pl_wr_data
);
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer B = 1;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer PLAYER_CONTROL = MF_CTRL_ALT;
  parameter integer PLAYER_LEN = 10;
  parameter PLAYER_FILE = "";

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer DW = W - a2a_fw(0, N, B);  // the fabric word less its header
  localparam integer DWX = (DW < 1) ? 1 : DW;
  localparam integer AW = a2a_aw(N, B);
  localparam integer PL = a2a_xchg_levels(N, USE_TAGS);  // the data engine's
  localparam integer PAW = mf_addr_w(PLAYER_LEN);
  localparam integer PENTRY_W = a2a_player_ew(N);

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
  output wire [31:0]         conflicts;
  input  wire                pl_wr_en;
  input  wire [PAW-1:0]      pl_wr_addr;
  input  wire [PENTRY_W-1:0] pl_wr_data;

  generate
    `MF_PARAM_ERROR_IF(W < a2a_fw(4, N, B), g_bad_w, ERROR_gsen_a2a_engine_W_too_small,
                       ("gsen_a2a_engine: W=%0d too small: needs %0d (header and 4 payload bits)",
                        W, a2a_fw(4, N, B)))
  endgenerate

  wire [N-1:0]     src_rd_en, snk_wr_en;
  wire [N*AW-1:0]  src_rd_addr, snk_wr_addr;
  wire [N*DWX-1:0] src_rd_data, snk_wr_data;

  a2a_gen #(.N(N), .DW(DWX), .B(B)) u_gen (
    .clk(clk), .rd_en(src_rd_en), .rd_addr(src_rd_addr), .rd_data(src_rd_data)
  );

  gsen_a2a_xchg #(.N(N), .DW(DWX), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE),
                  .USE_TAGS(USE_TAGS), .PLAYER_CONTROL(PLAYER_CONTROL),
                  .PLAYER_LEN(PLAYER_LEN), .PLAYER_FILE(PLAYER_FILE)) u_xchg (
    .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
    .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
    .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
    .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
    .snk_wr_data(snk_wr_data), .pl_wr_en(pl_wr_en), .pl_wr_addr(pl_wr_addr),
    .pl_wr_data(pl_wr_data)
  );

  a2a_check #(.N(N), .DW(DWX), .B(B), .L(PL)) u_check (
    .clk(clk), .rst(rst), .clear(start && !busy), .wr_en(snk_wr_en), .wr_addr(snk_wr_addr),
    .wr_data(snk_wr_data), .err_payload(err_payload)
  );

  assign errors = err_dst + err_payload + err_dup + missing;
endmodule

`default_nettype wire
