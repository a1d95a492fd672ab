// lcan_net_fv: formal harness of lcan_net (rtl/lcan/lcan_net.v), the circuit-switched
// CB-LCAN(N, d, u) of paper 003 with the on-line routing of one network cycle (PIPE = 0:
// the whole network cycle is combinational in the requests and the switches' random
// sources).  Tasks: N = 16 with d = u = 2 (L = 4 levels of 8 switches) and d = u = 4
// (L = 2 levels of 4 switches), W = 1 data bit.
//
// Free inputs, constrained to what lcan_engine presents (rtl/lcan/lcan_engine.v, g_src):
// source p's request word is {data, src, dst, lca, valid} with
//   * src  = p (the engine's constant),
//   * lca  = the LCA level of (p, dst) by the paper's rule (section 2.3: "the position of
//            the most significant digit in which the source and destination labels differ
//            (the labels are in base d)"; 0 for a fixed point), computed here, not by the RTL,
//   * dst, data, valid free: any destinations (duplicates too: the engine accepts any
//            values and runs them to completion), any subset of sources presenting.
// The random sources (one 16-bit xorshift register per switch: the draws of its upward
// mapping and its tie rank) are internal registers.  The proof tasks have no reset
// (FROM_RESET = 0) and run `mode bmc` with depth 1: in step 0 every switch's register is an
// uninitialised register, i.e. any of the 2^16 values, independently of the other switches,
// so the properties (combinational in the requests and the random sources: PIPE = 0) are
// checked for every random outcome (more than the reachable ones, which all derive from one
// seed); one step is the whole state space, so this bounded check is a complete proof.
// (`mode prove` adds an induction step that only repeats the same check with twice the
// model; it did not finish within minutes at N = 16.)  load / seed / step are free.
//
// Reference, written from the paper (not the RTL's arithmetic):
//   * circuit switching (section 3): "s-d pairs send messages that compete to establish
//     connections through the network ... decisions are made to drop some messages and
//     successfully route the remaining ones": what reaches a PE is one whole request;
//   * routing (section 2.3): up to the LCA level, then "deterministically established
//     downwards to the destination PE using one base d digit per level": a request that
//     arrives, arrives at its destination;
//   * "priority to pairs with lower LCA levels" (section 3, the policy of the paper's
//     simulations).
// Properties:
//   (N1) the word arriving at PE t is exactly the request (valid, LCA level, destination,
//        source, data) of the source it names, that source presents a request, and its
//        destination is t: every granted circuit ends at its destination PE and no wire on
//        its way mixed it with another circuit; an idle PE downer carries the zero word;
//   (N2) source s is acknowledged exactly when its request arrives at a PE (the
//        acknowledgement runs back along its own circuit, circuit switching) -- d = u = 4
//        only (at d = u = 2 it did not finish within the budget; the switch-level
//        acknowledgement property P7 of tb/formal/lcan_switch covers every switch);
//   (N3) lower LCA level first: a fixed point (LCA level 0, it turns in its level-0
//        switch) whose destination no other request wants is always routed: every request
//        from above has a higher LCA level and must lose to it;
//   (N4) every network cycle with a request routes at least one pair (the lowest request
//        wins somewhere; lcan_engine's retry of the losers terminates because of it).
// The per-wire properties inside the switches (every output carries exactly the word of
// the one input its setting names, a request takes one output, the lower LCA level wins
// every downer, turning exactly at the LCA level) are proved for the same switch
// parameters in tb/formal/lcan_switch.
// Covers (FROM_RESET = 1: reset in step 0, the random sources loaded from one seed as the
// engine does): a full permutation (16 distinct destinations, at least half of the pairs
// with the top LCA level) routed in one network cycle; a network cycle with a loser.
`default_nettype none

module lcan_net_fv #(
  parameter integer D = 2,
  parameter integer U = 2,
  parameter integer PROPS = 108, // property groups asserted: 32 N1, 64 N2, 4 N3, 8 N4
                                 // (tasks: n16_d2 and n16_d4 44, n16_d4_ack 64)
  parameter integer FROM_RESET = 0  // 1: reset in step 0 (cover); 0: no reset, any state
) (
  input wire clk,
  input wire load,
  input wire [15:0] seed,
  input wire step,
  input wire [15:0] v,        // source p presents a request (the engine: busy && pending)
  input wire [16*4-1:0] dst,  // source p's destination at [p*4 +: 4]
  input wire [15:0] data      // W = 1
);
  localparam integer N = 16;
  localparam integer NB = 4;
  localparam integer W = 1;
  localparam integer LD = (D == 2) ? 1 : (D == 4) ? 2 : (D == 8) ? 3 : 4;
  localparam integer LU = (U == 2) ? 1 : (U == 4) ? 2 : (U == 8) ? 3 : 4;
  localparam integer L = NB / LD;                      // levels (N = d^L)
  localparam integer LW = (L <= 2) ? 1 : (L <= 4) ? 2 : 3;
  localparam integer RW = 1 + LW + 2 * NB + W;
  localparam integer P = D + U;
  localparam integer SC = (P + 1 <= 4) ? 2 : (P + 1 <= 8) ? 3 : (P + 1 <= 16) ? 4 : 5;
  // Equation 1: S_i = N/d (u/d)^i; first switch number of level i in `settings`
  function integer s_lvl(input integer i);
    s_lvl = (N / D) * (U ** i) / (D ** i);
  endfunction
  function integer first_sw(input integer i);
    integer g;
    begin
      first_sw = 0;
      for (g = 0; g < L; g = g + 1) if (g < i) first_sw = first_sw + s_lvl(g);
    end
  endfunction
  localparam integer TSW = first_sw(L);

  // FROM_RESET = 0 (the proofs): no reset at all, so in step 0 every switch's random source
  // holds any value (an uninitialised register), and the properties, combinational in the
  // requests and the random sources, are checked for every one of them.  FROM_RESET = 1
  // (the covers): reset in step 0, the random sources loaded from one seed as the engine does.
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  wire rst = (FROM_RESET != 0) ? init : 1'b0;

  // the LCA level of (p, x), section 2.3: the most significant base-d digit that differs
  function [LW-1:0] lca(input [NB-1:0] p, input [NB-1:0] x);
    integer i;
    begin
      lca = 0;
      for (i = 0; i < L; i = i + 1)
        if (((p >> (LD * i)) & (D - 1)) != ((x >> (LD * i)) & (D - 1))) lca = i;
    end
  endfunction

  wire [N*RW-1:0] pe_req;
  wire [N*RW-1:0] pe_arr;
  wire [N-1:0] pe_ack;
  wire [TSW*P*SC-1:0] settings;
  genvar gp;
  generate
    for (gp = 0; gp < N; gp = gp + 1) begin : g_req
      wire [NB-1:0] me = gp;
      assign pe_req[gp*RW +: RW] =
        {data[gp*W +: W], me, dst[gp*NB +: NB], lca(me, dst[gp*NB +: NB]), v[gp]};
    end
  endgenerate

  lcan_net #(.N(N), .D(D), .U(U), .W(W), .PIPE(0)) dut (
    .clk(clk), .rst(rst), .load(load), .seed(seed), .step(step),
    .pe_req(pe_req), .pe_arr(pe_arr), .pe_ack(pe_ack), .settings(settings)
  );

  // ---- properties
  integer t, s, s2;
  reg [RW-1:0] a_w;
  reg [NB-1:0] src;
  reg hit, other;
  always @* begin
    if (!rst) begin
      // (N1) the word at PE t is exactly the request of the source it names (no wire on
      // its way mixed it with another circuit), that source presents a request, and its
      // destination is t (so a source arrives at one PE at most: its own destination)
      if (PROPS & 32) for (t = 0; t < N; t = t + 1) begin
        a_w = pe_arr[t*RW +: RW];
        src = a_w[1 + LW + NB +: NB];
        if (a_w[0]) begin
          assert (a_w == pe_req[src*RW +: RW]);
          assert (v[src]);
          assert (a_w[1 + LW +: NB] == t);
        end else begin
          assert (a_w == {RW{1'b0}});
        end
      end
      // (N2) source s is acknowledged exactly when its request arrives (at its destination)
      if (PROPS & 64) for (s = 0; s < N; s = s + 1) begin
        hit = 1'b0;
        for (t = 0; t < N; t = t + 1)
          if (pe_arr[t*RW] && pe_arr[t*RW + 1 + LW + NB +: NB] == s) hit = 1'b1;
        assert (pe_ack[s] == hit);
      end
      // (N3) lower LCA level first: a fixed point nobody else targets always gets through
      if (PROPS & 4) for (s = 0; s < N; s = s + 1) begin
        other = 1'b0;
        for (s2 = 0; s2 < N; s2 = s2 + 1)
          if (s2 != s && v[s2] && dst[s2*NB +: NB] == s) other = 1'b1;
        if (v[s] && dst[s*NB +: NB] == s && !other) assert (pe_ack[s]);
      end
      // (N4) progress: a network cycle with requests routes at least one of them
      if (PROPS & 8) assert (!(|v) || (|pe_ack));
    end
  end

  // ---- cover: a full permutation routed in one network cycle
  reg perm, many_top;
  integer c1, c2, ntop;
  always @* begin
    perm = 1'b1;
    ntop = 0;
    for (c1 = 0; c1 < N; c1 = c1 + 1) begin
      for (c2 = 0; c2 < N; c2 = c2 + 1)
        if (c1 < c2 && dst[c1*NB +: NB] == dst[c2*NB +: NB]) perm = 1'b0;
      if (lca(c1, dst[c1*NB +: NB]) == L - 1) ntop = ntop + 1;
    end
    many_top = ntop >= N / 2;
  end
  always @(posedge clk) if (!rst) cover (perm && many_top && (&v) && (&pe_ack));
  // a network cycle with a loser (a request not routed): the retry the engine makes
  always @(posedge clk) if (!rst) cover (perm && (&v) && !(&pe_ack));
endmodule

`default_nettype wire
