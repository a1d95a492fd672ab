// board_xpose_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the board tops'
// matrix-transpose demonstration (rtl/board/board_xpose.v).  Runs EXCHANGES exchanges with
// seeds 0, 1, ... and checks each: cycles = the data engine's, errors = 0, and the checksum
// equal to the closed form of the RTL header (XOR over sinks j of rotl32(acc_j, j mod 32),
// acc_j = XOR over i, b of A(i, b*N + j)), computed here by loops.  Then one exchange whose
// seed changes halfway (the sources read one matrix, the sinks check another): the hardware
// checker must count errors (> 0).  busy is checked every cycle: high from the edge that takes
// start until done, low while idle.  Prints one line per exchange, PASS / FAIL; $fatal on
// failure.
//
// Parameters
//   ENGINE, N, W, SCHED, PIPELINE, B   as board_xpose
//   FAULT_STAGE, FAULT_ELEM, PLAN_FILE, PLAN_LEN   as board_xpose (ENGINE = banyan_ft)
//   CYCLES      the exchange's expected cycle count (B*ROUNDS + FLAT + 4 + PL)
//   EXCHANGES   clean exchanges to run (>= 1)
//   LOSS        1: the plan is for another element than the dead one (banyan_ft), so
//               messages are lost: each exchange must report missing > 0 and errors = the
//               sum of the checker's counts (err_dst + err_dup + missing + relay_miss +
//               relay_ovf + data errors, board_xpose's header), not 0
`timescale 1ns / 1ps
`default_nettype none

module board_xpose_icarus_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer ENGINE = MF_DESIGN_GSEN;
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer SCHED = MF_SCHED_ALT;
  parameter integer PIPELINE = 1;
  parameter integer B = 1;
  parameter integer CYCLES = 20;
  parameter integer EXCHANGES = 3;
  parameter integer FAULT_STAGE = 1;
  parameter integer FAULT_ELEM = 1;
  parameter PLAN_FILE = "banyan_ft_n16_f1_1.hex";
  parameter integer PLAN_LEN = 48;
  parameter integer LOSS = 0;

  localparam integer NS = $clog2(N);
  localparam integer DW = W - 2 * NS - $clog2(B);

  reg clk = 1'b0;
  reg rst = 1'b1;
  reg start = 1'b0;
  reg [31:0] seed = 32'd0;
  wire busy, done;
  wire [31:0] cycles, errors, sum;

  board_xpose #(.ENGINE(ENGINE), .N(N), .W(W), .SCHED(SCHED), .PIPELINE(PIPELINE), .B(B),
                .FAULT_STAGE(FAULT_STAGE), .FAULT_ELEM(FAULT_ELEM), .PLAN_FILE(PLAN_FILE),
                .PLAN_LEN(PLAN_LEN))
      u_dut (.clk(clk), .rst(rst), .start(start), .seed(seed), .busy(busy), .done(done),
             .cycles(cycles), .errors(errors), .sum(sum));

  always #5 clk = ~clk;

  function [31:0] elem;
    input [31:0] i, c, s;
    reg [31:0] x;
    begin
      x = (3 * i + 5 * c + s) & ((DW >= 32) ? 32'hffffffff : ((32'd1 << DW) - 1));
      elem = x ^ (x >> 3);
    end
  endfunction

  function [31:0] want_sum;
    input [31:0] s;
    integer i, j, b;
    reg [31:0] acc, t;
    begin
      t = 32'd0;
      for (j = 0; j < N; j = j + 1) begin
        acc = 32'd0;
        for (b = 0; b < B; b = b + 1)
          for (i = 0; i < N; i = i + 1) acc = acc ^ elem(i, b * N + j, s);
        t = t ^ ((j % 32 == 0) ? acc : ((acc << (j % 32)) | (acc >> (32 - j % 32))));
      end
      want_sum = t;
    end
  endfunction

  // busy: high from the edge that takes start until done rises, low while idle (run: an
  // exchange taken and not done yet)
  reg run = 1'b0;
  integer busy_bad = 0;
  always @(posedge clk) begin
    if (!rst && busy !== (run && !done)) begin
      busy_bad = busy_bad + 1;
      if (busy_bad <= 3) $display("FAIL busy = %b at %0t, expected %b", busy, $time, run && !done);
    end
    if (start && !run) run <= 1'b1;
    else if (done) run <= 1'b0;
  end

  integer k, bad;
  initial begin
    bad = 0;
    repeat (3) @(posedge clk);
    rst <= 1'b0;
    for (k = 0; k <= EXCHANGES; k = k + 1) begin
      seed <= k;
      @(posedge clk);
      start <= 1'b1;
      @(posedge clk);
      start <= 1'b0;  // taken at this edge: done falls with it
      @(posedge clk);
      if (k == EXCHANGES) begin  // the seed changes halfway through the last exchange
        repeat (CYCLES / 2) @(posedge clk);
        seed <= seed + 32'd1;
      end
      while (!done) @(posedge clk);
      if (LOSS != 0) begin
        $display("exchange %0d: wrong plan: cycles %0d missing %0d errors %0d (want the sum %0d)",
                 k, cycles, u_dut.missing, errors, u_dut.err_dst + u_dut.err_dup +
                 u_dut.missing + u_dut.relay_miss + u_dut.relay_ovf + u_dut.err_data);
        if (cycles != CYCLES || u_dut.missing == 0 || errors !== u_dut.err_dst +
            u_dut.err_dup + u_dut.missing + u_dut.relay_miss + u_dut.relay_ovf +
            u_dut.err_data) bad = bad + 1;
      end else if (k < EXCHANGES) begin
        $display("exchange %0d: seed %0d cycles %0d errors %0d S=%08h (want %08h)", k, k,
                 cycles, errors, sum, want_sum(k));
        if (cycles != CYCLES || errors != 0 || sum != want_sum(k)) bad = bad + 1;
      end else begin
        $display("exchange %0d: seed changed halfway: errors %0d (want > 0)", k, errors);
        if (errors == 0) bad = bad + 1;
      end
    end
    if (busy_bad != 0) bad = bad + 1;
    if (bad == 0) begin
      if (LOSS != 0)
        $display("PASS board_xpose ENGINE=%0d N=%0d: %0d exchanges with a wrong plan, every loss counted in errors",
                 ENGINE, N, EXCHANGES + 1);
      else
        $display("PASS board_xpose ENGINE=%0d N=%0d W=%0d B=%0d: %0d exchanges transposed, a torn seed caught",
                 ENGINE, N, W, B, EXCHANGES);
      $finish;
    end else begin
      $display("FAIL board_xpose: %0d bad exchanges", bad);
      $fatal(1, "board_xpose_icarus_tb failed");
    end
  end
endmodule

`default_nettype wire
