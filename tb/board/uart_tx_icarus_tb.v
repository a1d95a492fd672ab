// uart_tx_icarus_tb: Icarus smoke bench (scripts/icarus_smoke.sh) of the board tops' 8N1
// transmitter (rtl/board/uart_tx.v).  Sends BYTES bytes (0x00, 0xFF, 0x01, 0x80, 0xA5, 0x5A,
// then pseudo-random ones), some back to back (valid held), some after an idle gap, and
// checks the line every clock cycle against the frame the header gives: from the cycle after
// the byte is taken, DIV cycles of start bit (0), DIV cycles per data bit LSB first, DIV
// cycles of stop bit (1); ready low for those 10 DIV cycles and high after them; the line
// high whenever idle (during and after reset, and in the gaps).  Prints PASS / FAIL; $fatal on failure.
//
// Parameters
//   CLK_HZ, BAUD   as uart_tx (DIV = round(CLK_HZ / BAUD) clock cycles per bit)
//   BYTES          bytes to send (>= 6)
`timescale 1ns / 1ps
`default_nettype none

module uart_tx_icarus_tb;
  parameter integer CLK_HZ = 700;
  parameter integer BAUD = 100;
  parameter integer BYTES = 12;

  localparam integer DIV = (CLK_HZ + BAUD / 2) / BAUD;

  reg clk = 1'b0;
  reg rst = 1'b1;
  reg valid = 1'b0;
  reg [7:0] data = 8'd0;
  wire ready, tx;

  uart_tx #(.CLK_HZ(CLK_HZ), .BAUD(BAUD)) u_dut (
      .clk(clk),
      .rst(rst),
      .valid(valid),
      .data(data),
      .ready(ready),
      .tx(tx)
  );

  always #5 clk = ~clk;

  integer bad = 0;
  integer n, k, gap;
  reg [9:0] frame;
  reg [31:0] rng = 32'hC0FF_EE01;
  reg want_tx;

  task check;
    input w_tx, w_ready;
    input integer byte_no, cyc;
    begin
      if (tx !== w_tx || ready !== w_ready) begin
        if (bad < 8)
          $display("FAIL uart_tx: byte %0d cycle %0d: tx %b ready %b, want %b %b", byte_no, cyc,
                   tx, ready, w_tx, w_ready);
        bad = bad + 1;
      end
    end
  endtask

  initial begin
    repeat (3) @(posedge clk);
    #1 check(1'b1, 1'b1, -1, -1);  // in reset: line high, ready
    @(posedge clk);
    rst <= 1'b0;
    @(posedge clk);
    #1 check(1'b1, 1'b1, -1, 0);
    for (n = 0; n < BYTES; n = n + 1) begin
      rng = rng ^ (rng << 13); rng = rng ^ (rng >> 17); rng = rng ^ (rng << 5);
      case (n)
        0: data = 8'h00;
        1: data = 8'hFF;
        2: data = 8'h01;
        3: data = 8'h80;
        4: data = 8'hA5;
        5: data = 8'h5A;
        default: data = rng[15:8];
      endcase
      // every third byte after an idle gap of a few cycles (the line stays high)
      if (n % 3 == 2) begin
        valid = 1'b0;
        for (gap = 0; gap < 1 + rng[2:0]; gap = gap + 1) begin
          @(posedge clk);
          #1 check(1'b1, 1'b1, n, -1);
        end
      end
      valid = 1'b1;
      frame = {1'b1, data, 1'b0};
      @(posedge clk);  // taken (ready was high)
      #1;
      valid = (n % 3 != 1);  // sometimes held with the next byte already offered
      for (k = 0; k < 10 * DIV; k = k + 1) begin
        want_tx = frame[k / DIV];
        check(want_tx, 1'b0, n, k);
        @(posedge clk);
        #1;
      end
      check(1'b1, 1'b1, n, 10 * DIV);
    end
    valid = 1'b0;
    if (bad == 0) begin
      $display("PASS uart_tx DIV=%0d: %0d frames", DIV, BYTES);
      $finish;
    end else begin
      $display("FAIL uart_tx DIV=%0d: %0d wrong", DIV, bad);
      $fatal(1);
    end
  end
endmodule

`default_nettype wire
