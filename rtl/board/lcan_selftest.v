// lcan_selftest: random-permutation generator and checker around the circuit-switched
// CB-LCAN engine (rtl/lcan/lcan_engine, paper 003 section 3).  It has the start / busy /
// done / cycles / errors interface of the all-to-all engines, so board_reporter runs it
// over and over like the GSEN, banyan and RN1 self-tests.
//
// One run (x = 1, 2, .. counted modulo 2^W in `run`):
//   GEN   a random permutation by Fisher-Yates with rejection, in place in `perm` (which
//         holds the previous run's permutation; the identity after reset): i = N-1 down to
//         1; each cycle draws j = lfsr[NB-1:0] and advances the generator (xorshift16:
//         x ^= x << 7; x ^= x >> 9; x ^= x << 8, the xorshift part of the switches'
//         generator); if j <= i,
//         perm[i] and perm[j] are swapped and i decreases, else the draw is rejected.  The
//         cycle that swaps at i = 1 ends GEN.
//   GO    one cycle: lcan_engine's start with perm_dst = perm, perm_data[p] = p xor x
//         (low W bits) and the engine's seed = the generator's state.
//   RUN   until the engine's done: every arrival's data word must be its source's
//         (arr_data[t] = arr_src[t] xor x); a cycle with any wrong word counts one error.
// At the edge that sees the engine done: cycles = the engine's network cycles, delivered =
// its pairs routed, errors = its errors + the pairs not routed (N - delivered) + the data
// errors; busy falls and done rises.  A correct run has errors = 0.
// Cycle twin: model/src/twin/board/lcan_selftest.cpp (class LcanSelftest).
//
// Parameters
//   N, D, U, W   the CB-LCAN and the data width (lcan_engine's rules: N a power of D up to
//                4096, D and U in 2, 4, 8, 16, W 1..32)
//   SEED         the generator's value after reset (0 is taken as 1)
//   PIPE         lcan_engine's PIPE: 0 one network cycle per clock cycle, 1 the pipelined
//                network cycle (4 L - 3 clock cycles each, the same routing)
// Derived: NB = log2 N.
// Ports
//   clk, rst     clock, synchronous reset (idle, done = 0, perm = identity, lfsr = SEED)
//   start        begin a run (ignored while busy); busy from the next cycle
//   busy, done   running / finished (done stays until the next start)
//   cycles[31:0]      network cycles of the last run (valid while done)
//   delivered[31:0]   pairs routed in the last run
//   errors[31:0]      errors of the last run (see above)
// Timing: a run takes (draws of GEN) + 1 (GO) + (network cycles) x (4 L - 3 with PIPE = 1,
// else 1) + 1 clock cycles from the edge that samples start to the edge that raises done.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_consts.vh"

module lcan_selftest #(
    parameter integer N = 16,
    parameter integer D = 2,
    parameter integer U = 2,
    parameter integer W = 8,
    parameter [15:0] SEED = `MF_SELFTEST_SEED,
    parameter integer PIPE = 0
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    output wire        busy,
    output wire        done,
    output wire [31:0] cycles,
    output wire [31:0] delivered,
    output wire [31:0] errors
);
  // lcan_levels, lcan_sc, lvl_sw, goff: lcan_functions.vh, included below LD, LU (lvl_sw
  // reads them; a function may be called above its declaration)
  localparam integer NB = $clog2(N);
  localparam integer P = D + U;
  localparam integer SC = lcan_sc(D, U);
  localparam integer LD = $clog2(D);
  localparam integer LU = $clog2(U);
  localparam integer L = lcan_levels(N, D, U, W);
`include "lcan_functions.vh"
  localparam integer TSW = goff(L);
  localparam [1:0] S_IDLE = 2'd0, S_GEN = 2'd1, S_GO = 2'd2, S_RUN = 2'd3;
  localparam [31:0] N32 = N;
  localparam [NB-1:0] TOP = N32[NB-1:0] - 1'b1;  // N - 1
  localparam [15:0] SEED1 = (SEED == 16'd0) ? 16'd1 : SEED;

  generate
    `MF_PARAM_ERROR_IF(N < 2 || W < 1 || W > 32, g_bad_nw, ERROR_lcan_selftest_bad_N_or_W,
                       ("lcan_selftest: N must be >= 2 and W 1..32 (N=%0d W=%0d)", N, W))
  endgenerate

  // ---- registers
  reg  [1:0]      state;
  reg             busy_q, done_q;
  reg  [15:0]     lfsr;
  reg  [N*NB-1:0] perm;
  reg  [NB-1:0]   idx;
  reg  [W-1:0]    run;
  reg  [15:0]     dbad;
  reg  [31:0]     cyc_q, del_q, err_q;

  wire [15:0] x1 = lfsr ^ {lfsr[8:0], 7'd0};
  wire [15:0] x2 = x1 ^ {9'd0, x1[15:9]};
  wire [15:0] lfsr_n = x2 ^ {x2[7:0], 8'd0};
  wire [NB-1:0] draw = lfsr[NB-1:0];
  wire          take = draw <= idx;
  wire [NB-1:0] at_i = perm[idx*NB +: NB];
  wire [NB-1:0] at_j = perm[draw*NB +: NB];

  // ---- the engine
  wire [N*W-1:0]  pdata;
  wire            e_busy, e_done, e_ok;
  wire [15:0]     e_cycles, e_errors;
  wire [NB:0]     e_del;
  wire [N-1:0]    e_pending, arr_valid, e_ack;
  wire [N*NB-1:0] arr_src;
  wire [N*W-1:0]  arr_data;
  wire [TSW*P*SC-1:0] e_settings;
  lcan_engine #(
      .N(N),
      .D(D),
      .U(U),
      .W(W),
      .PIPE(PIPE)
  ) u_engine (
      .clk(clk),
      .rst(rst),
      .start(state == S_GO),
      .seed(lfsr),
      .perm_dst(perm),
      .perm_data(pdata),
      .busy(e_busy),
      .done(e_done),
      .cycles(e_cycles),
      .delivered(e_del),
      .errors(e_errors),
      .all_ok(e_ok),
      .pending(e_pending),
      .arr_valid(arr_valid),
      .arr_src(arr_src),
      .arr_data(arr_data),
      .ack(e_ack),
      .settings(e_settings)
  );
  wire unused_engine = ^{e_busy, e_ok, e_pending, e_ack, e_settings};

  // data words and their check: word of source p = p xor run (low W bits)
  wire [N-1:0] wrong;
  genvar p;
  generate
    for (p = 0; p < N; p = p + 1) begin : g_pe
      localparam [31:0] P32 = p;
      /* verilator lint_off UNUSEDSIGNAL */
      wire [31:0] src32 = {{(32 - NB) {1'b0}}, arr_src[p*NB +: NB]};  // low W bits used
      /* verilator lint_on UNUSEDSIGNAL */
      assign pdata[p*W +: W] = P32[W-1:0] ^ run;
      assign wrong[p] = arr_valid[p] && (arr_data[p*W +: W] != (src32[W-1:0] ^ run));
    end
  endgenerate

  // ---- control
  wire [32:0] err_sum = {17'd0, e_errors} + {1'b0, N32 - {{(31 - NB) {1'b0}}, e_del}} +
                        {17'd0, dbad};
  integer k;
  always @(posedge clk) begin
    if (rst) begin
      state  <= S_IDLE;
      busy_q <= 1'b0;
      done_q <= 1'b0;
      lfsr   <= SEED1;
      idx    <= TOP;
      run    <= {W{1'b0}};
      dbad   <= 16'd0;
      cyc_q  <= 32'd0;
      del_q  <= 32'd0;
      err_q  <= 32'd0;
      for (k = 0; k < N; k = k + 1) perm[k*NB +: NB] <= k[NB-1:0];
    end else begin
      case (state)
        S_IDLE: begin
          if (start) begin
            state  <= S_GEN;
            busy_q <= 1'b1;
            done_q <= 1'b0;
            idx    <= TOP;
            run    <= run + 1'b1;
            dbad   <= 16'd0;
          end
        end
        S_GEN: begin
          lfsr <= lfsr_n;
          if (take) begin
            for (k = 0; k < N; k = k + 1) begin
              if (k[NB-1:0] == idx) perm[k*NB +: NB] <= at_j;
              else if (k[NB-1:0] == draw) perm[k*NB +: NB] <= at_i;
            end
            idx <= idx - 1'b1;
            if (idx == {{(NB - 1) {1'b0}}, 1'b1}) state <= S_GO;
          end
        end
        S_GO: state <= S_RUN;
        default: begin  // S_RUN
          if (e_done) begin
            state  <= S_IDLE;
            busy_q <= 1'b0;
            done_q <= 1'b1;
            cyc_q  <= {16'd0, e_cycles};
            del_q  <= {{(31 - NB) {1'b0}}, e_del};
            err_q  <= err_sum[32] ? 32'hFFFF_FFFF : err_sum[31:0];
          end else if (|wrong && dbad != 16'hFFFF) begin
            dbad <= dbad + 16'd1;
          end
        end
      endcase
    end
  end

  assign busy = busy_q;
  assign done = done_q;
  assign cycles = cyc_q;
  assign delivered = del_q;
  assign errors = err_q;
endmodule

`default_nettype wire
