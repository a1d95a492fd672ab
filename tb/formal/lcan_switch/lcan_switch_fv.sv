// lcan_switch_fv: formal harness of lcan_switch (rtl/lcan/lcan_switch.v), one switch of a
// circuit-switched CB-LCAN (paper 003, section 2, Fig. 1: d downers, u uppers, all
// bidirectional; section 3: on-line routing of one network cycle).
//
// The harness instantiates every switch kind of the two networks of formal group 6:
//   CB-LCAN(16, 2, 2): D = U = 2, LEVEL 0 .. 3 (L = log_2 16 = 4), LW = 2, NB = 4
//   CB-LCAN(16, 4, 4): D = U = 4, LEVEL 0 .. 1 (L = log_4 16 = 2), LW = 1, NB = 4
// (the parameters lcan_net gives its switches at N = 16; W = 1 data bit: the data bits are
// multiplexed like the other bits of the word, lcan_net's proof uses W = 1 too).
//
// Free inputs: every request word on every downer and upper (valid, LCA level, destination,
// source, data), every acknowledgement from below and above, load / seed / step of the
// random source.  No assumption at all on them: the properties hold for any words, a
// fortiori for those lcan_net and lcan_engine present.  The random source (the 16-bit
// xorshift register st whose fields are this cycle's draws r, q, t) is internal.  The proof
// task has no reset: in step 0 st is uninitialised, i.e. any of the 2^16 values, so every
// property (combinational in the inputs and st) holds for every random outcome (the
// reachable values are the non-zero ones: load with a free seed); bmc depth 1 over every
// state is therefore a complete proof.  The cover task starts from reset and loads st from
// the free seed.
//
// The reference is the paper's rule, not the RTL's arithmetic:
//   * a switch connects an input to an output (Fig. 1): a request from a downer leaves by an
//     upper (climbing: its LCA level is above the switch's) or turns at its LCA level and
//     leaves by a downer; a request from an upper leaves by a downer (section 2.3: "route
//     from the source up to the LCA level and then down to the destination");
//   * going down, "the switch in level i routes to downer j, where j is the d-weighted digit
//     of the label" (section 2.3): digit i of the destination;
//   * circuit switching (section 3): one output (wire) carries at most one request, and the
//     word it carries is exactly that request; a request takes one output;
//   * "priority to pairs with lower LCA levels" downward (section 3, the policy of the
//     paper's simulations): the winner of a downer has the lowest LCA level among the
//     requests that want it; a downer that some request wants is never left idle (the
//     losers are dropped, not the winner);
//   * upward: "d downers must be mapped to u uppers" (section 3): with d = u every climbing
//     request gets its own upper (min(climbing, u) in general);
//   * the acknowledgement of a circuit (circuit switching) comes back along the same
//     setting: an input is acknowledged exactly when the output it feeds is.
`default_nettype none

module lcan_switch_chk #(
  parameter integer D = 2,
  parameter integer U = 2,
  parameter integer LEVEL = 0,
  parameter integer LW = 2,
  parameter integer NB = 4,
  parameter integer W = 1,
  parameter integer TOP = 0  // 1: the network's top level (no request climbs out of it)
) (
  input wire clk,
  input wire rst,
  input wire load,
  input wire [15:0] seed,
  input wire step,
  input wire [D*(1+LW+2*NB+W)-1:0] dreq_i,
  input wire [U*(1+LW+2*NB+W)-1:0] ureq_i,
  input wire [D-1:0] dack_i,
  input wire [U-1:0] uack_i
);
  localparam integer RW = 1 + LW + 2 * NB + W;
  localparam integer P = D + U;
  localparam integer LD = (D == 2) ? 1 : (D == 4) ? 2 : (D == 8) ? 3 : 4;
  localparam integer SC = (P + 1 <= 4) ? 2 : (P + 1 <= 8) ? 3 : (P + 1 <= 16) ? 4 : 5;
  localparam integer MINDU = (D < U) ? D : U;

  wire [D*RW-1:0] dreq_o;
  wire [U*RW-1:0] ureq_o;
  wire [D-1:0]    dack_o;
  wire [U-1:0]    uack_o;
  wire [P*SC-1:0] sel;

  lcan_switch #(.D(D), .U(U), .LEVEL(LEVEL), .LW(LW), .NB(NB), .W(W)) dut (
    .clk(clk), .rst(rst), .load(load), .seed(seed), .step(step),
    .dreq_i(dreq_i), .ureq_i(ureq_i), .dreq_o(dreq_o), .ureq_o(ureq_o),
    .dack_i(dack_i), .uack_i(uack_i), .dack_o(dack_o), .uack_o(uack_o), .sel(sel)
  );

  // inputs c = 0..D-1 (downers), D..P-1 (uppers); outputs o likewise (Fig. 1 b)
  wire [P*RW-1:0] in_w  = {ureq_i, dreq_i};
  wire [P*RW-1:0] out_w = {ureq_o, dreq_o};
  wire [P-1:0]    out_ack = {uack_i, dack_i};  // the acknowledgement of what output o carries

  function [LW-1:0] lca_of(input [RW-1:0] w);
    lca_of = w[1 +: LW];
  endfunction
  function [LD-1:0] digit_of(input [RW-1:0] w);  // digit LEVEL (base D) of the destination
    digit_of = w[1 + LW + LEVEL * LD +: LD];
  endfunction

  // candidates for downer o (the requests that want it, section 2.3): a request turning
  // here (from a downer, LCA level = this level) or one descending (from an upper), whose
  // destination digit LEVEL is o.
  function wants(input integer c, input integer o);
    reg [RW-1:0] w;
    begin
      w = in_w[c*RW +: RW];
      wants = w[0] && (c >= D || lca_of(w) == LEVEL) && digit_of(w) == o;
    end
  endfunction
  function climbs(input integer c);  // a request from a downer whose LCA level is above
    reg [RW-1:0] w;
    begin
      w = in_w[c*RW +: RW];
      climbs = c < D && w[0] && lca_of(w) > LEVEL;
    end
  endfunction

  integer o, o2, c;
  reg [4:0] n_up, n_climb;  // (narrow counters: 32-bit integer sums cost the solver)
  reg [SC-1:0] code;
  reg [RW-1:0] w;
  reg any_want, ack_ref;
  always @* begin
    if (!rst) begin
      n_up = 0;
      n_climb = 0;
      for (c = 0; c < P; c = c + 1) if (climbs(c)) n_climb = n_climb + 1;
      for (o = 0; o < P; o = o + 1) begin
        code = sel[o*SC +: SC];
        // (P1) a wire carries one circuit: the output's setting names one input (or none)
        // and the word on the output is exactly that input's request (none: all zero)
        assert (code <= P);
        if (code == 0) begin
          assert (out_w[o*RW +: RW] == {RW{1'b0}});
        end else begin
          w = in_w[(code-1)*RW +: RW];
          assert (out_w[o*RW +: RW] == w);
          assert (w[0]);  // only requests are switched
          if (o >= D) begin
            // (P2) upward: only a climbing request (from a downer, LCA level above)
            assert (climbs(code - 1));
            n_up = n_up + 1;
          end else begin
            // (P3) downward: only a request that wants this downer (turning here or
            // descending from an upper, digit LEVEL of its destination = o)
            assert (wants(code - 1, o));
          end
        end
      end
      // (P4) a request takes one output (no circuit forks)
      for (o = 0; o < P; o = o + 1)
        for (o2 = o + 1; o2 < P; o2 = o2 + 1)
          assert (sel[o*SC +: SC] == 0 || sel[o*SC +: SC] != sel[o2*SC +: SC]);
      // (P5) "priority to pairs with lower LCA levels" (section 3): a wanted downer is
      // taken, and by a request of the lowest LCA level among those that want it
      for (o = 0; o < D; o = o + 1) begin
        code = sel[o*SC +: SC];
        any_want = 1'b0;
        for (c = 0; c < P; c = c + 1) if (wants(c, o)) any_want = 1'b1;
        assert (any_want == (code != 0));
        if (code != 0)
          for (c = 0; c < P; c = c + 1)
            if (wants(c, o))
              assert (lca_of(in_w[(code-1)*RW +: RW]) <= lca_of(in_w[c*RW +: RW]));
      end
      // (P6) upward, "d downers mapped to u uppers" (section 3): min(climbing, u) leave
      assert (n_up == ((n_climb < U) ? n_climb : U));
      // (P7) the acknowledgement runs back along the setting: input c is acknowledged
      // exactly when an output it feeds is acknowledged
      for (c = 0; c < P; c = c + 1) begin
        ack_ref = 1'b0;
        for (o = 0; o < P; o = o + 1)
          if (sel[o*SC +: SC] == c + 1 && out_ack[o] && !(c >= D && o >= D)) ack_ref = 1'b1;
        if (c < D) assert (dack_o[c] == ack_ref);
        else       assert (uack_o[c - D] == ack_ref);
      end
    end
  end

  // ---- cover points (the properties are not vacuous)
  // below the top level (nothing climbs out of the top): a climbing request reaches every
  // upper (from the downer of the same number, and from the last downer to upper 0: the
  // random upward mapping is not fixed); every output busy at once; a turning request (LCA
  // = LEVEL) beats a descending one of a higher LCA level
  wire [RW-1:0] w0 = in_w[0 +: RW];
  wire [RW-1:0] wu = in_w[D*RW +: RW];
  reg all_busy;
  integer ob;
  always @* begin
    all_busy = 1'b1;
    for (ob = 0; ob < P; ob = ob + 1) if (sel[ob*SC +: SC] == 0) all_busy = 1'b0;
  end
  genvar gk;
  generate
    if (!TOP) begin : g_below_top
      for (gk = 0; gk < U; gk = gk + 1) begin : g_cu
        always @* if (!rst) cover (sel[(D + gk)*SC +: SC] == (gk % D) + 1);
      end
      always @* if (!rst) cover (sel[D*SC +: SC] == D);
      always @* if (!rst) cover (all_busy);
      always @* if (!rst)
        cover (w0[0] && wu[0] && lca_of(w0) == LEVEL && lca_of(wu) > LEVEL &&
               digit_of(w0) == 0 && digit_of(wu) == 0 && sel[0 +: SC] == 1);
    end
  endgenerate
  // a tie (two turning requests from downers 0 and 1 want downer 0): each of them wins
  // for some random draw
  wire [RW-1:0] w1 = in_w[RW +: RW];
  wire tie = w0[0] && w1[0] && lca_of(w0) == LEVEL && lca_of(w1) == LEVEL &&
             digit_of(w0) == 0 && digit_of(w1) == 0;
  always @* if (!rst) cover (tie && sel[0 +: SC] == 1);
  always @* if (!rst) cover (tie && sel[0 +: SC] == 2);
  // acknowledgements travel back up through an upper input and down through a downer input
  always @* if (!rst) cover (uack_o[0] && dack_o[0]);
endmodule

module lcan_switch_fv #(
  // 0 (the proof): no reset, so in step 0 the random source holds any value (an
  // uninitialised register) and the base case checks every value; 1 (the covers): reset in
  // step 0, then the source is loaded from the free seed (only reachable draws)
  parameter integer FROM_RESET = 0,
  parameter integer SET = 3  // switch kinds: bit 0 those of CB-LCAN(16, 2, 2), bit 1 (16, 4, 4)
) (
  input wire clk,
  input wire load,
  input wire [15:0] seed,
  input wire step,
  input wire [4*2*12-1:0] req2,   // free request words of the D = U = 2 switches (RW = 12)
  input wire [4*2-1:0]    ack2,
  input wire [2*4*11-1:0] req4,   // of the D = U = 4 switches (RW = 11)
  input wire [2*4-1:0]    ack4
);
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  wire rst = (FROM_RESET != 0) ? init : 1'b0;

  genvar lv;
  generate
    // CB-LCAN(16, 2, 2): L = 4, LW = clog2(4) = 2, RW = 1 + 2 + 8 + 1 = 12
    for (lv = 0; lv < ((SET & 1) ? 4 : 0); lv = lv + 1) begin : g_d2
      wire [2*4*12-1:0] rq = req2;  // the same free words at every level: shared solver vars
      lcan_switch_chk #(.D(2), .U(2), .LEVEL(lv), .LW(2), .NB(4), .W(1), .TOP(lv == 3)) chk (
        .clk(clk), .rst(rst), .load(load), .seed(seed ^ lv), .step(step),
        .dreq_i(rq[lv*24 +: 24]), .ureq_i(rq[((lv + 1) % 4)*24 +: 24]),
        .dack_i(ack2[lv*2 +: 2]), .uack_i(ack2[((lv + 1) % 4)*2 +: 2])
      );
    end
    // CB-LCAN(16, 4, 4): L = 2, LW = 1, RW = 1 + 1 + 8 + 1 = 11
    for (lv = 0; lv < ((SET & 2) ? 2 : 0); lv = lv + 1) begin : g_d4
      lcan_switch_chk #(.D(4), .U(4), .LEVEL(lv), .LW(1), .NB(4), .W(1), .TOP(lv == 1)) chk (
        .clk(clk), .rst(rst), .load(load), .seed(seed ^ (16'h0050 + lv)), .step(step),
        .dreq_i(req4[lv*44 +: 44]), .ureq_i(req4[((lv + 1) % 2)*44 +: 44]),
        .dack_i(ack4[lv*4 +: 4]), .uack_i(ack4[((lv + 1) % 2)*4 +: 4])
      );
    end
  endgenerate
endmodule

`default_nettype wire
