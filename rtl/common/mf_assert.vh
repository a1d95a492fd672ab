// mf_assert.vh: the one assertion layer of the minforge RTL (in the spirit of OpenTitan's
// prim_assert.sv): every run-time check in rtl/ is written with these macros, so that one
// line is an assertion in simulation and a property in the formal flow (SymbiYosys).
//
// Usage, inside a module body (also inside a generate block), one check per line:
//
//   `include "mf_assert.vh"               // at file level, before `module`
//   ...
//   `MF_ASSERT(a_count_kept, clk, rst, popcount(nv) == popcount(v))
//
// Macros (no semicolon after a call; NAME becomes the label of an always block, so it is
// unique within its scope and shows up in %m and in the formal tools' property names):
//   `MF_ASSERT(NAME, CLK, RST, COND)    at every rising CLK edge with RST low, COND holds
//                                       (the values just before the edge, as a flip-flop
//                                       samples them)
//   `MF_ASSUME(NAME, CLK, RST, COND)    the same condition on the block's inputs: a
//                                       constraint (assume) for the formal tools, an
//                                       assertion in simulation (a user who breaks it is told).
//                                       Only on the primary inputs of a top: in a block that
//                                       other RTL instantiates, an assume would also prune
//                                       the behaviours of the RTL that drives it, so such a
//                                       block states its input rules with MF_ASSERT and the
//                                       proof harness assumes them of its free inputs.
//   `MF_COVER(NAME, CLK, RST, COND)     a cover point: the formal cover run must reach a
//                                       state with COND (the property above it is not
//                                       vacuous); nothing in simulation
//   `MF_ASSERT_COMB(NAME, RST, COND)    combinational: COND holds at every instant with RST
//                                       low (formal: always @*).  Simulation evaluates it
//                                       when its inputs change, so COND must not depend on
//                                       the order of evaluation within one time step.
//
// What each tool sees
//   * FORMAL defined (Yosys `read_verilog -formal`, i.e. SymbiYosys): immediate
//     assert / assume / cover statements in always blocks.
//   * SYNTHESIS defined and not FORMAL (Yosys for synthesis): nothing.
//   * otherwise (Verilator, Icarus: Verilog-2005): a failed assertion prints
//     "<hierarchy>.<NAME>: ASSERTION FAILED at <time>" and stops the simulation ($stop;
//     the Verilated model aborts with the message, Icarus enters its stop prompt or ends
//     under -n).
//     Cover points are not counted in simulation.
//
// No include guard, on purpose (as mf_param_check.vh): a file that checks includes the
// header itself and so (re)defines the macros; the definitions are identical every time, so
// the redefinition is accepted by Verilator and Yosys, and Icarus 11 does not crash on a
// macro with arguments defined by an earlier file.
`ifdef FORMAL

`define MF_ASSERT(NAME, CLK, RST, COND) \
  always @(posedge CLK) begin : NAME \
    if (!(RST)) assert (COND); \
  end
`define MF_ASSUME(NAME, CLK, RST, COND) \
  always @(posedge CLK) begin : NAME \
    if (!(RST)) assume (COND); \
  end
`define MF_COVER(NAME, CLK, RST, COND) \
  always @(posedge CLK) begin : NAME \
    if (!(RST)) cover (COND); \
  end
`define MF_ASSERT_COMB(NAME, RST, COND) \
  always @* begin : NAME \
    if (!(RST)) assert (COND); \
  end

`elsif SYNTHESIS

`define MF_ASSERT(NAME, CLK, RST, COND)
`define MF_ASSUME(NAME, CLK, RST, COND)
`define MF_COVER(NAME, CLK, RST, COND)
`define MF_ASSERT_COMB(NAME, RST, COND)

`else

`define MF_ASSERT(NAME, CLK, RST, COND) \
  always @(posedge CLK) begin : NAME \
    if (!(RST) && !(COND)) begin \
      $display("%m: ASSERTION FAILED at %0t", $time); \
      $stop; \
    end \
  end
`define MF_ASSUME(NAME, CLK, RST, COND) `MF_ASSERT(NAME, CLK, RST, COND)
`define MF_COVER(NAME, CLK, RST, COND)
`define MF_ASSERT_COMB(NAME, RST, COND) \
  always @* begin : NAME \
    if (!(RST) && !(COND)) begin \
      $display("%m: ASSERTION FAILED at %0t", $time); \
      $stop; \
    end \
  end

`endif
