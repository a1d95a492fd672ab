#!/usr/bin/env bash
# Long randomized runs of the AXI4-Stream exchange IP (make axis-long): many frames through
# every port with random tvalid gaps and tready pauses, every word checked, status counters
# checked, a cycle limit that a deadlock or a lost word exceeds (Icarus bench
# tb/axis/a2a_axis_tb.v, a few engines, sizes, pause rates and source read latencies, two
# seeds each), then one long cocotb + cocotbext-axi run (tb/axis/run_axis.py,
# test_random_pauses) when cocotb is installed.
# Usage: scripts/axis_long.sh [FRAMES]   (default 400 per Icarus run; exit 1 on a failure)
set -uo pipefail
cd "$(dirname "$0")/.."
frames=${1:-400}
fail=0
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
incs=(); for d in $(python3 scripts/mfcores.py incdirs axis --relative); do incs+=(-I"$d"); done
mapfile -t files < <(python3 scripts/mfcores.py files axis --target sim --relative)
# ENGINE N B SCHED PIPELINE USE_TAGS DW PAUSE(/256) SRC_LAT; the codes by name (MF_* of
# rtl/common/mf_codes.vh; the banyan engine ignores SCHED)
eval "$(python3 scripts/mfparams.py sh)"
gsen=$MF_DESIGN_GSEN banyan=$MF_DESIGN_BANYAN alt=$MF_SCHED_ALT stage=$MF_SCHED_STAGE
runs=("$banyan 8 4 $stage 1 0 16 128 1" "$banyan 16 1 $stage 0 1 8 200 2"
      "$gsen 10 2 $alt 1 0 12 160 1" "$gsen 12 3 $stage 0 1 1 64 2"
      "$gsen 6 5 $alt 1 0 32 96 1" "$banyan 4 7 $stage 1 0 16 180 2")
for r in "${runs[@]}"; do
  read -r e n b s p t dw pause l <<<"$r"
  for seed in 1 2; do
    iverilog -g2005 "${incs[@]}" -Pa2a_axis_tb.ENGINE="$e" -Pa2a_axis_tb.N="$n" \
      -Pa2a_axis_tb.B="$b" -Pa2a_axis_tb.SCHED="$s" -Pa2a_axis_tb.PIPELINE="$p" \
      -Pa2a_axis_tb.USE_TAGS="$t" -Pa2a_axis_tb.DW="$dw" -Pa2a_axis_tb.PAUSE="$pause" \
      -Pa2a_axis_tb.SRC_LAT="$l" \
      -Pa2a_axis_tb.FRAMES="$frames" -Pa2a_axis_tb.SEED="$seed" -o "$work/b.vvp" "${files[@]}"
    out=$(vvp -n "$work/b.vvp")
    line=$(grep -E '^(PASS|FAIL)' <<<"$out" | tail -1)
    echo "seed $seed USE_TAGS=$t PIPELINE=$p: ${line:-FAIL: no result}"
    grep -q '^PASS' <<<"$out" || { echo "$out" | head -20; fail=1; }
  done
done
python3 tb/axis/run_axis.py --engine banyan --n 8 --b 2 --frames 3 --pause-frames 100 \
  --pause 0.5 --seed 7 --tests test_random_pauses --build-dir "$work/cocotb" >"$work/c.log" 2>&1
rc=$?
case $rc in
  0) echo "cocotb: $(grep -E '^PASS' "$work/c.log") (banyan N=8 B=2, 100 frames, pause 0.5)" ;;
  77) echo "cocotb: skipped (cocotb or cocotbext-axi not installed)" ;;
  *) tail -30 "$work/c.log"; echo "cocotb: FAIL"; fail=1 ;;
esac
[ $fail -eq 0 ] && echo "axis-long: PASS" || echo "axis-long: FAIL"
exit $fail
