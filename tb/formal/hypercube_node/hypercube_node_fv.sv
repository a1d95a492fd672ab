// hypercube_node_fv: formal harness of one node of the packet-switched d-cube
// (rtl/hypercube/hypercube_node.v; paper 004 [Shen, Hu & Liang 1994], Corollary 3.5 and the
// packet-switched model stated just before it: "at each synchronous step, a processor may
// receive a packet from each of its neighbors through an incoming edge, and/or send a
// packet to a neighbor through an outgoing edge ... we do not allow a packet to be
// buffered").
//
// Every input of the node is free, constrained only by the rules of the node's header
// (the port list of hypercube_node.v):
//   R1  reset in the first cycle;
//   R2  clear and run never coincide ("clear and run never coincide");
//   R3  pre_step < STEPS when an entry is read from the memory ("the coming step (< STEPS)");
//   R4  an entry is read from the memory only after it was written (the memory is not reset;
//       the host loads the schedule before the run that reads it, hypercube_net "Timing");
//   R5  neighbours send only during a step (nb_valid = 0 while not run: a neighbour's send
//       is "none while idle");
//   R6  a packet is loaded only while no step is pending ("a loaded packet (only while
//       idle, when nothing else arrives)").
// The schedule entries themselves are NOT constrained: any code is allowed, so a schedule
// that breaks the rules of the paper (two packets into one node, a node left empty) is part
// of the input space, and the properties say exactly when the flags rise.
//
// The reference (written from the header and the paper, not from the RTL):
//   * a shadow of the schedule memory: entry t = the last code written to it while idle
//     (header: "sched_we writes sched_code into entry sched_step ... ignored while run;
//     entries >= STEPS are ignored");
//   * the entry of the coming step: latched at every pre_en edge (pre_byp: sched_code;
//     pre_none: no step), and "no step" after reset;
//   * the entry code of a step: 0 = keep, k+1 = send on link k, above D: sent nowhere
//     (header "Schedule entry");
//   * the arrivals of a step (paper: one packet per incoming edge, plus the node's own if it
//     keeps it): own = valid and code 0, plus one per set bit of nb_valid.
// Properties (P1..P7 below): send, the step rule (register and both sticky flags as exact
// functions of the arrivals: no flag when exactly one packet arrives, err_collide when two
// or more, err_empty when none), load, hold, reset, and the checker ok.
//
// Two helper invariants compare the reference with the node's internal state (the schedule
// memory words and the decoded entry sel_q), which the .sby script exposes to this harness
// with `connect -set` after flattening (Yosys has no hierarchical references): they are what
// makes k-induction close, and they are themselves asserted.
`default_nettype none

module hypercube_node_fv (
  clk, rst, clear, run, pre_en, pre_step, pre_byp, pre_none, sched_we, sched_step,
  sched_code, load_we, load_dst, load_data, nb_valid, nb_pkt
);
  parameter integer D = 3;
  parameter integer STEPS = 3;
  parameter integer W = 2;
  parameter integer INDEX = 5;

  // widths, from the header's formulas: SW = ceil(log2(D+1)), TW = max(1, ceil(log2 STEPS)),
  // PW = 2D + W (computed here by the harness's own loops)
  function integer fv_clog2;
    input integer x;
    integer y;
    begin
      fv_clog2 = 0;
      for (y = 1; y < x; y = y * 2) fv_clog2 = fv_clog2 + 1;
    end
  endfunction
  localparam integer SW = fv_clog2(D + 1);
  localparam integer TW = (fv_clog2(STEPS) < 1) ? 1 : fv_clog2(STEPS);
  localparam integer PW = 2 * D + W;
  localparam [D-1:0] ME = INDEX;

  input wire            clk;
  input wire            rst;
  input wire            clear;
  input wire            run;
  input wire            pre_en;
  input wire [TW-1:0]   pre_step;
  input wire            pre_byp;
  input wire            pre_none;
  input wire            sched_we;
  input wire [TW-1:0]   sched_step;
  input wire [SW-1:0]   sched_code;
  input wire            load_we;
  input wire [D-1:0]    load_dst;
  input wire [W-1:0]    load_data;
  input wire [D-1:0]    nb_valid;
  input wire [D*PW-1:0] nb_pkt;

  wire [D-1:0]  send;
  wire          valid;
  wire [PW-1:0] pkt;
  wire          ok;
  wire          err_collide;
  wire          err_empty;

  hypercube_node #(.D(D), .STEPS(STEPS), .W(W), .INDEX(INDEX)) u_node (
    .clk(clk), .rst(rst), .clear(clear), .run(run), .pre_en(pre_en), .pre_step(pre_step),
    .pre_byp(pre_byp), .pre_none(pre_none), .sched_we(sched_we), .sched_step(sched_step),
    .sched_code(sched_code), .load_we(load_we), .load_dst(load_dst), .load_data(load_data),
    .nb_valid(nb_valid), .nb_pkt(nb_pkt), .send(send), .valid(valid), .pkt(pkt), .ok(ok),
    .err_collide(err_collide), .err_empty(err_empty)
  );

  // Internal state of the node, connected by the .sby script (connect -set) after flatten:
  // fv_sel = u_node.sel_q, fv_mem<t> = word t of u_node.mem.  Used only by the helper
  // invariants H1, H2.
  wire [D:0]    fv_sel;
  wire [SW-1:0] fv_mem0;
  wire [SW-1:0] fv_mem1;
  wire [SW-1:0] fv_mem2;

  // ---------------------------------------------------------------- reference
  reg [STEPS*SW-1:0] sh_mem;    // shadow of the schedule memory
  reg [STEPS-1:0]    sh_wr;     // entry written since reset
  reg [SW-1:0]       h_code;    // entry of the coming step
  reg                h_none;    // no step comes (reset, pre_none)
  reg                past_ok;   // a cycle has passed ($past is defined)
  reg                ready;     // a reset edge has passed (the reference is defined)
  integer t;
  initial past_ok = 1'b0;
  initial ready = 1'b0;

  always @(posedge clk) begin
    past_ok <= 1'b1;
    if (rst) ready <= 1'b1;
    // header: writes ignored while run and for entries >= STEPS
    for (t = 0; t < STEPS; t = t + 1)
      if (sched_we && !run && sched_step == t) begin
        sh_mem[t*SW +: SW] <= sched_code;
        if (!rst) sh_wr[t] <= 1'b1;
      end
    if (rst) sh_wr <= {STEPS{1'b0}};
    if (rst) h_none <= 1'b1;
    else if (pre_en) begin
      h_none <= pre_none;
      h_code <= pre_byp ? sched_code : sh_mem[pre_step*SW +: SW];
    end
  end

  // the coming step's action (header "Schedule entry"): keep, or link k, or nowhere
  wire h_keep = !h_none && h_code == 0;
  reg [D-1:0] h_link;
  integer k;
  always @* for (k = 0; k < D; k = k + 1) h_link[k] = !h_none && h_code == k + 1;

  // arrivals of a step (paper, the packet-switched model): own packet kept + one per
  // neighbour that sends here; their count and their OR (header: "the bitwise OR of the
  // arriving packets")
  wire own = valid && h_keep;
  reg [3:0]    n_arr;
  reg [PW-1:0] or_arr;
  always @* begin
    n_arr = own ? 4'd1 : 4'd0;
    or_arr = own ? pkt : {PW{1'b0}};
    for (k = 0; k < D; k = k + 1)
      if (nb_valid[k]) begin
        n_arr = n_arr + 4'd1;
        or_arr = or_arr | nb_pkt[k*PW +: PW];
      end
  end

  // ---------------------------------------------------------------- input rules
  initial assume (rst);                                                        // R1
  always @* assume (!(clear && run));                                          // R2
  always @* if (pre_en && !pre_byp && !pre_none) assume (pre_step < STEPS);    // R3
  always @* if (pre_en && !pre_byp && !pre_none) assume (sh_wr[pre_step]);     // R4
  always @* if (!run) assume (nb_valid == {D{1'b0}});                          // R5
  always @* if (ready && load_we && !run) assume (h_none);                     // R6

  // ---------------------------------------------------------------- properties
  // P1 send: the packet leaves on link k iff the node holds one and the step's entry is k+1
  //    (header "send"; paper: at most one outgoing edge per step)
  always @* if (ready) assert (send == (valid ? h_link : {D{1'b0}}));
  // P7 the checker (header "ok"): valid and dst = INDEX
  always @* assert (ok == (valid && pkt[2*D-1:D] == ME));

  always @(posedge clk) if (past_ok) begin
    if ($past(rst)) begin
      // P6 reset: empty, flags clear
      assert (!valid && !err_collide && !err_empty);
    end else begin
      // P2 / P3 the flags (header "Step rule"; paper: one packet per node, none buffered):
      //    err_collide rises exactly at a step where two or more packets arrive, err_empty
      //    exactly at a step where none arrives; both sticky until clear
      assert (err_collide == (($past(err_collide) && !$past(clear)) ||
                              ($past(run) && $past(n_arr) >= 2)));
      assert (err_empty == (($past(err_empty) && !$past(clear)) ||
                            ($past(run) && $past(n_arr) == 0)));
      if ($past(run)) begin
        // P4 the step: the register holds a packet iff one arrived; with exactly one
        //    arrival it is that packet (delivered unchanged: src, dst, payload)
        assert (valid == ($past(n_arr) != 0));
        if ($past(n_arr) != 0) assert (pkt == $past(or_arr));
      end else if ($past(load_we)) begin
        // P5 load while idle: {data, dst, INDEX}, valid
        assert (valid && pkt == {$past(load_data), $past(load_dst), ME});
      end else begin
        // P5' idle: the packet register holds
        assert (valid == $past(valid) && pkt == $past(pkt));
      end
    end
  end

  // ---------------------------------------------------------------- helper invariants
  // H1 the schedule memory holds what was written (entries written since reset)
  always @* if (ready) begin
    if (sh_wr[0]) assert (fv_mem0 == sh_mem[0*SW +: SW]);
    if (sh_wr[1]) assert (fv_mem1 == sh_mem[1*SW +: SW]);
    if (sh_wr[2]) assert (fv_mem2 == sh_mem[2*SW +: SW]);
  end
  // H0 the first cycle resets (R1), so the reference is defined from the second on
  always @* if (past_ok) assert (ready);
  // H2 the entry read ahead, decoded: bit 0 keep, bit k+1 link k, none while idle
  always @* if (ready) assert (fv_sel == {h_link, h_keep});

  // ---------------------------------------------------------------- cover points
  always @(posedge clk) if (past_ok && !$past(rst)) begin
    // a packet forwarded by a neighbour arrives alone and is addressed here (delivered)
    cover ($past(run) && $past(n_arr) == 1 && $past(nb_valid) != 0 && ok && !err_collide);
    // a kept packet stays, another step later still no flag
    cover ($past(run) && $past(own) && $past(n_arr) == 1 && valid && !err_empty);
    // the node sends its packet (on the top link) and another one arrives
    cover ($past(send[D-1]) && $past(run) && valid && !err_empty);
    // the flags rise on a broken schedule
    cover (err_collide && !$past(err_collide));
    cover (err_empty && !$past(err_empty));
  end
endmodule

`default_nettype wire
