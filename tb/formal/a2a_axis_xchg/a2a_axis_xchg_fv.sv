// a2a_axis_xchg_fv: formal harness of the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v,
// issue 27) around banyan_a2a_xchg (ENGINE 1) and gsen_a2a_xchg with stage control
// (ENGINE 0, SCHED 1), with its double-buffered source and sink memories.
//
// The reference is the interface's definition, not the IP's counters:
//   * AMBA AXI4-Stream (ARM IHI 0051, section 2.2.1, "Handshake process"): once a master
//     asserts TVALID it keeps it asserted until the handshake (TVALID and TREADY high at a
//     rising edge), and TDATA / TLAST stay stable meanwhile; a word moves exactly at a
//     handshake.  Asserted of every master port, assumed of every slave port's environment.
//     TREADY of the master ports and the slave ports' TVALID gaps are otherwise free in
//     every cycle (arbitrary pauses); TDATA and TLAST of the slave ports are free words
//     (TLAST may be wrong: the IP counts it in err_tlast and keeps its framing).
//   * docs/engines.md, "AXI4-Stream IP", Frames: slave port s's frame is N*B words, stream
//     word p = j*B + b for destination j = p / B; master port j's frame is N*B words, stream
//     word s*B + b = word j*B + b of slave port s's frame (of the same frame number), TLAST
//     exactly on the N*B-th word; a TLAST in the wrong place on a slave word is counted in
//     err_tlast.
//   * the header of a2a_axis_xchg.v (Ports): frames_in / frames_done / frames_out count the
//     frames loaded by all N slave ports / exchanged / drained by all N master ports (so
//     frames_out <= frames_done <= frames_in, at most the 4 banks' frames in between), the
//     engine's error counters stay 0 in a working IP, xchg_cycles = B*ROUNDS + LAT after
//     the first exchange (LAT = n + 4 + PL + SRC_LAT - 1, docs/engines.md Timing).
//
// No word lost or duplicated: one watched word, chosen freely ((* anyconst *): any slave
// port WS, any place WP of its frame, any frame number WF < 3) is recorded when the slave
// port accepts it; master port WP / B must hand over exactly that word at place WS*B + WP%B
// of its frame WF, and only after it was accepted.  Since the choice is free, this holds for
// every word of every frame within the bound.  The IP never looks at a word's value (its
// control is data independent), so, as usual for such checks (Wolper's data independence),
// the watched word is any non-zero value and every other slave word is 0 (the memories'
// initial contents stay free): a word read from a wrong address, a stale bank or an
// unwritten cell differs from the watched value in some trace, and every other word handed
// over must be 0 (no copy of the watched word elsewhere).  With TLAST exactly on every N*B-th
// master word, every master frame carries exactly the N*B words its definition names
// (count in = count out per frame), and a master port never hands over a word of a frame
// not fully loaded (frame number < frames_in).  DATA = 0 drops the word checks (and the
// data assumption): the handshake, TLAST and counter properties for any words.
//
// FLOW = 1 (the cover task): every slave TVALID and every master TREADY held high, so the
// covers show frames flowing: one frame drained, then two (the second exchanged while the
// first drains: double buffering).  FLOW = 0 covers: a master port stalled with TVALID high
// and then completing its frame (the hold property is not vacuous), a wrong slave TLAST
// counted.
`default_nettype none
`include "mf_codes.vh"
`include "mf_assert.vh"

// One AXI4-Stream port seen from outside: the handshake, the AXI4-Stream hold rule of this
// cycle against the previous one (TVALID that was high without TREADY is still high, with
// the same TDATA and TLAST), and the place of the next word in its NB-word frame and the
// frames completed (saturating), both counted in handshakes.
module a2a_axis_fv_stream #(
  parameter integer DW = 2,
  parameter integer PW = 3,
  parameter integer FW = 3,
  parameter integer NB = 4
) (
  input wire           clk,
  input wire           rst,
  input wire           valid,
  input wire           ready,
  input wire [DW-1:0]  data,
  input wire           last,
  output wire          hs,
  output wire          held,
  output reg [PW-1:0]  place,
  output reg [FW-1:0]  frames
);
  localparam [PW-1:0] LASTP = NB - 1;
  reg          p_v, p_r, p_l;
  reg [DW-1:0] p_d;
  assign hs = valid && ready;
  assign held = !(p_v && !p_r) || (valid && data == p_d && last == p_l);
  always @(posedge clk) begin
    if (rst) begin
      p_v <= 1'b0;
      p_r <= 1'b0;
      p_l <= 1'b0;
      p_d <= {DW{1'b0}};
      place <= {PW{1'b0}};
      frames <= {FW{1'b0}};
    end else begin
      p_v <= valid;
      p_r <= ready;
      p_l <= last;
      p_d <= data;
      if (hs) begin
        place <= (place == LASTP) ? {PW{1'b0}} : place + 1'b1;
        if (place == LASTP && frames != {FW{1'b1}}) frames <= frames + 1'b1;
      end
    end
  end
endmodule

// ENGINE: named per task by the .sby (`read -define FV_ENGINE=`MF_DESIGN_GSEN`); default the
// banyan.
`ifndef FV_ENGINE
`define FV_ENGINE `MF_DESIGN_BANYAN
`endif
module a2a_axis_xchg_fv #(
  parameter integer ENGINE = `FV_ENGINE,
  parameter integer N = 4,
  parameter integer B = 1,
  parameter integer DW = 2,
  parameter integer SRC_LAT = 1,
  parameter integer FLOW = 0,
  parameter integer DATA = 1   // 0: the handshake, TLAST and counters only (no word check)
) (
  input wire          clk,
  input wire          rst,
  input wire [N-1:0]    s_tvalid,
  input wire [N*DW-1:0] s_tdata,
  input wire [N-1:0]    s_tlast,
  input wire [N-1:0]    m_tready
);
`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer NB = N * B;                     // words per frame and port
  localparam integer PW = mf_clog2(NB) + 1;          // place in a frame (0 .. NB-1)
  localparam integer IW = (mf_clog2(N) < 1) ? 1 : mf_clog2(N);
  localparam integer NS = mf_clog2(N);
  localparam integer ROUNDS = (ENGINE == MF_DESIGN_BANYAN) ? N : (1 << NS);  // banyan N, GSEN stage 2^n
  localparam integer PL = (NS + 1) / 2 < 1 ? 1 : (NS + 1) / 2;  // max(1, ceil(log4 N))
  localparam integer LAT = NS + 4 + PL + SRC_LAT - 1;  // PIPELINE 1, no tags
  localparam [31:0] XCYC = B * ROUNDS + LAT;
  localparam [PW-1:0] LASTP = NB - 1;
  localparam integer FW = 3;                         // frame numbers (saturating at 7)
  localparam [FW-1:0] FMAX = {FW{1'b1}};

  // ---- reset: high in the first cycle only ----
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  always @* begin
    if (init) assume (rst);
    else assume (!rst);
  end

  // ---- the IP ----
  wire [N-1:0]    s_tready, m_tvalid, m_tlast;
  wire [N*DW-1:0] m_tdata;
  wire [31:0] frames_in, frames_done, frames_out, cycles, xchg_cycles;
  wire [31:0] err_tlast, err_dst, err_dup, missing, conflicts;
  // the IP with the fault-tolerant engine's plan port tied off (a2a_axis_xchg_noplan; ENGINE 4
  // is not wrapped here: N = 8 at least)
  a2a_axis_xchg_noplan #(.ENGINE(ENGINE), .N(N), .DW(DW), .B(B), .SCHED(MF_SCHED_STAGE),
                         .PIPELINE(1), .USE_TAGS(0), .SRC_LAT(SRC_LAT)) dut (
    .clk(clk), .rst(rst),
    .s_axis_tvalid(s_tvalid), .s_axis_tready(s_tready), .s_axis_tdata(s_tdata),
    .s_axis_tlast(s_tlast),
    .m_axis_tvalid(m_tvalid), .m_axis_tready(m_tready), .m_axis_tdata(m_tdata),
    .m_axis_tlast(m_tlast),
    .frames_in(frames_in), .frames_done(frames_done), .frames_out(frames_out),
    .cycles(cycles), .xchg_cycles(xchg_cycles), .err_tlast(err_tlast), .err_dst(err_dst),
    .err_dup(err_dup), .missing(missing), .conflicts(conflicts)
  );
  wire unused_cycles = ^cycles;

  // FLOW: the environment never pauses
  `MF_ASSUME(u_flow, clk, rst, FLOW == 0 || (&s_tvalid && &m_tready))

  // ---- the watched word ----
  (* anyconst *) reg [IW-1:0] ws;  // slave port
  (* anyconst *) reg [PW-1:0] wp;  // its place in the frame
  (* anyconst *) reg [FW-1:0] wf;  // frame number
  always @* assume (ws < N && wp < NB && wf < 3);
  wire [PW+IW-1:0] wj = wp / B;                          // destination = master port
  wire [PW+IW-1:0] wq = ws * B + wp % B;                 // its place in the master frame
  reg          rec_v;                                    // the watched word was accepted
  reg [DW-1:0] rec_d;                                    // ... with this value

  // ---- per port ----
  wire [N*FW-1:0] s_fr, m_fr;   // frames completed per slave / master port
  wire [N*PW-1:0] s_pl;         // place of each slave port's next word
  wire [N-1:0]    s_hs, tl_bad;
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_port
      // slave port i: the environment follows AXI4-Stream
      wire          sv = s_tvalid[i];
      wire [DW-1:0] sd = s_tdata[i*DW +: DW];
      wire          sl = s_tlast[i];
      wire          sh, s_held;
      wire [PW-1:0] sp;     // place of the next word in the frame
      wire [FW-1:0] sf;     // frames completed
      a2a_axis_fv_stream #(.DW(DW), .PW(PW), .FW(FW), .NB(NB)) u_s (
        .clk(clk), .rst(rst), .valid(sv), .ready(s_tready[i]), .data(sd), .last(sl),
        .hs(sh), .held(s_held), .place(sp), .frames(sf));
      `MF_ASSUME(u_s_hold, clk, rst, s_held)
      // data independence: the watched word is any non-zero word, every other word 0
      wire is_w = (ws == i) && (sp == wp) && (sf == wf);
      `MF_ASSUME(u_s_word, clk, rst,
                 DATA == 0 || !sv || (is_w ? sd != {DW{1'b0}} : sd == {DW{1'b0}}))
      assign s_hs[i] = sh;
      assign tl_bad[i] = sh && (sl != (sp == LASTP));
      assign s_fr[i*FW +: FW] = sf;
      assign s_pl[i*PW +: PW] = sp;

      // master port i
      wire          mv = m_tvalid[i];
      wire [DW-1:0] md = m_tdata[i*DW +: DW];
      wire          ml = m_tlast[i];
      wire          mh, m_held;
      wire [PW-1:0] mp;     // place of the next word in the frame
      wire [FW-1:0] mf;     // frames completed
      a2a_axis_fv_stream #(.DW(DW), .PW(PW), .FW(FW), .NB(NB)) u_m (
        .clk(clk), .rst(rst), .valid(mv), .ready(m_tready[i]), .data(md), .last(ml),
        .hs(mh), .held(m_held), .place(mp), .frames(mf));
      assign m_fr[i*FW +: FW] = mf;
      // AXI4-Stream: TVALID held until the handshake, TDATA and TLAST stable meanwhile
      `MF_ASSERT(a_m_hold, clk, rst, m_held)
      // TLAST exactly on the N*B-th word of every frame
      `MF_ASSERT(a_m_tlast, clk, rst, !mv || ml == (mp == LASTP))
      // a word handed over belongs to a frame all N slave ports have loaded
      `MF_ASSERT(a_m_loaded, clk, rst, !mh || {{(32-FW){1'b0}}, mf} < frames_in)
      // the watched word: at its place in its frame, with its value, after it was accepted
      wire at_w = (wj == i) && (mp == wq) && (mf == wf);
      `MF_ASSERT(a_m_word, clk, rst, DATA == 0 || !(mh && at_w) || (rec_v && md == rec_d))
      // every other word handed over is an accepted 0 word: no copy of the watched word,
      // no stale or unwritten cell
      `MF_ASSERT(a_m_other, clk, rst, DATA == 0 || !mh || at_w || md == {DW{1'b0}})
      // not vacuous: a master port that stalls with TVALID high, then completes a frame
      reg stalled;
      always @(posedge clk) begin
        if (rst) stalled <= 1'b0;
        else if (mv && !m_tready[i]) stalled <= 1'b1;
      end
      if (FLOW == 0) begin : g_cov
        `MF_COVER(c_stall_frame, clk, rst, stalled && mh && ml)
      end
    end
  endgenerate

  // recording the watched word
  wire [PW-1:0] ws_p = s_pl[ws*PW +: PW];
  wire [FW-1:0] ws_f = s_fr[ws*FW +: FW];
  wire          ws_hs = s_hs[ws];
  always @(posedge clk) begin
    if (rst) begin
      rec_v <= 1'b0;
      rec_d <= {DW{1'b0}};
    end else if (ws_hs && ws_p == wp && ws_f == wf) begin
      rec_v <= 1'b1;
      rec_d <= s_tdata[ws*DW +: DW];
    end
  end

  // ---- status counters ----
  // slave words with a wrong TLAST, counted as the IP's register counts them
  reg [31:0] n_tl, n_bad;
  integer k;
  always @* begin
    n_bad = 32'd0;
    for (k = 0; k < N; k = k + 1) n_bad = n_bad + {31'd0, tl_bad[k]};
  end
  always @(posedge clk) begin
    if (rst) n_tl <= 32'd0;
    else n_tl <= n_tl + n_bad;
  end
  // the fewest frames completed by a slave / master port
  reg [FW-1:0] s_min, m_min;
  always @* begin
    s_min = FMAX;
    m_min = FMAX;
    for (k = 0; k < N; k = k + 1) begin
      if (s_fr[k*FW +: FW] < s_min) s_min = s_fr[k*FW +: FW];
      if (m_fr[k*FW +: FW] < m_min) m_min = m_fr[k*FW +: FW];
    end
  end
  wire [31:0] s_min32 = {{(32-FW){1'b0}}, s_min};
  wire [31:0] m_min32 = {{(32-FW){1'b0}}, m_min};
  `MF_ASSERT(a_err_tlast, clk, rst, err_tlast == n_tl)
  // a frame counts as loaded / drained in the cycle after its last port's last word
  `MF_ASSERT(a_frames_in, clk, rst,
             s_min == FMAX || frames_in == s_min32 || frames_in + 32'd1 == s_min32)
  `MF_ASSERT(a_frames_out, clk, rst,
             m_min == FMAX || frames_out == m_min32 || frames_out + 32'd1 == m_min32)
  `MF_ASSERT(a_frames_order, clk, rst, frames_out <= frames_done && frames_done <= frames_in)
  `MF_ASSERT(a_frames_held, clk, rst, frames_in - frames_out <= 32'd4)
  `MF_ASSERT(a_engine_ok, clk, rst,
             err_dst == 32'd0 && err_dup == 32'd0 && missing == 32'd0 && conflicts == 32'd0)
  `MF_ASSERT(a_xchg_cycles, clk, rst,
             frames_done == 32'd0 ? xchg_cycles == 32'd0 : xchg_cycles == XCYC)

  // ---- cover points ----
  generate
    if (FLOW != 0) begin : g_cov_flow
      `MF_COVER(c_one_frame, clk, rst, frames_out == 32'd1)
      `MF_COVER(c_two_frames, clk, rst, frames_out == 32'd2)
    end else begin : g_cov_pause
      `MF_COVER(c_tlast_error, clk, rst, err_tlast != 32'd0 && frames_out == 32'd1)
    end
  endgenerate
endmodule

`default_nettype wire
