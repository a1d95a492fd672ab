// board_functions.vh: constant functions of the board tops (included inside module bodies;
// no include guard on purpose, every top includes it once).
//
//   bf_dec3(v)      three ASCII decimal digits of v mod 1000, leading zeros ("010")
//   bf_sched3(s)    three ASCII letters naming a GSEN engine scheduler: ALT, STG, PLY

function [23:0] bf_dec3;
  input integer bf_v;
  /* verilator lint_off UNUSEDSIGNAL */
  integer bf_h, bf_t, bf_u;  // only their low 8 bits are used
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    bf_h = 48 + (bf_v / 100) % 10;
    bf_t = 48 + (bf_v / 10) % 10;
    bf_u = 48 + bf_v % 10;
    bf_dec3 = {bf_h[7:0], bf_t[7:0], bf_u[7:0]};
  end
endfunction

function [23:0] bf_sched3;
  input integer bf_s;
  begin
    bf_sched3 = (bf_s == 0) ? "ALT" : (bf_s == 1) ? "STG" : "PLY";
  end
endfunction
