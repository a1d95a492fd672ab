// banyan_fabric_tb: Icarus smoke bench of banyan_fabric against the paper's numbers.
//   1. N=8 stage control: configuration k realizes row k of the Latin square L' of
//      paper 000 Example 1 (Gamma_k), one round per clock.
//   2. N=16, E_11 dead, all 16 rounds: exactly the pairs of Example 2 are lost (inputs
//      0..3 to outputs 2,3,6,7,10,11,14,15) = 2N = 32 pairs.
//   3. N=16 tag mode: tags from banyan_route deliver round k like stage control.
`timescale 1ns / 1ps
`default_nettype none

module banyan_fabric_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer PIPELINE = 1;
  localparam integer W = 8;

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  // ---- N = 8 ----
  reg  [7:0]    v8;
  reg  [8*W-1:0] d8;
  reg  [2:0]    c8;
  wire [7:0]    ov8;
  wire [8*W-1:0] od8;
  wire [11:0]   ox8;
  banyan_fabric #(.N(8), .W(W), .CONTROL(MF_CTRL_STAGE), .PIPELINE(PIPELINE)) u_b8 (
    .clk(clk), .rst(rst), .in_valid(v8), .in_data(d8), .in_cfg(c8), .in_tag(24'd0),
    .fault_en(1'b0), .fault_stage(2'd0), .fault_elem(2'd0), .fault_kind(2'd0),
    .out_valid(ov8), .out_data(od8), .out_conflict(ox8));

  // ---- N = 16: stage control with a dead E_11, and tag mode ----
  reg  [15:0]     v16;
  reg  [16*W-1:0] d16;
  reg  [3:0]      c16;
  wire [16*4-1:0] t16;
  wire [15:0]     fv16, tv16;
  wire [16*W-1:0] fd16, td16;
  wire [31:0]     fx16, tx16;
  genvar g;
  generate for (g = 0; g < 16; g = g + 1) begin : g_rt
    wire [3:0] dst_unused;
    banyan_route #(.N(16)) u_rt (.src(g[3:0]), .cfg(c16), .dst(dst_unused), .tag(t16[g*4 +: 4]));
  end endgenerate
  banyan_fabric #(.N(16), .W(W), .CONTROL(MF_CTRL_STAGE), .PIPELINE(PIPELINE)) u_f16 (
    .clk(clk), .rst(rst), .in_valid(v16), .in_data(d16), .in_cfg(c16), .in_tag(64'd0),
    .fault_en(1'b1), .fault_stage(2'd1), .fault_elem(3'd1), .fault_kind(2'd0),
    .out_valid(fv16), .out_data(fd16), .out_conflict(fx16));
  banyan_fabric #(.N(16), .W(W), .CONTROL(MF_CTRL_TAG), .PIPELINE(PIPELINE)) u_t16 (
    .clk(clk), .rst(rst), .in_valid(v16), .in_data(d16), .in_cfg(c16), .in_tag(t16),
    .fault_en(1'b0), .fault_stage(2'd0), .fault_elem(3'd0), .fault_kind(2'd0),
    .out_valid(tv16), .out_data(td16), .out_conflict(tx16));

  localparam integer LAT8 = PIPELINE ? 3 : 0;
  localparam integer LAT16 = PIPELINE ? 4 : 0;
  integer errors = 0;
  integer i, j, c, k, lost;
  integer l8 [0:63];
  reg [255:0] seen;       // seen[i*16 + j]: pair (i, j) delivered by the faulty fabric
  reg [255:0] lost_exp;   // Example 2

  initial begin
    // Example 1, row k, column i = Gamma_k(i)
    {l8[0],l8[1],l8[2],l8[3],l8[4],l8[5],l8[6],l8[7]} = {32'd0,32'd2,32'd4,32'd6,32'd1,32'd3,32'd5,32'd7};
    {l8[8],l8[9],l8[10],l8[11],l8[12],l8[13],l8[14],l8[15]} = {32'd1,32'd3,32'd5,32'd7,32'd0,32'd2,32'd4,32'd6};
    {l8[16],l8[17],l8[18],l8[19],l8[20],l8[21],l8[22],l8[23]} = {32'd4,32'd6,32'd0,32'd2,32'd5,32'd7,32'd1,32'd3};
    {l8[24],l8[25],l8[26],l8[27],l8[28],l8[29],l8[30],l8[31]} = {32'd5,32'd7,32'd1,32'd3,32'd4,32'd6,32'd0,32'd2};
    {l8[32],l8[33],l8[34],l8[35],l8[36],l8[37],l8[38],l8[39]} = {32'd2,32'd0,32'd6,32'd4,32'd3,32'd1,32'd7,32'd5};
    {l8[40],l8[41],l8[42],l8[43],l8[44],l8[45],l8[46],l8[47]} = {32'd3,32'd1,32'd7,32'd5,32'd2,32'd0,32'd6,32'd4};
    {l8[48],l8[49],l8[50],l8[51],l8[52],l8[53],l8[54],l8[55]} = {32'd6,32'd4,32'd2,32'd0,32'd7,32'd5,32'd3,32'd1};
    {l8[56],l8[57],l8[58],l8[59],l8[60],l8[61],l8[62],l8[63]} = {32'd7,32'd5,32'd3,32'd1,32'd6,32'd4,32'd2,32'd0};
    lost_exp = 0;
    for (i = 0; i < 4; i = i + 1) begin
      lost_exp[i*16 + 2] = 1; lost_exp[i*16 + 3] = 1; lost_exp[i*16 + 6] = 1;
      lost_exp[i*16 + 7] = 1; lost_exp[i*16 + 10] = 1; lost_exp[i*16 + 11] = 1;
      lost_exp[i*16 + 14] = 1; lost_exp[i*16 + 15] = 1;
    end
    v8 = 0; d8 = 0; c8 = 0; v16 = 0; d16 = 0; c16 = 0; seen = 0;
    for (i = 0; i < 8; i = i + 1) d8[i*W +: W] = i;
    for (i = 0; i < 16; i = i + 1) d16[i*W +: W] = i;
    @(negedge clk); rst = 1'b0;

    // 1. Example 1, rounds back to back
    for (c = 0; c < 8 + LAT8; c = c + 1) begin
      v8 = (c < 8) ? 8'hff : 8'h00;
      c8 = c;
      #1;
      if (c >= LAT8) begin
        k = c - LAT8;
        for (i = 0; i < 8; i = i + 1) begin
          j = l8[k*8 + i];
          if (ov8[j] !== 1'b1 || od8[j*W +: W] !== i[W-1:0]) begin
            $display("FAIL example1 row %0d: input %0d not at output %0d", k, i, j);
            errors = errors + 1;
          end
        end
      end
      @(negedge clk);
    end

    // 2./3. N = 16, all 16 stage configurations back to back
    for (c = 0; c < 16 + LAT16; c = c + 1) begin
      v16 = (c < 16) ? 16'hffff : 16'h0000;
      c16 = c;
      #1;
      if (c >= LAT16) begin
        for (j = 0; j < 16; j = j + 1) begin
          if (fv16[j]) seen[fd16[j*W +: W]*16 + j] = 1'b1;
          if (tv16[j] !== 1'b1 || fv16[j] === 1'b1 && td16[j*W +: W] !== fd16[j*W +: W]) begin
            $display("FAIL tag round %0d output %0d", c - LAT16, j);
            errors = errors + 1;
          end
        end
        if (tx16 !== 0) begin $display("FAIL tag conflict %b", tx16); errors = errors + 1; end
      end
      @(negedge clk);
    end
    lost = 0;
    for (i = 0; i < 256; i = i + 1) begin
      if (!seen[i]) lost = lost + 1;
      if (seen[i] == lost_exp[i]) begin
        $display("FAIL example2: pair (%0d,%0d) seen=%0d expected lost=%0d",
                 i / 16, i % 16, seen[i], lost_exp[i]);
        errors = errors + 1;
      end
    end
    if (lost != 32) begin $display("FAIL example2: %0d pairs lost, expected 32", lost); errors = errors + 1; end

    if (errors == 0) $display("PASS banyan_fabric_tb PIPELINE=%0d", PIPELINE);
    else begin
      $display("FAIL banyan_fabric_tb PIPELINE=%0d: %0d errors", PIPELINE, errors);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
