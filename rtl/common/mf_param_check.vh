// mf_param_check.vh: the one way a minforge module refuses illegal parameters (in the spirit
// of OpenTitan's prim_assert.sv: one header of macros, included by every file that checks).
//
// Usage, inside a module body, in a generate region, one check per illegal condition:
//
//   `include "mf_param_check.vh"          // at file level, before `module`
//   ...
//   generate
//     `MF_PARAM_ERROR_IF(N % 2 != 0, g_bad_n_odd, ERROR_gsen_fabric_N_must_be_even,
//                        ("gsen_fabric: N must be even (N=%0d)", N))
//   endgenerate
//
// Arguments
//   COND    the illegal condition, a constant expression of the parameters
//   BLOCK   name of the generate block (g_bad_<what>), unique within the module
//   ERRMOD  name of a module that does not exist: ERROR_<module>_<reason>.  Verilog-2005
//           has no token pasting, so the whole name is written out at the call
//   MSG     the arguments of $error in an extra pair of parentheses, so that their commas
//           do not split the macro arguments: ("<module>: <reason> (X=%0d)", X)
// No semicolon after the call (an empty module item is not Verilog-2005).
//
// When COND holds, the branch is elaborated and every tool stops with the module's message:
//   * Verilator prints the $error text (%Warning-USERERROR, fatal by default) and, even with
//     -Wno-fatal, stops on the unresolvable ERRMOD.  Verilator does not look up modules in
//     generate branches that are not elaborated, so legal parameters lint clean;
//   * Yosys stops with "ERROR: <the $error format string>" (it does not format arguments);
//   * Icarus 11 rejects elaboration-time $error even in branches that are not taken (a
//     syntax error for legal parameters too), so under Icarus (__ICARUS__) the $error is
//     left out and Icarus stops with "Unknown module type: ERROR_<module>_<reason>".
// scripts/lint_rtl.sh checks that each illegal parameter set stops all three tools with
// these texts.
//
// No include guard, on purpose: every file that checks includes the header (at file level,
// before `module`) and so (re)defines the macros itself.  Icarus 11 crashes when a file it
// loads as a library module (-y) uses a macro with arguments that an earlier file defined;
// a file's own definition works.  The definitions are identical every time, so Verilator
// (REDEFMACRO is only for a different text) and Yosys accept the redefinition silently.
`ifdef __ICARUS__
`define MF_PARAM_ERROR_TASK_(MSG)
`else
`define MF_PARAM_ERROR_TASK_(MSG) $error MSG;
`endif

`define MF_PARAM_ERROR_IF(COND, BLOCK, ERRMOD, MSG) \
  if (COND) begin : BLOCK \
    ERRMOD u_bad_param (); \
    `MF_PARAM_ERROR_TASK_(MSG) \
  end
