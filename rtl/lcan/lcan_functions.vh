// lcan_functions.vh: the CB-LCAN's level geometry, shared by lcan_net, lcan_engine, the board
// self-test (rtl/board/lcan_selftest.v), the out-of-context wrapper and the Icarus bench.
// Included inside a module body after its localparams L (levels), LD = log2 D and
// LU = log2 U, which the functions read; no include guard on purpose (as mf_functions.vh).
// The model's twin: lcan::Network (model/include/minforge/algo/lcan/lcan_topology.hpp).
//
// lvl_sw(li): switches of level li, D^(L-1-li) * U^li.
// goff(li):   index of level li's first switch in the level-major numbering (the sum of
//             lvl_sw over the levels below).
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
