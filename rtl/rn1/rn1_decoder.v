// rn1_decoder: an endpoint's reading of its own attempts (paper 002, section 20.9, "Fault
// Identification"): watches the words the endpoint's source sends and the reply it receives,
// and turns every finished attempt into a verdict: ok, blocked, or suspect with the candidate
// links of the network monitor (rn1_monitor).  Beside each rn1_endpoint in the generated
// network tops.  Cycle twin: minforge::twin::Rn1Decoder; the rule, untimed, is
// minforge::rn1::decode_attempt (docs/rn1.md, "Fault localisation").
//
// Attempt boundaries (from the channel words alone): a ctl word on a source output while no
// attempt is being sent starts one (closing a waiting one); the attempt's words are those on
// that output while ctl; it then waits; the reply is every ctl word received on that input;
// the attempt closes at the first idle word after the reply started, or after 2*NSTAGES + 9
// idle words without any reply, or when the next attempt starts.
//
// Reading (online, one stage per status/checksum pair): stage k's status must name the input
// port the traced link enters, its checksum must equal the CRC of the words as stage k got
// them (the header shifted by the earlier stages' digits), and a connection must use an
// output of the requested direction, whose link is traced on (OUT_LINK); a drop with an
// intact status is blocking.  A failed check: suspect, candidates the links into stages 1..k.
// A reply that ends early: suspect, the one link into the first stage not read (a loss).
// After the last stage: ACK, crc, ~crc of the message and exactly 2*NSTAGES + 3 words, else
// suspect with the links into stages 1..NSTAGES+1.
//
// Parameters
//   NSTAGES   routing stages (1..8)
//   NPORT     source outputs in use (1 or 2)
//   NL, LW    links of the network, bits of a link number (1 <= NL <= 2^LW, LW 1..10)
//   NR, RW    routers, bits of a router number (1 <= NR <= 2^RW, RW 1..8)
//   MAXC      candidates of a verdict (NSTAGES + 1 .. 9)
//   ST_CONS   per stage s (0-based) at [4s +: 4]: header bits consumed before stage s + 1
//   ST_RB     per stage at [4s +: 4]: bits of the direction digit (1..3)
//   ST_NO     per stage at [4s +: 4]: outputs of its routers (radix x dilation, 1..8)
//   ST_DIL2   per stage bit s: dilation 2 (else 1)
//   ST_DUAL   per stage bit s: RN1 in dual 4x4 mode (output = (input port & 4) + digit)
//   LINK_DST  per link l at [(RW+3)*l +: RW+3]: {router, input port} it enters (endpoint: 0)
//   OUT_LINK  per router r, output o at [LW*(8r+o) +: LW]: the link it drives
// Ports
//   clk, rst      clock, synchronous reset
//   src_link      this endpoint's source links: output p at [LW*p +: LW] (a port, so all
//                 endpoints share one module)
//   sf            the endpoint's src_fwd as it drives it (2 x 9 bits)
//   sb            the endpoint's src_bwd as it receives it (2 x 9 bits)
//   grant         the monitor takes the waiting verdict this cycle
//   fin, kind     one-cycle pulse per finished attempt, kind (MF_VERDICT_* of mf_params.vh)
//                 0 ok, 1 blocked, 2 suspect
//   pend          a suspect verdict waits for the monitor (held until granted; a newer
//                 suspect verdict replaces it)
//   vn, vcand     the waiting verdict: vn candidates, candidate c at [LW*c +: LW] (path
//                 order; unused slots 0)
// Timing: the words of cycle t are read at the edge ending t; fin / pend / vn / vcand show
// the verdict of an attempt closed in cycle t from cycle t + 1.
`default_nettype none
`include "mf_param_check.vh"
module rn1_decoder #(
    parameter NSTAGES = 2,
    parameter NPORT = 2,
    parameter NL = 96,
    parameter LW = 7,
    parameter NR = 8,
    parameter RW = 3,
    parameter MAXC = 3,
    parameter [31:0] ST_CONS = 32'h0000_0020,
    parameter [31:0] ST_RB = 32'h0000_0022,
    parameter [31:0] ST_NO = 32'h0000_0088,
    parameter [7:0] ST_DIL2 = 8'h01,
    parameter [7:0] ST_DUAL = 8'h02,
    parameter [NL*(RW+3)-1:0] LINK_DST = 0,
    parameter [NR*8*LW-1:0] OUT_LINK = 0
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire [2*LW-1:0]      src_link,
    input  wire [17:0]          sf,
    input  wire [17:0]          sb,
    input  wire                 grant,
    output reg                  fin,
    output reg  [1:0]           kind,
    output reg                  pend,
    output reg  [3:0]           vn,
    output reg  [LW*MAXC-1:0]   vcand
);
  /* verilator no_inline_module */
  generate
    `MF_PARAM_ERROR_IF(NSTAGES < 1 || NSTAGES > 8 || NPORT < 1 || NPORT > 2, g_bad_ns,
                       ERROR_rn1_decoder_NSTAGES_1_to_8_NPORT_1_or_2,
                       ("rn1_decoder: need NSTAGES 1..8 and NPORT 1..2 (NSTAGES=%0d NPORT=%0d)",
                        NSTAGES, NPORT))
    `MF_PARAM_ERROR_IF(NL < 1 || LW < 1 || LW > 10 || (1 << LW) < NL || NR < 1 || RW < 1 ||
                       RW > 8 || (1 << RW) < NR, g_bad_nl,
                       ERROR_rn1_decoder_NL_NR_must_fit_LW_RW_bits,
                       ("rn1_decoder: need 1 <= NL <= 2^LW, 1 <= NR <= 2^RW (NL=%0d NR=%0d)",
                        NL, NR))
    `MF_PARAM_ERROR_IF(MAXC < NSTAGES + 1 || MAXC > 9, g_bad_maxc,
                       ERROR_rn1_decoder_MAXC_must_be_NSTAGES_plus_1_to_9,
                       ("rn1_decoder: MAXC must be NSTAGES+1..9 (MAXC=%0d)", MAXC))
  endgenerate

  localparam integer TIMEOUT_I = 2 * NSTAGES + 8;  // idle words without a reply, then closed
  localparam integer RLEN_I = 2 * NSTAGES + 3;  // words of a complete reply
  localparam integer TWO_N_I = 2 * NSTAGES;
  localparam [5:0] TIMEOUT = TIMEOUT_I[5:0];
  localparam [5:0] RLEN = RLEN_I[5:0];
  localparam [5:0] TWO_N = TWO_N_I[5:0];
  localparam [3:0] NS4 = NSTAGES[3:0];
  localparam [1:0] A_IDLE = 2'd0, A_SEND = 2'd1, A_WAIT = 2'd2;
`include "mf_params.vh"
  localparam [1:0] K_OK = MF_VERDICT_OK[1:0], K_BLOCKED = MF_VERDICT_BLOCKED[1:0];
  localparam [1:0] K_SUSPECT = MF_VERDICT_SUSPECT[1:0];
  localparam [7:0] ACK = MF_REPLY_ACK[7:0];

`include "rn1_functions.vh"  // crc8

  reg [1:0]          st;
  reg                sel;
  reg [5:0]          quiet, rcv;
  reg [7:0]          hdr, c1, c2, stw;
  reg [8*NSTAGES-1:0] cks;
  reg [3:0]          kdone;
  reg [LW-1:0]       cur;
  reg [LW*MAXC-1:0]  path;
  reg                dec, ack_ok;
  reg [1:0]          dkind;
  reg [3:0]          dn;

  // ---- attempt boundaries (this cycle's words)
  wire       ctl0 = sf[8];
  wire       ctl1 = (NPORT == 2) && sf[17];
  wire       start = (st != A_SEND) && (ctl0 || ctl1);
  wire       nsel = ctl0 ? 1'b0 : 1'b1;
  wire       sel_n = start ? nsel : sel;
  wire [8:0] w = sel_n ? sf[17:9] : sf[8:0];
  wire [8:0] b = sel_n ? sb[17:9] : sb[8:0];
  wire       sending = start || (st == A_SEND);
  wire       push = sending && w[8];
  wire       to_wait = sending && !w[8];
  wire       in_wait = to_wait || (st == A_WAIT && !start);
  wire [5:0] quiet_n = to_wait ? 6'd0 : quiet;
  wire       rpush = in_wait && b[8];
  wire       close_new = start && (st == A_WAIT);
  wire       close_wait = in_wait && !b[8] && (rcv != 6'd0 || quiet_n + 6'd1 > TIMEOUT);
  wire       finish = close_new || close_wait;

  // ---- the stage being read: the traced link's router and input port, the digit
  wire [3:0]    s_idx = kdone;  // 0-based stage of the next status/checksum pair
  wire [RW+2:0] ld = LINK_DST[(RW+3)*cur +: RW+3];
  wire [RW-1:0] r_of = ld[RW+2:3];
  wire [2:0]    p_of = ld[2:0];
  wire [3:0]    cons = ST_CONS[4*s_idx +: 4];
  wire [3:0]    rbits = ST_RB[4*s_idx +: 4];
  wire [3:0]    nout = ST_NO[4*s_idx +: 4];
  wire          dil2 = ST_DIL2[s_idx[2:0]];
  wire          dual = ST_DUAL[s_idx[2:0]];
  wire [7:0]    hk = hdr << cons;
  wire [7:0]    hk_d = hk >> (4'd8 - rbits);
  wire [3:0]    digit = hk_d[3:0];  // rbits <= 3: the rest is 0
  wire [3:0]    unused_hk = hk_d[7:4];
  wire [7:0]    cks_s = cks[8*s_idx +: 8];
  wire [2:0]    outp = stw[5:3];
  wire [3:0]    out_dir = dil2 ? {2'b00, outp[2:1]} : {1'b0, outp};
  wire          allowed = dual ? ({1'b0, outp} == {1'b0, p_of[2], 2'b00} + digit)
                               : (out_dir == digit && {1'b0, outp} < nout);
  wire [7:0]    drop_word = 8'h40 | {2'b00, digit[2:0], 3'b000} | {5'd0, p_of};
  wire          bad = (b[7:0] != cks_s) || (stw[2:0] != p_of) ||
                      (stw[7:6] == 2'b01 && stw != drop_word) ||
                      (stw[7:6] != 2'b01 && stw[7:6] != 2'b10) ||
                      (stw[7:6] == 2'b10 && !allowed);
  wire          blocked = !bad && stw[7:6] == 2'b01;
  wire [RW+2:0] oidx = {r_of, outp};  // router * 8 + output
  wire [LW-1:0] nxt = OUT_LINK[LW*oidx +: LW];

  // ---- the verdict of the attempt closing this cycle (from the registers)
  wire              lost = !dec && (kdone < NS4 || rcv < RLEN);
  reg [1:0]         vk;
  reg [3:0]         vn_c;
  reg [LW*MAXC-1:0] vc_c;
  integer c;
  always @* begin
    vk   = K_OK;
    vn_c = 4'd0;
    vc_c = {LW * MAXC{1'b0}};
    if (dec) begin
      vk   = dkind;
      vn_c = (dkind == K_SUSPECT) ? dn : 4'd0;
    end else if (lost) begin  // the one link into the first stage not read
      vk   = K_SUSPECT;
      vn_c = 4'd1;
    end else if (rcv != RLEN || !ack_ok) begin
      vk   = K_SUSPECT;
      vn_c = NS4 + 4'd1;
    end
    if (lost) vc_c[LW-1:0] = cur;
    else
      for (c = 0; c < MAXC; c = c + 1)
        if (c < vn_c) vc_c[LW*c +: LW] = path[LW*c +: LW];
  end

  integer k;
  always @(posedge clk) begin
    if (rst) begin
      st     <= A_IDLE;
      sel    <= 1'b0;
      quiet  <= 6'd0;
      rcv    <= 6'd0;
      hdr    <= 8'd0;
      c1     <= 8'd0;
      c2     <= 8'd0;
      stw    <= 8'd0;
      cks    <= {8 * NSTAGES{1'b0}};
      kdone  <= 4'd0;
      cur    <= {LW{1'b0}};
      path   <= {LW * MAXC{1'b0}};
      dec    <= 1'b0;
      ack_ok <= 1'b0;
      dkind  <= K_OK;
      dn     <= 4'd0;
      fin    <= 1'b0;
      kind   <= K_OK;
      pend   <= 1'b0;
      vn     <= 4'd0;
      vcand  <= {LW * MAXC{1'b0}};
    end else begin
      // the verdict out
      fin  <= finish;
      kind <= finish ? vk : K_OK;
      if (grant) pend <= 1'b0;
      if (finish && vk == K_SUSPECT) begin
        pend  <= 1'b1;
        vn    <= vn_c;
        vcand <= vc_c;
      end
      // the attempt
      if (start) begin
        st     <= A_SEND;
        sel    <= nsel;
        rcv    <= 6'd0;
        kdone  <= 4'd0;
        dec    <= 1'b0;
        ack_ok <= 1'b1;
        dkind  <= K_OK;
        dn     <= 4'd0;
        cur    <= src_link[LW*nsel +: LW];
        path   <= {{LW * (MAXC - 1) {1'b0}}, src_link[LW*nsel +: LW]};
        hdr    <= w[7:0];
        c1     <= 8'd0;
        c2     <= w[7:0];
        for (k = 0; k < NSTAGES; k = k + 1)
          cks[8*k +: 8] <= crc8(8'd0, w[7:0] << ST_CONS[4*k +: 4]);
      end else if (push) begin
        c1 <= c2;
        c2 <= w[7:0];
        for (k = 0; k < NSTAGES; k = k + 1) cks[8*k +: 8] <= crc8(cks[8*k +: 8], w[7:0]);
      end
      if (to_wait) begin
        st    <= A_WAIT;
        quiet <= 6'd0;
      end
      if (in_wait) begin
        if (rpush) begin
          if (rcv != 6'd63) rcv <= rcv + 6'd1;
          if (rcv < TWO_N) begin
            if (!rcv[0]) begin
              stw <= b[7:0];
            end else if (!dec) begin
              if (bad || blocked) begin
                dec   <= 1'b1;
                dkind <= bad ? K_SUSPECT : K_BLOCKED;
                dn    <= kdone + 4'd1;
              end else begin
                cur   <= nxt;
                kdone <= kdone + 4'd1;
                for (k = 1; k < MAXC; k = k + 1)
                  if (k == {28'd0, kdone} + 1) path[LW*k +: LW] <= nxt;
              end
            end
          end
          if (rcv == TWO_N && b[7:0] != ACK) ack_ok <= 1'b0;
          if (rcv == TWO_N + 6'd1 && b[7:0] != c1) ack_ok <= 1'b0;
          if (rcv == TWO_N + 6'd2 && b[7:0] != c2) ack_ok <= 1'b0;
        end else if (close_wait) begin
          st <= A_IDLE;
        end else begin
          quiet <= quiet_n + 6'd1;
        end
      end
    end
  end
endmodule
