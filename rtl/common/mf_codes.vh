// mf_codes.vh: the encodings shared by the minforge RTL, its twins, harnesses and scripts,
// as macros: the one source of every code.  They are the defaults of module parameters, so
// this file is included before the module header (at file level), as mf_consts.vh; inside
// module bodies the same codes are the localparams of mf_params.vh (which includes this file).
// No include guard on purpose (as mf_consts.vh): a redefinition is the same text.
// Other copies are generated from this file by scripts/mfparams.py (C++ minforge/params.hpp,
// JSON for CMake, shell, read_codes() for Python), never written by hand.
//
// CONTROL (fabric control mode):
//   0 MF_CTRL_INDIV  individual: a full state matrix, bit s*(N/2)+y = state of switch y, stage s
//   1 MF_CTRL_STAGE  stage control: stage s state = bit (n-1-s) of the configuration number
//   2 MF_CTRL_ALT    alternating:        state(s,y) = bit (n-1-s) xor (y & 1)         (GSEN only)
//   3 MF_CTRL_ALT2   doubly alternating: state(s,y) = bit (n-1-s) xor ((y >> 1) & 1)  (GSEN only)
//   4 MF_CTRL_ALT4   quadruply alt.:     state(s,y) = bit (n-1-s) xor ((y >> 2) & 1)  (GSEN only)
//   5 MF_CTRL_TAG    tag self-routing: switch at stage s sends a message to out-subport
//                    bit (n-1-s) of its forward tag
// SCHED (GSEN all-to-all engine scheduler):
//   0 MF_SCHED_ALT     Algorithm 4, N = 2 mod 4, N rounds, configuration A_k = k xor (k >> 1)
//   1 MF_SCHED_STAGE   stage control, any even N, 2^n rounds, configuration C = k
//   2 MF_SCHED_PLAYER  replay {configuration, send mask} entries from memory
// DESIGN (the self-test a board top runs: rtl/board/<board>_top.v, synth/boards/boards.json):
//   0 MF_DESIGN_GSEN    the GSEN all-to-all engine (board_a2a_selftest, gsen_a2a_engine)
//   1 MF_DESIGN_BANYAN  the banyan all-to-all engine (board_a2a_selftest, banyan_a2a_engine)
//   2 MF_DESIGN_RN1     the RN1 16x16 network of Fig. 20.9 (board_rn1_selftest; ULX3S only)
//   3 MF_DESIGN_LCAN    the CB-LCAN routing random permutations (board_lcan_selftest; HX8K)
//   4 MF_DESIGN_BANYAN_FT  the fault-tolerant banyan engine around a dead element, its plan
//                      from the model's image (board_a2a_selftest, board_xpose; HX8K)
//   5 MF_DESIGN_AXIS    the AXI4-Stream exchange IP between block-RAM processors, frame after
//                      frame (board_axis_demo, a2a_axis_xchg; iCEBreaker)
// FAULT (kind of a faulty banyan element: banyan_fabric's fault_kind port, 2 bits):
//   0 MF_FAULT_DEAD      both outputs invalid: the element delivers nothing (3 acts as 0)
//   1 MF_FAULT_STRAIGHT  stuck straight: ignores configuration and tags
//   2 MF_FAULT_CROSS     stuck cross: ignores configuration and tags
// FTOP (op field [1:0] of a banyan_ft_engine plan entry, banyan::FtOp):
//   0 MF_FTOP_IDLE    nothing sent
//   1 MF_FTOP_DIRECT  own message sent straight to its destination
//   2 MF_FTOP_FIRST   own message sent as a first hop into a relay slot
//   3 MF_FTOP_RELAY   second hop: the message of a relay slot sent on
// VERDICT (RN1 decoder verdict kind, rn1_decoder's kind port, 2 bits):
//   0 MF_VERDICT_OK       delivered
//   1 MF_VERDICT_BLOCKED  refused by a blocked (intact) router
//   2 MF_VERDICT_SUSPECT  failed check or lost reply: candidate links named
// REPLY (RN1 endpoint reply code, the ACK/NACK word, 8 bits; docs/rn1_protocol.md):
//   8'hA5 MF_REPLY_ACK   message accepted
//   8'h5A MF_REPLY_NACK  message rejected (bad length, address or CRC)
`define MF_CTRL_INDIV 0
`define MF_CTRL_STAGE 1
`define MF_CTRL_ALT 2
`define MF_CTRL_ALT2 3
`define MF_CTRL_ALT4 4
`define MF_CTRL_TAG 5
`define MF_SCHED_ALT 0
`define MF_SCHED_STAGE 1
`define MF_SCHED_PLAYER 2
`define MF_DESIGN_GSEN 0
`define MF_DESIGN_BANYAN 1
`define MF_DESIGN_RN1 2
`define MF_DESIGN_LCAN 3
`define MF_DESIGN_BANYAN_FT 4
`define MF_DESIGN_AXIS 5
`define MF_FAULT_DEAD 0
`define MF_FAULT_STRAIGHT 1
`define MF_FAULT_CROSS 2
`define MF_FTOP_IDLE 0
`define MF_FTOP_DIRECT 1
`define MF_FTOP_FIRST 2
`define MF_FTOP_RELAY 3
`define MF_VERDICT_OK 0
`define MF_VERDICT_BLOCKED 1
`define MF_VERDICT_SUSPECT 2
`define MF_REPLY_ACK 'hA5
`define MF_REPLY_NACK 'h5A
