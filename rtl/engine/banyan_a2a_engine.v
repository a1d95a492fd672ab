// banyan_a2a_engine: hardware all-to-all personalized exchange on an N x N banyan network
// by the Latin square of paper 000: N rounds, round k uses stage configuration k (Gamma_k),
// processor i sends to Gamma_k(i).  Same sources, sinks, counters and cycle convention as
// gsen_a2a_engine (`cycles` = N + LAT when done).  A fault injected through the fault ports
// makes the pairs whose path crosses the element go missing (dead) or misrouted (stuck),
// which the counters report.
//
// Parameters
//   N          ports, a power of two >= 4
//   W          message width, >= 2*log2 N + 4
//   PIPELINE   1: register per stage, LAT = m = log2 N;  0: combinational, LAT = 0
//   USE_TAGS   0: stage control by the configuration number; 1: tag self-routing by the
//              tags banyan_route computed (conflicts counted)
// Derived: M = log2 N, FSW = max(1, ceil(log2 M)), FEW = M - 1
// Ports
//   clk, rst, start, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup,
//   missing, conflicts   as gsen_a2a_engine
//   fault_en, fault_stage [FSW-1:0], fault_elem [FEW-1:0], fault_kind [1:0]   passed to
//              banyan_fabric (0 dead, 1 stuck straight, 2 stuck cross, 3 dead); hold them
//              constant during an exchange
`default_nettype none
`include "mf_param_check.vh"

module banyan_a2a_engine (
  clk, rst, start, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup,
  missing, conflicts, fault_en, fault_stage, fault_elem, fault_kind
);
  parameter integer N = 16;
  parameter integer W = 16;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;

`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer M = mf_clog2(N);
  localparam integer ROUNDS = N;
  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam integer LAT = (PIPELINE != 0) ? M : 0;
  localparam integer FCONTROL = (USE_TAGS != 0) ? MF_CTRL_TAG : MF_CTRL_STAGE;
  localparam integer FSW = (mf_clog2(M) < 1) ? 1 : mf_clog2(M);
  localparam integer FEW = (M - 1 < 1) ? 1 : M - 1;
  localparam integer NSW = M * (N / 2);

  input  wire           clk;
  input  wire           rst;
  input  wire           start;
  output wire           busy;
  output wire           done;
  output wire [31:0]    cycles;
  output wire [31:0]    delivered;
  output wire [31:0]    errors;
  output wire [31:0]    err_dst;
  output wire [31:0]    err_payload;
  output wire [31:0]    err_dup;
  output wire [31:0]    missing;
  output reg  [31:0]    conflicts;
  input  wire           fault_en;
  input  wire [FSW-1:0] fault_stage;
  input  wire [FEW-1:0] fault_elem;
  input  wire [1:0]     fault_kind;

  generate
    `MF_PARAM_ERROR_IF(N < 4 || (1 << M) != N, g_bad_n,
                       ERROR_banyan_a2a_engine_N_must_be_a_power_of_two_at_least_4,
                       ("banyan_a2a_engine: N must be a power of two >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(W < 2 * M + 4, g_bad_w, ERROR_banyan_a2a_engine_W_too_small,
                       ("banyan_a2a_engine: W=%0d too small: needs 2*%0d index bits + 4 payload bits",
                        W, M))
    `MF_PARAM_ERROR_IF(USE_TAGS != 0 && USE_TAGS != 1, g_bad_use_tags,
                       ERROR_banyan_a2a_engine_USE_TAGS_must_be_0_or_1,
                       ("banyan_a2a_engine: USE_TAGS must be 0 or 1 (USE_TAGS=%0d)", USE_TAGS))
  endgenerate

  wire          clear, inject, last;
  wire [RW-1:0] round;
  a2a_ctrl #(.ROUNDS(ROUNDS), .LAT(LAT)) u_ctrl (
    .clk(clk), .rst(rst), .start(start), .clear(clear), .inject(inject), .round(round),
    .busy(busy), .last(last), .done(done), .cycles(cycles)
  );
  wire unused_last = last;

  wire [M-1:0]   s_cfg;
  wire [N-1:0]   s_valid;
  wire [N*M-1:0] s_dst;
  wire [N*M-1:0] s_tag;
  banyan_sched_latin #(.N(N)) u_sched (
    .clk(clk), .rst(rst), .load(clear), .adv(inject), .round(round),
    .cfg(s_cfg), .valid(s_valid), .dst(s_dst), .tag(s_tag)
  );

  wire [N*W-1:0] src_msg;
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_src
      a2a_source #(.N(N), .W(W), .SRC(i)) u_src (
        .dst(s_dst[i*M +: M]), .msg(src_msg[i*W +: W])
      );
    end
  endgenerate

  wire [N-1:0]   f_valid;
  wire [N*W-1:0] f_data;
  wire [NSW-1:0] f_conflict;
  banyan_fabric #(.N(N), .W(W), .CONTROL(FCONTROL), .PIPELINE(PIPELINE)) u_fabric (
    .clk(clk), .rst(rst),
    .in_valid(s_valid & {N{inject}}), .in_data(src_msg), .in_cfg(s_cfg), .in_tag(s_tag),
    .fault_en(fault_en), .fault_stage(fault_stage), .fault_elem(fault_elem),
    .fault_kind(fault_kind),
    .out_valid(f_valid), .out_data(f_data), .out_conflict(f_conflict)
  );

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
