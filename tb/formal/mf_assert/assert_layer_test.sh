#!/usr/bin/env bash
# The assertion layer (rtl/common/mf_assert.vh) in simulation: mf_assert_demo runs clean
# with STEP = 1, and with the planted bug STEP = 2 its MF_ASSERT stops Icarus and the
# Verilated model with "ASSERTION FAILED".  (The formal side: tb/formal/mf_assert/mf_assert.sby
# through tb/formal/run.py.)  CTest rtl.assert_layer.  Exit 0 = both simulators behave.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail=0
src=("$here/mf_assert_tb.v" "$here/mf_assert_demo.v")
expect() {  # expect <tool> <step> <output file> <exit status>
  local tool=$1 step=$2 out=$3 rc=$4
  if [ "$step" = 1 ]; then
    if grep -q "ASSERTION FAILED" "$out" || [ "$rc" -ne 0 ]; then
      echo "FAIL $tool STEP=1: an assertion fired on the clean design (exit $rc)"; cat "$out"; fail=1
    else echo "ok   $tool STEP=1: clean"; fi
  else
    if grep -q "u_dut.a_in_range.*ASSERTION FAILED\|u_dut.a_in_range_comb.*ASSERTION FAILED" "$out"; then
      echo "ok   $tool STEP=2: the planted bug stopped the simulation: $(grep -m1 'ASSERTION FAILED' "$out")"
    else echo "FAIL $tool STEP=2: the planted bug went unnoticed (exit $rc)"; cat "$out"; fail=1; fi
  fi
}
for step in 1 2; do
  if iverilog -g2005 -I"$root/rtl/common" -P mf_assert_tb.STEP=$step -o "$work/i$step" "${src[@]}" \
      >"$work/ic$step.log" 2>&1; then
    vvp -n "$work/i$step" >"$work/i$step.log" 2>&1; rc=$?
    expect icarus $step "$work/i$step.log" $rc
  else echo "FAIL icarus STEP=$step does not compile"; cat "$work/ic$step.log"; fail=1; fi
  if verilator --binary -Wno-fatal -Wno-STMTDLY --timing -I"$root/rtl/common" -GSTEP=$step \
      --top-module mf_assert_tb -Mdir "$work/v$step" "${src[@]}" >"$work/vc$step.log" 2>&1; then
    ( "$work/v$step/Vmf_assert_tb" >"$work/v$step.log" 2>&1 ) 2>/dev/null; rc=$?
    expect verilator $step "$work/v$step.log" $rc
  else echo "FAIL verilator STEP=$step does not build"; tail -20 "$work/vc$step.log"; fail=1; fi
done
exit $fail
