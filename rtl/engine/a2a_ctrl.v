// a2a_ctrl: run controller, step counter and cycle counter of the all-to-all data engines
// (gsen_a2a_xchg, banyan_a2a_xchg).
//
// Cycle-count convention: the start pulse is sampled at a clock edge; the next cycle is
// cycle 0 of the exchange.  The schedule of ROUNDS rounds is repeated B times (block word
// b = 0..B-1, address offset b*N): step t = b*ROUNDS + k (k = 0..ROUNDS-1) is issued in cycle
// t (issue = 1, round = k, blk = b, boff = b*N).  The last step leaves the engine's pipeline
// LAT cycles after it was issued (LAT = the engine's latency: scheduler, source read, fabric,
// sink and counter stages), in cycle B*ROUNDS-1+LAT, the last cycle of the exchange.  At the
// edge that ends it, busy falls and done rises, and `cycles` then holds exactly
// B*ROUNDS + LAT.
//
// Parameters
//   N       processors (the block offset step);  ROUNDS  rounds of the schedule (>= 1)
//   B       words per (source, destination) pair (>= 1);  LAT  engine latency (>= 0)
// Derived: RW = ceil(log2(ROUNDS+1)) round width, BW = max(1, ceil(log2 B)) block index
//   width, AW = max(1, ceil(log2(N*B))) address width
// Ports
//   clk, rst        clock, synchronous active-high reset (idle, done = 0, counters 0)
//   start           starts an exchange when not busy (ignored while busy); may restart
//                   after done
//   clear           = start accepted (combinational): clears sinks and counters at that edge
//   issue           1 in cycles 0..B*ROUNDS-1 of the exchange
//   round [RW-1:0]  the round k issued this cycle (meaningful while issue)
//   blk [BW-1:0]    the block word index b issued this cycle
//   boff [AW-1:0]   b*N, the buffer address offset of block word b
//   busy            an exchange is running (cycles 0 .. B*ROUNDS+LAT-1)
//   last            the last cycle of the exchange (combinational)
//   done            1 from the end of an exchange until the next start
//   cycles [31:0]   cycles elapsed in the current exchange; B*ROUNDS + LAT when done
`default_nettype none
`include "mf_param_check.vh"

module a2a_ctrl (
  clk, rst, start, clear, issue, round, blk, boff, busy, last, done, cycles
);
  parameter integer N = 10;
  parameter integer ROUNDS = 10;
  parameter integer B = 1;
  parameter integer LAT = 4;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer RW = mf_clog2(ROUNDS + 1);
  localparam integer BW = mf_addr_w(B);
  localparam integer AW = a2a_aw(N, B);
  localparam [31:0] LAST_CYCLE = ROUNDS * B + LAT - 1;
  // the cycle counter stops at ROUNDS*B + LAT: as wide as that needs (a short carry chain)
  localparam integer CYW = mf_clog2(ROUNDS * B + LAT + 1);
  localparam [CYW-1:0] LAST_Q = LAST_CYCLE[CYW-1:0];
  localparam [31:0] RLAST32 = ROUNDS - 1;
  localparam [RW-1:0] RLAST = RLAST32[RW-1:0];
  localparam [RW-1:0] RPREV = (ROUNDS > 1) ? RLAST - 1'b1 : RLAST;  // round before the last
  localparam [0:0] ONE_ROUND = (ROUNDS == 1);
  localparam [31:0] BLAST32 = B - 1;
  localparam [BW-1:0] BLAST = BLAST32[BW-1:0];
  localparam [31:0] N32 = N;
  localparam [AW-1:0] NSTEP = N32[AW-1:0];

  input  wire          clk;
  input  wire          rst;
  input  wire          start;
  output wire          clear;
  output wire          issue;
  output wire [RW-1:0] round;
  output wire [BW-1:0] blk;
  output wire [AW-1:0] boff;
  output wire          busy;
  output wire          last;
  output wire          done;
  output wire [31:0]   cycles;

  generate
    `MF_PARAM_ERROR_IF(ROUNDS < 1 || LAT < 0 || N < 1, g_bad_param,
                       ERROR_a2a_ctrl_ROUNDS_N_must_be_positive_and_LAT_not_negative,
                       ("a2a_ctrl: ROUNDS, N must be >= 1 and LAT >= 0 (ROUNDS=%0d, N=%0d, LAT=%0d)",
                        ROUNDS, N, LAT))
    `MF_PARAM_ERROR_IF(B < 1, g_bad_b, ERROR_a2a_ctrl_B_must_be_positive,
                       ("a2a_ctrl: B must be >= 1 (B=%0d)", B))
  endgenerate

  reg          busy_q;
  reg          done_q;
  reg          issue_q;
  reg [CYW-1:0] cyc_q;
  reg [RW-1:0] round_q;
  reg          rlast_q;  // round_q == ROUNDS - 1, kept as a register (timing: it enables
                         // the block counters and issue_q, a wide fan-out)
  reg [BW-1:0] blk_q;
  reg [AW-1:0] boff_q;

  assign clear  = start && !busy_q;
  assign issue  = busy_q && issue_q;
  assign last   = busy_q && (cyc_q == LAST_Q);
  assign round  = round_q;
  assign blk    = blk_q;
  assign boff   = boff_q;
  assign busy   = busy_q;
  assign done   = done_q;
  assign cycles = {{(32-CYW){1'b0}}, cyc_q};

  always @(posedge clk) begin
    if (rst) begin
      busy_q  <= 1'b0;
      done_q  <= 1'b0;
      issue_q <= 1'b0;
      cyc_q   <= {CYW{1'b0}};
      round_q <= {RW{1'b0}};
      rlast_q <= ONE_ROUND;
      blk_q   <= {BW{1'b0}};
      boff_q  <= {AW{1'b0}};
    end else if (clear) begin
      busy_q  <= 1'b1;
      done_q  <= 1'b0;
      issue_q <= 1'b1;
      cyc_q   <= {CYW{1'b0}};
      round_q <= {RW{1'b0}};
      rlast_q <= ONE_ROUND;
      blk_q   <= {BW{1'b0}};
      boff_q  <= {AW{1'b0}};
    end else if (busy_q) begin
      cyc_q <= cyc_q + {{(CYW-1){1'b0}}, 1'b1};
      if (issue) begin
        if (rlast_q) begin
          round_q <= {RW{1'b0}};
          rlast_q <= ONE_ROUND;
          if (blk_q == BLAST) begin
            issue_q <= 1'b0;
          end else begin
            blk_q  <= blk_q + {{(BW-1){1'b0}}, 1'b1};
            boff_q <= boff_q + NSTEP;
          end
        end else begin
          round_q <= round_q + {{(RW-1){1'b0}}, 1'b1};
          rlast_q <= (round_q == RPREV);
        end
      end
      if (last) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end
    end
  end
endmodule

`default_nettype wire
