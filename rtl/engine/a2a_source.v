// a2a_source: message builder of one processor of the all-to-all engines.
//
// Message word (W bits), identical for the GSEN and banyan engines:
//   [IW-1:0]      source index i (= SRC)
//   [2*IW-1:IW]   destination index j
//   [W-1:2*IW]    payload: the low PW = W - 2*IW bits of mf_payload32(i, j) =
//                 ((29*i + 83*j) mod 2^32) xor 32'h5A5A5A5A (bits above 32 are zero)
//
// Parameters
//   N     processors (index width IW = ceil(log2 N))
//   W     message width, >= 2*IW + 4
//   SRC   this processor's index i
// Ports (combinational)
//   dst [IW-1:0]  destination j of this round's message
//   msg [W-1:0]   the message
`default_nettype none
`include "mf_param_check.vh"

module a2a_source (
  dst, msg
);
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer SRC = 0;

`include "mf_functions.vh"

  localparam integer IW = mf_clog2(N);
  localparam integer PW = W - 2 * IW;
  localparam [31:0] SRC32 = SRC;
  localparam [IW-1:0] SRC_ID = SRC32[IW-1:0];

  input  wire [IW-1:0] dst;
  output wire [W-1:0]  msg;

  generate
    `MF_PARAM_ERROR_IF(PW < 4, g_bad_w, ERROR_a2a_source_W_too_small_for_src_dst_and_4_payload_bits,
                       ("a2a_source: W=%0d too small: needs 2*%0d index bits + 4 payload bits",
                        W, IW))
  endgenerate

  wire [31:0]      mix = mf_payload32(SRC32, {{(32-IW){1'b0}}, dst});
  wire [PW+31:0]   mix_ext = {{PW{1'b0}}, mix};
  wire [PW-1:0]    payload = mix_ext[PW-1:0];
  wire [31:0]      unused_mix_hi = mix_ext[PW+31:PW];

  assign msg = {payload, dst, SRC_ID};
endmodule

`default_nettype wire
