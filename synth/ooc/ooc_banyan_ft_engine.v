// ooc_banyan_ft_engine: out-of-context synthesis wrapper of the fault-tolerant banyan exchange
// engine banyan_ft_engine (synth/flow.py design banyan_ft_engine, the sweep): place-and-route
// times the engine through three pins.  `start`, the schedule-memory write port (enable,
// address, entry), plan_len, the fault ports and every source-buffer read word come from one
// shift register fed by `si` (they change every cycle), and every output (status counters,
// read enables and addresses, write enables, addresses and data) is registered and folded
// three bits at a time into a shift register that leaves on `so`.  So every engine path is
// register to register and nothing can be optimised away (the fault ports are live, unlike
// ooc_banyan_a2a_xchg's).  The flow reports the engine's own LUT count from a separate
// out-of-context synthesis of banyan_ft_engine; this wrapper gives Fmax and placement.
//
// Parameters
//   N, DW, B, PIPELINE, PLAN_DEPTH, RELAY_DEPTH   passed to banyan_ft_engine (legality
//   checked there)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none

module ooc_banyan_ft_engine #(
    parameter integer N = 16,
    parameter integer DW = 8,
    parameter integer B = 1,
    parameter integer PIPELINE = 1,
    parameter integer PLAN_DEPTH = a2a_ft_plan_depth(N),  // the engine's defaults
    parameter integer RELAY_DEPTH = a2a_ft_relay_depth(N)  // (a2a_functions.vh, below)
) (
    input  wire clk,
    input  wire si,
    output wire so
);
`include "mf_functions.vh"
`include "a2a_functions.vh"
  // the engine's port widths (functions of its headers)
  localparam integer EW = a2a_ft_ew(N, RELAY_DEPTH);
  localparam integer PAW = a2a_ft_paw(PLAN_DEPTH);
  localparam integer PLW = a2a_ft_plw(PLAN_DEPTH);
  localparam integer AW = a2a_aw(N, B);
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);
  // input shift register fields, from bit 0 up
  localparam integer I_START = 0;
  localparam integer I_WEN = 1;
  localparam integer I_WADDR = 2;
  localparam integer I_WDATA = I_WADDR + PAW;
  localparam integer I_LEN = I_WDATA + EW;
  localparam integer I_FEN = I_LEN + PLW;
  localparam integer I_FSTAGE = I_FEN + 1;
  localparam integer I_FELEM = I_FSTAGE + FSW;
  localparam integer I_FKIND = I_FELEM + FEW;
  localparam integer I_DATA = I_FKIND + 2;
  localparam integer IN_W = I_DATA + N * DW;
  localparam integer OUT_W = 7 * 32 + 2 + 2 * N + 2 * N * AW + N * DW;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire        busy, done;
  wire [31:0] cycles, delivered, err_dst, err_dup, missing, relay_miss, relay_ovf;
  wire [N-1:0] rd_en, wr_en;
  wire [N*AW-1:0] rd_addr, wr_addr;
  wire [N*DW-1:0] wr_data;

  banyan_ft_engine #(
      .N(N),
      .DW(DW),
      .B(B),
      .PIPELINE(PIPELINE),
      .PLAN_DEPTH(PLAN_DEPTH),
      .RELAY_DEPTH(RELAY_DEPTH)
  ) u_ft (
      .clk(clk),
      .rst(1'b0),
      .plan_wr_en(in_sr[I_WEN]),
      .plan_wr_addr(in_sr[I_WADDR+:PAW]),
      .plan_wr_data(in_sr[I_WDATA+:EW]),
      .plan_len(in_sr[I_LEN+:PLW]),
      .start(in_sr[I_START]),
      .busy(busy),
      .done(done),
      .cycles(cycles),
      .delivered(delivered),
      .err_dst(err_dst),
      .err_dup(err_dup),
      .missing(missing),
      .relay_miss(relay_miss),
      .relay_ovf(relay_ovf),
      .fault_en(in_sr[I_FEN]),
      .fault_stage(in_sr[I_FSTAGE+:FSW]),
      .fault_elem(in_sr[I_FELEM+:FEW]),
      .fault_kind(in_sr[I_FKIND+:2]),
      .src_rd_en(rd_en),
      .src_rd_addr(rd_addr),
      .src_rd_data(in_sr[I_DATA+:N*DW]),
      .snk_wr_en(wr_en),
      .snk_wr_addr(wr_addr),
      .snk_wr_data(wr_data)
  );

  reg [OUT_W-1:0] out_q = {OUT_W{1'b0}};
  always @(posedge clk)
    out_q <= {wr_data, wr_addr, wr_en, rd_addr, rd_en, busy, done, cycles, delivered, err_dst,
              err_dup, missing, relay_miss, relay_ovf};
  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({out_q})
  );
endmodule

`default_nettype wire
