// banyan_functions.vh: constant functions of the banyan family (included inside module
// bodies after mf_functions.vh, whose mf_clog2 and mf_addr_w they call; no include guard on
// purpose, see mf_functions.vh).  The one source of banyan_fabric's fault-port widths, used by
// the fabric, every engine that passes the fault ports on (banyan_a2a_xchg, banyan_a2a_engine,
// banyan_ft_engine, a2a_axis_xchg: through rtl/engine/a2a_functions.vh, which includes this
// file) and their out-of-context wrappers.
//
//   banyan_fsw(n)   fault_stage bits of an n-port banyan (m = log2 n stages):
//                   max(1, ceil(log2 m))
//   banyan_few(n)   fault_elem bits (n/2 elements per stage): max(1, m - 1)

function integer banyan_fsw;
  input integer banyan_n;
  begin
    banyan_fsw = mf_addr_w(mf_clog2(banyan_n));
  end
endfunction

function integer banyan_few;
  input integer banyan_n;
  begin
    banyan_few = mf_addr_w(banyan_n / 2);
  end
endfunction
