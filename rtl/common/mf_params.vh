// mf_params.vh: the encodings shared by the minforge RTL as localparams MF_<GROUP>_<NAME>
// (included inside module bodies; no include guard on purpose, see mf_functions.vh).  Their
// values and meanings are the macros of mf_codes.vh (the one source, `MF_<GROUP>_<NAME>, for
// parameter defaults in module headers), included here.
`include "mf_codes.vh"
/* verilator lint_off UNUSEDPARAM */
localparam integer MF_CTRL_INDIV = `MF_CTRL_INDIV;
localparam integer MF_CTRL_STAGE = `MF_CTRL_STAGE;
localparam integer MF_CTRL_ALT = `MF_CTRL_ALT;
localparam integer MF_CTRL_ALT2 = `MF_CTRL_ALT2;
localparam integer MF_CTRL_ALT4 = `MF_CTRL_ALT4;
localparam integer MF_CTRL_TAG = `MF_CTRL_TAG;
localparam integer MF_SCHED_ALT = `MF_SCHED_ALT;
localparam integer MF_SCHED_STAGE = `MF_SCHED_STAGE;
localparam integer MF_SCHED_PLAYER = `MF_SCHED_PLAYER;
localparam integer MF_DESIGN_GSEN = `MF_DESIGN_GSEN;
localparam integer MF_DESIGN_BANYAN = `MF_DESIGN_BANYAN;
localparam integer MF_DESIGN_RN1 = `MF_DESIGN_RN1;
localparam integer MF_DESIGN_LCAN = `MF_DESIGN_LCAN;
localparam integer MF_DESIGN_BANYAN_FT = `MF_DESIGN_BANYAN_FT;
localparam integer MF_DESIGN_AXIS = `MF_DESIGN_AXIS;
localparam integer MF_FAULT_DEAD = `MF_FAULT_DEAD;
localparam integer MF_FAULT_STRAIGHT = `MF_FAULT_STRAIGHT;
localparam integer MF_FAULT_CROSS = `MF_FAULT_CROSS;
localparam integer MF_FTOP_IDLE = `MF_FTOP_IDLE;
localparam integer MF_FTOP_DIRECT = `MF_FTOP_DIRECT;
localparam integer MF_FTOP_FIRST = `MF_FTOP_FIRST;
localparam integer MF_FTOP_RELAY = `MF_FTOP_RELAY;
localparam integer MF_VERDICT_OK = `MF_VERDICT_OK;
localparam integer MF_VERDICT_BLOCKED = `MF_VERDICT_BLOCKED;
localparam integer MF_VERDICT_SUSPECT = `MF_VERDICT_SUSPECT;
localparam integer MF_REPLY_ACK = `MF_REPLY_ACK;
localparam integer MF_REPLY_NACK = `MF_REPLY_NACK;
/* verilator lint_on UNUSEDPARAM */

// mf_ctrl_alt_shift(control): the switch-index bit that alternating control xors into the
// stage state (0 for MF_CTRL_ALT, 1 for MF_CTRL_ALT2, 2 for MF_CTRL_ALT4); -1 for every other
// mode.
function integer mf_ctrl_alt_shift;
  input integer mf_control;
  begin
    mf_ctrl_alt_shift = (mf_control == MF_CTRL_ALT) ? 0 :
                        (mf_control == MF_CTRL_ALT2) ? 1 :
                        (mf_control == MF_CTRL_ALT4) ? 2 : -1;
  end
endfunction

// mf_ctrl_cfg_w(control, stages, ports): the width of a fabric's configuration input (in_cfg
// of gsen_fabric and banyan_fabric) under CONTROL control: a state per switch, stages *
// ports/2 bits, for MF_CTRL_INDIV; one bit per stage (the configuration number) for every
// other mode (tag control ignores it).
function integer mf_ctrl_cfg_w;
  input integer mf_control;
  input integer mf_stages;
  input integer mf_ports;
  begin
    mf_ctrl_cfg_w = (mf_control == MF_CTRL_INDIV) ? mf_stages * (mf_ports / 2) : mf_stages;
  end
endfunction
