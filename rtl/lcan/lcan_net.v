// lcan_net: a circuit-switched CB-LCAN(N, D, U) (paper 003, section 2.1) with the on-line
// routing of section 3, one network cycle per clock cycle (PIPE = 0; PIPE = 1: below):
// L = log_D N levels of lcan_switch, level i holding S_i = N/D (U/D)^i switches (Equation
// 1), wired by the paper's label rule.  Every PE presents its request (valid, LCA level, destination, source, data)
// on its downer of level 0; within the cycle the requests climb to their LCA level, turn,
// descend by the destination's base-D digits (digit i at level i), and the destinations
// acknowledge back along the circuits they received.  Upward choices are random per switch
// per network cycle, downward contention goes to the lower LCA level (lcan_switch.v).
//
// Wiring (the model's lcan::Network::cb is the one source; the harness checks every
// arrival and every setting against the twin built on it): switch s of level i is
// H U^i + Lo (H: the base-D part of its label, Lo: the base-U part); PE p is on downer
// p mod D of level-0 switch p / D; upper k of level-i switch (H, Lo) goes to downer H mod D
// of level-(i+1) switch (H / D, Lo U + k).  The uppers of the top level are unconnected.
// Switch numbers in `settings`: level offsets, switch g = S_0 + .. + S_{i-1} + s.
//
// PIPE = 1 (the pipelined network cycle): a register on every link between two levels, in
// both directions and for both the requests and the acknowledgements (reset to 0, loaded
// every clock cycle).  The routing is the same function of the PEs' requests and the random
// sources: held constant for NCK = 4 L - 3 clock cycles (lcan_engine does), every link
// settles to the value it has with PIPE = 0: the requests climb one level per clock cycle
// (level i routes up in clock cycle i of the network cycle), descend one level per clock
// cycle (level i routes down in cycle 2 L - 2 - i: the arrivals hold from cycle 2 L - 2),
// the acknowledgements climb (level i in cycle 2 L - 2 + i) and descend (level i in cycle
// 4 L - 4 - i: pe_ack holds in cycle 4 L - 4 = NCK - 1).  Before that the links carry what
// is left of the previous network cycle (the twin mirrors it: every setting and arrival is
// compared every clock cycle).  Every register-to-register path crosses one level.
//
// Parameters
//   N   PEs: a power of D, D .. 4096 (L = log_D N levels, NB = log2 N bits per PE number)
//   D   downers per switch: 2, 4, 8 or 16
//   U   uppers per switch: 2, 4, 8 or 16
//   W   data bits of a request, 1 .. 32
//   PIPE  0: the whole network cycle combinational (one clock cycle); 1: registers between
//         the levels (NCK = 4 L - 3 clock cycles per network cycle, see above)
// Derived: LD = log2 D, LU = log2 U, NB, L, LW = max(1, clog2 L), RW = 1 + LW + 2 NB + W,
// P = D + U, SC = clog2(P + 1), TSW = the number of switches.
// Ports
//   clk, rst               clock, synchronous reset (every random source reset)
//   load, seed[15:0]       load every switch's random source: switch g's seed input is
//                          the seed with its bits permuted by PERM_g and xored by KEY_g,
//                          constants of g (below), which lcan_switch mixes nonlinearly
//   step                   advance every random source (one network cycle ends)
//   pe_req[N*RW]           PE p's request at [p*RW +: RW] (lcan_switch.v: request word)
//   pe_arr[N*RW]           the request arriving at PE t (its valid bit: a circuit ends at t)
//   pe_ack[N]              source p's circuit was established (acknowledged by its
//                          destination) in this cycle
//   settings[TSW*P*SC]     every switch's setting (lcan_switch `sel`) at [g*P*SC +: P*SC]
// Timing: PIPE = 0: pe_arr, pe_ack and settings are combinational in pe_req and the random
// sources.  PIPE = 1: combinational in pe_req, the random sources and the link registers;
// settled 2 L - 2 (pe_arr, the settings of level 0 .. L-1 as they route down) and 4 L - 4
// (pe_ack) clock cycles after pe_req and the random sources change.
`default_nettype none
`include "mf_param_check.vh"

module lcan_net (clk, rst, load, seed, step, pe_req, pe_arr, pe_ack, settings);
  parameter integer N = 16;
  parameter integer D = 2;
  parameter integer U = 2;
  parameter integer W = 8;
  parameter integer PIPE = 0;

`include "mf_functions.vh"

  // lcan_du_ok, lcan_n_ok, lcan_legal, lcan_levels, lcan_lw, lcan_rw, lcan_sc:
  // lcan_functions.vh, included below L, LD, LU (its lvl_sw and goff read them; a function
  // may be called above its declaration)
  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer NB = mf_clog2(N);
  localparam integer POW2 = lcan_du_ok(D, U);
  localparam integer NPOW = (POW2 != 0) ? lcan_n_ok(N, D) : 0;
  localparam integer LEGAL = lcan_legal(N, D, U, W);
  localparam integer L = lcan_levels(N, D, U, W);
  localparam integer LW = lcan_lw(L);
  localparam integer RW = lcan_rw(N, D, U, W);
  localparam integer P = D + U;
  localparam integer SC = lcan_sc(D, U);
`include "lcan_functions.vh"  // the legality rule and the geometry
  localparam integer TSW = goff(L);

  // The per-switch constants of the seed expansion (elaboration only; twin:
  // LcanSwitch::seed_input).  lowbias32: a 32-bit xor-shift / multiply hash.
  function [31:0] h32;
    input [31:0] a;
    reg [31:0] v;
    begin
      v = a ^ (a >> 16);
      v = v * 32'h7feb352d;
      v = v ^ (v >> 15);
      v = v * 32'h846ca68b;
      h32 = v ^ (v >> 16);
    end
  endfunction
  // KEY_g = h32(16 g) mod 2^16
  function [15:0] sw_key;
    input integer g;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] hv;  // its low half is the key
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      hv = h32(g * 16);
      sw_key = hv[15:0];
    end
  endfunction
  // PERM_g: seed input bit b takes seed bit PERM_g[4 b +: 4]; Fisher-Yates over 0..15 with
  // j = h32(16 g + i) mod (i + 1), i = 15 down to 1
  function [63:0] sw_perm;
    input integer g;
    integer pi;
    reg [31:0] hv;
    reg [31:0] pj;
    reg [31:0] pv;
    reg [3:0] tmp;
    reg [63:0] pm;
    begin
      for (pi = 0; pi < 16; pi = pi + 1) begin
        pv = pi;
        pm[pi*4 +: 4] = pv[3:0];
      end
      for (pi = 15; pi > 0; pi = pi - 1) begin
        hv = h32(g * 16 + pi);
        pv = pi + 1;
        pj = hv % pv;
        tmp = pm[pi*4 +: 4];
        pm[pi*4 +: 4] = pm[pj*4 +: 4];
        pm[pj*4 +: 4] = tmp;
      end
      sw_perm = pm;
    end
  endfunction

  input  wire              clk;
  input  wire              rst;
  input  wire              load;
  input  wire [15:0]       seed;
  input  wire              step;
  input  wire [N*RW-1:0]   pe_req;
  output wire [N*RW-1:0]   pe_arr;
  output wire [N-1:0]      pe_ack;
  output wire [TSW*P*SC-1:0] settings;

  generate
    `MF_PARAM_ERROR_IF(POW2 == 0, g_bad_du, ERROR_lcan_net_D_and_U_must_be_2_4_8_16,
                       ("lcan_net: D and U must be 2, 4, 8 or 16 (D=%0d U=%0d)", D, U))
    `MF_PARAM_ERROR_IF(POW2 != 0 && NPOW == 0, g_bad_n, ERROR_lcan_net_N_must_be_a_power_of_D_up_to_4096,
                       ("lcan_net: N must be a power of D, D..4096 (N=%0d D=%0d)", N, D))
    `MF_PARAM_ERROR_IF(W < 1 || W > 32, g_bad_w, ERROR_lcan_net_W_must_be_1_to_32,
                       ("lcan_net: W must be 1..32 (W=%0d)", W))
    `MF_PARAM_ERROR_IF(PIPE != 0 && PIPE != 1, g_bad_pipe, ERROR_lcan_net_PIPE_must_be_0_or_1,
                       ("lcan_net: PIPE must be 0 or 1 (PIPE=%0d)", PIPE))
  endgenerate

  // The switches are elaborated only for legal parameters (an illegal set stops with the
  // message above, not somewhere in the unrolling).
  localparam integer LEVELS = (LEGAL != 0) ? L : 0;
  genvar i, s, j, k, b;

  // ---- the links of each level (declared first: a level reads the buses of both neighbours).
  // *_o: what level i's switches drive; *_l: what the neighbouring level receives (the same
  // wires with PIPE = 0, a register with PIPE = 1; the top's uppers and level 0's downers,
  // which go to no level, are never registered).
  generate
    for (i = 0; i < LEVELS; i = i + 1) begin : g_bus
      /* verilator lint_off UNUSEDSIGNAL */
      wire [lvl_sw(i)*U*RW-1:0] ureq_o;  // requests leaving level i upwards (top: unconnected)
      wire [lvl_sw(i)*U-1:0]    uack_o;  // acknowledgements level i sends up
      wire [lvl_sw(i)*U*RW-1:0] ureq_l;
      wire [lvl_sw(i)*U-1:0]    uack_l;
      wire [lvl_sw(i)*D*RW-1:0] dreq_l;  // (level 0: unused, its downers go to the PEs)
      wire [lvl_sw(i)*D-1:0]    dack_l;
      /* verilator lint_on UNUSEDSIGNAL */
      wire [lvl_sw(i)*D*RW-1:0] dreq_o;  // requests leaving level i downwards
      wire [lvl_sw(i)*D-1:0]    dack_o;  // acknowledgements level i sends down
      if (PIPE != 0 && i < LEVELS - 1) begin : g_upq
        reg [lvl_sw(i)*U*RW-1:0] ureq_q;
        reg [lvl_sw(i)*U-1:0]    uack_q;
        always @(posedge clk) begin
          if (rst) begin
            ureq_q <= {(lvl_sw(i)*U*RW){1'b0}};
            uack_q <= {(lvl_sw(i)*U){1'b0}};
          end else begin
            ureq_q <= ureq_o;
            uack_q <= uack_o;
          end
        end
        assign ureq_l = ureq_q;
        assign uack_l = uack_q;
      end else begin : g_upw
        assign ureq_l = ureq_o;
        assign uack_l = uack_o;
      end
      if (PIPE != 0 && i > 0) begin : g_dnq
        reg [lvl_sw(i)*D*RW-1:0] dreq_q;
        reg [lvl_sw(i)*D-1:0]    dack_q;
        always @(posedge clk) begin
          if (rst) begin
            dreq_q <= {(lvl_sw(i)*D*RW){1'b0}};
            dack_q <= {(lvl_sw(i)*D){1'b0}};
          end else begin
            dreq_q <= dreq_o;
            dack_q <= dack_o;
          end
        end
        assign dreq_l = dreq_q;
        assign dack_l = dack_q;
      end else begin : g_dnw
        assign dreq_l = dreq_o;
        assign dack_l = dack_o;
      end
    end
  endgenerate

  // ---- the switches and the label-rule wiring
  generate
    for (i = 0; i < LEVELS; i = i + 1) begin : g_lvl
      for (s = 0; s < lvl_sw(i); s = s + 1) begin : g_sw
        wire [D*RW-1:0] di;
        wire [U*RW-1:0] ui;
        wire [D-1:0]    dai;
        wire [U-1:0]    uai;
        if (i == 0) begin : g_pe
          assign di  = pe_req[s*D*RW +: D*RW];
          for (j = 0; j < D; j = j + 1) begin : g_acc
            assign dai[j] = g_bus[0].dreq_o[(s*D + j)*RW];  // a PE accepts what arrives
          end
        end else begin : g_below
          for (j = 0; j < D; j = j + 1) begin : g_dn
            // downer j of (H', Lo') comes from upper Lo' mod U of level-(i-1) switch
            // ((H' D + j) U^(i-1) + Lo' / U)
            localparam integer HP = s >> (LU * i);
            localparam integer LOP = s & ((1 << (LU * i)) - 1);
            localparam integer SB = ((HP * D + j) << (LU * (i - 1))) + (LOP >> LU);
            localparam integer KB = LOP & (U - 1);
            assign di[j*RW +: RW] = g_bus[i-1].ureq_l[(SB*U + KB)*RW +: RW];
            assign dai[j]         = g_bus[i-1].uack_l[SB*U + KB];
          end
        end
        if (i == LEVELS - 1) begin : g_top
          assign ui  = {(U*RW){1'b0}};
          assign uai = {U{1'b0}};
        end else begin : g_above
          for (k = 0; k < U; k = k + 1) begin : g_up
            // upper k of (H, Lo) goes to downer H mod D of level-(i+1) switch (H / D, Lo U + k)
            localparam integer H = s >> (LU * i);
            localparam integer LO = s & ((1 << (LU * i)) - 1);
            localparam integer SA = ((H >> LD) << (LU * (i + 1))) + (LO << LU) + k;
            localparam integer JA = H & (D - 1);
            assign ui[k*RW +: RW] = g_bus[i+1].dreq_l[(SA*D + JA)*RW +: RW];
            assign uai[k]         = g_bus[i+1].dack_l[SA*D + JA];
          end
        end
        // the switch's own seed input: the seed's bits permuted by PERM_g, xor KEY_g (g its
        // number; wiring and inverters only, lcan_switch mixes it nonlinearly at load)
        localparam [63:0] PERM = sw_perm(goff(i) + s);
        localparam [15:0] KEY = sw_key(goff(i) + s);
        wire [15:0] sw_seed;
        for (b = 0; b < 16; b = b + 1) begin : g_seed
          assign sw_seed[b] = seed[PERM[b*4 +: 4]] ^ KEY[b];
        end
        lcan_switch #(
          .D(D), .U(U), .LEVEL(i), .LW(LW), .NB(NB), .W(W)
        ) u_sw (
          .clk(clk), .rst(rst), .load(load), .seed(sw_seed), .step(step),
          .dreq_i(di), .ureq_i(ui),
          .dreq_o(g_bus[i].dreq_o[s*D*RW +: D*RW]), .ureq_o(g_bus[i].ureq_o[s*U*RW +: U*RW]),
          .dack_i(dai), .uack_i(uai),
          .dack_o(g_bus[i].dack_o[s*D +: D]), .uack_o(g_bus[i].uack_o[s*U +: U]),
          .sel(settings[(goff(i) + s)*P*SC +: P*SC])
        );
      end
    end
    if (LEVELS > 0) begin : g_pes
      assign pe_arr = g_bus[0].dreq_o;
      assign pe_ack = g_bus[0].dack_o;
    end else begin : g_none
      assign pe_arr = {(N*RW){1'b0}};
      assign pe_ack = {N{1'b0}};
    end
  endgenerate
endmodule

`default_nettype wire
