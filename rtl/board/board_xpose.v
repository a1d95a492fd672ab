// board_xpose: the real-data demonstration of the board tops (board_a2a_selftest with
// XPOSE = 1): a matrix transpose through the data engine, checked in hardware.
//
// Processor i's source buffer holds row i of an N x N*B matrix of DW-bit words (word b of
// the message for destination j at address c = b*N + j), the element
//   A(i, c) = y(x),  x = (3*i + 5*c + seed) mod 2^DW,  y(x) = x xor (x >> 3)
// (an xorshift step on a seeded linear form; not the self-test's payload(i, j); A(i, c) =
// A(c, i) only where i = c mod 2^(DW-1)).  `seed` is an input: the board feeds the number of
// exchanges completed, so every exchange moves a different matrix.  The buffers are read-only
// functions of the address behind the engine's synchronous read ports (one-cycle latency,
// like a block RAM).  The data engine (gsen_a2a_xchg or banyan_a2a_xchg) moves them; sink j
// receives word b of source i at address b*N + i, so its buffer is row j of the transpose.
// The checker compares every sink write with A(i, b*N + j) (i and b from the address by B - 1
// comparisons, as a2a_check) and counts mismatches in step with the engine's counters (the
// same population-count levels); each sink XOR-folds the words written into it, and
//   sum = XOR over sinks j of rotl32(acc_j, j mod 32)   (acc_j zero-extended to 32 bits)
// is the line's checksum: in a correct run acc_j = XOR over i, b of A(i, b*N + j), which the
// model computes (twin::BoardXpose::expected_sum).
//
// Parameters
//   ENGINE    MF_DESIGN_GSEN (0) or MF_DESIGN_BANYAN (1) (rtl/common/mf_params.vh)
//   N, W      ports and fabric word bits: DW = W - 2*ceil(log2 N) - ceil(log2 B), 4..32
//   SCHED     GSEN: 0 alternating, 1 stage (the player needs its memory: not offered)
//   PIPELINE  fabric register per stage (1) or combinational (0)
//   B         words per (source, destination) pair, >= 1
// Derived: NS = IW = ceil(log2 N); HBW = ceil(log2 B); DW; AW = max(1, ceil(log2(N*B)));
//   PL = a2a_count_levels(N, NS*N/2, 0) (the engine's count levels)
// Ports
//   clk, rst     clock, synchronous active-high reset
//   start        begin an exchange (ignored while busy); seed must hold until done
//   seed [31:0]  the matrix seed (low DW bits used)
//   busy, done, cycles   the data engine's (cycles = B*ROUNDS + FLAT + 4 + PL when done)
//   errors [31:0]  engine err_dst + err_dup + missing + words that are not the transpose's
//   sum [31:0]     the checksum above, valid when done (held until the next start)
// Timing: source read data registered (the engine's one-cycle read); each sink's compare is
//   registered before the count tree; the accumulators are registers; sum is an XOR tree of
//   the accumulators.
`default_nettype none
`include "mf_param_check.vh"

module board_xpose (
  clk, rst, start, seed, busy, done, cycles, errors, sum
);
  parameter integer ENGINE = 0;
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer SCHED = 0;
  parameter integer PIPELINE = 1;
  parameter integer B = 1;

`include "mf_functions.vh"
`include "mf_params.vh"
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer HBW = mf_clog2(B);
  localparam integer DW = W - 2 * IW - HBW;
  localparam integer DWX = (DW < 4) ? 4 : (DW > 32) ? 32 : DW;
  localparam integer AW = (mf_clog2(N * B) < 1) ? 1 : mf_clog2(N * B);
  localparam integer PL = a2a_count_levels(N, NS * (N / 2), 0);
  localparam [31:0] N32 = N;
  localparam integer PAW = mf_clog2(10);  // gsen_a2a_xchg's player port for its PLAYER_LEN

  input  wire        clk;
  input  wire        rst;
  input  wire        start;
  input  wire [31:0] seed;
  output wire        busy;
  output wire        done;
  output wire [31:0] cycles;
  output wire [31:0] errors;
  output wire [31:0] sum;

  generate
    `MF_PARAM_ERROR_IF(ENGINE != MF_DESIGN_GSEN && ENGINE != MF_DESIGN_BANYAN, g_bad_engine,
                       ERROR_board_xpose_ENGINE_must_be_0_or_1,
                       ("board_xpose: ENGINE must be 0 (GSEN) or 1 (banyan) (ENGINE=%0d)", ENGINE))
    `MF_PARAM_ERROR_IF(DW < 4 || DW > 32, g_bad_dw, ERROR_board_xpose_data_word_must_be_4_to_32_bits,
                       ("board_xpose: DW = W - 2*%0d - %0d = %0d must be 4..32", IW, HBW, DW))
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_GSEN && SCHED != MF_SCHED_ALT && SCHED != MF_SCHED_STAGE,
                       g_bad_sched, ERROR_board_xpose_SCHED_must_be_alt_or_stage,
                       ("board_xpose: SCHED must be 0 (alt) or 1 (stage) (SCHED=%0d)", SCHED))
  endgenerate

  // A(i, c) for the seed: the element function (header)
  /* verilator lint_off UNUSEDSIGNAL */
  function [DWX-1:0] elem;
    input [31:0] x32;  // 3*i + 5*c + seed, mod 2^32 (only the low DW bits matter)
    reg [DWX-1:0] x;
    begin
      x = x32[DWX-1:0];
      elem = x ^ (x >> 3);
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  wire [N-1:0]      src_rd_en, snk_wr_en;
  wire [N*AW-1:0]   src_rd_addr, snk_wr_addr;
  reg  [N*DWX-1:0]  src_rd_data;
  wire [N*DWX-1:0]  snk_wr_data;
  wire [31:0]       delivered, err_dst, err_dup, missing, conflicts;
  wire              clear = start && !busy;

  // ---- source buffers: row i of A ----
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_src
      localparam [31:0] I3 = 3 * i;
      wire [31:0] a32 = {{(32-AW){1'b0}}, src_rd_addr[i*AW +: AW]};
      always @(posedge clk) begin
        if (src_rd_en[i]) src_rd_data[i*DWX +: DWX] <= elem(I3 + 5 * a32 + seed);
      end
    end
  endgenerate

  // ---- data engine ----
  generate
    if (ENGINE == MF_DESIGN_GSEN) begin : g_gsen
      gsen_a2a_xchg #(.N(N), .DW(DWX), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE)) u_xchg (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data), .pl_wr_en(1'b0), .pl_wr_addr({PAW{1'b0}}),
        .pl_wr_data({(N + 4 * ((NS + 3) / 4)){1'b0}})
      );
    end else begin : g_banyan
      localparam integer FSW = (mf_clog2(NS) < 1) ? 1 : mf_clog2(NS);
      localparam integer FEW = (NS - 1 < 1) ? 1 : NS - 1;
      banyan_a2a_xchg #(.N(N), .DW(DWX), .B(B), .PIPELINE(PIPELINE)) u_xchg (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data), .fault_en(1'b0), .fault_stage({FSW{1'b0}}),
        .fault_elem({FEW{1'b0}}), .fault_kind(2'b00)
      );
    end
  endgenerate
  // USE_TAGS = 0: no conflicts; `delivered` is implied by missing.
  wire unused_eng = ^{delivered, conflicts};

  // ---- sinks: row j of the transpose, checked; XOR-folded ----
  wire [N-1:0]     bad;
  reg  [N-1:0]     bad_q;
  reg  [N*DWX-1:0] acc;
  wire [32*N-1:0]  rotv;  // rotl32(acc_j, j mod 32) at [j*32 +: 32]
  genvar j;
  generate
    for (j = 0; j < N; j = j + 1) begin : g_snk
      localparam [31:0] J5 = 5 * j;
      localparam integer ROT = j % 32;
      wire [31:0] a32 = {{(32-AW){1'b0}}, snk_wr_addr[j*AW +: AW]};
      // b*N = the largest multiple k*N <= a (k < B); source i = a - b*N, column b*N + j
      reg [31:0] bn;
      integer k;
      always @* begin
        bn = 32'd0;
        for (k = 1; k < B; k = k + 1)
          if (a32 >= k * N32) bn = k * N32;
      end
      // 3*i + 5*(b*N + j) = 3*a + 2*b*N + 5*j
      wire [DWX-1:0] want = elem(3 * a32 + 2 * bn + J5 + seed);
      wire [DWX-1:0] got = snk_wr_data[j*DWX +: DWX];
      assign bad[j] = snk_wr_en[j] && (got != want);
      always @(posedge clk) begin
        if (rst || clear) acc[j*DWX +: DWX] <= {DWX{1'b0}};
        else if (snk_wr_en[j]) acc[j*DWX +: DWX] <= acc[j*DWX +: DWX] ^ got;
      end
      wire [31:0] acc32 = {{(32-DWX){1'b0}}, acc[j*DWX +: DWX]};
      assign rotv[j*32 +: 32] = (acc32 << ROT) | (acc32 >> (32 - ROT));
    end
  endgenerate
  reg [31:0] sum_x;
  integer m;
  always @* begin
    sum_x = 32'd0;
    for (m = 0; m < N; m = m + 1) sum_x = sum_x ^ rotv[m*32 +: 32];
  end
  assign sum = sum_x;

  always @(posedge clk) begin
    if (rst || clear) bad_q <= {N{1'b0}};
    else bad_q <= bad;
  end
  localparam integer CW = mf_clog2(N + 1);
  wire [CW-1:0] p_bad;
  a2a_popcount #(.X(N), .L(PL)) u_pc_bad (
    .clk(clk), .rst(rst), .clear(clear), .in(bad_q), .count(p_bad)
  );
  wire [31:0] err_data;
  a2a_counter #(.VW((mf_clog2(N * N * B + 1) < CW) ? CW : mf_clog2(N * N * B + 1)), .IW(CW))
      u_cnt_bad (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_bad), .value(err_data)
  );

  assign errors = err_dst + err_dup + missing + err_data;
endmodule

`default_nettype wire
