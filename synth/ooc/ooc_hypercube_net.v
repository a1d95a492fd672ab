// ooc_hypercube_net: out-of-context synthesis wrapper of hypercube_net (synth/flow.py design
// hypercube_net, the sweep): it lets place-and-route time the packet-switched d-cube on a
// real device with three pins.  Every input of the net (reset, start, the schedule and packet
// load interface) comes from one long shift register fed by `si` (flip-flops only, no LUTs),
// and every output (the node registers, checker bits and flags, busy / done / step, error,
// all_ok) is folded three bits at a time into a shift register that leaves on `so` (one LUT
// per three output bits).  So every path of the net is register to register, nothing can be
// optimised away, and the LUTs the wrapper adds are about 2^D (2D + W + 4) / 3.  The flow
// reports the net's own LUT count from a separate out-of-context synthesis of
// hypercube_net; this wrapper only gives Fmax and placement.
//
// Parameters
//   D, STEPS, W  passed to hypercube_net (legality checked there)
// Ports
//   clk  clock
//   si   serial input of the input shift register
//   so   serial output of the output folding register
`default_nettype none

module ooc_hypercube_net #(
    parameter integer D = 4,
    parameter integer STEPS = (D >= 3) ? 2 * D - 3 : D,
    parameter integer W = 8
) (
    input  wire clk,
    input  wire si,
    output wire so
);
  localparam integer NN = 1 << D;
  localparam integer SW = $clog2(D + 1);
  localparam integer TW = ($clog2(STEPS) < 1) ? 1 : $clog2(STEPS);
  // input register: rst, start, sched_we, load_we | sched_step | sched_code | load_dst | load_data
  localparam integer STEP_LO = 4;
  localparam integer CODE_LO = STEP_LO + TW;
  localparam integer DST_LO = CODE_LO + NN * SW;
  localparam integer DATA_LO = DST_LO + NN * D;
  localparam integer IN_W = DATA_LO + NN * W;
  localparam integer OUT_W = 4 + TW + NN * (4 + 2 * D + W);

  wire [IN_W-1:0] in_sr;  // the input shift register (ooc_io)

  wire busy, done, error, all_ok;
  wire [TW-1:0] step;
  wire [NN-1:0] node_valid, ok, err_collide, err_empty;
  wire [NN*D-1:0] node_src, node_dst;
  wire [NN*W-1:0] node_data;

  hypercube_net #(
      .D(D),
      .STEPS(STEPS),
      .W(W)
  ) u_net (
      .clk(clk),
      .rst(in_sr[0]),
      .start(in_sr[1]),
      .busy(busy),
      .done(done),
      .step(step),
      .sched_we(in_sr[2]),
      .sched_step(in_sr[CODE_LO-1:STEP_LO]),
      .sched_code(in_sr[DST_LO-1:CODE_LO]),
      .load_we(in_sr[3]),
      .load_dst(in_sr[DATA_LO-1:DST_LO]),
      .load_data(in_sr[IN_W-1:DATA_LO]),
      .node_valid(node_valid),
      .node_src(node_src),
      .node_dst(node_dst),
      .node_data(node_data),
      .ok(ok),
      .err_collide(err_collide),
      .err_empty(err_empty),
      .error(error),
      .all_ok(all_ok)
  );

  ooc_io #(.IN_W(IN_W), .OUT_W(OUT_W)) u_io (
      .clk(clk), .si(si), .so(so), .ins(in_sr),
      .outs({err_empty, err_collide, ok, node_data, node_dst, node_src, node_valid, step, all_ok,
             error, done, busy})
  );
endmodule

`default_nettype wire
