// a2a_source: the source side of the all-to-all data engines: the scheduler register stage,
// the source-buffer read ports of the N processors and the header each word travels with.
//
// Pipeline (cycle t = the cycle the controller issues step t = b*ROUNDS + k):
//   t     the scheduler's round (valid, destinations, tags, configuration) and the block
//         index / offset are registered at the end of the cycle (stage S1);
//   t+1   processor i reads its source buffer: rd_en[i] = it sends, rd_addr = b*N + j
//         (j its destination); the header {b, j, i} and the fabric controls move on
//         (through SRC_LAT - 1 delay registers, then S2);
//   t+1+SRC_LAT  rd_data (the buffer's synchronous read, SRC_LAT cycles after rd_en) meets
//         the header: the fabric's inputs.
// Fabric word of processor i (FW = DW + HW bits, HW = 2*IW + HBW):
//   [IW-1:0] source i, [2*IW-1:IW] destination j, [2*IW +: HBW] block word index b (only
//   when B > 1: HBW = ceil(log2 B)), [FW-1:HW] the data word.
//
// Parameters
//   N     processors (IW = ceil(log2 N) index bits);  DW  data bits;  B  words per pair
//   TW    tag bits per processor;  CW  configuration bits
//   SRC_LAT  source read latency, 1 or 2: rd_data valid SRC_LAT cycles after rd_en
//         (1: synchronous block RAM; 2: block RAM with its output register)
// Derived: HBW, FW = a2a_fw(DW, N, B), AW = a2a_aw(N, B) = max(1, ceil(log2(N*B))),
//   BW = max(1, HBW)
// Ports
//   clk, rst               clock, synchronous active-high reset (clears the valid bits)
//   issue                  a step is issued this cycle (a2a_ctrl)
//   valid [N-1:0], dst [N*IW-1:0], tag [N*TW-1:0], cfg [CW-1:0]   the scheduler's round
//   blk [BW-1:0], boff [AW-1:0]   block word index b and b*N (a2a_ctrl)
//   rd_en [N-1:0], rd_addr [N*AW-1:0]   source-buffer read ports (registered outputs)
//   rd_data [N*DW-1:0]     the words read, valid SRC_LAT cycles after rd_en
//   f_valid [N-1:0], f_data [N*FW-1:0], f_tag [N*TW-1:0], f_cfg [CW-1:0]   fabric inputs
`default_nettype none
`include "mf_param_check.vh"

module a2a_source (
  clk, rst, issue, valid, dst, tag, cfg, blk, boff, rd_en, rd_addr, rd_data,
  f_valid, f_data, f_tag, f_cfg
);
  parameter integer N = 10;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer TW = 4;
  parameter integer CW = 4;
  parameter integer SRC_LAT = 1;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer IW = mf_clog2(N);
  localparam integer HBW = mf_clog2(B);
  localparam integer BW = (HBW < 1) ? 1 : HBW;
  localparam integer FW = a2a_fw(DW, N, B);
  localparam integer AW = a2a_aw(N, B);

  input  wire            clk;
  input  wire            rst;
  input  wire            issue;
  input  wire [N-1:0]    valid;
  input  wire [N*IW-1:0] dst;
  input  wire [N*TW-1:0] tag;
  input  wire [CW-1:0]   cfg;
  input  wire [BW-1:0]   blk;
  input  wire [AW-1:0]   boff;
  output wire [N-1:0]    rd_en;
  output wire [N*AW-1:0] rd_addr;
  input  wire [N*DW-1:0] rd_data;
  output wire [N-1:0]    f_valid;
  output wire [N*FW-1:0] f_data;
  output wire [N*TW-1:0] f_tag;
  output wire [CW-1:0]   f_cfg;

  generate
    `MF_PARAM_ERROR_IF(N < 2, g_bad_n, ERROR_a2a_source_N_must_be_at_least_2,
                       ("a2a_source: N must be >= 2 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(DW < 1, g_bad_dw, ERROR_a2a_source_DW_must_be_positive,
                       ("a2a_source: DW must be >= 1 (DW=%0d)", DW))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_a2a_source_B_must_be_positive,
                       ("a2a_source: B must be >= 1 (B=%0d)", B))
    `MF_PARAM_ERROR_IF(SRC_LAT < 1 || SRC_LAT > 2, g_bad_src_lat,
                       ERROR_a2a_source_SRC_LAT_must_be_1_or_2,
                       ("a2a_source: SRC_LAT must be 1 or 2 (SRC_LAT=%0d)", SRC_LAT))
  endgenerate

  // S1: the scheduler's round
  reg [N-1:0]    v1;
  reg [N*IW-1:0] d1;
  reg [N*TW-1:0] t1;
  reg [CW-1:0]   c1;
  reg [BW-1:0]   b1;
  reg [AW-1:0]   o1;
  // the S1 values SRC_LAT - 1 cycles later (the cycle before rd_data is valid)
  wire [N-1:0]    vx;
  wire [N*IW-1:0] dx;
  wire [N*TW-1:0] tx;
  wire [CW-1:0]   cx;
  wire [BW-1:0]   bx;
  // S2: header and fabric controls beside the read data
  reg [N-1:0]    v2;
  reg [N*IW-1:0] d2;
  reg [N*TW-1:0] t2;
  reg [CW-1:0]   c2;
  reg [BW-1:0]   b2;

  always @(posedge clk) begin
    if (rst) begin
      v1 <= {N{1'b0}};
      v2 <= {N{1'b0}};
    end else begin
      v1 <= valid & {N{issue}};
      v2 <= vx;
    end
    d1 <= dst;
    t1 <= tag;
    c1 <= cfg;
    b1 <= blk;
    o1 <= boff;
    d2 <= dx;
    t2 <= tx;
    c2 <= cx;
    b2 <= bx;
  end

  generate
    if (SRC_LAT == 2) begin : g_lat2
      // one more register: the block RAM's output register
      reg [N-1:0]    vr;
      reg [N*IW-1:0] dr;
      reg [N*TW-1:0] tr;
      reg [CW-1:0]   cr;
      reg [BW-1:0]   br;
      always @(posedge clk) begin
        if (rst) vr <= {N{1'b0}};
        else vr <= v1;
        dr <= d1;
        tr <= t1;
        cr <= c1;
        br <= b1;
      end
      assign vx = vr;
      assign dx = dr;
      assign tx = tr;
      assign cx = cr;
      assign bx = br;
    end else begin : g_lat1
      assign vx = v1;
      assign dx = d1;
      assign tx = t1;
      assign cx = c1;
      assign bx = b1;
    end
  endgenerate

  assign rd_en   = v1;
  assign f_valid = v2;
  assign f_tag   = t2;
  assign f_cfg   = c2;
  wire unused_b2 = ^b2;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      wire [AW+IW-1:0] j_ext = {{AW{1'b0}}, d1[i*IW +: IW]};
      assign rd_addr[i*AW +: AW] = o1 + j_ext[AW-1:0];
      wire unused_j = ^j_ext[AW+IW-1:AW];
      if (HBW > 0) begin : g_blk
        assign f_data[i*FW +: FW] = {rd_data[i*DW +: DW], b2[HBW-1:0], d2[i*IW +: IW],
                                     I32[IW-1:0]};
      end else begin : g_noblk
        assign f_data[i*FW +: FW] = {rd_data[i*DW +: DW], d2[i*IW +: IW], I32[IW-1:0]};
      end
    end
  endgenerate
endmodule

`default_nettype wire
