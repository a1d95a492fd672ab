// banyan_a2a_xchg: all-to-all personalized exchange of a user's data on an N x N banyan
// network by the Latin square of paper 000: N rounds, round k uses stage configuration k
// (Gamma_k), processor i sends to Gamma_k(i).  Same data interface, pipeline, counters and
// cycle convention as gsen_a2a_xchg (docs/engines.md): cycles = B*N + LAT when done,
// LAT = FLAT + SRC_LAT + 3 + PL.  A fault injected through the fault ports makes the words whose path
// crosses the element go missing (dead) or arrive at a wrong sink (stuck: err_dst, not
// written), which the counters report.
//
// Parameters
//   N          ports, a power of two >= 4
//   DW         data bits per word, >= 1
//   B          words per (source, destination) pair, >= 1
//   PIPELINE   1: register per stage, FLAT = m = log2 N;  0: combinational, FLAT = 0
//   USE_TAGS   0: stage control by the configuration number; 1: tag self-routing by the
//              tags banyan_route computed (conflicts counted)
//   SRC_LAT    source read latency 1 (default) or 2, as gsen_a2a_xchg
// Derived: PL, LAT = a2a_latency(FLAT, SRC_LAT, PL) as gsen_a2a_xchg; M = log2 N,
//   FSW = banyan_fsw(N), FEW = banyan_few(N) (banyan_fabric's fault ports); AW = a2a_aw(N, B)
//   = max(1, ceil(log2(N*B))), HBW = ceil(log2 B), FW = a2a_fw(DW, N, B) = DW + 2*M + HBW
// Ports
//   clk, rst, start, busy, done, cycles, delivered, err_dst, err_dup, missing, conflicts,
//   src_rd_en, src_rd_addr, src_rd_data, snk_wr_en, snk_wr_addr, snk_wr_data
//              as gsen_a2a_xchg
//   fault_en, fault_stage [FSW-1:0], fault_elem [FEW-1:0], fault_kind [1:0]   passed to
//              banyan_fabric (0 dead, 1 stuck straight, 2 stuck cross, 3 dead); hold them
//              constant during an exchange
`default_nettype none
`include "mf_param_check.vh"

module banyan_a2a_xchg (
  clk, rst, start, busy, done, cycles, delivered, err_dst, err_dup, missing, conflicts,
  src_rd_en, src_rd_addr, src_rd_data, snk_wr_en, snk_wr_addr, snk_wr_data,
  fault_en, fault_stage, fault_elem, fault_kind
);
  parameter integer N = 16;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer SRC_LAT = 1;

`include "mf_functions.vh"
`include "mf_params.vh"
`include "a2a_functions.vh"

  localparam integer M = mf_clog2(N);
  localparam integer ROUNDS = N;
  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam integer FLAT = (PIPELINE != 0) ? M : 0;
  localparam integer FCONTROL = (USE_TAGS != 0) ? MF_CTRL_TAG : MF_CTRL_STAGE;
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);
  localparam integer NSW = M * (N / 2);
  // levels of the counters' population-count trees (a2a_functions.vh)
  localparam integer PL = a2a_xchg_levels(N, USE_TAGS);
  localparam integer LAT = a2a_latency(FLAT, SRC_LAT, PL);
  localparam integer HBW = mf_clog2(B);
  localparam integer BW = (HBW < 1) ? 1 : HBW;
  localparam integer FW = a2a_fw(DW, N, B);
  localparam integer AW = a2a_aw(N, B);

  input  wire            clk;
  input  wire            rst;
  input  wire            start;
  output wire            busy;
  output wire            done;
  output wire [31:0]     cycles;
  output wire [31:0]     delivered;
  output wire [31:0]     err_dst;
  output wire [31:0]     err_dup;
  output wire [31:0]     missing;
  output wire [31:0]     conflicts;
  output wire [N-1:0]    src_rd_en;
  output wire [N*AW-1:0] src_rd_addr;
  input  wire [N*DW-1:0] src_rd_data;
  output wire [N-1:0]    snk_wr_en;
  output wire [N*AW-1:0] snk_wr_addr;
  output wire [N*DW-1:0] snk_wr_data;
  input  wire            fault_en;
  input  wire [FSW-1:0]  fault_stage;
  input  wire [FEW-1:0]  fault_elem;
  input  wire [1:0]      fault_kind;

  generate
    `MF_PARAM_ERROR_IF(N < 4 || (1 << M) != N, g_bad_n,
                       ERROR_banyan_a2a_xchg_N_must_be_a_power_of_two_at_least_4,
                       ("banyan_a2a_xchg: N must be a power of two >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(DW < 1, g_bad_dw, ERROR_banyan_a2a_xchg_DW_must_be_positive,
                       ("banyan_a2a_xchg: DW must be >= 1 (DW=%0d)", DW))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_banyan_a2a_xchg_B_must_be_positive,
                       ("banyan_a2a_xchg: B must be >= 1 (B=%0d)", B))
    `MF_PARAM_ERROR_IF(USE_TAGS != 0 && USE_TAGS != 1, g_bad_use_tags,
                       ERROR_banyan_a2a_xchg_USE_TAGS_must_be_0_or_1,
                       ("banyan_a2a_xchg: USE_TAGS must be 0 or 1 (USE_TAGS=%0d)", USE_TAGS))
    `MF_PARAM_ERROR_IF(SRC_LAT < 1 || SRC_LAT > 2, g_bad_src_lat,
                       ERROR_banyan_a2a_xchg_SRC_LAT_must_be_1_or_2,
                       ("banyan_a2a_xchg: SRC_LAT must be 1 or 2 (SRC_LAT=%0d)", SRC_LAT))
  endgenerate

  wire          clear, issue, last;
  wire [RW-1:0] round;
  wire [BW-1:0] blk;
  wire [AW-1:0] boff;
  a2a_ctrl #(.N(N), .ROUNDS(ROUNDS), .B(B), .LAT(LAT)) u_ctrl (
    .clk(clk), .rst(rst), .start(start), .clear(clear), .issue(issue), .round(round),
    .blk(blk), .boff(boff), .busy(busy), .last(last), .done(done), .cycles(cycles)
  );
  wire unused_last = last;

  wire [M-1:0]   s_cfg;
  wire [N-1:0]   s_valid;
  wire [N*M-1:0] s_dst;
  wire [N*M-1:0] s_tag;
  banyan_sched_latin #(.N(N)) u_sched (
    .clk(clk), .rst(rst), .load(clear), .adv(issue), .round(round),
    .cfg(s_cfg), .valid(s_valid), .dst(s_dst), .tag(s_tag)
  );

  wire [N-1:0]    f_in_valid;
  wire [N*FW-1:0] f_in_data;
  wire [N*M-1:0]  f_in_tag;
  wire [M-1:0]    f_in_cfg;
  a2a_source #(.N(N), .DW(DW), .B(B), .TW(M), .CW(M), .SRC_LAT(SRC_LAT))
    u_src (
    .clk(clk), .rst(rst), .issue(issue), .valid(s_valid), .dst(s_dst), .tag(s_tag),
    .cfg(s_cfg), .blk(blk), .boff(boff), .rd_en(src_rd_en), .rd_addr(src_rd_addr),
    .rd_data(src_rd_data), .f_valid(f_in_valid), .f_data(f_in_data), .f_tag(f_in_tag),
    .f_cfg(f_in_cfg)
  );

  wire [N-1:0]    f_valid;
  wire [N*FW-1:0] f_data;
  wire [NSW-1:0]  f_conflict;
  banyan_fabric #(.N(N), .W(FW), .CONTROL(FCONTROL), .PIPELINE(PIPELINE)) u_fabric (
    .clk(clk), .rst(rst),
    .in_valid(f_in_valid), .in_data(f_in_data), .in_cfg(f_in_cfg), .in_tag(f_in_tag),
    .fault_en(fault_en), .fault_stage(fault_stage), .fault_elem(fault_elem),
    .fault_kind(fault_kind),
    .out_valid(f_valid), .out_data(f_data), .out_conflict(f_conflict)
  );

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
