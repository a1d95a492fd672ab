#!/usr/bin/env python3
"""The `minforge` CLI under hostile input, probed systematically (issue 26).

The probes are derived from the CLI itself: every verb from `minforge --help`, every option of
a verb from `minforge <verb> --help` (the option's kind from its placeholder: none = a flag,
FILE/DIR/OUT = a path, a|b|c = a choice, anything else = a value).  Each verb has one or more
smallest legal invocations (BASES below, the only hand-written part); a probe takes the first
base holding the option (or the first base plus the option) and puts one hostile value in:

  values   '', -1, 0, 1e99, 0x10, 1.5, 5abc, ' 5', +5, a huge integer, nan, inf, a junk word,
           newline / escape / DEL bytes, a 5000-byte word, and the legal value with trailing
           junk (8abc, '8,', ...) or with each of its numbers replaced by a hostile one
  paths    missing, a directory, /dev/zero, /dev/null, /dev/full, /proc/self/x (cannot be
           created), a path through a regular file, a FIFO, '', a name with a newline; input
           files also an empty, a binary, a 1 GiB sparse file and junk text
  shape    the option twice, without its value, a flag given a value, every base option
           left out, an unknown option, an extra positional, '-x', '--', '--=1'
  top      bare call, unknown group / command, control bytes in the verb

Each probe runs with a timeout, an address-space limit (ulimit -v, default 2 GiB), stdin
/dev/null, and MINFORGE_CACHE pointing where no model cache can be created, so that an RTL run
that accepted its arguments stops at its first model build ("reached the model build").  A
probe is then

  refused     the rule: exit 2, nothing on stdout, exactly one line on stderr starting
              "minforge: error: ", no control byte in it
  accepted    exit 0 or 1 (1: a check of the result failed), or an RTL run that reached the
              model build; reviewed: scripts/cli_probe_accepted.txt lists the accepted probes
              that are legitimate, every other one is "unreviewed" (junk accepted silently?)
  long        timed out, but on a terminal (a pty) it draws a progress line or a heartbeat
              on stderr (listed in the same file as "long"; --sample leaves these out)
  bad-base    a base invocation (BASES) is refused: the probes built on it test nothing
  violation   exit 3 (internal error), a signal, a timeout without progress, stdout on an
              error, more or less than one stderr line, exit 2 without the prefix, control
              bytes in a message, "out of memory" (work not refused before it started), any
              other exit code

Prints a summary (and --json FILE writes every probe).  Exit 1 when a violation, an
unreviewed accepted or long probe, a refused base or a verb without a base is found, else 0.

  python3 scripts/cli_probe.py --bin build/sim/minforge            # the whole CLI
  python3 scripts/cli_probe.py --bin ... --sample 120                # the CTest CliProbe.sample
  python3 scripts/cli_probe.py --bin ... --verb 'gsen route' -v      # one verb, every probe
  python3 scripts/cli_probe.py --bin ... --write-accepted            # re-pin the reviewed list
  python3 scripts/cli_probe.py --bin ... --range-max                 # + each integer option at
                                                                     #   the top of its range
  python3 scripts/cli_probe.py --bin ... --plant --verb 'gsen route' # must FAIL (self-test)
"""
import argparse
import json
import os
import pty
import re
import resource
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ACCEPTED_FILE = os.path.join(ROOT, "scripts", "cli_probe_accepted.txt")
NO_CACHE = "/proc/minforge-probe-no-cache"
PREFIX = "minforge: error: "

# The smallest legal invocations per verb.  Placeholders: {out} a new output file, {dir} an
# existing empty folder, {perm4} / {perm8} a permutation file of 4 / 8 entries, {gcert} /
# {bcert} an R(N) / fault-tolerant plan certificate of docs/research.  The first base of a
# verb is the one options not named in any base are added to.
BASES = {
    "banyan latin": ["--ports 4"],
    "banyan fault": ["--ports 8 --fault 1,1 --latency 2 --relay-depth 2 --plan-hex {out}"],
    "banyan ftmin": ["--ports 8 --fault 1,1 --latency 1 --relay-depth 1 --timeout 1 "
                     "--no-relaxation --out {out}"],
    "banyan ftcheck": ["--cert {bcert}"],
    "banyan draw": ["--ports 8 --config 1 --fault 1,1 --svg {out}"],
    "gsen route": ["--ports 4 --stage 1", "--ports 4 --alt 1 --period 2"],
    "gsen schedule": ["--ports 6 --control alt"],
    "gsen cover": ["--ports 4 --control stage --configs 0-3"],
    "gsen cost": ["--max 8"],
    "gsen draw": ["--ports 4 --stage 1 --svg {out}", "--ports 4 --alt 1 --period 2 --svg {out}"],
    "gsen rbound": ["--ports 4 --configs 2 --timeout 1 --out {out}"],
    "gsen rcheck": ["--cert {gcert} --hex {out}"],
    "gsen rlower": ["--ports 4 --timeout 1"],
    "gsen player": ["--ports 4 --control stage --configs 0-3 --hex {out}"],
    "hypercube realize": ["--dim 2 --class random --seed 1 --paths --schedule --max-mem 1G",
                          "--dim 2 --perm {perm4}"],
    "hypercube draw": ["--dim 2 --class random --seed 1 --svg {out}",
                       "--dim 2 --perm {perm4} --svg {out}"],
    "hypercube minsteps": ["--dim 2 --class random --seed 1 --schedule --timeout 1",
                           "--dim 2 --perm {perm4}",
                           "--dim 2 --sample 1 --climb 1 --out {out} --timeout 1"],
    "hypercube sim": ["--dim 2 --class random --seed 1 --wave {out}", "--dim 2 --perm {perm4}"],
    "sim hypercube": ["--dim 2 --class random --seed 1 --wave {out}", "--dim 2 --perm {perm4}"],
    "lcan claims": ["--trials 2 --seed 1"],
    "lcan info": ["--network cb:8,2,2"],
    "lcan route": ["--network cb:8,2,2 --src 0 --dst 5 --via 0"],
    "lcan simulate": ["--network cb:8,2,2 --class random --trials 1 --seed 1 --up cycle "
                      "--down random", "--network cb:8,2,2 --perm {perm8} --trials 1 --seed 1"],
    "lcan draw": ["--network cb:8,2,2 --class random --seed 1 --up cycle --down random "
                  "--svg {out}", "--network cb:8,2,2 --perm {perm8} --svg {out}"],
    "lcan figures": ["--out {dir} --trials 2 --seed 1 --quiet"],
    "lcan realize": ["--network cb:8,2,2 --class random --seed 1 --method offline --max-mem 1G",
                     "--network cb:8,2,2 --perm {perm8}"],
    "lcan worst": ["--network cb:8,2,2 --iterations 1 --trials 1 --verify-trials 2 --seed 1 "
                   "--out {out}"],
    "rn1 claims": ["--topology fig20.7 --static --seed 1 --svg {dir}"],
    "rn1 net": ["--topology fig20.7 --traffic uniform --cycles 10 --load 0.5 --faults 1 "
                "--seed 1"],
    "rn1 paths": ["--topology fig20.7"],
    "rn1 faults": ["--topology fig20.7 --max-faults 1 --trials 1 --cycles 10 --load 0.5 "
                   "--seed 1"],
    "rn1 verilog": ["--topology fig20.7 --out {out}"],
    "rn1 localise": ["--topology fig20.9 --fault router:1 --cycles 100 --load 0.25 --threshold 1 "
                     "--seed 1", "--topology fig20.9 --random 1 --trials 1 --cycles 100",
                     "--topology fig20.9 --every-link --cycles 100"],
    "sim rn1": ["--topology fig20.7 --traffic uniform --cycles 10 --load 0.5 --faults 1 "
                "--seed 1"],
    "sim gsen": ["--ports 4 --width 8 --control stage --configs 0-3 --pipeline 0 --cycles 10 "
                 "--seed 1 --wave {out}"],
    "sim banyan": ["--ports 8 --width 10 --control stage --fault 1,1,straight --pipeline 0 "
                   "--cycles 10 --seed 1 --wave {out}"],
    "sim banyan-ft": ["--ports 8 --fault 1,1 --width 10 --pipeline 0 --cycles 10 --seed 1 "
                      "--wave {out}"],
    "sim lcan": ["--network cb:8,2,2 --class random --trials 1 --seed 1 --wave {out}"],
    "sim axis": ["--engine gsen --ports 4 --width 4 --blocks 1 --sched stage --pipeline 0 --tags 0 "
                 "--src-lat 1 --frames 1 --seed 1 --wave {out}"],
    "sim board": ["--board hx8k --design banyan --xpose 0",
                  "--board ulx3s --design rn1 --dead-links 73,85"],
}
INPUT_PLACEHOLDERS = ("{perm4}", "{perm8}", "{gcert}", "{bcert}")

NUMBERS = ["", "-1", "0", "1e99", "0x10", "1.5", "5abc", " 5", "+5", "9" * 30, "nan", "inf",
           "-0", "1e-400"]
NAMES = ["nosuch", "a\nb", "\x1b[31mX", "x\x7fy", "x" * 5000]
JUNK_TAILS = ["abc", ",", ":", ".", " ", "\n"]


def sh_quote(s):
    return shlex.quote(s)


def parse_overview(text):
    verbs = []
    for line in text.splitlines():
        m = re.match(r"^  ([a-z0-9]+) ([a-z0-9-]+)\s", line)
        if m:
            verbs.append(m.group(1) + " " + m.group(2))
    return verbs


def parse_options(usage):
    """{option: kind} from a verb's --help text; kind is flag, path, choice or value."""
    opts = {}
    for m in re.finditer(r"--([a-z][a-z0-9-]*)(?:[ =]([^\s]+))?", usage):
        name, ph = m.group(1), (m.group(2) or "")
        ph = ph.rstrip(").,;:]`")
        if ph.startswith("[") or ph.startswith("(") or ph.startswith("--") or ph in ("", "|"):
            kind = "flag"
        elif re.fullmatch(r"(FILE|DIR|OUT)", ph):
            kind = "path"
        elif "|" in ph:
            kind = "choice"
        elif re.fullmatch(r"[A-Z][A-Z0-9_,]*|[a-z]|cb:N,d,u|SIZE|SPEC|SEED", ph):
            kind = "value"
        else:
            kind = "flag"  # prose after the option name ("--out writes ...")
        rank = {"flag": 0, "value": 1, "choice": 2, "path": 3}
        if name not in opts or rank[kind] > rank[opts[name]]:
            opts[name] = kind
    return opts


class Probe:
    def __init__(self, verb, key, argv, env_extra=None):
        self.verb, self.key, self.argv = verb, key, argv
        self.env_extra = env_extra or {}
        self.klass = self.reason = None
        self.rc = None
        self.err = self.out = ""
        self.seconds = 0.0
        self.expect_json = False


def limit(mem_bytes):
    def f():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return f


def run(binary, argv, cwd, timeout, mem, env):
    t0 = time.time()
    p = subprocess.Popen([binary] + argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit(mem))
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        rc = "timeout"
    return rc, out.decode("latin-1"), err.decode("latin-1"), time.time() - t0


def progress_on_tty(binary, argv, cwd, seconds, mem, env):
    """Runs argv with stderr on a pty for `seconds`: does it draw a progress line?"""
    master, slave = pty.openpty()
    p = subprocess.Popen([binary] + argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=slave, preexec_fn=limit(mem))
    os.close(slave)
    seen = b""
    end = time.time() + seconds
    while time.time() < end and len(seen) < 100000:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()
    os.close(master)
    # A progress line (done/total, rate) or a heartbeat ("running, 3 s elapsed").
    return re.search(rb"\r\x1b\[K[^\r\n]*(\d+/\d+[^\r\n]*/s|running, [^\r\n]*elapsed)",
                     seen) is not None


def classify(p, timeout_note=None):
    rc, out, err = p.rc, p.out, p.err
    if rc == "timeout":
        return ("long", "timed out; progress on a terminal") if timeout_note else \
            ("violation", "timed out without progress on a terminal")
    if NO_CACHE in err:
        return "accepted", "reached the model build"
    if isinstance(rc, int) and rc < 0:
        return "violation", "killed by signal %d" % -rc
    if rc == 3 or "internal error" in err:
        return "violation", "exit 3 / internal error"
    if rc in (0, 1):
        if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", err):
            return "violation", "control bytes on stderr (not a terminal)"
        if p.expect_json:
            try:
                json.loads(out)
            except ValueError:
                return "violation", "--json printed no JSON"
        return "accepted", "exit %d" % rc
    if rc != 2:
        return "violation", "exit code %s" % rc
    if out:
        return "violation", "stdout on an error"
    if not err.endswith("\n") or err.count("\n") != 1:
        return "violation", "%d lines on stderr" % err.count("\n")
    if not err.startswith(PREFIX):
        return "violation", "exit 2 without the 'minforge: error: ' prefix"
    if re.search(r"[\x00-\x09\x0b-\x1f\x7f]", err):
        return "violation", "unescaped control bytes in the message"
    if "out of memory" in err:
        return "violation", "out of memory while working (not refused before the work)"
    return "refused", "exit 2"


class Scratch:
    def __init__(self, root):
        self.root = root
        self.cwd = os.path.join(root, "cwd")
        os.makedirs(self.cwd)
        self.dir = os.path.join(root, "outdir")
        os.makedirs(self.dir)
        self.plain = os.path.join(root, "plain")
        with open(self.plain, "w") as f:
            f.write("x\n")
        self.fifo = os.path.join(root, "fifo")
        os.mkfifo(self.fifo)
        self.files = {"gcert": os.path.join(ROOT, "docs/research/gsen_r12_k16.json"),
                      "bcert": os.path.join(ROOT, "docs/research/banyan_ft_n16_e1_0.hex")}
        self.reset()
        self.huge = os.path.join(root, "huge.txt")
        with open(self.huge, "w") as f:
            f.write(" ")
        os.truncate(self.huge, 1 << 30)  # sparse: no disk

    def reset(self):
        """The fixtures as they were: a probe may have written over any of them."""
        with open(self.plain, "w") as f:
            f.write("x\n")
        for n in (4, 8):
            self.files["perm%d" % n] = self.write("perm%d.txt" % n,
                                                  " ".join(str((k + 1) % n) for k in range(n)))
        self.empty = self.write("empty.txt", "")
        self.binary = self.write("binary.bin", "".join(chr(b) for b in range(256)) * 4)
        self.junk = self.write("junk.txt", "0 1x 2 3\n-1 +5 0x10 1e99 nan\n\x1b[2J\n")
        for junk in (os.path.join(self.root, "a\nb"), os.path.join(self.root, "out.x")):
            if os.path.lexists(junk):
                os.remove(junk)
        for d in (self.cwd, self.dir):
            for junk in os.listdir(d):
                shutil.rmtree(os.path.join(d, junk), ignore_errors=True)
                if os.path.lexists(os.path.join(d, junk)):
                    os.remove(os.path.join(d, junk))

    def write(self, name, text):
        path = os.path.join(self.root, name)
        with open(path, "w", encoding="latin-1") as f:
            f.write(text)
        return path

    def fill(self, base):
        out = os.path.join(self.root, "out.x")
        s = base
        for k, v in self.files.items():
            s = s.replace("{%s}" % k, sh_quote(v))
        s = s.replace("{out}", sh_quote(out)).replace("{dir}", sh_quote(self.dir))
        return shlex.split(s)

    def paths(self, is_input):
        p = [("missing", os.path.join(self.root, "no", "such")),
             ("directory", self.dir), ("/dev/zero", "/dev/zero"), ("/dev/null", "/dev/null"),
             ("/dev/full", "/dev/full"), ("unwritable", "/proc/self/x"),
             ("through-file", os.path.join(self.plain, "x")), ("fifo", self.fifo),
             ("empty-name", ""), ("newline-name", os.path.join(self.root, "a\nb")),
             ("regular-file", self.plain)]
        if is_input:
            p += [("empty-file", self.empty), ("binary-file", self.binary),
                  ("huge-sparse-file", self.huge), ("junk-file", self.junk)]
        return p


def opt_index(argv, name):
    for k, a in enumerate(argv):
        if a == "--" + name or a.startswith("--" + name + "="):
            return k
    return -1


def with_value(argv, name, value):
    """argv with --name set to value (replaced, or added at the end)."""
    a = list(argv)
    k = opt_index(a, name)
    if k < 0:
        return a + ["--" + name + "=" + value]
    has_val = k + 1 < len(a) and not a[k + 1].startswith("--")
    return a[:k] + ["--" + name + "=" + value] + a[k + 1 + (1 if has_val else 0):]


def hostile_numbers(legal):
    """The legal value with junk after it, and with each of its numbers made hostile."""
    vals = [("tail" + repr(t), legal + t) for t in JUNK_TAILS]
    nums = list(re.finditer(r"\d+(?:\.\d+)?", legal))
    if nums and not (len(nums) == 1 and nums[0].group(0) == legal):
        for i, m in enumerate(nums):
            for h in ["", "-1", "1e99", "0x10", "1.5", "9" * 30, " 5", "5abc"]:
                vals.append(("num%d=%r" % (i, h), legal[:m.start()] + h + legal[m.end():]))
    return vals


def make_probes(binary, scratch, only_verb=None):
    env = os.environ.copy()
    overview = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
    verbs = parse_overview(overview)
    probes = []
    top = [("bare", []), ("unknown-group", ["nosuch"]), ("group-only", ["gsen"]),
           ("unknown-command", ["gsen", "nosuch"]), ("control-bytes", ["gsen\x1b[31m", "route"]),
           ("newline-group", ["a\nb", "c"]), ("sim-bare", ["sim"]),
           ("sim-unknown", ["sim", "nosuch"]), ("top-option", ["--nosuch"]),
           ("sim-option", ["sim", "--ports", "4"])]
    if not only_verb:
        for key, argv in top:
            probes.append(Probe("(top)", "(top) " + key, argv))
    missing = [v for v in verbs if v not in BASES]
    for verb in verbs:
        if only_verb and verb != only_verb:
            continue
        if verb not in BASES:
            continue
        usage = subprocess.run([binary] + verb.split() + ["--help"], capture_output=True,
                               text=True).stdout
        opts = parse_options(usage)
        bases = [scratch.fill(b) for b in BASES[verb]]
        vv = verb.split()

        def add(key, argv):
            probes.append(Probe(verb, verb + " " + key, vv + argv))

        add("(base)", bases[0])
        if "json" in opts and opt_index(bases[0], "json") < 0:
            # --json where the help offers it: the answer is JSON (README, docs/cli.md).
            add("(base) --json", bases[0] + ["--json"])
            probes[-1].expect_json = True
        for i, b in enumerate(bases[1:], 1):
            add("(base %d)" % i, b)
        # Shape: unknown option, positional, odd dashes; each base option left out.
        for key, extra in [("unknown-option", ["--nosuch"]), ("unknown-option=1", ["--nosuch=1"]),
                           ("positional", ["extra"]), ("single-dash", ["-x"]),
                           ("double-dash", ["--"]), ("empty-name", ["--=1"]),
                           ("newline-option", ["--a\nb"])]:
            add(key, bases[0] + extra)
        for bi, b in enumerate(bases):
            k = 0
            while k < len(b):
                if b[k].startswith("--"):
                    n = 2 if k + 1 < len(b) and not b[k + 1].startswith("--") else 1
                    add("(base %d without %s)" % (bi, b[k]), b[:k] + b[k + n:])
                    k += n
                else:
                    k += 1
        for name, kind in sorted(opts.items()):
            base = next((b for b in bases if opt_index(b, name) >= 0), bases[0])
            k = opt_index(base, name)
            legal = None
            if k >= 0 and "=" in base[k]:
                legal = base[k].split("=", 1)[1]
            elif k >= 0 and k + 1 < len(base) and not base[k + 1].startswith("--"):
                legal = base[k + 1]
            dropped = base if k < 0 else base[:k] + base[k + (2 if legal is not None and
                                                              "=" not in base[k] else 1):]
            once = ["--" + name] + ([] if kind == "flag" else [legal or "1"])
            add("--%s twice" % name, base + once if k >= 0 else base + once + once)
            if kind == "flag":
                add("--%s=1" % name, dropped + ["--%s=1" % name])
                add("--%s junk" % name, dropped + ["--" + name, "junk"])
                continue
            add("--%s without value" % name, dropped + ["--" + name])
            values = [(("%r" % v) if len(v) < 40 else "%r*%d" % (v[0], len(v)), v)
                      for v in NUMBERS + NAMES]
            if legal is not None and kind != "path":
                values += hostile_numbers(legal)
            if kind == "path":
                is_input = any(os.path.samefile(legal, v) for v in scratch.files.values()
                               if legal and os.path.exists(legal))
                values = [(n, v) for n, v in scratch.paths(is_input)]
            for vk, v in values:
                add("--%s=%s" % (name, vk), with_value(base, name, v))
    for p in probes:
        p.env_extra = {"MINFORGE_CACHE": NO_CACHE}
    return probes, verbs, missing, env


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "sim", "minforge"))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per probe")
    ap.add_argument("--mem", type=float, default=2.0, help="GiB address space per probe")
    ap.add_argument("--sample", type=int, default=0,
                    help="run only N probes, spread evenly (a fixed choice) over the list")
    ap.add_argument("--verb", help="only this verb ('gsen route')")
    ap.add_argument("--json", help="write every probe to this file")
    ap.add_argument("--write-accepted", action="store_true",
                    help="write the accepted probes to scripts/cli_probe_accepted.txt")
    ap.add_argument("--range-max", action="store_true",
                    help="also run every integer option at the top of its range (large work)")
    ap.add_argument("--plant", action="store_true",
                    help="probe a wrapper with two planted bugs instead (must FAIL)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every probe")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    mem = int(args.mem * (1 << 30))
    root = tempfile.mkdtemp(prefix="cli_probe_")
    try:
        # A private copy: the shared build folder may relink minforge during a long run.
        for _ in range(30):
            try:
                shutil.copy2(binary, os.path.join(root, "minforge"))
                subprocess.run([os.path.join(root, "minforge"), "--help"], check=True,
                               capture_output=True)
                break
            except (OSError, subprocess.CalledProcessError):
                time.sleep(2)
        binary = os.path.join(root, "minforge")
        if args.plant:
            binary = plant(binary, root)
        return probe_all(args, binary, mem, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def plant(binary, root):
    """A wrapper around minforge with two planted bugs (the self-test, CTest
    CliProbe.selftest): every argument loses a trailing "abc" before minforge sees it (a
    number parser that accepts trailing junk: --ports 4abc runs), and an argument holding
    "0x" makes it print an internal error with exit 3.  The probe run must report both."""
    path = os.path.join(root, "planted-minforge")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n"
                "n=$#\n"
                "while [ $n -gt 0 ]; do a=$1; shift; n=$((n-1))\n"
                "  case $a in *0x*) echo 'minforge: internal error: planted' >&2; exit 3;; esac\n"
                "  set -- \"$@\" \"${a%%abc}\"; done\n"
                "exec %s \"$@\"\n" % shlex.quote(binary))
    os.chmod(path, 0o755)
    return path


def probe_all(args, binary, mem, root):
    scratch = Scratch(root)
    probes, verbs, missing, env = make_probes(binary, scratch, args.verb)
    reviewed = {}  # key -> "accepted" or "long"
    if os.path.exists(ACCEPTED_FILE):
        with open(ACCEPTED_FILE, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    kind, key = line.rstrip("\n").split(" ", 1)
                    reviewed[json.loads(key)] = kind
    if args.sample:
        # The sample keeps to cheap probes: the reviewed long runs are left to the full run.
        probes = [p for p in probes if reviewed.get(p.key) != "long"]
        if args.sample < len(probes):
            step = len(probes) / args.sample
            probes = [probes[int(k * step)] for k in range(args.sample)]
    t0 = time.time()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    todo = list(probes)
    while todo:
        p = todo.pop(0)
        e = dict(env, **p.env_extra)
        p.rc, p.out, p.err, p.seconds = run(binary, p.argv, scratch.cwd, args.timeout, mem, e)
        m = re.search(r"out of range \[(-?\d+), (\d+)\]", p.err)
        if args.range_max and m and p.key.endswith("='%s'" % ("9" * 30)):
            # The largest value the option takes: large work must be refused by an
            # estimate, finish, or show progress -- not run out of memory or hang quietly.
            name = p.key.split(" --", 1)[1].split("=", 1)[0]
            q = Probe(p.verb, p.key.replace("9" * 30, m.group(2)),
                      with_value(p.argv, name, m.group(2)), p.env_extra)
            probes.append(q)
            todo.append(q)
        note = None
        if p.rc == "timeout":
            # A legitimately long run must show progress on a terminal (--quiet asks not to).
            argv = [x for x in p.argv if x != "--quiet"]
            note = progress_on_tty(binary, argv, scratch.cwd, min(args.timeout, 5.0), mem, e)
        p.klass, p.reason = classify(p, note)
        if " (base" in p.key and "without" not in p.key and p.klass == "refused":
            p.klass, p.reason = "bad-base", "a base invocation is refused (fix BASES)"
        # Accepted or long alike: whether a run ends within the timeout depends on the load.
        if p.klass in ("accepted", "long") and p.key not in reviewed:
            p.reason = "not in cli_probe_accepted.txt: " + p.reason
            p.klass = "unreviewed"
        scratch.reset()
        if args.verbose or p.klass in ("violation", "unreviewed", "bad-base"):
            first = (p.err.splitlines() or [""])[0][:200]
            print("%-10s %-40s %s | rc=%s %r" % (p.klass, p.reason[:40], json.dumps(p.key)[:160],
                                                 p.rc, first))
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    counts = {}
    for p in probes:
        counts[p.klass] = counts.get(p.klass, 0) + 1
    per_verb = {}
    for p in probes:
        per_verb.setdefault(p.verb, {}).setdefault(p.klass, 0)
        per_verb[p.verb][p.klass] += 1
    cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
    print("cli_probe: %d verbs from --help (%d without a base: %s), %d probes in %.1f s "
          "(%.1f s CPU of minforge)" % (len(verbs), len(missing), ", ".join(missing) or "none",
                                         len(probes), time.time() - t0, cpu))
    for k in ("refused", "accepted", "unreviewed", "long", "violation", "bad-base"):
        print("  %-10s %d" % (k, counts.get(k, 0)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"probes": [{"key": p.key, "argv": p.argv, "class": p.klass,
                                   "reason": p.reason, "rc": p.rc, "stderr": p.err[:2000],
                                   "stdout_bytes": len(p.out), "seconds": round(p.seconds, 3)}
                                  for p in probes],
                       "counts": counts, "per_verb": per_verb}, f, indent=1)
    if args.write_accepted:
        lines = sorted("%s %s" % ("long" if p.rc == "timeout" else "accepted", json.dumps(p.key))
                       for p in probes if p.klass in ("accepted", "long", "unreviewed"))
        with open(ACCEPTED_FILE, "w", encoding="utf-8") as f:
            f.write("# Probes of scripts/cli_probe.py that minforge accepts (exit 0/1, or an RTL run\n"
                    "# reaching its model build: 'accepted') or that run long with a progress line\n"
                    "# on a terminal ('long'), reviewed as legitimate; the key as a JSON string.\n"
                    "# The two are interchangeable (a run may end within the timeout or not,\n"
                    "# with the load); --sample leaves the 'long' ones out.\n"
                    "# Any other accepted or long probe fails the probe run (junk accepted\n"
                    "# silently?).  Written by --write-accepted, then reviewed by hand.\n")
            for line in lines:
                f.write(line + "\n")
    bad = counts.get("violation", 0) + counts.get("unreviewed", 0) + counts.get("bad-base", 0) + \
        (1 if missing else 0)
    print("cli_probe: %s" % ("PASS" if not bad else "FAIL"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
