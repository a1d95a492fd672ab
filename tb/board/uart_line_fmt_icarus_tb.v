// uart_line_fmt_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the board tops'
// report-line formatter (rtl/board/uart_line_fmt.v).  Requests LINES lines, each with new
// rounds / cycles / errors / sum values (every hexadecimal digit 0..F appears) and the pass
// flag alternating, takes the bytes under a pseudo-random out_ready, and compares every line
// byte for byte with the line built here from the header's format:
//   <TAG> R=rrrrrrrr C=cccccccc E=eeeeeeee PASS\r\n             (SUM_FIELD = 0)
//   <TAG> R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss FAIL\r\n  (SUM_FIELD = 1)
// (upper-case hex digits).  While a line goes out, the inputs change and `start` stays high:
// the line must keep the values captured at its start, and idle must be low until the last
// byte is taken.  Prints PASS / FAIL; $fatal on failure.
//
// Parameters
//   SUM_FIELD  0 or 1 (as uart_line_fmt)
//   LINES      lines to check (>= 1)
`timescale 1ns / 1ps
`default_nettype none

module uart_line_fmt_icarus_tb;
  parameter integer SUM_FIELD = 0;
  parameter integer LINES = 6;

  localparam integer TAG_LEN = 5;
  localparam [8*TAG_LEN-1:0] TAG = "XQ=9z";
  localparam integer LEN = TAG_LEN + 38 + ((SUM_FIELD != 0) ? 11 : 0) + 2;

  reg clk = 1'b0;
  reg rst = 1'b1;
  reg start = 1'b0;
  reg [31:0] rounds = 32'd0, cycles = 32'd0, errors = 32'd0, sum = 32'd0;
  reg pass = 1'b0;
  reg out_ready = 1'b0;
  wire idle, out_valid;
  wire [7:0] out_data;

  uart_line_fmt #(.TAG_LEN(TAG_LEN), .TAG(TAG), .SUM_FIELD(SUM_FIELD)) u_dut (
      .clk(clk),
      .rst(rst),
      .start(start),
      .idle(idle),
      .rounds(rounds),
      .cycles(cycles),
      .errors(errors),
      .sum(sum),
      .pass(pass),
      .out_valid(out_valid),
      .out_data(out_data),
      .out_ready(out_ready)
  );

  always #5 clk = ~clk;

  reg [7:0] want[0:LEN-1];
  integer p;

  function [7:0] hexc;
    input [3:0] v;
    begin
      hexc = (v < 10) ? (8'd48 + v) : (8'd55 + v);
    end
  endfunction

  // the expected line: tag, then the fields as the header gives them
  task build;
    input [31:0] r, c, e, s;
    input ok;
    integer k, q;
    begin
      for (k = 0; k < TAG_LEN; k = k + 1) want[k] = TAG[8*(TAG_LEN-1-k)+:8];
      q = TAG_LEN;
      want[q] = " "; want[q+1] = "R"; want[q+2] = "=";
      for (k = 0; k < 8; k = k + 1) want[q+3+k] = hexc(r[4*(7-k)+:4]);
      q = q + 11;
      want[q] = " "; want[q+1] = "C"; want[q+2] = "=";
      for (k = 0; k < 8; k = k + 1) want[q+3+k] = hexc(c[4*(7-k)+:4]);
      q = q + 11;
      want[q] = " "; want[q+1] = "E"; want[q+2] = "=";
      for (k = 0; k < 8; k = k + 1) want[q+3+k] = hexc(e[4*(7-k)+:4]);
      q = q + 11;
      if (SUM_FIELD != 0) begin
        want[q] = " "; want[q+1] = "S"; want[q+2] = "=";
        for (k = 0; k < 8; k = k + 1) want[q+3+k] = hexc(s[4*(7-k)+:4]);
        q = q + 11;
      end
      want[q] = " ";
      want[q+1] = ok ? "P" : "F";
      want[q+2] = "A";
      want[q+3] = ok ? "S" : "I";
      want[q+4] = ok ? "S" : "L";
      want[q+5] = 8'h0d;
      want[q+6] = 8'h0a;
    end
  endtask

  integer bad = 0;
  integer line = 0;
  integer got = 0;
  integer wait_c;
  reg [31:0] rng = 32'h1234_5678;
  reg [31:0] r0, c0, e0, s0;
  reg ok0;

  initial begin
    repeat (3) @(posedge clk);
    rst <= 1'b0;
    @(posedge clk);
    if (!idle || out_valid) begin
      $display("FAIL uart_line_fmt: not idle after reset");
      bad = bad + 1;
    end
    for (line = 0; line < LINES; line = line + 1) begin
      r0 = 32'h0123_4567 + 32'h1111_1111 * line;
      c0 = 32'h89AB_CDEF - 32'h0101_0101 * line;
      e0 = (line == 0) ? 32'd0 : 32'hFEDC_BA98 ^ (32'h1 << line);
      s0 = 32'h7654_3210 + 32'h2468_ACE1 * line;
      ok0 = (line % 2 == 0);
      build(r0, c0, e0, s0, ok0);
      rounds <= r0; cycles <= c0; errors <= e0; sum <= s0; pass <= ok0;
      start <= 1'b1;
      @(posedge clk);  // taken here (idle)
      // new values and start held high while the line goes out: neither may show
      rounds <= ~r0; cycles <= ~c0; errors <= ~e0; sum <= ~s0; pass <= !ok0;
      got = 0;
      wait_c = 0;
      while (got < LEN && wait_c < 20 * LEN) begin
        rng = rng ^ (rng << 13); rng = rng ^ (rng >> 17); rng = rng ^ (rng << 5);
        out_ready <= rng[0] | rng[1];
        #1;
        if (out_valid && out_ready) begin
          if (out_data !== want[got]) begin
            if (bad < 8)
              $display("FAIL uart_line_fmt: line %0d byte %0d: %02h, want %02h", line, got,
                       out_data, want[got]);
            bad = bad + 1;
          end
          got = got + 1;
        end
        if (idle && got < LEN) begin
          $display("FAIL uart_line_fmt: line %0d idle after %0d of %0d bytes", line, got, LEN);
          bad = bad + 1;
          got = LEN;
        end
        @(posedge clk);
        wait_c = wait_c + 1;
      end
      out_ready <= 1'b0;
      start <= 1'b0;
      #1;
      if (got != LEN || !idle || out_valid) begin
        $display("FAIL uart_line_fmt: line %0d: %0d of %0d bytes, idle %0d after the last",
                 line, got, LEN, idle);
        bad = bad + 1;
      end
      @(posedge clk);
      // start low: no new line
      if (out_valid) begin
        $display("FAIL uart_line_fmt: line %0d: a byte offered without a start", line);
        bad = bad + 1;
      end
    end
    if (bad == 0) begin
      $display("PASS uart_line_fmt SUM_FIELD=%0d: %0d lines of %0d bytes", SUM_FIELD, LINES,
               LEN);
      $finish;
    end else begin
      $display("FAIL uart_line_fmt SUM_FIELD=%0d: %0d wrong", SUM_FIELD, bad);
      $fatal(1);
    end
  end
endmodule

`default_nettype wire
