// rn1_selftest_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the RN1 board
// top's core: rn1_selftest on the Fig. 20.9 network (tb/board/rn1_selftest_net.v) runs
// EXCHANGES all-to-all exchanges back to back.  Expected per exchange:
//   CUT = 0  no faults: 240 deliveries, 0 errors;
//   CUT = 1  links 73 and 85 (the two network outputs into endpoint 5) dead: the 15 messages
//            to endpoint 5 are given up, so 225 deliveries and 15 errors (all "failed");
//   STUCK_LINK = l >= 0  (CUT = 0) data wire STUCK_BIT of link l's channel STUCK_DIR (0
//            forward, 1 backward) reads STUCK_VAL: the network routes around it and the
//            endpoints' duplicate filter drops the retries whose acknowledgement was lost, so
//            240 deliveries and 0 errors (paper 002's exactly-once claim; the model's
//            Rn1Claims.EveryStuckWireOfFig20_9DeliversExactlyOnce).
// Prints one line per exchange and PASS / FAIL; $fatal on failure.  A run that does not finish
// its exchanges within LIMIT cycles fails (a hang is a failure, not a simulator time-out):
// about 2.4 times a clean exchange (415 cycles clean, 1648 with the cut, at SEED ACE1).
//
// Parameters
//   CUT        0 or 1 (above)
//   EXCHANGES  exchanges to run (>= 1)
//   SEED       network seed
//   STUCK_LINK, STUCK_DIR, STUCK_BIT, STUCK_VAL   one stuck data wire (above; -1: none)
`timescale 1ns / 1ps
`default_nettype none
`include "mf_consts.vh"

module rn1_selftest_icarus_tb;
  parameter integer CUT = 0;
  parameter integer EXCHANGES = 2;
  parameter [15:0] SEED = `MF_SELFTEST_SEED;
  parameter integer STUCK_LINK = -1;
  parameter integer STUCK_DIR = 1;
  parameter integer STUCK_BIT = 0;
  parameter integer STUCK_VAL = 1;

  localparam [31:0] WANT_DLV = (CUT != 0) ? 32'd225 : 32'd240;
  localparam [31:0] WANT_ERR = (CUT != 0) ? 32'd15 : 32'd0;
  localparam [95:0] DEAD = (CUT != 0) ? ((96'd1 << 73) | (96'd1 << 85)) : 96'd0;
  localparam integer SL = (STUCK_LINK >= 0) ? STUCK_LINK : 0;
  localparam [95:0] STUCK = (STUCK_LINK >= 0) ? (96'd1 << SL) : 96'd0;
  localparam [95:0] SDIR = (STUCK_DIR != 0) ? STUCK : 96'd0;
  localparam [95:0] SVAL = (STUCK_VAL != 0) ? STUCK : 96'd0;
  localparam [287:0] SBIT = (STUCK_LINK >= 0) ? ({285'd0, STUCK_BIT[2:0]} << (3 * SL)) : 288'd0;
  localparam integer LIMIT = EXCHANGES * ((CUT != 0) ? 4000 : 1000);

  reg clk = 1'b0;
  reg rst = 1'b1;
  wire busy, done;
  wire [31:0] cycles, delivered, errors, err_bad, err_dup, failed, missing;

  rn1_selftest_net u_dut (
      .clk(clk),
      .rst(rst),
      .seed(SEED),
      .flt_router_dead(8'd0),
      .flt_link_dead(DEAD),
      .flt_link_stuck(STUCK),
      .flt_link_dir(SDIR),
      .flt_link_bit(SBIT),
      .flt_link_val(SVAL),
      .tamper_pay(1'b0),
      .tamper_dup(1'b0),
      .start(1'b1),
      .busy(busy),
      .done(done),
      .cycles(cycles),
      .delivered(delivered),
      .errors(errors),
      .err_bad(err_bad),
      .err_dup(err_dup),
      .failed(failed),
      .missing(missing)
  );

  always #5 clk = ~clk;

  integer n = 0;
  integer bad = 0;
  integer t = 0;
  reg was_done = 1'b0;
  initial begin
    repeat (2) @(posedge clk);
    rst <= 1'b0;
    while (n < EXCHANGES && t < LIMIT) begin
      @(posedge clk);
      #1;
      t = t + 1;
      if (done && !was_done) begin
        n = n + 1;
        $display("exchange %0d: %0d cycles, %0d delivered, %0d errors (bad %0d dup %0d failed %0d missing %0d)",
                 n, cycles, delivered, errors, err_bad, err_dup, failed, missing);
        if (delivered != WANT_DLV || errors != WANT_ERR || failed != WANT_ERR) bad = bad + 1;
      end
      was_done = done;
    end
    if (n == EXCHANGES && bad == 0) begin
      $display("PASS rn1_selftest CUT=%0d STUCK_LINK=%0d: %0d exchanges, %0d deliveries and %0d errors each",
               CUT, STUCK_LINK, n, WANT_DLV, WANT_ERR);
      $finish;
    end else begin
      $display("FAIL rn1_selftest CUT=%0d: %0d of %0d exchanges in %0d cycles (limit %0d), %0d wrong",
               CUT, n, EXCHANGES, t, LIMIT, bad);
      $fatal(1);
    end
  end
endmodule

`default_nettype wire
