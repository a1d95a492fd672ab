#!/usr/bin/env python3
"""The RTL file lists, read from their one source: the FuseSoC cores of the repository.

Cores (CAPI 2 files, found anywhere in the repository outside build trees: folders named
build*, or holding a CMakeCache.txt or a FUSESOC_IGNORE):
  minforge_fabrics.core   minforge:minforge:fabrics  rtl/common, rtl/gsen, rtl/banyan
  minforge_engines.core   minforge:minforge:engines  rtl/engine (depends on fabrics)
  minforge_rn1.core       minforge:minforge:rn1      rtl/rn1, rtl/rn1/gen
  minforge_boards.core    minforge:minforge:boards   rtl/board, pin files (engines, rn1)
  minforge_hypercube.core minforge:minforge:hypercube rtl/hypercube (fabrics: rtl/common)
  minforge_axis.core      minforge:minforge:axis     rtl/engine/a2a_axis_xchg.v (depends on engines)
  synth/ooc/minforge_ooc.core  minforge:minforge:ooc  out-of-context synthesis wrappers
                                                     (fabrics, rn1)
A core is named by its VLNV (minforge:minforge:engines, with or without :version) or by the
last part of its name (engines); `all` names every core.  Dependencies (`depend:` of a
fileset) are resolved the way FuseSoC resolves them: the named core contributes the
filesets of the requested target (default: `default`), every dependency those of its
`default` target; dependencies come first, each file once.

Usage:
  mfcores.py files CORE... [--target T] [--format F] [--relative]
      the Verilog source files (include files not among them)
  mfcores.py incdirs CORE... [--target T] [--format F] [--relative]
      the directories of the include files (for -I / +incdir+)
  mfcores.py srcdirs CORE... [--target T] [--format F] [--relative]
      the directories of the source files (for Verilator -I / Icarus -y module search)
  mfcores.py show CORE... [--target T] [--relative]
      all of it as one JSON object: {"cores": [VLNV...], "files": [...],
      "include_files": [...], "include_dirs": [...], "source_dirs": [...],
      "other_files": [{"name": ..., "file_type": ...}]}  (other_files: pin files etc.)
  mfcores.py list
      JSON: {short name: {"vlnv", "core_file", "targets": {target: {"flow", "toplevel",
      "parameters", "flow_options", "filesets"}}}}
  mfcores.py check
      every .v/.vh under rtl/ and synth/ooc/ is listed by exactly one core and every listed
      file exists; exit 1 if not (one line per problem on stderr)
Formats (--format): lines (one path a line, the default), cmake (one line, the paths
separated by ';': a CMake list), json (a JSON array).  Paths are absolute unless
--relative (relative to the repository root).  CMake, for example:
  execute_process(COMMAND ${Python3_EXECUTABLE} scripts/mfcores.py files boards
                  --format cmake OUTPUT_VARIABLE MF_BOARD_RTL OUTPUT_STRIP_TRAILING_WHITESPACE)
A bad request (unknown core or target, a listed file that does not exist) prints one line
on stderr and exits 2.

Python: `resolve(["engines"], target="default")` returns the same as `show`, as a dict.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Trees never searched for cores: build directories (CMake's, the synthesis flow's, FuseSoC's).
_SKIP_MARKERS = ("FUSESOC_IGNORE", "CMakeCache.txt")
_VERILOG_TYPES = ("verilogSource", "systemVerilogSource")


class CoreError(Exception):
    """A bad request or a broken core file: one line for the user."""


def _core_files(root=ROOT):
    found = []
    for d, dirs, files in os.walk(root):
        if any(m in files for m in _SKIP_MARKERS):
            dirs[:] = []
            continue
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "__pycache__"
                         and not x.startswith("build"))
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(".core")]
    return found


def _vlnv_name(vlnv):
    """'>=minforge:minforge:engines:0.2.0' -> 'minforge:minforge:engines'."""
    v = vlnv.lstrip("<>=~^!").strip()
    parts = v.split(":")
    return ":".join(parts[:3]) if len(parts) >= 3 else v


def load(root=ROOT):
    """{VLNV without version: core dict (YAML) + '_file', '_dir', '_vlnv'}."""
    cores = {}
    for path in _core_files(root):
        with open(path) as f:
            text = f.read()
        if not text.startswith("CAPI=2:"):
            continue
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise CoreError(f"{os.path.relpath(path, root)}: not valid YAML ({e})".splitlines()[0])
        if not isinstance(data, dict) or "name" not in data:
            raise CoreError(f"{os.path.relpath(path, root)}: no core name")
        key = _vlnv_name(data["name"])
        if key in cores:
            raise CoreError(f"core {key} is defined twice: {cores[key]['_file']} and {path}")
        data["_file"] = path
        data["_dir"] = os.path.dirname(path)
        data["_vlnv"] = data["name"]
        cores[key] = data
    return cores


def _find(cores, name):
    if name in cores:
        return name
    if _vlnv_name(name) in cores:
        return _vlnv_name(name)
    short = [k for k in cores if k.split(":")[-1] == name]
    if len(short) == 1:
        return short[0]
    known = ", ".join(sorted(k.split(":")[-1] for k in cores))
    raise CoreError(f"unknown core '{name}' (known: {known})")


def _filesets(core, target):
    targets = core.get("targets") or {}
    if target not in targets:
        raise CoreError(f"core {core['_vlnv']} has no target '{target}' "
                        f"(targets: {', '.join(targets)})")
    names = (targets[target] or {}).get("filesets", [])
    sets = core.get("filesets") or {}
    for n in names:
        if n not in sets:
            raise CoreError(f"core {core['_vlnv']}: target {target} names an unknown fileset {n}")
    return [sets[n] or {} for n in names]


def _entries(core, fs):
    """(absolute path, file_type, is_include_file) of one fileset."""
    out = []
    default_type = fs.get("file_type", "")
    for item in fs.get("files") or []:
        if isinstance(item, dict):
            (rel, attrs), = item.items()
            attrs = attrs or {}
        else:
            rel, attrs = item, {}
        path = os.path.normpath(os.path.join(core["_dir"], rel))
        out.append((path, attrs.get("file_type", default_type),
                    bool(attrs.get("is_include_file", False))))
    return out


def resolve(names, target="default", root=ROOT, relative=False):
    """The files of the named cores (their `target`) and of their dependencies."""
    cores = load(root)
    order, seen = [], set()

    def visit(key, tgt, stack):
        if key in stack:
            raise CoreError("dependency cycle: " + " -> ".join(stack + [key]))
        if (key, tgt) in seen:
            return
        seen.add((key, tgt))
        for fs in _filesets(cores[key], tgt):
            for dep in fs.get("depend") or []:
                visit(_find(cores, dep), "default", stack + [key])
        order.append((key, tgt))

    if "all" in names:
        names = [n for n in names if n != "all"] + sorted(cores)
    for n in names:
        visit(_find(cores, n), target, [])
    res = {"cores": [], "files": [], "include_files": [], "include_dirs": [], "source_dirs": [],
           "other_files": []}

    def add(lst, v):
        if v not in lst:
            lst.append(v)

    for key, tgt in order:
        add(res["cores"], cores[key]["_vlnv"])
        for fs in _filesets(cores[key], tgt):
            for path, ftype, inc in _entries(cores[key], fs):
                if not os.path.isfile(path):
                    raise CoreError(f"{os.path.relpath(cores[key]['_file'], root)} lists "
                                    f"{os.path.relpath(path, root)}, which does not exist")
                shown = os.path.relpath(path, root) if relative else path
                if ftype.startswith(_VERILOG_TYPES):
                    if inc:
                        add(res["include_files"], shown)
                        add(res["include_dirs"], os.path.dirname(shown))
                    else:
                        add(res["files"], shown)
                        add(res["source_dirs"], os.path.dirname(shown))
                elif not any(o["name"] == shown for o in res["other_files"]):
                    res["other_files"].append({"name": shown, "file_type": ftype})
    return res


def listing(root=ROOT):
    out = {}
    for key, core in sorted(load(root).items()):
        targets = {}
        for t, body in (core.get("targets") or {}).items():
            body = body or {}
            targets[t] = {"flow": body.get("flow"), "toplevel": body.get("toplevel"),
                          "parameters": body.get("parameters", []),
                          "flow_options": body.get("flow_options", {}),
                          "filesets": body.get("filesets", [])}
        out[key.split(":")[-1]] = {"vlnv": core["_vlnv"],
                                   "core_file": os.path.relpath(core["_file"], root),
                                   "targets": targets}
    return out


def check(root=ROOT):
    """Problems: RTL files listed by no core or by more than one, listed files missing."""
    owner = {}
    for key, core in load(root).items():
        for fs in (core.get("filesets") or {}).values():
            for path, _, _ in _entries(core, fs or {}):
                owner.setdefault(path, set()).add(key)
    problems = [f"{os.path.relpath(p, root)} is listed by {', '.join(sorted(k))} but does not "
                "exist" for p, k in sorted(owner.items()) if not os.path.isfile(p)]
    for top in ("rtl", os.path.join("synth", "ooc")):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".v", ".vh")):
                    p = os.path.join(d, f)
                    n = len(owner.get(p, ()))
                    if n != 1:
                        problems.append(f"{os.path.relpath(p, root)} is listed by "
                                        f"{n} cores{': ' + ', '.join(sorted(owner[p])) if n else ''}")
    return problems


def _emit(paths, fmt):
    if fmt == "json":
        print(json.dumps(paths))
    elif fmt == "cmake":
        print(";".join(paths))
    else:
        for p in paths:
            print(p)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="mfcores.py", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("files", "incdirs", "srcdirs", "show"):
        p = sub.add_parser(name)
        p.add_argument("cores", nargs="+")
        p.add_argument("--target", default="default")
        p.add_argument("--relative", action="store_true")
        if name != "show":
            p.add_argument("--format", choices=("lines", "cmake", "json"), default="lines")
    sub.add_parser("list")
    sub.add_parser("check")


    def fail(msg):
        print(f"mfcores: error: {msg}", file=sys.stderr)
        sys.exit(2)

    ap.error = fail
    for p in sub.choices.values():
        p.error = fail
    a = ap.parse_args(argv)
    try:
        if a.cmd == "list":
            print(json.dumps(listing(), indent=2))
            return 0
        if a.cmd == "check":
            problems = check()
            for p in problems:
                print(f"mfcores: {p}", file=sys.stderr)
            return 1 if problems else 0
        res = resolve(a.cores, a.target, relative=a.relative)
        if a.cmd == "show":
            print(json.dumps(res, indent=2))
        else:
            key = {"files": "files", "incdirs": "include_dirs", "srcdirs": "source_dirs"}[a.cmd]
            _emit(res[key], a.format)
        return 0
    except CoreError as e:
        print(f"mfcores: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
