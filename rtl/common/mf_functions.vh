// mf_functions.vh: constant functions shared by the minforge RTL.
//
// Included *inside* a module body (Verilog-2005 has no packages), so it deliberately has
// no include guard: every module that needs the functions includes it once.
//
//   mf_clog2(v)         ceil(log2(v)) for v >= 1 (mf_clog2(1) = 0).  Used for the GSEN stage
//                        count n = ceil(log2 N), index widths and counter widths.
//   mf_payload32(i, j)  the payload mix of the all-to-all engines (see docs/rtl.md):
//                        ((29*i + 83*j) mod 2^32) xor 32'h5A5A5A5A.  The message carries its
//                        low PW bits (bits above 32 are zero).  The C++ harness uses
//                        uint32_t p = (29u*i + 83u*j) ^ 0x5A5A5A5Au.

function integer mf_clog2;
  input integer mf_value;
  integer mf_v;
  begin
    mf_clog2 = 0;
    mf_v = mf_value - 1;
    while (mf_v > 0) begin
      mf_clog2 = mf_clog2 + 1;
      mf_v = mf_v >> 1;
    end
  end
endfunction

function integer mf_addr_w;
  input integer mf_d;
  begin
    mf_addr_w = (mf_clog2(mf_d) < 1) ? 1 : mf_clog2(mf_d);
  end
endfunction

function [31:0] mf_payload32;
  input [31:0] mf_i;
  input [31:0] mf_j;
  begin
    // 29 = 16 + 8 + 4 + 1, 83 = 64 + 16 + 2 + 1: shifts and adds, so that synthesis builds
    // adders (a multiply by a constant became an ECP5 DSP block, whose routing made this the
    // critical path of the ULX3S engine tops: read address -> DSP -> add -> compare)
    mf_payload32 = (((mf_i << 4) + (mf_i << 3) + (mf_i << 2) + mf_i) +
                    ((mf_j << 6) + (mf_j << 4) + (mf_j << 1) + mf_j)) ^ 32'h5A5A5A5A;
  end
endfunction
