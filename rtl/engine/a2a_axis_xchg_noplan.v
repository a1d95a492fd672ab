// a2a_axis_xchg_noplan: the AXI4-Stream exchange IP a2a_axis_xchg for its GSEN and banyan
// engines (ENGINE 0, 1), with the plan and fault ports of the fault-tolerant engine (ENGINE 4)
// tied to 0 and its relay counters (0 for ENGINE 0, 1) left out: the one place that ties them
// off for every instance that does not load a plan (rtl/board/board_axis_demo.v,
// tb/axis/a2a_axis_tb.v, the formal harness tb/formal/a2a_axis_xchg).  The plan port's widths
// are those of a2a_functions.vh at banyan_ft_engine's default depths (a2a_ft_plan_depth,
// a2a_ft_relay_depth), passed to the IP.  Behaviour, throughput and latency: a2a_axis_xchg.
//
// Parameters
//   ENGINE     0 (MF_DESIGN_GSEN) or 1 (MF_DESIGN_BANYAN); 4 needs the plan port
//              (a2a_axis_xchg itself) and stops elaboration here
//   N, DW, B, SCHED, PIPELINE, USE_TAGS, SRC_LAT   as a2a_axis_xchg
// Derived: PD, RD (the IP's PLAN_DEPTH, RELAY_DEPTH), PAW, PLW, EW (its plan port widths) by
//   the functions of a2a_functions.vh, FSW, FEW (its fault port widths) by banyan_fsw,
//   banyan_few (rtl/banyan/banyan_functions.vh, included by a2a_functions.vh)
// Ports: those of a2a_axis_xchg without plan_*, fault_*, relay_miss and relay_ovf
// Timing: a2a_axis_xchg's (every output a register output).
`default_nettype none
`include "mf_param_check.vh"
`include "mf_codes.vh"

module a2a_axis_xchg_noplan #(
    parameter integer ENGINE = `MF_DESIGN_BANYAN,
    parameter integer N = 8,
    parameter integer DW = 8,
    parameter integer B = 4,
    parameter integer SCHED = `MF_SCHED_STAGE,
    parameter integer PIPELINE = 1,
    parameter integer USE_TAGS = 0,
    parameter integer SRC_LAT = 1
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [N-1:0]    s_axis_tvalid,
    output wire [N-1:0]    s_axis_tready,
    input  wire [N*DW-1:0] s_axis_tdata,
    input  wire [N-1:0]    s_axis_tlast,
    output wire [N-1:0]    m_axis_tvalid,
    input  wire [N-1:0]    m_axis_tready,
    output wire [N*DW-1:0] m_axis_tdata,
    output wire [N-1:0]    m_axis_tlast,
    output wire [31:0]     frames_in,
    output wire [31:0]     frames_done,
    output wire [31:0]     frames_out,
    output wire [31:0]     cycles,
    output wire [31:0]     xchg_cycles,
    output wire [31:0]     err_tlast,
    output wire [31:0]     err_dst,
    output wire [31:0]     err_dup,
    output wire [31:0]     missing,
    output wire [31:0]     conflicts
);
`include "mf_params.vh"
`include "mf_functions.vh"
`include "a2a_functions.vh"

  localparam integer PD = a2a_ft_plan_depth(N);
  localparam integer RD = a2a_ft_relay_depth(N);
  localparam integer PAW = a2a_ft_paw(PD);
  localparam integer PLW = a2a_ft_plw(PD);
  localparam integer EW = a2a_ft_ew(N, RD);
  localparam integer FSW = banyan_fsw(N);
  localparam integer FEW = banyan_few(N);

  generate
    `MF_PARAM_ERROR_IF(ENGINE == MF_DESIGN_BANYAN_FT, g_bad_engine,
                       ERROR_a2a_axis_xchg_noplan_ENGINE_4_needs_the_plan_port,
                       ("a2a_axis_xchg_noplan: ENGINE 4 (banyan FT) needs the plan port: use a2a_axis_xchg (ENGINE=%0d)",
                        ENGINE))
  endgenerate

  wire [31:0] relay_miss, relay_ovf;
  a2a_axis_xchg #(
      .ENGINE(ENGINE), .N(N), .DW(DW), .B(B), .SCHED(SCHED), .PIPELINE(PIPELINE),
      .USE_TAGS(USE_TAGS), .SRC_LAT(SRC_LAT), .PLAN_DEPTH(PD), .RELAY_DEPTH(RD)
  ) u_ip (
      .clk(clk), .rst(rst),
      .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
      .s_axis_tdata(s_axis_tdata), .s_axis_tlast(s_axis_tlast),
      .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
      .m_axis_tdata(m_axis_tdata), .m_axis_tlast(m_axis_tlast),
      .plan_wr_en(1'b0), .plan_wr_addr({PAW{1'b0}}), .plan_wr_data({EW{1'b0}}),
      .plan_len({PLW{1'b0}}), .fault_en(1'b0), .fault_stage({FSW{1'b0}}),
      .fault_elem({FEW{1'b0}}), .fault_kind(2'b00),
      .frames_in(frames_in), .frames_done(frames_done), .frames_out(frames_out),
      .cycles(cycles), .xchg_cycles(xchg_cycles), .err_tlast(err_tlast), .err_dst(err_dst),
      .err_dup(err_dup), .missing(missing), .conflicts(conflicts),
      .relay_miss(relay_miss), .relay_ovf(relay_ovf)
  );
  // the fault-tolerant engine's counters: 0 for ENGINE 0 and 1
  wire unused_relay = ^{relay_miss, relay_ovf};
endmodule

`default_nettype wire
