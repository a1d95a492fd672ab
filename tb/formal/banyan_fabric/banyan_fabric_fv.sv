// banyan_fabric_fv: formal harness of rtl/banyan/banyan_fabric.v (paper 000, Yaku & Masuyama).
//
// One checker (banyan_fabric_fv_chk) per (N, CONTROL) holds a DUT with free inputs, a
// reference written from the paper's rules, and the assertions; the top instantiates the
// checkers selected by its parameters (one sby task covers several N and control modes).
//
// Free inputs (each checker its own): in_valid, in_data, in_cfg, in_tag and rst every cycle
// (anyseq); the fault ports fault_en, fault_stage, fault_elem, fault_kind are free but
// CONSTANT (anyconst): one task covers "no fault" and every fault kind (0/3 dead, 1 stuck
// straight, 2 stuck cross) at every element E_il of every stage, and out-of-range stage
// numbers (no element is faulty).
//
// The reference never calls the RTL's functions (banyan_route.v, mf_functions.vh):
//   R1  stage-by-stage path of every message (paper 000, section 2.A): a message at position
//       p entering stage i is on element E_il with l = p >> 1, in-subport p & 1; the element
//       sends it to out-subport f, position 2l + f; then tau_i (T_j of section 2.A) swaps
//       address bit 0 with bit i+1 (no tau after stage m-1).  f = in-subport xor state, the
//       state being the configuration (individual: bit i*H + l; stage: bit m-1-i of k,
//       section 2.B / docs/conventions.md) or, for tag control, f = tag bit (m-1-i)
//       (docs/conventions.md, control code 5) with in-subport 0 winning a conflict.
//       Faults (section 3, fault model; port encoding from the RTL header): a dead element
//       delivers nothing; a stuck element uses its stuck state and never flags a conflict.
//   R2  closed form of the Latin-square rows (section 2.B, Algorithm A, Example 1):
//       Gamma_k(x) = rotl_m(x, 1) xor K', K' bit 0 = k bit 0, K' bit (i+1) = k bit (m-1-i);
//       pinned against Example 1 (N = 8) entry for entry.
//   R3  blocked pairs (section 3, Example 2, Fig. 2; closed form in docs/conventions.md):
//       E_il blocks (x, y) iff x >> (i+1) == l >> i and (y >> 1) mod 2^i == l mod 2^i
//       (2^(i+1) sources x N/2^i destinations); pinned against Example 2 and Fig. 2.
// The DUT is checked against R1 in every mode (valid bits, data, conflict flags), and against
// the paper's closed forms directly: R2 + R3 under stage control for every fault kind, R3
// under individual control for dead elements, the tag destination under tag control.
// PIPELINE = 1: the harness delays the inputs by m cycles (valid bits cleared by rst, as the
// round is) and checks the outputs against the reference of the delayed inputs.
`default_nettype none
`include "mf_codes.vh"

module banyan_fabric_fv_chk #(
  parameter integer N = 8,
  parameter integer CONTROL = `MF_CTRL_STAGE,  // individual, stage or tag (mf_codes.vh)
  parameter integer PIPELINE = 0,
  parameter integer W = 2,
  // REF = 1: the outputs are checked against the paper's reference (below).  REF = 0 (only
  // with PIPELINE = 1): they are checked against a second, combinational banyan_fabric
  // (PIPELINE = 0) fed with the inputs delayed by m cycles: the pipeline registers delay
  // every round by exactly m cycles and change nothing else; the PIPELINE = 0 fabric is
  // itself proved against the reference by the p0 tasks (same N, modes, faults).
  parameter integer REF = 1
) (
  input wire clk
);
`include "mf_params.vh"
  function integer fv_log2;
    input integer v;
    integer t;
    begin
      fv_log2 = 0;
      t = 1;
      while (t < v) begin
        fv_log2 = fv_log2 + 1;
        t = t * 2;
      end
    end
  endfunction

  localparam integer M = fv_log2(N);
  localparam integer H = N / 2;
  localparam integer IS_TAG = (CONTROL == MF_CTRL_TAG) ? 1 : 0;
  localparam integer CFG_W = (CONTROL == MF_CTRL_INDIV) ? M * H : M;
  localparam integer NSW = M * H;
  localparam integer FSW = (fv_log2(M) < 1) ? 1 : fv_log2(M);
  localparam integer FEW = M - 1;

  // ---------------------------------------------------------------- free inputs
  (* anyseq *)   wire             rst;
  (* anyseq *)   wire [N-1:0]     in_valid;
  (* anyseq *)   wire [N*W-1:0]   in_data;
  (* anyseq *)   wire [CFG_W-1:0] in_cfg;
  (* anyseq *)   wire [N*M-1:0]   in_tag;
  (* anyconst *) wire             fault_en;
  (* anyconst *) wire [FSW-1:0]   fault_stage;
  (* anyconst *) wire [FEW-1:0]   fault_elem;
  (* anyconst *) wire [1:0]       fault_kind;

  wire [N-1:0]   out_valid;
  wire [N*W-1:0] out_data;
  wire [NSW-1:0] out_conflict;

  banyan_fabric #(.N(N), .W(W), .CONTROL(CONTROL), .PIPELINE(PIPELINE)) dut (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data), .in_cfg(in_cfg),
    .in_tag(in_tag), .fault_en(fault_en), .fault_stage(fault_stage),
    .fault_elem(fault_elem), .fault_kind(fault_kind),
    .out_valid(out_valid), .out_data(out_data), .out_conflict(out_conflict)
  );

  // ---------------------------------------------------------------- the round at the outputs
  // rv/rd/rcfg/rtag: the round whose result is at the outputs now (PIPELINE = 1: presented m
  // cycles ago; rst clears the valid bits of every round in flight).  chk: outputs are
  // meaningful (PIPELINE = 1: after the initial reset cycle).
  wire [N-1:0]     rv;
  wire [N*W-1:0]   rd;
  wire [CFG_W-1:0] rcfg;
  wire [N*M-1:0]   rtag;
  wire             chk;

  generate
    if (PIPELINE != 0) begin : g_dly
      reg init = 1'b1;
      reg [M*N-1:0]     dv;
      reg [M*N*W-1:0]   dd;
      reg [M*CFG_W-1:0] dc;
      reg [M*N*M-1:0]   dt;
      always @(posedge clk) begin
        init <= 1'b0;
        dv <= rst ? {(M*N){1'b0}} : {dv, in_valid};
        dd <= {dd, in_data};
        dc <= {dc, in_cfg};
        dt <= {dt, in_tag};
      end
      always @* if (init) assume (rst);
      assign rv = dv[(M-1)*N +: N];
      assign rd = dd[(M-1)*N*W +: N*W];
      assign rcfg = dc[(M-1)*CFG_W +: CFG_W];
      assign rtag = dt[(M-1)*N*M +: N*M];
      assign chk = !init;
    end else begin : g_comb
      assign rv = in_valid;
      assign rd = in_data;
      assign rcfg = in_cfg;
      assign rtag = in_tag;
      assign chk = 1'b1;
      wire unused_rst = rst;
    end
  endgenerate

  // ---------------------------------------------------------------- fault decode (RTL header)
  wire fault_on = fault_en && ({{(32-FSW){1'b0}}, fault_stage} < M);
  // MF_FAULT_*: dead (and the unnamed code 3), stuck straight, stuck cross
  wire f_dead = (fault_kind != MF_FAULT_STRAIGHT[1:0]) && (fault_kind != MF_FAULT_CROSS[1:0]);
  wire f_stuck_cross = (fault_kind == MF_FAULT_CROSS[1:0]);   // stuck state: 1 cross, 0 straight
  wire [31:0] fs32 = {{(32-FSW){1'b0}}, fault_stage};
  wire [31:0] fe32 = {{(32-FEW){1'b0}}, fault_elem};

  // ---------------------------------------------------------------- R1: product of permutations
  // The network's permutation is the product sigma_0 . tau_0 . sigma_1 ... tau_{m-2} .
  // sigma_{m-1} (section 2.B), built here as a table: sa[p] = the input whose message is at
  // position p, va[p] = a message is there.  sigma_i: element E_il exchanges positions 2l and
  // 2l+1 when its state is 1 (cross); tau_i: position p moves to p with bits 0 and i+1
  // swapped.  Tag control: out-subport f of E_il receives the message of in-subport 0 if it
  // asks for f (tag bit m-1-i of its input's tag), else that of in-subport 1 if it asks for f;
  // both asking for the same f is a conflict (in-subport 0 wins, the other is dropped).
  reg [N*M-1:0] sa, nsa;
  reg [N*M-1:0] ta, nta;         // ta[p]: the tag of that message (carried with it)
  reg [N-1:0]   va, nva;
  reg [NSW-1:0] r_cf;
  reg           r_dead_lost;     // a valid message reached a dead element
  reg           r_stuck_turn;    // a valid message went through a stuck element set against its configuration
  reg [M-1:0]   s0, s1, q;
  reg           v0, v1, t0, t1, hit, cfgst, st, ov, qb;
  reg [M-1:0]   os, ot;
  integer       i, l, f, p;

  always @* begin
    r_cf = {NSW{1'b0}};
    r_dead_lost = 1'b0;
    r_stuck_turn = 1'b0;
    va = rv;
    ta = rtag;
    for (p = 0; p < N; p = p + 1) sa[p*M +: M] = p;
    nsa = {(N*M){1'b0}};
    nta = {(N*M){1'b0}};
    nva = {N{1'b0}};
    for (i = 0; i < M; i = i + 1) begin
      for (l = 0; l < H; l = l + 1) begin
        s0 = sa[(2*l)*M +: M];
        s1 = sa[(2*l+1)*M +: M];
        v0 = va[2*l];
        v1 = va[2*l+1];
        t0 = ta[(2*l)*M + M-1-i];
        t1 = ta[(2*l+1)*M + M-1-i];
        hit = fault_on && (fs32 == i) && (fe32 == l);
        if (CONTROL == MF_CTRL_INDIV) cfgst = rcfg[i*H + l];
        else cfgst = rcfg[M-1-i];
        st = (hit && !f_dead) ? f_stuck_cross : cfgst;
        if ((v0 || v1) && hit && f_dead) r_dead_lost = 1'b1;
        if ((v0 || v1) && hit && !f_dead && IS_TAG == 0 && cfgst != f_stuck_cross)
          r_stuck_turn = 1'b1;
        if (IS_TAG != 0 && !hit && v0 && v1 && t0 == t1) r_cf[i*H + l] = 1'b1;
        for (f = 0; f < 2; f = f + 1) begin
          if (hit && f_dead) begin          // nothing leaves; sa keeps the fault-free table
            ov = 1'b0;
            os = (f ^ cfgst) ? s1 : s0;
            ot = ta[(2*l)*M +: M];
          end else if (IS_TAG != 0 && !hit) begin
            ov = (v0 && t0 == f) || (v1 && t1 == f);
            os = (v0 && t0 == f) ? s0 : s1;
            ot = (v0 && t0 == f) ? ta[(2*l)*M +: M] : ta[(2*l+1)*M +: M];
          end else begin
            ov = (f ^ st) ? v1 : v0;
            os = (f ^ st) ? s1 : s0;
            ot = (f ^ st) ? ta[(2*l+1)*M +: M] : ta[(2*l)*M +: M];
          end
          q = 2*l + f;
          if (i < M - 1) begin
            qb = q[0];
            q[0] = q[i+1];
            q[i+1] = qb;
          end
          nva[q] = ov;
          nsa[q*M +: M] = os;
          nta[q*M +: M] = ot;
        end
      end
      sa = nsa;
      ta = nta;
      va = nva;
    end
  end

  // ---------------------------------------------------------------- R2, R3: closed forms
  // K' of Gamma_k: bit 0 = k bit 0 (sigma_{m-1}), bit (i+1) = k bit (m-1-i) (sigma_i, moved
  // to address bit i+1 by tau_i).  The tag destination has the same form (tag bit (m-1-i) is
  // the out-subport of stage i).
  function [M-1:0] kprime;
    input [M-1:0] k;
    integer j;
    begin
      kprime[0] = k[0];
      for (j = 0; j < M - 1; j = j + 1) kprime[j+1] = k[M-1-j];
    end
  endfunction
  function [M-1:0] gamma;         // Gamma_k(x) = rotl(x) xor K'
    input [M-1:0] k;
    input [M-1:0] x;
    begin
      gamma = {x[M-2:0], x[M-1]} ^ kprime(k);
    end
  endfunction
  function [M-1:0] gamma_inv;     // the input that Gamma_k sends to y
    input [M-1:0] k;
    input [M-1:0] y;
    reg [M-1:0] z;
    begin
      z = y ^ kprime(k);
      gamma_inv = {z[0], z[M-1:1]};
    end
  endfunction
  function blocked;               // E_(s,e) blocks the pair (x, y): section 3
    input [31:0] s;
    input [31:0] e;
    input [M-1:0] x;
    input [M-1:0] y;
    reg [31:0] xx, yy, msk;
    begin
      xx = x;
      yy = y;
      msk = (32'd1 << s) - 32'd1;
      blocked = ((xx >> (s + 1)) == (e >> s)) && (((yy >> 1) & msk) == (e & msk));
    end
  endfunction


  // ---------------------------------------------------------------- assertions
  genvar gy, gx, gk;
  generate
    if (REF != 0) begin : g_ref
      // R1 (individual and tag control; stage control is checked against the closed forms
      // below): every output, every fault
      if (CONTROL != MF_CTRL_STAGE) begin : g_r1
        for (gy = 0; gy < N; gy = gy + 1) begin : g_out
          wire [M-1:0] x = sa[gy*M +: M];
          always @* if (chk) begin
            assert (out_valid[gy] == va[gy]);
            if (va[gy]) assert (out_data[gy*W +: W] == rd[x*W +: W]);
          end
        end
      end
      // conflict flags: tag control only, and never at a faulty element
      always @* if (chk) assert (out_conflict == r_cf);

      if (CONTROL == MF_CTRL_STAGE) begin : g_stage_paper
        // R2 + R3 on the DUT: output y carries the message of Gamma_k^-1(y) unless the pair is
        // blocked by the faulty element: dead -> nothing arrives; stuck in the state the
        // configuration asks for -> as fault-free; stuck against it -> the element's other
        // message arrives, the one that Gamma_k' (k' = k with stage i flipped) sends to y.
        for (gy = 0; gy < N; gy = gy + 1) begin : g_y
          wire [M-1:0] x0 = gamma_inv(rcfg, gy);
          wire         b = fault_on && blocked(fs32, fe32, x0, gy);
          wire         sbit = rcfg[M-1-fs32];
          wire [M-1:0] kflip = rcfg ^ ({{(M-1){1'b0}}, 1'b1} << (M-1-fs32));
          wire [M-1:0] x1 = gamma_inv(kflip, gy);
          wire         turn = b && !f_dead && (sbit != f_stuck_cross);
          wire [M-1:0] xs = turn ? x1 : x0;
          wire         ev = rv[xs] && !(b && f_dead);
          always @* if (chk) begin
            assert (out_valid[gy] == ev);
            if (ev) assert (out_data[gy*W +: W] == rd[xs*W +: W]);
            // the turned message crosses the same faulty element (paper: unique path)
            if (turn) assert (blocked(fs32, fe32, x1, gy));
          end
        end
        // R2 pinned to paper 000 Example 1 (N = 8), R3 to Example 2 / Fig. 2 (N = 16)
        if (N == 8) begin : g_ex1
          // rows Gamma_0 .. Gamma_7 (row k at bits [24k +: 24], entry x at [3x +: 3] of its row:
          // each literal row lists the entries x = 7 .. 0, the comment the paper's order x = 0 .. 7)
          localparam [8*24-1:0] EX1 = {
            {3'd0, 3'd2, 3'd4, 3'd6, 3'd1, 3'd3, 3'd5, 3'd7},   // row 7: 7 5 3 1 6 4 2 0
            {3'd1, 3'd3, 3'd5, 3'd7, 3'd0, 3'd2, 3'd4, 3'd6},   // row 6: 6 4 2 0 7 5 3 1
            {3'd4, 3'd6, 3'd0, 3'd2, 3'd5, 3'd7, 3'd1, 3'd3},   // row 5: 3 1 7 5 2 0 6 4
            {3'd5, 3'd7, 3'd1, 3'd3, 3'd4, 3'd6, 3'd0, 3'd2},   // row 4: 2 0 6 4 3 1 7 5
            {3'd2, 3'd0, 3'd6, 3'd4, 3'd3, 3'd1, 3'd7, 3'd5},   // row 3: 5 7 1 3 4 6 0 2
            {3'd3, 3'd1, 3'd7, 3'd5, 3'd2, 3'd0, 3'd6, 3'd4},   // row 2: 4 6 0 2 5 7 1 3
            {3'd6, 3'd4, 3'd2, 3'd0, 3'd7, 3'd5, 3'd3, 3'd1},   // row 1: 1 3 5 7 0 2 4 6
            {3'd7, 3'd5, 3'd3, 3'd1, 3'd6, 3'd4, 3'd2, 3'd0}    // row 0: 0 2 4 6 1 3 5 7
          };
          for (gk = 0; gk < 8; gk = gk + 1) begin : g_k
            for (gx = 0; gx < 8; gx = gx + 1) begin : g_x
              always @* assert (gamma(gk, gx) == EX1[gk*24 + gx*3 +: 3]);
            end
          end
        end
        if (N == 16) begin : g_ex2
          for (gx = 0; gx < 16; gx = gx + 1) begin : g_x
            for (gk = 0; gk < 16; gk = gk + 1) begin : g_y
              // Example 2: E_11 blocks inputs 0..3 towards {2,3,6,7,10,11,14,15}
              always @* assert (blocked(1, 1, gx, gk) ==
                                (gx < 4 && (gk % 4 == 2 || gk % 4 == 3)));
              // Fig. 2: E_21 blocks input 0 (and 1..7) towards {2,3,10,11}
              always @* assert (blocked(2, 1, gx, gk) ==
                                (gx < 8 && (gk % 8 == 2 || gk % 8 == 3)));
            end
          end
        end
      end

      if (CONTROL == MF_CTRL_INDIV) begin : g_indiv_paper
        // R3 on the DUT under any individual configuration: with a dead element, output y
        // receives nothing exactly when (its fault-free source x, y) is a blocked pair (sa is
        // the fault-free table: a dead element moves nothing).
        for (gy = 0; gy < N; gy = gy + 1) begin : g_y
          wire [M-1:0] x = sa[gy*M +: M];
          wire         b = blocked(fs32, fe32, x, gy);
          always @* if (chk && fault_on && f_dead) begin
            assert (out_valid[gy] == (rv[x] && !b));
            if (rv[x] && !b) assert (out_data[gy*W +: W] == rd[x*W +: W]);
          end
        end
      end

      if (IS_TAG != 0) begin : g_tag_paper
        // tag destination (closed form K'(tag), docs/conventions.md control code 5): a message
        // that arrives at output y came from an input whose tag names y (stuck elements
        // excluded: they send messages against their tags).
        for (gy = 0; gy < N; gy = gy + 1) begin : g_y
          wire [M-1:0] x = sa[gy*M +: M];
          always @* if (chk && out_valid[gy] && !(fault_on && !f_dead))
            assert (kprime(rtag[x*M +: M]) == gy);
        end
      end
    end else begin : g_twin
      // PIPELINE = 1 against the combinational fabric on the delayed round
      wire [N-1:0]   tv;
      wire [N*W-1:0] td;
      wire [NSW-1:0] tx;
      banyan_fabric #(.N(N), .W(W), .CONTROL(CONTROL), .PIPELINE(0)) twin (
        .clk(clk), .rst(rst), .in_valid(rv), .in_data(rd), .in_cfg(rcfg),
        .in_tag(rtag), .fault_en(fault_en), .fault_stage(fault_stage),
        .fault_elem(fault_elem), .fault_kind(fault_kind),
        .out_valid(tv), .out_data(td), .out_conflict(tx)
      );
      for (gy = 0; gy < N; gy = gy + 1) begin : g_out
        always @* if (chk) begin
          assert (out_valid[gy] == tv[gy]);
          if (tv[gy]) assert (out_data[gy*W +: W] == td[gy*W +: W]);
        end
      end
      always @* if (chk) assert (out_conflict == tx);
    end
  endgenerate

  // ---------------------------------------------------------------- cover points
  always @* if (chk) begin
    cover (fault_on && (|(out_valid & rv)));                 // a message delivered with a fault present
    cover (!fault_en && out_valid == {N{1'b1}});             // a full round delivered
    cover (fault_on && f_dead && r_dead_lost);               // a message lost at a dead element
    if (IS_TAG != 0) cover (|out_conflict);                  // a conflict flagged
    else cover (fault_on && fault_kind == MF_FAULT_STRAIGHT[1:0] && r_stuck_turn && |out_valid);  // stuck straight against the configuration
    if (IS_TAG == 0) cover (fault_on && fault_kind == MF_FAULT_CROSS[1:0] && r_stuck_turn && |out_valid);  // stuck cross against it
  end
endmodule

// Top: the checkers of the selected port counts (NSEL bit 0: N = 4, bit 1: 8, bit 2: 16) and
// control modes (CSEL bit 0: individual, bit 1: stage, bit 2: tag), all with PIPELINE and REF.
module banyan_fabric_fv #(
  parameter integer PIPELINE = 0,
  parameter integer NSEL = 7,
  parameter integer CSEL = 7,
  parameter integer REF = 1
) (
  input wire clk
);
`include "mf_params.vh"
  genvar gn, gc;
  generate
    for (gn = 0; gn < 3; gn = gn + 1) begin : g_n
      for (gc = 0; gc < 3; gc = gc + 1) begin : g_c
        if (((NSEL >> gn) & 1) != 0 && ((CSEL >> gc) & 1) != 0) begin : g_on
          banyan_fabric_fv_chk #(
            .N(4 << gn),
            .CONTROL((gc == 2) ? MF_CTRL_TAG : (gc == 1) ? MF_CTRL_STAGE : MF_CTRL_INDIV),
            .PIPELINE(PIPELINE), .W(2), .REF(REF)
          ) u_chk (.clk(clk));
        end
      end
    end
  endgenerate
endmodule

`default_nettype wire
