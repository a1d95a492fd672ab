// a2a_sink: checker of one processor (output port) of the all-to-all engines.
//
// Classifies every valid message arriving at output port DST into exactly one class,
// in this priority order:
//   bad_dst  the destination field is not DST
//   bad_pay  the source field is >= N, or the payload is not the low PW bits of
//            mf_payload32(src, DST) (see a2a_source)
//   dup      a good message from this source was already received since the last clear
//   good     otherwise; the sink then remembers the source in its N-bit seen vector
//
// Parameters
//   N     processors;  W  message width (>= 2*IW + 4, IW = ceil(log2 N));  DST  this index
// Ports
//   clk, rst     clock, synchronous active-high reset (clears the seen vector)
//   clear        synchronous clear of the seen vector (start of an exchange)
//   in_valid     a message is at this output port this cycle
//   in_data [W-1:0]  the message
//   ev_good, ev_bad_dst, ev_bad_pay, ev_dup   one-hot (or all 0 when !in_valid) class of
//                this cycle's message, combinational
`default_nettype none
`include "mf_param_check.vh"

module a2a_sink (
  clk, rst, clear, in_valid, in_data, ev_good, ev_bad_dst, ev_bad_pay, ev_dup
);
  parameter integer N = 10;
  parameter integer W = 16;
  parameter integer DST = 0;

`include "mf_functions.vh"

  localparam integer IW = mf_clog2(N);
  localparam integer PW = W - 2 * IW;
  localparam [31:0] DST32 = DST;
  localparam [IW-1:0] DST_ID = DST32[IW-1:0];
  localparam [31:0] N32 = N;

  input  wire         clk;
  input  wire         rst;
  input  wire         clear;
  input  wire         in_valid;
  input  wire [W-1:0] in_data;
  output wire         ev_good;
  output wire         ev_bad_dst;
  output wire         ev_bad_pay;
  output wire         ev_dup;

  generate
    `MF_PARAM_ERROR_IF(PW < 4, g_bad_w, ERROR_a2a_sink_W_too_small_for_src_dst_and_4_payload_bits,
                       ("a2a_sink: W=%0d too small: needs 2*%0d index bits + 4 payload bits",
                        W, IW))
  endgenerate

  wire [IW-1:0] f_src = in_data[IW-1:0];
  wire [IW-1:0] f_dst = in_data[2*IW-1:IW];
  wire [PW-1:0] f_pay = in_data[W-1:2*IW];

  wire [31:0]    mix = mf_payload32({{(32-IW){1'b0}}, f_src}, DST32);
  wire [PW+31:0] mix_ext = {{PW{1'b0}}, mix};
  wire [PW-1:0]  pay_exp = mix_ext[PW-1:0];
  wire [31:0]    unused_mix_hi = mix_ext[PW+31:PW];

  // seen is indexed by the source field directly (one read port, one write port); an
  // out-of-range source (f_src >= N, possible when N is not a power of two) reads as
  // not-seen and is classified bad_pay before the vector is touched.
  reg  [N-1:0] seen;
  wire         src_ok = ({{(32-IW){1'b0}}, f_src} < N32);
  wire         seen_src = src_ok && seen[f_src];
  assign ev_bad_dst = in_valid && (f_dst != DST_ID);
  assign ev_bad_pay = in_valid && (f_dst == DST_ID) && (!src_ok || f_pay != pay_exp);
  assign ev_dup     = in_valid && (f_dst == DST_ID) && src_ok && (f_pay == pay_exp) && seen_src;
  assign ev_good    = in_valid && (f_dst == DST_ID) && src_ok && (f_pay == pay_exp) && !seen_src;

  always @(posedge clk) begin
    if (rst || clear) begin
      seen <= {N{1'b0}};
    end else if (ev_good) begin
      seen[f_src] <= 1'b1;   // ev_good implies src_ok: f_src < N
    end
  end
endmodule

`default_nettype wire
