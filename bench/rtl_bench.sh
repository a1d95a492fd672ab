#!/usr/bin/env bash
# RTL simulation speed of the GSEN all-to-all engine (stage control, pipelined, W = 32):
# Verilator cycles/s at N = 16, 64, 256, the same with the lockstep model attached, and
# Icarus on the N = 16 run, as ratios.  Usage: bench/rtl_bench.sh [BUILD_DIR] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
secs=${2:-2}
cmake --build "$build" --target tb_gsen_bench >/dev/null
out=$("$build/tb/engine/tb_gsen_bench" --bench "$secs")
echo "$out"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
lib=(-Irtl/common -y rtl/common -y rtl/gsen -y rtl/engine)
iverilog -g2005 "${lib[@]}" -Pgsen_engine_speed_tb.N=16 -Pgsen_engine_speed_tb.W=32 \
  -Pgsen_engine_speed_tb.REPEAT=400 -o "$work/b.vvp" tb/bench/gsen_engine_speed_tb.v
t0=$(date +%s.%N)
ic=$(vvp -n "$work/b.vvp" | sed -n 's/^CYCLES //p')
t1=$(date +%s.%N)
python3 - "$out" "$ic" "$t0" "$t1" <<'PY'
import re, sys
out, ic, t0, t1 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
rows = [dict(N=int(m[0]), v=float(m[1]), l=float(m[2]))
        for m in re.findall(r'N=(\d+) W=\d+ verilator_cps=(\d+) lockstep_cps=(\d+)', out)]
icps = ic / (t1 - t0)
print(f"{'N':>5} {'verilator c/s':>14} {'+lockstep c/s':>14} {'lockstep/bare':>14} {'verilator/icarus':>17}")
for r in rows:
    ratio = f"{r['v'] / icps:17.1f}" if r['N'] == 16 else f"{'':>17}"
    print(f"{r['N']:5d} {r['v']:14.0f} {r['l']:14.0f} {r['l'] / r['v']:14.3f} {ratio}")
print(f"icarus N=16: {icps:.0f} cycles/s ({ic} cycles in {t1 - t0:.2f} s, including start-up)")
PY
