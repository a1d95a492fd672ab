// rn1_xbar_fv: formal harness of rn1_xbar_core, the dilated crossbar core of RN1
// (paper 002, sections 20.2.3, 20.4, 20.8, 20.11; cycle protocol docs/rn1_protocol.md,
// "Routing core").  The reference below is written from the paper's rules and the
// protocol document's table, not from the RTL's functions.
//
// NI and D must be powers of two (the rotating order and the LFSR offsets wrap as IB / DB
// bits); RN1 uses NI = 8 or 4, D = 2 or 1.
// Free inputs model the neighbours: fwd_in (the upstream senders), bwd_in (the downstream
// replies), en (the enable bits: "may change at any time"), seed.  They are NOT constrained:
// the core must keep its guarantees whatever its neighbours do (a faulty neighbour may send
// anything), so no assumption is made beyond the reset in the first cycle.
//
// The core's internal registers (st, conn, dir, cks, busy, prio, lfsr) and its allocation
// (grant, gout) are brought out by the .sby script (`flatten`, then `connect -set p_x
// u_dut.x`: Yosys has no hierarchical references); the p_* wires below are those probes.
//
// Properties (assert labels, or a trailing comment where the assert sits in a loop):
//   a_alloc_*   allocation of one cycle (doc "Allocation", paper 20.8.2): only requesters
//               are granted, inside their direction, on a free enabled output, two grants
//               never share an output; "all connections which can be made ... are made"
//               (grants of a direction = min(requesters, free outputs)); exactly the
//               requesters ranked below the free count in rotating order from prio[d] are
//               granted; the requester of rank r gets the r-th free output of its
//               direction in the order starting at the LFSR offset (dilation 2: either of
//               the pair, the LFSR's random choice when both are free, paper 20.11).
//   a_excl      two inputs never hold one output (paper 20.2.3: "only one input can be
//               connected to each output at the same time"), busy = held.
//   a_drive     each output is driven (data of a connected input or a new header) by at
//               most one input in a cycle, and its register carries exactly that word.
//   a_bwd       each input's backward register follows the doc's table: 0 while idle or
//               receiving, then the status word (connected {1,0,out,in} / dropped
//               {0,1,0..,dir,in}: the "blocked status"), then {1, CRC-8 of the received
//               words}, then the relayed downstream reply (connected) or the end (dropped).
//   a_prio      round-robin priority: prio[d] becomes the first visited requester + 1.
//   a_lfsr      the core's LFSR is the doc's Galois LFSR (x^16+x^14+x^13+x^11+1, seed 0 -> 1).
`default_nettype none
`include "mf_consts.vh"
module rn1_xbar_fv #(
    parameter NI = 8,
    parameter R  = 4,
    parameter D  = 2,
    // EXACT = 1: also check the doc's exact allocation rule (who is granted: the first
    // free-count requesters in rotating order; which output: the rank-th free one from the
    // LFSR offset).  EXACT = 0 checks the paper-level facts and, for a sole requester of a
    // direction, the random choice (first free output from the LFSR offset).
    parameter EXACT = 1
) (
    input wire             clk,
    input wire             rst,
    input wire [15:0]      seed,
    input wire [R*D-1:0]   en,
    input wire [NI*9-1:0]  fwd_in,
    input wire [R*D*9-1:0] bwd_in
);
  localparam NO = R * D;
  localparam RB = (R > 1) ? $clog2(R) : 1;
  localparam DB = (D > 1) ? $clog2(D) : 1;
  localparam IB = (NI > 1) ? $clog2(NI) : 1;
  localparam OB = (NO > 1) ? $clog2(NO) : 1;
  // states of the doc's table (the encoding is checked against the shadow below)
  localparam [2:0] S_IDLE = 3'd0, S_FWD = 3'd1, S_DROP = 3'd2, S_STC = 3'd3, S_STD = 3'd4,
                   S_RELAY = 3'd5, S_FIN = 3'd6;

  wire [NI*9-1:0] bwd_out;
  wire [NO*9-1:0] fwd_out;

  rn1_xbar_core #(.NI(NI), .R(R), .D(D), .PORT_BASE(0), .LFSR_W(16), .LFSR_TAPS(`MF_RN1_LFSR_TAPS)) u_dut (
      .clk(clk), .rst(rst), .seed(seed), .en(en), .fwd_in(fwd_in), .bwd_out(bwd_out),
      .fwd_out(fwd_out), .bwd_in(bwd_in));

  // ---- probes (connected by the .sby script)
  (* keep *) wire [3*NI-1:0]  p_st;
  (* keep *) wire [OB*NI-1:0] p_conn;
  (* keep *) wire [RB*NI-1:0] p_dir;
  (* keep *) wire [8*NI-1:0]  p_cks;
  (* keep *) wire [NO-1:0]    p_busy;
  (* keep *) wire [IB*R-1:0]  p_prio;
  (* keep *) wire [15:0]      p_lfsr;
  (* keep *) wire [NI-1:0]    p_grant;
  (* keep *) wire [OB*NI-1:0] p_gout;

  initial assume (rst);  // the first cycle resets the core

  reg past_valid = 1'b0;
  always @(posedge clk) past_valid <= 1'b1;

  // ---- reference CRC-8 (doc "Checksum": polynomial 0x07, initial 0, MSB first), bit-serial
  function [7:0] ref_crc8;
    input [7:0] c;
    input [7:0] b;
    integer k;
    reg [7:0] r;
    begin
      r = c ^ b;
      for (k = 0; k < 8; k = k + 1) r = r[7] ? ((r << 1) ^ 8'h07) : (r << 1);
      ref_crc8 = r;
    end
  endfunction

  // ---- reference LFSR (doc "LFSR"): Galois, mask 0xB400, seed 0 loads 1
  reg [15:0] ref_lfsr;
  always @(posedge clk)
    if (rst) ref_lfsr <= (seed == 16'd0) ? 16'd1 : seed;
    else ref_lfsr <= (ref_lfsr >> 1) ^ (ref_lfsr[0] ? `MF_RN1_LFSR_TAPS : 16'h0000);
  generate
    if (D > 1) begin : g_lfsr_chk
      always @* if (past_valid && !rst) a_lfsr: assert (p_lfsr == ref_lfsr);
    end
  endgenerate

  // ---- reference allocation of this cycle (doc "Allocation", paper 20.8.2)
  reg [NI-1:0]    x_req;          // IDLE input with ctl = 1 (a header)
  reg [RB*NI-1:0] x_dig;          // its digit: header bits [7 -: RB]
  reg [NO-1:0]    x_free;         // ~busy & en
  reg [NI-1:0]    x_grant;        // who must be granted
  reg [OB*NI-1:0] x_gout;         // and which output
  reg [IB*R-1:0]  x_prio_n;       // next priority pointers
  reg [R-1:0]     x_any;          // direction had a requester
  reg [4*R-1:0]   x_nreq, x_nfree, x_ngrant;
  // positions, ranks and offsets in narrow modular arithmetic: NI and D are powers of two
  // here (RN1: NI = 8 or 4, D = 1 or 2), so "mod NI" / "mod D" is the wrap of IB / DB bits
  integer i, j, d, m, o;
  reg [IB-1:0] pos_i, pos_j;
  reg [3:0]    rk, cnt;
  reg [DB-1:0] s0, om;
  always @* begin
    x_grant  = {NI{1'b0}};
    x_gout   = {OB * NI{1'b0}};
    x_prio_n = p_prio;
    x_any    = {R{1'b0}};
    x_nreq   = {4 * R{1'b0}};
    x_nfree  = {4 * R{1'b0}};
    x_ngrant = {4 * R{1'b0}};
    x_free   = ~p_busy & en;
    for (i = 0; i < NI; i = i + 1) begin
      x_req[i]          = (p_st[3*i+:3] == S_IDLE) && fwd_in[9*i+8];
      x_dig[RB*i+:RB]   = fwd_in[9*i+7-:RB];
    end
    for (d = 0; d < R; d = d + 1) begin
      s0 = (D > 1) ? ref_lfsr[DB*d+:DB] : {DB{1'b0}};
      for (m = 0; m < D; m = m + 1) x_nfree[4*d+:4] = x_nfree[4*d+:4] + x_free[d*D+m];
      for (i = 0; i < NI; i = i + 1) begin
        if (x_req[i] && x_dig[RB*i+:RB] == d) begin
          x_nreq[4*d+:4] = x_nreq[4*d+:4] + 1;
          // rank: requesters of d visited before i in the order prio[d], prio[d]+1, ...
          pos_i = i[IB-1:0] - p_prio[IB*d+:IB];
          rk = 4'd0;
          for (j = 0; j < NI; j = j + 1) begin
            pos_j = j[IB-1:0] - p_prio[IB*d+:IB];
            if (x_req[j] && x_dig[RB*j+:RB] == d && pos_j < pos_i) rk = rk + 1;
          end
          if (rk == 4'd0) begin
            x_any[d] = 1'b1;
            x_prio_n[IB*d+:IB] = (i + 1) % NI;
          end
          // the rk-th free output of d in the order d*D + (s0 + m) mod D
          cnt = 4'd0;
          for (m = 0; m < D; m = m + 1) begin
            om = s0 + m[DB-1:0];
            o = d * D + ((D > 1) ? om : 0);
            if (x_free[o]) begin
              if (cnt == rk) begin
                x_grant[i] = 1'b1;
                x_gout[OB*i+:OB] = o;
              end
              cnt = cnt + 1;
            end
          end
        end
      end
      for (i = 0; i < NI; i = i + 1)
        if (p_grant[i] && x_dig[RB*i+:RB] == d) x_ngrant[4*d+:4] = x_ngrant[4*d+:4] + 1;
    end
  end

  // paper-level allocation facts, then the exact rule of the doc
  integer a, b, e;
  always @* begin
    if (past_valid && !rst) begin
      for (a = 0; a < NI; a = a + 1) begin
        if (p_grant[a]) begin
          assert (x_req[a]);                                                     // a_alloc_req
          assert ((p_gout[OB*a+:OB] >> (D > 1 ? DB : 0)) == x_dig[RB*a+:RB]);   // a_alloc_dir
          assert (x_free[p_gout[OB*a+:OB]]);                                     // a_alloc_free
        end
        for (b = 0; b < NI; b = b + 1)
          if (a != b && p_grant[a] && p_grant[b])
            assert (p_gout[OB*a+:OB] != p_gout[OB*b+:OB]);                       // a_alloc_share
        if (EXACT) begin
          assert (p_grant[a] == x_grant[a]);                                   // a_alloc_who
          if (x_grant[a]) assert (p_gout[OB*a+:OB] == x_gout[OB*a+:OB]);       // a_alloc_out
        end else if (x_req[a] && x_nreq[4*(x_dig[RB*a+:RB])+:4] == 4'd1) begin
          // a sole requester: granted iff a free output, the first from the LFSR offset
          assert (p_grant[a] == x_grant[a]);                                   // a_alloc_sole
          if (x_grant[a]) assert (p_gout[OB*a+:OB] == x_gout[OB*a+:OB]);       // a_alloc_pick
        end
      end
      for (e = 0; e < R; e = e + 1)
        // a_alloc_all: "all connections which can be made ... are made" (20.8.2)
        assert (x_ngrant[4*e+:4] == ((x_nreq[4*e+:4] < x_nfree[4*e+:4]) ?
                                                  x_nreq[4*e+:4] : x_nfree[4*e+:4]));
    end
  end

  // round-robin priority (doc): checked one edge later
  reg [IB*R-1:0] exp_prio;
  always @(posedge clk) exp_prio <= rst ? {IB * R{1'b0}} : x_prio_n;
  always @* if (past_valid) a_prio: assert (p_prio == exp_prio);

  // ---- held connections: exclusive, busy = held, inside the requested direction
  reg [NI-1:0] held;
  integer hi;
  always @* for (hi = 0; hi < NI; hi = hi + 1)
    held[hi] = (p_st[3*hi+:3] == S_FWD) || (p_st[3*hi+:3] == S_STC) || (p_st[3*hi+:3] == S_RELAY);
  integer h1, h2, ob;
  reg hit;
  always @* begin
    if (past_valid && !rst) begin
      for (h1 = 0; h1 < NI; h1 = h1 + 1) begin
        assert (p_st[3*h1+:3] <= S_FIN);                                         // a_st_legal
        if (held[h1]) begin
          assert ((p_conn[OB*h1+:OB] >> (D > 1 ? DB : 0)) == p_dir[RB*h1+:RB]);
          assert (p_busy[p_conn[OB*h1+:OB]]);                                    // a_held_busy
        end
        for (h2 = 0; h2 < NI; h2 = h2 + 1)
          if (h1 != h2 && held[h1] && held[h2])
            assert (p_conn[OB*h1+:OB] != p_conn[OB*h2+:OB]);                     // a_excl
      end
      for (ob = 0; ob < NO; ob = ob + 1) begin
        hit = 1'b0;
        for (h1 = 0; h1 < NI; h1 = h1 + 1) if (held[h1] && p_conn[OB*h1+:OB] == ob) hit = 1'b1;
        assert (p_busy[ob] == hit);                                              // a_busy_held
      end
    end
  end

  // ---- forward drive: at most one source per output, the register carries its word
  reg [NO*9-1:0] exp_fwd;
  reg [NO*9-1:0] nxt_fwd;
  reg [4*NO-1:0] ndrv;
  integer g, f, g2;
  always @* begin
    nxt_fwd = {NO * 9{1'b0}};
    ndrv    = {4 * NO{1'b0}};
    for (g = 0; g < NO; g = g + 1)
      for (f = 0; f < NI; f = f + 1) begin
        if (p_st[3*f+:3] == S_FWD && fwd_in[9*f+8] && p_conn[OB*f+:OB] == g) begin
          ndrv[4*g+:4] = ndrv[4*g+:4] + 1;
          nxt_fwd[9*g+:9] = fwd_in[9*f+:9];
        end
        if (p_grant[f] && p_gout[OB*f+:OB] == g) begin
          ndrv[4*g+:4] = ndrv[4*g+:4] + 1;
          // paper/design: the header is passed on shifted left by the digit bits
          nxt_fwd[9*g+:9] = {1'b1, fwd_in[9*f+:8] << RB};
        end
      end
  end
  always @(posedge clk) exp_fwd <= rst ? {NO * 9{1'b0}} : nxt_fwd;
  always @* begin
    if (past_valid) a_fwd_word: assert (fwd_out == exp_fwd);
    if (past_valid && !rst)
      for (g2 = 0; g2 < NO; g2 = g2 + 1) assert (ndrv[4*g2+:4] <= 1);  // a_drive
  end

  // ---- backward words: shadow of the doc's per-input table
  localparam [2:0] H_IDLE = 3'd0, H_XMIT = 3'd1, H_ST = 3'd2, H_RELAY = 3'd3, H_FIN = 3'd4;
  reg [2:0]       sh_ph   [0:NI-1];
  reg             sh_drop [0:NI-1];
  reg [RB-1:0]    sh_dir  [0:NI-1];
  reg [OB-1:0]    sh_out  [0:NI-1];
  reg [7:0]       sh_crc  [0:NI-1];
  reg [8:0]       exp_bwd [0:NI-1];
  reg [2:0]       pin, pout, pdir;
  integer q;
  always @(posedge clk) begin
    for (q = 0; q < NI; q = q + 1) begin
      pin  = q;
      pout = sh_out[q];
      pdir = sh_dir[q];
      if (rst) begin
        sh_ph[q]   <= H_IDLE;
        exp_bwd[q] <= 9'd0;
      end else begin
        case (sh_ph[q])
          H_IDLE: begin
            exp_bwd[q] <= 9'd0;
            if (fwd_in[9*q+8]) begin
              sh_ph[q]   <= H_XMIT;
              sh_drop[q] <= !p_grant[q];
              sh_dir[q]  <= fwd_in[9*q+7-:RB];
              sh_out[q]  <= p_gout[OB*q+:OB];
              sh_crc[q]  <= ref_crc8(8'd0, fwd_in[9*q+:8]);
            end
          end
          H_XMIT: begin
            if (fwd_in[9*q+8]) begin
              exp_bwd[q] <= 9'd0;
              sh_crc[q]  <= ref_crc8(sh_crc[q], fwd_in[9*q+:8]);
            end else begin
              // status word: connected {1,0,out,in}; dropped (blocked) {0,1,0..,dir,in}
              exp_bwd[q] <= sh_drop[q] ? {1'b1, 2'b01, pdir, pin}
                                       : {1'b1, 2'b10, pout, pin};
              sh_ph[q]   <= H_ST;
            end
          end
          H_ST: begin
            exp_bwd[q] <= {1'b1, sh_crc[q]};
            sh_ph[q]   <= sh_drop[q] ? H_FIN : H_RELAY;
          end
          H_RELAY: begin
            exp_bwd[q] <= bwd_in[9*sh_out[q]+8] ? bwd_in[9*sh_out[q]+:9] : 9'd0;
            if (!bwd_in[9*sh_out[q]+8]) sh_ph[q] <= H_IDLE;
          end
          default: begin
            exp_bwd[q] <= 9'd0;
            sh_ph[q]   <= H_IDLE;
          end
        endcase
      end
    end
  end
  integer c;
  always @* begin
    if (past_valid)
      for (c = 0; c < NI; c = c + 1) assert (bwd_out[9*c+:9] == exp_bwd[c]);    // a_bwd
    // the shadow and the core agree (glue that makes the proof inductive)
    if (past_valid && !rst)
      for (c = 0; c < NI; c = c + 1) begin
        assert (sh_ph[c] <= H_FIN &&
                         (p_st[3*c+:3] == S_IDLE)  == (sh_ph[c] == H_IDLE) &&
                         (p_st[3*c+:3] == S_FWD)   == (sh_ph[c] == H_XMIT && !sh_drop[c]) &&
                         (p_st[3*c+:3] == S_DROP)  == (sh_ph[c] == H_XMIT && sh_drop[c]) &&
                         (p_st[3*c+:3] == S_STC)   == (sh_ph[c] == H_ST && !sh_drop[c]) &&
                         (p_st[3*c+:3] == S_STD)   == (sh_ph[c] == H_ST && sh_drop[c]) &&
                         (p_st[3*c+:3] == S_RELAY) == (sh_ph[c] == H_RELAY) &&
                         (sh_ph[c] != H_RELAY || !sh_drop[c]) &&
                         (sh_ph[c] != H_FIN || sh_drop[c]));
        if (sh_ph[c] != H_IDLE) begin
          assert (p_dir[RB*c+:RB] == sh_dir[c]);
          if (sh_ph[c] == H_XMIT || sh_ph[c] == H_ST) assert (p_cks[8*c+:8] == sh_crc[c]);
          if (!sh_drop[c]) assert (p_conn[OB*c+:OB] == sh_out[c]);
        end
      end
  end

  // ---- cover points (the properties are not vacuous)
  reg [NI-1:0] cv_conn, cv_drop, cv_relay;
  integer ci;
  always @* for (ci = 0; ci < NI; ci = ci + 1) begin
    cv_conn[ci]  = bwd_out[9*ci+8] && bwd_out[9*ci+7:9*ci+6] == 2'b10 && sh_ph[ci] == H_ST;
    cv_drop[ci]  = bwd_out[9*ci+8] && bwd_out[9*ci+7:9*ci+6] == 2'b01 && sh_ph[ci] == H_ST;
    cv_relay[ci] = bwd_out[9*ci+8] && sh_ph[ci] == H_RELAY;
  end
  // both outputs of direction 0 free, one requester: the LFSR picks either of the pair
  wire cv_pick0 = x_req[0] && x_dig[RB-1:0] == 0 && x_nreq[3:0] == 1 && x_nfree[3:0] == D &&
                  p_grant[0] && p_gout[OB-1:0] == 0;
  wire cv_pick1 = x_req[0] && x_dig[RB-1:0] == 0 && x_nreq[3:0] == 1 && x_nfree[3:0] == D &&
                  p_grant[0] && p_gout[OB-1:0] == 1;
  // more requesters than free outputs in one direction: someone blocked in the same cycle
  wire cv_contend = x_nreq[3:0] > x_nfree[3:0] && x_ngrant[3:0] != 0;
  always @(posedge clk) begin
    if (past_valid && !rst) begin
      c_connected: cover (|cv_conn);   // a connection established (connected status sent)
      c_blocked:   cover (|cv_drop);   // a request blocked (dropped status sent)
      c_relay:     cover (|cv_relay);  // a downstream reply relayed upstream
      c_pick0:     cover (cv_pick0);
      c_pick1:     cover (cv_pick1 || D == 1);
      c_contend:   cover (cv_contend);
    end
  end
endmodule
