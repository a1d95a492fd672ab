// board_xpose: the real-data demonstration of the board tops (board_a2a_selftest with
// XPOSE = 1, the tops' default): a matrix transpose through the data engine, checked in
// hardware.  ENGINE = MF_DESIGN_BANYAN_FT runs it through the fault-tolerant banyan engine
// (banyan_ft_engine) on a fabric with one dead internal element, its plan memory loaded after
// reset from the model's plan image (PLAN_FILE, `minforge banyan fault --plan-hex`).
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
//   ENGINE    MF_DESIGN_GSEN, MF_DESIGN_BANYAN or MF_DESIGN_BANYAN_FT (rtl/common/mf_params.vh)
//   N, W      ports and fabric word bits: DW = W - 2*ceil(log2 N) - ceil(log2 B), 4..32
//   SCHED     GSEN: 0 alternating, 1 stage (the player needs its memory: not offered)
//   PIPELINE  fabric register per stage (1) or combinational (0)
//   B         words per (source, destination) pair, >= 1
//   FAULT_STAGE, FAULT_ELEM  banyan_ft: the dead internal element E_IL (stage I = 1..log2 N - 2,
//             element L), fed to the engine's fault port (kind MF_FAULT_DEAD)
//   PLAN_FILE, PLAN_LEN  banyan_ft: the plan image for that fault and the fabric latency
//             (`minforge banyan fault --ports N --fault I,L --latency FLAT --plan-hex FILE`;
//             $readmemh, a path relative to this file in Yosys) and its ENTRIES = T
// Derived: NS = IW = ceil(log2 N); HBW = ceil(log2 B); DW; AW = max(1, ceil(log2(N*B)));
//   PL = a2a_xchg_levels(N, 0) (the engine's count levels)
// Ports
//   clk, rst     clock, synchronous active-high reset
//   start        begin an exchange (ignored while busy); seed must hold until done
//   seed [31:0]  the matrix seed (low DW bits used)
//   busy, done, cycles   the data engine's (cycles = B*ROUNDS + FLAT + 4 + PL when done;
//                banyan_ft: B*T + FLAT + 4 + PL)
//   errors [31:0]  engine err_dst + err_dup + missing (banyan_ft: + relay_miss + relay_ovf) +
//                words that are not the transpose's
//   sum [31:0]     the checksum above, valid when done (held until the next start)
// Timing: source read data registered (the engine's one-cycle read); each sink's compare is
//   registered before the count tree; the accumulators are registers; sum is an XOR tree of
//   the accumulators.  banyan_ft: after reset a loader writes entry t of the image into the
//   engine's schedule memory in cycle t (PLAN_LEN cycles); a start that comes earlier is kept
//   and handed to the engine once the plan is in (`busy` is high from the start until done).
`default_nettype none
`include "mf_param_check.vh"
`include "mf_codes.vh"

module board_xpose (
  clk, rst, start, seed, busy, done, cycles, errors, sum
);
  parameter integer ENGINE = `MF_DESIGN_GSEN;
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer SCHED = `MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer B = 1;
  parameter integer FAULT_STAGE = 1;
  parameter integer FAULT_ELEM = 1;
  parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex";
  parameter integer PLAN_LEN = 48;

`include "mf_functions.vh"
`include "mf_params.vh"
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer HBW = mf_clog2(B);
  localparam integer DW = W - 2 * IW - HBW;
  localparam integer DWX = (DW < 4) ? 4 : (DW > 32) ? 32 : DW;
  localparam integer AW = a2a_aw(N, B);
  localparam integer PL = a2a_xchg_levels(N, 0);
  localparam [31:0] N32 = N;

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
    `MF_PARAM_ERROR_IF(ENGINE != MF_DESIGN_GSEN && ENGINE != MF_DESIGN_BANYAN &&
                       ENGINE != MF_DESIGN_BANYAN_FT, g_bad_engine,
                       ERROR_board_xpose_ENGINE_must_be_gsen_banyan_or_banyan_ft,
                       ("board_xpose: ENGINE must be %0d (GSEN), %0d (banyan) or %0d (banyan_ft) (ENGINE=%0d)",
                        MF_DESIGN_GSEN, MF_DESIGN_BANYAN, MF_DESIGN_BANYAN_FT, ENGINE))
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_BANYAN_FT && (PLAN_LEN < 1 || PLAN_LEN > 3 * N + 8),
                       g_bad_plan, ERROR_board_xpose_PLAN_LEN_must_be_1_to_3N_plus_8,
                       ("board_xpose: PLAN_LEN must be 1..3N+8 (PLAN_LEN=%0d)", PLAN_LEN))
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
  wire [31:0]       delivered, err_dst, err_dup, missing, conflicts, relay_miss, relay_ovf;
  wire              eng_start;  // the start the engine takes (banyan_ft: once its plan is in)
  wire              eng_busy;
  wire              clear = eng_start && !eng_busy;

  // ---- source buffers: row i of A ----
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_src
      localparam [31:0] I3 = 3 * i;
      wire [31:0] a32 = {{(32-AW){1'b0}}, src_rd_addr[i*AW +: AW]};
      always @(posedge clk) begin
        // 5*a as a shift and an add: a constant product Yosys would map to a DSP block
        // (synth_ecp5: a MULT18X18D per port, which nextpnr-ecp5 places slowly)
        if (src_rd_en[i]) src_rd_data[i*DWX +: DWX] <= elem(I3 + (a32 << 2) + a32 + seed);
      end
    end
  endgenerate

  // ---- data engine ----
  generate
    if (ENGINE == MF_DESIGN_GSEN) begin : g_gsen
      localparam integer PLEN = 2;  // the player (SCHED 2, not a board setting): unused
      localparam integer PAW = mf_addr_w(PLEN);
      gsen_a2a_xchg #(.N(N), .DW(DWX), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE),
                      .PLAYER_LEN(PLEN)) u_xchg (
        .clk(clk), .rst(rst), .start(eng_start), .busy(eng_busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data), .pl_wr_en(1'b0), .pl_wr_addr({PAW{1'b0}}),
        .pl_wr_data({a2a_player_ew(N){1'b0}})
      );
      assign eng_start = start;
      assign busy = eng_busy;
      assign relay_miss = 32'd0;
      assign relay_ovf = 32'd0;
    end else if (ENGINE == MF_DESIGN_BANYAN_FT) begin : g_banyan_ft
      // the engine's plan- and fault-port widths at its default PLAN_DEPTH and RELAY_DEPTH
      // (a2a_functions.vh, banyan_functions.vh: the engine's own formulas)
      localparam integer DEPTH = a2a_ft_plan_depth(N);
      localparam integer EW = a2a_ft_ew(N, a2a_ft_relay_depth(N));
      localparam integer FPAW = a2a_ft_paw(DEPTH);
      localparam integer PLW = a2a_ft_plw(DEPTH);
      localparam integer FSW = banyan_fsw(N);
      localparam integer FEW = banyan_few(N);
      localparam [31:0] LEN32 = PLAN_LEN;
      localparam [31:0] STAGE32 = FAULT_STAGE;
      localparam [31:0] ELEM32 = FAULT_ELEM;
      // the image (a block RAM with its initial contents), read entry by entry after reset
      // and written into the engine's schedule memory one cycle later
      reg [EW-1:0]   image [0:PLAN_LEN-1];
      initial $readmemh(PLAN_FILE, image);
      reg [FPAW:0]   cnt;  // entries read
      wire           more = {{(31-FPAW){1'b0}}, cnt} < LEN32;
      reg [EW-1:0]   ld_data;
      reg [FPAW-1:0] ld_addr;
      reg            ld_v;
      reg            loaded;
      reg            pend;  // a start that came while the plan was loading
      always @(posedge clk) begin
        ld_data <= image[more ? cnt[FPAW-1:0] : {FPAW{1'b0}}];
      end
      always @(posedge clk) begin
        if (rst) begin
          cnt <= {(FPAW+1){1'b0}};
          ld_addr <= {FPAW{1'b0}};
          ld_v <= 1'b0;
          loaded <= 1'b0;
          pend <= 1'b0;
        end else begin
          ld_v <= more;
          ld_addr <= cnt[FPAW-1:0];
          if (more) cnt <= cnt + 1'b1;
          else loaded <= 1'b1;  // the last entry is written at this edge
          if (start && !loaded) pend <= 1'b1;
          else if (loaded) pend <= 1'b0;
        end
      end
      assign eng_start = loaded && (start || pend);
      assign busy = eng_busy || pend;
      banyan_ft_engine #(.N(N), .DW(DWX), .B(B), .PIPELINE(PIPELINE)) u_xchg (
        .clk(clk), .rst(rst), .plan_wr_en(ld_v), .plan_wr_addr(ld_addr),
        .plan_wr_data(ld_data), .plan_len(LEN32[PLW-1:0]),
        .start(eng_start), .busy(eng_busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .relay_miss(relay_miss), .relay_ovf(relay_ovf),
        .fault_en(1'b1), .fault_stage(STAGE32[FSW-1:0]), .fault_elem(ELEM32[FEW-1:0]),
        .fault_kind(MF_FAULT_DEAD[1:0]),
        .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data)
      );
      assign conflicts = 32'd0;
    end else begin : g_banyan
      localparam integer FSW = banyan_fsw(N);  // the engine's fault port widths
      localparam integer FEW = banyan_few(N);
      banyan_a2a_xchg #(.N(N), .DW(DWX), .B(B), .PIPELINE(PIPELINE)) u_xchg (
        .clk(clk), .rst(rst), .start(eng_start), .busy(eng_busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data), .fault_en(1'b0), .fault_stage({FSW{1'b0}}),
        .fault_elem({FEW{1'b0}}), .fault_kind(2'b00)
      );
      assign eng_start = start;
      assign busy = eng_busy;
      assign relay_miss = 32'd0;
      assign relay_ovf = 32'd0;
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
      // 3*i + 5*(b*N + j) = 3*a + 2*b*N + 5*j (3*a shifted and added, as above)
      wire [DWX-1:0] want = elem((a32 << 1) + a32 + (bn << 1) + J5 + seed);
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

  assign errors = err_dst + err_dup + missing + relay_miss + relay_ovf + err_data;
endmodule

`default_nettype wire
