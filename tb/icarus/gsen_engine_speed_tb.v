// gsen_engine_speed_tb: Icarus speed testbench of gsen_a2a_engine (bench/rtl_bench.sh measures
// Icarus with it; FuseSoC target sim_speed of minforge_engines.core).
// Runs REPEAT back-to-back exchanges, checks each (cycles = ROUNDS + LAT, N*N delivered,
// no errors) and prints a PASS line and "CYCLES <clock cycles simulated>" (FAIL and $fatal
// on the first bad exchange).
//
// Parameters
//   N, W, SCHED, PIPELINE   as gsen_a2a_engine (SCHED 0 alt or 1 stage);  REPEAT  exchanges
`timescale 1ns/1ps
`default_nettype none

module gsen_engine_speed_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer N = 16;
  parameter integer W = 32;
  parameter integer SCHED = MF_SCHED_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer REPEAT = 100;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  // Player port widths of gsen_a2a_engine at its default PLAYER_LEN = 10 (port unused here).
  localparam integer NS = $clog2(N);
  localparam integer PAW = mf_addr_w(10);
  localparam integer PENTRY_W = a2a_player_ew(N);
  // Rounds of the alternating (N) and stage (2^n) schedules; fabric latency n when pipelined.
  localparam integer ROUNDS = (SCHED == MF_SCHED_ALT) ? N : (1 << NS);
  // the data engine's latency (fabric, source read latency 1 in the self-test engine)
  localparam integer LAT = a2a_latency(PIPELINE ? NS : 0, 1, a2a_xchg_levels(N, 0));

  reg clk = 1'b0;
  reg rst = 1'b1;
  reg start = 1'b0;
  wire busy, done;
  wire [31:0] cycles, delivered, errors, err_dst, err_payload, err_dup, missing, conflicts;
  integer r;
  integer total = 0;

  gsen_a2a_engine #(.N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE)) u_eng (
    .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
    .delivered(delivered), .errors(errors), .err_dst(err_dst), .err_payload(err_payload),
    .err_dup(err_dup), .missing(missing), .conflicts(conflicts),
    .pl_wr_en(1'b0), .pl_wr_addr({PAW{1'b0}}), .pl_wr_data({PENTRY_W{1'b0}})
  );

  always #5 clk = ~clk;
  always @(posedge clk) total = total + 1;

  initial begin
    repeat (2) @(posedge clk);
    rst = 1'b0;
    for (r = 0; r < REPEAT; r = r + 1) begin
      @(negedge clk) start = 1'b1;
      @(negedge clk) start = 1'b0;
      wait (done);
      if (delivered != N * N || errors != 0 || cycles != ROUNDS + LAT) begin
        $display("FAIL exchange %0d: delivered %0d errors %0d cycles %0d (expected %0d)", r,
                 delivered, errors, cycles, ROUNDS + LAT);
        $fatal(1);
      end
    end
    $display("PASS gsen_engine_speed_tb N=%0d W=%0d SCHED=%0d: %0d exchanges, each N*N delivered, no error",
             N, W, SCHED, REPEAT);
    $display("CYCLES %0d", total);
    $finish;
  end
endmodule

`default_nettype wire
