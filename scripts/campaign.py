#!/usr/bin/env python3
"""The long lockstep campaigns behind `make campaign` (docs/scaling.md): the regression's
large and fault runs, built with MINFORGE_TB_LARGE=ON (the N = 256 networks and engines, the
ULX3S N = 64 board tops), every selected CTest once per seed, each (test, seed) a task on
Dask (scripts/mftasks.py).

The tests are read from the CTestTestfile.cmake files of a build configured with
MINFORGE_TB_LARGE=ON (<out>/list: configured, never built); default selection (--tests): the
N = 256 and other large runs, the full N ranges of the GSEN sweeps (`make test` runs a sample
of each), every fault run (every internal fault of the banyan engines,
the fault-tolerant engine, the RN1 networks with faults, the board self-tests with faults).
A task's key: the content of rtl/, model/, tb/, sim/, the CMake files, the Verilator / CMake
versions, the test's command and the seed (MINFORGE_SEED; a test that passes its own --seed
keeps it; the board tops' runs, whose seed is built into the hardware, run once).  Each
Dask worker configures and builds its own build folder <out>/wd<worker> (the targets its
tasks need, once each).  A failing test is a result (kept, not retried); a
build that fails is a task failure.  Report: <out>/campaign.{json,md}, sorted.

  scripts/campaign.py [--tests REGEX] [--seeds 1-5] [--out build/campaign] [--list]
                      [--scheduler tcp://HOST:PORT | --workers N | --serial]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import mftasks  # noqa: E402

DEFAULT_TESTS = (r"large|n256|_f2$|fault|_ft_n|^tb_banyan_(eng|xchg)$|"
                 r"^tb_gsen_(fab_c[0-9]|fab_rv|eng_alt|eng_stage|eng_stage_tag|xchg)$|"
                 r"rn1-64|hypercube_lockstep_d[78]|board_rn1_selftest_(faulty|cut)|ulx3s")
# the checks of the checkers (a planted mismatch must fail) are not campaign runs
# the board tops' runs have their seed built into the hardware (a parameter of the top, not
# MINFORGE_SEED): run once, at the first seed
SEEDLESS = r"^board_"
EXCLUDED = r"selftest$|^formal\.|bad_net"
TOOLS = ("verilator", "cmake")
CMAKE_OPTS = ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DMINFORGE_TB_LARGE=ON"]
KEY_DIRS = ("rtl", "model", "tb", "sim", "cmake")


def fail(msg: str) -> None:
    print(f"campaign: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd, cwd=None, env=None, timeout=None):
    t0 = time.monotonic()
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL)
    return r.returncode, r.stdout + r.stderr, time.monotonic() - t0


def configure(build: Path) -> None:
    if (build / "build.ninja").is_file():
        return
    rc, out, _ = run(["cmake", "-S", ROOT, "-B", build, *CMAKE_OPTS])
    if rc != 0:
        raise RuntimeError(f"cmake configure of {build} failed: {out[-400:]}")


def ctest_tests(build: Path) -> list:
    """(name, argv, working dir) of every test of a configured build."""
    tests = []
    for f in sorted(build.rglob("CTestTestfile.cmake")):
        text = f.read_text()
        for m in re.finditer(r'add_test\(\[=\[(.*?)\]=\] (.*?)\)\n', text):
            argv = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))
            wd = re.search(r'set_tests_properties\(\[=\[' + re.escape(m.group(1))
                           + r'\]=\] PROPERTIES .*?WORKING_DIRECTORY "([^"]*)"', text)
            tests.append((m.group(1), argv, wd.group(1) if wd else str(f.parent)))
    return tests


def key_files() -> list:
    r = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", *KEY_DIRS,
                        "CMakeLists.txt"], cwd=ROOT, capture_output=True, text=True)
    return sorted(f for f in r.stdout.splitlines() if (ROOT / f).is_file())


def test_key(name, argv, wd, list_build, seed, out, files=None, versions=None) -> str:
    """A run's key: the sources, the tools' versions, the test's command, the seed."""
    params = {"name": name, "argv": [x.replace(list_build, "<build>") for x in argv]}
    return mftasks.content_key("campaign", files if files is not None else key_files(), params,
                               versions or mftasks.tool_versions(TOOLS), seed=seed)


def test_task(name: str, argv: list, wd: str, list_build: str, seed: int, out: str) -> dict:
    """One (test, seed) on this worker's own build folder."""
    slot = "d" + re.sub(r"[^A-Za-z0-9_.-]", "_", mftasks.worker_name())
    build = Path(out) / f"w{slot}"
    configure(build)
    rel = lambda p: p.replace(list_build, str(build))  # noqa: E731
    exe = Path(rel(argv[0]))
    if str(exe).startswith(str(build)):  # a program of the build: its target, built once
        rc, o, _ = run(["cmake", "--build", build, "--target", exe.name, "-j", "1"])
        if rc != 0:
            raise RuntimeError(f"building {exe.name} failed: {o[-400:]}")
    env = dict(os.environ, MINFORGE_SEED=str(seed))
    rc, o, dt = run([rel(a) for a in argv], cwd=rel(wd), env=env)
    tail = [ln for ln in o.splitlines() if ln.strip()][-3:]
    return {"test": name, "seed": seed, "passed": rc == 0, "exit": rc,
            "tail": [] if rc == 0 else tail, "seconds": round(dt, 1)}


def seeds_of(s: str) -> list:
    out = []
    for part in s.split(","):
        a, _, b = part.partition("-")
        if not a.isdigit() or (b and not b.isdigit()):
            fail(f"--seeds {s}: expected e.g. 1-5 or 1,3,7")
        out += list(range(int(a), int(b or a) + 1))
    return sorted(set(out))


def markdown(results: dict) -> str:
    by = {}
    for r in results.values():
        by.setdefault(r["test"], []).append(r)
    L = ["# minforge lockstep campaign (scripts/campaign.py)", "",
         "| test | seeds | passed | failed seeds |", "|---|---|---|---|"]
    for t in sorted(by):
        rs = sorted(by[t], key=lambda r: r["seed"])
        bad = [str(r["seed"]) for r in rs if not r["passed"]]
        L.append(f"| {t} | {','.join(str(r['seed']) for r in rs)} | "
                 f"{len(rs) - len(bad)} of {len(rs)} | {','.join(bad) or '-'} |")
    return "\n".join(L) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="campaign.py", description=__doc__.splitlines()[0])
    ap.add_argument("--tests", default=DEFAULT_TESTS, help="regular expression over test names")
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--out", default=str(ROOT / "build" / "campaign"))
    ap.add_argument("--list", action="store_true", help="print the (test, seed) tasks only")
    mftasks.add_arguments(ap)
    ap.error = fail
    a = ap.parse_args(argv)
    try:
        rx = re.compile(a.tests)
    except re.error as e:
        fail(f"--tests: {e}")
    seeds = seeds_of(a.seeds)
    out = Path(a.out).resolve()
    lb = out / "list"
    try:
        configure(lb)
    except RuntimeError as e:
        print(f"campaign: {e}", file=sys.stderr)
        return 1
    tests = [t for t in ctest_tests(lb) if rx.search(t[0]) and not re.search(EXCLUDED, t[0])]
    if not tests:
        fail(f"--tests {a.tests}: no test matches")
    files = key_files()
    vt = mftasks.tool_versions(TOOLS)
    tasks = []
    for name, targv, wd in tests:
        for s in seeds[:1] if re.search(SEEDLESS, name) else seeds:
            args = {"name": name, "argv": targv, "wd": wd, "list_build": str(lb), "seed": s,
                    "out": str(out)}
            key = test_key(**args, files=files, versions=vt)
            tasks.append(mftasks.Task(f"{name}@{s}", "scripts/campaign.py:test_task", args, key,
                                      TOOLS, "campaign", "scripts/campaign.py:test_key"))
    if a.list:
        for t in tasks:
            print(t.name)
        return 0
    res, failed = mftasks.run_tasks(tasks, out / "cache", a.scheduler, a.workers, a.serial,
                                    label="campaign")
    (out / "campaign.json").write_bytes(mftasks.report_bytes(
        {"results": res, "task failures": failed}))
    (out / "campaign.md").write_text(markdown(res))
    bad = [r for r in res.values() if not r["passed"]]
    print(f"campaign: {len(res)} of {len(tasks)} runs done, {len(bad)} failed, "
          f"{len(failed)} task failures; {out / 'campaign.md'}")
    return 1 if bad or failed else 0


if __name__ == "__main__":
    sys.exit(main())
