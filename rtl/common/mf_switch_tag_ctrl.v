// mf_switch_tag_ctrl: state decision of one 2x2 switch under tag self-routing.
//
// Ports (combinational)
//   v0, v1      valid bits of the messages on in-subport 0 / 1
//   f0, f1      the out-subport each message asks for (its tag bit for this stage)
//   state       switch state (0 straight, 1 cross):
//                 v0          -> state = f0       (in-subport 0 always gets its choice)
//                 !v0 &&  v1  -> state = !f1      (in1 reaches out-subport 1 xor state = f1)
//                 !v0 && !v1  -> state = 0
//   drop1       1 when both are valid and ask for the same out-subport: the message on
//               in-subport 1 loses and is dropped (the caller clears its valid bit)
//   conflict    same condition as drop1 (reported per switch by the fabrics)
`default_nettype none

module mf_switch_tag_ctrl (
  v0, v1, f0, f1, state, drop1, conflict
);
  input  wire v0;
  input  wire v1;
  input  wire f0;
  input  wire f1;
  output wire state;
  output wire drop1;
  output wire conflict;

  assign state    = v0 ? f0 : (v1 ? ~f1 : 1'b0);
  assign conflict = v0 & v1 & ~(f0 ^ f1);
  assign drop1    = conflict;
endmodule

`default_nettype wire
