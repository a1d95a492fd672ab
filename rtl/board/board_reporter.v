// board_reporter: runs an all-to-all engine over and over from the board clock, keeps the
// totals, drives the pass/error LEDs and sends a report line over the UART.
//
// Sequence: after reset it pulses `eng_start`; when the engine raises `eng_done` it starts
// the next exchange on the following cycle, and in that cycle counts the finished one
// (rounds), keeps its cycle count and adds its error count (saturating at 2^32-1).  The
// engine's results (eng_cycles, eng_errors, eng_sum) are registered before they are used:
// whatever sums the engine side forms (board_xpose adds five counters; its checksum is an XOR
// tree) ends in a register and does not run on into the totals and the line formatter.  The
// engine takes the next start one edge later still, so its results hold while they are
// registered and counted.  The first report line is
// sent as soon as the first exchange has finished, then one line every LINE_PERIOD cycles
// (uart_line_fmt format: "<TAG> R=rounds C=cycles E=errors PASS|FAIL\r\n", hex fields; with
// SUM_FIELD = 1 " S=sum" follows E, the engine's checksum kept from the last exchange).
//
// Parameters
//   CLK_HZ       board clock in Hz;  BAUD  UART bit rate (115200 on every board here)
//   LINE_PERIOD  cycles between report lines (>= 1; a line takes about
//                10 * (TAG_LEN + 40) * CLK_HZ / BAUD cycles, so smaller periods send lines
//                back to back)
//   TAG_LEN, TAG tag printed at the start of every line (see uart_line_fmt)
//   SUM_FIELD    1: report eng_sum of the last exchange as S (board_xpose)
// Ports
//   clk, rst     clock, synchronous active-high reset
//   eng_start    start pulse to the engine (one cycle)
//   eng_done     engine's done level (1 from the end of an exchange until the next start)
//   eng_cycles   engine's cycle count of the finished exchange
//   eng_errors   engine's error count of the finished exchange
//   eng_sum      engine's checksum of the finished exchange (SUM_FIELD = 1)
//   rounds       exchanges completed since reset
//   pass         at least one exchange finished and no error was ever seen
//   fail         an error was seen
//   uart_tx      serial output, 8N1
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module board_reporter #(
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = `MF_UART_BAUD,
    parameter integer LINE_PERIOD = 3000000,
    parameter integer TAG_LEN = 4,
    parameter [8*TAG_LEN-1:0] TAG = "TEST",
    parameter integer SUM_FIELD = 0
) (
    input  wire        clk,
    input  wire        rst,
    output reg         eng_start,
    input  wire        eng_done,
    input  wire [31:0] eng_cycles,
    input  wire [31:0] eng_errors,
    input  wire [31:0] eng_sum,
    output reg  [31:0] rounds,
    output wire        pass,
    output wire        fail,
    output wire        uart_tx
);
  localparam integer PW = (LINE_PERIOD < 2) ? 1 : $clog2(LINE_PERIOD + 1);

  generate
    `MF_PARAM_ERROR_IF(LINE_PERIOD < 1, g_bad_period,
                       ERROR_board_reporter_LINE_PERIOD_must_be_positive,
                       ("board_reporter: LINE_PERIOD must be >= 1 (LINE_PERIOD=%0d)", LINE_PERIOD))
  endgenerate

  // ---- engine sequencing ----
  reg        waiting;  // an exchange was started and has not finished yet
  reg [31:0] last_cycles;
  reg [31:0] last_sum;
  reg [31:0] err_total;
  reg [31:0] cyc_in, err_in, sum_in;  // the engine's results, registered
  reg        count;  // the exchange that finished in the cycle before is counted at this edge
  wire [32:0] err_sum = {1'b0, err_total} + {1'b0, err_in};

  always @(posedge clk) begin
    cyc_in <= eng_cycles;
    err_in <= eng_errors;
    sum_in <= (SUM_FIELD != 0) ? eng_sum : 32'd0;
  end

  always @(posedge clk) begin
    if (rst) begin
      eng_start <= 1'b0;
      waiting <= 1'b0;
      count <= 1'b0;
      rounds <= 32'd0;
      last_cycles <= 32'd0;
      last_sum <= 32'd0;
      err_total <= 32'd0;
    end else begin
      eng_start <= 1'b0;
      if (!waiting && !eng_start) begin
        eng_start <= 1'b1;
      end else if (eng_start) begin
        waiting <= 1'b1;  // the engine took the start at this edge: done is low from now on
      end else if (eng_done) begin
        waiting <= 1'b0;
      end
      count <= waiting && !eng_start && eng_done;
      if (count) begin
        rounds <= rounds + 32'd1;
        last_cycles <= cyc_in;
        last_sum <= sum_in;
        err_total <= err_sum[32] ? 32'hffff_ffff : err_sum[31:0];
      end
    end
  end

  assign pass = (rounds != 32'd0) && (err_total == 32'd0);
  assign fail = (err_total != 32'd0);

  // ---- report lines ----
  reg [PW-1:0] period_cnt;
  reg          first_sent;
  reg          line_req;
  wire         fmt_idle;
  wire         byte_valid;
  wire [7:0]   byte_data;
  wire         byte_ready;

  always @(posedge clk) begin
    if (rst) begin
      period_cnt <= {PW{1'b0}};
      first_sent <= 1'b0;
      line_req <= 1'b0;
    end else begin
      line_req <= 1'b0;
      if (!first_sent) begin
        if (rounds != 32'd0 && fmt_idle) begin
          line_req <= 1'b1;
          first_sent <= 1'b1;
        end
      end else if (period_cnt == LINE_PERIOD[PW-1:0] - 1'b1) begin
        period_cnt <= {PW{1'b0}};
        line_req <= 1'b1;
      end else begin
        period_cnt <= period_cnt + 1'b1;
      end
    end
  end

  uart_line_fmt #(
      .TAG_LEN(TAG_LEN),
      .TAG(TAG),
      .SUM_FIELD(SUM_FIELD)
  ) u_fmt (
      .clk(clk),
      .rst(rst),
      .start(line_req),
      .idle(fmt_idle),
      .rounds(rounds),
      .cycles(last_cycles),
      .errors(err_total),
      .sum(last_sum),
      .pass(pass),
      .out_valid(byte_valid),
      .out_data(byte_data),
      .out_ready(byte_ready)
  );

  uart_tx #(
      .CLK_HZ(CLK_HZ),
      .BAUD(BAUD)
  ) u_tx (
      .clk(clk),
      .rst(rst),
      .valid(byte_valid),
      .data(byte_data),
      .ready(byte_ready),
      .tx(uart_tx)
  );
endmodule

`default_nettype wire
