// a2a_sink: the sink side of the all-to-all data engines: a register stage after the fabric
// (stage K), the N sinks' checks, their sink-buffer write ports, and the registered events
// the counters (a2a_monitor) add up one cycle later (stage E).
//
// In stage K each valid word at output port j (fabric word: see a2a_source; its header is
// checked and its write address decoded as it is registered) falls into exactly one class,
// in this priority order:
//   bad   (err_dst) the destination field is not j, or the source field is >= N, or the
//         block field is >= B: a word that must not be written here
//   dup   a word of this (source, block word) was already written since the last clear
//   good  otherwise: written to the sink buffer at b*N + s (wr_en, wr_addr, wr_data), and
//         remembered in the sink's N*B-bit seen vector
//
// The duplicate test is prepared while the word is registered, so that in stage K the
// class is two LUT levels from registers: the seen vector in stage K is the one of the cycle
// before, plus the previous word's address if that word was good, so "already seen" =
// seen_before[a] | (previous word good and at address a).  The addresses are split into
// G groups of GS = 4 (address a = group g * GS + lane l), and the seen vector is stored lane
// by lane (bit l*G + g is address g*GS + l), so that seen_before[a] is read on the way in as
// one GS:1 multiplexer per group, i.e. the G-bit lane vector of the word's lane (kr: a bit
// per group, kg: the word's group, one-hot), and the previous word's part is an address
// compare (ksame); in stage K hit = |(kg & kr) | ksame (the same value as |(one-hot address
// & seen), so the classes and the cycles are those of the twin, unchanged).  A good word
// sets bit (its lane, its group): seen lane l |= kg where the word's lane (kl, one-hot) is l.
// (Written as whole G-bit vectors, not a loop over the groups: the same logic, and a few
// statements per sink for Verilator instead of two per group.)
//
// Parameters
//   N  processors;  DW  data bits;  B  words per pair;  NCF  conflict bits of the fabric
// Derived: IW, HBW, HW, FW as a2a_source; AW = a2a_aw(N, B); LW = min(2, AW),
//   GS = 2^LW addresses per group, G = ceil(N*B / GS) groups
// Ports
//   clk, rst     clock, synchronous active-high reset (clears valid bits, seen vectors)
//   clear        start of an exchange: clears the seen vectors
//   in_valid [N-1:0], in_data [N*FW-1:0], in_conf [NCF-1:0]   fabric outputs
//   wr_en [N-1:0], wr_addr [N*AW-1:0], wr_data [N*DW-1:0]   sink-buffer write ports
//                (combinational from the stage-K registers)
//   ev_good, ev_bad, ev_dup [N-1:0], ev_conf [NCF-1:0]   stage E: the classes of the
//                previous cycle's words and the fabric conflicts, registered
`default_nettype none
`include "mf_param_check.vh"
`include "mf_assert.vh"

module a2a_sink (
  clk, rst, clear, in_valid, in_data, in_conf, wr_en, wr_addr, wr_data,
  ev_good, ev_bad, ev_dup, ev_conf
);
  parameter integer N = 10;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer NCF = 1;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer IW = mf_clog2(N);
  localparam integer HBW = mf_clog2(B);
  localparam integer HW = a2a_fw(0, N, B);  // the header {b, j, i} (a2a_functions.vh)
  localparam integer FW = a2a_fw(DW, N, B);
  localparam integer AW = a2a_aw(N, B);
  localparam integer NB = N * B;
  localparam integer LW = (AW < 2) ? AW : 2;
  localparam integer GS = 1 << LW;
  localparam integer G = (NB + GS - 1) / GS;
  localparam integer SB = G * GS;  // the seen vector, padded to whole groups (pad bits stay 0)
  localparam [G-1:0] G_ONE = 1;
  localparam [GS-1:0] GS_ONE = 1;
  localparam [31:0] N32 = N;
  localparam [31:0] B32 = B;

  input  wire            clk;
  input  wire            rst;
  input  wire            clear;
  input  wire [N-1:0]    in_valid;
  input  wire [N*FW-1:0] in_data;
  input  wire [NCF-1:0]  in_conf;
  output wire [N-1:0]    wr_en;
  output wire [N*AW-1:0] wr_addr;
  output wire [N*DW-1:0] wr_data;
  output reg  [N-1:0]    ev_good;
  output reg  [N-1:0]    ev_bad;
  output reg  [N-1:0]    ev_dup;
  output reg  [NCF-1:0]  ev_conf;

  generate
    `MF_PARAM_ERROR_IF(N < 2, g_bad_n, ERROR_a2a_sink_N_must_be_at_least_2,
                       ("a2a_sink: N must be >= 2 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(DW < 1, g_bad_dw, ERROR_a2a_sink_DW_must_be_positive,
                       ("a2a_sink: DW must be >= 1 (DW=%0d)", DW))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_a2a_sink_B_must_be_positive,
                       ("a2a_sink: B must be >= 1 (B=%0d)", B))
  endgenerate

  // stage K: the fabric's words registered, with each sink's header check (kok) and its
  // write address decoded (one-hot over the N*B addresses, from the address alone) on the
  // way in, side by side, so that in stage K the duplicate check is an AND-OR over the seen
  // vector gated by kok and the seen update needs no decision (seen |= the one-hot of a
  // good-header word: a duplicate's bit is already set).
  // (each sink's stage-K registers are its own, declared in g_sink: one register per
  // always block, so that simulators update each where it is written)
  reg [NCF-1:0]  kc;
  always @(posedge clk) begin
    if (rst) begin
      kc <= {NCF{1'b0}};
    end else begin
      kc <= in_conf;
    end
  end

  wire [N-1:0] good, bad, dup;
  wire [N-1:0] kv_all;  // the stage-K valid bits (for the invariant below)

  genvar j;
  generate
    for (j = 0; j < N; j = j + 1) begin : g_sink
      localparam [31:0] J32 = j;
      wire [FW-1:0] w = in_data[j*FW +: FW];
      wire [IW-1:0] f_src = w[IW-1:0];
      wire [IW-1:0] f_dst = w[2*IW-1:IW];
      wire [31:0]   f_blk;
      if (HBW > 0) begin : g_blk
        assign f_blk = {{(32-HBW){1'b0}}, w[2*IW +: HBW]};
      end else begin : g_noblk
        assign f_blk = 32'd0;
      end
      wire [31:0] src32 = {{(32-IW){1'b0}}, f_src};
      wire [31:0] addr32 = f_blk * N32 + src32;
      wire unused_addr = ^addr32[31:AW];
      wire hdr_ok = (f_dst == J32[IW-1:0]) && (src32 < N32) && (f_blk < B32);
      wire ok = in_valid[j] && hdr_ok;
      wire [AW-1:0] a_in = addr32[AW-1:0];
      wire [31:0]   a_in32 = {{(32-AW){1'b0}}, a_in};
      wire [31:0]   a_grp = a_in32 >> LW;  // the group of the address
      wire [LW-1:0] a_low = a_in[LW-1:0];  // the lane: the address within its group
      reg [SB-1:0] seen;  // lane by lane: bit l*G + g is address g*GS + l
      // the word's group, one-hot (none for an address beyond the groups: a bad header),
      // and the seen bits of its lane, one per group
      wire [G-1:0] grp_sel  = G_ONE << a_grp;
      wire [G-1:0] grp_seen = seen[a_low*G +: G];
      reg          kv;
      reg          kok;
      reg [GS-1:0] kl;
      reg [AW-1:0] ka;
      reg [DW-1:0] kd;
      reg [G-1:0]  kg;
      reg [G-1:0]  kr;
      reg          ksame;
      always @(posedge clk) begin
        if (rst) begin
          kv    <= 1'b0;
          kok   <= 1'b0;
          kl    <= {GS{1'b0}};
          kg    <= {G{1'b0}};
          kr    <= {G{1'b0}};
          ksame <= 1'b0;
        end else begin
          kv  <= in_valid[j];
          kok <= ok;
          // The one-hot write address as (lane, group), decoded from the address alone (not
          // gated by valid and the header check, registered in kok beside it): keeps the
          // check off these registers' input paths.
          kl  <= GS_ONE << a_low;
          kg  <= grp_sel;
          // seen as it is now (a clear empties it at this edge), and the word in stage K now
          // (kok, ka) as the previous word of the one registered
          kr    <= clear ? {G{1'b0}} : grp_seen;
          ksame <= !clear && kok && (ka == a_in);
        end
        ka <= a_in;
        kd <= w[FW-1:HW];
      end
      // = |(one-hot address & seen); used only with kok (dup, good), so not gated by it here
      wire hit = (|(kg & kr)) | ksame;
      assign bad[j]  = kv && !kok;
      assign dup[j]  = kok && hit;
      assign good[j] = kok && !hit;
      // the seen update: a good header's bit set (a duplicate's bit is already set)
      wire [SB-1:0] set_ok;
      genvar l;
      for (l = 0; l < GS; l = l + 1) begin : g_lane
        assign set_ok[l*G +: G] = kg & {G{kok && kl[l]}};
      end
      always @(posedge clk) begin
        if (rst || clear) seen <= {SB{1'b0}};
        else seen <= seen | set_ok;
      end
      assign kv_all[j] = kv;
      assign wr_addr[j*AW +: AW] = ka;
      assign wr_data[j*DW +: DW] = kd;
    end
  endgenerate
  assign wr_en = good;

  // Invariant: every valid word falls into exactly one class.
  `MF_ASSERT(a_one_class_per_word, clk, rst,
             (good | bad | dup) == kv_all && (good & bad) == 0 && (good & dup) == 0 &&
             (bad & dup) == 0)

  // stage E
  always @(posedge clk) begin
    if (rst || clear) begin
      ev_good <= {N{1'b0}};
      ev_bad  <= {N{1'b0}};
      ev_dup  <= {N{1'b0}};
      ev_conf <= {NCF{1'b0}};
    end else begin
      ev_good <= good;
      ev_bad  <= bad;
      ev_dup  <= dup;
      ev_conf <= kc;
    end
  end
endmodule

`default_nettype wire
