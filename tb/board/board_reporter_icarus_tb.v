// board_reporter_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the board tops'
// reporter (rtl/board/board_reporter.v) in front of a stand-in engine that finishes an
// exchange XCYC cycles after each start (eng_cycles = XCYC; eng_errors = 3 in exchange ERR_AT,
// 0 elsewhere; ERR_AT = 0: never).  Checked every cycle, through the ports only:
//   - the report lines, seen on uart_tx as a start bit after more than 12 bit times of idle,
//     start exactly LINE_PERIOD cycles apart (the board lockstep harnesses allow one cycle of
//     slack in the line period and cannot see it), the first within 4 + one bit time of the
//     first counted exchange;
//   - eng_start is a one-cycle pulse, never while the engine is busy, and every finished
//     exchange is restarted within 4 cycles;
//   - rounds counts the finished exchanges (at most one behind, never ahead);
//   - pass = rounds != 0 and no error so far, fail = an error was counted, both never x.
// Prints PASS / FAIL; $fatal on failure.
//
// Parameters
//   LINE_PERIOD  as board_reporter (longer than a line: TAG_LEN + 40 characters of 10 bits)
//   XCYC         the stand-in engine's cycles per exchange (>= 1)
//   ERR_AT       the exchange (1, 2, ...) that reports errors; 0: none
//   LINES        report lines to observe
`timescale 1ns / 1ps
`default_nettype none

module board_reporter_icarus_tb;
  parameter integer LINE_PERIOD = 2000;
  parameter integer XCYC = 37;
  parameter integer ERR_AT = 0;
  parameter integer LINES = 5;

  localparam integer DIV = 2;  // clock cycles per UART bit
  localparam integer BAUD = 1000000;
  localparam integer CLK_HZ = DIV * BAUD;
  localparam integer IDLE = 12 * DIV;  // more idle than between two bytes of one line
  localparam integer MAX_CYCLES = (LINES + 2) * LINE_PERIOD + 1000;

  reg clk = 1'b0;
  reg rst = 1'b1;
  wire eng_start;
  reg eng_done = 1'b0;
  reg [31:0] eng_errors = 32'd0;
  wire [31:0] rounds;
  wire pass, fail, uart_tx;

  board_reporter #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD),
      .LINE_PERIOD(LINE_PERIOD),
      .TAG_LEN(4),
      .TAG("TEST"),
      .SUM_FIELD(0)
  ) u_dut (
      .clk(clk),
      .rst(rst),
      .eng_start(eng_start),
      .eng_done(eng_done),
      .eng_cycles(XCYC),
      .eng_errors(eng_errors),
      .eng_sum(32'd0),
      .rounds(rounds),
      .pass(pass),
      .fail(fail),
      .uart_tx(uart_tx)
  );

  // ---- the stand-in engine: busy for XCYC cycles after each start ----
  integer left = 0;
  integer finished = 0;  // exchanges completed
  integer since_done = 0;  // cycles since the last completion (while not restarted)
  always @(posedge clk) begin
    if (rst) begin
      eng_done <= 1'b0;
      left <= 0;
    end else if (eng_start) begin
      eng_done <= 1'b0;
      left <= XCYC;
    end else if (left == 1) begin
      eng_done <= 1'b1;
      eng_errors <= (finished + 1 == ERR_AT) ? 32'd3 : 32'd0;
      finished <= finished + 1;
      left <= 0;
    end else if (left > 1) begin
      left <= left - 1;
    end
  end

  integer bad = 0;
  task automatic fail_at(input integer cyc, input [8*72-1:0] what);
    begin
      bad = bad + 1;
      if (bad <= 8) $display("FAIL cycle %0d: %0s", cyc, what);
    end
  endtask

  integer cyc = 0;
  integer high_run = IDLE + 1;  // cycles uart_tx has been high (idle line before reset)
  integer lines = 0;
  integer last_line = -1;
  integer first_round = -1;  // cycle at which rounds became nonzero
  integer errors_seen = 0;  // finished exchanges that reported errors, as rounds counts them
  reg prev_start = 1'b0;

  initial begin
    repeat (3) begin
      #5 clk = 1'b1;
      #5 clk = 1'b0;
    end
    rst = 1'b0;
    while (lines < LINES && cyc < MAX_CYCLES) begin
      #5;  // sample just before the rising edge
      // report lines: a start bit after a long idle
      if (uart_tx === 1'b0 && high_run > IDLE) begin
        if (lines == 0) begin
          if (first_round < 0 || cyc - first_round > 4 + DIV)
            fail_at(cyc, "first line not right after the first exchange");
        end else if (cyc - last_line != LINE_PERIOD) begin
          fail_at(cyc, "report line not LINE_PERIOD cycles after the one before");
          $display("      lines %0d cycles apart, LINE_PERIOD %0d", cyc - last_line, LINE_PERIOD);
        end
        lines = lines + 1;
        last_line = cyc;
      end
      if (uart_tx === 1'b1) high_run = high_run + 1;
      else if (uart_tx === 1'b0) high_run = 0;
      else fail_at(cyc, "uart_tx is x");
      // the engine handshake
      if (eng_start === 1'b1 && prev_start) fail_at(cyc, "eng_start longer than one cycle");
      if (eng_start === 1'b1 && left != 0) fail_at(cyc, "eng_start while the engine is busy");
      if (eng_start !== 1'b0 && eng_start !== 1'b1) fail_at(cyc, "eng_start is x");
      if (eng_done && !eng_start && finished > 0) begin
        since_done = since_done + 1;
        if (since_done > 4) fail_at(cyc, "a finished exchange was not restarted");
      end else begin
        since_done = 0;
      end
      // the totals
      if (^rounds === 1'bx) fail_at(cyc, "rounds is x");
      else if (rounds > finished || rounds + 1 < finished)
        fail_at(cyc, "rounds does not count the finished exchanges");
      if (first_round < 0 && rounds != 0) first_round = cyc;
      errors_seen = (ERR_AT != 0 && rounds >= ERR_AT) ? 1 : 0;
      if (pass !== (rounds != 0 && errors_seen == 0)) fail_at(cyc, "pass wrong");
      if (fail !== (errors_seen != 0)) fail_at(cyc, "fail wrong");
      prev_start = eng_start;
      clk = 1'b1;
      #5 clk = 1'b0;
      cyc = cyc + 1;
    end
    if (lines < LINES) fail_at(cyc, "fewer report lines than expected");
    if (bad == 0)
      $display("PASS board_reporter LINE_PERIOD=%0d XCYC=%0d ERR_AT=%0d: %0d lines, %0d exchanges",
               LINE_PERIOD, XCYC, ERR_AT, lines, finished);
    else $fatal(1, "FAIL board_reporter: %0d failed checks", bad);
    $finish;
  end
endmodule
