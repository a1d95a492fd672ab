// uart_line_fmt: formats one text report line for the board self-test and hands it out one
// byte at a time (valid/ready, to uart_tx).  The line is
//
//   <TAG> R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n      (or FAIL)
//   <TAG> R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n      (SUM_FIELD = 1)
//
// with rounds, cycles, errors (and the checksum) as 8 upper-case hexadecimal digits each.  The
// values and the pass flag are captured on the cycle `start` is taken (start && idle), so
// the line is consistent even while the counters move on.
//
// Parameters
//   TAG_LEN  number of characters in TAG (>= 1)
//   TAG      ASCII tag printed at the start of the line, e.g. "GSEN N=10 W=8 ALT"
//   SUM_FIELD  1: the line carries " S=" and `sum` after E (board_xpose's checksum)
// Ports
//   clk, rst   clock, synchronous active-high reset
//   start      request a line; taken when idle is high
//   idle       no line in progress
//   rounds     completed exchange rounds (captured at start)
//   cycles     cycles of the last round (captured at start)
//   errors     accumulated error count (captured at start)
//   sum        checksum printed as S (SUM_FIELD = 1; captured at start)
//   pass       1 prints PASS, 0 prints FAIL (captured at start)
//   out_valid  a byte is offered on out_data
//   out_data   the byte
//   out_ready  the consumer takes the byte on out_valid && out_ready
`default_nettype none
`include "mf_param_check.vh"

module uart_line_fmt #(
    parameter integer TAG_LEN = 4,
    parameter [8*TAG_LEN-1:0] TAG = "TEST",
    parameter integer SUM_FIELD = 0
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    output wire        idle,
    input  wire [31:0] rounds,
    input  wire [31:0] cycles,
    input  wire [31:0] errors,
    input  wire [31:0] sum,
    input  wire        pass,
    output wire        out_valid,
    output reg  [7:0]  out_data,
    input  wire        out_ready
);
  // Positions after the tag: " R=" 8 hex " C=" 8 hex " E=" 8 hex " PASS" "\r\n"
  // (SUM_FIELD = 1: " S=" 8 hex after E, body positions 33..43)
  localparam integer SOFF = (SUM_FIELD != 0) ? 11 : 0;
  localparam integer BODY_LEN = 3 + 8 + 3 + 8 + 3 + 8 + SOFF + 5 + 2;
  localparam integer LINE_LEN = TAG_LEN + BODY_LEN;
  localparam integer PW = $clog2(LINE_LEN + 1);

  generate
    `MF_PARAM_ERROR_IF(TAG_LEN < 1, g_bad_tag, ERROR_uart_line_fmt_TAG_LEN_must_be_positive,
                       ("uart_line_fmt: TAG_LEN must be >= 1 (TAG_LEN=%0d)", TAG_LEN))
  endgenerate

  reg          busy;
  reg [PW-1:0] pos;  // index of the byte on out_data within the line
  reg [31:0]   r_q, c_q, e_q, s_q;
  reg          p_q;

  assign idle = !busy;
  assign out_valid = busy;

  // ASCII for one hexadecimal digit
  function [7:0] hex;
    input [3:0] v;
    begin
      hex = (v < 4'd10) ? (8'h30 + {4'd0, v}) : (8'h37 + {4'd0, v});
    end
  endfunction

  // digit k (0 = most significant) of a 32-bit value
  function [3:0] nib;
    input [31:0] v;
    input [2:0] k;
    begin
      nib = v[4*(7-k) +: 4];
    end
  endfunction

  wire [PW-1:0] b0 = pos - TAG_LEN[PW-1:0];  // position within the body
  wire          in_sum = (SUM_FIELD != 0) && (b0 >= 33) && (b0 < 44);
  // the positions after the S field as in the line without it
  wire [PW-1:0] b = (SUM_FIELD != 0 && b0 >= 44) ? b0 - SOFF[PW-1:0] : b0;
  wire [31:0] tag_idx = TAG_LEN - 1 - {{(32 - PW) {1'b0}}, pos};  // tag character, from the right

  always @(*) begin
    if (pos < TAG_LEN[PW-1:0]) begin
      out_data = TAG[8*tag_idx+:8];
    end else if (in_sum) begin
      if (b0 == 33) out_data = 8'h20;  // ' '
      else if (b0 == 34) out_data = 8'h53;  // 'S'
      else if (b0 == 35) out_data = 8'h3d;  // '='
      else out_data = hex(nib(s_q, b0[2:0] - 3'd4));
    end else begin
      case (b)
        0, 3 + 8, 3 + 8 + 3 + 8, 3 + 8 + 3 + 8 + 3 + 8: out_data = 8'h20;  // ' '
        1: out_data = 8'h52;  // 'R'
        1 + 3 + 8: out_data = 8'h43;  // 'C'
        1 + 3 + 8 + 3 + 8: out_data = 8'h45;  // 'E'
        2, 2 + 3 + 8, 2 + 3 + 8 + 3 + 8: out_data = 8'h3d;  // '='
        34: out_data = p_q ? 8'h50 : 8'h46;  // 'P' / 'F'
        35: out_data = 8'h41;  // 'A'
        36: out_data = p_q ? 8'h53 : 8'h49;  // 'S' / 'I'
        37: out_data = p_q ? 8'h53 : 8'h4c;  // 'S' / 'L'
        38: out_data = 8'h0d;  // '\r'
        39: out_data = 8'h0a;  // '\n'
        default: begin
          if (b >= 3 && b < 11) out_data = hex(nib(r_q, b[2:0] - 3'd3));
          else if (b >= 14 && b < 22) out_data = hex(nib(c_q, b[2:0] - 3'd6));
          else out_data = hex(nib(e_q, b[2:0] - 3'd1));
        end
      endcase
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      pos <= {PW{1'b0}};
      r_q <= 32'd0;
      c_q <= 32'd0;
      e_q <= 32'd0;
      s_q <= 32'd0;
      p_q <= 1'b0;
    end else if (!busy) begin
      if (start) begin
        busy <= 1'b1;
        pos <= {PW{1'b0}};
        r_q <= rounds;
        c_q <= cycles;
        e_q <= errors;
        s_q <= sum;
        p_q <= pass;
      end
    end else if (out_ready) begin
      if (pos == LINE_LEN[PW-1:0] - 1'b1) begin
        busy <= 1'b0;
        pos <= {PW{1'b0}};
      end else begin
        pos <= pos + 1'b1;
      end
    end
  end
endmodule

`default_nettype wire
