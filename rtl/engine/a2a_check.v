// a2a_check: the checker of the self-testing all-to-all engines, on the data engine's sink
// write ports: every word written must be the generator's (a2a_gen) word of its source and
// block word.  A write at sink j, address a = b*N + s carries the word at address b*N + j of
// source s: the low DW bits of mf_payload32(s, a - s + j).  s = a mod N is found by B - 1
// comparisons of a with k*N (no divider).  The mismatches are registered (in step with the
// data engine's event stage) and counted.
//
// Parameters
//   N  processors;  DW  data bits;  B  words per pair (AW = max(1, ceil(log2(N*B))))
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

`include "mf_functions.vh"

  localparam integer AW = (mf_clog2(N * B) < 1) ? 1 : mf_clog2(N * B);
  localparam [31:0] N32 = N;

  input  wire            clk;
  input  wire            rst;
  input  wire            clear;
  input  wire [N-1:0]    wr_en;
  input  wire [N*AW-1:0] wr_addr;
  input  wire [N*DW-1:0] wr_data;
  output reg  [31:0]     err_payload;

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

  reg [31:0] n_bad;
  integer q;
  always @* begin
    n_bad = 32'd0;
    for (q = 0; q < N; q = q + 1) n_bad = n_bad + {31'd0, bad_q[q]};
  end

  always @(posedge clk) begin
    if (rst || clear) begin
      bad_q       <= {N{1'b0}};
      err_payload <= 32'd0;
    end else begin
      bad_q       <= bad;
      err_payload <= err_payload + n_bad;
    end
  end
endmodule

`default_nettype wire
