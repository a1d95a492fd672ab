#!/usr/bin/env python3
"""Cuts a WaveDrom timing diagram out of a simulation's VCD (no hand-drawn waves).

Every signal is sampled once per clock cycle, just before the rising edge of the clock
(the value the registers see at that edge).  A signal is given as LABEL=PATH[SEL]: PATH the
dotted hierarchical name in the VCD (tb.u_dut.xb), SEL an optional bit [k] or slice [hi:lo]
of a vector.  One-bit signals become WaveDrom levels (0/1/x), wider ones data cells
(hexadecimal; '.' while a value stays).  The clock row is drawn as 'p'.

Usage: vcd2wavedrom.py VCD --clock PATH --from CYCLE --cycles K [--title T]
                       [--out JSON] [--svg SVG] LABEL=PATH[SEL]...
  CYCLE counts rising edges of the clock from the start of the VCD (0 = the first).
  --svg renders the JSON with the `wavedrom` Python package (make deps installs it).
Exit code 0; 2 on bad arguments or a signal that the VCD does not hold.

Used for docs/engines/axis_timing.json (docs/engines.md, "AXI4-Stream IP"): see the
command in tb/axis/axis_wave.sh.
"""
import argparse
import json
import re
import sys


def parse_vcd(path, wanted):
    """-> {path: (width, [(time, value string)])} for the dotted names in `wanted`."""
    ids, scope, sigs = {}, [], {}
    with open(path) as fh:
        text = fh.read()
    head, _, body = text.partition("$enddefinitions")
    for m in re.finditer(r"\$(scope|upscope|var)\b(.*?)\$end", head, re.S):
        kind, rest = m.group(1), m.group(2).split()
        if kind == "scope":
            scope.append(rest[1])
        elif kind == "upscope":
            scope.pop()
        else:
            width, code, name = int(rest[1]), rest[2], rest[3]
            full = ".".join(scope + [name])
            if full in wanted:
                ids.setdefault(code, []).append(full)
                sigs[full] = (width, [])
    t, pending = 0, None  # pending: a vector's value, its identifier comes next
    for tok in body.split():
        if pending is not None:
            for full in ids.get(tok, ()):
                sigs[full][1].append((t, pending.lower()))
            pending = None
        elif tok.startswith("$"):
            continue
        elif tok.startswith("#"):
            t = int(tok[1:])
        elif tok[0] in "bBrR":
            pending = tok[1:]
        elif tok[0] in "01xXzZ":
            for full in ids.get(tok[1:], ()):
                sigs[full][1].append((t, tok[0].lower()))
    return sigs


def value_before(changes, t):
    """The value of a signal just before time t (its last change at a time < t)."""
    v = "x"
    for ct, cv in changes:
        if ct >= t:
            break
        v = cv
    return v


def select(width, v, sel):
    v = v.rjust(width, "0" if v[0] in "01" else v[0])  # VCD drops leading zeros
    if sel is None:
        return v
    hi, lo = sel
    return v[width - 1 - hi: width - lo]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("vcd")
    ap.add_argument("--clock", required=True)
    ap.add_argument("--from", dest="start", type=int, required=True)
    ap.add_argument("--cycles", type=int, required=True)
    ap.add_argument("--title", default="")
    ap.add_argument("--out", default="-")
    ap.add_argument("--svg", default="")
    ap.add_argument("signals", nargs="+")
    a = ap.parse_args(argv)
    specs = []
    for s in a.signals:
        m = re.fullmatch(r"([^=]+)=([\w.$]+)(?:\[(\d+)(?::(\d+))?\])?", s)
        if not m:
            print(f"vcd2wavedrom: bad signal '{s}' (LABEL=PATH[hi:lo])", file=sys.stderr)
            return 2
        sel = None
        if m.group(3) is not None:
            hi = int(m.group(3))
            sel = (hi, int(m.group(4)) if m.group(4) is not None else hi)
        specs.append((m.group(1), m.group(2), sel))
    sigs = parse_vcd(a.vcd, {a.clock} | {p for _, p, _ in specs})
    for p in [a.clock] + [p for _, p, _ in specs]:
        if p not in sigs:
            print(f"vcd2wavedrom: {p} is not in {a.vcd}", file=sys.stderr)
            return 2
    clk = sigs[a.clock][1]
    edges = [t for (t, v), (_, pv) in zip(clk[1:], clk[:-1]) if v == "1" and pv == "0"]
    if a.start + a.cycles > len(edges):
        print(f"vcd2wavedrom: the VCD has {len(edges)} clock edges", file=sys.stderr)
        return 2
    times = edges[a.start:a.start + a.cycles]
    rows = [{"name": "clk", "wave": "p" + "." * (a.cycles - 1)}]
    for label, path, sel in specs:
        width, changes = sigs[path]
        vals = [select(width, value_before(changes, t), sel) for t in times]
        wave, data, prev = "", [], None
        one_bit = len(vals[0]) == 1
        for v in vals:
            if v == prev:
                wave += "."
            elif one_bit:
                wave += v if v in "01" else "x"
            elif set(v) <= set("01"):
                wave += "="
                data.append(f"{int(v, 2):x}")
            else:
                wave += "x"
            prev = v
        row = {"name": label, "wave": wave}
        if data:
            row["data"] = data
        rows.append(row)
    doc = {"signal": rows, "head": {"text": a.title, "tick": a.start}} if a.title else \
        {"signal": rows}
    text = "{\"signal\": [\n" + ",\n".join("  " + json.dumps(r) for r in rows) + "\n]" + \
        (f",\n\"head\": {json.dumps(doc['head'])}" if a.title else "") + "}\n"
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as fh:
            fh.write(text)
    if a.svg:
        import wavedrom
        wavedrom.render(text).saveas(a.svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
