// rn1_xbar_core: dilated crossbar routing core (NI inputs, radix R, dilation D), the
// switching engine of RN1 (paper 002, sections 20.4, 20.8, 20.11).  Cycle protocol:
// docs/rn1_protocol.md; its cycle twin is minforge::twin::Rn1XbarCore.
//
// Parameters
//   NI         inputs (1..8)
//   R          radix: logical directions (2 or 4); the digit is header bits [7 -: log2 R]
//   D          dilation: outputs per direction (1, 2 or 4); outputs d*D .. d*D+D-1 = direction d
//   PORT_BASE  added to the input and output numbers reported in the status word
//   LFSR_W     LFSR width (R * log2 D bits are used per cycle), LFSR_TAPS its polynomial
// Ports
//   clk, rst   clock, synchronous reset (clears every connection, loads the LFSR seed)
//   seed       LFSR seed (used only when D > 1)
//   en         per-output enable: a disabled output is never allocated
//   fwd_in     NI forward words {ctl, data[7:0]} from upstream
//   bwd_out    NI backward words to upstream (registered)
//   fwd_out    R*D forward words to downstream (registered)
//   bwd_in     R*D backward words from downstream
// Per input: IDLE -> (header: granted) FWD | (no free output) DROP -> ... ctl = 0 closes ->
// status word -> checksum word -> RELAY downstream replies (connected) | end (dropped).
// Latency: one cycle forward and one cycle backward per core.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
module rn1_xbar_core #(
    parameter                NI        = 8,
    parameter                R         = 4,
    parameter                D         = 2,
    parameter                PORT_BASE = 0,
    parameter                LFSR_W    = 16,
    parameter [LFSR_W-1:0]   LFSR_TAPS = `MF_RN1_LFSR_TAPS
) (
    input  wire                clk,
    input  wire                rst,
    input  wire [LFSR_W-1:0]   seed,
    input  wire [R*D-1:0]      en,
    input  wire [NI*9-1:0]     fwd_in,
    output reg  [NI*9-1:0]     bwd_out,
    output reg  [R*D*9-1:0]    fwd_out,
    input  wire [R*D*9-1:0]    bwd_in
);
  /* verilator no_inline_module */
  localparam NO = R * D;
  localparam RB = (R > 1) ? $clog2(R) : 1;
  localparam DB = (D > 1) ? $clog2(D) : 1;
  localparam IB = (NI > 1) ? $clog2(NI) : 1;
  localparam OB = (NO > 1) ? $clog2(NO) : 1;
  localparam [2:0] S_IDLE = 3'd0, S_FWD = 3'd1, S_DROP = 3'd2, S_STC = 3'd3, S_STD = 3'd4,
                   S_RELAY = 3'd5, S_FIN = 3'd6;

  generate
    `MF_PARAM_ERROR_IF(NI < 1 || NI > 8 || !(R == 2 || R == 4) || !(D == 1 || D == 2 || D == 4) ||
                       NO > 8 || PORT_BASE + NI > 8 || PORT_BASE + NO > 8 ||
                       (D > 1 && R * DB > LFSR_W), g_bad,
                       ERROR_rn1_xbar_core_needs_NI_1_8_R_2_or_4_D_1_2_4_at_most_8_ports,
                       ("rn1_xbar_core: need NI 1..8, R 2 or 4, D 1/2/4, R*D <= 8, R*log2(D) <= LFSR_W"))
  endgenerate

`include "rn1_functions.vh"  // crc8

  reg  [3*NI-1:0]  st;
  reg  [OB*NI-1:0] conn;
  reg  [RB*NI-1:0] dir;
  reg  [8*NI-1:0]  cks;
  reg  [NO-1:0]    busy;
  reg  [IB*R-1:0]  prio;
  wire [LFSR_W-1:0] lfsr;

  generate
    if (D > 1) begin : g_lfsr
      rn1_lfsr #(.W(LFSR_W), .TAPS(LFSR_TAPS)) u_lfsr (
          .clk(clk), .rst(rst), .seed(seed), .state(lfsr));
    end else begin : g_no_lfsr
      assign lfsr = {LFSR_W{1'b0}};
      wire unused_seed = ^seed;
    end
  endgenerate

  // Allocation (combinational).  Per direction d the requesters are ranked in rotating
  // order from prio[d]; the requester of rank j gets the j-th free enabled output of d in
  // the order starting at the LFSR offset (the same as letting each requester in turn take
  // the first free output); requesters beyond the free outputs are dropped.
  localparam CB = IB + 1;  // rank / count width
  reg  [NI-1:0]    req;
  reg  [RB*NI-1:0] dig;
  reg  [NI-1:0]    grant;
  reg  [OB*NI-1:0] gout;
  reg  [IB*R-1:0]  prio_n;
  reg  [NO-1:0]    freev;
  reg  [NI-1:0]    reqd, vis;
  reg  [NI-1:0]    lowp;
  reg  [D-1:0]     fo;          // free outputs of direction d in LFSR order
  reg  [CB-1:0]    rank, nfree, seen;
  /* verilator lint_off UNUSEDSIGNAL */
  integer d, i, j, k, t0;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    freev  = ~busy & en;
    grant  = {NI{1'b0}};
    gout   = {OB * NI{1'b0}};
    prio_n = prio;
    reqd   = {NI{1'b0}};
    vis = {NI{1'b0}};
    lowp   = {NI{1'b0}};
    fo     = {D{1'b0}};
    rank   = {CB{1'b0}};
    nfree  = {CB{1'b0}};
    seen   = {CB{1'b0}};
    t0     = 0;
    for (i = 0; i < NI; i = i + 1) begin
      req[i]           = (st[3*i+:3] == S_IDLE) && fwd_in[9*i+8];
      dig[RB*i+:RB]    = fwd_in[9*i+7-:RB];
    end
    for (d = 0; d < R; d = d + 1) begin
      for (i = 0; i < NI; i = i + 1) reqd[i] = req[i] && (dig[RB*i+:RB] == d[RB-1:0]);
      // free outputs in LFSR order: fo[j] = freev[d*D + (s0 + j) mod D]
      for (j = 0; j < D; j = j + 1) begin
        fo[j] = freev[d*D+j];
        if (D > 1) begin
          for (k = 0; k < D; k = k + 1)
            if ({{(32 - DB) {1'b0}}, lfsr[DB*d+:DB]} == ((k >= j) ? k - j : k - j + D))
              fo[j] = freev[d*D+k];
        end
      end
      nfree = {CB{1'b0}};
      for (j = 0; j < D; j = j + 1) nfree = nfree + {{(CB - 1) {1'b0}}, fo[j]};
      // lowp[x] = 1 for inputs x < prio[d]
      for (i = 0; i < NI; i = i + 1) lowp[i] = (i < prio[IB*d+:IB]);
      for (i = 0; i < NI; i = i + 1) begin
        // inputs visited vis i: [prio, i) cyclically
        for (k = 0; k < NI; k = k + 1)
          vis[k] = (i >= prio[IB*d+:IB]) ? ((k < i) && !lowp[k]) : ((k < i) || !lowp[k]);
        rank = {CB{1'b0}};
        for (k = 0; k < NI; k = k + 1) rank = rank + {{(CB - 1) {1'b0}}, reqd[k] & vis[k]};
        if (reqd[i]) begin
          if (rank == {CB{1'b0}}) prio_n[IB*d+:IB] = (i + 1 >= NI) ? {IB{1'b0}} : i[IB-1:0] + 1'b1;
          if (rank < nfree) begin
            grant[i] = 1'b1;
            // the rank-th set bit of fo, mapped back to its output number
            seen = {CB{1'b0}};
            for (j = 0; j < D; j = j + 1) begin
              if (fo[j]) begin
                if (seen == rank) begin
                  t0 = (D > 1) ? j + {{(32 - DB) {1'b0}}, lfsr[DB*d+:DB]} : j;
                  if (t0 >= D) t0 = t0 - D;
                  t0 = d * D + t0;
                  gout[OB*i+:OB] = t0[OB-1:0];
                end
                seen = seen + 1'b1;
              end
            end
          end
        end
      end
    end
  end

  // Next forward outputs: data of connected inputs, headers (shifted) of new grants.
  reg [NO*9-1:0] fo_n;
  reg [NO-1:0]   take, rel;
  reg [NI*9-1:0] relay_in;
  integer f, g;
  always @* begin
    fo_n     = {NO * 9{1'b0}};
    take     = {NO{1'b0}};
    rel      = {NO{1'b0}};
    relay_in = {NI * 9{1'b0}};
    for (g = 0; g < NO; g = g + 1) begin
      for (f = 0; f < NI; f = f + 1) begin
        if (conn[OB*f+:OB] == g[OB-1:0]) begin
          if (st[3*f+:3] == S_FWD && fwd_in[9*f+8]) fo_n[9*g+:9] = fwd_in[9*f+:9];
          if (st[3*f+:3] == S_RELAY) begin
            relay_in[9*f+:9] = bwd_in[9*g+:9];
            if (!bwd_in[9*g+8]) rel[g] = 1'b1;
          end
        end
        if (grant[f] && gout[OB*f+:OB] == g[OB-1:0]) begin
          fo_n[9*g+:9] = {1'b1, fwd_in[9*f+7-RB-:8-RB], {RB{1'b0}}};
          take[g]      = 1'b1;
        end
      end
    end
  end

  // Physical port numbers reported in status words.
  reg [3*NI-1:0] pin_num, pout_num;
  /* verilator lint_off UNUSEDSIGNAL */
  integer gg, t;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    t = 0;
    for (gg = 0; gg < NI; gg = gg + 1) begin
      t                  = PORT_BASE + gg;
      pin_num[3*gg+:3]   = t[2:0];
      t                  = PORT_BASE + {{(32 - OB) {1'b0}}, conn[OB*gg+:OB]};
      pout_num[3*gg+:3]  = t[2:0];
    end
  end

  integer q;
  always @(posedge clk) begin
    if (rst) begin
      st      <= {3 * NI{1'b0}};
      conn    <= {OB * NI{1'b0}};
      dir     <= {RB * NI{1'b0}};
      cks     <= {8 * NI{1'b0}};
      busy    <= {NO{1'b0}};
      prio    <= {IB * R{1'b0}};
      bwd_out <= {NI * 9{1'b0}};
      fwd_out <= {NO * 9{1'b0}};
    end else begin
      prio    <= prio_n;
      fwd_out <= fo_n;
      busy    <= (busy | take) & ~rel;
      for (q = 0; q < NI; q = q + 1) begin
        case (st[3*q+:3])
          S_IDLE: begin
            bwd_out[9*q+:9] <= 9'd0;
            if (req[q]) begin
              cks[8*q+:8]   <= crc8(8'd0, fwd_in[9*q+:8]);
              dir[RB*q+:RB] <= dig[RB*q+:RB];
              if (grant[q]) begin
                st[3*q+:3]     <= S_FWD;
                conn[OB*q+:OB] <= gout[OB*q+:OB];
              end else begin
                st[3*q+:3] <= S_DROP;
              end
            end
          end
          S_FWD, S_DROP: begin
            if (fwd_in[9*q+8]) begin
              cks[8*q+:8]     <= crc8(cks[8*q+:8], fwd_in[9*q+:8]);
              bwd_out[9*q+:9] <= 9'd0;
            end else if (st[3*q+:3] == S_FWD) begin
              bwd_out[9*q+:9] <= {1'b1, 1'b1, 1'b0, pout_num[3*q+:3], pin_num[3*q+:3]};
              st[3*q+:3]      <= S_STC;
            end else begin
              bwd_out[9*q+:9] <= {1'b1, 1'b0, 1'b1, {(3 - RB) {1'b0}}, dir[RB*q+:RB], pin_num[3*q+:3]};
              st[3*q+:3]      <= S_STD;
            end
          end
          S_STC: begin
            bwd_out[9*q+:9] <= {1'b1, cks[8*q+:8]};
            st[3*q+:3]      <= S_RELAY;
          end
          S_STD: begin
            bwd_out[9*q+:9] <= {1'b1, cks[8*q+:8]};
            st[3*q+:3]      <= S_FIN;
          end
          S_RELAY: begin
            if (relay_in[9*q+8]) begin
              bwd_out[9*q+:9] <= relay_in[9*q+:9];
            end else begin
              bwd_out[9*q+:9] <= 9'd0;
              st[3*q+:3]      <= S_IDLE;
            end
          end
          default: begin  // S_FIN
            bwd_out[9*q+:9] <= 9'd0;
            st[3*q+:3]      <= S_IDLE;
          end
        endcase
      end
    end
  end
endmodule
