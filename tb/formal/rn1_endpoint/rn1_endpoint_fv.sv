// rn1_endpoint_fv: formal harness of rn1_endpoint, the source-responsible endpoint of
// paper 002 section 20.8.1, against the invariants docs/rn1_protocol.md ("Channels and
// words", "Endpoint") states:
//   a_one_msg     one message in flight per source: tx_ready only when no message is in
//                 flight, one completion pulse (ev_valid) per accepted message
//   a_ev          a completion reports 1..MAX_ATT attempts, a failure (ev_ok = 0) exactly
//                 MAX_ATT ("on success or after MAX_ATT attempts a completion pulse")
//   a_one_input   an attempt uses one network input at a time (never both at once)
//   a_zero_idle   a word with ctl = 0 is always sent as 9'h000 (forward and backward)
//   a_msg_shape   every attempt is exactly W = 7 + P words: header = dst << (8 - log2 NE),
//                 src (own number), dst, ..., crc, ~crc (the complementary pair)
//   a_in_en       a new attempt takes the only enabled input when exactly one in_en bit is set
//   a_reply       the destination answers every received transmission with exactly three
//                 words: ACK (A5) / NACK (5A), crc, ~crc, then ends
//   a_dlv_ack     a delivery (dlv_valid) only for a transmission it acknowledges (ACK)
//   a_no_dup      no two deliveries of the same (src, seq) in a row for a source (checked
//                 for one symbolic source: "each message reaches the user exactly once")
// Free inputs model the network and the user: src_bwd (replies), dst_fwd (arriving
// transmissions), in_en, tx_*, seed; ep_id is a free constant.  Assumption (commented
// below): the two destination ports never close transmissions naming the same source in
// the same cycle (one message in flight per source, and a retry starts only after the
// previous attempt's reply or timeout: docs/rn1_protocol.md "Endpoint").
`default_nettype none
module rn1_endpoint_fv #(
    parameter NE      = 4,
    parameter NSTAGES = 1,
    parameter P       = 1,
    parameter MAX_ATT = 2
) (
    input wire           clk,
    input wire           rst,
    input wire [15:0]    seed,
    input wire           tx_valid,
    input wire [7:0]     tx_dst,
    input wire [8*P-1:0] tx_payload,
    input wire [1:0]     in_en,
    input wire [17:0]    src_bwd,
    input wire [17:0]    dst_fwd
);
`include "mf_params.vh"  // MF_REPLY_ACK / MF_REPLY_NACK
  localparam EB = $clog2(NE);
  localparam W  = 7 + P;
  (* anyconst *) reg [7:0] ep_id;
  (* anyconst *) reg [EB-1:0] sym_src;  // the source whose deliveries are tracked

  wire           tx_ready;
  wire [17:0]    src_fwd, dst_bwd;
  wire [1:0]     dlv_valid;
  wire [15:0]    dlv_src;
  wire [31:0]    dlv_seq;
  wire [16*P-1:0] dlv_payload;
  wire           ev_valid, ev_ok;
  wire [7:0]     ev_attempts;

  rn1_endpoint #(.NE(NE), .NSTAGES(NSTAGES), .P(P), .MAX_ATT(MAX_ATT), .NPORT(2)) u_dut (
      .clk(clk), .rst(rst), .ep_id(ep_id), .seed(seed), .tx_valid(tx_valid), .tx_dst(tx_dst),
      .tx_payload(tx_payload), .tx_ready(tx_ready), .in_en(in_en), .src_fwd(src_fwd),
      .src_bwd(src_bwd), .dst_fwd(dst_fwd), .dst_bwd(dst_bwd), .dlv_valid(dlv_valid),
      .dlv_src(dlv_src), .dlv_seq(dlv_seq), .dlv_payload(dlv_payload), .ev_valid(ev_valid),
      .ev_ok(ev_ok), .ev_attempts(ev_attempts));

  initial assume (rst);
  reg past_valid = 1'b0;
  always @(posedge clk) past_valid <= 1'b1;

  // ---------------------------------------------------------------- source side
  reg       inflight;
  reg [7:0] m_dst;
  always @(posedge clk) begin
    if (rst) inflight <= 1'b0;
    else if (tx_valid && tx_ready) begin
      inflight <= 1'b1;
      m_dst    <= tx_dst;
    end else if (ev_valid) inflight <= 1'b0;
  end
  always @* begin
    if (past_valid && !rst) begin
      a_one_msg_rdy: assert (tx_ready == (!inflight || ev_valid));
      a_one_msg_ev:  assert (!ev_valid || inflight);
      if (ev_valid) begin
        a_ev: assert (ev_attempts >= 8'd1 && ev_attempts <= MAX_ATT &&
                      (ev_ok || ev_attempts == MAX_ATT));
      end
      a_one_input: assert (!(src_fwd[8] && src_fwd[17]));
      a_zero_idle: assert ((src_fwd[8] || src_fwd[7:0] == 8'd0) && (src_fwd[17] || src_fwd[16:9] == 8'd0) &&
                           (dst_bwd[8] || dst_bwd[7:0] == 8'd0) && (dst_bwd[17] || dst_bwd[16:9] == 8'd0));
    end
  end

  // attempt shape: word count and words of the run on the input in use
  reg [4:0] run;       // words of the current run so far
  reg       run_in;    // its input
  reg [7:0] prev_w;    // previous word of the run
  reg [1:0] en_prev;   // in_en of the previous cycle: when the attempt's input was picked
  wire       s_ctl  = src_fwd[8] | src_fwd[17];
  wire       s_in   = src_fwd[17];
  wire [7:0] s_word = src_fwd[17] ? src_fwd[16:9] : src_fwd[7:0];
  always @(posedge clk) begin
    en_prev  <= in_en;
    if (rst) run <= 5'd0;
    else if (s_ctl) begin
      if (run != 5'd31) run <= run + 5'd1;
      run_in <= s_in;
      prev_w <= s_word;
    end else run <= 5'd0;
  end
  always @* begin
    if (past_valid && !rst) begin
      if (s_ctl && run == 5'd0) begin
        // header: dst << (8 - log2 NE), on the only enabled input when one is set
        a_hdr: assert (s_word == (m_dst << (8 - EB)) && inflight);
        if (en_prev == 2'b01) a_in_en0: assert (!s_in);
        if (en_prev == 2'b10) a_in_en1: assert (s_in);
      end
      if (s_ctl && run != 5'd0) a_same_in: assert (s_in == run_in);
      if (s_ctl && run == 5'd1) a_src: assert (s_word == ep_id);
      if (s_ctl && run == 5'd2) a_dst: assert (s_word == m_dst);
      if (s_ctl && run == W - 1) a_pair: assert (s_word == ~prev_w);
      a_len: assert (s_ctl ? run < W : (run == 5'd0 || run == W));
    end
  end

  // ---------------------------------------------------------------- destination side
  reg [1:0] rph [0:1];     // 0 idle, 1 receiving, 2.. reply words
  reg [3:0] ridx [0:1];
  reg [7:0] rsrc [0:1];
  reg [7:0] rseq_hi [0:1];
  reg [7:0] rw1 [0:1];     // first reply word (ACK / NACK), then the crc
  reg [2:0] rcnt [0:1];    // reply words seen after the close
  reg       last_v;
  reg [15:0] last_seq;
  integer p;
  always @(posedge clk) begin
    for (p = 0; p < 2; p = p + 1) begin
      if (rst) begin
        rph[p]  <= 2'd0;
        rcnt[p] <= 3'd0;
      end else begin
        case (rph[p])
          2'd0: if (dst_fwd[9*p+8]) begin rph[p] <= 2'd1; ridx[p] <= 4'd1; end
          2'd1: if (dst_fwd[9*p+8]) begin
                  if (ridx[p] == 4'd1) rsrc[p] <= dst_fwd[9*p+:8];
                  if (ridx[p] != 4'd15) ridx[p] <= ridx[p] + 4'd1;
                end else begin
                  rph[p]  <= 2'd2;
                  rcnt[p] <= 3'd0;
                end
          default: begin
            rcnt[p] <= rcnt[p] + 3'd1;
            if (rcnt[p] == 3'd0) rw1[p] <= dst_bwd[9*p+:8];
            if (rcnt[p] == 3'd1) rw1[p] <= dst_bwd[9*p+:8];
            if (rcnt[p] == 3'd2) rph[p] <= 2'd0;  // the RTL is idle again one cycle later
          end
        endcase
      end
    end
    if (rst) last_v <= 1'b0;
    else begin
      // the last delivery of sym_src (port 1 after port 0 in one cycle: excluded by the
      // assumption below)
      if (dlv_valid[0] && dlv_src[7:0] == sym_src) begin last_v <= 1'b1; last_seq <= dlv_seq[15:0]; end
      if (dlv_valid[1] && dlv_src[15:8] == sym_src) begin last_v <= 1'b1; last_seq <= dlv_seq[31:16]; end
    end
  end
  integer pa;
  always @* begin
    if (past_valid && !rst) begin
      // assumption: the two ports do not close transmissions from the same source in one
      // cycle (one message in flight per source; attempts of one message do not overlap)
      assume (!(rph[0] == 2'd1 && !dst_fwd[8] && rph[1] == 2'd1 && !dst_fwd[17] &&
                rsrc[0] == rsrc[1]));
      for (pa = 0; pa < 2; pa = pa + 1) begin
        if (rph[pa] >= 2'd2) begin
          // reply: ACK / NACK, crc, ~crc, end
          if (rcnt[pa] == 3'd0) assert (dst_bwd[9*pa+8] && (dst_bwd[9*pa+:8] == MF_REPLY_ACK[7:0] || dst_bwd[9*pa+:8] == MF_REPLY_NACK[7:0]));
          if (rcnt[pa] == 3'd1) assert (dst_bwd[9*pa+8]);
          if (rcnt[pa] == 3'd2) assert (dst_bwd[9*pa+8] && dst_bwd[9*pa+:8] == ~rw1[pa]);  // a_reply
        end else begin
          assert (!dst_bwd[9*pa+8]);  // no reply word outside a reply (the reply ended)
        end
        // a delivery comes with the acknowledgement of its transmission
        if (dlv_valid[pa]) assert (rph[pa] >= 2'd2 && rcnt[pa] == 3'd0 && dst_bwd[9*pa+:9] == {1'b1, MF_REPLY_ACK[7:0]});  // a_dlv_ack
      end
      if (dlv_valid[0] && dlv_src[7:0] == sym_src && last_v)
        a_no_dup0: assert (dlv_seq[15:0] != last_seq);
      if (dlv_valid[1] && dlv_src[15:8] == sym_src && last_v)
        a_no_dup1: assert (dlv_seq[31:16] != last_seq);
    end
  end

  // ---------------------------------------------------------------- cover points
  always @(posedge clk) begin
    if (past_valid && !rst) begin
      c_ok:       cover (ev_valid && ev_ok);            // a message acknowledged end to end
      c_gave_up:  cover (ev_valid && !ev_ok);           // MAX_ATT attempts failed
      c_delivered: cover (dlv_valid[0]);                 // a message delivered
      c_dup_acked: cover (rph[1] >= 2'd2 && rcnt[1] == 3'd0 && dst_bwd[17:9] == {1'b1, MF_REPLY_ACK[7:0]} &&
                          !dlv_valid[1]);              // a duplicate acknowledged, not delivered
    end
  end
endmodule
