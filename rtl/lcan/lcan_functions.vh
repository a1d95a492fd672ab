// lcan_functions.vh: the CB-LCAN's legality rule and level geometry, shared by lcan_net,
// lcan_engine, the board self-test (rtl/board/lcan_selftest.v), the out-of-context wrapper
// and the Icarus bench.  Included inside a module body; no include guard on purpose (as
// mf_functions.vh), and no call of mf_functions.vh (the board self-test includes this file
// alone; $clog2 instead).  lvl_sw and goff read the module's localparams L (levels),
// LD = log2 D and LU = log2 U, so the file is included after them; the other functions read
// only their arguments, so a module calls them to declare L (a function may be called above
// its declaration: Verilator, Yosys, Icarus and slang accept it).  The model's twin: lcan::Network
// (model/include/minforge/algo/lcan/lcan_topology.hpp).
//
// lcan_du_ok(d, u):        D and U are 2, 4, 8 or 16.
// lcan_n_ok(n, d):         N is a power of D, D .. 4096 (D a power of two).
// lcan_legal(n, d, u, w):  both, and W is 1 .. 32: the parameters lcan_net accepts.
// lcan_levels(n, d, u, w): L = log_D N levels of a legal network; 1 for an illegal one (so
//                          that it elaborates as far as its parameter checks, which stop it).
// lcan_lw(l):              an LCA level's bits: max(1, ceil(log2 L)).
// lcan_rw(n, d, u, w):     the request word {data, source, destination, LCA level, valid}:
//                          W + 2 log2 N + lcan_lw(L) + 1 bits (lcan_switch.v).
// lcan_sc(d, u):           a switch setting's bits: ceil(log2(D + U + 1)).
// lvl_sw(li): switches of level li, D^(L-1-li) * U^li.
// goff(li):   index of level li's first switch in the level-major numbering (the sum of
//             lvl_sw over the levels below).
function integer lcan_du_ok;
  input integer lcan_d;
  input integer lcan_u;
  begin
    lcan_du_ok = ((lcan_d == 2 || lcan_d == 4 || lcan_d == 8 || lcan_d == 16) &&
                  (lcan_u == 2 || lcan_u == 4 || lcan_u == 8 || lcan_u == 16)) ? 1 : 0;
  end
endfunction
function integer lcan_n_ok;
  input integer lcan_n;
  input integer lcan_d;
  begin  // (one expression, so that scripts/rtl_legal.py reads it; D = 1: no modulo by 0)
    lcan_n_ok = ($clog2(lcan_d) < 1) ? 0 :
                (lcan_n >= lcan_d && lcan_n <= 4096 && (1 << $clog2(lcan_n)) == lcan_n &&
                 $clog2(lcan_n) % $clog2(lcan_d) == 0) ? 1 : 0;
  end
endfunction
function integer lcan_legal;
  input integer lcan_n;
  input integer lcan_d;
  input integer lcan_u;
  input integer lcan_w;
  begin
    lcan_legal = (lcan_du_ok(lcan_d, lcan_u) != 0 && lcan_n_ok(lcan_n, lcan_d) != 0 &&
                  lcan_w >= 1 && lcan_w <= 32) ? 1 : 0;
  end
endfunction
function integer lcan_levels;
  input integer lcan_n;
  input integer lcan_d;
  input integer lcan_u;
  input integer lcan_w;
  begin
    lcan_levels = (lcan_legal(lcan_n, lcan_d, lcan_u, lcan_w) != 0) ?
                  $clog2(lcan_n) / $clog2(lcan_d) : 1;
  end
endfunction
function integer lcan_lw;
  input integer lcan_l;
  begin
    lcan_lw = ($clog2(lcan_l) < 1) ? 1 : $clog2(lcan_l);
  end
endfunction
function integer lcan_rw;
  input integer lcan_n;
  input integer lcan_d;
  input integer lcan_u;
  input integer lcan_w;
  begin
    lcan_rw = 1 + lcan_lw(lcan_levels(lcan_n, lcan_d, lcan_u, lcan_w)) + 2 * $clog2(lcan_n) +
              lcan_w;
  end
endfunction
function integer lcan_sc;
  input integer lcan_d;
  input integer lcan_u;
  begin
    lcan_sc = $clog2(lcan_d + lcan_u + 1);
  end
endfunction
function integer lvl_sw;
  input integer li;
  begin
    lvl_sw = 1 << ((L - 1 - li) * LD + li * LU);
  end
endfunction
function integer goff;
  input integer li;
  integer gi;
  begin
    goff = 0;
    for (gi = 0; gi < li; gi = gi + 1) goff = goff + lvl_sw(gi);
  end
endfunction
