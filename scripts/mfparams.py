#!/usr/bin/env python3
"""The project's shared encodings and constants, read from their one source:
rtl/common/mf_codes.vh (codes) and rtl/common/mf_consts.vh (single constants).

Every `` `define MF_<GROUP>_<NAME> <value> `` line of mf_codes.vh is one code (the RTL reads it
as that macro in module headers and as the localparam MF_<GROUP>_<NAME> of mf_params.vh inside
module bodies):
group CTRL (fabric control modes), SCHED (GSEN engine schedulers), DESIGN (board designs),
FAULT (banyan element faults), FTOP (fault-tolerant plan ops), VERDICT (RN1 decoder
verdicts), REPLY (RN1 reply words), and any group added there later.  The name a user types
is the lower-case <NAME> ("stage", "alt2", "tag").  Every `` `define MF_<NAME> <value> ``
line of mf_consts.vh is one constant (group CONST in the views).  Values: decimal or a
Verilog hex literal (16'hB400, 'hA5).

Other copies are generated from them, never written by hand:
  * the C++ header minforge/params.hpp (at build time, `mfparams.py cpp OUT`, model/);
  * synth/ and the test scripts read them through read_codes() / read_consts();
  * CMake reads `mfparams.py json`, shell scripts `eval "$(mfparams.py sh)"`;
  * tests/lint/test_one_source.py checks that no copy is written by hand elsewhere.

Usage: mfparams.py json           print {"CTRL": {"indiv": 0, ...}, ..., "CONST": {...}}
       mfparams.py sh             print MF_CTRL_INDIV=0 ... MF_CONST_UART_BAUD=115200 lines
                                  and MF_<GROUP>_CODES="0 1 ..." (every code of a group)
       mfparams.py cpp OUT.hpp    write the C++ header (only when its text changes)
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "rtl", "common", "mf_codes.vh")
CONSTS = os.path.join(ROOT, "rtl", "common", "mf_consts.vh")
_VALUE = r"(\d+|\d*'[hH][0-9A-Fa-f_]+)"
_LINE = re.compile(r"^\s*`define\s+MF_([A-Z0-9]+)_([A-Z0-9_]+)\s+" + _VALUE + r"\s*$")
_DEFINE = re.compile(r"^\s*`define\s+MF_([A-Z0-9_]+)\s+" + _VALUE + r"\s*$")


def _value(text):
    """A decimal or Verilog hex literal (the size, if any, is dropped)."""
    if "'" in text:
        return int(text.split("'")[1][1:].replace("_", ""), 16)
    return int(text)


def read_codes(path=SOURCE):
    """{group: {name: value}} in file order, names lower-case."""
    groups = {}
    with open(path) as f:
        for line in f:
            m = _LINE.match(line)
            if m:
                group, name, value = m.group(1), m.group(2).lower(), _value(m.group(3))
                codes = groups.setdefault(group, {})
                if name in codes or value in codes.values():
                    sys.exit(f"{path}: MF_{group}_{name.upper()} is defined twice or reuses "
                             f"value {value}")
                codes[name] = value
    if not groups:
        sys.exit(f"{path}: no MF_<GROUP>_<NAME> codes found")
    return groups


_HEX = set()  # constants written in hex in mf_consts.vh (and so in C++)


def read_consts(path=CONSTS):
    """{name: value} of mf_consts.vh in file order, names lower-case."""
    consts = {}
    with open(path) as f:
        for line in f:
            m = _DEFINE.match(line)
            if m:
                name = m.group(1).lower()
                if name in consts:
                    sys.exit(f"{path}: MF_{name.upper()} is defined twice")
                consts[name] = _value(m.group(2))
                if "'" in m.group(2):
                    _HEX.add(name)
    if not consts:
        sys.exit(f"{path}: no `define MF_<NAME> constants found")
    return consts


def read_all():
    """read_codes() with the constants as group CONST."""
    groups = read_codes()
    groups["CONST"] = read_consts()
    return groups


def _camel(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def cpp_header(groups, consts):
    out = ["// Generated at build time by scripts/mfparams.py from rtl/common/mf_codes.vh, the one",
           "// source of these codes, and from rtl/common/mf_consts.vh (the constants).",
           "// Do not edit: change those files.",
           "#pragma once", "", "#include <array>", "#include <cstdint>", "#include <optional>",
           "#include <string_view>", "",
           "namespace minforge::params {", ""]
    for group, codes in groups.items():
        t = _camel(group.lower())
        out.append(f"// MF_{group}_* of rtl/common/mf_codes.vh")
        out.append(f"enum class {t} : int {{")
        for name, value in codes.items():
            out.append(f"  {_camel(name)} = {value},")
        out.append("};")
        out.append(f"struct {t}Name {{")
        out.append("  std::string_view name;")
        out.append(f"  {t} code;")
        out.append("};")
        out.append(f"inline constexpr std::array<{t}Name, {len(codes)}> k{t}Names{{{{")
        for name in codes:
            out.append(f"    {{\"{name}\", {t}::{_camel(name)}}},")
        out.append("}};")
        g = group.lower()
        out.append(f"// The {t} named `name` (the lower-case name of MF_{group}_<NAME>), if any.")
        out.append(f"constexpr std::optional<{t}> {g}_from_name(std::string_view name) {{")
        out.append(f"  for (const auto& n : k{t}Names)")
        out.append("    if (n.name == name) return n.code;")
        out.append("  return std::nullopt;")
        out.append("}")
        out.append(f"// The name of {t} c (\"?\" for a value without one).")
        out.append(f"constexpr std::string_view name({t} c) {{")
        out.append(f"  for (const auto& n : k{t}Names)")
        out.append("    if (n.code == c) return n.name;")
        out.append("  return \"?\";")
        out.append("}")
        out.append(f"constexpr int code({t} c) {{ return static_cast<int>(c); }}")
        out.append("")
    out.append("// `define MF_* of rtl/common/mf_consts.vh")
    for name, value in consts.items():
        text = f"0x{value:X}" if name in _HEX else str(value)
        out.append(f"inline constexpr uint32_t k{_camel(name)} = {text};")
    out.append("")
    out.append("}  // namespace minforge::params")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) >= 2 and argv[1] == "json":
        print(json.dumps(read_all()))
        return 0
    if len(argv) == 2 and argv[1] == "sh":
        for group, codes in read_all().items():
            for name, value in codes.items():
                print(f"MF_{group}_{name.upper()}={value}")
            print(f"MF_{group}_CODES=\"{' '.join(str(v) for v in codes.values())}\"")
        return 0
    if len(argv) == 3 and argv[1] == "cpp":
        text = cpp_header(read_codes(), read_consts())
        if not os.path.exists(argv[2]) or open(argv[2]).read() != text:
            os.makedirs(os.path.dirname(os.path.abspath(argv[2])), exist_ok=True)
            with open(argv[2], "w") as f:
                f.write(text)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
