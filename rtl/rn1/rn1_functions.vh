// rn1_functions.vh: constant-free functions shared by the RN1 RTL (rn1_endpoint, rn1_decoder,
// rn1_xbar_core), included inside module bodies; no include guard on purpose (each module
// gets its own copy, as mf_functions.vh).  The twins use minforge::rn1::crc8
// (model/include/minforge/algo/rn1/rn1_protocol.hpp); docs/rn1_protocol.md.
//
// crc8(c, b): CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), MSB first, of byte b after state c:
// linear in x = c ^ b, written as the XOR of the images of the set bits of x (no loop, so
// the generated simulation code stays small).
function [7:0] crc8;
  input [7:0] c;
  input [7:0] b;
  reg [7:0] x;
  begin
    x    = c ^ b;
    crc8 = ({8{x[0]}} & 8'h07) ^ ({8{x[1]}} & 8'h0E) ^ ({8{x[2]}} & 8'h1C) ^
           ({8{x[3]}} & 8'h38) ^ ({8{x[4]}} & 8'h70) ^ ({8{x[5]}} & 8'hE0) ^
           ({8{x[6]}} & 8'hC7) ^ ({8{x[7]}} & 8'h89);
  end
endfunction
