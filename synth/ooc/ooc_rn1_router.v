// ooc_rn1_router: out-of-context synthesis wrapper of one RN1 router (rtl/rn1/rn1.v;
// synth/flow.py design rn1_router, the sweep): it lets place-and-route time the router with
// three pins.  All router inputs (reset, seed, configuration, 8 forward and 8 backward
// 9-bit channels) come from one shift register fed by `si` (flip-flops only); the router
// outputs are folded three bits at a time into a shift register that leaves on `so` (one
// LUT per three output bits, 49 in all).
//
// Parameters
//   MODE_SEL  passed to rn1 (0 configuration register, 1 pins, 2 fixed 8x4/d2, 3 dual 4x4)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none

module ooc_rn1_router #(
    parameter integer MODE_SEL = 0
) (
    input  wire clk,
    input  wire si,
    output wire so
);
  localparam integer IN_W = 1 + 16 + 1 + 1 + 8 + 72 + 72;
  localparam integer OUT_W = 72 + 72 + 1;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire [71:0] bwd_out;
  wire [71:0] fwd_out;
  wire        dual_o;

  rn1 #(
      .MODE_SEL(MODE_SEL)
  ) u_rn1 (
      .clk(clk),
      .rst(in_sr[0]),
      .seed(in_sr[16:1]),
      .cfg_we(in_sr[17]),
      .cfg_dual(in_sr[18]),
      .cfg_en(in_sr[26:19]),
      .fwd_in(in_sr[98:27]),
      .bwd_out(bwd_out),
      .fwd_out(fwd_out),
      .bwd_in(in_sr[170:99]),
      .dual_o(dual_o)
  );

  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({dual_o, fwd_out, bwd_out})
  );
endmodule

`default_nettype wire
