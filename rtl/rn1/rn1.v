// rn1: the RN1 routing component (paper 002, section 20.11, Fig. 20.8): eight 9-bit input
// channels, eight 9-bit output channels, configured as one 8x4 crossbar with dilation 2
// (all eight inputs equivalent, direction d owns outputs 2d, 2d+1) or as two independent
// 4x4 crossbars with dilation 1 (inputs 0-3 -> outputs 0-3, inputs 4-7 -> outputs 4-7).
// Cycle protocol: docs/rn1_protocol.md (cycle twin: minforge::twin::Rn1).
//
// Parameters
//   MODE_SEL   0: configuration register, loaded from cfg_dual/cfg_en when cfg_we = 1
//                 (reset value: 8x4 dilation 2, all outputs enabled)
//              1: configuration pins (cfg_dual, cfg_en used directly)
//              2: fixed 8x4 dilation 2 (cfg_en pins used, cfg_dual ignored)
//              3: fixed dual 4x4 dilation 1 (cfg_en pins used, cfg_dual ignored)
//   LFSR_W, LFSR_TAPS  random-choice LFSR of the 8x4 core
// Ports
//   clk, rst   clock, synchronous reset
//   seed       LFSR seed
//   cfg_we, cfg_dual, cfg_en   configuration (see MODE_SEL); cfg_en[o] = 0 disables output o
//   fwd_in, bwd_out   8 input channels (forward in, backward out), 9 bits each, channel k
//                     at bits [9k+8:9k], bit 8 = ctl
//   fwd_out, bwd_in   8 output channels
//   dual_o     current configuration (1 = dual 4x4)
// The core of the inactive configuration is held in reset; change the configuration only
// while no transmission is in progress.  Latency: 1 cycle forward, 1 cycle backward.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"
module rn1 #(
    parameter              MODE_SEL  = 0,
    parameter              LFSR_W    = 16,
    parameter [LFSR_W-1:0] LFSR_TAPS = `MF_RN1_LFSR_TAPS
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [LFSR_W-1:0] seed,
    input  wire              cfg_we,
    input  wire              cfg_dual,
    input  wire [7:0]        cfg_en,
    input  wire [71:0]       fwd_in,
    output wire [71:0]       bwd_out,
    output wire [71:0]       fwd_out,
    input  wire [71:0]       bwd_in,
    output wire              dual_o
);
  generate
    `MF_PARAM_ERROR_IF(MODE_SEL < 0 || MODE_SEL > 3, g_bad, ERROR_rn1_MODE_SEL_must_be_0_to_3,
                       ("rn1: MODE_SEL must be 0 (register), 1 (pins), 2 (fixed 8x4) or 3 (fixed dual) (MODE_SEL=%0d)",
                        MODE_SEL))
  endgenerate

  wire       dual;
  wire [7:0] en;

  generate
    if (MODE_SEL == 0) begin : g_cfg_reg
      reg       dual_r;
      reg [7:0] en_r;
      always @(posedge clk) begin
        if (rst) begin
          dual_r <= 1'b0;
          en_r   <= 8'hFF;
        end else if (cfg_we) begin
          dual_r <= cfg_dual;
          en_r   <= cfg_en;
        end
      end
      assign dual = dual_r;
      assign en   = en_r;
    end else if (MODE_SEL == 1) begin : g_cfg_pin
      assign dual = cfg_dual;
      assign en   = cfg_en;
      wire unused_cfg = cfg_we;
    end else begin : g_cfg_fixed
      assign dual = (MODE_SEL == 3);
      assign en   = cfg_en;
      wire unused_cfg = cfg_we ^ cfg_dual;
    end
  endgenerate
  assign dual_o = dual;

  wire [71:0] s_bwd, s_fwd, d_bwd, d_fwd;
  generate
    if (MODE_SEL != 3) begin : g_single
      rn1_xbar_core #(
          .NI(8), .R(4), .D(2), .PORT_BASE(0), .LFSR_W(LFSR_W), .LFSR_TAPS(LFSR_TAPS)
      ) u_core (
          .clk(clk), .rst(rst | dual), .seed(seed), .en(en), .fwd_in(fwd_in),
          .bwd_out(s_bwd), .fwd_out(s_fwd), .bwd_in(bwd_in));
    end else begin : g_no_single
      assign s_bwd = 72'd0;
      assign s_fwd = 72'd0;
    end
    if (MODE_SEL != 2) begin : g_dual
      rn1_xbar_core #(
          .NI(4), .R(4), .D(1), .PORT_BASE(0), .LFSR_W(LFSR_W), .LFSR_TAPS(LFSR_TAPS)
      ) u_lo (
          .clk(clk), .rst(rst | ~dual), .seed(seed), .en(en[3:0]), .fwd_in(fwd_in[35:0]),
          .bwd_out(d_bwd[35:0]), .fwd_out(d_fwd[35:0]), .bwd_in(bwd_in[35:0]));
      rn1_xbar_core #(
          .NI(4), .R(4), .D(1), .PORT_BASE(4), .LFSR_W(LFSR_W), .LFSR_TAPS(LFSR_TAPS)
      ) u_hi (
          .clk(clk), .rst(rst | ~dual), .seed(seed), .en(en[7:4]), .fwd_in(fwd_in[71:36]),
          .bwd_out(d_bwd[71:36]), .fwd_out(d_fwd[71:36]), .bwd_in(bwd_in[71:36]));
    end else begin : g_no_dual
      assign d_bwd = 72'd0;
      assign d_fwd = 72'd0;
    end
  endgenerate

  assign bwd_out = dual ? d_bwd : s_bwd;
  assign fwd_out = dual ? d_fwd : s_fwd;
endmodule
