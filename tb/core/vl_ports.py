#!/usr/bin/env python3
"""Writes the port structs of an RTL module (tb/core/ports.cmake): a C++ header with one struct
whose members are the module's ports, one tb::Port each, named after them and looked up in a
Sim's model when the struct is constructed.  The port list is read from the Verilog source
itself (the module's ANSI or non-ANSI header and, for a non-ANSI one, its input/output
declarations), so a harness that uses a port the RTL does not have does not compile, and a
port renamed in the RTL renames the member.  The harness libraries are compiled once for
every model of a module (tb/core/dut.hpp): the struct depends on the port names only, never
on a model's parameters or its Verilated header.

Usage: vl_ports.py --selftest | --out HEADER --source FILE --module NAME --struct NAME[:PREFIX] ...
                   [--same FILE:MODULE ...] [--no-widths]
--struct NAME: every port (but clk, which the Sim drives) as a member of struct NAME.
--struct NAME:PREFIX (repeated): a top with groups of ports (the sweep tops of
tb/a2a/gen_sweep.py: f_*, e_*, x_*): struct NAME holds the ports named PREFIX* (the member
without the prefix) and the ports of no group (rst).
--same FILE:MODULE: another module that must have exactly the same port names (the RN1
network tops: one harness serves every network); a difference stops the build.
--no-widths: no declared widths in the members' comments (a sample top's are not the models').
The header is only rewritten when its content changes.  --selftest reads a few small modules
(ANSI, non-ANSI, and ones it must refuse) and exits 1 if one is read wrong (CTest
tb.vl_ports).
"""
import argparse
import os
import re
import sys

KEYWORDS = set("""alignas alignof and and_eq asm auto bitand bitor bool break case catch char
char8_t char16_t char32_t class compl concept const consteval constexpr constinit const_cast
continue co_await co_return co_yield decltype default delete do double dynamic_cast else enum
explicit export extern false float for friend goto if inline int long mutable namespace new
noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast requires return short signed sizeof static static_assert static_cast struct
switch template this thread_local throw true try typedef typeid typename union unsigned using
virtual void volatile wchar_t while xor xor_eq""".split())
DIRECTIONS = ("input", "output", "inout")
TYPES = {"wire", "reg", "logic", "signed", "unsigned", "integer", "var", "tri"}
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")


def fail(msg):
    sys.exit("vl_ports: " + msg)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def balanced(text, i, where):
    """text[i] == '(': the index just after its matching ')'."""
    depth = 0
    for k in range(i, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k + 1
    fail(where + ": unbalanced parentheses")


def split_top(text):
    """text split at the commas outside (), [] and {}."""
    out, depth, cur = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    out.append(cur)
    return [s.strip() for s in out]


def declaration(item, where):
    """'input wire [W-1:0] a' -> ('input', '[W-1:0]', 'a'); no direction -> (None, .., name)."""
    words = item.split()
    direction = words[0] if words and words[0] in DIRECTIONS else None
    rest = item[len(words[0]):] if direction else item
    ranges = " ".join(re.findall(r"\[[^\]]*\]", rest))
    names = [w for w in IDENT.findall(re.sub(r"\[[^\]]*\]", " ", rest)) if w not in TYPES]
    if len(names) != 1:
        fail("%s: cannot read the port declaration '%s'" % (where, " ".join(words)))
    return direction, ranges, names[0]


def read_ports(path, module):
    """[(name, direction, range text)] of `module` in `path`, in the order of its header."""
    try:
        with open(path) as f:
            text = strip_comments(f.read())
    except OSError as e:
        fail("%s: %s" % (path, e.strerror))
    where = "%s, module %s" % (path, module)
    m = re.search(r"\bmodule\s+%s\b" % re.escape(module), text)
    if not m:
        fail("%s: no module %s" % (path, module))
    i = m.end()
    j = re.compile(r"\s*#\s*\(").match(text, i)
    if j:  # the parameter list
        i = balanced(text, j.end() - 1, where)
    j = re.compile(r"\s*\(").match(text, i)
    if not j:
        fail(where + ": no port list")
    end = balanced(text, j.end() - 1, where)
    header = text[j.end():end - 1]
    if "`" in header:
        fail(where + ": a preprocessor directive in the port list (not supported)")
    items = [s for s in split_top(header) if s]
    ports = []
    if any(s.split()[0] in DIRECTIONS for s in items):  # ANSI
        direction, ranges = None, ""
        for s in items:
            d, r, name = declaration(s, where)
            if d:
                direction, ranges = d, r
            elif r:
                ranges = r
            if not direction:
                fail("%s: port %s has no direction" % (where, name))
            ports.append((name, direction, ranges))
        return ports
    names = []
    for s in items:
        if not IDENT.fullmatch(s):
            fail("%s: cannot read the port '%s'" % (where, s))
        names.append(s)
    body_end = re.compile(r"\bendmodule\b").search(text, end)
    body = text[end:body_end.start() if body_end else len(text)]
    decl = {}
    for st in re.finditer(r"\b(input|output|inout)\b([^;]*);", body):
        d, r, _ = declaration(st.group(1) + " " + split_top(st.group(2))[0], where)
        for s in split_top(st.group(2)):
            name = IDENT.findall(re.sub(r"\[[^\]]*\]", " ", s))
            name = [w for w in name if w not in TYPES]
            if name:
                decl.setdefault(name[-1], (d, r))  # a function's input comes later
    for n in names:
        if n not in decl:
            fail("%s: port %s is not declared input or output" % (where, n))
    return [(n, decl[n][0], decl[n][1]) for n in names]


def struct(name, prefix, prefixes, ports, widths):
    """The C++ struct of one group of ports."""
    members = []
    for pname, direction, ranges in ports:
        if pname == "clk":
            continue
        if prefix:
            if pname.startswith(prefix):
                member = pname[len(prefix):]
            elif not any(pname.startswith(p) for p in prefixes):
                member = pname
            else:
                continue
        else:
            member = pname
        if member in KEYWORDS or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", member):
            fail("port %s: '%s' cannot be a C++ member name" % (pname, member))
        members.append((member, pname, direction, ranges))
    if not members:
        fail("struct %s: no ports%s" % (name, " named " + prefix + "*" if prefix else ""))
    width = max(len(m[0]) for m in members)
    L = ["struct %s {" % name]
    for member, pname, direction, ranges in members:
        note = direction + (" " + ranges if ranges and widths else "")
        if member != pname:
            note += " (" + pname + ")"
        L.append("  %s  // %s" % (("Port %s;" % member).ljust(width + 6), note))
    L.append("  explicit %s(Sim& s)" % name)
    for k, (member, pname, _, _) in enumerate(members):
        L.append("      %s %s(s.port(\"%s\"))%s" % (":" if k == 0 else " ", member, pname,
                                                    " {}" if k == len(members) - 1 else ","))
    L.append("};")
    return L


SELFTEST = {  # file -> (Verilog, the ports read or the start of the refusal)
    "ansi.v": ("module top #(parameter N = 2) (\n  input wire clk, input wire [N-1:0] a, b,\n"
               "  output reg [3:0] c  // c\n);\nendmodule\n", ["a", "b", "c"]),
    "nonansi.v": ("module top (clk, a, /* b, */ c);\n  input wire clk;\n  input [7:0] a;\n"
                  "  output reg c;\n  function f;\n    input a2;\n  endfunction\nendmodule\n",
                  ["a", "c"]),
    "undeclared.v": ("module top (clk, a, b);\n  input wire clk, a;\nendmodule\n",
                     "port b is not declared"),
    "ifdef.v": ("module top (input wire clk,\n`ifdef X\n input wire a\n`endif\n);\nendmodule\n",
                "a preprocessor directive"),
    "keyword.v": ("module top (input wire clk, output wire delete);\nendmodule\n",
                  "'delete' cannot be"),
    "nomodule.v": ("module other (input wire clk);\nendmodule\n", "no module top"),
}


def selftest():
    """Reads the SELFTEST sources (in a temporary folder): every one must give its ports or be
    refused with its message; and --same must refuse two modules whose ports differ."""
    import subprocess
    import tempfile
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        for name, (text, want) in SELFTEST.items():
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        for name, (_, want) in SELFTEST.items():
            r = subprocess.run([sys.executable, __file__, "--out", os.path.join(d, "o.hpp"),
                                "--source", os.path.join(d, name), "--module", "top",
                                "--struct", "P"], capture_output=True, text=True)
            if isinstance(want, list):
                got = re.findall(r's\.port\("(\w+)"\)', open(os.path.join(d, "o.hpp")).read()) \
                    if r.returncode == 0 else r.stderr.strip()
                ok = got == want
            else:
                got = r.stderr.strip()
                ok = r.returncode != 0 and want in got
            print("%s %s: %s" % ("ok  " if ok else "FAIL", name, got))
            bad += not ok
        r = subprocess.run([sys.executable, __file__, "--out", os.path.join(d, "o.hpp"),
                            "--source", os.path.join(d, "ansi.v"), "--module", "top",
                            "--struct", "P", "--same", os.path.join(d, "nonansi.v") + ":top"],
                           capture_output=True, text=True)
        ok = r.returncode != 0 and "only in the first: b" in r.stderr
        print("%s --same ansi.v nonansi.v: %s" % ("ok  " if ok else "FAIL", r.stderr.strip()))
        bad += not ok
    return 1 if bad else 0


def main():
    if sys.argv[1:] == ["--selftest"]:
        sys.exit(selftest())
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--struct", action="append", required=True)
    ap.add_argument("--same", action="append", default=[])
    ap.add_argument("--no-widths", action="store_true")
    a = ap.parse_args()
    ports = read_ports(a.source, a.module)
    names = [p[0] for p in ports]
    if len(set(names)) != len(names):
        fail("%s, module %s: a port is listed twice" % (a.source, a.module))
    for s in a.same:
        path, _, module = s.rpartition(":")
        other = [p[0] for p in read_ports(path, module)]
        if sorted(other) != sorted(names):
            fail("%s, module %s and %s, module %s have different ports (only in the first: %s;"
                 " only in the second: %s)" % (
                     a.source, a.module, path, module,
                     " ".join(sorted(set(names) - set(other))) or "none",
                     " ".join(sorted(set(other) - set(names))) or "none"))
    structs = [(s.partition(":")[0], s.partition(":")[2]) for s in a.struct]
    prefixes = [p for _, p in structs if p]
    if prefixes and len(prefixes) != len(structs):
        fail("either every --struct has a PREFIX or none")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    src = os.path.relpath(os.path.abspath(a.source), root)
    if src.startswith(".."):
        src = os.path.basename(a.source)
    L = ["// Generated by tb/core/vl_ports.py from %s (module %s): do not edit." % (src, a.module),
         "// Its ports, one Port member each, looked up by name in the Sim's model"
         " (tb/core/ports.cmake).",
         "#pragma once", "", '#include "core/sim.hpp"', "", "namespace minforge::tb {", ""]
    for name, prefix in structs:
        L += struct(name, prefix, prefixes, ports, not a.no_widths) + [""]
    L.append("}  // namespace minforge::tb")
    text = "\n".join(L) + "\n"
    if not os.path.exists(a.out) or open(a.out).read() != text:
        os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
