// gsen_sched_player: replays a list of GSEN rounds from memory.
//
// Entry e (one per round, LEN entries) is ENTRY_W = N + CW4 bits, CW4 = 4*ceil(CW/4):
//   [CW4-1:0]       the configuration (low CW bits used; the pad bits must be 0):
//                   CONTROL stage / alt / alt2 / alt4: its number (CW = n bits: stage C,
//                   alternating A / A' / A''); CONTROL individual: every switch's state
//                   (CW = n*N/2 bits, bit s*N/2 + y = switch y of stage s, 1 = cross, the
//                   fabric's in_cfg word under individual control)
//   [CW4 +: N]      send mask: bit i = processor i sends in this round
// so a $readmemh line is the mask in hex followed by the configuration in CW4/4 hex
// digits (e.g. N=20, n=5: "fffff1c" = all send, A' = 0x1c).  The destination and forward
// tag of processor i are those of its path under the configuration (gsen_route).
// The write port is PW = N + 4*ceil(n/4) bits for every CONTROL (the numbered entry): an
// individual-control entry, wider, is written in BEATS = ceil(ENTRY_W / PW) writes to the
// same address, its lowest PW bits first (a shift register collects the beats; every write
// stores the register with the new beat on top, so the last beat leaves the whole entry).
//
// Look-ahead and tables (timing): the rounds follow each other in a known order (0 after
// load or reset, (k + 1) mod LEN after adv), so the memory is read one round ahead, from a
// counter at k + 1, into the entry register (a synchronous read with enable: the block
// RAM's own read register); cfg and valid are that register.  For a fixed source i the
// destination and the tag are functions of the n configuration bits alone: a table of 2^n
// entries per processor, filled at elaboration with a2a_gsen_path (rtl/engine/a2a_functions.vh,
// gsen_route's recurrence), is indexed by the registered configuration (n-input logic, no
// carry chain).  Individual control: no table (2^(n N/2) configurations); the path of every
// processor is walked through the registered state matrix, stage by stage (terminal t ->
// switch t mod N/2, in-subport t >= N/2, out-subport = in-subport xor state, next terminal
// 2y + f: n levels of an N/2-input state multiplexer).  The outputs equal in every cycle
// the schedule of `round` as a2a_ctrl steps it (the twin is the table
// twin::gsen_sched_player); the paths are counter -> memory address and entry register ->
// n-input table (individual: the n-level walk) -> the engine's scheduler register.
//
// Parameters
//   N        ports, even, >= 4
//   CONTROL  0 individual, 1 stage, 2 alt, 3 alt2, 4 alt4 (mf_params.vh)
//   LEN      entries = rounds (>= 1)
//   FILE     $readmemh file loaded at time 0 ("" = none: the memory starts all zero and is
//            written through the write port before start)
// Derived: NS = IW = n, P = 2^n, CW (n, individual n*N/2), CW4, ENTRY_W, PW, BEATS,
//   AW = max(1, ceil(log2 LEN)), RW = ceil(log2(LEN+1))
// Ports
//   clk, rst            clock, synchronous active-high reset (outputs = entry 0)
//   load                the exchange starts: the outputs become entry 0's in the next cycle
//   adv                 the current round is injected: the outputs step to entry
//                       (k + 1) mod LEN
//   round [RW-1:0]      current round k (unused: common scheduler interface)
//   cfg [CW-1:0]        configuration of entry k (registered): its number, or under
//                       individual control the state matrix
//   valid [N-1:0]       send mask of entry k (registered)
//   dst [N*IW-1:0], tag [N*NS-1:0]   as gsen_sched_stage (the path of processor i under cfg)
//   wr_en, wr_addr [AW-1:0], wr_data [PW-1:0]   synchronous write of entry wr_addr
//                       (addresses >= LEN are ignored; individual control: one beat)
// Timing: cfg, valid, dst and tag follow round k as a2a_ctrl steps it (load -> 0, adv ->
//   k + 1 mod LEN), i.e. they are valid in the cycle round holds k.  The memory is written
//   before start: a write while an exchange runs (busy) or in the cycle of start may not be
//   seen by it (its entry may already be read ahead), and a write at an edge where the same
//   entry is read (load, adv, rst) leaves that read undefined in hardware (no_rw_check).
`default_nettype none
`include "mf_param_check.vh"

module gsen_sched_player (
  clk, rst, load, adv, round, cfg, valid, dst, tag, wr_en, wr_addr, wr_data
);
`include "mf_params.vh"
  parameter integer N = 10;
  parameter integer CONTROL = MF_CTRL_ALT;
  parameter integer LEN = 10;
  parameter FILE = "";

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer IW = NS;
  localparam integer P = 1 << NS;
  localparam integer INDIV = (CONTROL == MF_CTRL_INDIV) ? 1 : 0;
  localparam integer CW = mf_ctrl_cfg_w(CONTROL, NS, N);
  localparam integer CW4 = 4 * ((CW + 3) / 4);
  localparam integer ENTRY_W = N + CW4;
  localparam integer PW = a2a_player_ew(N);
  localparam integer BEATS = (ENTRY_W + PW - 1) / PW;
  localparam integer SW = BEATS * PW;  // the write shift register (= PW: one beat)
  localparam integer AW = mf_addr_w(LEN);
  localparam integer RW = mf_clog2(LEN + 1);
  localparam [31:0] LEN32 = LEN;
  // the switch-index bit that alternating control xors into the state (-1: stage control)
  localparam integer ASH = mf_ctrl_alt_shift(CONTROL);
  localparam integer EW = IW + NS;  // table entry {dst[IW-1:0], tag[NS-1:0]}

  input  wire               clk;
  input  wire               rst;
  input  wire               load;
  input  wire               adv;
  input  wire [RW-1:0]      round;
  output wire [CW-1:0]      cfg;
  output wire [N-1:0]       valid;
  output wire [N*IW-1:0]    dst;
  output wire [N*NS-1:0]    tag;
  input  wire               wr_en;
  input  wire [AW-1:0]      wr_addr;
  input  wire [PW-1:0]      wr_data;

  generate
    `MF_PARAM_ERROR_IF(N % 2 != 0 || N < 4, g_bad_n,
                       ERROR_gsen_sched_player_N_must_be_even_and_at_least_4,
                       ("gsen_sched_player: N must be even and >= 4 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(LEN < 1, g_bad_len, ERROR_gsen_sched_player_LEN_must_be_positive,
                       ("gsen_sched_player: LEN must be >= 1 (LEN=%0d)", LEN))
    `MF_PARAM_ERROR_IF(CONTROL < MF_CTRL_INDIV || CONTROL > MF_CTRL_ALT4, g_bad_control,
                       ERROR_gsen_sched_player_CONTROL_must_be_stage_or_alt,
                       ("gsen_sched_player: CONTROL must be 1 stage, 2..4 alt or 0 individual (CONTROL=%0d)",
                        CONTROL))
  endgenerate

  // no_rw_check (Yosys): a read and a write of one entry at the same edge need not return
  // the old entry (the memory is written before start, see Timing), so synthesis adds no
  // collision bypass (write registers and a multiplexer after the block RAM's read data).
  (* no_rw_check *) reg [ENTRY_W-1:0] mem [0:LEN-1];

  generate
    if (FILE != "") begin : g_file
      initial $readmemh(FILE, mem);
    end else begin : g_zero
      integer a;
      initial for (a = 0; a < LEN; a = a + 1) mem[a] = {ENTRY_W{1'b0}};
    end
  endgenerate

  // The entry a write stores: the beat itself, or (several beats) the beat on top of the
  // previous beats.
  wire [SW-1:0] wr_entry;
  generate
    if (BEATS > 1) begin : g_beats
      reg [SW-PW-1:0] beats_q;
      always @(posedge clk) begin
        if (rst) beats_q <= {(SW-PW){1'b0}};
        else if (wr_en) beats_q <= wr_entry[SW-1:PW];
      end
      assign wr_entry = {wr_data, beats_q};
      if (SW > ENTRY_W) begin : g_unused_top
        wire unused_top = ^wr_entry[SW-1:ENTRY_W];
      end
    end else begin : g_one_beat
      assign wr_entry = wr_data;
    end
  endgenerate

  always @(posedge clk) begin
    if (wr_en && {{(32-AW){1'b0}}, wr_addr} < LEN32) mem[wr_addr] <= wr_entry[ENTRY_W-1:0];
  end

  // Look-ahead: k1_q = (k + 1) mod LEN; the entry register reads entry 0 at load / reset and
  // entry k1_q at adv.
  localparam [31:0] K1_32 = (LEN > 1) ? 1 : 0;
  localparam [AW-1:0] K1 = K1_32[AW-1:0];
  localparam [31:0] LAST32 = LEN - 1;
  localparam [AW-1:0] KLAST = LAST32[AW-1:0];
  reg [AW-1:0] k1_q;
  always @(posedge clk) begin
    if (rst || load) k1_q <= K1;
    else if (adv) k1_q <= (k1_q == KLAST) ? {AW{1'b0}} : k1_q + {{(AW-1){1'b0}}, 1'b1};
  end
  wire [AW-1:0] rd_addr = (rst || load) ? {AW{1'b0}} : k1_q;

  reg [ENTRY_W-1:0] e_q;
  always @(posedge clk) begin
    if (rst || load || adv) e_q <= mem[rd_addr];
  end

  wire [CW4-1:0] cfg_field = e_q[CW4-1:0];
  assign cfg   = cfg_field[CW-1:0];
  assign valid = e_q[CW4 +: N];
  wire unused_ctl = ^round;
  generate
    if (CW4 > CW) begin : g_unused_pad
      wire unused_pad = ^cfg_field[CW4-1:CW];
    end
  endgenerate

  // Processor src's {dst, tag} under every configuration c = 0 .. 2^n - 1.
  function [P*EW-1:0] path_table;
    input integer src;
    integer c, pth;
    /* verilator lint_off UNUSEDSIGNAL */
    integer d, tg;  // only the low IW / NS bits are table bits
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      path_table = {P*EW{1'b0}};
      for (c = 0; c < P; c = c + 1) begin
        pth = a2a_gsen_path(N, ASH, src, c);
        d = pth / 65536;
        tg = pth % 65536;
        path_table[c*EW +: EW] = {d[IW-1:0], tg[NS-1:0]};
      end
    end
  endfunction

  genvar i, st;
  generate
    if (INDIV == 0) begin : g_table
      for (i = 0; i < N; i = i + 1) begin : g_proc
        localparam [P*EW-1:0] TAB = path_table(i);
        wire [EW-1:0] e = TAB[cfg*EW +: EW];
        assign dst[i*IW +: IW] = e[NS +: IW];
        assign tag[i*NS +: NS] = e[NS-1:0];
      end
    end else begin : g_walk
      localparam integer H = N / 2;
      localparam integer HW = (mf_clog2(H) < 1) ? 1 : mf_clog2(H);
      localparam [31:0] H32 = H;
      localparam [IW-1:0] HT = H32[IW-1:0];
      for (i = 0; i < N; i = i + 1) begin : g_proc
        // stage st: the switch y and in-subport b of the terminal entering it (stage 0: the
        // constant terminal i), the out-subport f taken, the terminal t_out after it (each
        // stage its own nets: no combinational loop through a vector)
        for (st = 0; st < NS; st = st + 1) begin : g_stage
          wire b;
          wire [IW-1:0] y;
          if (st == 0) begin : g_first
            localparam [31:0] B32 = (i >= H) ? 1 : 0;
            localparam [31:0] Y32 = (i >= H) ? i - H : i;
            assign b = B32[0];
            assign y = Y32[IW-1:0];
          end else begin : g_next
            wire [IW-1:0] t_in = g_stage[st-1].t_out;
            assign b = t_in >= HT;
            assign y = b ? t_in - HT : t_in;
          end
          wire [H-1:0] row = cfg[st*H +: H];
          wire f = b ^ row[y[HW-1:0]];  // y < N/2
          wire [IW-1:0] t_out = {y[IW-2:0], f};
          wire unused_y = ^y[IW-1:HW];
          assign tag[i*NS + NS-1-st] = f;
        end
        assign dst[i*IW +: IW] = g_stage[NS-1].t_out;
      end
    end
  endgenerate
endmodule

`default_nettype wire
