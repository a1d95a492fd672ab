// rn1_selftest: all-to-all traffic generator and delivery checker for an RN1 network of NE
// endpoints (rtl/rn1/rn1_endpoint user ports; protocol in docs/rn1_protocol.md).  It has
// the start / busy / done / cycles / errors interface of the all-to-all engines, so
// board_reporter runs it over and over exactly like the GSEN and banyan engines.
//
// One exchange: every source e sends one message to every other endpoint, in the order
// e+1, e+2, ..., e+NE-1 (mod NE) -- the order of the model's all-to-all traffic
// (minforge::rn1::TrafficDriver, Traffic::kAllToAll; no endpoint sends to itself), so
// NE*(NE-1) messages.  The payload of message e -> d in exchange x (x = 1, 2, ... counted
// modulo 2^XB) is {x[XB-1:0], e[EB-1:0], d[EB-1:0]}, 8*P bits.
// Every delivery pulse (destination d, port p, source s, payload) is checked:
//   bad      s >= NE, s = d, or the payload is not the one of s -> d in this exchange
//            (covers wrong destination, corrupted source, stale message of an earlier
//            exchange);
//   dup      s -> d was already delivered in this exchange (or on the other port of d in
//            the same cycle);
//   good     otherwise: counted in `delivered`, the pair is marked as seen.
// Every completion pulse of source e finishes its oldest unfinished message (one message in
// flight per source), e -> e + k with k counted from 1:
//   failed   ev_ok = 0: the source gave up after MAX_ATT attempts;
//   missing  ev_ok = 1 but e -> e + k was not delivered before (the destination delivers
//            in the cycle after the transmission closed and only then starts its
//            acknowledgement, which crosses every stage's two status words on the way
//            back, so a delivery precedes its completion by several cycles);
//   a completion while the source has no message outstanding counts as missing too.
// errors = bad + dup + failed + missing.  The exchange ends with the first cycle in which
// every source has had NE-1 completions; every delivery of a message precedes its
// completion (the destination delivers at the close of the transmission, the
// acknowledgement comes back afterwards), so by then every message is accounted for.
//
// Cycle-count convention (as a2a_ctrl): `start` is sampled at a clock edge (ignored while
// busy); the next cycle is cycle 0 of the exchange, in which the first messages are offered;
// the last cycle is the first one in which all completions have been seen; at the edge that
// ends it busy falls, done rises and `cycles` holds the number of cycles of the exchange.
// The counters restart at every start and keep their values while done.
// C++ mirror for the Verilator harnesses: model/include/minforge/twin/board/rn1_selftest.hpp.
//
// Parameters
//   NE   endpoints of the network (power of two, 2..64: the seen table has NE*NE bits)
//   P    payload bytes per message (1..8; 8*P >= 2*log2(NE) + 1)
// Derived: EB = log2(NE) endpoint-number bits, XB = 8*P - 2*EB exchange-number bits
// Ports
//   clk, rst              clock, synchronous active-high reset
//   start                 begin an exchange (ignored while busy)
//   busy, done            running / finished (done stays until the next start)
//   cycles [31:0]         cycles of the exchange so far (final value when done)
//   delivered [31:0]      good deliveries in this exchange (NE*(NE-1) when all arrived)
//   errors [31:0]         bad + dup + failed + missing in this exchange
//   err_bad, err_dup, failed, missing [31:0]   the four error counts separately
//   tx_valid, tx_dst, tx_payload, tx_ready     per endpoint send interface (8 bits of dst
//                                              and 8*P bits of payload per endpoint)
//   dlv_valid [2*NE]      per endpoint and output port p (bit 2*e+p): delivery pulse
//   dlv_src [16*NE]       8 bits per endpoint and port (bits 16*e+8*p)
//   dlv_payload [16*P*NE] 8*P bits per endpoint and port (bits 16*P*e+8*P*p)
//   ev_valid, ev_ok [NE]  per source: completion pulse, delivered (1) or gave up (0)
`default_nettype none
`include "mf_param_check.vh"

module rn1_selftest #(
    parameter integer NE = 16,
    parameter integer P = 2
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                start,
    output wire                busy,
    output wire                done,
    output wire [31:0]         cycles,
    output wire [31:0]         delivered,
    output wire [31:0]         errors,
    output wire [31:0]         err_bad,
    output wire [31:0]         err_dup,
    output wire [31:0]         failed,
    output wire [31:0]         missing,
    output wire [NE-1:0]       tx_valid,
    output wire [8*NE-1:0]     tx_dst,
    output wire [8*P*NE-1:0]   tx_payload,
    input  wire [NE-1:0]       tx_ready,
    input  wire [2*NE-1:0]     dlv_valid,
    input  wire [16*NE-1:0]    dlv_src,
    input  wire [16*P*NE-1:0]  dlv_payload,
    input  wire [NE-1:0]       ev_valid,
    input  wire [NE-1:0]       ev_ok
);
  localparam integer EB = (NE > 1) ? $clog2(NE) : 1;
  localparam integer PW = 8 * P;
  localparam integer XB = (PW > 2 * EB) ? PW - 2 * EB : 1;
  localparam integer NN = NE * NE;
  localparam integer ND = 2 * NE;  // delivery ports
  localparam integer CW = (ND + NE < 15) ? 4 : $clog2(ND + NE + 1);  // per-cycle count width
  localparam [EB-1:0] E0 = 0, E1 = 1;
  localparam [XB-1:0] X1 = 1;
  localparam [NE-1:0] ONE_HOT = 1;

  generate
    `MF_PARAM_ERROR_IF(NE < 2 || NE > 64 || (NE & (NE - 1)) != 0 || P < 1 || P > 8 ||
                       8 * P < 2 * EB + 1, g_bad_param,
                       ERROR_rn1_selftest_needs_NE_pow2_2_64_and_8P_above_2log2NE,
                       ("rn1_selftest: NE must be a power of two 2..64 and P 1..8 with 8*P >= 2*log2(NE)+1 (NE=%0d, P=%0d)",
                        NE, P))
  endgenerate

  // ---- run control ----
  reg          busy_q;
  reg          done_q;
  reg [31:0]   cyc_q;
  reg [XB-1:0] xn;  // exchange number (mod 2^XB) carried in the payloads
  wire         clear = start && !busy_q;

  // ---- per source: next message offset kd (0 = all sent) and completion offset fd
  //      (0 = all completed); both restart at 1 at every start ----
  reg [EB*NE-1:0] kd;
  reg [EB*NE-1:0] fd;
  reg [NN-1:0]    seen;  // bit NE*d + s: s -> d delivered in this exchange

  assign busy = busy_q;
  assign done = done_q;
  assign cycles = cyc_q;

  // ---- generator (combinational from the registers) ----
  reg [NE-1:0]     txv;
  reg [8*NE-1:0]   txd;
  reg [PW*NE-1:0]  txp;
  reg [EB-1:0]     gen_dst;
  reg [EB-1:0]     gen_src;
  reg [7:0]        gen_dst8;
  integer g;
  always @(*) begin
    txv = {NE{1'b0}};
    txd = {8 * NE{1'b0}};
    txp = {PW * NE{1'b0}};
    gen_dst = E0;
    gen_src = E0;
    gen_dst8 = 8'd0;
    for (g = 0; g < NE; g = g + 1) begin
      gen_src = g[EB-1:0];
      gen_dst = gen_src + kd[EB*g+:EB];
      txv[g] = busy_q && (kd[EB*g+:EB] != E0);
      gen_dst8 = 8'd0;
      gen_dst8[EB-1:0] = gen_dst;
      txd[8*g+:8] = gen_dst8;
      txp[PW*g+:PW] = {xn, gen_src, gen_dst};
    end
  end
  assign tx_valid = txv;
  assign tx_dst = txd;
  assign tx_payload = txp;

  // ---- checker (combinational from this cycle's pulses and the seen table) ----
  // Written per destination and per (destination, source) pair with constant indices only:
  // every port decodes its source number into a one-hot row, so the seen table is read and
  // written without variable indexing.
  wire [ND-1:0] d_good;
  wire [ND-1:0] d_bad;
  wire [ND-1:0] d_dup;
  wire [NN-1:0] seen_set;  // pairs delivered (good) in this cycle, bit NE*d + s
  wire [NN-1:0] seen_now = seen | seen_set;
  wire [NE-1:0] e_fail;
  wire [NE-1:0] e_miss;

  genvar gd, gs;
  generate
    for (gd = 0; gd < NE; gd = gd + 1) begin : g_dst
      localparam [EB-1:0] DST = gd;
      wire [7:0]    src0 = dlv_src[16*gd+:8];
      wire [7:0]    src1 = dlv_src[16*gd+8+:8];
      wire [PW-1:0] pay0 = dlv_payload[16*P*gd+:PW];
      wire [PW-1:0] pay1 = dlv_payload[16*P*gd+PW+:PW];
      wire [NE-1:0] row = seen[NE*gd+:NE];
      // source in range (upper bits zero) and its one-hot decode (0 when out of range)
      wire          in0 = ((src0 >> EB) == 8'd0);
      wire          in1 = ((src1 >> EB) == 8'd0);
      wire [NE-1:0] hot0 = in0 ? (ONE_HOT << src0[EB-1:0]) : {NE{1'b0}};
      wire [NE-1:0] hot1 = in1 ? (ONE_HOT << src1[EB-1:0]) : {NE{1'b0}};
      // well-formed: source in range, not the destination itself, payload of src -> DST
      wire ok0 = in0 && (src0[EB-1:0] != DST) && (pay0 == {xn, src0[EB-1:0], DST});
      wire ok1 = in1 && (src1[EB-1:0] != DST) && (pay1 == {xn, src1[EB-1:0], DST});
      wire dup0 = row[src0[EB-1:0]];
      wire good0 = dlv_valid[2*gd] && ok0 && !dup0;
      wire dup1 = row[src1[EB-1:0]] || (good0 && src0 == src1);
      wire good1 = dlv_valid[2*gd+1] && ok1 && !dup1;
      assign d_bad[2*gd] = dlv_valid[2*gd] && !ok0;
      assign d_bad[2*gd+1] = dlv_valid[2*gd+1] && !ok1;
      assign d_dup[2*gd] = dlv_valid[2*gd] && ok0 && dup0;
      assign d_dup[2*gd+1] = dlv_valid[2*gd+1] && ok1 && dup1;
      assign d_good[2*gd] = good0;
      assign d_good[2*gd+1] = good1;
      assign seen_set[NE*gd+:NE] = (good0 ? hot0 : {NE{1'b0}}) | (good1 ? hot1 : {NE{1'b0}});
    end

    // completions: source gs finishes its message to gs + fd (mod NE)
    for (gs = 0; gs < NE; gs = gs + 1) begin : g_ev
      localparam [EB-1:0] SRC = gs;
      wire [EB-1:0] f = fd[EB*gs+:EB];
      wire [EB-1:0] dst = SRC + f;
      wire [NE-1:0] col;  // seen of source gs, indexed by destination
      for (gd = 0; gd < NE; gd = gd + 1) begin : g_col
        assign col[gd] = seen[NE*gd+gs];
      end
      wire arrived = col[dst];
      assign e_fail[gs] = ev_valid[gs] && (f != E0) && !ev_ok[gs];
      assign e_miss[gs] = ev_valid[gs] && ((f == E0) || (ev_ok[gs] && !arrived));
    end
  endgenerate

  // ---- per-cycle counts ----
  // Population counts (mf_popcount.vh) of the events, each vector zero-padded to NG groups of
  // four bits (at least one padding bit).
  localparam integer NV = ND + NE;
  localparam integer NG = NV / 4 + 1;
  localparam integer MF_POPCOUNT_W = 4 * NG;
  localparam integer MF_POPCOUNT_CW = CW;
`include "mf_popcount.vh"

  wire [CW-1:0] n_good = mf_popcount({{(4 * NG - ND) {1'b0}}, d_good});
  wire [CW-1:0] n_bad = mf_popcount({{(4 * NG - ND) {1'b0}}, d_bad});
  wire [CW-1:0] n_dup = mf_popcount({{(4 * NG - ND) {1'b0}}, d_dup});
  wire [CW-1:0] n_fail = mf_popcount({{(4 * NG - NE) {1'b0}}, e_fail});
  wire [CW-1:0] n_miss = mf_popcount({{(4 * NG - NE) {1'b0}}, e_miss});
  wire [CW-1:0] n_err = mf_popcount({{(4 * NG - NV) {1'b0}}, d_bad | d_dup, e_fail | e_miss});

  reg [31:0] c_good, c_bad, c_dup, c_fail, c_miss, c_err;
  assign delivered = c_good;
  assign errors = c_err;
  assign err_bad = c_bad;
  assign err_dup = c_dup;
  assign failed = c_fail;
  assign missing = c_miss;

  // ---- exchange end: every source has completed all its messages ----
  wire all_fin = (fd == {EB * NE{1'b0}});
  wire last = busy_q && all_fin;

  integer s;
  always @(posedge clk) begin
    if (rst) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      cyc_q <= 32'd0;
      xn <= {XB{1'b0}};
      kd <= {EB * NE{1'b0}};
      fd <= {EB * NE{1'b0}};
      seen <= {NN{1'b0}};
      c_good <= 32'd0;
      c_bad <= 32'd0;
      c_dup <= 32'd0;
      c_fail <= 32'd0;
      c_miss <= 32'd0;
      c_err <= 32'd0;
    end else if (clear) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      cyc_q <= 32'd0;
      xn <= xn + X1;
      for (s = 0; s < NE; s = s + 1) begin
        kd[EB*s+:EB] <= E1;
        fd[EB*s+:EB] <= E1;
      end
      seen <= {NN{1'b0}};
      c_good <= 32'd0;
      c_bad <= 32'd0;
      c_dup <= 32'd0;
      c_fail <= 32'd0;
      c_miss <= 32'd0;
      c_err <= 32'd0;
    end else begin
      if (busy_q) begin
        cyc_q <= cyc_q + 32'd1;
        if (last) begin
          busy_q <= 1'b0;
          done_q <= 1'b1;
        end
      end
      for (s = 0; s < NE; s = s + 1) begin
        if (txv[s] && tx_ready[s]) kd[EB*s+:EB] <= kd[EB*s+:EB] + E1;
        if (ev_valid[s] && fd[EB*s+:EB] != E0) fd[EB*s+:EB] <= fd[EB*s+:EB] + E1;
      end
      seen <= seen_now;
      c_good <= c_good + {{(32 - CW) {1'b0}}, n_good};
      c_bad <= c_bad + {{(32 - CW) {1'b0}}, n_bad};
      c_dup <= c_dup + {{(32 - CW) {1'b0}}, n_dup};
      c_fail <= c_fail + {{(32 - CW) {1'b0}}, n_fail};
      c_miss <= c_miss + {{(32 - CW) {1'b0}}, n_miss};
      c_err <= c_err + {{(32 - CW) {1'b0}}, n_err};
    end
  end
endmodule

`default_nettype wire
