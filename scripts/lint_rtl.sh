#!/usr/bin/env bash
# Lints every RTL file with Verilator -Wall (each top alone) and compiles it with Icarus -g2005.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find rtl -name '*.v' | sort)
[ ${#files[@]} -eq 0 ] && { echo "lint: no RTL yet"; exit 0; }
incs=$(find rtl -type d -printf '-I%p ')
fail=0
for f in "${files[@]}"; do
  if ! verilator --lint-only -Wall $incs "$f"; then echo "lint: verilator: $f"; fail=1; fi
done
if ! iverilog -g2005 -o /dev/null $incs "${files[@]}"; then echo "lint: iverilog failed"; fail=1; fi
[ $fail -eq 0 ] && echo "lint: ${#files[@]} files clean (verilator -Wall, iverilog -g2005)"
exit $fail
