// hypercube_node: one node of the packet-switched d-cube (paper 004, Corollary 3.5): a
// packet register, a schedule memory with one entry per step, the d links of the node and
// the checker of the packet the node ends with.  hypercube_net instantiates 2^D of them.
//
// Numbering (docs/hypercube.md): node v = INDEX, 0 <= v < 2^D; its link
// k (k = 0..D-1) joins it to node v xor 2^k (the paper's (k+1)th-dimensional edge pair).  A packet is
// the word {data, dst, src} (PW = 2D + W bits): src = bits [D-1:0] (the node that generated
// it, paper's label (i, pi(i))), dst = bits [2D-1:D] (pi(i)), data = bits [PW-1:2D].
//
// Schedule entry (SW = ceil(log2(D+1)) bits) of step t: 0 = keep the packet, k+1 = send it
// on link k (to node v xor 2^k).  Codes above D send the packet nowhere: it is lost (and an
// empty node follows, flagged there).
//
// Step rule (one step per cycle while `run`): the packets arriving at the node are its own
// (entry 0 and a valid register) and one per link whose neighbour sends to it (`nb_valid`).
// The register becomes valid iff at least one arrives; it takes the bitwise OR of the
// arriving packets (exactly the packet when one arrives, the rules' case).  Two or more
// arrivals set err_collide, none sets err_empty; both flags are sticky until `clear`.
//
// Parameters
//   D      dimension, 1..16
//   STEPS  schedule entries (steps of a run), >= 1
//   W      data bits per packet, >= 1
//   INDEX  this node's number v, 0 .. 2^D - 1
// Derived: SW = ceil(log2(D+1)) (entry width), TW = max(1, ceil(log2 STEPS)) (step index),
//   PW = 2D + W (packet width)
// Ports
//   clk, rst            clock, synchronous active-high reset (clears the valid bit, the
//                       flags and the entry read ahead; the packet bits and the schedule
//                       memory are not reset)
//   clear               clears err_collide and err_empty at this edge (a run starts)
//   run                 1 while a run executes: a step is applied at this edge
//   pre_en              read the entry of the coming step into the node at this edge (at
//                       the start of a run and at the end of every step)
//   pre_step [TW-1:0]   the coming step (< STEPS)
//   pre_byp             take sched_code instead of the memory's entry pre_step (a schedule
//                       row written at the very edge that starts the run: hypercube_net)
//   pre_none            with pre_en: no step comes (the run's last step ends at this edge)
//   sched_we            writes sched_code into entry sched_step at this edge (ignored while
//                       run; entries >= STEPS are ignored)
//   sched_step [TW-1:0], sched_code [SW-1:0]
//   load_we             loads {load_data, load_dst, INDEX} into the register, valid = 1
//                       (ignored while run)
//   load_dst [D-1:0], load_data [W-1:0]
//   nb_valid [D-1:0]    bit k: the neighbour across link k sends its packet here this cycle
//   nb_pkt [D*PW-1:0]   the neighbour across link k's packet at [k*PW +: PW]
//   send [D-1:0]        bit k: this node sends its packet on link k this cycle (valid
//                       register and entry k+1 read ahead, which is none while idle;
//                       combinational)
//   valid, pkt [PW-1:0] the packet register
//   ok                  checker: the node holds a packet addressed to it (valid, dst = INDEX)
//   err_collide, err_empty  sticky rule-violation flags (see the step rule)
// Timing: everything registered at the rising edge; the entry of step t is read into the
// node at the edge before the cycle that executes step t (pre_en, pre_step = t); send and ok
// are combinational functions of the registers.
`default_nettype none
`include "mf_param_check.vh"

module hypercube_node (
  clk, rst, clear, run, pre_en, pre_step, pre_byp, pre_none, sched_we, sched_step,
  sched_code, load_we, load_dst, load_data, nb_valid, nb_pkt, send, valid, pkt, ok,
  err_collide, err_empty
);
  parameter integer D = 3;
  parameter integer STEPS = 3;
  parameter integer W = 8;
  parameter integer INDEX = 0;

`include "mf_functions.vh"

  localparam integer SW = mf_clog2(D + 1);
  localparam integer TW = (mf_clog2(STEPS) < 1) ? 1 : mf_clog2(STEPS);
  localparam integer PW = 2 * D + W;
  localparam [31:0] STEPS32 = STEPS;
  localparam [31:0] INDEX32 = INDEX;
  localparam [D-1:0] ME = INDEX32[D-1:0];

  input  wire            clk;
  input  wire            rst;
  input  wire            clear;
  input  wire            run;
  input  wire            pre_en;
  input  wire [TW-1:0]   pre_step;
  input  wire            pre_byp;
  input  wire            pre_none;
  input  wire            sched_we;
  input  wire [TW-1:0]   sched_step;
  input  wire [SW-1:0]   sched_code;
  input  wire            load_we;
  input  wire [D-1:0]    load_dst;
  input  wire [W-1:0]    load_data;
  input  wire [D-1:0]    nb_valid;
  input  wire [D*PW-1:0] nb_pkt;
  output wire [D-1:0]    send;
  output wire            valid;
  output wire [PW-1:0]   pkt;
  output wire            ok;
  output wire            err_collide;
  output wire            err_empty;

  generate
    `MF_PARAM_ERROR_IF(D < 1 || D > 16, g_bad_d, ERROR_hypercube_node_D_must_be_1_to_16,
                       ("hypercube_node: D must be 1..16 (D=%0d)", D))
    `MF_PARAM_ERROR_IF(STEPS < 1, g_bad_steps, ERROR_hypercube_node_STEPS_must_be_positive,
                       ("hypercube_node: STEPS must be >= 1 (STEPS=%0d)", STEPS))
    `MF_PARAM_ERROR_IF(W < 1, g_bad_w, ERROR_hypercube_node_W_must_be_positive,
                       ("hypercube_node: W must be >= 1 (W=%0d)", W))
    `MF_PARAM_ERROR_IF(INDEX < 0 || INDEX >= (1 << D), g_bad_index,
                       ERROR_hypercube_node_INDEX_out_of_range,
                       ("hypercube_node: INDEX must be 0..2^D-1 (INDEX=%0d, D=%0d)", INDEX, D))
  endgenerate

  // The schedule memory: entry t = what this node does with its packet in step t.
  reg [SW-1:0] mem [0:STEPS-1];
  always @(posedge clk) begin
    if (sched_we && !run && {{(32-TW){1'b0}}, sched_step} < STEPS32) mem[sched_step] <= sched_code;
  end

  // The entry of the coming step, read one cycle ahead and decoded into sel_q: bit 0 keep,
  // bit k+1 send on link k, none for a code above D, and none while idle (reset, and the edge
  // that ends a run's last step: pre_none).  So a step's path is sel_q -> the neighbours'
  // multiplexers -> their registers: neither the memory's read multiplexer nor the run
  // controller is on it.
  wire [SW-1:0] pre_code = pre_byp ? sched_code : mem[pre_step];
  reg  [D:0]    sel_q;
  genvar k;
  generate
    for (k = 0; k <= D; k = k + 1) begin : g_sel
      localparam [31:0] K32 = k;
      always @(posedge clk) begin
        if (rst) sel_q[k] <= 1'b0;
        else if (pre_en) sel_q[k] <= !pre_none && pre_code == K32[SW-1:0];
      end
    end
  endgenerate

  reg          valid_q;
  reg [PW-1:0] pkt_q;
  reg          collide_q;
  reg          empty_q;

  // Own packet kept (entry 0), or sent on link k (entry k+1).
  wire mine = valid_q && sel_q[0];
  assign send = valid_q ? sel_q[D:1] : {D{1'b0}};
  wire load = load_we && !run;

  // The arrivals: the kept packet, one per sending neighbour, and a loaded packet (only while
  // idle, when nothing else arrives).  nxt = OR of the arriving packets; any = at least one
  // packet arrived in a step, two = at least two.
  reg [PW-1:0] nxt;
  reg          any;
  reg          two;
  integer      j;
  wire [D:0] arr = {nb_valid, mine};
  always @* begin
    nxt = (mine ? pkt_q : {PW{1'b0}}) | (load ? {load_data, load_dst, ME} : {PW{1'b0}});
    for (j = 0; j < D; j = j + 1)
      if (nb_valid[j]) nxt = nxt | nb_pkt[j*PW +: PW];
    any = |arr;
    // at least two arrivals: some arrival and another one above it (a flat OR of D+1 terms)
    two = 1'b0;
    for (j = 0; j < D; j = j + 1)
      two = two | (arr[j] & |(arr >> (j + 1)));
  end

  always @(posedge clk) begin
    if (rst) begin
      valid_q   <= 1'b0;
      collide_q <= 1'b0;
      empty_q   <= 1'b0;
    end else begin
      if (run || load) begin
        valid_q <= any || load;
        pkt_q   <= nxt;
      end
      // sticky from a run's step to the next start (clear and run never coincide)
      collide_q <= (collide_q && !clear) || (run && two);
      empty_q   <= (empty_q && !clear) || (run && !any);
    end
  end

  assign valid       = valid_q;
  assign pkt         = pkt_q;
  assign ok          = valid_q && pkt_q[2*D-1:D] == ME;
  assign err_collide = collide_q;
  assign err_empty   = empty_q;
endmodule

`default_nettype wire
