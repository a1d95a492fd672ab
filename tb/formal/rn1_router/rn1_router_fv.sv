// rn1_router_fv: formal harness of rn1, the RN1 routing component (paper 002, section
// 20.11, Fig. 20.8) with its configuration register (MODE_SEL = 0): both configurations in
// one model, the 8x4 crossbar with dilation 2 (u_core) and the pair of 4x4 crossbars with
// dilation 1 (u_lo: inputs/outputs 0-3, u_hi: 4-7), switched by cfg_we/cfg_dual.
// Protocol: docs/rn1_protocol.md ("Routing core", "RN1").  The reference is written from
// the paper and the document, not from the RTL's functions.
//
// Free inputs model the neighbours and the network controller: fwd_in, bwd_in, cfg_we,
// cfg_dual, cfg_en, seed, all unconstrained (the doc asks to change the mode only while
// idle; the properties below hold even when it is changed mid-transmission, so that rule is
// not assumed).  The cores' registers and allocations are joined to the p_* probes by the
// .sby script (no hierarchical references in Yosys).
//
// Properties, in physical port numbers 0..7:
//   a_one_driver  no output is driven from two inputs in one cycle (a connected input's data
//                 or a new header), in either configuration (paper 20.2.3)
//   a_held_excl   no output is held by two inputs
//   a_fwd_word    every forward output register carries exactly the word of its one driver
//                 (the header shifted by the 2 digit bits for a new connection), 0 without
//                 one, and 0 in the first cycle of a new configuration (its cores leave reset)
//   a_dir         a grant goes to an output of the requested direction: 8x4: 2d or 2d+1
//                 (dilation 2, paper 20.11); dual: base + d (dilation 1), base = 0 / 4
//   a_en          a disabled output (configuration register) is never granted
//   a_status      the status word: connected {1,0,out,in}, dropped (blocked) {0,1,0,dir,in},
//                 with physical port numbers (the upper 4x4 reports 4..7)
//   a_inactive    the cores of the inactive configuration are held in reset (idle)
`default_nettype none
module rn1_router_fv (
    input wire        clk,
    input wire        rst,
    input wire [15:0] seed,
    input wire        cfg_we,
    input wire        cfg_dual,
    input wire [7:0]  cfg_en,
    input wire [71:0] fwd_in,
    input wire [71:0] bwd_in
);
  localparam [2:0] S_IDLE = 3'd0, S_FWD = 3'd1, S_DROP = 3'd2, S_STC = 3'd3, S_STD = 3'd4,
                   S_RELAY = 3'd5;
  wire [71:0] bwd_out, fwd_out;
  wire        dual;

  rn1 #(.MODE_SEL(0)) u_dut (
      .clk(clk), .rst(rst), .seed(seed), .cfg_we(cfg_we), .cfg_dual(cfg_dual), .cfg_en(cfg_en),
      .fwd_in(fwd_in), .bwd_out(bwd_out), .fwd_out(fwd_out), .bwd_in(bwd_in), .dual_o(dual));

  // probes: s_ = the 8x4 core, l_ / h_ = the lower / upper 4x4 core, en = the enables in use
  (* keep *) wire [23:0] s_st;
  (* keep *) wire [23:0] s_conn;
  (* keep *) wire [15:0] s_dir;
  (* keep *) wire [7:0]  s_grant;
  (* keep *) wire [23:0] s_gout;
  (* keep *) wire [7:0]  s_busy;
  (* keep *) wire [11:0] l_st, h_st;
  (* keep *) wire [7:0]  l_conn, h_conn, l_dir, h_dir, l_gout, h_gout;
  (* keep *) wire [3:0]  l_grant, h_grant, l_busy, h_busy;
  (* keep *) wire [7:0]  p_en;

  initial assume (rst);
  reg past_valid = 1'b0;
  always @(posedge clk) past_valid <= 1'b1;

  // ---- the active core's view in physical numbers: per input its state, held output,
  // direction, and this cycle's grant
  reg [2:0] st   [0:7];
  reg [2:0] conn [0:7];
  reg [1:0] dirv [0:7];
  reg [2:0] gout [0:7];
  reg [7:0] grant;
  integer i;
  always @* begin
    for (i = 0; i < 8; i = i + 1) begin
      if (!dual) begin
        st[i]    = s_st[3*i+:3];
        conn[i]  = s_conn[3*i+:3];
        dirv[i]  = s_dir[2*i+:2];
        gout[i]  = s_gout[3*i+:3];
        grant[i] = s_grant[i];
      end else if (i < 4) begin
        st[i]    = l_st[3*i+:3];
        conn[i]  = {1'b0, l_conn[2*i+:2]};
        dirv[i]  = l_dir[2*i+:2];
        gout[i]  = {1'b0, l_gout[2*i+:2]};
        grant[i] = l_grant[i];
      end else begin
        st[i]    = h_st[3*(i-4)+:3];
        conn[i]  = {1'b1, h_conn[2*(i-4)+:2]};
        dirv[i]  = h_dir[2*(i-4)+:2];
        gout[i]  = {1'b1, h_gout[2*(i-4)+:2]};
        grant[i] = h_grant[i-4];
      end
    end
  end

  // ---- drivers of each output this cycle and the word each output must carry next cycle
  reg [3:0]  ndrv [0:7];
  reg [71:0] nxt_fwd;
  integer o, f;
  always @* begin
    nxt_fwd = 72'd0;
    for (o = 0; o < 8; o = o + 1) begin
      ndrv[o] = 4'd0;
      for (f = 0; f < 8; f = f + 1) begin
        if (st[f] == S_FWD && fwd_in[9*f+8] && conn[f] == o) begin
          ndrv[o] = ndrv[o] + 4'd1;
          nxt_fwd[9*o+:9] = fwd_in[9*f+:9];
        end
        if (grant[f] && gout[f] == o) begin
          ndrv[o] = ndrv[o] + 4'd1;
          nxt_fwd[9*o+:9] = {1'b1, fwd_in[9*f+5-:6], 2'b00};  // header shifted by the digit
        end
      end
    end
  end
  // the configuration register (doc "RN1": reset 8x4, written by cfg_we)
  wire dual_next = rst ? 1'b0 : (cfg_we ? cfg_dual : dual);
  reg [71:0] exp_fwd;
  reg        dual_prev;
  always @(posedge clk) dual_prev <= dual;
  always @(posedge clk) exp_fwd <= (rst || dual_next != dual) ? 72'd0 : nxt_fwd;

  integer a, b;
  reg held_a, held_b;
  always @* begin
    if (past_valid) begin
      a_fwd_word: assert (fwd_out == exp_fwd);
      if (!rst) begin
        for (a = 0; a < 8; a = a + 1) begin
          assert (ndrv[a] <= 4'd1);                                              // a_one_driver
          held_a = st[a] == S_FWD || st[a] == S_STC || st[a] == S_RELAY;
          for (b = a + 1; b < 8; b = b + 1) begin
            held_b = st[b] == S_FWD || st[b] == S_STC || st[b] == S_RELAY;
            if (held_a && held_b) assert (conn[a] != conn[b]);                   // a_held_excl
          end
          if (grant[a]) begin
            assert (st[a] == S_IDLE && fwd_in[9*a+8]);                           // a_grant_req
            if (!dual) assert (gout[a][2:1] == fwd_in[9*a+7-:2]);                // a_dir 8x4
            else assert (gout[a] == {a >= 4, fwd_in[9*a+7-:2]});                 // a_dir dual
            assert (p_en[gout[a]]);                                              // a_en
          end
          // status words (the register holds them while the input is in STC / STD)
          if (st[a] == S_STC) assert (bwd_out[9*a+:9] == {1'b1, 2'b10, conn[a], a[2:0]});
          if (st[a] == S_STD) assert (bwd_out[9*a+:9] == {1'b1, 2'b01, 1'b0, dirv[a], a[2:0]});
          if (st[a] == S_IDLE || st[a] == S_FWD || st[a] == S_DROP)
            assert (bwd_out[9*a+:9] == 9'd0);                                    // a_bwd_quiet
        end
        // the inactive configuration's cores are held in reset (from the second cycle of a
        // configuration: at the edge that switched it the old core was still active, which
        // the output multiplexer hides)
        if (dual && dual_prev) a_inactive_s: assert (s_st == 24'd0 && s_busy == 8'd0);
        else if (!dual && !dual_prev) a_inactive_d: assert (l_st == 12'd0 && h_st == 12'd0 && l_busy == 4'd0 && h_busy == 4'd0);
      end
    end
  end

  // ---- cover points: both configurations carry a connection, a block, a relay
  reg [7:0] cv_conn, cv_drop;
  integer ci;
  always @* for (ci = 0; ci < 8; ci = ci + 1) begin
    cv_conn[ci] = st[ci] == S_STC;
    cv_drop[ci] = st[ci] == S_STD;
  end
  always @(posedge clk) begin
    if (past_valid && !rst) begin
      c_conn_8x4:  cover (!dual && |cv_conn);
      c_drop_8x4:  cover (!dual && |cv_drop);
      c_conn_hi:   cover (dual && |cv_conn[7:4]);
      c_drop_dual: cover (dual && |cv_drop);
      c_two_pair:  cover (!dual && s_grant[0] && s_grant[1] && s_gout[2:1] == s_gout[5:4]);
      c_hdr_out7:  cover (dual && fwd_out[9*7+8]);
    end
  end
endmodule
