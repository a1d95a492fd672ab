// ooc_banyan_a2a_xchg: out-of-context synthesis wrapper of the banyan data engine banyan_a2a_xchg
// (synth/flow.py design banyan_a2a_xchg, the sweep): place-and-route times the engine through
// three pins.  `start` and every source-buffer read word come from one shift register fed by
// `si` (the words change every cycle, as a block RAM's output would), and every output
// (status counters, read enables and addresses, write enables, addresses and data) is
// registered and folded three bits at a time into a shift register that leaves on `so`.  So
// every engine path is register to register and nothing can be optimised away.  The flow
// reports the engine's own LUT count from a separate out-of-context synthesis of
// banyan_a2a_xchg; this wrapper gives Fmax and placement.
//
// Parameters
//   N, DW, B, PIPELINE, USE_TAGS   passed to banyan_a2a_xchg (legality checked there); the
//   fault ports are tied off (no fault)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none

module ooc_banyan_a2a_xchg #(
    parameter integer N = 16,
    parameter integer DW = 8,
    parameter integer B = 1,
    parameter integer PIPELINE = 1,
    parameter integer USE_TAGS = 0
) (
    input  wire clk,
    input  wire si,
    output wire so
);
`include "mf_functions.vh"
`include "a2a_functions.vh"
  // the engine's port widths (functions of its headers)
  localparam integer AW = a2a_aw(N, B);
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);
  localparam integer IN_W = 1 + N * DW;
  localparam integer OUT_W = 6 * 32 + 2 + 2 * N + 2 * N * AW + N * DW;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire        busy, done;
  wire [31:0] cycles, delivered, err_dst, err_dup, missing, conflicts;
  wire [N-1:0] rd_en, wr_en;
  wire [N*AW-1:0] rd_addr, wr_addr;
  wire [N*DW-1:0] wr_data;

  banyan_a2a_xchg #(
      .N(N),
      .DW(DW),
      .B(B),
      .PIPELINE(PIPELINE),
      .USE_TAGS(USE_TAGS)
  ) u_xchg (
      .clk(clk),
      .rst(1'b0),
      .start(in_sr[0]),
      .busy(busy),
      .done(done),
      .cycles(cycles),
      .delivered(delivered),
      .err_dst(err_dst),
      .err_dup(err_dup),
      .missing(missing),
      .conflicts(conflicts),
      .src_rd_en(rd_en),
      .src_rd_addr(rd_addr),
      .src_rd_data(in_sr[IN_W-1:1]),
      .snk_wr_en(wr_en),
      .snk_wr_addr(wr_addr),
      .snk_wr_data(wr_data),
      .fault_en(1'b0),
      .fault_stage({FSW{1'b0}}),
      .fault_elem({FEW{1'b0}}),
      .fault_kind(2'b00)
  );

  reg [OUT_W-1:0] out_q = {OUT_W{1'b0}};
  always @(posedge clk)
    out_q <= {wr_data, wr_addr, wr_en, rd_addr, rd_en, busy, done, cycles, delivered, err_dst,
              err_dup, missing, conflicts};
  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({out_q})
  );
endmodule

`default_nettype wire
