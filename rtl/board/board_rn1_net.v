// board_rn1_net: the RN1 16x16 network of Fig. 20.9 (paper 002; rtl/rn1/gen/rn1_net_fig20_9)
// as the RN1 self-test drives it, written once for the board's design
// (rtl/board/board_rn1_selftest.v, seed and faults from parameters) and the self-test's
// wrapper for the simulators (tb/board/rn1_selftest_net.v, seed and faults at run time):
// every router output enabled, the fault monitor observing only (it switches nothing off),
// and only the traffic ports out; the sequence numbers, attempt counts, link probes and the
// monitor's outputs are for the network's own lockstep harness (tb/rn1) and end here.
//
// Parameters
//   MAX_ATT       attempts per message before a source gives up (1..255)
// Derived: NE = 16 endpoints, P = 2 payload bytes (the network's)
// Ports
//   clk, rst                        clock, synchronous reset
//   seed [15:0]                     network random seed (rn1_net_fig20_9 derives one per
//                                   component)
//   flt_router_dead [7:0], flt_link_dead, flt_link_stuck, flt_link_dir, flt_link_val [95:0],
//   flt_link_bit [287:0]            fault vectors of rn1_net_fig20_9
//   tx_valid, tx_dst, tx_payload, tx_ready    the endpoints' send ports
//   dlv_valid, dlv_src, dlv_payload           their delivery pulses (two network ports each)
//   ev_valid, ev_ok                           their completions (acknowledged or given up)
// Timing: rn1_net_fig20_9's.
`default_nettype none

module board_rn1_net (
  clk, rst, seed, flt_router_dead, flt_link_dead, flt_link_stuck, flt_link_dir, flt_link_bit,
  flt_link_val, tx_valid, tx_dst, tx_payload, tx_ready, dlv_valid, dlv_src, dlv_payload,
  ev_valid, ev_ok
);
  parameter integer MAX_ATT = 64;
  localparam integer NE = 16;  // endpoints of the Fig. 20.9 network
  localparam integer P = 2;  // payload bytes per message

  input  wire               clk;
  input  wire               rst;
  input  wire [15:0]        seed;
  input  wire [7:0]         flt_router_dead;
  input  wire [95:0]        flt_link_dead;
  input  wire [95:0]        flt_link_stuck;
  input  wire [95:0]        flt_link_dir;
  input  wire [287:0]       flt_link_bit;
  input  wire [95:0]        flt_link_val;
  input  wire [NE-1:0]      tx_valid;
  input  wire [8*NE-1:0]    tx_dst;
  input  wire [8*P*NE-1:0]  tx_payload;
  output wire [NE-1:0]      tx_ready;
  output wire [2*NE-1:0]    dlv_valid;
  output wire [16*NE-1:0]   dlv_src;
  output wire [16*P*NE-1:0] dlv_payload;
  output wire [NE-1:0]      ev_valid;
  output wire [NE-1:0]      ev_ok;

  wire [32*NE-1:0]  dlv_seq;
  wire [8*NE-1:0]   ev_attempts;
  wire [863:0]      probe_fwd;
  wire [863:0]      probe_bwd;
  wire [NE-1:0]     vd_fin, vd_pend;
  wire [2*NE-1:0]   vd_kind, in_en;
  wire              mon_v_valid, mon_decl_valid;
  wire [7:0]        mon_v_src;
  wire [3:0]        mon_v_n;
  wire [20:0]       mon_v_cand;
  wire [6:0]        mon_decl_link;
  wire [63:0]       en_eff;

  rn1_net_fig20_9 #(
      .MAX_ATT(MAX_ATT)
  ) u_net (
      .clk(clk),
      .rst(rst),
      .seed(seed),
      .flt_router_dead(flt_router_dead),
      .flt_link_dead(flt_link_dead),
      .flt_link_stuck(flt_link_stuck),
      .flt_link_dir(flt_link_dir),
      .flt_link_bit(flt_link_bit),
      .flt_link_val(flt_link_val),
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
  // for the lockstep harness only (mon_switch = 0: the monitor switches nothing off here)
  wire unused_net = ^{dlv_seq, ev_attempts, probe_fwd, probe_bwd, vd_fin, vd_pend, vd_kind, in_en,
                      mon_v_valid, mon_decl_valid, mon_v_src, mon_v_n, mon_v_cand, mon_decl_link,
                      en_eff};
endmodule

`default_nettype wire
