// a2a_monitor: the N sinks of an all-to-all engine and its counters.
//
// Parameters
//   N   processors;  W  message width (see a2a_source)
// Ports
//   clk, rst                 clock, synchronous active-high reset
//   clear                    start of an exchange: clears the sinks' seen vectors and all
//                            counters at this edge
//   fin                      the exchange is over (engine done): enables `missing`
//   in_valid [N-1:0], in_data [N*W-1:0]  fabric outputs (port j at bit j / [j*W +: W])
//   delivered [31:0]         valid messages that reached any output since clear
//   good [31:0]              messages accepted as correct and new
//   err_dst, err_pay, err_dup [31:0]  messages of each error class (a2a_sink)
//   missing [31:0]           when fin: N*N - good (pairs never delivered correctly); else 0
//   errors [31:0]            err_dst + err_pay + err_dup + missing
`default_nettype none

module a2a_monitor (
  clk, rst, clear, fin, in_valid, in_data,
  delivered, good, err_dst, err_pay, err_dup, missing, errors
);
  parameter integer N = 10;
  parameter integer W = 16;

  localparam [31:0] NN = N * N;

  input  wire           clk;
  input  wire           rst;
  input  wire           clear;
  input  wire           fin;
  input  wire [N-1:0]   in_valid;
  input  wire [N*W-1:0] in_data;
  output reg  [31:0]    delivered;
  output reg  [31:0]    good;
  output reg  [31:0]    err_dst;
  output reg  [31:0]    err_pay;
  output reg  [31:0]    err_dup;
  output wire [31:0]    missing;
  output wire [31:0]    errors;

  wire [N-1:0] e_good, e_dst, e_pay, e_dup;

  genvar j;
  generate
    for (j = 0; j < N; j = j + 1) begin : g_sink
      a2a_sink #(.N(N), .W(W), .DST(j)) u_sink (
        .clk(clk), .rst(rst), .clear(clear),
        .in_valid(in_valid[j]), .in_data(in_data[j*W +: W]),
        .ev_good(e_good[j]), .ev_bad_dst(e_dst[j]), .ev_bad_pay(e_pay[j]), .ev_dup(e_dup[j])
      );
    end
  endgenerate

  // Per-cycle event counts (popcounts of the N-bit event vectors).
  reg [31:0] n_valid, n_good, n_dst, n_pay, n_dup;
  integer k;
  always @* begin
    n_valid = 32'd0;
    n_good  = 32'd0;
    n_dst   = 32'd0;
    n_pay   = 32'd0;
    n_dup   = 32'd0;
    for (k = 0; k < N; k = k + 1) begin
      n_valid = n_valid + {31'd0, in_valid[k]};
      n_good  = n_good  + {31'd0, e_good[k]};
      n_dst   = n_dst   + {31'd0, e_dst[k]};
      n_pay   = n_pay   + {31'd0, e_pay[k]};
      n_dup   = n_dup   + {31'd0, e_dup[k]};
    end
  end

  always @(posedge clk) begin
    if (rst || clear) begin
      delivered <= 32'd0;
      good      <= 32'd0;
      err_dst   <= 32'd0;
      err_pay   <= 32'd0;
      err_dup   <= 32'd0;
    end else begin
      delivered <= delivered + n_valid;
      good      <= good + n_good;
      err_dst   <= err_dst + n_dst;
      err_pay   <= err_pay + n_pay;
      err_dup   <= err_dup + n_dup;
    end
  end

  assign missing = fin ? NN - good : 32'd0;
  assign errors  = err_dst + err_pay + err_dup + missing;

`ifndef SYNTHESIS
  // Invariant: every valid message falls into exactly one class.
  always @(posedge clk) begin
    if (!rst && n_valid != n_good + n_dst + n_pay + n_dup) begin
      $display("%m: ASSERTION FAILED: message classes do not add up");
      $stop;
    end
  end
`endif
endmodule

`default_nettype wire
