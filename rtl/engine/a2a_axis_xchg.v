// a2a_axis_xchg: an AXI4-Stream all-to-all exchange IP (a corner turn / MPI_Alltoall
// offload) around the data engines gsen_a2a_xchg (ENGINE = 0, paper 001),
// banyan_a2a_xchg (ENGINE = 1, paper 000) and the fault-tolerant banyan_ft_engine
// (ENGINE = 4, MF_DESIGN_BANYAN_FT, paper 000 section 3: one faulty element, the exchange
// by the plan loaded through the plan port).  N slave streams in, N master streams out.
//
// Frame: slave stream i carries processor i's N*B words in destination order: the B words
// for destination 0, then the B words for destination 1, ... (stream word j*B + b = block
// word b for destination j), tlast on the last (the N*B-th) word.  Master stream j carries
// processor j's received words in source order: the B words from source 0, then from
// source 1, ... (stream word s*B + b = block word b from source s), tlast on the last.  The
// frame length is fixed (N*B words): a word whose tlast does not match its place in the
// frame (tlast on another word, or missing on the last) is counted in err_tlast and taken
// as the frame says; framing is never lost.
//
// Buffers: per processor one source memory and one sink memory of 2 banks x 2^AW words of DW
// bits, each a memory array with one synchronous write port and one registered read port
// (Yosys infers block RAM: SB_RAM40_4K on iCE40, DP16KD on ECP5).  Double buffered
// (ping-pong): the frame of bank x is exchanged (source bank x -> sink bank x) while the
// next frame loads into source bank !x and the previous frame drains from sink bank !x.
//   load     every slave port writes its N*B words into source bank L; a port that has its
//            N*B words holds tready low until all N have theirs; then bank L is full, L
//            flips.  tready = the port's frame not complete and source bank L not full.
//   exchange when source bank X is full and sink bank X is empty (drained) the engine is
//            started on bank X; when it is done, source bank X is empty, sink bank X full,
//            X flips, and the engine's counters are added to the status counters.  The
//            next exchange may start in the cycle its predecessor's done is seen.
//   drain    every master port reads its N*B words out of sink bank D (the block RAM's
//            output register is the port's tdata register: read enable = !tvalid || tready,
//            so a stalled port holds its word and a flowing one moves a word per cycle);
//            when all N ports have handed over their last word, sink bank D is empty, D
//            flips.
// Throughput: with no pauses the frame period is the exchange's, B*ROUNDS + LAT + 1
// cycles for N*B words per port: N*B / (B*ROUNDS + LAT + 1) of the limit of 1 word per
// clock per port (N words per clock in all), e.g. 0.92 for the banyan N = 8, B = 16
// (ROUNDS: N for banyan and SCHED 0, 2^ceil(log2 N) for SCHED 1; LAT: gsen_a2a_xchg).
// ENGINE 4: B*T + LAT + 1 (T = plan_len, e.g. 3N = 24 for N = 8; LAT banyan_ft_engine's),
// about N/T of the limit (1/3 for N = 8): the relayed pairs' second hops cost cycles.
// Latency (no pauses, measured by tb/axis): the first word of frame k leaves a master port
// N*B + B*ROUNDS + LAT + 4 cycles after the first word of frame k was accepted (when the
// IP was idle: load N*B, bank flip 1, start 1, exchange B*ROUNDS + LAT, done seen 1, read 1).
//
// Parameters
//   ENGINE     0: gsen_a2a_xchg, 1: banyan_a2a_xchg, 4: banyan_ft_engine (the codes
//              MF_DESIGN_GSEN, MF_DESIGN_BANYAN, MF_DESIGN_BANYAN_FT of mf_codes.vh)
//   N          processors = stream pairs (GSEN: even >= 4; banyan: a power of two >= 4;
//              banyan FT: a power of two >= 8, banyan_ft_engine's own check)
//   DW         data bits per word (tdata width of every port), >= 1
//   B          words per (source, destination) pair, >= 1
//   SCHED      GSEN: 0 alternating (Algorithm 4, N = 2 mod 4), 1 stage control
//              (the player, SCHED 2, needs a memory port: not wrapped)
//   PIPELINE   1: a register per fabric stage;  0: combinational fabric
//   USE_TAGS   0: fabric set by configuration number;  1: tag self-routing
//   SRC_LAT    1: the source memories are read as plain block RAM (registered read);
//              2: with an output register after the RAM's (the usual high-speed setting;
//              the engine's SRC_LAT, LAT one cycle longer)
//   PLAN_DEPTH, RELAY_DEPTH  ENGINE 4: banyan_ft_engine's (defaults 3N + 8 and 2: every plan
//              of the model); they set the plan port's widths for every ENGINE
// Derived: AW = a2a_aw(N, B) = max(1, ceil(log2(N*B))) buffer address bits (one bank, N*B
//   words per port per frame); IW = mf_addr_w(N), BWI = mf_addr_w(B) counter widths;
//   banyan_ft_engine's plan-port widths (functions of a2a_functions.vh, which an instance
//   uses to size the ports it ties off): M = ceil(log2 N), PAW = a2a_ft_paw(PLAN_DEPTH) =
//   max(1, ceil(log2 PLAN_DEPTH)), PLW = a2a_ft_plw(PLAN_DEPTH) = max(1, ceil(log2(PLAN_DEPTH
//   + 1))), EW = a2a_ft_ew(N, RELAY_DEPTH) = M + N*(2 + M + SW), SW = max(1, ceil(log2
//   RELAY_DEPTH)); the fault ports' FSW = banyan_fsw(N) = max(1, ceil(log2 M)), FEW =
//   banyan_few(N) = max(1, M - 1) (rtl/banyan/banyan_functions.vh)
// Ports (processor i's field of a vector is [i*X +: X], X its width)
//   clk, rst                  clock, synchronous active-high reset (empties every bank,
//                             clears the counters)
//   s_axis_tvalid [N], s_axis_tready [N], s_axis_tdata [N*DW], s_axis_tlast [N]
//                             slave streams (tready is a register output)
//   m_axis_tvalid [N], m_axis_tready [N], m_axis_tdata [N*DW], m_axis_tlast [N]
//                             master streams (tvalid, tdata, tlast are register outputs)
//   plan_wr_en, plan_wr_addr [PAW-1:0], plan_wr_data [EW-1:0], plan_len [PLW-1:0],
//   fault_en, fault_stage [FSW-1:0], fault_elem [FEW-1:0], fault_kind [1:0]
//                             ENGINE 4: banyan_ft_engine's ports of the same names (the
//                             schedule-memory write port, the plan's length T, the faulty
//                             element); the plan image is the model's (`minforge banyan fault
//                             --ports N --fault I,L --latency FLAT --plan-hex FILE`, FLAT =
//                             log2 N with PIPELINE 1, else 0), one entry per cycle, written
//                             before the first frame is loaded (the engine must be idle: no
//                             frame exchanging; plan_len and the fault held from then on).
//                             ENGINE 0 and 1: unused and ignored (tie them to 0)
//   frames_in [31:0]          frames loaded (all N slave ports)
//   frames_done [31:0]        frames exchanged
//   frames_out [31:0]         frames drained (all N master ports)
//   cycles [31:0]             clock cycles since reset (words per clock = words / cycles)
//   xchg_cycles [31:0]        cycles of the last exchange (B*ROUNDS + LAT)
//   err_tlast [31:0]          slave words whose tlast did not match their place in the frame
//   err_dst, err_dup, missing, conflicts [31:0]   the engine's counters of the same names
//                             (gsen_a2a_xchg), summed over the frames exchanged; 0 in a
//                             working IP (conflicts: 0 for ENGINE 4)
//   relay_miss, relay_ovf [31:0]  ENGINE 4: banyan_ft_engine's counters, summed over the
//                             frames exchanged (0 with the model's plan); 0 for ENGINE 0, 1
// Timing: every output is a register output; tready of a master port enables that port's
// sink-memory read (block RAM clock enable), tvalid of a slave port its source-memory write.
`default_nettype none
`include "mf_param_check.vh"

module a2a_axis_xchg (
  clk, rst,
  s_axis_tvalid, s_axis_tready, s_axis_tdata, s_axis_tlast,
  m_axis_tvalid, m_axis_tready, m_axis_tdata, m_axis_tlast,
  plan_wr_en, plan_wr_addr, plan_wr_data, plan_len,
  fault_en, fault_stage, fault_elem, fault_kind,
  frames_in, frames_done, frames_out, cycles, xchg_cycles,
  err_tlast, err_dst, err_dup, missing, conflicts, relay_miss, relay_ovf
);
`include "mf_params.vh"
  parameter integer ENGINE = MF_DESIGN_BANYAN;
  parameter integer N = 8;
  parameter integer DW = 8;
  parameter integer B = 4;
  parameter integer SCHED = MF_SCHED_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer SRC_LAT = 1;
  parameter integer PLAN_DEPTH = 3 * N + 8;
  parameter integer RELAY_DEPTH = 2;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer AW = a2a_aw(N, B);
  localparam integer IW = mf_addr_w(N);
  localparam integer BWI = mf_addr_w(B);
  localparam integer DEPTH = 2 << AW;  // 2 banks, the bank is the top address bit
  localparam [31:0] N32 = N;
  localparam [31:0] B32 = B;
  localparam [IW-1:0] JLAST = N32[IW-1:0] - 1'b1;
  localparam [BWI-1:0] BLAST = B32[BWI-1:0] - 1'b1;
  localparam [AW-1:0] NSTEP = N32[AW-1:0];
  // banyan_ft_engine's plan and fault ports (rtl/engine/banyan_ft_engine.v)
  localparam integer PAW = a2a_ft_paw(PLAN_DEPTH);
  localparam integer PLW = a2a_ft_plw(PLAN_DEPTH);
  localparam integer EW = a2a_ft_ew(N, RELAY_DEPTH);
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  input  wire            clk;
  input  wire            rst;
  input  wire [N-1:0]    s_axis_tvalid;
  output wire [N-1:0]    s_axis_tready;
  input  wire [N*DW-1:0] s_axis_tdata;
  input  wire [N-1:0]    s_axis_tlast;
  output wire [N-1:0]    m_axis_tvalid;
  input  wire [N-1:0]    m_axis_tready;
  output wire [N*DW-1:0] m_axis_tdata;
  output wire [N-1:0]    m_axis_tlast;
  input  wire            plan_wr_en;
  input  wire [PAW-1:0]  plan_wr_addr;
  input  wire [EW-1:0]   plan_wr_data;
  input  wire [PLW-1:0]  plan_len;
  input  wire            fault_en;
  input  wire [FSW-1:0]  fault_stage;
  input  wire [FEW-1:0]  fault_elem;
  input  wire [1:0]      fault_kind;
  output reg  [31:0]     frames_in;
  output reg  [31:0]     frames_done;
  output reg  [31:0]     frames_out;
  output reg  [31:0]     cycles;
  output reg  [31:0]     xchg_cycles;
  output reg  [31:0]     err_tlast;
  output reg  [31:0]     err_dst;
  output reg  [31:0]     err_dup;
  output reg  [31:0]     missing;
  output reg  [31:0]     conflicts;
  output reg  [31:0]     relay_miss;
  output reg  [31:0]     relay_ovf;

  generate
    `MF_PARAM_ERROR_IF(ENGINE != MF_DESIGN_GSEN && ENGINE != MF_DESIGN_BANYAN &&
                       ENGINE != MF_DESIGN_BANYAN_FT, g_bad_engine,
                       ERROR_a2a_axis_xchg_ENGINE_must_be_0_1_or_4,
                       ("a2a_axis_xchg: ENGINE must be 0, 1 or 4 (GSEN, banyan, FT) (ENGINE=%0d)",
                        ENGINE))
    `MF_PARAM_ERROR_IF(PLAN_DEPTH < 1 || RELAY_DEPTH < 1, g_bad_ft_depth,
                       ERROR_a2a_axis_xchg_PLAN_DEPTH_RELAY_DEPTH_must_be_positive,
                       ("a2a_axis_xchg: PLAN_DEPTH and RELAY_DEPTH must be >= 1 (%0d, %0d)",
                        PLAN_DEPTH, RELAY_DEPTH))
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_BANYAN_FT && USE_TAGS != 0, g_bad_ft_tags,
                       ERROR_a2a_axis_xchg_FT_USE_TAGS_must_be_0,
                       ("a2a_axis_xchg: ENGINE 4 (banyan FT) needs USE_TAGS 0 (USE_TAGS=%0d)",
                        USE_TAGS))
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_GSEN && SCHED != MF_SCHED_ALT && SCHED != MF_SCHED_STAGE,
                       g_bad_sched,
                       ERROR_a2a_axis_xchg_SCHED_must_be_0_or_1,
                       ("a2a_axis_xchg: SCHED must be 0 (alt) or 1 (stage) (SCHED=%0d)", SCHED))
    `MF_PARAM_ERROR_IF(N < 4 || DW < 1 || B < 1, g_bad_size,
                       ERROR_a2a_axis_xchg_N_at_least_4_DW_B_positive,
                       ("a2a_axis_xchg: N must be >= 4, DW and B >= 1 (N=%0d DW=%0d B=%0d)",
                        N, DW, B))
    `MF_PARAM_ERROR_IF(SRC_LAT != 1 && SRC_LAT != 2, g_bad_src_lat,
                       ERROR_a2a_axis_xchg_SRC_LAT_must_be_1_or_2,
                       ("a2a_axis_xchg: SRC_LAT must be 1 or 2 (SRC_LAT=%0d)", SRC_LAT))
  endgenerate

  // ---- bank state ----
  reg       lb;          // source bank being loaded
  reg       xb;          // bank being exchanged (source and sink)
  reg       db;          // sink bank being drained
  reg [1:0] sfull;       // source bank full (loaded, not yet exchanged)
  reg [1:0] kfull;       // sink bank full (exchanged, not yet drained)
  reg       xrun;        // an exchange was started and its done not yet seen
  wire [N-1:0] ldone;    // slave port has its frame in bank lb
  wire [N-1:0] ddone;    // master port has handed over its frame of bank db
  wire [N-1:0] tl_err;   // slave port: a word accepted with a wrong tlast

  // ---- engine ----
  wire            e_start;
  wire            e_busy, e_done;
  wire [31:0]     e_cycles, e_delivered, e_err_dst, e_err_dup, e_missing, e_conflicts;
  wire [31:0]     e_relay_miss, e_relay_ovf;
  wire [N-1:0]    src_rd_en;
  wire [N*AW-1:0] src_rd_addr;
  wire [N*DW-1:0] src_rd_data;
  wire [N-1:0]    snk_wr_en;
  wire [N*AW-1:0] snk_wr_addr;
  wire [N*DW-1:0] snk_wr_data;
  generate
    if (ENGINE == MF_DESIGN_BANYAN_FT) begin : g_banyan_ft
      banyan_ft_engine #(.N(N), .DW(DW), .B(B), .PIPELINE(PIPELINE), .PLAN_DEPTH(PLAN_DEPTH),
                         .RELAY_DEPTH(RELAY_DEPTH), .SRC_LAT(SRC_LAT)) u_xchg (
        .clk(clk), .rst(rst), .plan_wr_en(plan_wr_en), .plan_wr_addr(plan_wr_addr),
        .plan_wr_data(plan_wr_data), .plan_len(plan_len),
        .start(e_start), .busy(e_busy), .done(e_done),
        .cycles(e_cycles), .delivered(e_delivered), .err_dst(e_err_dst),
        .err_dup(e_err_dup), .missing(e_missing), .relay_miss(e_relay_miss),
        .relay_ovf(e_relay_ovf), .fault_en(fault_en), .fault_stage(fault_stage),
        .fault_elem(fault_elem), .fault_kind(fault_kind),
        .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr), .src_rd_data(src_rd_data),
        .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr), .snk_wr_data(snk_wr_data)
      );
      assign e_conflicts = 32'd0;
    end else if (ENGINE == MF_DESIGN_GSEN) begin : g_gsen
      localparam integer PLEN = 2;  // the player's (SCHED 2 only: unused) entries, its port
      localparam integer PPAW = mf_addr_w(PLEN);
      localparam integer PENTRY_W = a2a_player_ew(N);
      gsen_a2a_xchg #(.N(N), .DW(DW), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE),
                      .USE_TAGS(USE_TAGS), .SRC_LAT(SRC_LAT), .PLAYER_LEN(PLEN)) u_xchg (
        .clk(clk), .rst(rst), .start(e_start), .busy(e_busy), .done(e_done),
        .cycles(e_cycles), .delivered(e_delivered), .err_dst(e_err_dst),
        .err_dup(e_err_dup), .missing(e_missing), .conflicts(e_conflicts),
        .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr), .src_rd_data(src_rd_data),
        .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr), .snk_wr_data(snk_wr_data),
        .pl_wr_en(1'b0), .pl_wr_addr({PPAW{1'b0}}), .pl_wr_data({PENTRY_W{1'b0}})
      );
    end else begin : g_banyan  // banyan_a2a_xchg's fault ports tied off
      banyan_a2a_xchg #(.N(N), .DW(DW), .B(B), .PIPELINE(PIPELINE),
                        .USE_TAGS(USE_TAGS), .SRC_LAT(SRC_LAT)) u_xchg (
        .clk(clk), .rst(rst), .start(e_start), .busy(e_busy), .done(e_done),
        .cycles(e_cycles), .delivered(e_delivered), .err_dst(e_err_dst),
        .err_dup(e_err_dup), .missing(e_missing), .conflicts(e_conflicts),
        .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr), .src_rd_data(src_rd_data),
        .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr), .snk_wr_data(snk_wr_data),
        .fault_en(1'b0), .fault_stage({FSW{1'b0}}), .fault_elem({FEW{1'b0}}),
        .fault_kind(2'b00)
      );
    end
    if (ENGINE != MF_DESIGN_BANYAN_FT) begin : g_no_ft  // the plan port: unused
      assign e_relay_miss = 32'd0;
      assign e_relay_ovf = 32'd0;
      wire unused_ft = ^{plan_wr_en, plan_wr_addr, plan_wr_data, plan_len, fault_en,
                         fault_stage, fault_elem, fault_kind};
    end
  endgenerate
  wire unused_busy = e_busy;

  // the exchange: done seen while running = the exchange of bank xb is over this cycle
  wire x_end = xrun && e_done;
  wire x_bank = x_end ? ~xb : xb;            // the bank the next exchange uses
  assign e_start = (!xrun || x_end) && sfull[x_bank] && !kfull[x_bank];
  wire l_end = &ldone;                        // all slave ports have their frame
  wire d_end = kfull[db] && (&ddone);         // all master ports have handed theirs over

  always @(posedge clk) begin
    if (rst) begin
      lb    <= 1'b0;
      xb    <= 1'b0;
      db    <= 1'b0;
      sfull <= 2'b00;
      kfull <= 2'b00;
      xrun  <= 1'b0;
    end else begin
      if (l_end) begin
        sfull[lb] <= 1'b1;
        lb        <= ~lb;
      end
      if (x_end) begin
        sfull[xb] <= 1'b0;
        kfull[xb] <= 1'b1;
        xb        <= ~xb;
      end
      if (d_end) begin
        kfull[db] <= 1'b0;
        db        <= ~db;
      end
      if (x_end) xrun <= 1'b0;
      if (e_start) xrun <= 1'b1;
    end
  end

  // ---- status ----
  // tlast errors of this cycle: a population count of the N bits (mf_popcount.vh)
  localparam integer MF_POPCOUNT_W = N;
  localparam integer MF_POPCOUNT_CW = 32;
`include "mf_popcount.vh"

  always @(posedge clk) begin
    if (rst) begin
      frames_in   <= 32'd0;
      frames_done <= 32'd0;
      frames_out  <= 32'd0;
      cycles      <= 32'd0;
      xchg_cycles <= 32'd0;
      err_tlast   <= 32'd0;
      err_dst     <= 32'd0;
      err_dup     <= 32'd0;
      missing     <= 32'd0;
      conflicts   <= 32'd0;
      relay_miss  <= 32'd0;
      relay_ovf   <= 32'd0;
    end else begin
      cycles    <= cycles + 32'd1;
      err_tlast <= err_tlast + mf_popcount(tl_err);
      if (l_end) frames_in <= frames_in + 32'd1;
      if (d_end) frames_out <= frames_out + 32'd1;
      if (x_end) begin
        frames_done <= frames_done + 32'd1;
        xchg_cycles <= e_cycles;
        err_dst     <= err_dst + e_err_dst;
        err_dup     <= err_dup + e_err_dup;
        missing     <= missing + e_missing;
        conflicts   <= conflicts + e_conflicts;
        relay_miss  <= relay_miss + e_relay_miss;
        relay_ovf   <= relay_ovf + e_relay_ovf;
      end
    end
  end
  wire unused_delivered = ^e_delivered;

  // ---- per processor: source memory (slave stream in), sink memory (master stream out) ----
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      // source memory: written by the slave stream, read by the engine
      reg [DW-1:0] smem [0:DEPTH-1];
      reg [DW-1:0] s_q;
      reg [IW-1:0] w_j;    // destination of the next slave word
      reg [BWI-1:0] w_b;   // its block word
      reg [AW-1:0] w_a;    // its address b*N + j
      reg          w_done; // this port has its frame in bank lb
      wire w_last = (w_j == JLAST) && (w_b == BLAST);
      wire [AW+IW-1:0] w_j_ext = {{AW{1'b0}}, w_j};
      wire [AW-1:0] w_a_next = w_j_ext[AW-1:0] + 1'b1;  // address j+1 of block word 0
      wire unused_w_j_ext = ^w_j_ext[AW+IW-1:AW];
      assign ldone[i] = w_done;
      wire s_rdy = !ldone[i] && !sfull[lb];
      wire s_wr = s_axis_tvalid[i] && s_rdy;
      assign s_axis_tready[i] = s_rdy;
      assign tl_err[i] = s_wr && (s_axis_tlast[i] != w_last);
      always @(posedge clk) begin
        if (s_wr) smem[{lb, w_a}] <= s_axis_tdata[i*DW +: DW];
        if (src_rd_en[i]) s_q <= smem[{xb, src_rd_addr[i*AW +: AW]}];
      end
      if (SRC_LAT == 2) begin : g_oreg
        reg [DW-1:0] s_q2;  // the RAM's output register
        always @(posedge clk) s_q2 <= s_q;
        assign src_rd_data[i*DW +: DW] = s_q2;
      end else begin : g_noreg
        assign src_rd_data[i*DW +: DW] = s_q;
      end
      always @(posedge clk) begin
        if (rst) begin
          w_done <= 1'b0;
          w_j      <= {IW{1'b0}};
          w_b      <= {BWI{1'b0}};
          w_a      <= {AW{1'b0}};
        end else begin
          if (l_end) w_done <= 1'b0;
          if (s_wr) begin
            if (w_last) w_done <= 1'b1;
            if (w_b == BLAST) begin
              w_b <= {BWI{1'b0}};
              w_j <= w_last ? {IW{1'b0}} : w_j + 1'b1;
              w_a <= w_last ? {AW{1'b0}} : w_a_next;
            end else begin
              w_b <= w_b + 1'b1;
              w_a <= w_a + NSTEP;
            end
          end
        end
      end

      // sink memory: written by the engine, read into the master stream's tdata register
      reg [DW-1:0] kmem [0:DEPTH-1];
      reg [DW-1:0] m_q;    // the block RAM's output register = tdata
      reg          m_v;    // tvalid
      reg          m_l;    // tlast
      reg          r_all;  // every word of the frame has been read
      reg [IW-1:0] r_s;    // source of the next word to read
      reg [BWI-1:0] r_b;   // its block word
      reg [AW-1:0] r_a;    // its address b*N + s
      wire r_last = (r_s == JLAST) && (r_b == BLAST);
      wire [AW+IW-1:0] r_s_ext = {{AW{1'b0}}, r_s};
      wire [AW-1:0] r_a_next = r_s_ext[AW-1:0] + 1'b1;
      wire unused_r_s_ext = ^r_s_ext[AW+IW-1:AW];
      wire m_adv = !m_v || m_axis_tready[i];
      wire m_rd = m_adv && kfull[db] && !r_all;
      always @(posedge clk) begin
        if (snk_wr_en[i]) kmem[{xb, snk_wr_addr[i*AW +: AW]}] <= snk_wr_data[i*DW +: DW];
        if (m_rd) m_q <= kmem[{db, r_a}];
      end
      assign m_axis_tdata[i*DW +: DW] = m_q;
      assign m_axis_tvalid[i] = m_v;
      assign m_axis_tlast[i] = m_l;
      assign ddone[i] = r_all && !m_v;
      always @(posedge clk) begin
        if (rst) begin
          m_v   <= 1'b0;
          m_l   <= 1'b0;
          r_all <= 1'b0;
          r_s   <= {IW{1'b0}};
          r_b   <= {BWI{1'b0}};
          r_a   <= {AW{1'b0}};
        end else begin
          if (m_adv) begin
            m_v <= m_rd;
            m_l <= m_rd && r_last;
          end
          if (d_end) r_all <= 1'b0;
          if (m_rd) begin
            if (r_last) r_all <= 1'b1;
            if (r_b == BLAST) begin
              r_b <= {BWI{1'b0}};
              r_s <= r_last ? {IW{1'b0}} : r_s + 1'b1;
              r_a <= r_last ? {AW{1'b0}} : r_a_next;
            end else begin
              r_b <= r_b + 1'b1;
              r_a <= r_a + NSTEP;
            end
          end
        end
      end
    end
  endgenerate
endmodule

`default_nettype wire
