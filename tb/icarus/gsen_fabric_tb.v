// gsen_fabric_tb: Icarus smoke bench of gsen_fabric against the paper's numbers.
//   1. N=10 stage control C=9 realizes 9 7 5 3 8 1 6 4 2 0 (paper 001 Fig. 4).
//   2. N=10 alternating A_k, k = 0..9 (Gray code), pipelined back to back (one round per
//      clock): input i reaches (i*16 + k) mod 10 (even i) / (i*16 + 15 - k) mod 10 (odd i).
//   3. The same rounds in tag mode with the Algorithm 4 tags: same destinations, no conflict.
//   4. Tag mode, two messages into switch 0 of stage 0 asking for the same out-subport:
//      conflict bit 0 set, in-subport 0 message delivered, the other dropped.
// Parameter PIPELINE selects the registered (1) or combinational (0) fabric.
`timescale 1ns / 1ps
`default_nettype none

module gsen_fabric_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer PIPELINE = 1;
  localparam integer N = 10;
  localparam integer NS = 4;
  localparam integer W = 8;
  localparam integer LAT = PIPELINE ? NS : 0;

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  reg  [N-1:0]     in_valid;
  reg  [N*W-1:0]   in_data;
  reg  [NS-1:0]    cfg;
  reg  [N*NS-1:0]  tag;
  wire [N-1:0]     sv, av, tv;
  wire [N*W-1:0]   sd, ad, td;
  wire [NS*N/2-1:0] sx, ax, tx;

  gsen_fabric #(.N(N), .W(W), .CONTROL(MF_CTRL_STAGE), .PIPELINE(PIPELINE)) u_stage (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(cfg), .in_tag(tag),
    .out_valid(sv), .out_data(sd), .out_conflict(sx));
  gsen_fabric #(.N(N), .W(W), .CONTROL(MF_CTRL_ALT), .PIPELINE(PIPELINE)) u_alt (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(cfg), .in_tag(tag),
    .out_valid(av), .out_data(ad), .out_conflict(ax));
  gsen_fabric #(.N(N), .W(W), .CONTROL(MF_CTRL_TAG), .PIPELINE(PIPELINE)) u_tag (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(cfg), .in_tag(tag),
    .out_valid(tv), .out_data(td), .out_conflict(tx));

  integer errors = 0;
  integer i, k, c, dexp;
  integer fig4 [0:N-1];
  // Expected destination of input i in alternating round k (Algorithm 4).
  function integer alt_dest;
    input integer ii;
    input integer kk;
    begin
      if (ii % 2 == 0) alt_dest = (ii * 16 + kk) % N;
      else alt_dest = (ii * 16 + 15 - kk) % N;
    end
  endfunction

  // Checks the outputs of round kk now at the fabric outputs.
  task check_alt_round;
    input integer kk;
    integer ii, jj;
    begin
      for (ii = 0; ii < N; ii = ii + 1) begin
        jj = alt_dest(ii, kk);
        if (av[jj] !== 1'b1 || ad[jj*W +: W] !== ii[W-1:0]) begin
          $display("FAIL alt k=%0d: input %0d not at output %0d", kk, ii, jj);
          errors = errors + 1;
        end
        if (tv[jj] !== 1'b1 || td[jj*W +: W] !== ii[W-1:0]) begin
          $display("FAIL tag k=%0d: input %0d not at output %0d", kk, ii, jj);
          errors = errors + 1;
        end
      end
      if (tx !== 0) begin
        $display("FAIL tag k=%0d: unexpected conflict %b", kk, tx);
        errors = errors + 1;
      end
    end
  endtask

  initial begin
    fig4[0] = 9; fig4[1] = 7; fig4[2] = 5; fig4[3] = 3; fig4[4] = 8;
    fig4[5] = 1; fig4[6] = 6; fig4[7] = 4; fig4[8] = 2; fig4[9] = 0;
    in_valid = 0; in_data = 0; cfg = 0; tag = 0;
    for (i = 0; i < N; i = i + 1) in_data[i*W +: W] = i;
    @(negedge clk); rst = 1'b0;

    // 1. Fig. 4
    in_valid = {N{1'b1}}; cfg = 4'd9;
    for (c = 0; c < LAT; c = c + 1) begin @(negedge clk); in_valid = 0; end
    #1;
    for (i = 0; i < N; i = i + 1)
      if (sv[fig4[i]] !== 1'b1 || sd[fig4[i]*W +: W] !== i[W-1:0]) begin
        $display("FAIL fig4: input %0d not at output %0d", i, fig4[i]);
        errors = errors + 1;
      end
    @(negedge clk);

    // 2./3. alternating rounds back to back; check round k when it reaches the outputs
    for (c = 0; c < N + LAT; c = c + 1) begin
      if (c < N) begin
        in_valid = {N{1'b1}};
        cfg = c ^ (c >> 1);
        for (i = 0; i < N; i = i + 1) tag[i*NS +: NS] = (i % 2 == 0) ? c : 15 - c;
      end else in_valid = 0;
      #1;
      if (c >= LAT) check_alt_round(c - LAT);
      @(negedge clk);
    end

    // 4. conflict: inputs 0 and 5 both enter switch 0 of stage 0; tags with the same MSB
    in_valid = 0; in_valid[0] = 1'b1; in_valid[5] = 1'b1;
    tag[0*NS +: NS] = 4'b1000; tag[5*NS +: NS] = 4'b1011;
    dexp = (0 * 16 + 8) % N;
    for (c = 0; c < LAT; c = c + 1) begin @(negedge clk); in_valid = 0; end
    #1;
    if (tx[0] !== 1'b1 || (tx & ~1) !== 0) begin
      $display("FAIL conflict flags %b", tx); errors = errors + 1;
    end
    k = 0;
    for (i = 0; i < N; i = i + 1) k = k + tv[i];
    if (k != 1 || tv[dexp] !== 1'b1 || td[dexp*W +: W] !== 8'd0) begin
      $display("FAIL conflict: expected only input 0 at output %0d (valid %b)", dexp, tv);
      errors = errors + 1;
    end
    @(negedge clk);

    if (errors == 0) $display("PASS gsen_fabric_tb PIPELINE=%0d", PIPELINE);
    else begin
      $display("FAIL gsen_fabric_tb PIPELINE=%0d: %0d errors", PIPELINE, errors);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
