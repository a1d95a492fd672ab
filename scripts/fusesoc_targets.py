#!/usr/bin/env python3
"""Runs the FuseSoC targets of every minforge core through the real `fusesoc` command.

Every target whose flow is `lint` or `sim` is run (Verilator -Wall, the Icarus benches),
each with its default parameters, plus the parameter sets of EXTRA_RUNS below.  Every other
target (the board builds: icestorm / trellis flows) is set up only (`fusesoc run --setup`:
the core resolves and the EDA files are written, no tool runs), so that a broken build
target fails here without hours of place-and-route.  The targets come from the cores
themselves (scripts/mfcores.py list), so a new target is tested without editing this file.

A run fails when
  * fusesoc exits non-zero (a tool failed: a lint warning, a failing bench, ...);
  * its output has a FuseSoC WARNING or ERROR line (e.g. a core that does not parse and is
    silently ignored) or mentions a deprecation (the tool API's `default_tool`/`tools:`
    keys, files outside the core's directory: FutureWarning, DeprecationWarning);
  * a sim target prints no line starting with PASS, or a line starting with FAIL.

FuseSoC's default build root is ./build (this project's CMake build directory), so the
build root is always given: --build-root DIR (CTest passes one inside its binary
directory).  DIR gets a FUSESOC_IGNORE file (FuseSoC and mfcores.py never look for cores
there) and an empty fusesoc.conf, so that no library of the user's own configuration is
mixed in.

Usage: fusesoc_targets.py --build-root DIR [--fusesoc EXE] [--cli MINFORGE] [--only CORE[:TARGET]]... [-v]
(--cli: the minforge command, for the targets that load a file the model writes, MODEL_FILES.)
Exit code 0 when every run passed; 1 when one failed; 2 on bad arguments.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mfcores  # noqa: E402
import mfparams  # noqa: E402  (the codes of rtl/common/mf_codes.vh)

_CODES = mfparams.read_codes()
CTRL, SCHED, DESIGN = _CODES["CTRL"], _CODES["SCHED"], _CODES["DESIGN"]

# (core, target, parameters): runs beyond each target's defaults, for the parameters that
# choose another design or another check (the benches' fault and cut-off scenarios).  The
# expensive scenarios that scripts/icarus_smoke.sh runs on the same benches (RN1 cut-off,
# hypercube D = 6, the D = 8 lint of scripts/lint_rtl.sh) are run here at a cheaper size:
# this test proves the targets and their parameters, the other two the designs.  (The ULX3S
# tops' DESIGN parameter is proven on the iCEBreaker and HX8K targets: its N = 64 lint runs
# took 10-12 s each; scripts/lint_rtl.sh lints those designs with MINFORGE_LINT_LARGE.)
EXTRA_RUNS = [
    ("fabrics", "sim_gsen", {"PIPELINE": 0}),
    ("fabrics", "lint_gsen", {"N": 16, "CONTROL": CTRL["tag"]}),
    ("fabrics", "lint_banyan", {"N": 16, "CONTROL": CTRL["tag"], "PIPELINE": 0}),
    ("engines", "sim", {"ENGINE": DESIGN["banyan"], "N": 16, "FAULT": 1, "FAULT_STAGE": 1,
                        "FAULT_ELEM": 1}),
    ("engines", "sim", {"ENGINE": DESIGN["gsen"], "N": 12, "SCHED": SCHED["stage"], "USE_TAGS": 1}),
    ("engines", "sim", {"ENGINE": DESIGN["gsen"], "N": 6, "W": 12, "SCHED": SCHED["player"],
                        "PLAYER_CONTROL": CTRL["alt"], "PLAYER_LEN": 6, "PLAYER_WRITE": 1}),
    ("axis", "sim", {"ENGINE": DESIGN["gsen"], "N": 6, "SCHED": SCHED["alt"], "B": 3, "DW": 8,
                     "PAUSE": 128}),
    ("axis", "lint", {"ENGINE": DESIGN["gsen"], "N": 12, "SCHED": SCHED["stage"], "USE_TAGS": 1}),
    ("rn1", "lint", {"MODE_SEL": 1}),
    ("boards", "lint_icebreaker", {"DESIGN": DESIGN["banyan"]}),
    ("boards", "lint_hx8k", {"DESIGN": DESIGN["banyan"]}),
    ("boards", "sim_rn1_selftest", {"EXCHANGES": 1}),
    ("hypercube", "lint", {"D": 5}),
    ("hypercube", "lint", {"D": 2, "STEPS": 1, "W": 1}),
    ("hypercube", "sim", {"D": 3}),
    ("hypercube", "sim", {"D": 5, "W": 16}),
    ("lcan", "lint", {"N": 64, "D": 4, "U": 2}),
    ("lcan", "sim", {"N": 16, "D": 4, "U": 2}),
]
# Targets whose default run needs a file the model writes: (core, target) -> (the minforge
# arguments that write it into the build root, the parameter that names it).  The fault-
# tolerant banyan bench loads the plan image of its default fault (N = 16, E_1,1, latency 4).
MODEL_FILES = {
    ("engines", "sim_ft"): (["banyan", "fault", "--ports", "16", "--fault", "1,1", "--latency", "4",
                             "--plan-hex"], "ft_n16_e11.hex", "PLAN_FILE"),
}
RUN_FLOWS = ("lint", "sim")
_DEPRECATION = re.compile(r"deprecat|FutureWarning|DeprecationWarning", re.I)
_FUSESOC_MSG = re.compile(r"^(WARNING|ERROR):", re.M)


def runs(only):
    """(core short name, VLNV, target, flow, params, setup_only) in core/target order."""
    out = []
    for short, core in mfcores.listing().items():
        for target, t in core["targets"].items():
            if not t["flow"]:
                continue  # e.g. `default`: a file list for dependants, nothing to run
            setup = t["flow"] not in RUN_FLOWS
            out.append((short, core["vlnv"], target, t["flow"], {}, setup))
            out += [(short, core["vlnv"], target, t["flow"], p, setup)
                    for c, tg, p in EXTRA_RUNS if c == short and tg == target]
    if only:
        out = [r for r in out if any(o in (r[0], f"{r[0]}:{r[2]}") for o in only)]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fusesoc_targets.py", description=__doc__.splitlines()[0])
    ap.add_argument("--build-root", required=True)
    ap.add_argument("--fusesoc", default=None, help="the fusesoc executable (default: PATH)")
    ap.add_argument("--cli", default=None, help="the minforge command (MODEL_FILES)")
    ap.add_argument("--only", action="append", default=[], metavar="CORE[:TARGET]")
    ap.add_argument("-v", action="store_true", help="print every run's output")

    def fail(msg):
        print(f"fusesoc_targets: error: {msg}", file=sys.stderr)
        sys.exit(2)

    ap.error = fail
    a = ap.parse_args(argv)
    exe = a.fusesoc or shutil.which("fusesoc")
    if not exe or not os.access(exe, os.X_OK):
        fail("the fusesoc command is not installed (make deps installs it: pip install fusesoc)")
    broot = os.path.abspath(a.build_root)
    os.makedirs(broot, exist_ok=True)
    open(os.path.join(broot, "FUSESOC_IGNORE"), "w").close()
    conf = os.path.join(broot, "fusesoc.conf")
    open(conf, "w").close()
    try:
        todo = runs(a.only)
    except mfcores.CoreError as e:
        fail(str(e))
    if not todo:
        fail(f"no target matches {', '.join(a.only)}")
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"fusesoc {version}: {len(todo)} runs, build root {broot}", flush=True)
    failed = 0
    for short, vlnv, target, flow, params, setup in todo:
        if (short, target) in MODEL_FILES and not setup:
            args, name, param = MODEL_FILES[(short, target)]
            if not a.cli:
                fail(f"{short}:{target} loads a file the model writes: give --cli MINFORGE")
            path = os.path.join(broot, name)
            w = subprocess.run([a.cli] + args + [path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            if w.returncode != 0:
                fail(f"{' '.join([a.cli] + args + [path])}: {w.stderr.strip()}")
            params = {param: path, **params}
        ps = [f"--{k}={v}" for k, v in params.items()]
        cmd = [exe, "--config", conf, "--cores-root", mfcores.ROOT, "run", "--build-root", broot]
        cmd += (["--setup"] if setup else []) + ["--target", target, vlnv] + ps
        t0 = time.time()
        r = subprocess.run(cmd, cwd=broot, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        out = r.stdout
        why = []
        if r.returncode != 0:
            why.append(f"fusesoc exited with {r.returncode}")
        why += [f"FuseSoC {m.group(1)}: {out[m.start():].splitlines()[0]}"
                for m in _FUSESOC_MSG.finditer(out)]
        why += [f"deprecation: {line.strip()}" for line in out.splitlines()
                if _DEPRECATION.search(line)]
        if flow == "sim" and not setup:
            if not re.search(r"^PASS", out, re.M):
                why.append("the bench printed no PASS line")
            why += [f"bench: {line}" for line in out.splitlines() if line.startswith("FAIL")]
        label = f"{short}:{target}" + ("".join(f" {p}" for p in ps)) + (" (setup)" if setup else "")
        passed = [line for line in out.splitlines() if line.startswith("PASS")]
        note = f": {passed[-1]}" if passed else ""
        if why:
            failed += 1
            print(f"FAIL {label} ({time.time() - t0:.1f} s)")
            for w in dict.fromkeys(why):
                print(f"     {w}")
            print("     $ " + " ".join(cmd))
            print("\n".join("     | " + line for line in out.splitlines()[-30:]))
        else:
            print(f"ok   {label} ({time.time() - t0:.1f} s){note}", flush=True)
            if a.v:
                print("\n".join("     | " + line for line in out.splitlines()))
    print(f"fusesoc_targets: {len(todo) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
