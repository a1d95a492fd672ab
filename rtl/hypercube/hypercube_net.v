// hypercube_net: a synthesizable packet-switched d-cube (paper 004, Corollary 3.5) that
// executes a loaded schedule: 2^D nodes (hypercube_node), each with one packet register, a
// schedule memory of STEPS entries and D bidirectional links (node v's link k joins it to
// node v xor 2^k), a run controller, and a checker at every node that the packet it ends
// with is the one addressed to it.  In each step every node keeps its packet or sends it on
// one link; no packet is buffered.  The schedule of Corollary 3.5 routes any permutation in
// at most 2D - 3 steps (D >= 3): the model computes it (docs/hypercube.md), the host loads it.
//
// Packet = {data, dst, src} (PW = 2D + W bits; src = the node that generated it, dst = its
// destination pi(src)).  Schedule entry (SW bits) of node v, step t: 0 = keep, k+1 = send on
// link k.  Step rule, collisions, flags: hypercube_node.v.
//
// Parameters
//   D      dimension, 1..16 (NN = 2^D nodes)
//   STEPS  steps of a run = schedule entries per node, >= 1 (default 2D - 3 for D >= 3, the
//          bound of Corollary 3.5; D otherwise).  Shorter schedules are padded with keep
//          entries.
//   W      data bits per packet, >= 1
// Derived: NN = 2^D, SW = ceil(log2(D+1)), TW = max(1, ceil(log2 STEPS)), PW = 2D + W
// Ports
//   clk, rst               clock, synchronous active-high reset (idle, done = 0, every
//                          node empty, flags clear; schedule memories and packet bits kept)
//   start                  starts a run when not busy (ignored while busy)
//   busy                   a run executes (STEPS cycles)
//   done                   1 from the end of a run until the next start or load
//   step [TW-1:0]          the step executed in this cycle (0 when idle)
//   sched_we               load interface, schedules: writes entry sched_step of every node
//   sched_step [TW-1:0]    at once, node v's code at sched_code[v*SW +: SW] (ignored while
//   sched_code [NN*SW-1:0] busy; sched_step >= STEPS is ignored)
//   load_we                load interface, packets: node v's register <= {load_data[v*W +: W],
//   load_dst [NN*D-1:0]    load_dst[v*D +: D], v}, valid (ignored while busy); clears done
//   load_data [NN*W-1:0]
//   node_valid [NN-1:0]    node v holds a packet (bit v)
//   node_src [NN*D-1:0]    its packet's src, dst and data at [v*D +: D], [v*D +: D],
//   node_dst [NN*D-1:0]    [v*W +: W] (don't care where node_valid is 0)
//   node_data [NN*W-1:0]
//   ok [NN-1:0]            checker: node v holds a packet with dst = v
//   err_collide [NN-1:0]   node v received two or more packets in one step (sticky)
//   err_empty [NN-1:0]     node v was left without a packet after a step (sticky)
//   error                  a flag is set, or done and some node is not ok
//   all_ok                 done, no flag, every node ok: the permutation was routed
// Timing: a load (sched_we, load_we) takes effect at the edge that samples it, so a whole
// schedule and its packets load in STEPS cycles, the packets and start with the last row
// (the nodes read each step's entry one edge ahead; a row 0 written at the start edge is
// passed to step 0 directly).  `start` is sampled at a rising edge E (busy = 0): E clears
// the flags and done.  Step t (t = 0..STEPS-1) executes in the cycle after edge E+t
// (busy = 1, step = t) and updates the node registers at edge E+t+1.  After edge E+STEPS
// busy = 0 and done = 1: a run takes exactly STEPS cycles, and the node registers, ok,
// error and all_ok then show its result.  The flags, ok, error and all_ok are combinational
// functions of the registers.
`default_nettype none
`include "mf_param_check.vh"

module hypercube_net (
  clk, rst, start, busy, done, step, sched_we, sched_step, sched_code, load_we, load_dst,
  load_data, node_valid, node_src, node_dst, node_data, ok, err_collide, err_empty, error,
  all_ok
);
  parameter integer D = 3;
  parameter integer STEPS = (D >= 3) ? 2 * D - 3 : D;
  parameter integer W = 8;

`include "mf_functions.vh"

  localparam integer NN = 1 << D;
  localparam integer SW = mf_clog2(D + 1);
  localparam integer TW = (mf_clog2(STEPS) < 1) ? 1 : mf_clog2(STEPS);
  localparam integer PW = 2 * D + W;
  localparam [31:0] LAST32 = STEPS - 1;
  localparam [TW-1:0] LAST = LAST32[TW-1:0];
  localparam [TW-1:0] ONE = {{(TW-1){1'b0}}, 1'b1};

  input  wire             clk;
  input  wire             rst;
  input  wire             start;
  output wire             busy;
  output wire             done;
  output wire [TW-1:0]    step;
  input  wire             sched_we;
  input  wire [TW-1:0]    sched_step;
  input  wire [NN*SW-1:0] sched_code;
  input  wire             load_we;
  input  wire [NN*D-1:0]  load_dst;
  input  wire [NN*W-1:0]  load_data;
  output wire [NN-1:0]    node_valid;
  output wire [NN*D-1:0]  node_src;
  output wire [NN*D-1:0]  node_dst;
  output wire [NN*W-1:0]  node_data;
  output wire [NN-1:0]    ok;
  output wire [NN-1:0]    err_collide;
  output wire [NN-1:0]    err_empty;
  output wire             error;
  output wire             all_ok;

  generate
    `MF_PARAM_ERROR_IF(D < 1 || D > 16, g_bad_d, ERROR_hypercube_net_D_must_be_1_to_16,
                       ("hypercube_net: D must be 1..16 (D=%0d)", D))
    `MF_PARAM_ERROR_IF(STEPS < 1, g_bad_steps, ERROR_hypercube_net_STEPS_must_be_positive,
                       ("hypercube_net: STEPS must be >= 1 (STEPS=%0d)", STEPS))
    `MF_PARAM_ERROR_IF(W < 1, g_bad_w, ERROR_hypercube_net_W_must_be_positive,
                       ("hypercube_net: W must be >= 1 (W=%0d)", W))
  endgenerate

  // ---- run controller
  reg          busy_q;
  reg          done_q;
  reg [TW-1:0] step_q;
  reg [TW-1:0] next_q;  // the step whose entries the nodes read next: 0 while idle, t+1 in step t
  wire         clear = start && !busy_q;
  wire         last = step_q == LAST;
  // The nodes read the entry of the coming step one cycle ahead: step 0 at the start edge
  // (from sched_code when row 0 is written at that very edge), step t+1 at the edge that
  // ends step t, nothing at the edge that ends the last step.  The address is a register
  // (next_q), broadcast to every node.
  wire          pre_en = clear || busy_q;
  wire          pre_none = busy_q && last;
  wire          pre_byp = clear && sched_we && sched_step == {TW{1'b0}};

  always @(posedge clk) begin
    if (rst) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      step_q <= {TW{1'b0}};
      next_q <= {TW{1'b0}};
    end else if (clear) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      step_q <= {TW{1'b0}};
      next_q <= ONE;
    end else if (busy_q) begin
      if (last) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
        step_q <= {TW{1'b0}};
        next_q <= {TW{1'b0}};
      end else begin
        step_q <= step_q + ONE;
        next_q <= next_q + ONE;
      end
    end else if (load_we) begin
      done_q <= 1'b0;
    end
  end

  // ---- nodes and links
  wire [NN*D-1:0]  send;
  wire [NN*PW-1:0] pkt;

  // The nodes are elaborated only for legal parameters (so that an illegal D stops with the
  // message above, not in the unrolling of 2^D nodes).
  localparam integer NODES = (D >= 1 && D <= 16 && STEPS >= 1 && W >= 1) ? NN : 0;
  genvar v, k;
  generate
    for (v = 0; v < NODES; v = v + 1) begin : g_node
      wire [D-1:0]    nb_valid;
      wire [D*PW-1:0] nb_pkt;
      for (k = 0; k < D; k = k + 1) begin : g_link
        localparam integer U = v ^ (1 << k);  // the neighbour across link k
        assign nb_valid[k]            = send[U*D + k];
        assign nb_pkt[k*PW +: PW]     = pkt[U*PW +: PW];
      end
      hypercube_node #(.D(D), .STEPS(STEPS), .W(W), .INDEX(v)) u_node (
        .clk(clk), .rst(rst), .clear(clear), .run(busy_q), .pre_en(pre_en),
        .pre_step(next_q), .pre_byp(pre_byp), .pre_none(pre_none),
        .sched_we(sched_we), .sched_step(sched_step), .sched_code(sched_code[v*SW +: SW]),
        .load_we(load_we), .load_dst(load_dst[v*D +: D]), .load_data(load_data[v*W +: W]),
        .nb_valid(nb_valid), .nb_pkt(nb_pkt), .send(send[v*D +: D]),
        .valid(node_valid[v]), .pkt(pkt[v*PW +: PW]), .ok(ok[v]),
        .err_collide(err_collide[v]), .err_empty(err_empty[v])
      );
      assign node_src[v*D +: D]  = pkt[v*PW +: D];
      assign node_dst[v*D +: D]  = pkt[v*PW + D +: D];
      assign node_data[v*W +: W] = pkt[v*PW + 2*D +: W];
    end
  endgenerate

  // ---- summary
  assign error  = (|err_collide) || (|err_empty) || (done_q && !(&ok));
  assign all_ok = done_q && !error;
  assign busy   = busy_q;
  assign done   = done_q;
  assign step   = step_q;
endmodule

`default_nettype wire
