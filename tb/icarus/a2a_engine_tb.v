// a2a_engine_tb: Icarus smoke bench of the all-to-all engines (gsen_a2a_engine,
// banyan_a2a_engine).  Runs the exchange twice (the second start checks that sinks and
// counters clear) and checks:
//   done within a time-out, cycles == B*ROUNDS + LAT (a2a_latency, source read latency 1),
//   no fault: delivered == N*N*B, errors == 0, conflicts == 0;
//   banyan with a dead element (FAULT_KIND = 0): missing == errors == 2N*B (the words of
//   the 2N pairs whose unique path crosses the element), delivered == (N*N - 2N)*B, no
//   other error.
// Prints PASS/FAIL and calls $fatal on failure.
//
// Parameters
//   ENGINE        0 gsen_a2a_engine, 1 banyan_a2a_engine
//   N, W, B, PIPELINE, USE_TAGS, SCHED, PLAYER_CONTROL, PLAYER_LEN, PLAYER_FILE  as the
//                 engines
//   PLAYER_WRITE  1: fill the player memory through the write port with the alternating
//                 rounds A_k = k xor (k>>1), k = 0..PLAYER_LEN-1, all processors sending
//                 (a complete exchange for N = 2 mod 4 with PLAYER_LEN = N)
//   FAULT         1: inject a fault at E_(FAULT_STAGE, FAULT_ELEM) of kind FAULT_KIND
`timescale 1ns / 1ps
`default_nettype none

module a2a_engine_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer ENGINE = MF_DESIGN_GSEN;
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer B = 1;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer PLAYER_CONTROL = MF_CTRL_ALT;
  parameter integer PLAYER_LEN = 10;
  parameter PLAYER_FILE = "";
  parameter integer PLAYER_WRITE = 0;
  parameter integer FAULT = 0;
  parameter integer FAULT_STAGE = 1;
  parameter integer FAULT_ELEM = 1;
  parameter integer FAULT_KIND = MF_FAULT_DEAD;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer NS = mf_clog2(N);
  localparam integer ROUNDS = (ENGINE == MF_DESIGN_BANYAN) ? N :
                              (SCHED == MF_SCHED_ALT) ? N :
                              (SCHED == MF_SCHED_STAGE) ? (1 << NS) : PLAYER_LEN;
  // the data engine's latency (fabric, source read latency 1 in the self-test engines)
  localparam integer LAT = a2a_latency(PIPELINE ? NS : 0, 1,
                                       a2a_xchg_levels(N, USE_TAGS));
  localparam integer PAW = mf_addr_w(PLAYER_LEN);
  localparam integer CW4 = 4 * ((NS + 3) / 4);
  localparam integer PENTRY_W = a2a_player_ew(N);  // N + CW4
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  reg                 start = 1'b0;
  reg                 wr_en = 1'b0;
  reg  [PAW-1:0]      wr_addr = 0;
  reg  [PENTRY_W-1:0] wr_data = 0;
  wire                busy, done;
  wire [31:0]         cycles, delivered, errors, err_dst, err_payload, err_dup, missing;
  wire [31:0]         conflicts;

  generate
    if (ENGINE == MF_DESIGN_GSEN) begin : g_gsen
      gsen_a2a_engine #(
        .N(N), .W(W), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE), .USE_TAGS(USE_TAGS),
        .PLAYER_CONTROL(PLAYER_CONTROL), .PLAYER_LEN(PLAYER_LEN), .PLAYER_FILE(PLAYER_FILE)
      ) dut (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .errors(errors), .err_dst(err_dst), .err_payload(err_payload),
        .err_dup(err_dup), .missing(missing), .conflicts(conflicts),
        .pl_wr_en(wr_en), .pl_wr_addr(wr_addr), .pl_wr_data(wr_data)
      );
    end else begin : g_banyan
      wire [FSW-1:0] fs = FAULT_STAGE;
      wire [FEW-1:0] fe = FAULT_ELEM;
      wire [1:0]     fk = FAULT_KIND;
      banyan_a2a_engine #(.N(N), .W(W), .B(B), .PIPELINE(PIPELINE), .USE_TAGS(USE_TAGS)) dut (
        .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
        .delivered(delivered), .errors(errors), .err_dst(err_dst), .err_payload(err_payload),
        .err_dup(err_dup), .missing(missing), .conflicts(conflicts),
        .fault_en(FAULT != 0), .fault_stage(fs), .fault_elem(fe), .fault_kind(fk)
      );
    end
  endgenerate

  integer failures = 0;
  integer run, t, k;

  task expect_eq;
    input [8*16-1:0] what;
    input integer got;
    input integer want;
    begin
      if (got !== want) begin  // 4-state: an x or z count is a failure too
        $display("FAIL run %0d: %0s = %0d, expected %0d", run, what, got, want);
        failures = failures + 1;
      end
    end
  endtask

  initial begin
    repeat (2) @(negedge clk);
    rst = 1'b0;
    if (PLAYER_WRITE != 0) begin
      for (k = 0; k < PLAYER_LEN; k = k + 1) begin
        wr_en = 1'b1;
        wr_addr = k;
        wr_data = {{N{1'b1}}, {CW4{1'b0}}} | (k ^ (k >> 1));
        @(negedge clk);
      end
      wr_en = 1'b0;
    end
    for (run = 0; run < 2; run = run + 1) begin
      start = 1'b1;
      @(negedge clk);
      start = 1'b0;
      t = 0;
      while (!done && t < 4 * (B * ROUNDS + LAT) + 20) begin
        @(negedge clk);
        t = t + 1;
      end
      if (!done) begin
        $display("FAIL run %0d: no done", run);
        failures = failures + 1;
      end
      $display("run %0d: cycles=%0d delivered=%0d errors=%0d (dst %0d payload %0d dup %0d missing %0d) conflicts=%0d",
               run, cycles, delivered, errors, err_dst, err_payload, err_dup, missing, conflicts);
      expect_eq("cycles", cycles, B * ROUNDS + LAT);
      expect_eq("conflicts", conflicts, 0);
      expect_eq("err_dst", err_dst, 0);
      expect_eq("err_payload", err_payload, 0);
      expect_eq("err_dup", err_dup, 0);
      if (FAULT != 0 && FAULT_KIND != MF_FAULT_STRAIGHT && FAULT_KIND != MF_FAULT_CROSS) begin
        expect_eq("missing", missing, 2 * N * B);
        expect_eq("errors", errors, 2 * N * B);
        expect_eq("delivered", delivered, (N * N - 2 * N) * B);
      end else begin
        expect_eq("missing", missing, 0);
        expect_eq("errors", errors, 0);
        expect_eq("delivered", delivered, N * N * B);
      end
      @(negedge clk);
    end
    if (failures == 0)
      $display("PASS a2a_engine_tb ENGINE=%0d N=%0d SCHED=%0d PIPELINE=%0d USE_TAGS=%0d FAULT=%0d: cycles=%0d (rounds %0d + latency %0d)",
               ENGINE, N, SCHED, PIPELINE, USE_TAGS, FAULT, cycles, ROUNDS, LAT);
    else begin
      $display("FAIL a2a_engine_tb ENGINE=%0d N=%0d SCHED=%0d: %0d failures",
               ENGINE, N, SCHED, failures);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
