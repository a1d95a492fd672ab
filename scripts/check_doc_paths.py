#!/usr/bin/env python3
"""Every repository path the docs name exists (issue 26, "docs that stay true").

Reads README.md, every docs/**/*.md and the comments of every tracked source file (Verilog,
C++, Python, shell, CMake, Make, FuseSoC cores), finds the tokens that look like a path in
this repository -- a token starting with one of the top folders (rtl/ model/ tb/ sim/ synth/
tests/ bench/ docs/ scripts/ .ci/) or naming a top-level file (README.md, Makefile, ...) --
and checks that each exists.  Markdown links ([text](target)) are checked relative to the
file that holds them.

  token                          checked as
  rtl/gsen/gsen_fabric.v         that file (or folder; a trailing / must be a folder)
  docs/synth.md:248, x.v:12-14   the file (a :line suffix is dropped)
  rtl/rn1/gen/*.v, model/*/gsen/ a glob: at least one match
  synth/ooc/ooc_{gsen,banyan}.v  every brace alternative
  tb/formal/<proof>/, a/.../b    skipped: a placeholder (<...>, ..., $VAR, %s, @VAR@)
  fabric_model_test.cpp          (Markdown prose or a comment) a tracked file of that name
  build/..., ~/.cache/...        not a repository path (not matched at all)

Also: README.md stays a five-minute read, at most README_WORDS words (whitespace-separated,
tables and code included; the detail and the history live in docs/status.md).

Exit 0 when every path exists and the README fits, 1 (listing file:line: path) otherwise.
--plant adds a planted stale path to the text read and a README longer than the budget, and
must then fail (the CTest docs.paths.selftest).
"""
import argparse
import glob
import itertools
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# About five minutes at 250 words a minute.
README_WORDS = 1300
TOP_DIRS = ("rtl", "model", "tb", "sim", "synth", "tests", "bench", "docs", "scripts", ".ci")
TOP_FILES = ("README.md", "Makefile", "CMakeLists.txt", ".clang-format", ".gitignore")

# A path token: a top folder and the characters paths here are made of (placeholders and
# globs included, so that they can be recognised and skipped or globbed).
PATH_RE = re.compile(
    r"(?<![\w./<>${}@%*-])((?:" + "|".join(re.escape(d) for d in TOP_DIRS)
    + r")/[\w./*?{},<>$@%+-]*)"
)
TOP_FILE_RE = re.compile(
    r"(?<![\w./-])(" + "|".join(re.escape(f) for f in TOP_FILES) + r")(?![\w/-])")
BARE_RE = re.compile(r"(?<![\w./<>*{}$%@-])([A-Za-z0-9_]+\.(?:cpp|hpp|vh|v|py|sh|cmake|core))(?![\w/.-])")
BASENAMES = set()
LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER_RE = re.compile(r"<[^>]*>?|\.\.\.|\$|%|@\w+@|\{\}")

# Names that are not files of the repository, each with the reason (skipped explicitly).
NOT_IN_TREE = {
    "params.hpp": "generated at build time into the build folder (scripts/mfparams.py cpp)",
    "verilated.cpp": "Verilator's runtime, installed with Verilator",
}
# Stale on purpose: (file, path) -> why.  History ("the former X") names what is gone.
# A waiver whose path no longer occurs is reported (a note, not a failure).
WAIVERS = {
    ("docs/rn1.md", "scripts/gen_rn1_nets.py"): "history: where the wiring lived until issue 11",
    ("model/src/algo/rn1/rn1_topology.cpp", "scripts/gen_rn1_nets.py"): "history (as above)",
    ("model/src/algo/rn1/rn1_verilog.cpp", "scripts/gen_rn1_nets.py"): "history (as above)",
    ("docs/synth.md", "ulx3s_rn1_top.v"): "history: the RN1 board top before ulx3s_top",
}

# Paths named by work still in progress (files another change is writing), wherever they
# occur: listed as "pending" on every run until the file exists, then reported as unneeded.
PENDING: dict[str, str] = {}

# Comment syntax per file kind: line-comment leaders and whether /* */ blocks count.
C_LIKE = (".v", ".vh", ".sv", ".cpp", ".hpp", ".h", ".cc", ".c")
HASH = (".py", ".sh", ".cmake", ".core", ".txt", ".yml", ".yaml", ".tcl", ".pcf", ".lpf",
        ".mk", ".cfg", ".toml", ".sby")


def comment_kind(path):
    base = os.path.basename(path)
    if base in ("Makefile", "CMakeLists.txt") or base.startswith("run") and "/.ci/" in "/" + path:
        return "hash"
    ext = os.path.splitext(base)[1]
    if ext in C_LIKE:
        return "c"
    if ext in HASH:
        return "hash"
    return None


def comment_lines(text, kind):
    """(line number, comment text) of every comment line."""
    out = []
    in_block = False
    for no, line in enumerate(text.split("\n"), 1):
        if kind == "hash":
            # A '#' that starts a comment: at the line start or after a blank (not "#include",
            # not inside "a#b"); good enough for the scripts here.
            m = re.search(r"(?:^|\s)#(?!include|define|!)(.*)$", line)
            if m:
                out.append((no, m.group(1)))
            continue
        rest = line
        parts = []
        while rest:
            if in_block:
                end = rest.find("*/")
                if end < 0:
                    parts.append(rest)
                    rest = ""
                else:
                    parts.append(rest[:end])
                    rest = rest[end + 2:]
                    in_block = False
            else:
                lc = rest.find("//")
                bc = rest.find("/*")
                if lc >= 0 and (bc < 0 or lc < bc):
                    parts.append(rest[lc + 2:])
                    rest = ""
                elif bc >= 0:
                    in_block = True
                    rest = rest[bc + 2:]
                else:
                    rest = ""
        if parts:
            out.append((no, " ".join(parts)))
    return out


def expand_braces(token):
    m = re.search(r"\{([^{}]*)\}", token)
    if not m:
        return [token]
    alts = m.group(1).split(",")
    return list(itertools.chain.from_iterable(
        expand_braces(token[:m.start()] + a + token[m.end():]) for a in alts))


def clean(token):
    token = re.sub(r":\d[\d,-]*$", "", token)  # path:line, path:12-14
    # Sentence punctuation after a path.
    while token and token[-1] in ".,;:)'\"`":
        token = token[:-1]
    return token


def check_token(token):
    """None when fine or skipped, else the reason it is stale."""
    if PLACEHOLDER_RE.search(token):
        return None
    for t in expand_braces(token):
        if "*" in t or "?" in t:
            if not glob.glob(os.path.join(ROOT, t.rstrip("/"))):
                return "no file matches"
            continue
        p = os.path.join(ROOT, t)
        if t.endswith("/"):
            if not os.path.isdir(p):
                return "no such folder"
        elif not os.path.exists(p) and not (
                # A Verilog module named by its path (rtl/board/rn1_selftest): its file.
                t.split("/")[0] in ("rtl", "tb", "synth") and not os.path.splitext(t)[1]
                and any(os.path.exists(p + e) for e in (".v", ".sv", ".vh"))):
            return "no such file or folder"
    return None


def check_link(src, target):
    if re.match(r"^[a-z]+:", target) or target.startswith("#"):
        return None  # URL, mailto, an anchor in the same file
    target = target.split("#", 1)[0]
    if not target or PLACEHOLDER_RE.search(target):
        return None
    p = os.path.normpath(os.path.join(ROOT, os.path.dirname(src), target))
    return None if os.path.exists(p) else "link target does not exist"


def sources():
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    BASENAMES.update(os.path.basename(f) for f in files if f)
    for f in files:
        if not f or not os.path.isfile(os.path.join(ROOT, f)):
            continue
        if f == "README.md" or (f.startswith("docs/") and f.endswith(".md")):
            yield f, "md"
        else:
            kind = comment_kind(f)
            if kind:
                yield f, kind


def scan(name, kind, text):
    """(line, token, reason) of every stale path in one file's text."""
    bad = []
    code = set()  # Markdown code blocks: examples may name the reader's own files
    if kind == "md":
        lines = list(enumerate(text.split("\n"), 1))
        fenced = False
        for no, line in lines:
            if line.lstrip().startswith("```"):
                fenced = not fenced
                code.add(no)
            elif fenced or line.startswith("    ") or line.startswith("\t"):
                code.add(no)
    else:
        lines = comment_lines(text, kind)
    for no, line in lines:
        for m in PATH_RE.finditer(line):
            # "rtl/lcan,rtl/hypercube": a comma outside braces separates paths.
            for tok in re.split(r",(?![^{]*\})", m.group(1)):
                tok = clean(tok)
                if not tok or tok.rstrip("/") in TOP_DIRS:
                    continue
                why = check_token(tok)
                if why:
                    bad.append((no, tok, why))
        if no not in code:
            # A bare file name with a source extension (banyan_ft_twin_test.cpp), in Markdown
            # prose or a source comment: some tracked file has that name.
            for m in BARE_RE.finditer(line):
                if (m.group(1) not in BASENAMES and m.group(1) not in NOT_IN_TREE
                        and not PLACEHOLDER_RE.search(m.group(1))):
                    bad.append((no, m.group(1), "no tracked file has this name"))
        for m in TOP_FILE_RE.finditer(line):
            why = check_token(m.group(1))
            if why:
                bad.append((no, m.group(1), why))
        if kind == "md":
            for m in LINK_RE.finditer(line):
                why = check_link(name, m.group(1))
                if why:
                    bad.append((no, m.group(1), why))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plant", action="store_true",
                    help="add a stale path to the text read (self-test: must fail)")
    args = ap.parse_args()
    todo = list(sources())
    if args.plant:
        todo.append(("README.md", "planted"))
        todo.append(("tb/core/core.cpp", "planted-comment"))
    stale, files, waived, pending = [], 0, set(), {}
    for name, kind in todo:
        if kind == "planted":
            text, kind = "see `rtl/gsen/gsen_no_such_fabric.v` and [x](docs/no_such.md)\n", "md"
            name_shown = "README.md (planted)"
        elif kind == "planted-comment":  # a bare file name in a source comment
            text, kind = "int x;  // mirrored in no_such_twin_model.hpp\n", "c"
            name_shown = "tb/core/core.cpp (planted)"
        else:
            with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            name_shown = name
        files += 1
        for no, tok, why in scan(name, kind, text):
            if (name, tok) in WAIVERS and name_shown == name:
                waived.add((name, tok))
                continue
            if tok in PENDING and name_shown == name:
                pending.setdefault(tok, []).append("%s:%d" % (name, no))
                continue
            stale.append("%s:%d: %s: %s" % (name_shown, no, tok, why))
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        words = len(f.read().split())
    if args.plant:
        words += README_WORDS  # as if a round's log had been pasted in
    if words > README_WORDS:
        stale.append("README.md%s: %d words, more than %d (a five-minute read): move the detail "
                     "to docs/status.md" % (" (planted)" if args.plant else "", words, README_WORDS))
    for s in stale:
        print(s)
    for tok, where in sorted(pending.items()):
        print("pending: %s (%s): %s" % (tok, PENDING[tok], ", ".join(where)))
    for tok in sorted(set(PENDING) - set(pending)):
        print("note: pending %s no longer needed (it exists or is no longer named)" % tok)
    for w in sorted(set(WAIVERS) - waived):
        print("note: waiver %s: %s no longer needed (the path is gone or exists)" % w)
    print("check_doc_paths: %d files read, %s" % (files, "%d stale paths: FAIL" % len(stale)
                                                  if stale else "every path exists: PASS"))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
