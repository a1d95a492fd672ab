// uart_tx: 8N1 UART transmitter (one start bit, 8 data bits LSB first, one stop bit).
//
// Parameters
//   CLK_HZ  clock frequency in Hz (> 0)
//   BAUD    bit rate in baud; the bit time is DIV = round(CLK_HZ / BAUD) clock cycles,
//           which must be at least 2 (an illegal pair stops elaboration)
// Ports
//   clk     clock
//   rst     synchronous reset, active high: line idles high, no byte in flight
//   valid   a byte is offered on data
//   data    byte to send
//   ready   high when the transmitter can take a byte; a byte is taken on a cycle with
//           valid && ready
//   tx      serial line (idle high)
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module uart_tx #(
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD   = `MF_UART_BAUD
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       valid,
    input  wire [7:0] data,
    output wire       ready,
    output wire       tx
);
  localparam integer DIV = (CLK_HZ + BAUD / 2) / BAUD;
  localparam integer DW = (DIV < 2) ? 1 : $clog2(DIV);

  generate
    `MF_PARAM_ERROR_IF(CLK_HZ <= 0 || BAUD <= 0 || DIV < 2, g_bad_baud,
                       ERROR_uart_tx_needs_at_least_2_clocks_per_bit,
                       ("uart_tx: CLK_HZ / BAUD must be at least 2 clock cycles per bit (CLK_HZ=%0d BAUD=%0d)",
                        CLK_HZ, BAUD))
  endgenerate

  // bits still to go after the one on the line: {stop, data[7:0]}, LSB next
  reg [8:0] shift;
  reg [3:0] bits_left;  // bits still to send, including the one on the line
  reg [DW-1:0] tick;  // cycles left in the current bit, minus one
  reg line;

  assign ready = (bits_left == 4'd0);
  assign tx = line;

  always @(posedge clk) begin
    if (rst) begin
      shift <= 9'h1ff;
      bits_left <= 4'd0;
      tick <= {DW{1'b0}};
      line <= 1'b1;
    end else if (bits_left == 4'd0) begin
      if (valid) begin
        shift <= {1'b1, data};
        bits_left <= 4'd10;
        tick <= DIV[DW-1:0] - 1'b1;
        line <= 1'b0;
      end
    end else if (tick != {DW{1'b0}}) begin
      tick <= tick - 1'b1;
    end else begin
      // end of the current bit: move to the next one
      shift <= {1'b1, shift[8:1]};
      bits_left <= bits_left - 4'd1;
      tick <= DIV[DW-1:0] - 1'b1;
      line <= shift[0];
    end
  end
endmodule

`default_nettype wire
