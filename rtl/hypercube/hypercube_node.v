// hypercube_node: one node of the packet-switched d-cube (paper 004, Corollary 3.5): a
// packet register, a schedule memory with one entry per step, the d links of the node and
// the checker of the packet the node ends with.  hypercube_net instantiates 2^D of them.
//
// Numbering (docs/hypercube.md): node v = `index`, 0 <= v < 2^D; its link
// k (k = 0..D-1) joins it to node v xor 2^k (the k-th dimensional edge pair).  A packet is
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
// Derived: SW = ceil(log2(D+1)) (entry width), TW = max(1, ceil(log2 STEPS)) (step index),
//   PW = 2D + W (packet width)
// Ports
//   index [D-1:0]       this node's number v (a constant: hypercube_net ties it to v; a
//                       port rather than a parameter so that every node is the same module,
//                       which halves the C++ Verilator writes for the net)
//   clk, rst            clock, synchronous active-high reset (clears the valid bit and the
//                       flags; the packet bits and the schedule memory are not reset)
//   clear               clears err_collide and err_empty at this edge (a run starts)
//   run                 1 while a run executes: step `step` is applied at this edge
//   step [TW-1:0]       the step being executed (< STEPS)
//   sched_we            writes sched_code into entry sched_step at this edge (ignored while
//                       run; entries >= STEPS are ignored)
//   sched_step [TW-1:0], sched_code [SW-1:0]
//   load_we             loads {load_data, load_dst, index} into the register, valid = 1
//                       (ignored while run)
//   load_dst [D-1:0], load_data [W-1:0]
//   nb_valid [D-1:0]    bit k: the neighbour across link k sends its packet here this cycle
//   nb_pkt [D*PW-1:0]   the neighbour across link k's packet at [k*PW +: PW]
//   send [D-1:0]        bit k: this node sends its packet on link k this cycle (run, valid
//                       register and entry k+1; combinational)
//   valid, pkt [PW-1:0] the packet register
//   ok                  checker: the node holds a packet addressed to it (valid, dst = index)
//   err_collide, err_empty  sticky rule-violation flags (see the step rule)
// Timing: everything registered at the rising edge; send and ok are combinational
// functions of the registers, the memory and the step.
`default_nettype none
`include "mf_param_check.vh"

module hypercube_node (
  index, clk, rst, clear, run, step, sched_we, sched_step, sched_code, load_we, load_dst,
  load_data, nb_valid, nb_pkt, send, valid, pkt, ok, err_collide, err_empty
);
  parameter integer D = 3;
  parameter integer STEPS = 3;
  parameter integer W = 8;

`include "mf_functions.vh"

  localparam integer SW = mf_clog2(D + 1);
  localparam integer TW = (mf_clog2(STEPS) < 1) ? 1 : mf_clog2(STEPS);
  localparam integer PW = 2 * D + W;
  localparam [31:0] STEPS32 = STEPS;

  input  wire [D-1:0]    index;
  input  wire            clk;
  input  wire            rst;
  input  wire            clear;
  input  wire            run;
  input  wire [TW-1:0]   step;
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
  endgenerate

  // The schedule memory: entry t = what this node does with its packet in step t.
  reg [SW-1:0] mem [0:STEPS-1];
  always @(posedge clk) begin
    if (sched_we && !run && {{(32-TW){1'b0}}, sched_step} < STEPS32) mem[sched_step] <= sched_code;
  end
  wire [SW-1:0] code = mem[step];

  reg          valid_q;
  reg [PW-1:0] pkt_q;
  reg          collide_q;
  reg          empty_q;

  // Own packet kept (entry 0), or sent on link k (entry k+1).
  wire mine = run && valid_q && code == {SW{1'b0}};
  genvar k;
  generate
    for (k = 0; k < D; k = k + 1) begin : g_link
      localparam [31:0] K1 = k + 1;
      assign send[k] = run && valid_q && code == K1[SW-1:0];
    end
  endgenerate

  // The arrivals: the kept packet and one per sending neighbour.  nxt = OR of the arriving
  // packets; any = at least one, two = at least two.
  reg [PW-1:0] nxt;
  reg          any;
  reg          two;
  integer      j;
  always @* begin
    nxt = mine ? pkt_q : {PW{1'b0}};
    any = mine;
    two = 1'b0;
    for (j = 0; j < D; j = j + 1) begin
      if (nb_valid[j]) nxt = nxt | nb_pkt[j*PW +: PW];
      two = two | (any & nb_valid[j]);
      any = any | nb_valid[j];
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      valid_q   <= 1'b0;
      collide_q <= 1'b0;
      empty_q   <= 1'b0;
    end else begin
      if (clear) begin
        collide_q <= 1'b0;
        empty_q   <= 1'b0;
      end
      if (run) begin
        valid_q <= any;
        pkt_q   <= nxt;
        if (two) collide_q <= 1'b1;
        if (!any) empty_q <= 1'b1;
      end else if (load_we) begin
        valid_q <= 1'b1;
        pkt_q   <= {load_data, load_dst, index};
      end
    end
  end

  assign valid       = valid_q;
  assign pkt         = pkt_q;
  assign ok          = valid_q && pkt_q[2*D-1:D] == index;
  assign err_collide = collide_q;
  assign err_empty   = empty_q;
endmodule

`default_nettype wire
