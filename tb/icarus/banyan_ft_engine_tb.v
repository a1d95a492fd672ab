// banyan_ft_engine_tb: Icarus smoke bench of the fault-tolerant banyan exchange engine
// (rtl/engine/banyan_ft_engine.v).  Reads the plan image that the model writes
// (`minforge banyan fault --ports N --fault I,L --latency FLAT --plan-hex PLAN_FILE`) with
// $readmemh, writes it into the engine's schedule memory through the write port, fills the
// source buffers with word(i, a) = (i*131 + a*7 + 5) mod 2^DW, injects the dead fault
// E_(FAULT_STAGE, FAULT_ELEM) and runs the exchange twice (the second start checks that the
// counters and relay buffers clear).  Checks each time: done within a time-out,
// cycles == B*PLAN_LEN + LAT (a2a_latency), delivered == N*N*B, missing == err_dst == err_dup ==
// relay_miss == relay_ovf == 0, and every sink word == the word its source held for it (the
// transpose).  Prints PASS/FAIL and calls $fatal on failure.
//
// Parameters
//   N, DW, B, PIPELINE, RELAY_DEPTH, SRC_LAT   as the engine (PLAN_DEPTH: its default); the
//                                     source buffers' read data come SRC_LAT cycles after
//                                     src_rd_en (2: a block RAM's output register)
//   PLAN_FILE, PLAN_LEN               the image and its number of entries (ENTRIES=)
//   FAULT_STAGE, FAULT_ELEM           the dead element the plan was made for
`timescale 1ns / 1ps
`default_nettype none

module banyan_ft_engine_tb;
  parameter integer N = 16;
  parameter integer DW = 8;
  parameter integer B = 1;
  parameter integer PIPELINE = 1;
  parameter integer RELAY_DEPTH = 2;
  parameter integer SRC_LAT = 1;
  parameter PLAN_FILE = "";
  parameter integer PLAN_LEN = 48;
  parameter integer FAULT_STAGE = 1;
  parameter integer FAULT_ELEM = 1;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer M = mf_clog2(N);
  localparam integer FLAT = PIPELINE ? M : 0;
  // the engine's latency (its header): fabric, source read, the counters' levels
  localparam integer LAT = a2a_latency(FLAT, SRC_LAT, a2a_count_levels(N, 0, 0));
  localparam integer SW = a2a_ft_sw(RELAY_DEPTH);
  localparam integer EW = a2a_ft_ew(N, RELAY_DEPTH);  // M + N * (2 + M + SW)
  localparam integer PLAN_DEPTH = a2a_ft_plan_depth(N);
  localparam integer PAW = a2a_ft_paw(PLAN_DEPTH);
  localparam integer PLW = a2a_ft_plw(PLAN_DEPTH);
  localparam integer AW = a2a_aw(N, B);
  localparam integer NB = N * B;
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  reg              start = 1'b0;
  reg              plan_wr_en = 1'b0;
  reg  [PAW-1:0]   plan_wr_addr = 0;
  reg  [EW-1:0]    plan_wr_data = 0;
  wire             busy, done;
  wire [31:0]      cycles, delivered, err_dst, err_dup, missing, relay_miss, relay_ovf;
  wire [N-1:0]     src_rd_en, snk_wr_en;
  wire [N*AW-1:0]  src_rd_addr, snk_wr_addr;
  reg  [N*DW-1:0]  src_rd_data = 0;
  wire [N*DW-1:0]  snk_wr_data;
  wire [PLW-1:0]   plan_len = PLAN_LEN;
  wire [FSW-1:0]   fault_stage = FAULT_STAGE;
  wire [FEW-1:0]   fault_elem = FAULT_ELEM;

  banyan_ft_engine #(.N(N), .DW(DW), .B(B), .PIPELINE(PIPELINE), .RELAY_DEPTH(RELAY_DEPTH),
                     .SRC_LAT(SRC_LAT)) dut (
    .clk(clk), .rst(rst), .plan_wr_en(plan_wr_en), .plan_wr_addr(plan_wr_addr),
    .plan_wr_data(plan_wr_data), .plan_len(plan_len), .start(start), .busy(busy), .done(done),
    .cycles(cycles), .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup),
    .missing(missing), .relay_miss(relay_miss), .relay_ovf(relay_ovf), .fault_en(1'b1),
    .fault_stage(fault_stage), .fault_elem(fault_elem), .fault_kind(2'd0),
    .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr), .src_rd_data(src_rd_data),
    .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr), .snk_wr_data(snk_wr_data)
  );

  // The user's memories: synchronous source reads (SRC_LAT = 2: then an output register),
  // sink writes.
  reg  [N*DW-1:0] rd_q = 0;
  generate
    if (SRC_LAT == 2) begin : g_lat2
      always @(posedge clk) src_rd_data <= rd_q;
    end else begin : g_lat1
      always @* src_rd_data = rd_q;
    end
  endgenerate
  reg [EW-1:0] image [0:PLAN_DEPTH-1];
  reg [DW-1:0] snk [0:N*NB-1];
  function [DW-1:0] word;
    input integer i, a;
    begin
      word = i * 131 + a * 7 + 5;
    end
  endfunction
  integer i;
  always @(posedge clk) begin
    for (i = 0; i < N; i = i + 1) begin
      if (src_rd_en[i]) rd_q[i*DW +: DW] <= word(i, src_rd_addr[i*AW +: AW]);
      if (snk_wr_en[i]) snk[i*NB + snk_wr_addr[i*AW +: AW]] <= snk_wr_data[i*DW +: DW];
    end
  end

  integer k, run, c, d, s, b, bad;
  initial begin
    $readmemh(PLAN_FILE, image, 0, PLAN_LEN - 1);
    repeat (2) @(posedge clk);
    rst <= 1'b0;
    for (k = 0; k < PLAN_LEN; k = k + 1) begin
      plan_wr_en <= 1'b1;
      plan_wr_addr <= k;
      plan_wr_data <= image[k];
      @(posedge clk);
    end
    plan_wr_en <= 1'b0;
    bad = 0;
    for (run = 0; run < 2; run = run + 1) begin
      for (k = 0; k < N * NB; k = k + 1) snk[k] = {DW{1'b1}};
      start <= 1'b1;
      @(posedge clk);
      #1;
      start <= 1'b0;
      c = 0;
      while (!done && c < B * PLAN_LEN + LAT + 20) begin
        @(posedge clk);
        #1;
        c = c + 1;
      end
      // case inequality: an unknown count (a plan entry beyond the file's) fails too
      if (done !== 1'b1 || cycles !== B * PLAN_LEN + LAT || delivered !== N * N * B ||
          missing !== 0 || err_dst !== 0 || err_dup !== 0 || relay_miss !== 0 ||
          relay_ovf !== 0) begin
        $display("FAIL run %0d: done %0d cycles %0d (want %0d) delivered %0d missing %0d err_dst %0d err_dup %0d relay_miss %0d relay_ovf %0d",
                 run, done, cycles, B * PLAN_LEN + LAT, delivered, missing, err_dst, err_dup,
                 relay_miss, relay_ovf);
        bad = bad + 1;
      end
      for (d = 0; d < N; d = d + 1)
        for (b = 0; b < B; b = b + 1)
          for (s = 0; s < N; s = s + 1)
            if (snk[d*NB + b*N + s] !== word(s, b*N + d)) begin
              if (bad < 3) $display("sink %0d addr %0d: %h, want %h", d, b*N + s, snk[d*NB + b*N + s], word(s, b*N + d));
              bad = bad + 1;
            end
    end
    if (bad != 0) begin
      $display("FAIL banyan_ft_engine N=%0d B=%0d PIPELINE=%0d SRC_LAT=%0d E_%0d,%0d: %0d errors", N, B,
               PIPELINE, SRC_LAT, FAULT_STAGE, FAULT_ELEM, bad);
      $fatal(1);
    end
    $display("PASS banyan_ft_engine N=%0d B=%0d PIPELINE=%0d SRC_LAT=%0d E_%0d,%0d: %0d plan cycles, %0d cycles, %0d words, twice",
             N, B, PIPELINE, SRC_LAT, FAULT_STAGE, FAULT_ELEM, PLAN_LEN, cycles, delivered);
    $finish;
  end
endmodule

`default_nettype wire
