// ooc_gsen_a2a_xchg: out-of-context synthesis wrapper of the GSEN data engine gsen_a2a_xchg
// (synth/flow.py design gsen_a2a_xchg, the sweep): place-and-route times the engine through
// three pins.  `start` and every source-buffer read word come from one shift register fed by
// `si` (the words change every cycle, as a block RAM's output would), and every output
// (status counters, read enables and addresses, write enables, addresses and data) is
// registered and folded three bits at a time into a shift register that leaves on `so`.  So
// every engine path is register to register and nothing can be optimised away.  The flow
// reports the engine's own LUT count from a separate out-of-context synthesis of
// gsen_a2a_xchg; this wrapper gives Fmax and placement.  With the player schedule
// (SCHED = 2; PLAYER_LEN = N entries, the default PLAYER_CONTROL alt) the player memory's
// write port is fed from the same input shift register too, so the schedule stays a live
// memory (tied off, synthesis would fold the all-zero entries into constants).
//
// Parameters
//   N, DW, B, SCHED, PIPELINE, USE_TAGS   passed to gsen_a2a_xchg (legality checked there)
// Derived: PAW, PEW player write address / entry bits; PL_W = 1 + PAW + PEW for SCHED = 2,
//   else 0 (input shift register bits of the write port)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none
`include "mf_codes.vh"

module ooc_gsen_a2a_xchg #(
    parameter integer N = 16,
    parameter integer DW = 8,
    parameter integer B = 1,
    parameter integer SCHED = `MF_SCHED_STAGE,
    parameter integer PIPELINE = 1,
    parameter integer USE_TAGS = 0
) (
    input  wire clk,
    input  wire si,
    output wire so
);
`include "mf_params.vh"
`include "mf_functions.vh"
`include "a2a_functions.vh"
  localparam integer PLEN = N;  // the player's entries (SCHED = 2)
  // the engine's port widths (functions of its headers)
  localparam integer AW = a2a_aw(N, B);
  localparam integer PAW = mf_addr_w(PLEN);
  localparam integer PEW = a2a_player_ew(N);
  localparam integer PL_W = (SCHED == MF_SCHED_PLAYER) ? 1 + PAW + PEW : 0;
  localparam integer IN_W = 1 + N * DW + PL_W;
  localparam integer OUT_W = 6 * 32 + 2 + 2 * N + 2 * N * AW + N * DW;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire        busy, done;
  wire [31:0] cycles, delivered, err_dst, err_dup, missing, conflicts;
  wire [N-1:0] rd_en, wr_en;
  wire [N*AW-1:0] rd_addr, wr_addr;
  wire [N*DW-1:0] wr_data;
  wire pl_en;
  wire [PAW-1:0] pl_addr;
  wire [PEW-1:0] pl_data;
  generate
    if (SCHED == MF_SCHED_PLAYER) begin : g_player_wr
      assign {pl_en, pl_addr, pl_data} = in_sr[IN_W-1:1+N*DW];
    end else begin : g_no_player_wr
      assign pl_en = 1'b0;
      assign pl_addr = {PAW{1'b0}};
      assign pl_data = {PEW{1'b0}};
    end
  endgenerate

  gsen_a2a_xchg #(
      .N(N),
      .DW(DW),
      .B(B),
      .SCHED(SCHED),
      .PIPELINE(PIPELINE),
      .USE_TAGS(USE_TAGS),
      .PLAYER_LEN(PLEN)
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
      .src_rd_data(in_sr[N*DW:1]),
      .snk_wr_en(wr_en),
      .snk_wr_addr(wr_addr),
      .snk_wr_data(wr_data),
      .pl_wr_en(pl_en),
      .pl_wr_addr(pl_addr),
      .pl_wr_data(pl_data)
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
