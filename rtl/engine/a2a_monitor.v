// a2a_monitor: the counters of an all-to-all data engine, fed by the sinks' registered
// events (a2a_sink, stage E): every cycle each counter adds the population count of its
// event vector.
//
// Parameters
//   N  processors;  B  words per pair;  NCF  conflict bits of the fabric
// Ports
//   clk, rst                 clock, synchronous active-high reset
//   clear                    start of an exchange: clears the counters at this edge
//   fin                      the exchange is over (engine done): enables `missing`
//   ev_good, ev_bad, ev_dup [N-1:0], ev_conf [NCF-1:0]   a2a_sink's events
//   delivered [31:0]         words written into the sink buffers since clear
//   err_dst [31:0]           words that arrived where they must not be written (bad)
//   err_dup [31:0]           words of a (source, block word) already written
//   conflicts [31:0]         fabric conflicts (tag self-routing)
//   missing [31:0]           when fin: N*N*B - delivered; else 0
`default_nettype none

module a2a_monitor (
  clk, rst, clear, fin, ev_good, ev_bad, ev_dup, ev_conf,
  delivered, err_dst, err_dup, conflicts, missing
);
  parameter integer N = 10;
  parameter integer B = 1;
  parameter integer NCF = 1;

  localparam [31:0] NNB = N * N * B;

  input  wire           clk;
  input  wire           rst;
  input  wire           clear;
  input  wire           fin;
  input  wire [N-1:0]   ev_good;
  input  wire [N-1:0]   ev_bad;
  input  wire [N-1:0]   ev_dup;
  input  wire [NCF-1:0] ev_conf;
  output reg  [31:0]    delivered;
  output reg  [31:0]    err_dst;
  output reg  [31:0]    err_dup;
  output reg  [31:0]    conflicts;
  output wire [31:0]    missing;

  reg [31:0] n_good, n_bad, n_dup, n_conf;
  integer k;
  always @* begin
    n_good = 32'd0;
    n_bad  = 32'd0;
    n_dup  = 32'd0;
    n_conf = 32'd0;
    for (k = 0; k < N; k = k + 1) begin
      n_good = n_good + {31'd0, ev_good[k]};
      n_bad  = n_bad + {31'd0, ev_bad[k]};
      n_dup  = n_dup + {31'd0, ev_dup[k]};
    end
    for (k = 0; k < NCF; k = k + 1) n_conf = n_conf + {31'd0, ev_conf[k]};
  end

  always @(posedge clk) begin
    if (rst || clear) begin
      delivered <= 32'd0;
      err_dst   <= 32'd0;
      err_dup   <= 32'd0;
      conflicts <= 32'd0;
    end else begin
      delivered <= delivered + n_good;
      err_dst   <= err_dst + n_bad;
      err_dup   <= err_dup + n_dup;
      conflicts <= conflicts + n_conf;
    end
  end

  assign missing = fin ? NNB - delivered : 32'd0;
endmodule

`default_nettype wire
