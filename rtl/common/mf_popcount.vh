// mf_popcount.vh: the RTL's one combinational population count.  Included inside a module
// body, after the module's localparams MF_POPCOUNT_W (the bits counted, >= 1) and
// MF_POPCOUNT_CW (the width of the count, >= 3); no include guard on purpose (see
// mf_functions.vh).  The registered, pipelined count of the engines' counters is the module
// a2a_popcount (rtl/engine/a2a_popcount.v); C++ counts with std::popcount.
// lint.one_source (scripts/lint_one_source.py, rule popcount) fails on another count
// function.
//
//   mf_popcount(v)  the number of set bits of v[MF_POPCOUNT_W-1:0]: groups of four bits
//                   counted by table (3 LUTs each), then the group counts added (a chain of
//                   short adders instead of one adder per bit).

function [MF_POPCOUNT_CW-1:0] mf_popcount;
  input [MF_POPCOUNT_W-1:0] mf_pc_v;
  integer mf_pc_g, mf_pc_b;
  reg [2:0] mf_pc_c4;
  begin
    mf_popcount = {MF_POPCOUNT_CW{1'b0}};
    for (mf_pc_g = 0; 4 * mf_pc_g < MF_POPCOUNT_W; mf_pc_g = mf_pc_g + 1) begin
      mf_pc_c4 = 3'd0;
      for (mf_pc_b = 4 * mf_pc_g; mf_pc_b < 4 * mf_pc_g + 4 && mf_pc_b < MF_POPCOUNT_W;
           mf_pc_b = mf_pc_b + 1)
        mf_pc_c4 = mf_pc_c4 + {2'b00, mf_pc_v[mf_pc_b]};
      mf_popcount = mf_popcount + {{(MF_POPCOUNT_CW - 3) {1'b0}}, mf_pc_c4};
    end
  end
endfunction
