// gsen_rbound_tb: Icarus bench of an R(N) certificate (docs/research/gsen_r<N>_k<K>.json,
// issue 28) on the RTL: gsen_fabric with individual control plays the certificate's K
// configurations, one per clock (pipelined), every input sending its own index; the pairs
// (source, output port) seen at the outputs are collected from the RTL alone (no model
// routing in the bench), and every one of the N^2 pairs must arrive, every output must be
// valid in every round (K*N arrivals), and no conflict bit may rise.
// The configuration words come from the model's certificate reader through the CLI
// (`minforge gsen rcheck --cert FILE --hex OUT`: in_cfg bit s*H + y = switch y of stage s).
// Parameters: N ports, K configurations, CFG_FILE the $readmemh image (K lines),
//   PIPELINE 1 registered / 0 combinational fabric.
`timescale 1ns / 1ps
`default_nettype none

module gsen_rbound_tb;
`include "mf_functions.vh"
`include "mf_params.vh"
  parameter integer N = 12;
  parameter integer K = 16;
  parameter CFG_FILE = "";
  parameter integer PIPELINE = 1;
  localparam integer NS = mf_clog2(N);
  localparam integer H = N / 2;
  localparam integer CW = NS * H;
  localparam integer W = NS;  // data: the source index

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  reg  [N-1:0]    in_valid;
  reg  [N*W-1:0]  in_data;
  reg  [CW-1:0]   cfg;
  wire [N-1:0]    out_valid;
  wire [N*W-1:0]  out_data;
  wire [CW-1:0]   out_conflict;

  gsen_fabric #(.N(N), .W(W), .CONTROL(MF_CTRL_INDIV), .PIPELINE(PIPELINE)) u_dut (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(cfg),
    .in_tag({N * NS{1'b0}}), .out_valid(out_valid), .out_data(out_data),
    .out_conflict(out_conflict));

  reg [CW-1:0] mem [0:K-1];
  reg          seen [0:N*N-1];
  integer c, i, j, src, arrivals, covered, errors;

  initial begin
    if (CFG_FILE == "") begin
      $display("FAIL gsen_rbound_tb: no CFG_FILE");
      $fatal(1);
    end
    for (c = 0; c < K; c = c + 1) mem[c] = {CW{1'bx}};
    $readmemh(CFG_FILE, mem);
    for (c = 0; c < K; c = c + 1)
      if (^mem[c] === 1'bx) begin
        $display("FAIL gsen_rbound_tb: %0s has fewer than K = %0d configuration lines", CFG_FILE, K);
        $fatal(1);
      end
    for (i = 0; i < N * N; i = i + 1) seen[i] = 1'b0;
    arrivals = 0; errors = 0;
    in_valid = {N{1'b0}};
    cfg = {CW{1'b0}};
    for (i = 0; i < N; i = i + 1) in_data[i*W +: W] = i;
    repeat (2) @(posedge clk);
    @(negedge clk) rst = 1'b0;
    // Round c is presented in cycle c; outputs are read at every negedge, before the inputs
    // change (all rounds arrive within K + NS cycles whatever the latency).
    for (c = 0; c < K + NS + 2; c = c + 1) begin
      for (j = 0; j < N; j = j + 1)
        if (out_valid[j]) begin
          src = out_data[j*W +: W];
          if (src >= N) errors = errors + 1;
          else seen[src * N + j] = 1'b1;
          arrivals = arrivals + 1;
        end
      if (out_conflict !== {CW{1'b0}}) errors = errors + 1;
      if (c < K) begin
        in_valid = {N{1'b1}};
        cfg = mem[c];
      end else begin
        in_valid = {N{1'b0}};
      end
      @(negedge clk);
    end
    covered = 0;
    for (i = 0; i < N * N; i = i + 1) covered = covered + seen[i];
    if (covered == N * N && arrivals == K * N && errors == 0) begin
      $display("PASS gsen_rbound N=%0d K=%0d: %0d of %0d pairs arrived over %0d rounds (%0d arrivals)",
               N, K, covered, N * N, K, arrivals);
    end else begin
      for (i = 0; i < N * N; i = i + 1)
        if (!seen[i]) begin
          $display("FAIL gsen_rbound N=%0d K=%0d: pair (%0d, %0d) never arrived", N, K, i / N,
                   i % N);
          i = N * N;
        end
      $display("FAIL gsen_rbound N=%0d K=%0d: %0d of %0d pairs, %0d arrivals (expected %0d), %0d errors",
               N, K, covered, N * N, arrivals, K * N, errors);
      $fatal(1);
    end
    $finish;
  end
endmodule
