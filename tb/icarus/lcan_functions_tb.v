// lcan_functions_tb: Icarus bench (scripts/icarus_smoke.sh) of the CB-LCAN's legality rule and
// geometry (rtl/lcan/lcan_functions.vh), each function against its header's specification
// computed another way (loops and multiplications, no $clog2).  The LCAN benches and lockstep
// tests run a few legal networks, so a rule that wrongly refused a legal corner (N = 4096,
// D or U = 16, W = 1 or 32) or accepted an illegal one passed all of them.
//   lcan_du_ok(d, u)         d, u = 0 .. 40
//   lcan_n_ok(n, d)          n = 0 .. 8200, d = 2, 4, 8, 16
//   lcan_legal(n, d, u, w)   n every power of two to 8192 and its neighbours, d, u = 0 .. 17,
//                            w = 0, 1, 2, 31, 32, 33
//   lcan_levels, lcan_rw     every legal set above; lcan_lw(l), l = 1 .. 64; lcan_sc(d, u)
//   lvl_sw, goff             at L = 3 levels of D = 4, U = 2 (16, 8, 4 switches; 0, 16, 24)
// Prints PASS / FAIL; $fatal on failure.
`timescale 1ns / 1ps
`default_nettype none

module lcan_functions_tb;
  // lvl_sw and goff read these localparams of the including module
  localparam integer L = 3;
  localparam integer LD = 2;
  localparam integer LU = 1;
`include "lcan_functions.vh"

  integer errors = 0;
  integer checked = 0;
  integer n, d, u, w, k, p, c, l, want, got;

  function integer is_du;  // 2, 4, 8 or 16
    input integer x;
    begin
      is_du = (x == 2 || x == 4 || x == 8 || x == 16) ? 1 : 0;
    end
  endfunction

  function integer log_of;  // k with d^k == n (k >= 1), else 0
    input integer x;
    input integer base;
    integer q, e;
    begin
      log_of = 0;
      q = base;
      e = 1;
      while (base >= 2 && q <= x && log_of == 0) begin
        if (q == x) log_of = e;
        q = q * base;
        e = e + 1;
      end
    end
  endfunction

  function integer ceil_log2;  // the smallest c with 2^c >= x
    input integer x;
    integer q;
    begin
      ceil_log2 = 0;
      q = 1;
      while (q < x) begin
        q = q * 2;
        ceil_log2 = ceil_log2 + 1;
      end
    end
  endfunction

  task automatic expect(input integer g, input integer e, input [8*40-1:0] what,
                        input integer a0, input integer a1, input integer a2, input integer a3);
    begin
      checked = checked + 1;
      if (g !== e) begin
        errors = errors + 1;
        if (errors <= 8)
          $display("FAIL %0s(%0d, %0d, %0d, %0d) = %0d, expected %0d", what, a0, a1, a2, a3, g, e);
      end
    end
  endtask

  initial begin
    for (d = 0; d <= 40; d = d + 1)
      for (u = 0; u <= 40; u = u + 1)
        expect(lcan_du_ok(d, u), is_du(d) && is_du(u), "lcan_du_ok", d, u, 0, 0);
    for (d = 2; d <= 16; d = d * 2)
      for (n = 0; n <= 8200; n = n + 1)
        expect(lcan_n_ok(n, d), (log_of(n, d) >= 1 && n <= 4096) ? 1 : 0, "lcan_n_ok", n, d, 0,
               0);
    for (p = 1; p <= 8192; p = p * 2)
      for (k = -1; k <= 1; k = k + 1) begin
        n = p + k;
        for (d = 0; d <= 17; d = d + 1)
          for (u = 0; u <= 17; u = u + 1)
            for (c = 0; c < 6; c = c + 1) begin
              w = (c == 0) ? 0 : (c == 1) ? 1 : (c == 2) ? 2 : (c == 3) ? 31 : (c == 4) ? 32 : 33;
              want = (is_du(d) && is_du(u) && log_of(n, d) >= 1 && n <= 4096 && w >= 1 &&
                      w <= 32) ? 1 : 0;
              got = lcan_legal(n, d, u, w);
              expect(got, want, "lcan_legal", n, d, u, w);
              expect(lcan_levels(n, d, u, w), want ? log_of(n, d) : 1, "lcan_levels", n, d, u, w);
              if (want) begin
                l = log_of(n, d);
                expect(lcan_rw(n, d, u, w),
                       1 + ((ceil_log2(l) < 1) ? 1 : ceil_log2(l)) + 2 * ceil_log2(n) + w,
                       "lcan_rw", n, d, u, w);
              end
            end
      end
    for (l = 1; l <= 64; l = l + 1)
      expect(lcan_lw(l), (ceil_log2(l) < 1) ? 1 : ceil_log2(l), "lcan_lw", l, 0, 0, 0);
    for (d = 2; d <= 16; d = d * 2)
      for (u = 2; u <= 16; u = u * 2)
        expect(lcan_sc(d, u), ceil_log2(d + u + 1), "lcan_sc", d, u, 0, 0);
    // D = 4, U = 2, three levels: D^(L-1-li) * U^li and the running sum below li
    expect(lvl_sw(0), 16, "lvl_sw", 0, 0, 0, 0);
    expect(lvl_sw(1), 8, "lvl_sw", 1, 0, 0, 0);
    expect(lvl_sw(2), 4, "lvl_sw", 2, 0, 0, 0);
    expect(goff(0), 0, "goff", 0, 0, 0, 0);
    expect(goff(1), 16, "goff", 1, 0, 0, 0);
    expect(goff(2), 24, "goff", 2, 0, 0, 0);
    expect(goff(3), 28, "goff", 3, 0, 0, 0);
    if (errors == 0) $display("PASS lcan_functions: %0d checks", checked);
    else $fatal(1, "FAIL lcan_functions: %0d of %0d checks", errors, checked);
    $finish;
  end
endmodule
