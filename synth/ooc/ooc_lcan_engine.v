// ooc_lcan_engine: out-of-context synthesis wrapper of lcan_engine (the circuit-switched
// CB-LCAN of paper 003, rtl/lcan): it lets place-and-route time the engine on a real device
// with three pins.  Every input (reset, start, seed, destinations, data words) comes from one
// long shift register fed by `si` (flip-flops only), and every output (busy, done, the
// counters, pending, this cycle's arrivals and acknowledgements, every switch's setting) is
// folded three bits at a time into a shift register that leaves on `so` (one LUT per three
// output bits).  So every path of the engine, including the combinational network cycle, is
// register to register and nothing can be optimised away; the LUTs the wrapper adds are
// about a third of the output bits.
//
// Parameters
//   N, D, U, W  passed to lcan_engine (legality checked there)
//   PIPE        passed to lcan_engine: 1 = the pipelined network cycle (4 L - 3 clock cycles)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none

module ooc_lcan_engine #(
    parameter integer N = 16,
    parameter integer D = 2,
    parameter integer U = 2,
    parameter integer W = 8,
    parameter integer PIPE = 0
) (
    input  wire clk,
    input  wire si,
    output wire so
);
`include "mf_functions.vh"
  // the engine's port widths (lcan_engine's, by the functions of lcan_functions.vh, included
  // below L, LD, LU as there)
  localparam integer NB = mf_clog2(N);
  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer L = lcan_levels(N, D, U, W);
  localparam integer P = D + U;
  localparam integer SC = lcan_sc(D, U);
`include "lcan_functions.vh"
  localparam integer TSW = goff(L);
  // input register: rst, start | seed | perm_dst | perm_data
  localparam integer SEED_LO = 2;
  localparam integer DST_LO = SEED_LO + 16;
  localparam integer DATA_LO = DST_LO + N * NB;
  localparam integer IN_W = DATA_LO + N * W;
  localparam integer OUT_W = 3 + 16 + (NB + 1) + 16 + 3 * N + N * NB + N * W + TSW * P * SC;

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire busy, done, all_ok;
  wire [15:0] cycles, errors;
  wire [NB:0] delivered;
  wire [N-1:0] pending, arr_valid, ack;
  wire [N*NB-1:0] arr_src;
  wire [N*W-1:0] arr_data;
  wire [TSW*P*SC-1:0] settings;

  lcan_engine #(
      .N(N),
      .D(D),
      .U(U),
      .W(W),
      .PIPE(PIPE)
  ) u_engine (
      .clk(clk),
      .rst(in_sr[0]),
      .start(in_sr[1]),
      .seed(in_sr[DST_LO-1:SEED_LO]),
      .perm_dst(in_sr[DATA_LO-1:DST_LO]),
      .perm_data(in_sr[IN_W-1:DATA_LO]),
      .busy(busy),
      .done(done),
      .cycles(cycles),
      .delivered(delivered),
      .errors(errors),
      .all_ok(all_ok),
      .pending(pending),
      .arr_valid(arr_valid),
      .arr_src(arr_src),
      .arr_data(arr_data),
      .ack(ack),
      .settings(settings)
  );

  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({settings, arr_data, arr_src, ack, arr_valid, pending, errors, delivered, cycles,
             all_ok, done, busy})
  );
endmodule

`default_nettype wire
