// lcan_engine_tb: Icarus smoke bench of lcan_engine (the circuit-switched CB-LCAN of paper
// 003 with the on-line routing of section 3).  Self-contained: permutations the bench can
// write down itself, each routed to completion.
//   1. the identity: every pair turns in its level-0 switch, one network cycle;
//   2. the complement p -> p xor (N-1): every pair has LCA level L-1 (a root permutation);
//   3. the shift p -> p + 1 mod N (a start pulse during the run is ignored).
// Every network cycle every arrival is checked: PE t receives a request whose source s has
// perm(s) = t, with s's data word, and every PE receives exactly one circuit per run (an
// arrival that never shows is a failure too).  all_ok is low while busy.  At the end: all_ok,
// delivered = N, errors = 0, no source
// pending, and at most N network cycles (every cycle routes at least one pair).  PIPE = 1:
// the pipelined network cycle, NCK = 4 L - 3 clock cycles each; the arrivals are checked in
// its last clock cycle, and the cycle count must be the network cycles (NCK clocks each).
// Prints PASS or FAIL lines; $fatal on failure.
`timescale 1ns / 1ps
`default_nettype none

module lcan_engine_tb;
  parameter integer N = 16;
  parameter integer D = 2;
  parameter integer U = 2;
  parameter integer PIPE = 0;
  localparam integer W = 8;

`include "mf_functions.vh"

  localparam integer NB = mf_clog2(N);
  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer L = NB / LD;
  localparam integer P = D + U;
  localparam integer SC = mf_clog2(P + 1);
`include "lcan_functions.vh"  // lvl_sw, goff
  localparam integer TSW = goff(L);
  localparam integer NCK = (PIPE == 1) ? 4 * L - 3 : 1;

  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg               rst = 1'b1;
  reg               start = 1'b0;
  reg  [15:0]       seed = 16'd0;
  reg  [N*NB-1:0]   perm_dst = {N*NB{1'b0}};
  reg  [N*W-1:0]    perm_data = {N*W{1'b0}};
  wire              busy, done, all_ok;
  wire [15:0]       cycles, errors;
  wire [NB:0]       delivered;
  wire [N-1:0]      pending, arr_valid, ack;
  wire [N*NB-1:0]   arr_src;
  wire [N*W-1:0]    arr_data;
  wire [TSW*P*SC-1:0] settings;

  lcan_engine #(.N(N), .D(D), .U(U), .W(W), .PIPE(PIPE)) dut (
    .clk(clk), .rst(rst), .start(start), .seed(seed), .perm_dst(perm_dst),
    .perm_data(perm_data), .busy(busy), .done(done), .cycles(cycles), .delivered(delivered),
    .errors(errors), .all_ok(all_ok), .pending(pending), .arr_valid(arr_valid),
    .arr_src(arr_src), .arr_data(arr_data), .ack(ack), .settings(settings)
  );

  integer fails = 0;
  integer t, s, cyc;
  reg [NB-1:0] src;
  reg [31:0]   dv;
  reg [N-1:0]  seen;  // PEs that received their circuit in this run

  task run_perm;
    input [8*16-1:0] name;
    input integer kind;  // 0 identity, 1 complement, 2 shift
    input integer expect_cycles;  // 0: any
    begin
      for (s = 0; s < N; s = s + 1) begin
        dv = (kind == 0) ? s : (kind == 1) ? (s ^ (N - 1)) : ((s + 1) % N);
        perm_dst[s*NB +: NB] = dv[NB-1:0];
        dv = (s * 29 + kind * 83 + 7) & 255;
        perm_data[s*W +: W] = dv[W-1:0];
      end
      seed = 16'h1234 + kind[15:0];
      @(negedge clk) start = 1'b1;
      @(negedge clk) start = 1'b0;
      cyc = 0;
      seen = {N{1'b0}};
      while (busy && cyc <= N) begin
        if (NCK > 1) repeat (NCK - 1) @(negedge clk);  // the network cycle settling
        for (t = 0; t < N; t = t + 1) begin
          if (arr_valid[t]) begin
            if (seen[t]) begin
              $display("FAIL %0s: PE %0d received a second circuit", name, t);
              fails = fails + 1;
            end
            seen[t] = 1'b1;
            src = arr_src[t*NB +: NB];
            if (perm_dst[src*NB +: NB] != t || arr_data[t*W +: W] != perm_data[src*W +: W]) begin
              $display("FAIL %0s: PE %0d received source %0d (data %h)", name, t, src,
                       arr_data[t*W +: W]);
              fails = fails + 1;
            end
          end
        end
        if (all_ok) begin
          $display("FAIL %0s: all_ok while busy (network cycle %0d)", name, cyc + 1);
          fails = fails + 1;
        end
        if (kind == 2 && cyc == 0) start = 1'b1;  // ignored while busy
        @(negedge clk) start = 1'b0;
        cyc = cyc + 1;
      end
      if (!done || !all_ok || delivered != N || errors != 0 || pending != {N{1'b0}} ||
          seen != {N{1'b1}} ||
          cycles != cyc || cyc > N || (expect_cycles != 0 && cyc != expect_cycles)) begin
        $display("FAIL %0s: done=%b all_ok=%b delivered=%0d errors=%0d cycles=%0d (%0d run), PEs reached %b",
                 name, done, all_ok, delivered, errors, cycles, cyc, seen);
        fails = fails + 1;
      end else begin
        $display("     %0s: %0d network cycles", name, cyc);
      end
    end
  endtask

  initial begin
    repeat (2) @(negedge clk);
    rst = 1'b0;
    run_perm("identity", 0, 1);
    run_perm("complement", 1, 0);
    run_perm("shift", 2, 0);
    if (fails == 0) begin
      $display("PASS lcan_engine_tb N=%0d D=%0d U=%0d PIPE=%0d: identity, complement, shift",
               N, D, U, PIPE);
    end else begin
      $display("FAIL lcan_engine_tb N=%0d D=%0d U=%0d: %0d errors", N, D, U, fails);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
