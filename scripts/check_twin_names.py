#!/usr/bin/env python3
"""Every stateful RTL block has its twin, named after it (docs/architecture.md).

A module of rtl/<folder>/<module>.v is stateful when it has a register (`posedge`) or
instantiates a stateful module.  Its twin is the class CamelCase(<module>) (gsen_a2a_xchg ->
GsenA2aXchg) declared in model/include/minforge/twin/<folder>/<module>.hpp; the generated
networks rtl/<folder>/gen/<prefix>_<name>.v share the twin of their generator
(GENERATED).  The exceptions are listed here, each with its reason, and each one must be
named in docs/architecture.md too:
  PARTS      stateful blocks modelled as a part of a bigger twin (the engines' controller,
             sources, sinks, counters; the schedulers' round tables)
  NO_TWIN    stateful blocks that have no twin: their output is checked otherwise
  NOT_TWINS  headers under twin/ that are not a twin (shared bases, stimulus, experiments)
Stale exceptions fail too (a listed module that no longer exists or is no longer
stateful, a listed header that is gone, a part whose twin class does not exist).

The checks, both ways:
  missing-twin   a stateful module without a twin header of its name
  twin-class     a twin header without the class named after its module
  unpaired-twin  a header under twin/<folder>/ named after no module of rtl/<folder>/
  stale          an exception that no longer applies, or that docs/architecture.md omits

Usage: check_twin_names.py          check the tree; exit 1 and one line per finding
       check_twin_names.py --plant  self-test: a planted stateful module without a twin and a
                                    twin class renamed away from its module must each be
                                    reported (in memory; the tree is not touched)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import lintcli  # noqa: E402
TWIN_INC = "model/include/minforge/twin/"
ARCH = "docs/architecture.md"

# module -> the twin class it is a part of
PARTS = {
    "a2a_ctrl": "A2aXchg", "a2a_source": "A2aXchg", "a2a_sink": "A2aXchg",
    "a2a_monitor": "A2aXchg", "a2a_popcount": "A2aXchg", "a2a_counter": "A2aXchg",
    # the schedulers: their round tables (twin/engine/a2a_sched.hpp) inside the data engines
    # (banyan_sched_latin has no register: a table indexed by the controller's round)
    "gsen_sched_alt": "A2aXchg", "gsen_sched_stage": "A2aXchg", "gsen_sched_player": "A2aXchg",
    "a2a_gen": "A2aEngine", "a2a_check": "A2aEngine",
    "rn1_link": "Rn1Net",
}
# module -> why it has no twin
NO_TWIN = {
    "board_a2a_selftest": "board wrapper: the board harness checks its report line",
    "board_lcan_selftest": "board wrapper: the board harness checks its report line",
    "board_rn1_selftest": "board wrapper: the board harness checks its report line",
    "board_rn1_net": "the Fig. 20.9 network (twin Rn1Net) with its observation ports dropped: "
                     "checked through the report line and tb_rn1_selftest",
    "a2a_axis_xchg_noplan": "a2a_axis_xchg with the plan port tied off (twin A2aAxisXchg): "
                            "checked through the board report line, tb/axis and formal",
    "board_selftest": "the tops' design selection: the board harness checks its report line",
    "board_axis_demo": "board demo around a2a_axis_xchg: the board harness checks its report "
                       "line (BoardXpose::expected_stream_sum)",
    "board_por": "power-on reset: checked through the report line",
    "board_reporter": "report line writer: checked through the report line",
    "uart_line_fmt": "UART line: checked through the report line",
    "uart_tx": "UART: checked through the report line",
    "hx8k_top": "board top: checked through the report line",
    "icebreaker_top": "board top: checked through the report line",
    "ulx3s_top": "board top: checked through the report line",
}
# header (under twin/) -> why it is not a twin
NOT_TWINS = {
    "engine/a2a_xchg.hpp": "A2aXchg, the composition both data-engine twins share",
    "engine/a2a_engine.hpp": "A2aEngine, the composition both self-test engine twins share",
    "engine/a2a_sched.hpp": "the schedulers' round tables (parts of A2aXchg)",
    "common/staged_fabric.hpp": "the stage model both fabric twins share (its switch cells "
                                "are combinational)",
    "hypercube/hypercube_stimulus.hpp": "stimulus and schedule conversion",
    "rn1/rn1_traffic.hpp": "stimulus and scoreboard of RN1 traffic runs",
    "rn1/rn1_experiments.hpp": "the claims and localisation runs of paper 002",
}
# generated modules rtl/<folder>/gen/<prefix>*.v -> the twin module name of their generator
GENERATED = {"rn1/gen/rn1_net_": "rn1_net"}

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
MODULE = re.compile(r"^\s*module\s+(\w+)", re.M)


def camel(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def tracked():
    out = subprocess.run(["git", "ls-files", "rtl", TWIN_INC, ARCH], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    files = {}
    for p in out:
        if p and os.path.isfile(os.path.join(ROOT, p)):
            with open(os.path.join(ROOT, p), encoding="utf-8") as f:
                files[p] = f.read()
    return files


def rtl_modules(files):
    """{module: (folder, twin name, code)} of rtl/**/*.v (a file is named after its module)."""
    mods = {}
    for p, text in files.items():
        if not (p.startswith("rtl/") and p.endswith(".v")):
            continue
        code = COMMENT.sub("", text)
        for m in MODULE.findall(code):
            rel = p[len("rtl/"):]
            folder = rel.split("/")[0]
            twin = m
            for prefix, gen in GENERATED.items():
                if rel.startswith(prefix):
                    twin = gen
            mods[m] = (folder, twin, code)
    return mods


def stateful_modules(mods):
    state = {m for m, (_, _, code) in mods.items() if re.search(r"\bposedge\b", code)}
    changed = True
    while changed:
        changed = False
        for m, (_, _, code) in mods.items():
            if m in state:
                continue
            if any(re.search(r"\b" + s + r"\s*(?:#|\w+\s*\()", code) for s in state if s != m):
                state.add(m)
                changed = True
    return state


def check(files):
    found = []
    mods = rtl_modules(files)
    state = stateful_modules(mods)
    headers = {p[len(TWIN_INC):]: t for p, t in files.items()
               if p.startswith(TWIN_INC) and p.endswith(".hpp")}
    classes = {h: set(re.findall(r"^\s*class\s+(\w+)", COMMENT.sub("", t), re.M))
               for h, t in headers.items()}
    all_classes = set().union(*classes.values()) if classes else set()
    arch = files.get(ARCH, "")

    twinned = set()
    for m in sorted(state):
        if m in PARTS or m in NO_TWIN:
            continue
        folder, twin, _ = mods[m]
        h = f"{folder}/{twin}.hpp"
        twinned.add(h)
        if h not in headers:
            found.append(("missing-twin", f"rtl module {m} (stateful) has no twin {TWIN_INC}{h}"))
        elif camel(twin) not in classes[h]:
            found.append(("twin-class", f"{TWIN_INC}{h} declares no class {camel(twin)} "
                                        f"(the twin of rtl module {m})"))
    for h in sorted(headers):
        if h not in twinned and h not in NOT_TWINS:
            found.append(("unpaired-twin", f"{TWIN_INC}{h} is named after no stateful module "
                                           f"of rtl/{h.split('/')[0]}/ (rename it, or list it in "
                                           "NOT_TWINS with its reason)"))
    for m, cls in sorted(PARTS.items()):
        if m not in state:
            found.append(("stale", f"PARTS: {m} is not a stateful rtl module"))
        if cls not in all_classes:
            found.append(("stale", f"PARTS: {m} is a part of {cls}, which no twin declares"))
    for m in sorted(NO_TWIN):
        if m not in state:
            found.append(("stale", f"NO_TWIN: {m} is not a stateful rtl module"))
    for h in sorted(NOT_TWINS):
        if h not in headers:
            found.append(("stale", f"NOT_TWINS: {TWIN_INC}{h} does not exist"))
    for name in sorted(set(PARTS) | set(NO_TWIN)):
        if not re.search(r"\b" + name + r"\b", arch):
            found.append(("stale", f"{ARCH} does not name {name} (a listed exception)"))
    return found


PLANTED_MODULE = ("rtl/engine/a2a_planted.v",
                  "module a2a_planted (input wire clk, output reg q);\n"
                  "  always @(posedge clk) q <= ~q;\nendmodule\n")


def plant():
    files = tracked()
    base = check(files)
    ok = not base
    trials = []
    f1 = dict(files)
    f1[PLANTED_MODULE[0]] = PLANTED_MODULE[1]
    trials.append(("missing-twin", "a stateful module a2a_planted without a twin", f1))
    f2 = dict(files)
    h = TWIN_INC + "gsen/gsen_fabric.hpp"
    f2[h] = re.sub(r"\bclass\s+GsenFabric\b", "class GsenFabricTwin", f2[h])
    trials.append(("twin-class", "class GsenFabric renamed GsenFabricTwin", f2))
    f3 = dict(files)
    f3[TWIN_INC + "engine/a2a_planted_twin.hpp"] = "class A2aPlantedTwin {};\n"
    trials.append(("unpaired-twin", "a twin header named after no module", f3))
    for rule, what, fs in trials:
        hit = any(r == rule for r, _ in check(fs))
        print(f"{'CAUGHT' if hit else 'MISSED'} {rule}: {what}")
        ok &= hit
    print("check_twin_names --plant: " + ("every plant caught" if ok else "FAIL"))
    return 0 if ok else 1


def main(argv):
    return lintcli.main(
        argv, __doc__, "check_twin_names",
        lambda: [f"{rule}: {text}" for rule, text in check(tracked())], plant,
        "{n} findings (docs/architecture.md: each stateful RTL block has exactly one twin, "
        "named after it)",
        "every stateful rtl module has its twin, named after it")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
