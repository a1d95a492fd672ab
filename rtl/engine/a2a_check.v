// a2a_check: the checker of the self-testing all-to-all engines, on the data engine's sink
// write ports: every word written must be the generator's (a2a_gen) word of its source and
// block word.  A write at sink j, address a = b*N + s carries the word at address b*N + j of
// source s: the low DW bits of mf_payload32(s, a - s + j).  s = a mod N is found by B - 1
// comparisons of a with k*N (no divider).  The mismatches are registered, counted by a
// pipelined tree of L levels (a2a_popcount) and added, in step with the data engine's
// counters (a2a_monitor, the same L).
//
// Parameters
//   N  processors;  DW  data bits;  B  words per pair (AW = max(1, ceil(log2(N*B))))
//   L  levels of the population-count tree (the data engine's)
// Ports
//   clk, rst        clock, synchronous active-high reset
//   clear           start of an exchange: clears the counter at this edge
//   wr_en [N-1:0], wr_addr [N*AW-1:0], wr_data [N*DW-1:0]   the sink write ports
//   err_payload [31:0]   words written with a wrong data word since clear
`default_nettype none

module a2a_check (
  clk, rst, clear, wr_en, wr_addr, wr_data, err_payload
);
  parameter integer N = 10;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer L = 2;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer AW = a2a_aw(N, B);
  localparam [31:0] N32 = N;

  input  wire            clk;
  input  wire            rst;
  input  wire            clear;
  input  wire [N-1:0]    wr_en;
  input  wire [N*AW-1:0] wr_addr;
  input  wire [N*DW-1:0] wr_data;
  output wire [31:0]     err_payload;

  wire [N-1:0] bad;
  reg  [N-1:0] bad_q;

  genvar j;
  generate
    for (j = 0; j < N; j = j + 1) begin : g_sink
      localparam [31:0] J32 = j;
      wire [31:0] a32 = {{(32-AW){1'b0}}, wr_addr[j*AW +: AW]};
      // b*N = the largest multiple k*N <= a (k < B)
      reg [31:0] bn;
      integer k;
      always @* begin
        bn = 32'd0;
        for (k = 1; k < B; k = k + 1)
          if (a32 >= k * N32) bn = k * N32;
      end
      wire [31:0]    s32 = a32 - bn;
      wire [31:0]    mix = mf_payload32(s32, bn + J32);
      wire [DW+31:0] mix_ext = {{DW{1'b0}}, mix};
      wire [31:0]    unused_hi = mix_ext[DW+31:DW];
      assign bad[j] = wr_en[j] && (wr_data[j*DW +: DW] != mix_ext[DW-1:0]);
    end
  endgenerate

  localparam integer CW = mf_clog2(N + 1);
  wire [CW-1:0] p_bad;
  a2a_popcount #(.X(N), .L(L)) u_pc_bad (
    .clk(clk), .rst(rst), .clear(clear), .in(bad_q), .count(p_bad)
  );

  always @(posedge clk) begin
    if (rst || clear) bad_q <= {N{1'b0}};
    else bad_q <= bad;
  end
  a2a_counter #(.VW((mf_clog2(N * N * B + 1) < CW) ? CW : mf_clog2(N * N * B + 1)), .IW(CW))
      u_cnt_bad (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_bad), .value(err_payload)
  );
endmodule

`default_nettype wire
