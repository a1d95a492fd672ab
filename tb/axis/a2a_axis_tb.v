// a2a_axis_tb: Icarus bench of the AXI4-Stream exchange IP a2a_axis_xchg (the FuseSoC core
// minforge:minforge:axis, target sim; scripts/axis_long.sh runs it long).  FRAMES frames go
// through all N slave ports with pseudo-random tvalid gaps (tvalid is only changed after a
// handshake or while low, as AXI4-Stream requires) and leave through all N master ports
// with pseudo-random tready pauses; PAUSE/256 is the probability of a pause cycle on every
// port.  The words are a hash of (frame, source, word): master port j's word s*B + b of frame
// f must be word j*B + b of frame f of slave port s, tlast on the N*B-th word.  Every word is
// checked; at the end the status counters (frames in / done / out = FRAMES, every error
// counter 0).  PASS or FAIL line ($fatal on failure); a run that does not end within its
// cycle limit (a deadlock or a lost word) fails.  PAUSE = 0: also the sustained words per
// clock (end of frame 1 to end of the last frame on master port 0) beside the limit N.
// +vcd=<file> dumps a VCD (tb/axis/vcd2wavedrom.py cuts the timing diagram from it).
//
// Parameters: ENGINE, N, DW, B, SCHED, PIPELINE, USE_TAGS, SRC_LAT as a2a_axis_xchg; FRAMES frames
//   (>= 3); PAUSE pause probability x 256 (0..200); SEED the pauses' and the data's seed
`timescale 1ns / 1ps
`default_nettype none

module a2a_axis_tb;
`include "mf_params.vh"  // the codes by name (MF_*)
  parameter integer ENGINE = MF_DESIGN_BANYAN;
  parameter integer N = 8;
  parameter integer DW = 16;
  parameter integer B = 4;
  parameter integer SCHED = MF_SCHED_STAGE;
  parameter integer PIPELINE = 1;
  parameter integer USE_TAGS = 0;
  parameter integer SRC_LAT = 1;
  parameter integer FRAMES = 6;
  parameter integer PAUSE = 64;
  parameter integer SEED = 1;

  localparam integer NB = N * B;
  // a frame period without pauses is < 2*N*B + 64 cycles; pauses stretch it at most
  // 1/(1-p)^2 on average: the limit is 8 times that
  localparam integer LIMIT0 = (FRAMES + 3) * (2 * NB + 64) * 8;
  localparam integer LIMIT = LIMIT0 * 256 / (256 - PAUSE) * 256 / (256 - PAUSE);

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = ~clk;

  wire [N-1:0]    s_tvalid, s_tready, s_tlast, m_tvalid, m_tready, m_tlast;
  wire [N*DW-1:0] s_tdata, m_tdata;
  wire [31:0] frames_in, frames_done, frames_out, cycles, xchg_cycles;
  wire [31:0] err_tlast, err_dst, err_dup, missing, conflicts;
  // the IP with the fault-tolerant engine's plan port tied off (a2a_axis_xchg_noplan;
  // ENGINE 4 is not run by this bench: tb/axis/run_axis.py --engine banyan-ft and tb_a2a_axis load
  // its plan)
  a2a_axis_xchg_noplan #(.ENGINE(ENGINE), .N(N), .DW(DW), .B(B), .SCHED(SCHED),
                         .PIPELINE(PIPELINE), .USE_TAGS(USE_TAGS), .SRC_LAT(SRC_LAT)) u_dut (
    .clk(clk), .rst(rst),
    .s_axis_tvalid(s_tvalid), .s_axis_tready(s_tready), .s_axis_tdata(s_tdata),
    .s_axis_tlast(s_tlast),
    .m_axis_tvalid(m_tvalid), .m_axis_tready(m_tready), .m_axis_tdata(m_tdata),
    .m_axis_tlast(m_tlast),
    .frames_in(frames_in), .frames_done(frames_done), .frames_out(frames_out),
    .cycles(cycles), .xchg_cycles(xchg_cycles), .err_tlast(err_tlast), .err_dst(err_dst),
    .err_dup(err_dup), .missing(missing), .conflicts(conflicts)
  );

  // the word of frame f, source s, slave-stream position x (a 32-bit mix, cut to DW bits)
  function [DW-1:0] word;
    input integer f, s, x;
    reg [31:0] h;
    begin
      h = f * 32'h9E3779B1 ^ s * 32'h85EBCA77 ^ x * 32'hC2B2AE3D ^ SEED * 32'h27D4EB2F;
      h = h ^ (h >> 15);
      h = h * 32'h2C1B3C6D;
      h = h ^ (h >> 12);
      word = h[DW-1:0];
    end
  endfunction

  integer errors = 0;
  integer rx_done = 0;     // master ports that have all FRAMES frames
  integer end1 = 0;        // cycle of the end of frame 1 on master port 0
  integer endl = 0;        // cycle of the end of the last frame on master port 0

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_port
      // slave stream i
      integer sseed = SEED * 1000003 + i * 7 + 1;
      integer sf = 0, sx = 0;
      integer nf;  // frames sent after this edge
      reg sv = 1'b0;
      assign s_tvalid[i] = sv;
      assign s_tdata[i*DW +: DW] = word(sf, i, sx);
      assign s_tlast[i] = (sx == NB - 1);
      always @(posedge clk) begin
        if (!rst) begin
          nf = sf;
          if (sv && s_tready[i]) begin
            if (sx == NB - 1) begin
              sx <= 0;
              nf = sf + 1;
            end else begin
              sx <= sx + 1;
            end
          end
          sf <= nf;
          if (!sv || s_tready[i]) sv <= (nf < FRAMES) && (($random(sseed) & 255) >= PAUSE);
        end
      end
      // master stream i
      integer mseed = SEED * 999983 + i * 13 + 5;
      integer rf = 0, rx = 0;
      reg mr = 1'b0;
      assign m_tready[i] = mr;
      always @(posedge clk) begin
        if (!rst) begin
          if (m_tvalid[i] && mr) begin
            if (rf >= FRAMES) begin
              errors = errors + 1;
              $display("FAIL: master %0d: a word after the last frame", i);
            end else if (m_tdata[i*DW +: DW] !== word(rf, rx / B, i * B + rx % B) ||
                         m_tlast[i] !== (rx == NB - 1)) begin
              errors = errors + 1;
              if (errors <= 8)
                $display("FAIL: master %0d frame %0d word %0d: %h tlast %b, expected %h tlast %b",
                         i, rf, rx, m_tdata[i*DW +: DW], m_tlast[i],
                         word(rf, rx / B, i * B + rx % B), rx == NB - 1);
            end
            if (rx == NB - 1) begin
              rx = 0;
              rf = rf + 1;
              if (i == 0 && rf == 2) end1 = cycles;
              if (i == 0 && rf == FRAMES) endl = cycles;
              if (rf == FRAMES) rx_done = rx_done + 1;
            end else begin
              rx = rx + 1;
            end
          end
          mr <= (($random(mseed) & 255) >= PAUSE);
        end
      end
    end
  endgenerate

  reg [1023:0] vcd;
  integer c;
  real wpc;
  initial begin
    if ($value$plusargs("vcd=%s", vcd)) begin
      $dumpfile(vcd);
      $dumpvars(0, a2a_axis_tb);
    end
    repeat (3) @(posedge clk);
    rst <= 1'b0;
    c = 0;
    while (rx_done < N && c < LIMIT) begin
      @(posedge clk);
      c = c + 1;
    end
    repeat (4) @(posedge clk);
    if (rx_done < N) begin
      errors = errors + 1;
      $display("FAIL: %0d of %0d master ports finished in %0d cycles (deadlock or lost words)",
               rx_done, N, LIMIT);
    end
    if (frames_in != FRAMES || frames_done != FRAMES || frames_out != FRAMES ||
        err_tlast != 0 || err_dst != 0 || err_dup != 0 || missing != 0 || conflicts != 0) begin
      errors = errors + 1;
      $display("FAIL: status frames in/done/out %0d/%0d/%0d, errors tlast %0d dst %0d dup %0d missing %0d conflicts %0d",
               frames_in, frames_done, frames_out, err_tlast, err_dst, err_dup, missing,
               conflicts);
    end
    if (PAUSE == 0 && rx_done == N) begin
      wpc = 1.0 * (FRAMES - 2) * N * NB / (endl - end1);
      $display("THROUGHPUT words_per_clock=%0.3f limit=%0d ratio=%0.4f frame_period=%0.1f",
               wpc, N, wpc / N, 1.0 * (endl - end1) / (FRAMES - 2));
    end
    if (errors == 0)
      $display("PASS: a2a_axis_xchg ENGINE=%0d N=%0d B=%0d DW=%0d SRC_LAT=%0d: %0d frames, pause %0d/256, %0d words per port checked, %0d cycles",
               ENGINE, N, B, DW, SRC_LAT, FRAMES, PAUSE, FRAMES * NB, cycles);
    else begin
      $display("FAIL: %0d errors", errors);
      $fatal(1);
    end
    $finish;
  end
endmodule

`default_nettype wire
