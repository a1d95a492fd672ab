// banyan_ft_engine_fv: formal harness of rtl/engine/banyan_ft_engine.v (the fault-tolerant
// all-to-all personalized exchange of paper 000, section 3, with relays through
// intermediate processors), N = 8, DW = 1, B = 1, RELAY_DEPTH = 2; per task PIPELINE and
// the faulty element E_1,FL with the model's plan for them (PLAN_FILE).
//
// The scenario is fixed; the data and the fault's behaviour are free:
//   step 0          rst (synchronous)
//   steps 0..T-1    the plan image written by the model (PLAN_FILE, T = 24 entries, for the
//                   faulty element E_(FI,FL) = E_1,FL) is written into the schedule memory
//                   through the engine's plan write port, entry t at step t (the engine is
//                   idle; the write port ignores rst)
//   step T          start, plan_len = T
//   source memories arbitrary but constant (anyconst), read synchronously as the engine's
//   header asks (data in the cycle after src_rd_en); the fault E_1,FL enabled for the whole
//   run with an arbitrary but constant kind (dead, stuck straight, stuck cross: the plan
//   never routes a message through the faulty element, so every kind must work).
//
// Reference (not the RTL's own functions): all-to-all personalized exchange (paper 000,
// section 1, primitive (4) "total exchange": each node sends unique data to every other
// node; section 2.B: the exchange is complete when every (source, destination) pair has
// been delivered), i.e. the transpose: sink d, address s receives the word source s holds at
// address d, every pair exactly once (section 3: with the faulty element, the blocked pairs
// reach their destination through an intermediate processor, "routing the information
// through intermediate PE's", the DFA capability).  Timing (engine header / docs/engines.md):
// done rises B*T + LAT cycles after start, LAT = FLAT + 4 + PL = FLAT + 6 at N = 8 (FLAT = 3
// with PIPELINE = 1, 0 with PIPELINE = 0).
//
// Properties (checked at every step of the bounded run, depth = the whole plan + latency):
//   a_wr_*      every sink write carries the transpose word of its address and writes an
//               address never written before in this exchange (exactly once)
//   a_counters  err_dst, err_dup, relay_miss (a relay read empty), relay_ovf (a relay slot
//               overwritten) stay 0
//   a_done_*    done stays low until B*T + LAT cycles after start and is high then, with
//               every one of the N*N*B words written, delivered = N*N*B, missing = 0,
//               cycles = B*T + LAT
// Cover points: done rises with every word written; a word of a blocked pair (one that
// must have been relayed) is written into its sink.
`default_nettype none

module banyan_ft_engine_fv (
  input wire clk
);
  // per task (chparam in the .sby): the fabric's pipelining, the faulty element E_(1, FL)
  // and the model's plan for exactly that element and latency
  parameter integer PIPELINE = 1;
  parameter integer FL = 1;
  parameter PLAN_FILE = "banyan_ft_n8_e1_1.hex";
  localparam integer N = 8;
  localparam integer M = 3;
  localparam integer DW = 1;
  localparam integer B = 1;
  localparam integer RELAY_DEPTH = 2;
  localparam integer T = 24;            // plan entries (ENTRIES= in the image)
  localparam integer PLAN_DEPTH = T;    // the minimum for N = 8 (engine header)
  localparam integer SW = 1;
  localparam integer PW = 2 + M + SW;
  localparam integer EW = M + N * PW;   // 51
  localparam integer PAW = 5;
  localparam integer PLW = 5;
  localparam integer AW = 3;            // ceil(log2(N*B))
  localparam integer NB = N * B;
  localparam integer FLAT = PIPELINE ? M : 0;  // fabric latency (engine header)
  localparam integer LAT = FLAT + 4 + 2;  // FLAT + 4 + PL, PL = 2 at N = 8 (docs/engines.md)
  localparam integer FI = 1;            // faulty element E_(FI, FL): stage 1, the internal one
  localparam [1:0] FAULT_STAGE = FI;    // FSW = max(1, ceil(log2 M)) = 2 bits
  localparam [1:0] FAULT_ELEM = FL;     // FEW = M - 1 = 2 bits
  localparam integer START = T;                 // step of start
  localparam integer DONE_STEP = START + B * T + LAT + 1;  // first step with done high

  // ---- scenario
  reg [6:0] stp = 7'd0;
  always @(posedge clk) if (stp != 7'd127) stp <= stp + 7'd1;

  reg [EW-1:0] plan_rom [0:T-1];
  initial $readmemh(PLAN_FILE, plan_rom);

  wire           rst = (stp == 7'd0);
  wire           plan_wr_en = (stp < T);
  wire [PAW-1:0] plan_wr_addr = stp[PAW-1:0];
  wire [EW-1:0]  plan_wr_data = plan_rom[stp[PAW-1:0]];
  wire [PLW-1:0] plan_len = T;
  wire           start = (stp == START);

  (* anyconst *) reg [1:0] fault_kind;
  (* anyconst *) reg [N*NB*DW-1:0] src_mem;  // word of processor i, address a: (i*NB + a)*DW

  wire            busy, done;
  wire [31:0]     cycles, delivered, err_dst, err_dup, missing, relay_miss, relay_ovf;
  wire [N-1:0]    src_rd_en, snk_wr_en;
  wire [N*AW-1:0] src_rd_addr, snk_wr_addr;
  reg  [N*DW-1:0] src_rd_data;
  wire [N*DW-1:0] snk_wr_data;

  banyan_ft_engine #(
    .N(N), .DW(DW), .B(B), .PIPELINE(PIPELINE), .PLAN_DEPTH(PLAN_DEPTH), .RELAY_DEPTH(RELAY_DEPTH)
  ) dut (
    .clk(clk), .rst(rst), .plan_wr_en(plan_wr_en), .plan_wr_addr(plan_wr_addr),
    .plan_wr_data(plan_wr_data), .plan_len(plan_len), .start(start), .busy(busy),
    .done(done), .cycles(cycles), .delivered(delivered), .err_dst(err_dst),
    .err_dup(err_dup), .missing(missing), .relay_miss(relay_miss), .relay_ovf(relay_ovf),
    .fault_en(1'b1), .fault_stage(FAULT_STAGE), .fault_elem(FAULT_ELEM), .fault_kind(fault_kind),
    .src_rd_en(src_rd_en), .src_rd_addr(src_rd_addr), .src_rd_data(src_rd_data),
    .snk_wr_en(snk_wr_en), .snk_wr_addr(snk_wr_addr), .snk_wr_data(snk_wr_data)
  );

  // ---- the user's source buffers: synchronous read (data in the cycle after src_rd_en)
  integer i, dw, d, s;
  always @(posedge clk) begin
    for (i = 0; i < N; i = i + 1)
      if (src_rd_en[i])
        src_rd_data[i*DW +: DW] <= src_mem[(i*NB + src_rd_addr[i*AW +: AW])*DW +: DW];
  end

  // ---- the sinks' record of written addresses (the harness's own): seen[d*NB + a]
  reg [N*NB-1:0] seen;
  always @(posedge clk) begin
    if (rst) seen <= {(N*NB){1'b0}};
    else for (dw = 0; dw < N; dw = dw + 1)
      if (snk_wr_en[dw]) seen[dw*NB + snk_wr_addr[dw*AW +: AW]] <= 1'b1;
  end

  // Blocked pairs of E_(FI,FL) (paper 000, section 3; closed form in docs/conventions.md,
  // "Banyan"): sources x with x >> (FI+1) = FL >> FI, destinations y with
  // (y >> 1) mod 2^FI = FL mod 2^FI; 2^(FI+1) x N/2^FI = 2N pairs, all of which must go
  // through a relay.
  function blocked(input integer x, input integer y);
    blocked = ((x >> (FI + 1)) == (FL >> FI)) &&
              (((y >> 1) % (1 << FI)) == (FL % (1 << FI)));
  endfunction

  // ---- properties
  reg wr_ok, wr_new, relayed_arrival;
  always @* begin
    wr_ok = 1'b1;
    wr_new = 1'b1;
    relayed_arrival = 1'b0;
    s = 0;
    for (d = 0; d < N; d = d + 1)
      if (snk_wr_en[d]) begin
        // B = 1: sink address = source s; the word is source s's word for d (address d)
        s = snk_wr_addr[d*AW +: AW];
        if (snk_wr_data[d*DW +: DW] != src_mem[(s*NB + d)*DW +: DW]) wr_ok = 1'b0;
        if (seen[d*NB + s]) wr_new = 1'b0;
        if (blocked(s, d)) relayed_arrival = 1'b1;
      end
  end

  // Checked combinationally on the current step's values (a clocked immediate assertion is
  // checked by Yosys/smtbmc one step later, which would need one more step of depth).
  always @* begin
    if (!rst) begin
      // section 1 (4) / 2.B: the transpose word, each pair delivered exactly once
      a_wr_data: assert (wr_ok);
      a_wr_once: assert (wr_new);
      // writes only during an exchange
      a_wr_busy: assert (snk_wr_en == {N{1'b0}} || busy);
      // section 3 (relays): no relay slot read empty or overwritten, no misrouted word
      a_counters: assert (err_dst == 32'd0 && err_dup == 32'd0 && relay_miss == 32'd0 &&
                          relay_ovf == 32'd0);
      // complete within the plan length + latency (B*T + LAT busy cycles)
      if (stp > START && stp < DONE_STEP) a_busy: assert (busy && !done);
      if (stp == DONE_STEP) begin
        a_done: assert (done && !busy);
        a_done_all: assert (seen == {(N*NB){1'b1}});
        a_done_cnt: assert (delivered == N*N*B && missing == 32'd0 &&
                            cycles == B*T + LAT);
      end
      c_relayed: cover (relayed_arrival && wr_ok);
      c_done: cover (done && seen == {(N*NB){1'b1}});
    end
  end
endmodule

`default_nettype wire
