// gsen_route_tb: Icarus bench of gsen_route (rtl/gsen/gsen_route.v), the combinational route
// predictor, under every configuration number and every input terminal, for the four
// configuration-number controls (stage, alt, alt2, alt4) at once.  gsen_route is instantiated
// by no other module (the schedulers compute the same recurrence at elaboration,
// a2a_gsen_path of rtl/engine/a2a_functions.vh), so without this bench no test reads it.
//   1. dst and tag equal a2a_gsen_path's (the schedulers' copy of the recurrence).
//   2. Every configuration realizes a permutation (each output terminal reached once).
//   3. Stage control: j = (i * 2^n + F) mod N (paper 001 Lemma 3.3/3.4, the forward tag F).
//   4. N = 10, stage control, C = 9 realizes 9 7 5 3 8 1 6 4 2 0 (paper 001 Fig. 4).
// Parameter N (even, >= 4).
`timescale 1ns / 1ps
`default_nettype none

module gsen_route_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer N = 10;
`include "mf_functions.vh"
`include "a2a_functions.vh"
  localparam integer NS = mf_clog2(N);
  localparam integer NC = 4;  // controls: stage, alt, alt2, alt4

  reg  [NS-1:0]    src;
  reg  [NS-1:0]    cfg;
  wire [NC*NS-1:0] dst, tag;

  gsen_route #(.N(N), .CONTROL(MF_CTRL_STAGE)) u_stage (
    .src(src), .cfg(cfg), .dst(dst[0*NS +: NS]), .tag(tag[0*NS +: NS]));
  gsen_route #(.N(N), .CONTROL(MF_CTRL_ALT)) u_alt (
    .src(src), .cfg(cfg), .dst(dst[1*NS +: NS]), .tag(tag[1*NS +: NS]));
  gsen_route #(.N(N), .CONTROL(MF_CTRL_ALT2)) u_alt2 (
    .src(src), .cfg(cfg), .dst(dst[2*NS +: NS]), .tag(tag[2*NS +: NS]));
  gsen_route #(.N(N), .CONTROL(MF_CTRL_ALT4)) u_alt4 (
    .src(src), .cfg(cfg), .dst(dst[3*NS +: NS]), .tag(tag[3*NS +: NS]));

  integer errors = 0;
  integer checked = 0;
  integer c, i, k, p, j, f;
  integer hits [0:N-1];
  integer fig4 [0:9];

  initial begin
    fig4[0] = 9; fig4[1] = 7; fig4[2] = 5; fig4[3] = 3; fig4[4] = 8;
    fig4[5] = 1; fig4[6] = 6; fig4[7] = 4; fig4[8] = 2; fig4[9] = 0;
    for (c = 0; c < NC; c = c + 1) begin
      for (k = 0; k < (1 << NS); k = k + 1) begin
        for (j = 0; j < N; j = j + 1) hits[j] = 0;
        for (i = 0; i < N; i = i + 1) begin
          src = i;
          cfg = k;
          #1;
          // c = 0 stage control (ash < 0); c = 1, 2, 3: alt, alt2, alt4 (ash = c - 1)
          p = a2a_gsen_path(N, (c == 0) ? -1 : c - 1, i, k);
          j = dst[c*NS +: NS];
          f = tag[c*NS +: NS];
          checked = checked + 1;
          if (j != p / 65536 || f != p % 65536) begin
            errors = errors + 1;
            if (errors <= 10)
              $display("FAIL control %0d cfg %0d src %0d: dst %0d tag %0d, a2a_gsen_path %0d %0d",
                       c, k, i, j, f, p / 65536, p % 65536);
          end
          if (j < N) hits[j] = hits[j] + 1;
          if (c == 0 && j != (i * (1 << NS) + f) % N) begin
            errors = errors + 1;
            if (errors <= 10)
              $display("FAIL stage cfg %0d src %0d: dst %0d, Lemma 3.3 gives (i*2^n + F) mod N = %0d",
                       k, i, j, (i * (1 << NS) + f) % N);
          end
          if (c == 0 && N == 10 && k == 9 && j != fig4[i]) begin
            errors = errors + 1;
            $display("FAIL Fig. 4 (N = 10, C = 9): input %0d reaches %0d, not %0d", i, j, fig4[i]);
          end
        end
        for (j = 0; j < N; j = j + 1)
          if (hits[j] != 1) begin
            errors = errors + 1;
            if (errors <= 10)
              $display("FAIL control %0d cfg %0d: output %0d reached %0d times", c, k, j, hits[j]);
          end
      end
    end
    if (errors == 0) $display("PASS gsen_route_tb N=%0d: %0d paths (4 controls)", N, checked);
    else begin
      $display("FAIL gsen_route_tb N=%0d: %0d errors", N, errors);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
