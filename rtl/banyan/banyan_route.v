// banyan_route: combinational route predictor of the banyan network under stage control.
//
// Follows input `src` through the m stages exactly as banyan_fabric does: at stage i the
// element E_il with l = p >> 1 sets bit 0 of the position to bit0 xor state, where state =
// bit (m-1-i) of `cfg` (sigma_i = sigma when 1); tau_i then swaps bits 0 and i+1.
// With cfg = k, dst = Gamma_k(src), row k of the paper's Latin square L'.
//
// Parameters
//   N   ports, a power of two >= 4
// Derived: M = log2 N
// Ports (combinational)
//   src [M-1:0]  input position
//   cfg [M-1:0]  stage configuration number k
//   dst [M-1:0]  output reached, Gamma_k(src)
//   tag [M-1:0]  self-routing tag of the same path: bit (m-1-i) = out-subport at stage i
//                (so dst bit 0 = tag bit 0 and dst bit i+1 = tag bit (m-1-i) for i < m-1)
`default_nettype none
`include "mf_param_check.vh"

module banyan_route (
  src, cfg, dst, tag
);
  parameter integer N = 16;

`include "mf_functions.vh"

  localparam integer M = mf_clog2(N);

  input  wire [M-1:0] src;
  input  wire [M-1:0] cfg;
  output reg  [M-1:0] dst;
  output reg  [M-1:0] tag;

  generate
    `MF_PARAM_ERROR_IF(N < 4 || (1 << M) != N, g_bad_n,
                       ERROR_banyan_route_N_must_be_a_power_of_two_at_least_4,
                       ("banyan_route: N must be a power of two >= 4 (N=%0d)", N))
  endgenerate

  reg [M-1:0] q;
  reg         f;
  integer     i;

  always @* begin
    q = src;
    tag = {M{1'b0}};
    for (i = 0; i < M; i = i + 1) begin
      f = q[0] ^ cfg[M-1-i];
      tag[M-1-i] = f;
      q[0] = f;
      if (i < M - 1) begin
        q[0] = q[i+1];
        q[i+1] = f;
      end
    end
    dst = q;
  end
endmodule

`default_nettype wire
