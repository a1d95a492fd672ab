// hypercube_net_tb: Icarus smoke bench of hypercube_net (the packet-switched d-cube of
// paper 004).  Self-contained (no files): schedules the bench can write down itself.
//   1. complement, pi(v) = v xor (2^D - 1): in step t < D every node sends on link t (an
//      exchange over every dimension-t edge), the other steps keep; every node must end
//      with the packet of v xor (2^D - 1) and its data word, all_ok = 1, error = 0, after
//      exactly STEPS cycles (a start pulse during the run is ignored);
//   2. pi(v) = v xor MASK (MASK = 0101..01): links t of MASK's bits only;
//   3. a schedule that breaks the rules: in step 0 node 0 keeps its packet and node 1 sends
//      it over link 0 (two packets at node 0, none at node 1): err_collide[0],
//      err_empty[1], error = 1, all_ok = 0; node 0 holds the OR of the two packets (not
//      ok), every node but 0 and 1 still ends ok;
//   4. (when a code above D fits the entry) node 0's code D+1 in step 0: its packet is sent
//      nowhere, node 0 is left empty: err_empty[0] only.
// Prints PASS or FAIL lines; $fatal on failure.
`timescale 1ns / 1ps
`default_nettype none

module hypercube_net_tb;
  parameter integer D = 4;
  parameter integer W = 8;

`include "mf_functions.vh"

  localparam integer STEPS = (D >= 3) ? 2 * D - 3 : D;
  localparam integer NN = 1 << D;
  localparam integer SW = mf_clog2(D + 1);
  localparam integer TW = (mf_clog2(STEPS) < 1) ? 1 : mf_clog2(STEPS);
  localparam [D-1:0] ALL = {D{1'b1}};

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg               rst = 1'b1;
  reg               start = 1'b0;
  reg               sched_we = 1'b0;
  reg  [TW-1:0]     sched_step = {TW{1'b0}};
  reg  [NN*SW-1:0]  sched_code = {NN*SW{1'b0}};
  reg               load_we = 1'b0;
  reg  [NN*D-1:0]   load_dst = {NN*D{1'b0}};
  reg  [NN*W-1:0]   load_data = {NN*W{1'b0}};
  wire              busy, done, error, all_ok;
  wire [TW-1:0]     step;
  wire [NN-1:0]     node_valid, ok, err_collide, err_empty;
  wire [NN*D-1:0]   node_src, node_dst;
  wire [NN*W-1:0]   node_data;

  hypercube_net #(.D(D), .STEPS(STEPS), .W(W)) u_dut (
    .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .step(step),
    .sched_we(sched_we), .sched_step(sched_step), .sched_code(sched_code),
    .load_we(load_we), .load_dst(load_dst), .load_data(load_data),
    .node_valid(node_valid), .node_src(node_src), .node_dst(node_dst), .node_data(node_data),
    .ok(ok), .err_collide(err_collide), .err_empty(err_empty), .error(error), .all_ok(all_ok));

  integer errors = 0;
  integer v, t, cyc;
  reg [D-1:0] mask;

  function [W-1:0] payload;  // the data word of the packet generated at node s
    input integer s;
    payload = (s * 37 + 11) ^ 8'h5A;
  endfunction

  // Loads pi(v) = v xor m with its packets, schedule: in step t node v sends on link t when
  // bit t of m is set (t < D), keeps otherwise.
  task load_xor;
    input [D-1:0] m;
    begin
      for (t = 0; t < STEPS; t = t + 1) begin
        sched_we = 1'b1;
        sched_step = t;
        for (v = 0; v < NN; v = v + 1)
          sched_code[v*SW +: SW] = (t < D && m[t]) ? t + 1 : 0;
        @(posedge clk);
        #1;
      end
      sched_we = 1'b0;
      load_we = 1'b1;
      for (v = 0; v < NN; v = v + 1) begin
        load_dst[v*D +: D] = v ^ m;
        load_data[v*W +: W] = payload(v);
      end
      @(posedge clk);
      #1;
      load_we = 1'b0;
    end
  endtask

  // start, then count the cycles until done (a second start pulse in the run is ignored)
  task run;
    begin
      start = 1'b1;
      @(posedge clk);
      #1;
      start = 1'b0;
      cyc = 0;
      while (busy) begin
        if (cyc == 1) start = 1'b1;
        @(posedge clk);
        #1;
        start = 1'b0;
        cyc = cyc + 1;
      end
      if (!done || cyc != STEPS) begin
        $display("FAIL run took %0d cycles (done=%b), expected %0d", cyc, done, STEPS);
        errors = errors + 1;
      end
      // two idle cycles with load_we low and other values on the load bus: every node must
      // hold what the run left (the checks below), a load needs load_we
      load_dst = ~load_dst;
      load_data = ~load_data;
      repeat (2) @(posedge clk);
      #1;
    end
  endtask

  // every node v holds the packet of v xor m with its data word
  task check_xor;
    input [D-1:0] m;
    input [8*12-1:0] name;
    begin
      for (v = 0; v < NN; v = v + 1)
        if (!node_valid[v] || node_src[v*D +: D] !== (v ^ m) || node_dst[v*D +: D] !== v ||
            node_data[v*W +: W] !== payload(v ^ m) || !ok[v]) begin
          $display("FAIL %0s: node %0d holds valid=%b src=%0d dst=%0d data=%h ok=%b", name, v,
                   node_valid[v], node_src[v*D +: D], node_dst[v*D +: D], node_data[v*W +: W],
                   ok[v]);
          errors = errors + 1;
        end
      if (!all_ok || error || err_collide !== 0 || err_empty !== 0) begin
        $display("FAIL %0s: all_ok=%b error=%b collide=%b empty=%b", name, all_ok, error,
                 err_collide, err_empty);
        errors = errors + 1;
      end
    end
  endtask

  initial begin
    repeat (2) @(posedge clk);
    #1 rst = 1'b0;
    // 1. complement
    load_xor(ALL);
    run;
    check_xor(ALL, "complement");
    // 2. v xor 0101..01
    for (v = 0; v < D; v = v + 1) mask[v] = (v % 2 == 0);
    load_xor(mask);
    run;
    check_xor(mask, "xor mask");
    // 3. node 0 keeps, node 1 sends over link 0 into node 0 in step 0
    load_xor({D{1'b0}});
    sched_we = 1'b1;
    sched_step = 0;
    sched_code = {NN*SW{1'b0}};
    sched_code[1*SW +: SW] = 1;
    @(posedge clk);
    #1 sched_we = 1'b0;
    run;
    if (!err_collide[0] || !err_empty[1] || (err_collide & ~1) !== 0 || (err_empty & ~2) !== 0
        || !error || all_ok || ok[0] || ok[1] || (ok | 3) !== {NN{1'b1}}) begin
      $display("FAIL collision: collide=%b empty=%b ok=%b error=%b all_ok=%b", err_collide,
               err_empty, ok, error, all_ok);
      errors = errors + 1;
    end
    // 4. a code above D sends node 0's packet nowhere
    if (D + 1 < (1 << SW)) begin
      load_xor({D{1'b0}});
      sched_we = 1'b1;
      sched_step = 0;
      sched_code = {NN*SW{1'b0}};
      sched_code[0 +: SW] = D + 1;
      @(posedge clk);
      #1 sched_we = 1'b0;
      run;
      if (err_collide !== 0 || err_empty !== 1 || node_valid[0] || !error || all_ok) begin
        $display("FAIL lost packet: collide=%b empty=%b valid=%b error=%b", err_collide,
                 err_empty, node_valid, error);
        errors = errors + 1;
      end
    end
    if (errors == 0)
      $display("PASS hypercube_net_tb D=%0d STEPS=%0d W=%0d: complement, xor %b, collision%0s", D,
               STEPS, W, mask, (D + 1 < (1 << SW)) ? ", lost packet" : "");
    else begin
      $display("FAIL hypercube_net_tb D=%0d: %0d errors", D, errors);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
