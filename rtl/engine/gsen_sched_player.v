// gsen_sched_player: replays a list of GSEN rounds from memory.
//
// Entry e (one per round, LEN entries) is ENTRY_W = N + CW4 bits, CW4 = 4*ceil(n/4):
//   [CW4-1:0]       configuration number (low n bits used; the pad bits must be 0)
//                   under CONTROL (stage C / alternating A / A' / A'')
//   [CW4 +: N]      send mask: bit i = processor i sends in this round
// so a $readmemh line is the mask in hex followed by the configuration in ceil(n/4) hex
// digits (e.g. N=20, n=5: "fffff1c" = all send, A' = 0x1c).  The destination and forward
// tag of processor i are those of its path under the configuration (gsen_route).
//
// Parameters
//   N        ports, even, >= 4
//   CONTROL  1 stage, 2 alt, 3 alt2, 4 alt4 (mf_params.vh)
//   LEN      entries = rounds (>= 1)
//   FILE     $readmemh file loaded at time 0 ("" = none: the memory starts all zero and is
//            written through the write port before start)
// Derived: NS = IW = n, CW4, ENTRY_W, AW = max(1, ceil(log2 LEN)), RW = ceil(log2(LEN+1))
// Ports
//   clk                 write-port clock (the read is combinational)
//   rst, load, adv      unused (common scheduler interface)
//   round [RW-1:0]      current round k; reads entry k (k >= LEN reads as all zero)
//   cfg [NS-1:0], valid [N-1:0], dst [N*IW-1:0], tag [N*NS-1:0]   as gsen_sched_stage
//   wr_en, wr_addr [AW-1:0], wr_data [ENTRY_W-1:0]   synchronous write of entry wr_addr
//                       (addresses >= LEN are ignored)
`default_nettype none
`include "mf_param_check.vh"

module gsen_sched_player (
  clk, rst, load, adv, round, cfg, valid, dst, tag, wr_en, wr_addr, wr_data
);
  parameter integer N = 10;
  parameter integer CONTROL = 2;
  parameter integer LEN = 10;
  parameter FILE = "";

`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer CW4 = 4 * ((NS + 3) / 4);
  localparam integer ENTRY_W = N + CW4;
  localparam integer AW = (mf_clog2(LEN) < 1) ? 1 : mf_clog2(LEN);
  localparam integer RW = mf_clog2(LEN + 1);
  localparam [31:0] LEN32 = LEN;

  input  wire               clk;
  input  wire               rst;
  input  wire               load;
  input  wire               adv;
  input  wire [RW-1:0]      round;
  output wire [NS-1:0]      cfg;
  output wire [N-1:0]       valid;
  output wire [N*IW-1:0]    dst;
  output wire [N*NS-1:0]    tag;
  input  wire               wr_en;
  input  wire [AW-1:0]      wr_addr;
  input  wire [ENTRY_W-1:0] wr_data;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n,
                       ERROR_gsen_sched_player_N_must_be_even_and_at_least_4,
                       ("gsen_sched_player: N must be even and >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(LEN < 1, g_bad_len, ERROR_gsen_sched_player_LEN_must_be_positive,
                       ("gsen_sched_player: LEN must be >= 1 (LEN=%0d)", LEN))
    // gsen_route rejects CONTROL values other than 1..4.
  endgenerate

  reg [ENTRY_W-1:0] mem [0:LEN-1];

  generate
    if (FILE != "") begin : g_file
      initial $readmemh(FILE, mem);
    end else begin : g_zero
      integer a;
      initial for (a = 0; a < LEN; a = a + 1) mem[a] = {ENTRY_W{1'b0}};
    end
  endgenerate

  always @(posedge clk) begin
    if (wr_en && {{(32-AW){1'b0}}, wr_addr} < LEN32) mem[wr_addr] <= wr_data;
  end

  wire              in_range = {{(32-RW){1'b0}}, round} < LEN32;
  wire [ENTRY_W-1:0] entry = in_range ? mem[round[AW-1:0]] : {ENTRY_W{1'b0}};
  wire [N-1:0]      mask = entry[CW4 +: N];
  wire [CW4-1:0]    cfg_field = entry[CW4-1:0];
  wire              unused_ctl = rst ^ load ^ adv ^ (^cfg_field) ^ (^round);

  assign cfg   = cfg_field[NS-1:0];
  assign valid = mask;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I32 = i;
      gsen_route #(.N(N), .CONTROL(CONTROL)) u_route (
        .src(I32[IW-1:0]), .cfg(cfg), .dst(dst[i*IW +: IW]), .tag(tag[i*NS +: NS])
      );
    end
  endgenerate
endmodule

`default_nettype wire
