#!/usr/bin/env bash
# RTL simulation speed of the GSEN all-to-all engine (stage control, pipelined, W = 32):
# Verilator cycles/s at N = 16, 64, 256 alone and with the twin attached (every output
# compared every cycle, tb/a2a: a2a_speed), measured side by side in one run, and Icarus on
# the N = 16 run, as ratios.  The Verilated models are built twice when the build compiles
# generated code with another compiler (MINFORGE_VERILATED_CXX, clang++): with the project's
# compiler (what `verilator --build` uses by default) and with that one, each its own table.
# Usage: bench/rtl_bench.sh [BUILD_DIR] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
secs=${2:-2}
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
vlcxx=$(sed -n 's/^MINFORGE_VERILATED_CXX:[A-Z]*=//p' "$build/CMakeCache.txt")
sets=("tb_gsen_speed_n|$(basename "$cxx")")
if cmake --build "$build" --target help 2>/dev/null | grep tb_gsen_speed_vlcxx_n16 >/dev/null; then
  sets+=("tb_gsen_speed_vlcxx_n|$(basename "$vlcxx")")
fi
out=""
for s in "${sets[@]}"; do
  exe=${s%%|*}
  cmake --build "$build" --target "${exe}16" "${exe}64" "${exe}256" >/dev/null
  for n in 16 64 256; do
    out+=$("$build/tb/a2a/${exe}$n" --speed "$secs" | sed "s|^|${s#*|} |")$'\n'
  done
done
echo "$out"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
lib=()  # include and module-search folders of the engines core (scripts/mfcores.py)
for d in $(python3 scripts/mfcores.py incdirs engines --relative); do lib+=(-I"$d"); done
for d in $(python3 scripts/mfcores.py srcdirs engines --relative); do lib+=(-y "$d"); done
# Icarus: two runs (40 and 400 exchanges); the difference removes start-up/elaboration.
icarus_run() {
  iverilog -g2005 "${lib[@]}" -Pgsen_engine_speed_tb.N=16 -Pgsen_engine_speed_tb.W=32 \
    -Pgsen_engine_speed_tb.REPEAT="$1" -o "$work/b$1.vvp" tb/icarus/gsen_engine_speed_tb.v
  local t0 t1 c
  t0=$(date +%s.%N)
  c=$(vvp -n "$work/b$1.vvp" | sed -n 's/^CYCLES //p')
  t1=$(date +%s.%N)
  echo "$c $t0 $t1"
}
read -r c1 a1 b1 < <(icarus_run 40)
read -r c2 a2 b2 < <(icarus_run 400)
python3 - "$out" "$c1" "$a1" "$b1" "$c2" "$a2" "$b2" <<'PY'
import re, sys
out = sys.argv[1]
c1, a1, b1, c2, a2, b2 = int(sys.argv[2]), *map(float, sys.argv[3:5]), int(sys.argv[5]), *map(float, sys.argv[6:8])
rows = [dict(cxx=m[0], N=int(m[1]), v=float(m[2]), l=float(m[3]))
        for m in re.findall(r'(\S+) SPEED N=(\d+) W=\d+ verilator_cps=(\d+) lockstep_cps=(\d+)', out)]
icps = (c2 - c1) / ((b2 - a2) - (b1 - a1))
print(f"{'model compiler':>15} {'N':>5} {'verilator c/s':>14} {'+lockstep c/s':>14} {'lockstep/bare':>14} {'verilator/icarus':>17}")
for r in rows:
    ratio = f"{r['v'] / icps:17.1f}" if r['N'] == 16 else f"{'':>17}"
    print(f"{r['cxx']:>15} {r['N']:5d} {r['v']:14.0f} {r['l']:14.0f} {r['l'] / r['v']:14.3f} {ratio}")
print(f"icarus N=16: {icps:.0f} cycles/s ({c2 - c1} cycles in {(b2 - a2) - (b1 - a1):.2f} s: "
      f"{c2} cycles in {b2 - a2:.2f} s minus {c1} in {b1 - a1:.2f} s)")
PY
# the AXI4-Stream exchange IP's sustained words per clock beside the limit N (Icarus)
bash bench/axis_bench.sh
