// rn1_monitor_fv: formal harness of rn1_monitor, the network monitor of paper 002 section
// 20.9 ("a higher-level protocol should be used to monitor the global network state"), with
// the rule of docs/rn1.md "Fault localisation" (rn1::FaultMonitor):
//   a verdict naming an already declared link is explained and ignored; otherwise every
//   candidate is counted, and the candidate on top, alone, with `threshold` counts is
//   declared.
// The reference below (ref_cnt, ref_decl) is that rule written out, untimed, one verdict per
// cycle, counters saturating at 2^CW - 1 (rn1_monitor.v header).  Properties:
//   a_after_th   a link is declared only after its threshold: declared[l] implies that l was
//                named by at least TH counted verdicts (ref_cnt[l] >= TH)
//   a_decl       declared == the reference's declarations, every cycle
//   a_pulse      decl_valid / decl_link pulse exactly for a new declaration, with its link
//   a_cnt        the monitor's counters == the reference's (makes the proof inductive)
// Free inputs model the decoders' arbiter: one verdict per cycle at most (v_valid).
// Assumptions (what the protocol allows, docs/rn1.md "In hardware"): v_n is 0..MAXC (the
// port's range) and the candidates of a verdict are distinct (they are links of one path
// into stages 1..k, or one link).  Candidates >= NL are left free: the monitor ignores them
// and so does the reference.
`default_nettype none
module rn1_monitor_fv #(
    parameter NL   = 6,
    parameter LW   = 3,
    parameter MAXC = 3,
    parameter CW   = 3,
    parameter TH   = 2
) (
    input wire               clk,
    input wire               rst,
    input wire               v_valid,
    input wire [3:0]         v_n,
    input wire [LW*MAXC-1:0] v_cand
);
  wire              decl_valid;
  wire [LW-1:0]     decl_link;
  wire [NL-1:0]     declared;

  rn1_monitor #(.NL(NL), .LW(LW), .MAXC(MAXC), .CW(CW), .TH(TH)) u_dut (
      .clk(clk), .rst(rst), .v_valid(v_valid), .v_n(v_n), .v_cand(v_cand),
      .decl_valid(decl_valid), .decl_link(decl_link), .declared(declared));

  (* keep *) wire [CW*NL-1:0] p_cnt;  // u_dut.cnt, joined by the .sby script

  initial assume (rst);
  reg past_valid = 1'b0;
  always @(posedge clk) past_valid <= 1'b1;

  // ---- assumptions on the verdict stream (see header)
  integer x, y;
  always @* begin
    if (!rst) begin
      assume (v_n <= MAXC);
      for (x = 0; x < MAXC; x = x + 1)
        for (y = x + 1; y < MAXC; y = y + 1)
          if (y < v_n) assume (v_cand[LW*x+:LW] != v_cand[LW*y+:LW]);
    end
  end

  // ---- reference: the rule of docs/rn1.md, one verdict
  localparam [CW-1:0] SAT = {CW{1'b1}};
  reg [CW*NL-1:0] ref_cnt;
  reg [NL-1:0]    ref_decl;
  reg [CW*NL-1:0] n_cnt;
  reg [NL-1:0]    n_decl;
  reg             n_pulse;
  reg [LW-1:0]    n_link;
  reg             expl, any;
  reg [CW-1:0]    best_cnt, v;
  reg [LW-1:0]    best_l;
  reg [3:0]       nbest;
  integer c, l;
  always @* begin
    n_cnt    = ref_cnt;
    n_decl   = ref_decl;
    n_pulse  = 1'b0;
    n_link   = {LW{1'b0}};
    expl     = 1'b0;
    any      = 1'b0;
    best_cnt = {CW{1'b0}};
    best_l   = {LW{1'b0}};
    nbest    = 4'd0;
    // explained: a candidate already declared
    for (c = 0; c < MAXC; c = c + 1)
      if (c < v_n && v_cand[LW*c+:LW] < NL) begin
        any = 1'b1;
        if (ref_decl[v_cand[LW*c+:LW]]) expl = 1'b1;
      end
    if (v_valid && any && !expl) begin
      // count every candidate (saturating); the top count, first in path order
      for (c = 0; c < MAXC; c = c + 1)
        if (c < v_n && v_cand[LW*c+:LW] < NL) begin
          v = ref_cnt[CW*v_cand[LW*c+:LW]+:CW];
          if (v != SAT) v = v + 1'b1;
          n_cnt[CW*v_cand[LW*c+:LW]+:CW] = v;
          if (v > best_cnt) begin
            best_cnt = v;
            best_l   = v_cand[LW*c+:LW];
          end
        end
      // alone on top?
      for (c = 0; c < MAXC; c = c + 1)
        if (c < v_n && v_cand[LW*c+:LW] < NL && n_cnt[CW*v_cand[LW*c+:LW]+:CW] == best_cnt)
          nbest = nbest + 4'd1;
      if (best_cnt >= TH && nbest == 4'd1) begin
        n_pulse        = 1'b1;
        n_link         = best_l;
        n_decl[best_l] = 1'b1;
      end
    end
  end
  reg       exp_pulse;
  reg [LW-1:0] exp_link;
  always @(posedge clk) begin
    if (rst) begin
      ref_cnt   <= {CW * NL{1'b0}};
      ref_decl  <= {NL{1'b0}};
      exp_pulse <= 1'b0;
      exp_link  <= {LW{1'b0}};
    end else begin
      ref_cnt   <= n_cnt;
      ref_decl  <= n_decl;
      exp_pulse <= n_pulse;
      if (n_pulse) exp_link <= n_link;
    end
  end

  always @* begin
    if (past_valid) begin
      for (l = 0; l < NL; l = l + 1)
        if (declared[l]) assert (ref_cnt[CW*l+:CW] >= TH);   // a_after_th
      a_decl:  assert (declared == ref_decl);
      a_pulse: assert (decl_valid == exp_pulse && (!decl_valid || decl_link == exp_link));
      a_cnt:   assert (p_cnt == ref_cnt);
    end
  end

  // ---- cover points
  reg [NL-1:0] was_decl;
  always @(posedge clk) was_decl <= rst ? {NL{1'b0}} : declared;
  always @(posedge clk) begin
    if (past_valid && !rst) begin
      c_declared: cover (decl_valid);                         // a link declared
      c_two:      cover (declared[0] && declared[NL-1]);      // two links declared
      c_explained: cover (v_valid && v_n != 0 && expl);       // an explained verdict ignored
      c_tie:      cover (v_valid && !expl && best_cnt >= TH && nbest > 1);  // a tie: no declaration
    end
  end
endmodule
