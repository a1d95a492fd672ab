// board_rn1_selftest: the self-testing RN1 16x16 network of the ULX3S board top
// (rtl/board/ulx3s_top.v with DESIGN = MF_DESIGN_RN1 maps its status to the LEDs).
//
// The network is the two-stage Fig. 20.9 network of paper 002 (rtl/rn1/gen/rn1_net_fig20_9:
// 16 endpoints with two network inputs and outputs each, 4 RN1 in 8x4/dilation-2 mode,
// 4 RN1 in dual 4x4 mode, 96 links, source-responsible retry).  Eight RN1 routers need
// about 40k LUTs, so only the ECP5 board holds it.  Every router output is enabled; faults
// are injected only through the FLT_* parameters (default: none).
// Power-on reset (board_por); rn1_selftest runs the all-to-all exchange over and over: each
// endpoint sends one message to each of the 15 others (240 messages, payload {exchange, src,
// dst}); every delivery is checked (payload, destination, exactly once) and every
// completion (given up after MAX_ATT attempts, or acknowledged but never delivered) is an
// error.  board_reporter sends a report line on the UART (BAUD 8N1) after the first
// exchange and then every LINE_PERIOD cycles:
//   "RN1 F209 N=016 F=000 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// F = number of injected fault sites (dead routers + dead or stuck links, decimal),
// R = exchanges completed (hex), C = cycles of the last exchange (hex; it varies from
// exchange to exchange with the routers' random output choices and the retries),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   CLK_HZ, BAUD      board clock and UART bit rate
//   LINE_PERIOD       cycles between report lines
//   SEED              network random seed (routers' output choice, endpoints' input choice
//                     and back-off; rn1_net_fig20_9 derives one seed per component)
//   MAX_ATT           attempts per message before a source gives up (1..255)
//   FLT_ROUTER_DEAD   per router: answers nothing (8 bits)
//   FLT_LINK_DEAD     per link: dead (96 bits)
//   FLT_LINK_STUCK    per link: one data wire stuck (96 bits), on the backward channel when
//                     the link's FLT_LINK_DIR bit is 1, wire FLT_LINK_BIT[3l+2:3l] stuck at
//                     FLT_LINK_VAL[l] (link numbering: the RN1 network generator's)
// Ports
//   clk               board oscillator
//   uart_tx           UART to the host
//   pass, fail        every exchange so far was correct / an error was counted
//   rounds [31:0]     exchanges completed
`default_nettype none
`include "mf_consts.vh"

module board_rn1_selftest #(
    parameter integer CLK_HZ = 25000000,
    parameter integer BAUD = `MF_UART_BAUD,
    parameter integer LINE_PERIOD = CLK_HZ / 4,
    parameter [15:0] SEED = `MF_SELFTEST_SEED,
    parameter integer MAX_ATT = 64,
    parameter [7:0] FLT_ROUTER_DEAD = 8'd0,
    parameter [95:0] FLT_LINK_DEAD = 96'd0,
    parameter [95:0] FLT_LINK_STUCK = 96'd0,
    parameter [95:0] FLT_LINK_DIR = 96'd0,
    parameter [287:0] FLT_LINK_BIT = 288'd0,
    parameter [95:0] FLT_LINK_VAL = 96'd0
) (
    input  wire        clk,
    output wire        uart_tx,
    output wire        pass,
    output wire        fail,
    output wire [31:0] rounds
);
`include "board_functions.vh"

  localparam integer NE = 16;  // endpoints of the Fig. 20.9 network
  localparam integer P = 2;  // payload bytes per message (rn1_net_fig20_9)

  // number of set bits of a fault mask (for the tag)
  function integer ones96;
    input [95:0] v;
    integer b;
    begin
      ones96 = 0;
      for (b = 0; b < 96; b = b + 1) ones96 = ones96 + (v[b] ? 1 : 0);
    end
  endfunction

  localparam integer NFAULTS = ones96({88'd0, FLT_ROUTER_DEAD}) +
                               ones96(FLT_LINK_DEAD | FLT_LINK_STUCK);
  localparam integer TAG_LEN = 20;
  localparam [8*TAG_LEN-1:0] TAG = {"RN1 F209 N=", bf_dec3(NE), " F=", bf_dec3(NFAULTS)};

  wire rst;
  board_por u_por (
      .clk(clk),
      .rst(rst)
  );

  // ---- network ----
  wire [NE-1:0]       tx_valid;
  wire [8*NE-1:0]     tx_dst;
  wire [8*P*NE-1:0]   tx_payload;
  wire [NE-1:0]       tx_ready;
  wire [2*NE-1:0]     dlv_valid;
  wire [16*NE-1:0]    dlv_src;
  wire [32*NE-1:0]    dlv_seq;
  wire [16*P*NE-1:0]  dlv_payload;
  wire [NE-1:0]       ev_valid;
  wire [NE-1:0]       ev_ok;
  wire [8*NE-1:0]     ev_attempts;
  wire [863:0]        probe_fwd;
  wire [863:0]        probe_bwd;

  wire [NE-1:0]   vd_fin, vd_pend;
  wire [2*NE-1:0] vd_kind, in_en;
  wire            mon_v_valid, mon_decl_valid;
  wire [7:0]      mon_v_src;
  wire [3:0]      mon_v_n;
  wire [20:0]     mon_v_cand;
  wire [6:0]      mon_decl_link;
  wire [63:0]     en_eff;

  rn1_net_fig20_9 #(
      .MAX_ATT(MAX_ATT)
  ) u_net (
      .clk(clk),
      .rst(rst),
      .seed(SEED),
      .flt_router_dead(FLT_ROUTER_DEAD),
      .flt_link_dead(FLT_LINK_DEAD),
      .flt_link_stuck(FLT_LINK_STUCK),
      .flt_link_dir(FLT_LINK_DIR),
      .flt_link_bit(FLT_LINK_BIT),
      .flt_link_val(FLT_LINK_VAL),
      .cfg_en({64{1'b1}}),
      .mon_switch(1'b0),
      .tx_valid(tx_valid),
      .tx_dst(tx_dst),
      .tx_payload(tx_payload),
      .tx_ready(tx_ready),
      .dlv_valid(dlv_valid),
      .dlv_src(dlv_src),
      .dlv_seq(dlv_seq),
      .dlv_payload(dlv_payload),
      .ev_valid(ev_valid),
      .ev_ok(ev_ok),
      .ev_attempts(ev_attempts),
      .probe_fwd(probe_fwd),
      .probe_bwd(probe_bwd),
      .vd_fin(vd_fin),
      .vd_kind(vd_kind),
      .vd_pend(vd_pend),
      .mon_v_valid(mon_v_valid),
      .mon_v_src(mon_v_src),
      .mon_v_n(mon_v_n),
      .mon_v_cand(mon_v_cand),
      .mon_decl_valid(mon_decl_valid),
      .mon_decl_link(mon_decl_link),
      .en_eff(en_eff),
      .in_en(in_en)
  );
  // Sequence numbers, attempt counts, link probes and the fault monitor's outputs are for the
  // lockstep harness only (mon_switch = 0: the monitor switches nothing off here).
  wire unused_net = ^{dlv_seq, ev_attempts, probe_fwd, probe_bwd, vd_fin, vd_pend, vd_kind, in_en,
                      mon_v_valid, mon_decl_valid, mon_v_src, mon_v_n, mon_v_cand, mon_decl_link,
                      en_eff};

  // ---- traffic generator and checker ----
  wire        eng_start;
  wire        eng_busy;
  wire        eng_done;
  wire [31:0] eng_cycles;
  wire [31:0] eng_delivered;
  wire [31:0] eng_errors;
  wire [31:0] eng_err_bad;
  wire [31:0] eng_err_dup;
  wire [31:0] eng_failed;
  wire [31:0] eng_missing;

  rn1_selftest #(
      .NE(NE),
      .P (P)
  ) u_selftest (
      .clk(clk),
      .rst(rst),
      .start(eng_start),
      .busy(eng_busy),
      .done(eng_done),
      .cycles(eng_cycles),
      .delivered(eng_delivered),
      .errors(eng_errors),
      .err_bad(eng_err_bad),
      .err_dup(eng_err_dup),
      .failed(eng_failed),
      .missing(eng_missing),
      .tx_valid(tx_valid),
      .tx_dst(tx_dst),
      .tx_payload(tx_payload),
      .tx_ready(tx_ready),
      .dlv_valid(dlv_valid),
      .dlv_src(dlv_src),
      .dlv_payload(dlv_payload),
      .ev_valid(ev_valid),
      .ev_ok(ev_ok)
  );
  // The detail counters are summed into `errors`; the board reports the sum.
  wire unused_selftest = ^{eng_busy, eng_delivered, eng_err_bad, eng_err_dup, eng_failed,
                           eng_missing};

  board_reporter #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD),
      .TAG_LEN(TAG_LEN),
      .TAG(TAG)
  ) u_report (
      .clk(clk),
      .rst(rst),
      .eng_start(eng_start),
      .eng_done(eng_done),
      .eng_cycles(eng_cycles),
      .eng_errors(eng_errors),
      .eng_sum(32'd0),
      .rounds(rounds),
      .pass(pass),
      .fail(fail),
      .uart_tx(uart_tx)
  );
endmodule

`default_nettype wire
