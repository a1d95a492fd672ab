// lcan_engine_fv: formal harness of lcan_engine (rtl/lcan/lcan_engine.v) on CB-LCAN(16, 2, 2)
// and CB-LCAN(16, 4, 4) (PIPE = 0, W = 1): the retry loop of paper 003, section 3 ("If conflicts arise, decisions
// are made to drop some messages and successfully route the remaining ones.  The process
// is repeated for the previously unsuccessful pairs until all pairs are routed.  Routing
// each successful subset is said to require one network cycle.").
//
// Free inputs: start, seed, perm_dst (any destinations, duplicates too), perm_data.
// Proof task: no reset, and every register of the engine and of its switches (busy, done,
// the pending set, the destinations held, the counters, every random source) is
// uninitialised in step 0, i.e. any value; bmc depth 2 checks the transition from every
// such state.  The properties relate one network cycle to the next (or are combinational),
// so checking them from every state is a complete proof (the reachable states are among
// them).
// Properties:
//   (E1) losers are retried: across every edge while busy, a pending source that was not
//        acknowledged stays pending (and presents its request again: valid = busy and
//        pending), and no source becomes pending again (a routed one never presents again);
//   (E2) only pending sources are routed (ack within pending; nothing while idle);
//   (E3) a network cycle with a pending source routes at least one, so a run ends only when
//        every pair is routed (the stall error of the engine never counts).
// (That a routed request arrived at its own destination is lcan_net's property N1, proved
// for any requests with the engine's source numbers and LCA levels: tb/formal/lcan_net.)
// Cover (from reset): a whole permutation (16 distinct destinations) routed, all_ok, in at
// least two network cycles (so at least one loser was retried).
`default_nettype none

module lcan_engine_fv #(
  parameter integer D = 4,
  parameter integer U = 4,
  parameter integer FROM_RESET = 0
) (
  input wire clk,
  input wire start,
  input wire [15:0] seed,
  input wire [16*4-1:0] perm_dst,
  input wire [15:0] perm_data
);
  localparam integer N = 16;
  localparam integer NB = 4;
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  wire rst = (FROM_RESET != 0) ? init : 1'b0;

  wire busy, done, all_ok;
  wire [15:0] cycles, errors;
  wire [NB:0] delivered;
  wire [N-1:0] pending, arr_valid, ack;
  wire [N*NB-1:0] arr_src;
  wire [N-1:0] arr_data;
  // every switch's setting: (N/d) L switches (d = u) of d + u outputs, clog2(d + u + 1) bits
  wire [((D == 2) ? 32 * 4 * 3 : 8 * 8 * 4)-1:0] settings;

  lcan_engine #(.N(16), .D(D), .U(U), .W(1), .PIPE(0)) dut (
    .clk(clk), .rst(rst), .start(start), .seed(seed), .perm_dst(perm_dst),
    .perm_data(perm_data), .busy(busy), .done(done), .cycles(cycles), .delivered(delivered),
    .errors(errors), .all_ok(all_ok), .pending(pending), .arr_valid(arr_valid),
    .arr_src(arr_src), .arr_data(arr_data), .ack(ack), .settings(settings)
  );

  // the previous cycle, registered here (an immediate assertion in a clocked block would
  // be checked one step later, beyond the depth)
  reg prev_ok = 1'b0;
  reg prev_busy;
  reg [N-1:0] prev_pending, prev_ack;
  always @(posedge clk) begin
    prev_ok      <= !rst;
    prev_busy    <= busy;
    prev_pending <= pending;
    prev_ack     <= ack;
  end
  always @* begin
    // (E1) the retry: across an edge while busy, a pending source that was not acknowledged
    // stays pending (it is never dropped) and no source becomes pending again (with PIPE = 0
    // every such edge ends a network cycle and pending becomes exactly prev & ~ack; stated
    // as two inclusions so that it holds from every state, also those of the phase counter
    // that PIPE = 0 never reaches)
    if (prev_ok && !rst && prev_busy) begin
      assert (((prev_pending & ~prev_ack) & ~pending) == {N{1'b0}});
      assert ((pending & ~prev_pending) == {N{1'b0}});
    end
  end
  always @* begin
    if (!rst) begin
      assert ((ack & ~(pending & {N{busy}})) == {N{1'b0}});           // (E2)
      if (busy && pending != {N{1'b0}}) assert (ack != {N{1'b0}});     // (E3)
    end
  end

  // ---- cover: a permutation routed with a retry, from reset
  reg perm;
  integer c1, c2;
  always @* begin
    perm = 1'b1;
    for (c1 = 0; c1 < N; c1 = c1 + 1)
      for (c2 = c1 + 1; c2 < N; c2 = c2 + 1)
        if (perm_dst[c1*NB +: NB] == perm_dst[c2*NB +: NB]) perm = 1'b0;
  end
  reg perm_started = 1'b0;
  always @(posedge clk) if (start && !busy) perm_started <= perm;
  always @* if (!rst) cover (perm_started && done && all_ok && cycles >= 2);
endmodule

`default_nettype wire
