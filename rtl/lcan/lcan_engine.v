// lcan_engine: runs a whole permutation on a circuit-switched CB-LCAN(N, D, U) (lcan_net)
// to completion with the on-line routing of paper 003, section 3: in every network cycle
// (NCK clock cycles: 1, or 4 L - 3 with PIPE = 1) every pending source presents its destination; the pairs whose circuit
// is established (acknowledged by the destination) are done, the others retry in the next
// network cycle, until every pair is routed.  Reports the network cycles, the pairs
// delivered and the errors.
//
// A source's request carries its LCA level (the most significant base-D digit where source
// and destination differ; 0 for a fixed point), its destination, its number and a data
// word loaded with the permutation.
//
// Parameters
//   N, D, U, W   as lcan_net (N a power of D up to 4096; D, U in 2, 4, 8, 16; W 1..32)
//   PIPE         0: one network cycle per clock cycle; 1: lcan_net's pipelined network
//                cycle (a register between every two levels, both ways), NCK = 4 L - 3
//                clock cycles per network cycle, the same routing decisions (the random
//                sources step once per network cycle, the pending set and the counters are
//                updated at its last clock cycle); the source's LCA level is registered at
//                the start.
// Derived: NB = log2 N, L = log_D N, NCK, and lcan_net's RW, P, SC, TSW.
// Ports
//   clk, rst               clock, synchronous reset (idle, done = 0, counters 0, nothing
//                          pending; the random sources = 1)
//   start                  starts a run when not busy (ignored while busy): loads perm_dst,
//   seed[15:0]             perm_data and the switches' random sources (from seed), clears
//   perm_dst[N*NB]         the counters; source p's destination at [p*NB +: NB] (any
//   perm_data[N*W]         values: a non-permutation also runs to completion), its data
//                          word at [p*W +: W]
//   busy                   a run is in progress: one network cycle per NCK clock cycles
//   done                   1 from the end of a run until the next start
//   cycles[15:0]           network cycles of the current / last run
//   delivered[NB:0]        pairs routed so far in the run
//   errors[15:0]           requests that arrived at a PE other than their destination, plus
//                          one for a network cycle that routed nothing (the run then stops)
//   all_ok                 done, no error, every pair delivered
//   pending[N-1:0]         the sources still to route (presenting a request while busy)
//   arr_valid[N-1:0]       this cycle: a circuit ends at PE t (bit t) ...
//   arr_src[N*NB]          ... from this source, [t*NB +: NB]
//   arr_data[N*W]          ... carrying this data word, [t*W +: W]
//   ack[N-1:0]             this cycle: source p's circuit was established
//   settings[TSW*P*SC]     every switch's setting this cycle (lcan_net)
// Timing: `start` is sampled at a rising edge E (busy = 0).  Network cycle c (c = 1, 2, ..)
// is the NCK clock cycles after edges E + (c - 1) NCK .. E + c NCK - 1 (busy = 1,
// cycles = c - 1); arr_*, ack and settings show it (PIPE = 1: as they settle, lcan_net:
// arr_* from its clock cycle 2 L - 2, ack in its last), and edge E + c NCK updates pending,
// the counters and the random sources from the acknowledgements and arrivals of its last
// clock cycle.  The edge that ends the network cycle that routes the last pair (or routes
// nothing) ends the run: busy = 0, done = 1, cycles = the network cycles taken.
`default_nettype none
`include "mf_param_check.vh"

module lcan_engine (
  clk, rst, start, seed, perm_dst, perm_data, busy, done, cycles, delivered, errors, all_ok,
  pending, arr_valid, arr_src, arr_data, ack, settings
);
  parameter integer N = 16;
  parameter integer D = 2;
  parameter integer U = 2;
  parameter integer W = 8;
  parameter integer PIPE = 0;

`include "mf_functions.vh"

  // lcan_legal, lcan_levels, lcan_lw, lcan_rw, lcan_sc: lcan_functions.vh, included below
  // L, LD, LU (its lvl_sw and goff read them; a function may be called above its declaration)
  localparam integer LD = mf_clog2(D);
  localparam integer LU = mf_clog2(U);
  localparam integer NB = mf_clog2(N);
  localparam integer LEGAL = lcan_legal(N, D, U, W);
  localparam integer L = lcan_levels(N, D, U, W);
  localparam integer LW = lcan_lw(L);
  localparam integer RW = lcan_rw(N, D, U, W);
  localparam integer P = D + U;
  localparam integer SC = lcan_sc(D, U);
`include "lcan_functions.vh"  // the legality rule and the geometry (lcan_net's)
  localparam integer TSW = goff(L);
  localparam integer NG = (LEGAL != 0) ? N : 0;  // sources elaborated (none when illegal)
  localparam [31:0] N32 = N;
  localparam [NB:0] NFULL = N32[NB:0];
  // clock cycles per network cycle, and the bits of the counter of the clock cycle in it
  localparam integer NCK = (PIPE == 1) ? 4 * L - 3 : 1;
  localparam integer PHW = (mf_clog2(NCK) < 1) ? 1 : mf_clog2(NCK);
  localparam [31:0] NCK32 = NCK;
  localparam [PHW-1:0] PHLAST = NCK32[PHW-1:0] - 1'b1;

  input  wire                clk;
  input  wire                rst;
  input  wire                start;
  input  wire [15:0]         seed;
  input  wire [N*NB-1:0]     perm_dst;
  input  wire [N*W-1:0]      perm_data;
  output wire                busy;
  output wire                done;
  output wire [15:0]         cycles;
  output wire [NB:0]         delivered;
  output wire [15:0]         errors;
  output wire                all_ok;
  output wire [N-1:0]        pending;
  output wire [N-1:0]        arr_valid;
  output wire [N*NB-1:0]     arr_src;
  output wire [N*W-1:0]      arr_data;
  output wire [N-1:0]        ack;
  output wire [TSW*P*SC-1:0] settings;

  // (lcan_net checks N, D, U and W with its own messages.)

  reg              busy_q, done_q;
  reg [15:0]       cyc_q, err_q;
  reg [NB:0]       del_q;
  reg [N-1:0]      pend_q;
  reg [N*NB-1:0]   dst_q;
  reg [N*W-1:0]    data_q;
  wire             clear = start && !busy_q;
  // The last clock cycle of a network cycle (always, with PIPE = 0).
  reg [PHW-1:0]    ph_q;
  wire             last = ph_q == PHLAST;
  // (lcan_net refuses PIPE other than 0 and 1.)

  // ---- requests: {data, src, dst, lca, valid} per source
  wire [N*RW-1:0] pe_req;
  wire [N*RW-1:0] pe_arr;
  genvar p;
  generate
    for (p = 0; p < NG; p = p + 1) begin : g_src
      localparam [31:0] P32 = p;
      wire [NB-1:0] d = dst_q[p*NB +: NB];
      // the LCA level of (p, x): the most significant base-D digit where they differ; of the
      // destination held (PIPE = 0) or of the one loaded at the start, registered (PIPE = 1)
      wire [NB-1:0] x;
      wire [LW-1:0] lca;
      reg  [LW-1:0] lca_c;
      integer li;
      always @* begin
        lca_c = {LW{1'b0}};
        for (li = 0; li < L; li = li + 1)
          if (x[li*LD +: LD] != P32[li*LD +: LD]) lca_c = li[LW-1:0];
      end
      if (PIPE == 1) begin : g_lcaq
        reg [LW-1:0] lca_q;
        always @(posedge clk) begin
          if (rst) lca_q <= {LW{1'b0}};
          else if (clear) lca_q <= lca_c;
        end
        assign x   = perm_dst[p*NB +: NB];
        assign lca = lca_q;
      end else begin : g_lcac
        assign x   = d;
        assign lca = lca_c;
      end
      assign pe_req[p*RW +: RW] = {data_q[p*W +: W], P32[NB-1:0], d, lca, busy_q && pend_q[p]};
      // the arrival at PE p
      assign arr_valid[p]          = pe_arr[p*RW];
      assign arr_src[p*NB +: NB]   = pe_arr[p*RW + 1 + LW + NB +: NB];
      assign arr_data[p*W +: W]    = pe_arr[p*RW + 1 + LW + 2*NB +: W];
    end
  endgenerate

  lcan_net #(.N(N), .D(D), .U(U), .W(W), .PIPE(PIPE)) u_net (
    .clk(clk), .rst(rst), .load(clear), .seed(seed), .step(busy_q && last), .pe_req(pe_req),
    .pe_arr(pe_arr), .pe_ack(ack), .settings(settings)
  );

  // ---- per cycle: pairs routed, requests at the wrong PE
  reg [NB:0] n_ack;
  reg [NB:0] n_bad;
  integer t;
  always @* begin
    n_ack = {(NB+1){1'b0}};
    n_bad = {(NB+1){1'b0}};
    for (t = 0; t < NG; t = t + 1) begin
      if (ack[t]) n_ack = n_ack + 1'b1;
      if (pe_arr[t*RW] && pe_arr[t*RW + 1 + LW +: NB] != t[NB-1:0]) n_bad = n_bad + 1'b1;
    end
  end
  wire [N-1:0] pend_n = pend_q & ~ack;
  wire         stall = n_ack == {(NB+1){1'b0}};
  wire [16:0]  err_sum = {1'b0, err_q} + {{(16-NB){1'b0}}, n_bad} + {16'd0, stall};
  wire [15:0]  err_n = err_sum[16] ? 16'hFFFF : err_sum[15:0];

  always @(posedge clk) begin
    if (rst || clear) ph_q <= {PHW{1'b0}};
    else if (busy_q) ph_q <= last ? {PHW{1'b0}} : ph_q + 1'b1;
  end

  always @(posedge clk) begin
    if (rst) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      cyc_q  <= 16'd0;
      err_q  <= 16'd0;
      del_q  <= {(NB+1){1'b0}};
      pend_q <= {N{1'b0}};
    end else if (clear) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      cyc_q  <= 16'd0;
      err_q  <= 16'd0;
      del_q  <= {(NB+1){1'b0}};
      pend_q <= {N{1'b1}};
      dst_q  <= perm_dst;
      data_q <= perm_data;
    end else if (busy_q && last) begin
      cyc_q  <= cyc_q + 16'd1;
      err_q  <= err_n;
      del_q  <= del_q + n_ack;
      pend_q <= pend_n;
      if (pend_n == {N{1'b0}} || stall) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end
    end
  end

  assign busy      = busy_q;
  assign done      = done_q;
  assign cycles    = cyc_q;
  assign delivered = del_q;
  assign errors    = err_q;
  assign pending   = pend_q;
  assign all_ok    = done_q && err_q == 16'd0 && del_q == NFULL;
endmodule

`default_nettype wire
