// mf_consts.vh: single constants shared by the minforge RTL, its twins and harnesses, as
// macros: they are the defaults of module parameters, so this file is included before the
// module header (at file level), unlike mf_params.vh (localparams, inside module bodies).
// No include guard on purpose (as mf_params.vh): a redefinition is the same text.
// Other copies are generated from this file by scripts/mfparams.py (C++ minforge/params.hpp:
// params::kRn1LfsrTaps ...; JSON group CONST; shell MF_CONST_*), never written by hand.
//
//   MF_RN1_LFSR_TAPS  feedback mask of the RN1 LFSR (rn1_lfsr.v): Galois, 16 bits,
//                     x^16 + x^14 + x^13 + x^11 + 1 (maximal length)
//   MF_UART_BAUD      UART bit rate of every board top (8N1)
//   MF_SELFTEST_SEED  default seed of the board self-tests' random sources (RN1, LCAN)
`define MF_RN1_LFSR_TAPS 16'hB400
`define MF_UART_BAUD 115200
`define MF_SELFTEST_SEED 16'hACE1
