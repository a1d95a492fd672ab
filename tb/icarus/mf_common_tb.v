// mf_common_tb: Icarus bench (scripts/icarus_smoke.sh) of the shared functions of rtl/common:
// mf_functions.vh and mf_popcount.vh, each against its specification in its header, computed
// another way.  Every engine uses mf_payload32 at both ends (the source's data and the
// checker's expectation), so a changed payload passes every engine bench; only the lockstep
// comparison with the twin (a Verilated model rebuilt per mutant) saw it.
//   1. mf_clog2(v), v = 1 .. 4096: the smallest c with 2^c >= v; mf_addr_w(v) = max(1, c).
//   2. mf_payload32(i, j) = ((29*i + 83*j) mod 2^32) xor 32'h5A5A5A5A (multiplications here,
//      shifts and adds in the function), over i, j < 64 and 4,096 random 32-bit pairs.
//   3. mf_popcount of W bits (count width CW) against a bit-by-bit count: every value when
//      W <= 12, else 4,096 random values plus 0, all ones and every one-hot value.
// Prints PASS / FAIL; $fatal on failure.
//
// Parameters
//   W   the popcount's width (MF_POPCOUNT_W, >= 1)
`timescale 1ns / 1ps
`default_nettype none

module mf_common_tb;
  parameter integer W = 5;
`include "mf_functions.vh"
  localparam integer MF_POPCOUNT_W = W;
  localparam integer MF_POPCOUNT_CW = (mf_clog2(W + 1) < 3) ? 3 : mf_clog2(W + 1);
`include "mf_popcount.vh"

  localparam integer NV = (W <= 12) ? (1 << W) : 0;  // every value when W <= 12
  localparam integer NR = (W + 31) / 32;              // 32-bit words of a random value

  integer errors = 0;
  integer checked = 0;
  integer v, c, i, j, k, n, m;
  reg [31:0] a, b, want;
  reg [W-1:0] x;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [32*NR-1:0] r;  // the bits above W are drawn and dropped
  /* verilator lint_on UNUSEDSIGNAL */
  reg [MF_POPCOUNT_CW-1:0] got;

  task fail;
    input [8*24-1:0] what;
    input [31:0] arg0, arg1, val, exp;
    begin
      errors = errors + 1;
      if (errors <= 10)
        $display("FAIL %0s(%0d, %0d) = %0d, expected %0d", what, arg0, arg1, val, exp);
    end
  endtask

  task check_popcount;
    input [W-1:0] val;
    begin
      n = 0;
      for (m = 0; m < W; m = m + 1) if (val[m]) n = n + 1;
      got = mf_popcount(val);
      checked = checked + 1;
      if (got !== n[MF_POPCOUNT_CW-1:0] || n >= (1 << MF_POPCOUNT_CW)) begin
        errors = errors + 1;
        if (errors <= 10) $display("FAIL mf_popcount(%0h) = %0d, expected %0d", val, got, n);
      end
    end
  endtask

  initial begin
    // 1. mf_clog2, mf_addr_w
    for (v = 1; v <= 4096; v = v + 1) begin
      c = 0;
      while ((1 << c) < v) c = c + 1;
      checked = checked + 1;
      if (mf_clog2(v) != c) fail("mf_clog2", v, 0, mf_clog2(v), c);
      n = (c == 0) ? 1 : c;
      checked = checked + 1;
      if (mf_addr_w(v) != n) fail("mf_addr_w", v, 0, mf_addr_w(v), n);
    end
    // 2. mf_payload32
    for (i = 0; i < 64; i = i + 1)
      for (j = 0; j < 64; j = j + 1) begin
        a = i;
        b = j;
        want = (32'd29 * a + 32'd83 * b) ^ 32'h5A5A5A5A;
        checked = checked + 1;
        if (mf_payload32(a, b) !== want) fail("mf_payload32", a, b, mf_payload32(a, b), want);
      end
    for (k = 0; k < 4096; k = k + 1) begin
      a = $random;
      b = $random;
      want = (32'd29 * a + 32'd83 * b) ^ 32'h5A5A5A5A;
      checked = checked + 1;
      if (mf_payload32(a, b) !== want) fail("mf_payload32", a, b, mf_payload32(a, b), want);
    end
    // 3. mf_popcount
    x = {W{1'b0}};
    for (v = 0; v < NV; v = v + 1) begin
      check_popcount(x);
      x = x + 1'b1;
    end
    if (NV == 0) begin
      check_popcount({W{1'b0}});
      check_popcount({W{1'b1}});
      for (i = 0; i < W; i = i + 1) check_popcount({{(W - 1) {1'b0}}, 1'b1} << i);
      for (k = 0; k < 4096; k = k + 1) begin
        for (i = 0; i < NR; i = i + 1) r[32*i +: 32] = $random;
        check_popcount(r[W-1:0]);
      end
    end
    if (errors == 0)
      $display("PASS mf_common W=%0d: %0d values of mf_clog2, mf_addr_w, mf_payload32, mf_popcount checked",
               W, checked);
    else begin
      $display("FAIL mf_common W=%0d: %0d of %0d values wrong", W, errors, checked);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
