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
// Timing: the line is a constant table indexed by the position (tag and literal characters
// for PASS and for FAIL, and which positions are hex digits, built at elaboration); the
// captured fields sit in one shift register that moves one digit per hex character, so a
// character is a table look-up, hex() of the register's top nibble and one multiplexer, with
// no arithmetic on the position.  out_data is a register (one byte of look-ahead), so the
// select ends there and does not run on into the consumer (uart_tx's shift register).  The
// first byte is offered two cycles after the edge that takes `start`; after that a byte taken
// at an edge is followed by the next one in the following cycle.
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
//   out_valid  a byte is offered on out_data (a register)
//   out_data   the byte (a register)
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
    output reg         out_valid,
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

  reg          busy;  // characters of the line left to load into out_data
  reg [PW-1:0] pos;   // index of the next character to load within the line
  reg [127:0]  fld;   // the captured {rounds, cycles, errors, sum}, next hex digit on top
  reg          p_q;
  wire         load = busy && (!out_valid || out_ready);

  assign idle = !busy && !out_valid;

  // ASCII for one hexadecimal digit
  function [7:0] hex;
    input [3:0] v;
    begin
      hex = (v < 4'd10) ? (8'h30 + {4'd0, v}) : (8'h37 + {4'd0, v});
    end
  endfunction

  // Character k of the line (constant function: evaluated at elaboration), with PASS (pf = 1)
  // or FAIL (pf = 0); 8'h00 marks a hexadecimal digit of the fields R, C, E (, S), which
  // follow one another in the line in the order of `fld`.
  function [7:0] line_ch;
    input integer k;
    input integer pf;
    integer bp;
    begin
      line_ch = 8'h00;
      if (k < TAG_LEN) begin
        line_ch = TAG[8*(TAG_LEN-1-k) +: 8];
      end else begin
        bp = k - TAG_LEN;  // position within the body
        if (SUM_FIELD != 0 && bp >= 33 && bp < 44) begin
          if (bp == 33) line_ch = 8'h20;  // ' '
          else if (bp == 34) line_ch = 8'h53;  // 'S'
          else if (bp == 35) line_ch = 8'h3d;  // '='
        end else begin
          if (SUM_FIELD != 0 && bp >= 44) bp = bp - SOFF;  // as in the line without S
          case (bp)
            0, 11, 22, 33: line_ch = 8'h20;  // ' '
            1: line_ch = 8'h52;  // 'R'
            12: line_ch = 8'h43;  // 'C'
            23: line_ch = 8'h45;  // 'E'
            2, 13, 24: line_ch = 8'h3d;  // '='
            34: line_ch = (pf != 0) ? 8'h50 : 8'h46;  // 'P' / 'F'
            35: line_ch = 8'h41;  // 'A'
            36: line_ch = (pf != 0) ? 8'h53 : 8'h49;  // 'S' / 'I'
            37: line_ch = (pf != 0) ? 8'h53 : 8'h4c;  // 'S' / 'L'
            38: line_ch = 8'h0d;  // '\r'
            39: line_ch = 8'h0a;  // '\n'
            default: line_ch = 8'h00;  // a hex digit
          endcase
        end
      end
    end
  endfunction

  // The line as constant tables indexed by the position: its characters with PASS and with
  // FAIL, and which positions are hex digits.  The character select is a table look-up and
  // one multiplexer, no arithmetic on the position.
  localparam integer NPOS = 1 << PW;
  wire [8*NPOS-1:0] tab_pass, tab_fail;
  wire [NPOS-1:0]   tab_hex;
  genvar k;
  generate
    for (k = 0; k < NPOS; k = k + 1) begin : g_tab
      localparam [7:0] CP = (k < LINE_LEN) ? line_ch(k, 1) : 8'h20;
      localparam [7:0] CF = (k < LINE_LEN) ? line_ch(k, 0) : 8'h20;
      assign tab_pass[8*k +: 8] = CP;
      assign tab_fail[8*k +: 8] = CF;
      assign tab_hex[k] = (CP == 8'h00);
    end
  endgenerate
  wire [7:0] ch_pass = tab_pass[{pos, 3'b000} +: 8];
  wire [7:0] ch_fail = tab_fail[{pos, 3'b000} +: 8];
  wire       is_hex = tab_hex[pos];
  wire [7:0] ch = is_hex ? hex(fld[127:124]) : (p_q ? ch_pass : ch_fail);

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      pos <= {PW{1'b0}};
      fld <= 128'd0;
      p_q <= 1'b0;
      out_valid <= 1'b0;
      out_data <= 8'd0;
    end else begin
      if (!busy && !out_valid && start) begin
        busy <= 1'b1;
        pos <= {PW{1'b0}};
        fld <= {rounds, cycles, errors, sum};
        p_q <= pass;
      end
      if (load) begin
        out_valid <= 1'b1;
        out_data <= ch;
        if (is_hex) fld <= {fld[123:0], 4'd0};
        if (pos == LINE_LEN[PW-1:0] - 1'b1) begin
          busy <= 1'b0;
          pos <= {PW{1'b0}};
        end else begin
          pos <= pos + 1'b1;
        end
      end else if (out_valid && out_ready) begin
        out_valid <= 1'b0;
      end
    end
  end
endmodule

`default_nettype wire
