#!/usr/bin/env bash
# Throughput of the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v), called by
# bench/rtl_bench.sh (make bench, make bench-rtl): every stream without pauses, many frames
# back to back, every word checked (the Icarus bench tb/axis/a2a_axis_tb.v, PAUSE = 0);
# sustained words per clock over all N master ports (end of frame 1 to end of the last frame
# on port 0), printed beside the limit N words per clock and as a ratio.  The IP's frame
# period is B*ROUNDS + LAT + 1 cycles for N*B words per port, so the ratio grows with B
# (target >= 0.9 at B = 16).  The cocotb test (tb/axis, test_throughput) measures the same
# figure through cocotbext-axi: 7.420 words per clock for the banyan N = 8, B = 16.
# Usage: bench/axis_bench.sh [FRAMES]     exit 1 if a run fails
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-16}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
incs=(); for d in $(python3 scripts/mfcores.py incdirs axis --relative); do incs+=(-I"$d"); done
mapfile -t files < <(python3 scripts/mfcores.py files axis --target sim --relative)
# engine | N | B | SCHED | label; the codes by name (MF_* of rtl/common/mf_codes.vh; the
# banyan engine ignores SCHED)
eval "$(python3 scripts/mfparams.py sh)"
gsen=$MF_DESIGN_GSEN banyan=$MF_DESIGN_BANYAN alt=$MF_SCHED_ALT stage=$MF_SCHED_STAGE
runs=("$banyan|8|16|$stage|banyan" "$banyan|16|16|$stage|banyan" "$gsen|10|16|$alt|GSEN alt"
      "$gsen|12|16|$stage|GSEN stage" "$banyan|8|4|$stage|banyan" "$banyan|8|32|$stage|banyan")
printf '%-12s %4s %4s %7s %12s %6s %7s\n' "axis IP" N B frames "words/clock" limit ratio
for r in "${runs[@]}"; do
  IFS='|' read -r e n b s label <<<"$r"
  iverilog -g2005 "${incs[@]}" -Pa2a_axis_tb.ENGINE="$e" -Pa2a_axis_tb.N="$n" \
    -Pa2a_axis_tb.B="$b" -Pa2a_axis_tb.SCHED="$s" -Pa2a_axis_tb.DW=16 \
    -Pa2a_axis_tb.FRAMES="$frames" -Pa2a_axis_tb.PAUSE=0 -o "$work/b.vvp" "${files[@]}"
  out=$(vvp -n "$work/b.vvp")
  if ! grep -q '^PASS' <<<"$out"; then echo "$out"; echo "axis_bench: $label N=$n B=$b failed"; exit 1; fi
  read -r wpc ratio < <(sed -n 's/^THROUGHPUT words_per_clock=\([0-9.]*\) limit=[0-9]* ratio=\([0-9.]*\).*/\1 \2/p' <<<"$out")
  printf '%-12s %4d %4d %7d %12s %6d %7s\n' "$label" "$n" "$b" "$frames" "$wpc" "$n" "$ratio"
done
