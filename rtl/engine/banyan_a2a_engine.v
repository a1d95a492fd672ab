// banyan_a2a_engine: the self-testing all-to-all personalized exchange on an N x N banyan
// network (Latin square of paper 000, N rounds; faults injected through the fault ports make
// the words whose path crosses the element go missing or misrouted): the data engine
// banyan_a2a_xchg between a generator memory (a2a_gen: source buffers whose words
// are a function of the address, word b for destination j of processor i = the low DW bits
// of mf_payload32(i, b*N + j)) and a checker on the sink write ports (a2a_check).  The
// fabric word is W = DW + 2*IW + HBW bits: with B = 1, {payload(i, j), j, i} as the
// messages of the earlier self-test engine.  `cycles` = B*ROUNDS + LAT when done,
// LAT = a2a_latency(FLAT, SRC_LAT = 1, PL) = FLAT + 4 + PL (banyan_a2a_xchg's pipeline; the
// generator memory is read in one cycle, SRC_LAT = 1), ROUNDS = N.
//
// Parameters
//   N               ports, a power of two >= 4
//   W               fabric word width, >= 2*ceil(log2 N) + ceil(log2 B) + 4 (DW = the rest,
//                   at least 4 payload bits)
//   B               words per (source, destination) pair, >= 1 (default 1)
//   PIPELINE, USE_TAGS   as banyan_a2a_xchg
// Derived: NS = n = ceil(log2 N); DW = W - a2a_fw(0, N, B) = W - 2*n - ceil(log2 B);
//   FSW = banyan_fsw(N), FEW = banyan_few(N) (banyan_fabric's fault ports)
// Ports
//   clk, rst            clock, synchronous active-high reset
//   start               begin an exchange (ignored while busy)
//   busy, done          running / finished (done stays until the next start)
//   cycles [31:0]       cycles of the exchange, = B*ROUNDS + LAT when done
//   delivered [31:0]    words written into the sink buffers (N*N*B in a correct run)
//   errors [31:0]       err_dst + err_payload + err_dup + missing
//   err_dst [31:0]      words that reached a sink they are not addressed to
//   err_payload [31:0]  words written with a data word other than the generator's
//   err_dup [31:0]      duplicate words
//   missing [31:0]      when done: N*N*B - delivered
//   conflicts [31:0]    USE_TAGS = 1: switch conflicts reported by the fabric; else 0
//   fault_en, fault_stage [FSW-1:0], fault_elem [FEW-1:0], fault_kind [1:0]   passed to
//                       banyan_fabric (0 dead, 1 stuck straight, 2 stuck cross, 3 dead);
//                       hold them constant during an exchange
`default_nettype none
`include "mf_param_check.vh"

module banyan_a2a_engine (
  clk, rst, start, busy, done, cycles, delivered, errors, err_dst, err_payload, err_dup,
  missing, conflicts, fault_en, fault_stage, fault_elem, fault_kind
);
  parameter integer N = 16;
  parameter integer W = 16;
  parameter integer B = 1;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;

`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer DW = W - a2a_fw(0, N, B);  // the fabric word less its header
  localparam integer DWX = (DW < 1) ? 1 : DW;
  localparam integer AW = a2a_aw(N, B);
  localparam integer PL = a2a_xchg_levels(N, USE_TAGS);  // the data engine's
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  input  wire                clk;
  input  wire                rst;
  input  wire                start;
  output wire                busy;
  output wire                done;
  output wire [31:0]         cycles;
  output wire [31:0]         delivered;
  output wire [31:0]         errors;
  output wire [31:0]         err_dst;
  output wire [31:0]         err_payload;
  output wire [31:0]         err_dup;
  output wire [31:0]         missing;
  output wire [31:0]         conflicts;
  input  wire                fault_en;
  input  wire [FSW-1:0]      fault_stage;
  input  wire [FEW-1:0]      fault_elem;
  input  wire [1:0]          fault_kind;

  generate
    `MF_PARAM_ERROR_IF(W < a2a_fw(4, N, B), g_bad_w, ERROR_banyan_a2a_engine_W_too_small,
                       ("banyan_a2a_engine: W=%0d too small: needs %0d (header and 4 payload bits)",
                        W, a2a_fw(4, N, B)))
  endgenerate

  wire [N-1:0]     src_rd_en, snk_wr_en;
  wire [N*AW-1:0]  src_rd_addr, snk_wr_addr;
  wire [N*DWX-1:0] src_rd_data, snk_wr_data;

  a2a_gen #(.N(N), .DW(DWX), .B(B)) u_gen (
    .clk(clk), .rd_en(src_rd_en), .rd_addr(src_rd_addr), .rd_data(src_rd_data)
  );

  banyan_a2a_xchg #(.N(N), .DW(DWX), .B(B), .PIPELINE(PIPELINE), .USE_TAGS(USE_TAGS))
      u_xchg (
    .clk(clk), .rst(rst), .start(start), .busy(busy), .done(done), .cycles(cycles),
    .delivered(delivered), .err_dst(err_dst), .err_dup(err_dup), .missing(missing),
    .conflicts(conflicts), .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr),
    .src_rd_data(src_rd_data), .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr),
    .snk_wr_data(snk_wr_data), .fault_en(fault_en), .fault_stage(fault_stage),
    .fault_elem(fault_elem), .fault_kind(fault_kind)
  );

  a2a_check #(.N(N), .DW(DWX), .B(B), .L(PL)) u_check (
    .clk(clk), .rst(rst), .clear(start && !busy), .wr_en(snk_wr_en), .wr_addr(snk_wr_addr),
    .wr_data(snk_wr_data), .err_payload(err_payload)
  );

  assign errors = err_dst + err_payload + err_dup + missing;
endmodule

`default_nettype wire
