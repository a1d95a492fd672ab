// a2a_ctrl: run controller and cycle counter of the all-to-all engines.
//
// Cycle-count convention: the start pulse is sampled at a clock edge; the next cycle is
// cycle 0 of the exchange.  Round k (k = 0..ROUNDS-1) is injected in cycle k (inject = 1,
// round = k).  With a fabric latency of LAT cycles the last round reaches the outputs (and
// the sinks) in cycle ROUNDS-1+LAT, the last cycle of the exchange.  At the edge that ends
// it, busy falls and done rises, and `cycles` then holds exactly ROUNDS + LAT.
//
// Parameters
//   ROUNDS  rounds of the schedule (>= 1);  LAT  fabric latency in cycles (>= 0)
// Derived: RW = ceil(log2(ROUNDS+1)) round counter width
// Ports
//   clk, rst        clock, synchronous active-high reset (idle, done = 0, counters 0)
//   start           starts an exchange when not busy (ignored while busy); may restart
//                   after done
//   clear           = start accepted (combinational): clears sinks and counters at that edge
//   inject          1 in cycles 0..ROUNDS-1 of the exchange
//   round [RW-1:0]  the round injected this cycle (meaningful while inject)
//   busy            an exchange is running (cycles 0 .. ROUNDS+LAT-1)
//   last            the last cycle of the exchange (combinational)
//   done            1 from the end of an exchange until the next start
//   cycles [31:0]   cycles elapsed in the current exchange; ROUNDS + LAT when done
`default_nettype none
`include "mf_param_check.vh"

module a2a_ctrl (
  clk, rst, start, clear, inject, round, busy, last, done, cycles
);
  parameter integer ROUNDS = 10;
  parameter integer LAT = 4;

`include "mf_functions.vh"

  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam [31:0] LAST_CYCLE = ROUNDS + LAT - 1;
  localparam [31:0] ROUNDS32 = ROUNDS;
  localparam [RW-1:0] ROUNDS_R = ROUNDS32[RW-1:0];

  input  wire          clk;
  input  wire          rst;
  input  wire          start;
  output wire          clear;
  output wire          inject;
  output wire [RW-1:0] round;
  output wire          busy;
  output wire          last;
  output wire          done;
  output wire [31:0]   cycles;

  generate
    `MF_PARAM_ERROR_IF(ROUNDS < 1 || LAT < 0, g_bad_param,
                       ERROR_a2a_ctrl_ROUNDS_must_be_positive_and_LAT_not_negative,
                       ("a2a_ctrl: ROUNDS must be >= 1 and LAT >= 0 (ROUNDS=%0d, LAT=%0d)",
                        ROUNDS, LAT))
  endgenerate

  reg          busy_q;
  reg          done_q;
  reg [31:0]   cyc_q;
  reg [RW-1:0] round_q;

  assign clear  = start && !busy_q;
  assign inject = busy_q && (round_q < ROUNDS_R);
  assign last   = busy_q && (cyc_q == LAST_CYCLE);
  assign round  = round_q;
  assign busy   = busy_q;
  assign done   = done_q;
  assign cycles = cyc_q;

  always @(posedge clk) begin
    if (rst) begin
      busy_q  <= 1'b0;
      done_q  <= 1'b0;
      cyc_q   <= 32'd0;
      round_q <= {RW{1'b0}};
    end else if (clear) begin
      busy_q  <= 1'b1;
      done_q  <= 1'b0;
      cyc_q   <= 32'd0;
      round_q <= {RW{1'b0}};
    end else if (busy_q) begin
      cyc_q <= cyc_q + 32'd1;
      if (inject) round_q <= round_q + {{(RW-1){1'b0}}, 1'b1};
      if (last) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end
    end
  end
endmodule

`default_nettype wire
