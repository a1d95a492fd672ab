// a2a_gen: the generator memory of the self-testing all-to-all engines: N read-only source
// buffers whose words are a function of the address, behind the data engine's read ports
// (synchronous read, one cycle latency, like a block RAM).
//
// Word at address a of processor i (a = b*N + j: block word b of the message for j):
//   the low DW bits of mf_payload32(i, a) = ((29*i + 83*a) mod 2^32) xor 32'h5A5A5A5A
//   (bits above 32 are zero).  With B = 1 this is the payload of pair (i, j).
//
// Parameters
//   N  processors;  DW  data bits;  B  words per pair (AW = max(1, ceil(log2(N*B))))
// Ports
//   clk                      clock
//   rd_en [N-1:0], rd_addr [N*AW-1:0]   read ports
//   rd_data [N*DW-1:0]       the words, registered (hold their value while rd_en = 0)
`default_nettype none

module a2a_gen (
  clk, rd_en, rd_addr, rd_data
);
  parameter integer N = 10;
  parameter integer DW = 8;
  parameter integer B = 1;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer AW = a2a_aw(N, B);

  input  wire            clk;
  input  wire [N-1:0]    rd_en;
  input  wire [N*AW-1:0] rd_addr;
  output reg  [N*DW-1:0] rd_data;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      wire [31:0]    a32 = {{(32-AW){1'b0}}, rd_addr[i*AW +: AW]};
      wire [31:0]    mix = mf_payload32(I32, a32);
      wire [DW+31:0] mix_ext = {{DW{1'b0}}, mix};
      wire [31:0]    unused_hi = mix_ext[DW+31:DW];
      always @(posedge clk) begin
        if (rd_en[i]) rd_data[i*DW +: DW] <= mix_ext[DW-1:0];
      end
    end
  endgenerate
endmodule

`default_nettype wire
