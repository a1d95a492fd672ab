#!/usr/bin/env python3
"""The project's shared encodings, read from their one source: rtl/common/mf_params.vh.

Every `localparam integer MF_<GROUP>_<NAME> = <value>;` line of that file is one code:
group CTRL (fabric control modes), SCHED (GSEN engine schedulers), and any group added
there later.  The name a user types is the lower-case <NAME> ("stage", "alt2", "tag").

Other copies are generated from it, never written by hand:
  * the C++ header minforge/params.hpp (at build time, `mfparams.py cpp OUT`, model/);
  * synth/ reads it through read_codes() when it starts.

Usage: mfparams.py json           print {"CTRL": {"indiv": 0, ...}, ...}
       mfparams.py cpp OUT.hpp    write the C++ header (only when its text changes)
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "rtl", "common", "mf_params.vh")
_LINE = re.compile(r"^\s*localparam\s+integer\s+MF_([A-Z0-9]+)_([A-Z0-9_]+)\s*=\s*(\d+)\s*;")


def read_codes(path=SOURCE):
    """{group: {name: value}} in file order, names lower-case."""
    groups = {}
    with open(path) as f:
        for line in f:
            m = _LINE.match(line)
            if m:
                group, name, value = m.group(1), m.group(2).lower(), int(m.group(3))
                codes = groups.setdefault(group, {})
                if name in codes or value in codes.values():
                    sys.exit(f"{path}: MF_{group}_{name.upper()} is defined twice or reuses "
                             f"value {value}")
                codes[name] = value
    if not groups:
        sys.exit(f"{path}: no MF_<GROUP>_<NAME> codes found")
    return groups


def _camel(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def cpp_header(groups):
    out = ["// Generated at build time by scripts/mfparams.py from rtl/common/mf_params.vh, the one",
           "// source of these codes.  Do not edit: change mf_params.vh.",
           "#pragma once", "", "#include <array>", "#include <string_view>", "",
           "namespace minforge::params {", ""]
    for group, codes in groups.items():
        t = _camel(group.lower())
        out.append(f"// MF_{group}_* of rtl/common/mf_params.vh")
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
        out.append("")
    out.append("}  // namespace minforge::params")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) >= 2 and argv[1] == "json":
        print(json.dumps(read_codes()))
        return 0
    if len(argv) == 3 and argv[1] == "cpp":
        text = cpp_header(read_codes())
        if not os.path.exists(argv[2]) or open(argv[2]).read() != text:
            os.makedirs(os.path.dirname(os.path.abspath(argv[2])), exist_ok=True)
            with open(argv[2], "w") as f:
                f.write(text)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
