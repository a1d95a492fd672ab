// rn1_selftest_net: Verilator test wrapper (not synthesized) of the RN1 board top's core:
// rtl/board/rn1_selftest on the Fig. 20.9 network as the board drives it
// (rtl/board/board_rn1_net.v, shared with rtl/board/board_rn1_selftest.v: all router outputs
// enabled), but with the seed and the fault vectors as ports so one Verilator model runs
// every fault scenario, and with two tamper switches between the network's delivery pulses
// and the checker, so the checker's own detection is exercised (tb/board/rn1_selftest_tb.cpp,
// mirrored in model/include/minforge/twin/board/rn1_selftest.hpp):
//   tamper_pay  payload bit 0 of every delivery on endpoint 3, port 0 is inverted
//   tamper_dup  every delivery on endpoint 0, port 0 is shown again one cycle later on
//               port 1 of endpoint 0 (when that port has no delivery of its own)
//
// Ports
//   clk, rst, seed                 clock, synchronous reset, network seed
//   flt_router_dead, flt_link_*    fault vectors of rn1_net_fig20_9
//   tamper_pay, tamper_dup         checker tests (above)
//   start, busy, done, cycles, delivered, errors, err_bad, err_dup, failed, missing
//                                  rn1_selftest's run interface and counters
`default_nettype none

module rn1_selftest_net (
    input  wire         clk, rst,
    input  wire [15:0]  seed,
    input  wire [7:0]   flt_router_dead,
    input  wire [95:0]  flt_link_dead, flt_link_stuck, flt_link_dir, flt_link_val,
    input  wire [287:0] flt_link_bit,
    input  wire         tamper_pay, tamper_dup, start,
    output wire         busy, done,
    output wire [31:0]  cycles, delivered, errors, err_bad, err_dup, failed, missing
);
  localparam integer NE = 16;
  localparam integer P = 2;

  wire [NE-1:0]      tx_valid, tx_ready, ev_valid, ev_ok;
  wire [8*NE-1:0]    tx_dst;
  wire [8*P*NE-1:0]  tx_payload;
  wire [2*NE-1:0]    dlv_valid;
  wire [16*NE-1:0]   dlv_src;
  wire [16*P*NE-1:0] dlv_payload;
  board_rn1_net u_net (
      .clk(clk), .rst(rst), .seed(seed), .flt_router_dead(flt_router_dead),
      .flt_link_dead(flt_link_dead), .flt_link_stuck(flt_link_stuck), .flt_link_dir(flt_link_dir),
      .flt_link_bit(flt_link_bit), .flt_link_val(flt_link_val),
      .tx_valid(tx_valid), .tx_dst(tx_dst), .tx_payload(tx_payload), .tx_ready(tx_ready),
      .dlv_valid(dlv_valid), .dlv_src(dlv_src), .dlv_payload(dlv_payload),
      .ev_valid(ev_valid), .ev_ok(ev_ok)
  );

  // ---- tampering ----
  reg        rep_valid;  // endpoint 0 port 0's pulse of the previous cycle
  reg [7:0]  rep_src;
  reg [15:0] rep_pay;
  always @(posedge clk) begin
    if (rst) begin
      rep_valid <= 1'b0;
      rep_src <= 8'd0;
      rep_pay <= 16'd0;
    end else begin
      rep_valid <= tamper_dup && dlv_valid[0];
      rep_src <= dlv_src[7:0];
      rep_pay <= dlv_payload[15:0];
    end
  end
  wire use_rep = rep_valid && !dlv_valid[1];
  wire [2*NE-1:0] ck_valid = {dlv_valid[2*NE-1:2], dlv_valid[1] | use_rep, dlv_valid[0]};
  wire [16*NE-1:0] ck_src = {dlv_src[16*NE-1:16], use_rep ? rep_src : dlv_src[15:8],
                             dlv_src[7:0]};
  // endpoint 3 port 0 = payload bits 16*P*3 + 0; endpoint 0 port 1 = bits 16 .. 31
  wire [16*P*NE-1:0] pay_x = dlv_payload ^ {{(16 * P * NE - 16 * P * 3 - 1) {1'b0}}, tamper_pay,
                                            {(16 * P * 3) {1'b0}}};
  wire [16*P*NE-1:0] ck_pay = {pay_x[16*P*NE-1:32], use_rep ? rep_pay : pay_x[31:16],
                               pay_x[15:0]};

  rn1_selftest #(.NE(NE), .P(P)) u_selftest (
      .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
      .delivered(delivered), .errors(errors), .err_bad(err_bad), .err_dup(err_dup),
      .failed(failed), .missing(missing),
      .tx_valid(tx_valid), .tx_dst(tx_dst), .tx_payload(tx_payload), .tx_ready(tx_ready),
      .dlv_valid(ck_valid), .dlv_src(ck_src), .dlv_payload(ck_pay),
      .ev_valid(ev_valid), .ev_ok(ev_ok)
  );
endmodule

`default_nettype wire
