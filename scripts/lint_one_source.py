#!/usr/bin/env python3
"""One source per fact: fail on a shared code or constant written as a bare number.

The codes (control modes, schedulers, board designs, banyan fault kinds, fault-tolerant plan
ops, RN1 verdict kinds and reply words) live in rtl/common/mf_codes.vh, the constants (RN1
LFSR taps, UART baud, self-test seed) in rtl/common/mf_consts.vh; every other file reaches
them through a generated view (scripts/mfparams.py: C++ minforge/params.hpp, JSON for CMake,
`mfparams.py sh` for shell, read_codes() for Python) or the Verilog names MF_* / `MF_*.
This lint reads every file git tracks (code only: comments and, in Verilog/C++, nothing in
// or /* */) and reports each line where one of the rules below finds a hand-written copy:

  code-compare   CONTROL / SCHED / DESIGN / PLAYER_CONTROL / ENG compared with a number,
                 or a field of that name (`a.engine == 4`, `e.sched == 0`)
  code-option    a command-line option that takes a code given as a number (`--engine 1`,
                 `--sched 0`): the tools take the code's name (`--engine banyan`)
  code-override  .CONTROL(1), -GSCHED=2, SCHED=0, ENGINE=1, {"CONTROL": 5} (an instance,
                 tool or script parameter set to a bare code; in the JSON tables too, e.g.
                 synth/boards/boards.json, which names its codes: "SCHED": "alt")
  code-default   a Verilog parameter or localparam declared with a bare code as its value:
                 `parameter integer SCHED = 0`, ENGINE / CTRL / PCTRL / PLAYER_CONTROL = <n>,
                 or a local copy of a code itself (`localparam integer CTRL_TAG = 5`).  In a
                 module body the localparams MF_* of mf_params.vh name it, in an ANSI header
                 (before mf_params.vh can be included) the macros `MF_* of mf_codes.vh
  fault-kind     a banyan fault kind or plan op compared with a number
  code-loop      a loop over a code group written as its numbers (foreach(c 0 1 2 ...))
  sby-code       a Yosys / SymbiYosys script setting a code parameter to a number:
                 `chparam -set CTRL 1`, `read -define FV_ENG=2`, `-D FV_CONTROL=0` (a formal
                 task names its code: `read -define FV_CTRL=`MF_CTRL_STAGE`, the harness's
                 parameter default is `FV_CTRL; chparam takes literals only)
  const          16'hB400 / 0xB400, 16'hACE1 / 0xACE1, 115200, 8'hA5 / 8'h5A
  core-design    a FuseSoC target <board>_<design> whose DESIGN=<n> is not MF_DESIGN_<design>
  alt-shift      the alternation of Alt2 / Alt4 control written as its number (the switch-index
                 bit 1, 2 or the period 2, 4): its one RTL source is mf_ctrl_alt_shift in
                 mf_params.vh, its one C++ view gsen::alt_shift (checked against the RTL by
                 the GSEN lockstep sweeps)
  popcount       a population-count function of its own: the RTL's one combinational count is
                 mf_popcount (rtl/common/mf_popcount.vh), C++ uses std::popcount

Not flagged: prose in comments and docs.
A line may carry `one-source: ok (<reason>)` in a comment (or in a comment line just above
it) when the number is the subject of the check itself (an expected LFSR sequence); the
reason is required.

Usage: lint_one_source.py            lint the tree; exit 1 and one line per finding
       lint_one_source.py --plant    self-test: plant one copy per rule in a scratch copy of
                                     a file and require every one to be found
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import lintcli  # noqa: E402
import mfparams  # noqa: E402

# The sources and their generator; the docs are prose.
SKIP = {"rtl/common/mf_codes.vh", "rtl/common/mf_params.vh", "rtl/common/mf_consts.vh",
        "scripts/mfparams.py",
        "scripts/lint_one_source.py"}
# synth/reports/: the flow's generated records (each row's parameters as the tools were given
# them, rendered into the .md beside them), not a hand-written copy.
SKIP_DIRS = ("docs/", "synth/reports/")
WAIVER = re.compile(r"one-source:\s*ok\s*\(\s*\S[^)]*\)")

CODE_PARAMS = r"(?:CONTROL|SCHED|DESIGN|PLAYER_CONTROL|FAULT_KIND)"
NUM = r"(?:\d+'[dDhHbB])?\d+\b"
# code-override also knows ENGINE (the DESIGN codes of the engine wrappers and benches)
OVERRIDE_PARAMS = r"(?:CONTROL|SCHED|DESIGN|PLAYER_CONTROL|FAULT_KIND|ENGINE)"
# code-default: the parameters that carry a code (ENGINE takes the DESIGN codes, CTRL / PCTRL
# the control modes in the formal harnesses) and the codes' own names (CTRL_TAG, MF_SCHED_ALT).
CODE_NAMES = "|".join(f"(?:MF_)?{g}_{n.upper()}" for g, codes in mfparams.read_codes().items()
                      for n in codes)
DEFAULT_PARAMS = (r"(?:CONTROL|SCHED|DESIGN|PLAYER_CONTROL|FAULT_KIND|ENGINE|P?CTRL|"
                  + CODE_NAMES + ")")
# sby-code: the code parameters of the formal harnesses (ENG: a2a_xchg_fv's engine, a GSEN
# scheduler code), set by chparam or by a define FV_<parameter> of the harness.
SBY_PARAMS = r"(?:ENG|" + DEFAULT_PARAMS + ")"
COMPARE_PARAMS = r"(?:ENG|" + CODE_PARAMS + ")"
RULES = [
    ("code-compare", re.compile(r"\b" + COMPARE_PARAMS + r"\s*[!=]=\s*" + NUM)),
    ("code-compare", re.compile(NUM + r"\s*[!=]=\s*" + COMPARE_PARAMS + r"\b")),
    ("code-compare", re.compile(r"\.(?:engine|sched|design)\s*[!=]=\s*" + NUM)),
    ("code-option", re.compile(r"--(?:engine|sched|design)[ =]\d")),
    ("code-override", re.compile(r"\." + OVERRIDE_PARAMS + r"\s*\(\s*" + NUM + r"\s*\)")),
    ("code-override", re.compile(r"(?:^|[\s\"'(,|-])(?:-G|-P\w+\.)?" + OVERRIDE_PARAMS + r"=\d")),
    ("code-override", re.compile(r"[\"']" + OVERRIDE_PARAMS + r"[\"']\s*:\s*-?\d")),
    ("code-default", re.compile(r"\b(?:parameter|localparam)\b[^=;]*?\b" + DEFAULT_PARAMS +
                                r"\s*=\s*" + NUM + r"\s*(?:[;,)]|$)")),
    ("fault-kind", re.compile(r"(?:\bfault_kind|\bfault\.kind|\bf\.kind|fault->kind|\ba_op|"
                              r"\bop)\s*[!=]=\s*" + NUM)),
    ("code-loop", re.compile(r"\bforeach\s*\(\s*\w+\s+0\s+1\s+2\b")),
    ("code-loop", re.compile(r"\bfor\s+\w+\s+in\s+0\s+1\s+2\b")),
    ("sby-code", re.compile(r"\bchparam\b.*\s-set\s+" + SBY_PARAMS + r"\s+" + NUM)),
    ("sby-code", re.compile(r"(?:-D\s*|-define\b.*\s)(?:FV_)?" + SBY_PARAMS + "=" + NUM)),
    ("const", re.compile(r"(?:16'h|0x)(?:B400|ACE1)\b|\b115200\b", re.I)),
    ("const", re.compile(r"8'h(?:A5|5A)\b", re.I), "rn1"),  # the RN1 reply words
    ("popcount", re.compile(r"\bfunction\b[^;]*\w*popcount\w*\s*;|__builtin_popcount")),
]
# The files that hold a rule's one definition.
HOME = {"alt-shift": {"model/include/minforge/algo/gsen/gsen.hpp"},
        "popcount": {"rtl/common/mf_popcount.vh"}}
# alt-shift: an Alt2 / Alt4 control name followed, in the same statement or on the line after
# its `case` label, by a bare 0..4 as a value (= 1, return 1, ? 2, : 2, {1, .., , 2}) or a shift
# (>> 2); the statement ends at `;` or at a shell / CMake NAME= word.
ALT_NAME = re.compile(r"(?:\bCtrl::|\bControl::|\bMF_CTRL_)(?:Alt|ALT)[24]\b")
ALT_NUM = re.compile(r"(?:(?:=|\breturn\b|\?|:|\{)\s*\{?\s*|>>\s*)[0-4](?![\w~.'])|,\s*[0-4]\s*\}")

LINE_COMMENT = {".v": "//", ".sv": "//", ".vh": "//", ".svh": "//", ".cpp": "//",
                ".hpp": "//", ".h": "//", ".cc": "//", ".py": "#", ".sh": "#",
                ".cmake": "#", ".txt": "#", ".core": "#", ".yml": "#", ".yaml": "#",
                ".sby": "#", ".mk": "#", "": "#", ".json": None}
BLOCK = {".v", ".sv", ".vh", ".svh", ".cpp", ".hpp", ".h", ".cc"}


def code_lines(text, ext):
    """(line number, code) with comments removed (string contents kept)."""
    lc = LINE_COMMENT.get(ext)
    out = []
    in_block = False
    for i, line in enumerate(text.split("\n"), 1):
        code = ""
        j = 0
        while j < len(line):
            if in_block:
                k = line.find("*/", j)
                if k < 0:
                    j = len(line)
                    break
                in_block, j = False, k + 2
                continue
            if ext in BLOCK and line.startswith("/*", j):
                in_block, j = True, j + 2
                continue
            if lc and line.startswith(lc, j):
                break
            code += line[j]
            j += 1
        out.append((i, code, line))
    return out


def check_text(path, text):
    """[(path, line, rule, text)] of one file."""
    ext = os.path.splitext(path)[1]
    base = os.path.basename(path)
    if ext not in LINE_COMMENT and base not in ("CMakeLists.txt", "Makefile"):
        return []
    if ext == ".txt" and base != "CMakeLists.txt":
        return []
    found = []
    waived_next = False
    lines = code_lines(text, ext)
    for k, (n, code, line) in enumerate(lines):
        waived, waived_next = waived_next or WAIVER.search(line), False
        if WAIVER.search(line) and not code.strip():
            waived_next = True  # a comment line: the waiver is for the next line
        if waived:
            continue
        for rule, rx, *where in RULES:
            if where and where[0] not in path:
                continue
            if path in HOME.get(rule, ()):
                continue
            if rx.search(code):
                found.append((path, n, rule, line.strip()))
                break
        else:
            if path not in HOME["alt-shift"] and alt_shift_copy(code, lines[k + 1:k + 2]):
                found.append((path, n, "alt-shift", line.strip()))
    if ext == ".core":
        found += check_core(path, text)
    return found


def alt_shift_copy(code, after):
    """True when an Alt2 / Alt4 name on this code line is mapped to its number here, or on
    the next line when this one is its `case` label."""
    m = ALT_NAME.search(code)
    if not m:
        return False
    rest = code[m.end():]
    if re.match(r"\s*:\s*$", rest) and after:
        rest += " " + after[0][1]
    rest = re.split(r";|\s\w+=", rest)[0]
    return bool(ALT_NUM.search(rest))


def check_core(path, text):
    """A FuseSoC target <board>_<design> must set DESIGN to MF_DESIGN_<design>; a target
    without a design suffix may set only the default (gsen)."""
    codes = mfparams.read_codes()["DESIGN"]
    found = []
    # the target a line belongs to: the last key at the targets' indent (two spaces), so a
    # multi-line target's `parameters: [DESIGN=n]` is judged by the target's name
    key = re.compile(r"^  (\w+):")
    val = re.compile(r"\bDESIGN=(\d+)")
    name = None
    for n, code, line in code_lines(text, ".core"):
        k = key.match(code)
        if k:
            name = k.group(1)
        m = val.search(code)
        if not m or name is None:
            continue
        value = int(m.group(1))
        design = next((d for d in codes if name.endswith("_" + d)), "gsen")
        if codes[design] != value:
            found.append((path, n, "core-design",
                          f"{line.strip()}  (MF_DESIGN_{design.upper()} = {codes[design]})"))
    return found


def strip_rule_hits_in_core(found):
    # In .core files DESIGN=<n> is checked against the codes (check_core), not forbidden.
    return [f for f in found
            if not (f[0].endswith(".core") and f[2] == "code-override" and "DESIGN=" in f[3])]


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return [p for p in out if p and p not in SKIP and not p.startswith(SKIP_DIRS)
            and os.path.isfile(os.path.join(ROOT, p))]


def lint(files):
    found = []
    for p in files:
        try:
            with open(os.path.join(ROOT, p), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        found += check_text(p, text)
    return strip_rule_hits_in_core(found)


# One planted copy per rule, each inserted into a real file of the tree (in memory).
PLANTS = [
    ("rtl/banyan/banyan_fabric.v", "  wire planted = (CONTROL == 0);", "code-compare"),
    ("tb/formal/a2a_xchg/a2a_xchg_fv.sv", "  wire planted = (ENG == 2);", "code-compare"),
    ("tb/board/board_rtl.cpp", "  const bool planted = e.sched == 0;", "code-compare"),
    ("tb/axis/run_axis.py", "    planted = a.engine == 4", "code-compare"),
    ("synth/boards/boards.json", '      "gsen": {"N": 10, "W": 16, "SCHED": 0, "XPOSE": 1},',
     "code-override"),
    ("tb/axis/CMakeLists.txt", "add_test(NAME planted COMMAND run_axis.py --engine 1 --n 8)",
     "code-option"),
    ("scripts/axis_long.sh", "python3 tb/axis/run_axis.py --engine=0 --sched 0", "code-option"),
    ("tb/icarus/gsen_fabric_tb.v", "  gsen_fabric #(.N(4), .CONTROL(2)) u_planted ();",
     "code-override"),
    ("scripts/lint_rtl.sh", 'sweeps+=("rtl/gsen/gsen_fabric.v|-GN=10 -GCONTROL=3")',
     "code-override"),
    ("scripts/icarus_smoke.sh", "run planted_banyan $E ENGINE=1 N=16", "code-override"),
    ("scripts/lint_rtl.sh", 'sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=0 -GN=10")',
     "code-override"),
    ("scripts/fusesoc_targets.py", '    ("fabrics", "lint_gsen", {"N": 16, "CONTROL": 5}),',
     "code-override"),
    ("rtl/engine/gsen_a2a_xchg.v", "  parameter integer PLANTED_SCHED = 0;\n"
     "  parameter integer SCHED = 0;", "code-default"),
    ("rtl/board/board_a2a_selftest.v", "module planted #(\n    parameter integer ENGINE = 1,\n"
     "    parameter integer N = 4\n) ();\nendmodule", "code-default"),
    ("tb/formal/gsen_fabric/gsen_fabric_fv.sv", "  localparam integer CTRL_TAG = 5;",
     "code-default"),
    ("rtl/engine/banyan_ft_engine.v", "  wire planted = a_op == 2'd3;", "fault-kind"),
    ("model/src/twin/common/staged_fabric.cpp", "bool planted(const BanyanFault* fault) "
     "{ return fault->kind == 2; }", "fault-kind"),
    ("tb/a2a/CMakeLists.txt", "foreach(c 0 1 2 3 4 5)", "code-loop"),
    ("tb/formal/gsen_fabric/gsen_fabric.sby", "stage: chparam -set CTRL 1 -set PSEL 1 gsen_fabric_fv",
     "sby-code"),
    ("tb/formal/a2a_xchg/a2a_xchg.sby", "e_stage: read -define FV_ENG=1", "sby-code"),
    ("tb/formal/a2a_axis_xchg/a2a_axis_xchg.sby", "read -formal -DFV_ENGINE=0 a2a_axis_xchg_fv.sv",
     "sby-code"),
    ("rtl/rn1/rn1_endpoint.v", "  localparam [7:0] PLANTED_ACK = 8'hA5;", "const"),
    ("model/include/minforge/algo/rn1/rn1_protocol.hpp",
     "constexpr uint32_t kPlantedTaps = 0xB400;", "const"),
    ("minforge_boards.core", "  hx8k_lcan_planted: {<<: *hx8k, parameters: [DESIGN=2]}",
     "core-design"),
    ("model/src/twin/gsen/gsen_fabric.cpp", "  if (control == Ctrl::Alt4) period_bit = 2;",
     "alt-shift"),
    ("model/src/algo/gsen/gsen.cpp", "    case Ctrl::Alt2:\n      return bit ^ ((y >> 1) & 1);",
     "alt-shift"),
    ("rtl/gsen/gsen_route.v", "  localparam integer PLANTED = (CONTROL == MF_CTRL_ALT4) ? 2 : -1;",
     "alt-shift"),
    ("rtl/engine/a2a_axis_xchg.v", "  function [31:0] popcount_planted;", "popcount"),
    ("model/src/algo/hypercube/hypercube_base.cpp",
     "int planted(uint32_t x) { return __builtin_popcount(x); }", "popcount"),
]


def plant():
    ok = True
    for path, line, rule in PLANTS:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        base = strip_rule_hits_in_core(check_text(path, text))
        planted = strip_rule_hits_in_core(check_text(path, text + "\n" + line + "\n"))
        hit = any(f[2] == rule for f in planted if f not in base)
        print(f"{'CAUGHT' if hit else 'MISSED'} {rule}: {path}: {line.strip()}")
        ok &= hit
    print("lint_one_source --plant: " + ("every planted copy caught" if ok else "FAIL"))
    return 0 if ok else 1


def main(argv):
    return lintcli.main(
        argv, __doc__, "lint_one_source",
        lambda: [f"{path}:{n}: {rule}: {text}" for path, n, rule, text in lint(tracked_files())],
        plant,
        "{n} hand-written copies of a shared code or constant (use the MF_* names of "
        "rtl/common/mf_params.vh / mf_consts.vh or their generated views, scripts/mfparams.py)",
        "no hand-written copy of a shared code or constant")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
