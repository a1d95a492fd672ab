// rn1_endpoint: network endpoint of an RN1 multipath network implementing the
// source-responsible protocol of paper 002, section 20.8.1 (word formats and timing:
// docs/rn1_protocol.md; cycle twin: minforge::twin::Rn1Endpoint).
//
// Parameters
//   NE       number of endpoints of the network (2..256, power of two)
//   NSTAGES  routing stages between endpoints (each returns 2 status words)
//   P        payload bytes per message (1..8)
//   MAX_ATT  attempts before the source gives up on a message (1..255)
//   NPORT    network inputs and outputs in use (2; 1: the source always sends on input 0,
//            the unique-path baseline of Fig. 20.3; port 1 is then tied off by the top)
// Ports
//   clk, rst          clock, synchronous reset
//   ep_id             this endpoint's number (a port, so all endpoints share one model)
//   seed              LFSR seed (input choice, retry back-off)
//   tx_valid, tx_dst, tx_payload, tx_ready   user send interface (accepted when both high)
//   in_en             per network input: may be chosen (the network monitor clears the bit
//                     of an input whose link it declared faulty, section 20.9); a new attempt
//                     takes the only enabled input, or chooses at random when both (or
//                     neither) are enabled
//   src_fwd, src_bwd  the two network inputs of this endpoint (forward out, backward in)
//   dst_fwd, dst_bwd  the two network outputs to this endpoint (forward in, backward out)
//   dlv_valid[p], dlv_src, dlv_seq, dlv_payload   one-cycle delivery pulse per output port p
//   ev_valid, ev_ok, ev_attempts   one-cycle pulse when the source finishes a message
//                                  (ev_ok = 0: gave up after MAX_ATT attempts)
// Message words: header {dst, 0...}, src, dst, seq[15:8], seq[7:0], payload[0..P-1],
// crc, ~crc (CRC-8 over src .. last payload byte).  Reply expected on the same input:
// 2 words per stage, then ACK (MF_REPLY_ACK), crc, ~crc (MF_REPLY_NACK = NACK).  One message in flight.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
module rn1_endpoint #(
    parameter NE      = 16,
    parameter NSTAGES = 2,
    parameter P       = 2,
    parameter MAX_ATT = 64,
    parameter NPORT   = 2
) (
    input  wire           clk,
    input  wire           rst,
    input  wire [7:0]     ep_id,
    input  wire [15:0]    seed,
    input  wire           tx_valid,
    input  wire [7:0]     tx_dst,
    input  wire [8*P-1:0] tx_payload,
    output wire           tx_ready,
    input  wire [1:0]     in_en,
    output reg  [17:0]    src_fwd,
    input  wire [17:0]    src_bwd,
    input  wire [17:0]    dst_fwd,
    output reg  [17:0]    dst_bwd,
    output reg  [1:0]     dlv_valid,
    output reg  [15:0]    dlv_src,
    output reg  [31:0]    dlv_seq,
    output reg  [16*P-1:0] dlv_payload,
    output reg            ev_valid,
    output reg            ev_ok,
    output reg  [7:0]     ev_attempts
);
  /* verilator no_inline_module */
  localparam EB = (NE > 1) ? $clog2(NE) : 1;
  localparam W = 7 + P;  // words per message, header included
  localparam integer RLEN_I = 2 * NSTAGES + 3;  // words of a complete reply
  localparam integer TIMEOUT_I = 2 * NSTAGES + 8;  // idle reply cycles before a timeout
  localparam integer I_C1 = 5 + P, I_C2 = 6 + P, I_PL = 4 + P;  // word indices
  localparam [5:0] RLEN = RLEN_I[5:0];
  localparam [5:0] R_ACK = RLEN - 6'd3;  // reply index of the ACK/NACK word
  localparam [5:0] R_ACK1 = RLEN - 6'd2;
  localparam [5:0] R_ACK2 = RLEN - 6'd1;
  localparam [5:0] TIMEOUT = TIMEOUT_I[5:0];
  localparam [3:0] W4 = W[3:0], C1 = I_C1[3:0], C2 = I_C2[3:0], PL = I_PL[3:0];
  localparam [2:0] S_IDLE = 3'd0, S_START = 3'd1, S_SEND = 3'd2, S_WAIT = 3'd3, S_BACK = 3'd4;
  localparam [2:0] R_IDLE = 3'd0, R_RECV = 3'd1, R_A1 = 3'd2, R_A2 = 3'd3, R_A3 = 3'd4;
`include "mf_params.vh"
  localparam [7:0] ACK = MF_REPLY_ACK[7:0], NACK = MF_REPLY_NACK[7:0];
  localparam [7:0] MAXA = MAX_ATT[7:0];

  generate
    `MF_PARAM_ERROR_IF(NE < 2 || NE > 256 || (NE & (NE - 1)) != 0, g_bad_ne,
                       ERROR_rn1_endpoint_NE_must_be_a_power_of_two_2_to_256,
                       ("rn1_endpoint: NE must be a power of two 2..256 (NE=%0d)", NE))
    `MF_PARAM_ERROR_IF(NSTAGES < 1 || NSTAGES > 8, g_bad_ns,
                       ERROR_rn1_endpoint_NSTAGES_must_be_1_to_8,
                       ("rn1_endpoint: NSTAGES must be 1..8 (NSTAGES=%0d)", NSTAGES))
    `MF_PARAM_ERROR_IF(P < 1 || P > 8, g_bad_p, ERROR_rn1_endpoint_P_must_be_1_to_8,
                       ("rn1_endpoint: P must be 1..8 (P=%0d)", P))
    `MF_PARAM_ERROR_IF(MAX_ATT < 1 || MAX_ATT > 255, g_bad_att,
                       ERROR_rn1_endpoint_MAX_ATT_must_be_1_to_255,
                       ("rn1_endpoint: MAX_ATT must be 1..255 (MAX_ATT=%0d)", MAX_ATT))
    `MF_PARAM_ERROR_IF(NPORT < 1 || NPORT > 2, g_bad_nport, ERROR_rn1_endpoint_NPORT_must_be_1_or_2,
                       ("rn1_endpoint: NPORT must be 1 or 2 (NPORT=%0d)", NPORT))
  endgenerate

`include "rn1_functions.vh"  // crc8

  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] lfsr;  // bits 0 (input choice) and 3:1 (back-off) are used
  /* verilator lint_on UNUSEDSIGNAL */
  rn1_lfsr #(.W(16), .TAPS(`MF_RN1_LFSR_TAPS)) u_lfsr (.clk(clk), .rst(rst), .seed(seed), .state(lfsr));

  // ---------------------------------------------------------------- source
  reg [2:0]     s_st;
  reg           sel;
  reg [3:0]     widx;
  reg [7:0]     m_dst;
  reg [8*P-1:0] m_pay;
  reg [15:0]    m_seq, seq_ctr;
  reg [7:0]     att;
  reg [7:0]     crc_s;
  reg [5:0]     rcnt, wcnt;
  reg [7:0]     a_code, a_crc, a_ncrc;
  reg [2:0]     bcnt;
  assign tx_ready = (s_st == S_IDLE);

  wire [7:0] hdr = m_dst << (8 - EB);
  reg  [7:0] word;
  integer wp;
  always @* begin
    word = 8'd0;
    case (widx)
      4'd1: word = ep_id;
      4'd2: word = m_dst;
      4'd3: word = m_seq[15:8];
      4'd4: word = m_seq[7:0];
      default: begin
        for (wp = 0; wp < P; wp = wp + 1) if ({28'd0, widx} == 5 + wp) word = m_pay[8*wp+:8];
        if (widx == C1) word = crc_s;
        if (widx == C2) word = ~crc_s;
      end
    endcase
  end

  wire [8:0] rb = sel ? src_bwd[17:9] : src_bwd[8:0];
  // the input of a new attempt: the only enabled one, else at random
  wire       pick = (NPORT == 1) ? 1'b0 : (in_en == 2'b01) ? 1'b0 : (in_en == 2'b10) ? 1'b1 : lfsr[0];
  wire       reply_ok = (rcnt == RLEN) && (a_code == ACK) && (a_crc == crc_s) && (a_ncrc == ~crc_s);

  always @(posedge clk) begin
    if (rst) begin
      s_st        <= S_IDLE;
      sel         <= 1'b0;
      widx        <= 4'd0;
      m_dst       <= 8'd0;
      m_pay       <= {8 * P{1'b0}};
      m_seq       <= 16'd0;
      seq_ctr     <= 16'd0;
      att         <= 8'd0;
      crc_s       <= 8'd0;
      rcnt        <= 6'd0;
      wcnt        <= 6'd0;
      a_code      <= 8'd0;
      a_crc       <= 8'd0;
      a_ncrc      <= 8'd0;
      bcnt        <= 3'd0;
      src_fwd     <= 18'd0;
      ev_valid    <= 1'b0;
      ev_ok       <= 1'b0;
      ev_attempts <= 8'd0;
    end else begin
      src_fwd  <= 18'd0;
      ev_valid <= 1'b0;
      case (s_st)
        S_IDLE: begin
          if (tx_valid) begin
            m_dst   <= tx_dst;
            m_pay   <= tx_payload;
            m_seq   <= seq_ctr;
            seq_ctr <= seq_ctr + 16'd1;
            att     <= 8'd0;
            s_st    <= S_START;
          end
        end
        S_START: begin
          sel   <= pick;
          if (pick) src_fwd[17:9] <= {1'b1, hdr};
          else src_fwd[8:0] <= {1'b1, hdr};
          crc_s <= 8'd0;
          widx  <= 4'd1;
          att   <= att + 8'd1;
          s_st  <= S_SEND;
        end
        S_SEND: begin
          if (sel) src_fwd[17:9] <= {1'b1, word};
          else src_fwd[8:0] <= {1'b1, word};
          if (widx <= PL) crc_s <= crc8(crc_s, word);
          widx <= widx + 4'd1;
          if (widx == C2) begin
            s_st <= S_WAIT;
            rcnt <= 6'd0;
            wcnt <= 6'd0;
          end
        end
        S_WAIT: begin
          if (rb[8]) begin
            if (rcnt == R_ACK) a_code <= rb[7:0];
            if (rcnt == R_ACK1) a_crc <= rb[7:0];
            if (rcnt == R_ACK2) a_ncrc <= rb[7:0];
            if (rcnt != 6'd63) rcnt <= rcnt + 6'd1;
          end else if (rcnt != 6'd0 || wcnt == TIMEOUT) begin
            if (rcnt != 6'd0 && reply_ok) begin
              ev_valid    <= 1'b1;
              ev_ok       <= 1'b1;
              ev_attempts <= att;
              s_st        <= S_IDLE;
            end else if (att == MAXA) begin
              ev_valid    <= 1'b1;
              ev_ok       <= 1'b0;
              ev_attempts <= att;
              s_st        <= S_IDLE;
            end else begin
              bcnt <= lfsr[3:1];
              s_st <= S_BACK;
            end
          end else begin
            wcnt <= wcnt + 6'd1;
          end
        end
        default: begin  // S_BACK
          if (bcnt == 3'd0) s_st <= S_START;
          else bcnt <= bcnt - 3'd1;
        end
      endcase
    end
  end

  // ---------------------------------------------------------------- destination
  reg [15:0]    last [0:NE-1];
  reg [NE-1:0]  lv;
  reg [2:0]     r_st  [0:1];
  reg [3:0]     r_idx [0:1];
  reg [7:0]     r_crc [0:1];
  reg [7:0]     r_src [0:1];
  reg [7:0]     r_dst [0:1];
  reg [15:0]    r_seq [0:1];
  reg [8*P-1:0] r_pay [0:1];
  reg [7:0]     r_c1  [0:1];
  reg [7:0]     r_c2  [0:1];

  reg [1:0] ok, dlv;
  reg [EB-1:0] sidx [0:1];
  integer p, pp, wq;
  always @* begin
    for (p = 0; p < 2; p = p + 1) begin
      sidx[p] = r_src[p][EB-1:0];
      ok[p]   = (r_idx[p] == W4) && (r_dst[p] == ep_id) && ((r_src[p] >> EB) == 8'd0) &&
                (r_c1[p] == r_crc[p]) && (r_c2[p] == ~r_crc[p]);
      dlv[p]  = (r_st[p] == R_RECV) && !dst_fwd[9*p+8] && ok[p] &&
                !(lv[sidx[p]] && last[sidx[p]] == r_seq[p]);
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      lv          <= {NE{1'b0}};
      dst_bwd     <= 18'd0;
      dlv_valid   <= 2'd0;
      dlv_src     <= 16'd0;
      dlv_seq     <= 32'd0;
      dlv_payload <= {16 * P{1'b0}};
      for (pp = 0; pp < 2; pp = pp + 1) begin
        r_st[pp]  <= R_IDLE;
        r_idx[pp] <= 4'd0;
        r_crc[pp] <= 8'd0;
        r_src[pp] <= 8'd0;
        r_dst[pp] <= 8'd0;
        r_seq[pp] <= 16'd0;
        r_pay[pp] <= {8 * P{1'b0}};
        r_c1[pp]  <= 8'd0;
        r_c2[pp]  <= 8'd0;
      end
    end else begin
      dlv_valid <= dlv;
      for (pp = 0; pp < 2; pp = pp + 1) begin
        if (dlv[pp]) begin
          last[sidx[pp]]              <= r_seq[pp];
          lv[sidx[pp]]                <= 1'b1;
          dlv_src[8*pp+:8]            <= r_src[pp];
          dlv_seq[16*pp+:16]          <= r_seq[pp];
          dlv_payload[8*P*pp+:8*P]    <= r_pay[pp];
        end
        case (r_st[pp])
          R_IDLE: begin
            dst_bwd[9*pp+:9] <= 9'd0;
            if (dst_fwd[9*pp+8]) begin
              r_idx[pp] <= 4'd1;
              r_crc[pp] <= 8'd0;
              r_st[pp]  <= R_RECV;
            end
          end
          R_RECV: begin
            if (dst_fwd[9*pp+8]) begin
              case (r_idx[pp])
                4'd1: r_src[pp] <= dst_fwd[9*pp+:8];
                4'd2: r_dst[pp] <= dst_fwd[9*pp+:8];
                4'd3: r_seq[pp][15:8] <= dst_fwd[9*pp+:8];
                4'd4: r_seq[pp][7:0] <= dst_fwd[9*pp+:8];
                default: begin
                  for (wq = 0; wq < P; wq = wq + 1)
                    if ({28'd0, r_idx[pp]} == 5 + wq) r_pay[pp][8*wq+:8] <= dst_fwd[9*pp+:8];
                  if (r_idx[pp] == C1) r_c1[pp] <= dst_fwd[9*pp+:8];
                  if (r_idx[pp] == C2) r_c2[pp] <= dst_fwd[9*pp+:8];
                end
              endcase
              if (r_idx[pp] >= 4'd1 && r_idx[pp] <= PL)
                r_crc[pp] <= crc8(r_crc[pp], dst_fwd[9*pp+:8]);
              if (r_idx[pp] != 4'd15) r_idx[pp] <= r_idx[pp] + 4'd1;
            end else begin
              dst_bwd[9*pp+:9] <= {1'b1, ok[pp] ? ACK : NACK};
              r_st[pp]         <= R_A1;
            end
          end
          R_A1: begin
            dst_bwd[9*pp+:9] <= {1'b1, r_crc[pp]};
            r_st[pp]         <= R_A2;
          end
          R_A2: begin
            dst_bwd[9*pp+:9] <= {1'b1, ~r_crc[pp]};
            r_st[pp]         <= R_A3;
          end
          default: begin  // R_A3
            dst_bwd[9*pp+:9] <= 9'd0;
            r_st[pp]         <= R_IDLE;
          end
        endcase
      end
    end
  end
endmodule
