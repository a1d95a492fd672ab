// board_axis_demo: the worked example of the AXI4-Stream exchange IP (rtl/engine/
// a2a_axis_xchg.v) on a board: N processors, each with its own inferred block RAMs, stream
// frame after frame through the IP without a pause, and check what they receive on chip.
// The board tops carry it as DESIGN axis (MF_DESIGN_AXIS; rtl/board/board_selftest.v adds the
// power-on reset and board_reporter) and report over the UART like the other designs:
//   "AXIS BANYAN N=004 B=008 W=016 R=rrrrrrrr C=cccccccc E=eeeeeeee S=ssssssss PASS\r\n"
//
// Processor i (i = 0..N-1):
//   * transmit RAM tx_i: N*B words of W bits, word p = j*B + b (block word b for destination
//     j, the IP's slave-stream order) holds x; the stream carries y(x) = x xor (x >> 3), and
//     every word taken by the IP is written back as x + 1.  The RAM starts with
//     x = (3*i + 5*p) mod 2^W, so frame f carries A_f(i, p) = y((3*i + 5*p + f) mod 2^W) (the
//     element of board_xpose / twin::BoardXpose::element with seed f).  The RAM's registered
//     read is the slave port's tdata register (read enable = !tvalid || tready), so the port
//     offers a word every cycle and holds it while tready is low; tlast on p = N*B - 1.
//   * receive RAM rx_i: master stream i (tready always high) is written word by word, word
//     q = s*B + b (block word b from source s) at address q; the word is read back from the
//     RAM in the next cycle and compared, one cycle later, with A_f(s, i*B + b), f the number
//     of frames this port received before; a mismatch is an error.  The read-back words are
//     XOR-folded (acc_i) over the frame.
// A frame is complete when every port has checked its last word (tlast); then
//   sum = XOR over i of rotl32(acc_i, i mod 32)   (acc_i zero-extended)
// is the frame's checksum, and the errors counted since the previous completion are the
// frame's.  The reporter (board_reporter) sees the stream of frames as its engine: a start
// arms the demo, the next frame completion raises done (held until the next start) with
//   cycles = the IP's xchg_cycles (B*ROUNDS + LAT of its last exchange),
//   errors = read-back mismatches + the IP's err_tlast, err_dst, err_dup, missing and
//            conflicts, of the frames completed since the previous done,
//   sum    = the completed frame's checksum.
// The frames do not wait for the reporter: R (handshakes) counts one frame each, because a
// frame takes far more than the reporter's three handshake cycles, and line k's R is frame
// R - 1 (0-based) when every frame is reported; the model's S for that frame is checked.
//
// Parameters
//   ENGINE     the IP's engine: MF_DESIGN_BANYAN (banyan_a2a_xchg; the only one offered here)
//   N          processors (a power of two >= 4)
//   B          words per (source, destination) pair (>= 1)
//   W          word bits (4..32)
//   SRC_LAT    the IP's source read latency (a2a_axis_xchg SRC_LAT): 1 plain block RAM,
//              2 with its output register (C one cycle longer)
// Derived: NB = N*B, AW = max(1, ceil(log2 NB))
// Ports
//   clk, rst   board clock, synchronous reset (board_por)
//   eng_start  the reporter's start: arms the demo
//   eng_done   level: a frame completed since the start (until the next start)
//   eng_cycles, eng_errors, eng_sum [31:0]   as above
// Timing: every memory read is registered (block RAM); the read-back compare and the error
//   count are registered; the checksum's XOR tree ends in the reporter's input register.
`default_nettype none
`include "mf_param_check.vh"
`include "mf_codes.vh"

module board_axis_demo #(
    parameter integer ENGINE = `MF_DESIGN_BANYAN,
    parameter integer N = 4,
    parameter integer B = 8,
    parameter integer W = 16,
    parameter integer SRC_LAT = 1
) (
    input  wire        clk, rst, eng_start,
    output reg         eng_done,
    output reg  [31:0] eng_cycles, eng_errors, eng_sum
);
`include "mf_functions.vh"
`include "mf_params.vh"

  localparam integer NB = N * B;
  localparam integer AW = (mf_clog2(NB) < 1) ? 1 : mf_clog2(NB);
  localparam [31:0] NB32 = NB;
  localparam [31:0] B32 = B;

  generate
    `MF_PARAM_ERROR_IF(ENGINE != MF_DESIGN_BANYAN, g_bad_engine,
                       ERROR_board_axis_demo_ENGINE_must_be_banyan,
                       ("board_axis_demo: ENGINE must be %0d (banyan) (ENGINE=%0d)",
                        MF_DESIGN_BANYAN, ENGINE))
    `MF_PARAM_ERROR_IF(W < 4 || W > 32 || B < 1, g_bad_w, ERROR_board_axis_demo_W_must_be_4_to_32,
                       ("board_axis_demo: W must be 4..32 and B >= 1 (W=%0d B=%0d)", W, B))
  endgenerate

  // y(x) = x xor (x >> 3)
  function [W-1:0] y;
    input [W-1:0] x;
    begin
      y = x ^ (x >> 3);
    end
  endfunction

  // ---- the IP ----
  wire [N-1:0]   s_tvalid, s_tready, s_tlast, m_tvalid, m_tlast;
  wire [N*W-1:0] s_tdata, m_tdata;
  wire [31:0]    frames_in, frames_done, frames_out, ip_cycles, xchg_cycles;
  wire [31:0]    err_tlast, err_dst, err_dup, missing, conflicts;
  a2a_axis_xchg_noplan #(.ENGINE(ENGINE), .N(N), .DW(W), .B(B), .SRC_LAT(SRC_LAT)) u_ip (
      .clk(clk), .rst(rst),
      .s_axis_tvalid(s_tvalid), .s_axis_tready(s_tready), .s_axis_tdata(s_tdata),
      .s_axis_tlast(s_tlast),
      .m_axis_tvalid(m_tvalid), .m_axis_tready({N{1'b1}}), .m_axis_tdata(m_tdata),
      .m_axis_tlast(m_tlast),
      .frames_in(frames_in), .frames_done(frames_done), .frames_out(frames_out),
      .cycles(ip_cycles), .xchg_cycles(xchg_cycles), .err_tlast(err_tlast), .err_dst(err_dst),
      .err_dup(err_dup), .missing(missing), .conflicts(conflicts)
  );
  wire unused_ip = ^{frames_in, frames_done, frames_out, ip_cycles};

  // ---- the processors ----
  wire [N-1:0]  chk_v, chk_bad, chk_last;
  wire [32*N-1:0] rotv;
  reg  [N-1:0]  fin;  // ports whose frame is checked
  wire          frame_end = &(fin | (chk_v & chk_last));
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_proc
      localparam [31:0] I3 = 3 * i;
      localparam integer ROT = i % 32;
      // transmit RAM: x of every word, written back as x + 1 when the IP takes the word
      reg [W-1:0]  tx_mem [0:NB-1];
      integer p;
      initial begin
        for (p = 0; p < NB; p = p + 1) tx_mem[p] = I3[W-1:0] + 5 * p[W-1:0];
      end
      reg [AW-1:0] rd_addr;  // next word to read
      reg [AW-1:0] cur;      // the word on tdata
      reg [W-1:0]  rd_q;     // the RAM's registered read = tdata before y()
      reg          tv;
      wire         adv = !tv || s_tready[i];
      always @(posedge clk) begin
        if (adv) rd_q <= tx_mem[rd_addr];
        if (tv && s_tready[i]) tx_mem[cur] <= rd_q + 1'b1;
      end
      always @(posedge clk) begin
        if (rst) begin
          rd_addr <= {AW{1'b0}};
          cur <= {AW{1'b0}};
          tv <= 1'b0;
        end else if (adv) begin
          tv <= 1'b1;
          cur <= rd_addr;
          rd_addr <= ({{(32-AW){1'b0}}, rd_addr} == NB32 - 1) ? {AW{1'b0}} : rd_addr + 1'b1;
        end
      end
      assign s_tvalid[i] = tv;
      assign s_tdata[i*W +: W] = y(rd_q);
      assign s_tlast[i] = ({{(32-AW){1'b0}}, cur} == NB32 - 1);

      // receive RAM: written from master stream i, read back the next cycle, compared
      reg [W-1:0]  rx_mem [0:NB-1];
      reg [AW-1:0] q;       // word of the frame arriving
      reg [AW-1:0] src, blk;  // its source s and block word b
      reg [W-1:0]  nfr;     // frames received (mod 2^W)
      reg          w_v, w_last;  // stage 1: the word written in the cycle before
      reg [AW-1:0] w_addr;
      reg [W-1:0]  w_exp;
      reg          r_v, r_last;  // stage 2: its read-back in rx_q
      reg [W-1:0]  r_exp, rx_q;
      reg          c_v, c_bad, c_last;  // stage 3: compared
      reg [W-1:0]  acc;
      wire         take = m_tvalid[i];  // tready is high
      localparam [31:0] IB5 = 5 * i * B;
      /* verilator lint_off UNUSEDSIGNAL */  // only the low W bits: mod 2^W
      wire [31:0]  x32 = 3 * {{(32-AW){1'b0}}, src} + IB5 + 5 * {{(32-AW){1'b0}}, blk} +
                         {{(32-W){1'b0}}, nfr};
      /* verilator lint_on UNUSEDSIGNAL */
      always @(posedge clk) begin
        if (take) rx_mem[q] <= m_tdata[i*W +: W];
        rx_q <= rx_mem[w_addr];
      end
      always @(posedge clk) begin
        if (rst) begin
          q <= {AW{1'b0}};
          src <= {AW{1'b0}};
          blk <= {AW{1'b0}};
          nfr <= {W{1'b0}};
          w_v <= 1'b0;
          w_last <= 1'b0;
          w_addr <= {AW{1'b0}};
          w_exp <= {W{1'b0}};
          r_v <= 1'b0;
          r_last <= 1'b0;
          r_exp <= {W{1'b0}};
          c_v <= 1'b0;
          c_bad <= 1'b0;
          c_last <= 1'b0;
          acc <= {W{1'b0}};
        end else begin
          w_v <= take;
          w_last <= take && m_tlast[i];
          w_addr <= q;
          w_exp <= y(x32[W-1:0]);
          if (take) begin
            if ({{(32-AW){1'b0}}, q} == NB32 - 1) begin
              q <= {AW{1'b0}};
              src <= {AW{1'b0}};
              blk <= {AW{1'b0}};
              nfr <= nfr + 1'b1;
            end else begin
              q <= q + 1'b1;
              if ({{(32-AW){1'b0}}, blk} == B32 - 1) begin
                blk <= {AW{1'b0}};
                src <= src + 1'b1;
              end else begin
                blk <= blk + 1'b1;
              end
            end
          end
          r_v <= w_v;
          r_last <= w_last;
          r_exp <= w_exp;
          c_v <= r_v;
          c_bad <= r_v && (rx_q != r_exp);
          c_last <= r_v && r_last;
          if (frame_end) acc <= r_v ? rx_q : {W{1'b0}};  // (a next frame's first word)
          else if (r_v) acc <= acc ^ rx_q;
        end
      end
      assign chk_v[i] = c_v;
      assign chk_bad[i] = c_bad;
      assign chk_last[i] = c_last;
      // the checksum: acc includes every read-back word of the frame from the cycle after
      // the last compare's stage 2
      wire [31:0] acc32 = {{(32-W){1'b0}}, acc};
      if (ROT == 0) begin : g_rot0
        assign rotv[i*32 +: 32] = acc32;
      end else begin : g_rot
        assign rotv[i*32 +: 32] = (acc32 << ROT) | (acc32 >> (32 - ROT));
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (rst || frame_end) fin <= {N{1'b0}};
    else fin <= fin | (chk_v & chk_last);
  end

  // ---- errors, checksum, the reporter's handshake ----
  localparam integer CW = mf_clog2(N + 1);
  reg [CW-1:0] nbad;
  reg [31:0]   bad_total;
  integer k;
  always @(*) begin
    nbad = {CW{1'b0}};
    for (k = 0; k < N; k = k + 1) nbad = nbad + {{(CW-1){1'b0}}, chk_bad[k]};
  end
  reg [31:0] sum_x;
  always @(*) begin
    sum_x = 32'd0;
    for (k = 0; k < N; k = k + 1) sum_x = sum_x ^ rotv[k*32 +: 32];
  end
  reg [31:0] ip_err_q;  // the IP's error counters summed, registered
  always @(posedge clk) ip_err_q <= err_tlast + err_dst + err_dup + missing + conflicts;
  wire [31:0] err_all = bad_total + ip_err_q;

  reg         armed;
  reg  [31:0] err_mark;
  always @(posedge clk) begin
    if (rst) begin
      bad_total <= 32'd0;
      armed <= 1'b0;
      eng_done <= 1'b0;
      eng_cycles <= 32'd0;
      eng_errors <= 32'd0;
      eng_sum <= 32'd0;
      err_mark <= 32'd0;
    end else begin
      bad_total <= bad_total + {{(32-CW){1'b0}}, nbad};
      if (eng_start) begin
        armed <= 1'b1;
        eng_done <= 1'b0;
      end else if (armed && frame_end) begin
        armed <= 1'b0;
        eng_done <= 1'b1;
        eng_cycles <= xchg_cycles;
        eng_errors <= err_all - err_mark;
        err_mark <= err_all;
        eng_sum <= sum_x;
      end
    end
  end
endmodule

`default_nettype wire
