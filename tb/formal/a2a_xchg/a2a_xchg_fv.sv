// a2a_xchg_fv: formal harness of the all-to-all data engines (group 3, issue 24):
// gsen_a2a_xchg (SCHED 0 alternating / Algorithm 4, 1 stage control, 2 player) and
// banyan_a2a_xchg (Latin square L'), each with its parts (a2a_ctrl, a2a_source, the fabric,
// a2a_sink, a2a_monitor).
//
// The reference is the exchange's definition, not the RTL's functions:
//   * docs/engines.md, first paragraph, and paper 001 section 1 / paper 000 section 2
//     ("all-to-all personalized exchange": every processor sends a distinct message to
//     every processor): source s holds the word for destination j, block word b, at address
//     b*N + j; after one exchange sink j holds it at address b*N + s (the transpose).
//     Every sink address is written exactly once, with that word; every source address is
//     read exactly once (docs/engines.md, "Ports", last paragraph).
//   * docs/engines.md, "Timing": start sampled at an edge (when not busy) starts cycle 0;
//     busy in cycles 0 .. B*ROUNDS + LAT - 1, done rises at the edge that ends cycle
//     B*ROUNDS + LAT - 1 and stays until the next accepted start; cycles = cycles since
//     start, B*ROUNDS + LAT when done; LAT = FLAT + 4 + PL, FLAT = n = ceil(log2 N)
//     (PIPELINE = 1), PL = max(1, ceil(log4 N)) (USE_TAGS = 0).  ROUNDS: N (GSEN alt,
//     Algorithm 4 of paper 001; banyan, the N rows of the Latin square L' of paper 000,
//     Algorithm A / Properties 1 and 2), 2^n (GSEN stage control, paper 001 section 3,
//     R_sc(N) = 2^n, Theorem 3.8), LEN (player).
//   * docs/engines.md, "Ports": start is ignored while busy (a restart attempt while busy
//     changes nothing: the exchange runs on and ends at its documented cycle) and restarts
//     after done; the source read data is valid the cycle after src_rd_en (synchronous
//     read, one cycle of latency); err_dst, err_dup, conflicts stay 0 and missing is 0
//     (N*N*B - delivered when done, and delivered = N*N*B) in a fault-free exchange.
//
// The user's source memories are free-but-constant words ((* anyconst *)): N*N*B words of
// DW bits; a read port answers one cycle after its read enable with the addressed word and
// with an arbitrary word (anyseq) when it was not enabled.  start is a free input in every
// cycle (also while busy: the restart attempts); rst is 1 in the first cycle and then 0.
//
// The banyan's fault port is tied off (fault_en = 0): the fault-free exchange.
//
// Defines: FV_PROTO  only the start / busy / done / cycles properties and no memory model
// (the k-induction task `proto` and the task `cover`); otherwise also the data and counter
// properties (the bmc tasks).
`default_nettype none
`include "mf_codes.vh"
// ENG, the engine under proof: a GSEN scheduler code (`MF_SCHED_*: gsen_a2a_xchg's SCHED) or
// one of the harness's two selectors after them; named per task by the .sby
// (`read -define FV_ENG=`MF_SCHED_STAGE`; no FV_ENG: the banyan).
`define FV_ENG_BANYAN (`MF_SCHED_PLAYER + 1)  // banyan_a2a_xchg
`define FV_ENG_ALL (`MF_SCHED_PLAYER + 2)     // all four engines (tasks proto and cover)
`ifndef FV_ENG
`define FV_ENG `FV_ENG_BANYAN
`endif

module a2a_xchg_fv_lane #(
  parameter integer ENG = `FV_ENG_BANYAN,  // a GSEN scheduler code or FV_ENG_BANYAN
  parameter integer N = 4,
  parameter integer B = 1,
  parameter integer DW = 1,
  parameter integer PCTRL = `MF_CTRL_STAGE,  // player: control of its list
  parameter integer PLEN = 4,   // player: entries
  parameter [255:0] PTAB = 0    // player: entry e at [e*PEW +: PEW] (PEW = N + 4*ceil(n/4))
) (
  input wire clk,
  input wire rst,
  input wire start,
  output wire is_done,
  output wire restart_seen,
  output wire [1:0] n_done
);
  function integer fv_clog2;  // ceil(log2 x), x >= 1
    input integer x;
    integer v;
    begin
      fv_clog2 = 0;
      v = 1;
      while (v < x) begin
        fv_clog2 = fv_clog2 + 1;
        v = v * 2;
      end
    end
  endfunction
  function integer fv_clog4_min1;  // max(1, ceil(log4 x))
    input integer x;
    integer v;
    begin
      fv_clog4_min1 = 1;
      v = 4;
      while (v < x) begin
        fv_clog4_min1 = fv_clog4_min1 + 1;
        v = v * 4;
      end
    end
  endfunction

  localparam integer NB = N * B;                       // words per buffer
  localparam integer AW = (fv_clog2(NB) < 1) ? 1 : fv_clog2(NB);
  localparam integer NS = fv_clog2(N);                 // n (GSEN), m (banyan)
  localparam integer ROUNDS = (ENG == `MF_SCHED_ALT) ? N : (ENG == `MF_SCHED_STAGE) ? (1 << NS) :
                               (ENG == `MF_SCHED_PLAYER) ? PLEN : N;
  localparam integer FLAT = NS;                        // PIPELINE = 1
  localparam integer PL = fv_clog4_min1(N);            // USE_TAGS = 0
  localparam integer LAT = FLAT + 4 + PL;
  localparam integer TOTAL = B * ROUNDS + LAT;         // cycles of one exchange
  localparam integer CW = fv_clog2(TOTAL + 1);
  localparam integer PAW = (fv_clog2(PLEN) < 1) ? 1 : fv_clog2(PLEN);
  localparam integer PEW = N + 4 * ((NS + 3) / 4);
  localparam [31:0] NNB = N * N * B;
  localparam [31:0] TOTAL32 = TOTAL;
  localparam integer FSW = (fv_clog2(NS) < 1) ? 1 : fv_clog2(NS);  // banyan fault ports
  localparam integer FEW = (NS - 1 < 1) ? 1 : NS - 1;

  // ---- the DUT ----
  wire        busy, done;
  wire [31:0] cycles, delivered, err_dst, err_dup, missing, conflicts;
  wire [N-1:0]    src_rd_en, snk_wr_en;
  wire [N*AW-1:0] src_rd_addr, snk_wr_addr;
  reg  [N*DW-1:0] src_rd_data;
  wire [N*DW-1:0] snk_wr_data;

  // player: the harness writes its list through pl_wr_* after reset, before any start
  reg  [PAW:0]   wcnt;
  wire           pl_wr_en = (ENG == `MF_SCHED_PLAYER) && (wcnt < PLEN);
  wire [PAW-1:0] pl_wr_addr = wcnt[PAW-1:0];
  wire [PEW-1:0] pl_wr_data = PTAB[wcnt[PAW-1:0]*PEW +: PEW];
  always @(posedge clk) begin
    if (rst) wcnt <= 0;
    else if (wcnt < PLEN) wcnt <= wcnt + 1'b1;
  end
  wire table_ready = (ENG != `MF_SCHED_PLAYER) || (wcnt >= PLEN);

  generate
    if (ENG == `FV_ENG_BANYAN) begin : g_banyan
      banyan_a2a_xchg #(.N(N), .DW(DW), .B(B), .PIPELINE(1), .USE_TAGS(0)) dut (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data),
        .fault_en(1'b0), .fault_stage({FSW{1'b0}}), .fault_elem({FEW{1'b0}}),
        .fault_kind(2'b00)
      );
    end else begin : g_gsen
      gsen_a2a_xchg #(.N(N), .DW(DW), .B(B), .SCHED(ENG), .PIPELINE(1), .USE_TAGS(0),
                      .PLAYER_CONTROL(PCTRL), .PLAYER_LEN(PLEN)) dut (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
        .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
        .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
        .snk_wr_data(snk_wr_data),
        .pl_wr_en(pl_wr_en), .pl_wr_addr(pl_wr_addr), .pl_wr_data(pl_wr_data)
      );
    end
  endgenerate

  // the list is written before start (gsen_sched_player, docs/engines.md)
  always @(*) if (!table_ready) assume (!start);

  // ---- the documented protocol, as a reference state machine ----
  // hrun: an exchange runs (cycles 0 .. TOTAL-1), hcnt: its cycle, hdone: finished
  reg          hrun, hdone;
  reg [CW-1:0] hcnt;
  reg [1:0]    ndone;      // exchanges completed (saturating), for the cover points
  reg          restarted;  // a start was presented while an exchange ran
  wire         acc = start && !hrun;  // accepted start (ignored while busy)
  always @(posedge clk) begin
    if (rst) begin
      hrun <= 1'b0;
      hdone <= 1'b0;
      hcnt <= 0;
      ndone <= 2'd0;
      restarted <= 1'b0;
    end else if (acc) begin
      hrun <= 1'b1;
      hdone <= 1'b0;
      hcnt <= 0;
    end else if (hrun) begin
      hcnt <= hcnt + 1'b1;
      if (start) restarted <= 1'b1;
      if (hcnt == TOTAL - 1) begin
        hrun <= 1'b0;
        hdone <= 1'b1;
        if (ndone != 2'd3) ndone <= ndone + 2'd1;
      end
    end
  end
  assign is_done = hdone;
  assign restart_seen = restarted;
  assign n_done = ndone;

  always @(posedge clk) begin
    if (!rst) begin
      // docs/engines.md Timing: busy exactly in cycles 0 .. TOTAL-1, done from the edge
      // ending cycle TOTAL-1 until the next accepted start, never both
      assert (busy == hrun);
      assert (done == hdone);
      assert (!(busy && done));
      // cycles counts the cycles since start; = B*ROUNDS + LAT when done
      if (hrun) assert (cycles == {{(32-CW){1'b0}}, hcnt});
      if (hdone) assert (cycles == TOTAL32);
      if (hrun) assert (hcnt < TOTAL);  // (reference state: keeps the induction closed)
    end
  end

`ifndef FV_PROTO
  // ---- the user's memories ----
  (* anyconst *) reg [N*NB*DW-1:0] smem;  // source s, address a: word s*NB + a
  (* anyseq *)   reg [N*DW-1:0]    junk;  // the read port's output when not enabled
  reg [N*NB-1:0] rd_seen, wr_seen;        // per buffer: addresses read / written
  wire [N*NB-1:0] rd_set, wr_set;

  genvar i, a;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_port
      wire [AW-1:0] ra = src_rd_addr[i*AW +: AW];
      wire [AW-1:0] wa = snk_wr_addr[i*AW +: AW];
      // synchronous read, one cycle of latency
      always @(posedge clk)
        src_rd_data[i*DW +: DW] <= src_rd_en[i] ? smem[(i*NB + ra)*DW +: DW] : junk[i*DW +: DW];
      for (a = 0; a < NB; a = a + 1) begin : g_addr
        assign rd_set[i*NB + a] = src_rd_en[i] && (ra == a);
        assign wr_set[i*NB + a] = snk_wr_en[i] && (wa == a);
        // the transpose: sink i, address a = b*N + s receives source s's word at b*N + i
        localparam integer S = a % N;
        localparam integer BB = a / N;
        always @(posedge clk) begin
          if (!rst && snk_wr_en[i] && wa == a)
            assert (snk_wr_data[i*DW +: DW] == smem[(S*NB + BB*N + i)*DW +: DW]);
        end
      end
      always @(posedge clk) begin
        if (!rst) begin
          // reads and writes only while an exchange runs, inside the buffer, each address
          // once per exchange
          if (src_rd_en[i]) begin
            assert (hrun);
            assert (ra < NB);
            assert (!rd_seen[i*NB + ra]);
          end
          if (snk_wr_en[i]) begin
            assert (hrun);
            assert (wa < NB);
            assert (!wr_seen[i*NB + wa]);
          end
        end
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (rst || acc) begin
      rd_seen <= 0;
      wr_seen <= 0;
    end else begin
      rd_seen <= rd_seen | rd_set;
      wr_seen <= wr_seen | wr_set;
    end
  end

  always @(posedge clk) begin
    if (!rst) begin
      // fault-free exchange: no error counter moves, nothing missing
      assert (err_dst == 0);
      assert (err_dup == 0);
      assert (conflicts == 0);
      assert (missing == 0);
      // when done: every sink address written (and every source address read) exactly once,
      // and delivered = N*N*B
      if (hdone) begin
        assert (&wr_seen);
        assert (&rd_seen);
        assert (delivered == NNB);
      end
    end
  end
`endif
endmodule

// Top: ENG a GSEN scheduler code or FV_ENG_BANYAN: one engine (ENG, N, PCTRL, PLEN, PTAB),
// two lanes: B = 1 with DW = 2 and B = 2 with DW = 1.  ENG = FV_ENG_ALL: all four engines
// (ENG MF_SCHED_ALT .. FV_ENG_BANYAN) at their smallest legal N (GSEN alt N = 6,
// stage N = 4, player N = 4 with the list PTAB_ALL, banyan N = 4), two lanes each (the
// protocol and cover tasks).
module a2a_xchg_fv #(
  parameter integer ENG = `FV_ENG,
  parameter integer N = 4,
  parameter integer PCTRL = `MF_CTRL_STAGE,
  parameter integer PLEN = 4,
  parameter [255:0] PTAB = 0
) (
  input wire       clk,
  input wire       rst,
  input wire [7:0] start  // lane 2*e + (B - 1)
);
  // the player's list at N = 4 under stage control (a legal table, paper 001 Theorem 3.8
  // with 2^n = N: every configuration C routes a permutation and the N configurations
  // together route every pair once), in the order C = 2, 0, 3, 1; entry = {mask, C}
  localparam [255:0] PTAB_ALL = 32'hf1f3f0f2;
  localparam integer E0 = (ENG == `FV_ENG_ALL) ? `MF_SCHED_ALT : ENG;
  localparam integer E1 = (ENG == `FV_ENG_ALL) ? `FV_ENG_BANYAN : ENG;

  initial assume (rst);
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  always @(*) if (!init) assume (!rst);

  genvar e, b;
  generate
    for (e = E0; e <= E1; e = e + 1) begin : g_eng
      localparam integer NE = (ENG != `FV_ENG_ALL) ? N : (e == `MF_SCHED_ALT) ? 6 : 4;
      localparam integer PC = (ENG != `FV_ENG_ALL) ? PCTRL : `MF_CTRL_STAGE;
      localparam integer PN = (ENG != `FV_ENG_ALL) ? PLEN : 4;
      localparam [255:0] PT = (ENG != `FV_ENG_ALL) ? PTAB : PTAB_ALL;
      for (b = 1; b <= 2; b = b + 1) begin : g_b
        wire       is_done, rs;
        wire [1:0] nd;
        a2a_xchg_fv_lane #(.ENG(e), .N(NE), .B(b), .DW(3 - b), .PCTRL(PC), .PLEN(PN),
                           .PTAB(PT)) u_lane (
          .clk(clk), .rst(rst), .start(start[2*e + b - 1]), .is_done(is_done),
          .restart_seen(rs), .n_done(nd)
        );
        // cover points, one per lane (one trace each): done rises after a restart attempt
        // while busy (exchange 1), and for B = 1 a second exchange after the first
        // completes (B = 2: exchange 1 only, which keeps the cover depth short)
        always @(posedge clk) begin
          if (!rst) cover (is_done && rs && nd == ((b == 1) ? 2'd2 : 2'd1));
        end
      end
    end
  endgenerate
endmodule

`default_nettype wire
