#!/usr/bin/env bash
# Regenerates the AXI4-Stream IP's timing diagram (docs/engines/axis_timing.json and .svg,
# docs/engines.md "AXI4-Stream IP") from a simulation: the Icarus bench tb/axis/a2a_axis_tb.v
# (banyan N = 4, B = 2, DW = 8, 4 frames, no pauses) dumps a VCD, tb/axis/vcd2wavedrom.py
# cuts cycles 3..50 of it (port 0's streams, the bank pointers and the engine's start/busy).
# Usage: tb/axis/axis_wave.sh   (the SVG needs the wavedrom Python package: make deps)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
incs=(); for d in $(python3 scripts/mfcores.py incdirs axis --relative); do incs+=(-I"$d"); done
mapfile -t files < <(python3 scripts/mfcores.py files axis --target sim --relative)
iverilog -g2005 "${incs[@]}" -Pa2a_axis_tb.N=4 -Pa2a_axis_tb.B=2 -Pa2a_axis_tb.DW=8 \
  -Pa2a_axis_tb.FRAMES=4 -Pa2a_axis_tb.PAUSE=0 -o "$work/w.vvp" "${files[@]}"
vvp -n "$work/w.vvp" +vcd="$work/w.vcd" | grep '^PASS'
svg=()
python3 -c "import wavedrom" 2>/dev/null && svg=(--svg docs/engines/axis_timing.svg)
T=a2a_axis_tb; D=$T.u_dut
python3 tb/axis/vcd2wavedrom.py "$work/w.vcd" --clock $T.clk --from 3 --cycles 48 \
  --out docs/engines/axis_timing.json "${svg[@]}" \
  --title "a2a_axis_xchg, banyan N=4, B=2: port 0 of 4, frames back to back (cycles from reset)" \
  "s_axis_tvalid[0]=$T.s_tvalid[0]" "s_axis_tready[0]=$T.s_tready[0]" \
  "s_axis_tdata[0]=$T.s_tdata[7:0]" "s_axis_tlast[0]=$T.s_tlast[0]" \
  "load bank L=$D.lb" "source banks full=$D.sfull" "engine start=$D.e_start" \
  "engine busy=$D.e_busy" "exchange bank X=$D.xb" "sink banks full=$D.kfull" \
  "drain bank D=$D.db" "m_axis_tvalid[0]=$T.m_tvalid[0]" "m_axis_tready[0]=$T.m_tready[0]" \
  "m_axis_tdata[0]=$T.m_tdata[7:0]" "m_axis_tlast[0]=$T.m_tlast[0]" \
  "frames_done=$D.frames_done"
echo "wrote docs/engines/axis_timing.json ${svg[*]}"
