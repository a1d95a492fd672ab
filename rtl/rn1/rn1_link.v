// rn1_link: one network link (forward and backward 9-bit channels) with fault injection.
//
// Ports
//   fwd_in, fwd_out   forward channel as driven by the upstream node / seen downstream
//   bwd_in, bwd_out   backward channel as driven by the downstream node / seen upstream
//   dead              the link carries nothing: both received channels read 0
//   stuck             one data wire is stuck: bit `bitsel` of the data of the channel
//                     selected by `dir` (0 forward, 1 backward) reads `val`
// Combinational, no latency.  The ctl wire (bit 8) is never stuck.  Cycle twin:
// minforge::twin::apply_fault (model/include/minforge/twin/rn1/rn1_net.hpp).
`default_nettype none
module rn1_link (
    input  wire [8:0] fwd_in,
    output wire [8:0] fwd_out,
    input  wire [8:0] bwd_in,
    output wire [8:0] bwd_out,
    input  wire       dead,
    input  wire       stuck,
    input  wire       dir,
    input  wire [2:0] bitsel,
    input  wire       val
);
  wire [8:0] m = {1'b0, 8'd1 << bitsel};
  wire [8:0] f = (stuck && !dir) ? ((fwd_in & ~m) | (val ? m : 9'd0)) : fwd_in;
  wire [8:0] b = (stuck && dir) ? ((bwd_in & ~m) | (val ? m : 9'd0)) : bwd_in;
  assign fwd_out = dead ? 9'd0 : f;
  assign bwd_out = dead ? 9'd0 : b;
endmodule
