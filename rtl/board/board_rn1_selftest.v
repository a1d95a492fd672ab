// board_rn1_selftest: the self-testing RN1 16x16 network of the ULX3S board top
// (rtl/board/board_selftest.v with DESIGN = MF_DESIGN_RN1: it adds the power-on reset and
// board_reporter, which runs this engine over and over through the start/done handshake
// below and sends the report line).
//
// The network is the two-stage Fig. 20.9 network of paper 002 (rtl/rn1/gen/rn1_net_fig20_9:
// 16 endpoints with two network inputs and outputs each, 4 RN1 in 8x4/dilation-2 mode,
// 4 RN1 in dual 4x4 mode, 96 links, source-responsible retry).  Eight RN1 routers need
// about 40k LUTs, so only the ECP5 board holds it.  Every router output is enabled; faults
// are injected only through the flt_* ports (board_selftest ties them to its FLT_*
// parameters, default: none).  The network is board_rn1_net (rn1_net_fig20_9 as the self-test drives it).  rn1_selftest
// runs one all-to-all exchange per start: each endpoint sends one message to each of the 15
// others (240 messages, payload {exchange, src, dst}); every delivery is checked (payload,
// destination, exactly once) and every completion (given up after MAX_ATT attempts, or
// acknowledged but never delivered) is an error.  The report line (board_selftest):
//   "RN1 F209 N=016 F=000 R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n"
// F = number of injected fault sites (dead routers + dead or stuck links, decimal),
// R = exchanges completed (hex), C = cycles of the last exchange (hex; it varies from
// exchange to exchange with the routers' random output choices and the retries),
// E = errors summed over all exchanges (hex, saturating).  See docs/synth.md.
//
// Parameters
//   MAX_ATT           attempts per message before a source gives up (1..255)
// Ports
//   clk, rst          board clock, synchronous reset (board_por)
//   seed [15:0]       network random seed (routers' output choice, endpoints' input choice
//                     and back-off; rn1_net_fig20_9 derives one seed per component)
//   flt_router_dead [7:0]  per router: answers nothing
//   flt_link_dead [95:0]   per link: dead
//   flt_link_stuck [95:0]  per link: one data wire stuck, on the backward channel when the
//                     link's flt_link_dir bit is 1, wire flt_link_bit[3l+2:3l] stuck at
//                     flt_link_val[l] (link numbering: the RN1 network generator's)
//   eng_start         start of an exchange (board_reporter)
//   eng_done          level: the exchange finished (until the next start)
//   eng_cycles, eng_errors [31:0]   its cycles and errors
// Timing: rn1_selftest's and the network's.
`default_nettype none

module board_rn1_selftest #(
    parameter integer MAX_ATT = 64
) (
    input  wire         clk, rst,
    input  wire [15:0]  seed,
    input  wire [7:0]   flt_router_dead,
    input  wire [95:0]  flt_link_dead, flt_link_stuck, flt_link_dir, flt_link_val,
    input  wire [287:0] flt_link_bit,
    input  wire         eng_start,
    output wire         eng_done,
    output wire [31:0]  eng_cycles, eng_errors
);
  localparam integer NE = 16;  // endpoints of the Fig. 20.9 network
  localparam integer P = 2;  // payload bytes per message (rn1_net_fig20_9)

  // ---- network ----
  wire [NE-1:0]      tx_valid, tx_ready, ev_valid, ev_ok;
  wire [8*NE-1:0]    tx_dst;
  wire [8*P*NE-1:0]  tx_payload;
  wire [2*NE-1:0]    dlv_valid;
  wire [16*NE-1:0]   dlv_src;
  wire [16*P*NE-1:0] dlv_payload;
  board_rn1_net #(.MAX_ATT(MAX_ATT)) u_net (
      .clk(clk), .rst(rst), .seed(seed), .flt_router_dead(flt_router_dead),
      .flt_link_dead(flt_link_dead), .flt_link_stuck(flt_link_stuck), .flt_link_dir(flt_link_dir),
      .flt_link_bit(flt_link_bit), .flt_link_val(flt_link_val),
      .tx_valid(tx_valid), .tx_dst(tx_dst), .tx_payload(tx_payload), .tx_ready(tx_ready),
      .dlv_valid(dlv_valid), .dlv_src(dlv_src), .dlv_payload(dlv_payload),
      .ev_valid(ev_valid), .ev_ok(ev_ok)
  );

  // ---- traffic generator and checker ----
  wire        eng_busy;
  wire [31:0] eng_delivered;
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
endmodule

`default_nettype wire
