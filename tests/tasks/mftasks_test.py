#!/usr/bin/env python3
"""CTest tasks.mftasks: the task layer (scripts/mftasks.py, docs/scaling.md) on a real sample
of synthesis sweep points, keyed by synth/sweep.py's own code (their RTL files, the flow, the
tool versions, parameters and seeds), each task a cheap stand-in for Yosys + nextpnr (a digest
of the point's files, after a random pause so tasks finish in a random order):

  equal        the points on a 2-worker LocalCluster give the serial run's report, byte for
               byte, and every task ran once
  kill         a worker killed (SIGKILL) while it runs a task: the report is still full and
               the same as the serial one
  versions     a worker whose tool (here: python) differs from the client's refuses the task
               with a message naming the tool and both versions
  rekey        a worker whose files give the task another key (another checkout, or the tree
               changed during the run) keeps no result
  invalidate   one RTL file changed (in a copy of the tree): exactly the points whose files
               contain it get new keys and are computed again; the others come from the cache

Exit 0 when all pass, 1 when one fails, 77 when dask / distributed are not installed.
--plant unsorted|no-retry|content|no-version-check plants a bug (report in completion order /
no retry of a killed worker's task / keys without the files' contents / no version check):
the matching check must fail.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "synth")]
import mftasks  # noqa: E402

HERE = str(Path(__file__).resolve().relative_to(ROOT))
# a sample across the families: GSEN and banyan fabrics, the RN1 router, the hypercube
SAMPLE = [
    ("gsen_fabric", {"N": 16, "W": 8, "CONTROL": "stage"}, (1, 2, 3), None),
    ("gsen_fabric", {"N": 6, "W": 8, "CONTROL": "alt"}, (1,), None),
    ("gsen_fabric", {"N": 16, "W": 8, "CONTROL": "tag"}, (1,), None),
    ("banyan_fabric", {"N": 8, "W": 8, "CONTROL": "stage"}, (1,), None),
    ("banyan_fabric", {"N": 16, "W": 8, "CONTROL": "tag"}, (1,), None),
    ("rn1_router", {"MODE_SEL": 0}, (1, 2, 3), None),
    ("hypercube_net", {"D": 3, "W": 8}, (1,), "hx8k"),
    ("hypercube_net", {"D": 4, "W": 8}, (1,), "ulx3s"),
]
CHANGED = "rtl/common/mf_switch2x2.v"  # in the GSEN and banyan fabrics, not in RN1 / hypercube


def fake_point(design, params, seeds, board, files, root, log, victim=None, pause=0.3):
    """The stand-in task: a digest of the point's files and parameters."""
    if victim and mftasks.worker_name() != "serial" and not os.path.exists(victim):
        Path(victim).write_text(str(os.getpid()))  # the test kills this process now
        time.sleep(60)
    time.sleep(random.random() * pause)
    with open(log, "a") as f:
        f.write(f"{design} {json.dumps(params, sort_keys=True)} {board}\n")
    return {"design": design, "params": params, "seeds": seeds, "board": board,
            "files": {f: mftasks.file_digest(Path(root) / f)[:16] for f in files}}


def other_key(**_args):
    """The key a worker with other files would compute."""
    return "0" * 64


def tasks_for(root: Path, log: Path, victim=None):
    import functools

    import sweep
    import toolflow
    if not hasattr(toolflow.rtl_sources, "cache_info"):  # the cores resolved once in this test
        toolflow.rtl_sources = functools.lru_cache(maxsize=1)(toolflow.rtl_sources)
    vt = {t: f"{t} (test)" for t in sweep.POINT_TOOLS}
    out = []
    for t in sweep.point_tasks(SAMPLE, Path("/nonexistent"), vt, root=root):
        files = sweep.point_files(t.args["design"], t.args["params"], t.args["board"])
        args = {k: t.args[k] for k in ("design", "params", "seeds", "board")}
        args.update(files=files, root=str(root), log=str(log),
                    victim=victim if t.args["design"] == "banyan_fabric" and
                    t.args["params"]["CONTROL"] == "tag" else None)
        out.append(mftasks.Task(t.name, f"{HERE}:fake_point", args, t.key, (), "test"))
    return out


def runs(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.is_file() else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plant", choices=("unsorted", "no-retry", "content", "no-version-check"))
    a = ap.parse_args()
    if not mftasks.have_dask():
        print("tasks.mftasks: dask / distributed not installed (make deps): skipped")
        return 77
    if a.plant == "unsorted":
        mftasks.report_bytes = lambda r: json.dumps(r, indent=1).encode()
    if a.plant == "content":
        mftasks.file_digest = lambda p: "no content"
    if a.plant == "no-version-check":
        mftasks.check_versions = lambda tools: None
    fails = []

    def check(ok, what):
        print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
        if not ok:
            fails.append(what)

    tmp = Path(tempfile.mkdtemp(prefix="mftasks-test-"))
    try:
        # the serial reference
        ts = tasks_for(ROOT, tmp / "serial.log")
        ref, bad = mftasks.run_tasks(ts, tmp / "c-serial", serial=True, label="serial")
        ref_b = mftasks.report_bytes(ref)
        check(not bad and len(ref) == len(SAMPLE), f"serial: {len(ref)} of {len(SAMPLE)} points")

        client = mftasks.start_client(workers=2, label="test",
                                      allowed_failures=0 if a.plant == "no-retry" else 3)
        try:
            # equal: 2 workers, random completion order
            ts = tasks_for(ROOT, tmp / "par.log")
            par, bad = mftasks.run_tasks(ts, tmp / "c-par", client=client, label="2 workers")
            check(mftasks.report_bytes(par) == ref_b and not bad,
                  "equal: the 2-worker report is the serial one byte for byte")
            check(runs(tmp / "par.log") == len(SAMPLE), "equal: every task ran once")

            # kill: a worker killed in a task
            victim = tmp / "victim.pid"
            ts = tasks_for(ROOT, tmp / "kill.log", str(victim))
            killed = []

            def killer():
                t_end = time.monotonic() + 60
                while time.monotonic() < t_end and not victim.is_file():
                    time.sleep(0.05)
                time.sleep(0.2)
                if victim.is_file():
                    pid = int(victim.read_text())
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)

            th = threading.Thread(target=killer)
            th.start()
            got, bad = mftasks.run_tasks(ts, tmp / "c-kill", client=client, label="kill",
                                         retries=0)
            th.join()
            check(len(killed) == 1, f"kill: a worker killed in its task (pid {killed})")
            check(not bad and mftasks.report_bytes(got) == ref_b,
                  f"kill: the report is full and the serial one ({len(got)} of {len(SAMPLE)} "
                  f"points{', failed: ' + '; '.join(bad.values()) if bad else ''})")
        finally:
            cluster = client.cluster
            client.close()
            cluster.close()

        # versions: the client has another python than this worker
        t = tasks_for(ROOT, tmp / "v.log")[0]
        t.tools = ("python",)
        try:
            mftasks.execute(mftasks.asdict(t), {"python": "Python 0.0 (the client)"},
                            str(tmp / "c-v"))
            msg = ""
        except mftasks.WorkerMismatch as e:
            msg = str(e)
        check("refused" in msg and "Python 0.0 (the client)" in msg and runs(tmp / "v.log") == 0,
              f"versions: a mismatched worker refuses the task ({msg or 'it ran'})")

        # rekey: the worker's files give another key
        t = tasks_for(ROOT, tmp / "r.log")[0]
        t.rekey = f"{HERE}:other_key"
        try:
            mftasks.execute(mftasks.asdict(t), {}, str(tmp / "c-r"))
            msg = ""
        except mftasks.WorkerMismatch as e:
            msg = str(e)
        check("differ from the client's" in msg and mftasks.Cache(tmp / "c-r").get(t.key) is None
              and runs(tmp / "r.log") == 0,
              f"rekey: a worker with other files keeps no result ({msg or 'it ran'})")

        # invalidate: a copy of the tree's files, one RTL file changed
        copy = tmp / "tree"
        files = sorted({f for t in ts for f in t.args["files"]})
        for f in files:
            (copy / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, copy / f)
        log = tmp / "inv.log"
        before = tasks_for(copy, log)
        mftasks.run_tasks(before, tmp / "c-inv", serial=True, label="before")
        n0 = runs(log)
        with open(copy / CHANGED, "a") as f:
            f.write("// changed\n")
        after = tasks_for(copy, log)
        changed = {b.name for b, c in zip(before, after) if b.key != c.key}
        holders = {t.name for t in before if CHANGED in t.args["files"]}
        check(0 < len(holders) < len(before) and changed == holders,
              f"invalidate: new keys for exactly the {len(holders)} points holding {CHANGED} "
              f"(changed: {len(changed)})")
        mftasks.run_tasks(after, tmp / "c-inv", serial=True, label="after")
        check(runs(log) - n0 == len(holders),
              f"invalidate: {runs(log) - n0} points computed again, {len(holders)} expected")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"tasks.mftasks: {'FAIL: ' + '; '.join(fails) if fails else 'all checks pass'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
