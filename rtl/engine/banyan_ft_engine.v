// banyan_ft_engine: fault-tolerant all-to-all personalized exchange of a user's data on an
// N x N banyan network with one faulty internal switching element (paper 000, section 3:
// Algorithm B, its Fig. 4 refinement and the Appendix).  The blocked (source, destination)
// pairs go through a relay processor in two hops; the plan (which configuration Gamma_k each
// cycle uses, which processor sends which message, where relays keep what they forward) is
// loaded at run time into a schedule memory.  The model writes it for any internal fault,
// with the relays scheduled so that no relay waits for its message
// (`minforge banyan fault --ports N --fault I,L --latency FLAT --plan-hex FILE`,
// model/include/minforge/algo/banyan/banyan_ft_plan.hpp).  Data interface as the other data
// engines (rtl/engine/*_xchg.v): one synchronous source read port and one sink write port
// per processor.
//
// Parameters
//   N            ports, a power of two >= 8 (N = 4 has no internal stage)
//   DW           data bits per word, >= 1
//   B            words per (source, destination) pair, >= 1: the plan runs B times, pass b
//                reading source address b*N + j and writing sink address b*N + s
//   PIPELINE     1: banyan_fabric with a register per stage, FLAT = M; 0: combinational,
//                FLAT = 0
//   PLAN_DEPTH   schedule-memory entries, >= 1 (default 3N + 8: every plan of the model for
//                N <= 128, PIPELINE 0 and 1: 3N for i = 1 or m-2, 2N otherwise; N = 8:
//                3N = 24, the minimum)
//   RELAY_DEPTH  relay-buffer slots per processor, >= 1 (default 2; the model's plans need 1)
//   SRC_LAT      source read latency: src_rd_data valid SRC_LAT cycles after src_rd_en; 1
//                (default: block RAM, synchronous read) or 2 (block RAM with its output
//                register).  SRC_LAT = 2 delays every op by one more register between the
//                plan read and the fabric (relays included), so the plans do not change.
// Derived: M = log2 N, FLAT, SW = max(1, ceil(log2 RELAY_DEPTH)), PW = 2 + M + SW,
//   EW = M + N*PW (plan entry), PAW = max(1, ceil(log2 PLAN_DEPTH)),
//   PLW = ceil(log2(PLAN_DEPTH + 1)) (a2a_ft_*), HBW = ceil(log2 B), AW = a2a_aw(N, B),
//   FW = DW + 2M + HBW + SW + 1 (fabric word: data, source, destination, block word, relay
//   slot, first-hop flag, from bit 0 up), FSW = banyan_fsw(N), FEW = banyan_few(N),
//   PL = max(1, ceil(log4 N)) levels of the counters' population-count trees
//   (a2a_count_levels), LAT = a2a_latency(FLAT, SRC_LAT, PL) = FLAT + SRC_LAT + 3 + PL
//   (as the other data engines)
//
// Plan entry (EW bits; entry t = plan cycle t; writer: banyan::ft_image_hex):
//   [M-1:0]                 configuration number k: the fabric realizes Gamma_k
//   processor i's field at bit M + i*PW (PW bits):
//     [1:0] op   (MF_FTOP_* of mf_params.vh) 0 idle
//                1 send own message for dest (read source address b*N + dest); Gamma_k(i)
//                  must be dest (a direct delivery)
//                2 send own message for dest as a first hop: the processor Gamma_k(i)
//                  receiving it stores it in its relay slot `slot`
//                3 second hop: send the message held in relay slot `slot` (dest unused)
//     [M+1:2]    dest
//     [PW-1:M+2] slot
//
// Ports
//   clk, rst        clock; synchronous reset, active high (control, counters, relay valid
//                   bits, the fabric's valid pipeline; not the memories)
//   plan_wr_en, plan_wr_addr [PAW-1:0], plan_wr_data [EW-1:0]   schedule-memory write
//                   port (addresses >= PLAN_DEPTH are ignored); write it while idle
//   plan_len [PLW-1:0]  plan cycles T, sampled at start (values above PLAN_DEPTH act as
//                   PLAN_DEPTH; 0: nothing is sent)
//   start           begins an exchange (ignored while busy); clears the counters and the
//                   sinks' written-word record
//   busy, done      done stays until the next start
//   cycles [31:0]   busy cycles of the last exchange: B*T + LAT when done, LAT = FLAT +
//                   SRC_LAT + 3 + PL (plan read, source read, sink register, event
//                   register, PL levels of population count)
//   delivered [31:0]  words written into the sink buffers
//   err_dst [31:0]  final-hop words that arrived at a processor other than their destination
//                   (not written)
//   err_dup [31:0]  words written into a sink address already written in this exchange
//   missing [31:0]  when done: N*N*B minus the sink addresses written (0 while not done)
//   relay_miss [31:0]  second hops from an empty relay slot (or a slot >= RELAY_DEPTH):
//                   the plan asked a relay to send a message it does not hold; nothing sent
//   relay_ovf [31:0]   first hops stored into a slot that still held a message (or a slot
//                   >= RELAY_DEPTH: dropped)
//   fault_en, fault_stage [FSW-1:0], fault_elem [FEW-1:0], fault_kind [1:0]  passed to
//                   banyan_fabric (0 dead, 1 stuck straight, 2 stuck cross, 3 dead); hold
//                   them constant during an exchange
//   src_rd_en [N], src_rd_addr [N*AW], src_rd_data [N*DW]   processor i's source buffer:
//                   data valid SRC_LAT cycles after src_rd_en (synchronous read)
//   snk_wr_en [N], snk_wr_addr [N*AW], snk_wr_data [N*DW]   processor i's sink buffer
//
// Timing: start in cycle c (sampled at the edge ending c); plan entry t of pass b is read
// in cycle c+1 + b*T + t (issue), the source read follows in the next cycle, the word
// enters the fabric SRC_LAT cycles later (the relay slot is selected in that cycle too) and
// leaves it FLAT cycles after that (the timing below counts plan cycles: it holds for both
// SRC_LAT).
// A first hop is in its relay's slot from the following edge; a second hop issued at plan
// cycle t2 reads its slot when it enters the fabric, so it finds the message exactly when
// t2 >= t1 + FLAT + 1 (t1 = its first hop's plan cycle), and a slot read at t2 may be
// stored again by a first hop issued at t1' >= t2 - FLAT (the store wins over the read's
// clear at the same edge).  Final-hop words are registered once more (sink register) and
// written in the next cycle; that cycle's events (written, new, duplicate, misrouted, and
// the relay misses / overflows of their own cycles) are registered, counted through PL
// registered levels (a2a_popcount) and added by the counters (a2a_counter) at the edge
// PL + 1 cycles after the write.  done rises B*T + LAT = B*T + FLAT + SRC_LAT + 3 + PL
// cycles after start, with every counter final.
`default_nettype none
`include "mf_param_check.vh"

module banyan_ft_engine (
  clk, rst, plan_wr_en, plan_wr_addr, plan_wr_data, plan_len,
  start, busy, done, cycles, delivered, err_dst, err_dup, missing, relay_miss, relay_ovf,
  fault_en, fault_stage, fault_elem, fault_kind,
  src_rd_en, src_rd_addr, src_rd_data, snk_wr_en, snk_wr_addr, snk_wr_data
);
  parameter integer N = 16;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer PIPELINE = 1;
  parameter integer PLAN_DEPTH = 3 * N + 8;
  parameter integer RELAY_DEPTH = 2;
  parameter integer SRC_LAT = 1;

`include "mf_functions.vh"
`include "mf_params.vh"
`include "a2a_functions.vh"

  localparam integer M = mf_clog2(N);
  localparam integer FLAT = (PIPELINE != 0) ? M : 0;
  localparam integer SW = a2a_ft_sw(RELAY_DEPTH);
  localparam integer PW = 2 + M + SW;
  localparam integer EW = a2a_ft_ew(N, RELAY_DEPTH);  // M + N * PW
  localparam integer PAW = a2a_ft_paw(PLAN_DEPTH);
  localparam integer PLW = a2a_ft_plw(PLAN_DEPTH);
  localparam integer HBW = mf_clog2(B);
  localparam integer BW = (HBW < 1) ? 1 : HBW;
  localparam integer AW = a2a_aw(N, B);
  localparam integer RW = a2a_fw(DW, N, B);  // a relay slot: data, source, dest, block word
  localparam integer O_SLOT = RW;
  localparam integer O_HOP = RW + SW;
  localparam integer FW = RW + SW + 1;
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);
  localparam integer NSW = M * (N / 2);
  localparam integer NB = N * B;
  localparam [31:0] TOTAL = N * N * B;
  localparam [31:0] DEPTH32 = PLAN_DEPTH;
  localparam [PLW-1:0] DEPTH_L = DEPTH32[PLW-1:0];
  // levels of the counters' population-count trees (a2a_functions.vh), the count width, the
  // counter widths: the events of one exchange (at most N per issued plan entry, N*B*T <=
  // N*B*PLAN_DEPTH of them) and the words due (N*N*B at most)
  localparam integer PL = a2a_count_levels(N, 0, 0);
  localparam integer CW = mf_clog2(N + 1);
  localparam integer VW0 = M + mf_clog2(B) + mf_clog2(PLAN_DEPTH) + 1;
  localparam integer VW = (VW0 > 32) ? 32 : VW0;
  localparam integer VWD0 = 2 * M + mf_clog2(B) + 1;
  localparam integer VWD = (VWD0 > 32) ? 32 : VWD0;
  localparam integer LAT = a2a_latency(FLAT, SRC_LAT, PL);
  localparam integer DRAIN = LAT - 1;  // busy cycles after the last issue, minus one

  input  wire            clk;
  input  wire            rst;
  input  wire            plan_wr_en;
  input  wire [PAW-1:0]  plan_wr_addr;
  input  wire [EW-1:0]   plan_wr_data;
  input  wire [PLW-1:0]  plan_len;
  input  wire            start;
  output wire            busy;
  output wire            done;
  output wire [31:0]     cycles;
  output wire [31:0]     delivered;
  output wire [31:0]     err_dst;
  output wire [31:0]     err_dup;
  output wire [31:0]     missing;
  output wire [31:0]     relay_miss;
  output wire [31:0]     relay_ovf;
  input  wire            fault_en;
  input  wire [FSW-1:0]  fault_stage;
  input  wire [FEW-1:0]  fault_elem;
  input  wire [1:0]      fault_kind;
  output wire [N-1:0]    src_rd_en;
  output wire [N*AW-1:0] src_rd_addr;
  input  wire [N*DW-1:0] src_rd_data;
  output wire [N-1:0]    snk_wr_en;
  output wire [N*AW-1:0] snk_wr_addr;
  output wire [N*DW-1:0] snk_wr_data;

  generate
    `MF_PARAM_ERROR_IF(N < 8 || (1 << M) != N, g_bad_n,
                       ERROR_banyan_ft_engine_N_must_be_a_power_of_two_at_least_8,
                       ("banyan_ft_engine: N must be a power of two >= 8 (N=%0d)", N))
    `MF_PARAM_ERROR_IF(DW < 1, g_bad_dw, ERROR_banyan_ft_engine_DW_must_be_positive,
                       ("banyan_ft_engine: DW must be >= 1 (DW=%0d)", DW))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_banyan_ft_engine_B_must_be_positive,
                       ("banyan_ft_engine: B must be >= 1 (B=%0d)", B))
    `MF_PARAM_ERROR_IF(PIPELINE != 0 && PIPELINE != 1, g_bad_pipeline,
                       ERROR_banyan_ft_engine_PIPELINE_must_be_0_or_1,
                       ("banyan_ft_engine: PIPELINE must be 0 or 1 (PIPELINE=%0d)", PIPELINE))
    `MF_PARAM_ERROR_IF(PLAN_DEPTH < 1, g_bad_plan_depth,
                       ERROR_banyan_ft_engine_PLAN_DEPTH_must_be_positive,
                       ("banyan_ft_engine: PLAN_DEPTH must be >= 1 (PLAN_DEPTH=%0d)", PLAN_DEPTH))
    `MF_PARAM_ERROR_IF(RELAY_DEPTH < 1, g_bad_relay_depth,
                       ERROR_banyan_ft_engine_RELAY_DEPTH_must_be_positive,
                       ("banyan_ft_engine: RELAY_DEPTH must be >= 1 (RELAY_DEPTH=%0d)",
                        RELAY_DEPTH))
    `MF_PARAM_ERROR_IF(SRC_LAT < 1 || SRC_LAT > 2, g_bad_src_lat,
                       ERROR_banyan_ft_engine_SRC_LAT_must_be_1_or_2,
                       ("banyan_ft_engine: SRC_LAT must be 1 or 2 (SRC_LAT=%0d)", SRC_LAT))
  endgenerate

  // ---- schedule memory
  reg [EW-1:0] plan_mem [0:PLAN_DEPTH-1];
  always @(posedge clk) begin
    if (plan_wr_en && {{(32-PAW){1'b0}}, plan_wr_addr} < PLAN_DEPTH)
      plan_mem[plan_wr_addr] <= plan_wr_data;
  end

  // ---- control: issue plan entries 0..T-1, B passes, then drain
  reg            busy_q, done_q, issue_q;
  reg [PLW-1:0]  len_q;
  reg [PAW-1:0]  t_q;
  reg [BW-1:0]   b_q;
  reg [7:0]      drain_q;
  reg [31:0]     cyc_q;
  wire [31:0]    len32 = {{(32-PLW){1'b0}}, plan_len};
  wire [PLW-1:0] len_in = (len32 > DEPTH32) ? DEPTH_L : plan_len;
  wire           last_t = ({{(32-PAW){1'b0}}, t_q} + 1 == {{(32-PLW){1'b0}}, len_q});
  wire           last_b = ({{(32-BW){1'b0}}, b_q} == B - 1);
  wire           go = start && !busy_q;

  always @(posedge clk) begin
    if (rst) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      issue_q <= 1'b0;
      len_q <= {PLW{1'b0}};
      t_q <= {PAW{1'b0}};
      b_q <= {BW{1'b0}};
      drain_q <= 8'd0;
      cyc_q <= 32'd0;
    end else if (go) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      issue_q <= (len_in != {PLW{1'b0}});
      len_q <= len_in;
      t_q <= {PAW{1'b0}};
      b_q <= {BW{1'b0}};
      drain_q <= DRAIN[7:0];
      cyc_q <= 32'd0;
    end else if (busy_q) begin
      cyc_q <= cyc_q + 32'd1;
      if (issue_q) begin
        if (last_t) begin
          t_q <= {PAW{1'b0}};
          if (last_b) issue_q <= 1'b0;
          else b_q <= b_q + {{(BW-1){1'b0}}, 1'b1};
        end else begin
          t_q <= t_q + {{(PAW-1){1'b0}}, 1'b1};
        end
      end else if (drain_q == 8'd0) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end else begin
        drain_q <= drain_q - 8'd1;
      end
    end
  end

  // ---- stage A: the entry read in the issue cycle
  reg          a_v;
  reg [EW-1:0] a_ent;
  reg [BW-1:0] a_b;
  always @(posedge clk) begin
    if (rst) a_v <= 1'b0;
    else a_v <= busy_q && issue_q;
    a_ent <= plan_mem[t_q];
    a_b <= b_q;
  end

  // ---- stage X: stage A SRC_LAT - 1 cycles later (SRC_LAT = 2: the block RAM's output
  // register), the cycle before the read data is valid
  wire          x_v;
  wire [EW-1:0] x_ent;
  wire [BW-1:0] x_b;
  generate
    if (SRC_LAT == 2) begin : g_lat2
      reg          r_v;
      reg [EW-1:0] r_ent;
      reg [BW-1:0] r_b;
      always @(posedge clk) begin
        if (rst) r_v <= 1'b0;
        else r_v <= a_v;
        r_ent <= a_ent;
        r_b <= a_b;
      end
      assign x_v = r_v;
      assign x_ent = r_ent;
      assign x_b = r_b;
    end else begin : g_lat1
      assign x_v = a_v;
      assign x_ent = a_ent;
      assign x_b = a_b;
    end
  endgenerate

  // ---- stage C registers (fabric input cycle), written from stage X (the processors' ops
  // are registered decoded, below)
  reg [M-1:0]  c_cfg;
  reg [BW-1:0] c_b;
  always @(posedge clk) begin
    c_cfg <= x_ent[M-1:0];
    c_b <= x_b;
  end

  wire [N-1:0]    f_in_valid;
  wire [N*FW-1:0] f_in_data;
  wire [N-1:0]    f_valid;
  wire [N*FW-1:0] f_data;
  wire [NSW-1:0]  f_conflict;
  wire            unused_conflict = ^f_conflict;

  banyan_fabric #(.N(N), .W(FW), .CONTROL(MF_CTRL_STAGE), .PIPELINE(PIPELINE)) u_fabric (
    .clk(clk), .rst(rst), .in_valid(f_in_valid), .in_data(f_in_data), .in_cfg(c_cfg),
    .in_tag({(N*M){1'b0}}), .fault_en(fault_en), .fault_stage(fault_stage),
    .fault_elem(fault_elem), .fault_kind(fault_kind),
    .out_valid(f_valid), .out_data(f_data), .out_conflict(f_conflict)
  );

  // ---- per processor: source read, relay buffer, sink register and written-word record
  wire [N-1:0] ev_good, ev_dup, ev_bad, ev_miss, ev_ovf;
  reg  [N-1:0] s_v, s_ok;
  reg  [N*AW-1:0] s_addr;
  reg  [N*DW-1:0] s_data;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [M-1:0] ME = i;
      // the read port from stage A (op, dest), the fabric-input registers from stage X
      wire [M+1:0]  a_fld = a_ent[M + i*PW +: M + 2];
      wire [1:0]    a_op = a_fld[1:0];
      wire [M-1:0]  a_dest = a_fld[M+1:2];
      wire [PW-1:0] x_fld = x_ent[M + i*PW +: PW];
      wire [1:0]    x_op = x_fld[1:0];
      // the op of a valid entry, decoded: own word (direct or first hop), first hop, second hop
      reg           c_own, c_first, c_rel;
      reg  [M-1:0]  c_dest;
      reg  [SW-1:0] c_slot;
      always @(posedge clk) begin
        if (rst) begin
          c_own <= 1'b0;
          c_first <= 1'b0;
          c_rel <= 1'b0;
        end else begin
          c_own <= x_v && (x_op == MF_FTOP_DIRECT[1:0] || x_op == MF_FTOP_FIRST[1:0]);
          c_first <= x_v && (x_op == MF_FTOP_FIRST[1:0]);
          c_rel <= x_v && (x_op == MF_FTOP_RELAY[1:0]);
        end
        c_dest <= x_fld[M+1:2];
        c_slot <= x_fld[PW-1:M+2];
      end
      assign src_rd_en[i] = a_v && (a_op == MF_FTOP_DIRECT[1:0] || a_op == MF_FTOP_FIRST[1:0]);
      if (HBW > 0) begin : g_addr_b
        assign src_rd_addr[i*AW +: AW] = {a_b[HBW-1:0], a_dest};
      end else begin : g_addr
        assign src_rd_addr[i*AW +: AW] = a_dest;
      end

      // Relay buffer: RELAY_DEPTH slots of RW bits and their valid bits.
      reg [RW-1:0]          rmem [0:RELAY_DEPTH-1];
      reg [RELAY_DEPTH-1:0] rv;
      wire c_slot_ok = ({{(32-SW){1'b0}}, c_slot} < RELAY_DEPTH);
      wire [RW-1:0] r_word = c_slot_ok ? rmem[c_slot] : {RW{1'b0}};
      wire r_held = c_slot_ok && rv[c_slot];
      wire [RW-1:0] own_word;
      if (HBW > 0) begin : g_own_b
        assign own_word = {c_b[HBW-1:0], c_dest, ME, src_rd_data[i*DW +: DW]};
      end else begin : g_own
        assign own_word = {c_dest, ME, src_rd_data[i*DW +: DW]};
        wire unused_b = ^c_b;
      end
      assign f_in_valid[i] = c_own || (c_rel && r_held);
      assign f_in_data[i*FW +: FW] =
          c_own ? {c_first, c_first ? c_slot : {SW{1'b0}}, own_word} :
          (c_rel && r_held) ? {1'b0, {SW{1'b0}}, r_word} : {FW{1'b0}};
      assign ev_miss[i] = c_rel && !r_held;

      // Arrivals at output i: first hops into the relay buffer, final hops to the sink.
      wire [FW-1:0] o_word = f_data[i*FW +: FW];
      wire [SW-1:0] o_slot = o_word[O_SLOT +: SW];
      wire o_hop = f_valid[i] && o_word[O_HOP];
      wire o_slot_ok = ({{(32-SW){1'b0}}, o_slot} < RELAY_DEPTH);
      wire [RELAY_DEPTH-1:0] clr = (c_rel && r_held) ? ({{(RELAY_DEPTH-1){1'b0}}, 1'b1} << c_slot)
                                                     : {RELAY_DEPTH{1'b0}};
      wire [RELAY_DEPTH-1:0] set = (o_hop && o_slot_ok) ?
                                   ({{(RELAY_DEPTH-1){1'b0}}, 1'b1} << o_slot) :
                                   {RELAY_DEPTH{1'b0}};
      assign ev_ovf[i] = o_hop && (!o_slot_ok || |(rv & ~clr & set));
      always @(posedge clk) begin
        if (rst || go) rv <= {RELAY_DEPTH{1'b0}};
        else rv <= (rv & ~clr) | set;
        if (o_hop && o_slot_ok) rmem[o_slot] <= o_word[RW-1:0];
      end

      wire [M-1:0] o_src = o_word[DW +: M];
      wire [M-1:0] o_dst = o_word[DW + M +: M];
      wire [AW-1:0] o_addr;
      if (HBW > 0) begin : g_oaddr_b
        assign o_addr = {o_word[DW + 2*M +: BW], o_src};
      end else begin : g_oaddr
        assign o_addr = o_src;
      end
      always @(posedge clk) begin
        if (rst) s_v[i] <= 1'b0;
        else s_v[i] <= f_valid[i] && !o_word[O_HOP];
        s_ok[i] <= ({{(32-M){1'b0}}, o_dst} == i);
        s_data[i*DW +: DW] <= o_word[DW-1:0];
        s_addr[i*AW +: AW] <= o_addr;
      end
      assign snk_wr_en[i] = s_v[i] && s_ok[i];
      assign snk_wr_addr[i*AW +: AW] = s_addr[i*AW +: AW];
      assign snk_wr_data[i*DW +: DW] = s_data[i*DW +: DW];

      // Written-word record of sink i (one bit per address).
      reg [NB-1:0] seen;
      wire hit = seen[s_addr[i*AW +: AW]];
      assign ev_good[i] = snk_wr_en[i] && !hit;
      assign ev_dup[i] = snk_wr_en[i] && hit;
      assign ev_bad[i] = s_v[i] && !s_ok[i];
      always @(posedge clk) begin
        if (rst || go) seen <= {NB{1'b0}};
        else if (snk_wr_en[i]) seen[s_addr[i*AW +: AW]] <= 1'b1;
      end
    end
  endgenerate

  // ---- counters: the event vectors registered (stage E), their population counts through
  // pipelined radix-4 trees (a2a_popcount, PL levels), counters as wide as one exchange can
  // count (a2a_counter); the words still due are counted down, so `missing` needs no
  // subtraction.
  reg [N-1:0] e_wr, e_good, e_bad, e_dup, e_miss, e_ovf;
  always @(posedge clk) begin
    if (rst || go) begin
      e_wr <= {N{1'b0}};
      e_good <= {N{1'b0}};
      e_bad <= {N{1'b0}};
      e_dup <= {N{1'b0}};
      e_miss <= {N{1'b0}};
      e_ovf <= {N{1'b0}};
    end else begin
      e_wr <= snk_wr_en;
      e_good <= ev_good;
      e_bad <= ev_bad;
      e_dup <= ev_dup;
      e_miss <= ev_miss;
      e_ovf <= ev_ovf;
    end
  end

  wire          clear = go;
  wire [CW-1:0] p_wr, p_good, p_bad, p_dup, p_miss, p_ovf;
  a2a_popcount #(.X(N), .L(PL)) u_pc_wr (
    .clk(clk), .rst(rst), .clear(clear), .in(e_wr), .count(p_wr)
  );
  a2a_popcount #(.X(N), .L(PL)) u_pc_good (
    .clk(clk), .rst(rst), .clear(clear), .in(e_good), .count(p_good)
  );
  a2a_popcount #(.X(N), .L(PL)) u_pc_bad (
    .clk(clk), .rst(rst), .clear(clear), .in(e_bad), .count(p_bad)
  );
  a2a_popcount #(.X(N), .L(PL)) u_pc_dup (
    .clk(clk), .rst(rst), .clear(clear), .in(e_dup), .count(p_dup)
  );
  a2a_popcount #(.X(N), .L(PL)) u_pc_miss (
    .clk(clk), .rst(rst), .clear(clear), .in(e_miss), .count(p_miss)
  );
  a2a_popcount #(.X(N), .L(PL)) u_pc_ovf (
    .clk(clk), .rst(rst), .clear(clear), .in(e_ovf), .count(p_ovf)
  );

  wire [31:0] due;
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_wr (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_wr), .value(delivered)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_bad (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_bad), .value(err_dst)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_dup (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_dup), .value(err_dup)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_miss (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_miss), .value(relay_miss)
  );
  a2a_counter #(.VW(VW), .IW(CW)) u_cnt_ovf (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_ovf), .value(relay_ovf)
  );
  a2a_counter #(.VW(VWD), .IW(CW), .DOWN(1), .INIT(TOTAL)) u_cnt_due (
    .clk(clk), .rst(rst), .clear(clear), .inc(p_good), .value(due)
  );

  assign busy = busy_q;
  assign done = done_q;
  assign cycles = cyc_q;
  assign missing = done_q ? due : 32'd0;
endmodule

`default_nettype wire
