// a2a_functions.vh: constant functions of the all-to-all engines (included inside module
// bodies; no include guard on purpose, see mf_functions.vh).
//
//   a2a_count_levels(n, ncf, tags)  levels of the counters' pipelined population-count trees
//                        (a2a_popcount): ceil(log4 w), at least 1, w = the widest counted
//                        vector: the sinks' n events, or with tag routing (tags != 0) the
//                        fabric's ncf conflict bits.  The data engines' latency is
//                        fabric + 4 + this; the self-test checker uses the same depth.

function integer a2a_count_levels;
  input integer a2a_n;
  input integer a2a_ncf;
  input integer a2a_tags;
  integer a2a_w, a2a_span;
  begin
    a2a_w = (a2a_tags != 0 && a2a_ncf > a2a_n) ? a2a_ncf : a2a_n;
    a2a_count_levels = 1;
    a2a_span = 4;
    while (a2a_span < a2a_w) begin
      a2a_count_levels = a2a_count_levels + 1;
      a2a_span = a2a_span * 4;
    end
  end
endfunction
