#!/usr/bin/env python3
"""Parameter legality, read from its one source: the `MF_PARAM_ERROR_IF(COND, BLOCK, ERRMOD,
(MSG)) checks of an RTL module (rtl/common/mf_param_check.vh), evaluated in Python.

A module's checks are constant expressions of its parameters and localparams (the MF_* codes
of rtl/common/mf_codes.vh by name, mf_clog2, and the constant functions of the RTL's include
files whose body is one assignment, such as a2a_fw or lcan_legal: read from the .vh files and
evaluated by the same translation); errors(module, params) evaluates them for a
parameter set (the module's own defaults for the others) and returns the ERRMOD names that
fire, message(...) the first one's $error text.  Scripts that must know which parameter sets
a module accepts ask here instead of restating the rule:
  * tb/a2a/gen_sweep.py generates only the variants the RTL accepts (GSEN alt scheduler:
    gsen_sched_alt; ROUND_VALID: gsen_fabric);
  * synth/toolflow.py check_fabric_params refuses, with the RTL's message, what its own
    readable checks let through.
`rtl_legal.py` (lint.rtl_legal) checks both on a grid of parameter sets: every set toolflow
accepts elaborates (no check fires) and every set it refuses has a check that fires (or is
refused for a reason outside the RTL: the board's LUTs); every sweep variant gen_sweep
writes is legal, and every legal N of a range spec is written.

Usage: rtl_legal.py            check toolflow.py and gen_sweep.py against the RTL; exit 1 and
                               one line per disagreement
       rtl_legal.py --plant    self-test: a planted looser and stricter rule in each must be
                               found
       rtl_legal.py --verdicts MODULE NAME=LIST...   one JSON line per parameter set of the
                               grid (LIST: 0-4,8): {"params": {...}, "error": ERRMOD or null};
                               the twins' legality test (TwinLegality.*) reads them
"""
import functools
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mfparams  # noqa: E402


class Unsupported(Exception):
    """An expression this reader cannot evaluate (a function other than mf_clog2 ...)."""


def clog2(v):
    r, v = 0, v - 1
    while v > 0:
        r, v = r + 1, v >> 1
    return r


FUNCTIONS = {"mf_clog2": clog2, "sys_clog2": clog2}
_TOKEN = re.compile(r"\s*(?:(\d+)?'[sS]?([dDhHbB])([0-9a-fA-F_]+)|(\d+)|([`$]?[A-Za-z_]\w*)|"
                    r"(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>!~&|^?:(),]))")
# binary operators, loosest first: (Verilog, Python template)
_LEVELS = [
    [("||", "int(bool({a}) or bool({b}))")],
    [("&&", "int(bool({a}) and bool({b}))")],
    [("|", "({a} | {b})")], [("^", "({a} ^ {b})")], [("&", "({a} & {b})")],
    [("==", "int({a} == {b})"), ("!=", "int({a} != {b})")],
    [("<", "int({a} < {b})"), ("<=", "int({a} <= {b})"), (">", "int({a} > {b})"),
     (">=", "int({a} >= {b})")],
    [("<<", "({a} << {b})"), (">>", "({a} >> {b})")],
    [("+", "({a} + {b})"), ("-", "({a} - {b})")],
    [("*", "({a} * {b})"), ("/", "_div({a}, {b})"), ("%", "_mod({a}, {b})")],
]


def _div(a, b):
    if b == 0:
        raise Unsupported("division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _mod(a, b):
    return a - b * _div(a, b)


def tokens(text):
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise Unsupported(f"cannot read {text[pos:pos + 20]!r}")
        pos = m.end()
        if m.group(2):
            base = {"d": 10, "h": 16, "b": 2}[m.group(2).lower()]
            out.append(("num", str(int(m.group(3).replace("_", ""), base))))
        elif m.group(4):
            out.append(("num", m.group(4)))
        elif m.group(5):
            out.append(("id", m.group(5).lstrip("`").replace("$", "sys_")))
        else:
            out.append(("op", m.group(6)))
    return out


def to_python(text):
    """A Verilog constant expression as a Python expression (integers, 0/1 for truth)."""
    toks = tokens(text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else ("end", "")

    def take(want=None):
        t = peek()
        if want is not None and t[1] != want:
            raise Unsupported(f"expected {want!r} in {text!r}")
        pos[0] += 1
        return t

    def ternary():
        c = binary(0)
        if peek()[1] == "?":
            take("?")
            a = ternary()
            take(":")
            b = ternary()
            return f"({a} if {c} else {b})"
        return c

    def binary(level):
        if level == len(_LEVELS):
            return unary()
        a = binary(level + 1)
        ops = dict(_LEVELS[level])
        while peek()[0] == "op" and peek()[1] in ops:
            op = take()[1]
            a = ops[op].format(a=a, b=binary(level + 1))
        return a

    def unary():
        t = peek()
        if t[1] == "!":
            take()
            return f"int(not {unary()})"
        if t[1] in ("-", "+", "~"):
            take()
            return f"({t[1]}{unary()})"
        return primary()

    def primary():
        kind, val = take()
        if kind == "num":
            return val
        if kind == "id":
            if peek()[1] == "(":
                take("(")
                args = [ternary()]
                while peek()[1] == ",":
                    take(",")
                    args.append(ternary())
                take(")")
                if val not in FUNCTIONS:
                    raise Unsupported(f"function {val}")
                return f"{val}({', '.join(args)})"
            return val
        if val == "(":
            e = ternary()
            take(")")
            return e
        raise Unsupported(f"unexpected {val!r} in {text!r}")

    e = ternary()
    if peek()[0] != "end":
        raise Unsupported(f"trailing {peek()[1]!r} in {text!r}")
    return e


def _strip_comments(text):
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)


def _split_args(text, start):
    """The comma-separated arguments of the call whose '(' is at text[start]; (args, end)."""
    depth, args, cur, i = 0, [], "", start
    while i < len(text):
        ch = text[i]
        if ch == '"':  # a string: its commas and parentheses are text
            j = text.index('"', i + 1)
            cur, i = cur + text[i:j + 1], j + 1
            continue
        if ch == "(":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return args + [cur.strip()], i + 1
        elif ch == "," and depth == 1:
            args.append(cur.strip())
            cur, i = "", i + 1
            continue
        cur += ch
        i += 1
    raise Unsupported("unbalanced call")


def _value_end(text, i):
    """The end of a declaration's value expression starting at text[i]."""
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif ch in ",;" and depth == 0:
            return i
        i += 1
    return i


def module_path(module):
    hits = glob.glob(os.path.join(ROOT, "rtl", "**", module + ".v"), recursive=True)
    if len(hits) != 1:
        raise FileNotFoundError(f"rtl_legal: module {module}: {len(hits)} files rtl/**/{module}.v")
    return hits[0]


_SCAN = re.compile(r"\b(if)\s*(?=\()|\b(else|begin|end)\b|(;)|\b(\w+)\s*#\s*(?=\()")


def _instances(text):
    """[(module, {parameter: expr}, condition)] of the module instances with a parameter map,
    each with the conjunction of the generate if / else branches it sits in ("1": always)."""
    stack = [[]]  # per nesting level: the conditions of the current if / else-if chain
    conds = ["1"]  # per nesting level: the condition under which its body is elaborated
    pending, after_else, out, pos = None, False, [], 0
    while True:
        m = _SCAN.search(text, pos)
        if not m:
            return out
        pos = m.end()
        if m.group(1):
            args, pos = _split_args(text, m.end())
            c = ", ".join(args)
            chain = stack[-1] if after_else else []
            pending = " && ".join([f"!({x})" for x in chain] + [f"({c})"])
            stack[-1] = chain + [c]
        elif m.group(2) == "else":
            pending = " && ".join(f"!({x})" for x in stack[-1]) or "1"
        elif m.group(2) == "begin":
            conds.append(f"({conds[-1]}) && ({pending or '1'})")
            stack.append([])
            pending = None
        elif m.group(2) == "end":
            if len(conds) > 1:
                conds.pop()
                stack.pop()
            pending = None
        elif m.group(3):
            pending = None
        elif m.group(4) and m.group(4) not in ("module", "if"):
            args, pos = _split_args(text, m.end())
            prm = {}
            for arg in args:
                a = re.match(r"\.(\w+)\s*\((.*)\)\s*$", arg, flags=re.S)
                if a:
                    prm[a.group(1)] = a.group(2)
            out.append((m.group(4), prm, conds[-1]))
        after_else = m.group(2) == "else"


@functools.lru_cache(maxsize=None)
def read_module(module, path=None):
    """(parameters {name: expr}, localparams {name: expr}, checks [(cond, errmod, msg)],
    instances [(module, {parameter: expr}, condition)])."""
    text = _strip_comments(open(path or module_path(module), encoding="utf-8").read())
    decl = re.compile(r"\b(parameter|localparam)\s+(?:integer\s+|\[[^\]]*\]\s*)?(\w+)\s*=\s*")
    params, locals_ = {}, {}
    for m in decl.finditer(text):
        end = _value_end(text, m.end())
        (params if m.group(1) == "parameter" else locals_)[m.group(2)] = text[m.end():end]
    checks = []
    for m in re.finditer(r"`MF_PARAM_ERROR_IF\s*(?=\()", text):
        args, _ = _split_args(text, m.end())
        # MSG: ("<format>", args...): the format and its argument expressions
        msg = _split_args(args[3].strip(), 0)[0] if len(args) > 3 else [f'"{args[2]}"']
        checks.append((args[0], args[2], (msg[0].strip().strip('"'), tuple(msg[1:]))))
    body = text[text.find(";", text.find(")", text.find("module"))):]  # past the header
    return params, locals_, checks, _instances(body)


def _codes_env():
    env = {}
    for group, codes in mfparams.read_codes().items():
        for name, value in codes.items():
            env[f"MF_{group}_{name.upper()}"] = value
    for name, value in mfparams.read_consts().items():
        env[f"MF_{name.upper()}"] = value
    return env


class _Env(dict):
    """Parameters given, then the module's defaults and localparams, evaluated on demand."""

    def __init__(self, decls, given):
        super().__init__(_CODES)
        self.decls = decls
        self.update(given)

    def __missing__(self, name):
        if name in _GLOBALS or name in _GLOBALS["__builtins__"]:
            raise KeyError(name)  # eval then looks in the globals
        if name not in self.decls:
            raise Unsupported(f"unknown name {name}")
        v = self[name] = evaluate(self.decls[name], self)
        return v


_CODES = _codes_env()
_GLOBALS = {"__builtins__": {"int": int, "bool": bool}, "_div": _div, "_mod": _mod,
            **FUNCTIONS}
_FUNC = re.compile(r"\bfunction\s+(?:integer\s+)?(\w+)\s*;(.*?)\bendfunction\b", re.S)
_INPUT = re.compile(r"\binput\s+integer\s+(\w+)\s*;")


def _vh_function(inputs, expr):
    def call(*args):
        try:
            return evaluate(expr, {**_CODES, **dict(zip(inputs, args))})
        except NameError as e:  # a module-level name (lvl_sw reads L): not a constant of its inputs
            raise Unsupported(str(e)) from e
    return call


def _read_vh_functions():
    """Every constant function of rtl/**/*.vh whose body is `begin NAME = <expr>; end` of its
    integer inputs (those with loops or local variables are left out; mf_clog2 is clog2)."""
    for path in sorted(glob.glob(os.path.join(ROOT, "rtl", "**", "*.vh"), recursive=True)):
        text = _strip_comments(open(path, encoding="utf-8").read())
        for m in _FUNC.finditer(text):
            name, body = m.group(1), m.group(2)
            one = re.fullmatch(r"\s*begin\s*%s\s*=\s*([^;]*);\s*end\s*" % name,
                               _INPUT.sub("", body), flags=re.S)
            if name not in FUNCTIONS and one:
                FUNCTIONS[name] = _GLOBALS[name] = _vh_function(tuple(_INPUT.findall(body)),
                                                                one.group(1))


_read_vh_functions()


@functools.lru_cache(maxsize=None)
def _compiled(expr):
    return compile(to_python(expr), "<rtl>", "eval")


def evaluate(expr, env):
    return eval(_compiled(expr), _GLOBALS, env)  # noqa: S307 (our own translation)


def _known(module):
    try:
        module_path(module)
        return True
    except FileNotFoundError:
        return False


def _format(msg, env):
    """The $error text with its %0d arguments evaluated."""
    fmt, args = msg
    try:
        return fmt.replace("%0d", "%d") % tuple(evaluate(a, env) for a in args)
    except (Unsupported, KeyError, TypeError, ValueError):
        return fmt


def fired(module, params, path=None):
    """[(errmod, message)] of the checks that fire for params (the module's defaults for the
    others), the module's own first, then those of the instances it elaborates: their
    parameters as the module sets them (one it cannot evaluate here, an expression of a
    genvar or of a function other than mf_clog2, keeps the instance's default)."""
    return list(_fired(module, tuple(sorted(params.items())), path))


@functools.lru_cache(maxsize=None)
def _fired(module, items, path):
    params = dict(items)
    decl_params, decl_locals, checks, instances = read_module(module, path)
    unknown = sorted(set(params) - set(decl_params))
    if unknown:
        raise KeyError(f"{module} has no parameter {', '.join(unknown)}")
    env = _Env({**decl_params, **decl_locals}, params)
    out = []
    for cond, errmod, msg in checks:
        try:
            if evaluate(cond, env):
                out.append((errmod, _format(msg, env)))
        except Unsupported as e:
            raise Unsupported(f"{module}: cannot evaluate the check {errmod} "
                              f"({' '.join(cond.split())}): {e} (rtl_legal.py FUNCTIONS "
                              f"knows {', '.join(FUNCTIONS)})") from None
    if out:
        return tuple(out)  # elaboration stops here
    for sub, prm, cond in instances:
        if not _known(sub):
            continue
        try:
            if not evaluate(cond, env):
                continue
        except (Unsupported, KeyError, TypeError):
            continue  # a branch on a genvar: not a parameter check
        given = {}
        for name, expr in prm.items():
            try:
                given[name] = evaluate(expr, env)
            except (Unsupported, KeyError, TypeError, SyntaxError):
                pass
        given = {k: v for k, v in given.items() if k in read_module(sub)[0]}
        out += _fired(sub, tuple(sorted(given.items())), None)
    return tuple(out)


def errors(module, params, path=None):
    """The ERRMOD names of the checks that fire (the module's and its instances')."""
    return [e for e, _ in fired(module, params, path)]


def message(module, params, path=None):
    """The $error text of the first check that fires, or None when params are legal."""
    f = fired(module, params, path)
    return f[0][1] if f else None


def legal(module, params, path=None):
    return not fired(module, params, path)


def value(module, name, params, path=None):
    """A parameter or localparam of the module for params (e.g. gsen_a2a_xchg's CFG_CONTROL,
    the fabric control its scheduler drives)."""
    decl_params, decl_locals = read_module(module, path)[:2]
    return _Env({**decl_params, **decl_locals}, params)[name]


# ---- the checks of lint.rtl_legal ----------------------------------------------------------

def _grid_values(param):
    """Values tried for a request parameter: around every boundary the RTL draws."""
    return {"N": list(range(0, 7)) + [8, 10, 12, 14, 16, 22, 64, 4096, 8192],
            "W": [0, 1, 33], "DW": [0, 1], "B": [0, 2], "CONTROL": list(range(-1, 7)),
            "SCHED": list(range(-1, 4)), "PIPELINE": [0, 1, 2], "ROUND_VALID": [0, 1, 2],
            "USE_TAGS": [0, 1, 2], "PLAN_DEPTH": [0, 1], "RELAY_DEPTH": [0, 2],
            "D": [0, 1, 2, 3, 4, 16, 17], "U": [1, 2, 4, 5], "STEPS": [0, 1, 5],
            "PIPE": [0, 1, 2], "MODE_SEL": list(range(-1, 5))}[param]


def _grid(names, fixed):
    sets = [dict(fixed)]
    for p in names:
        if p in fixed:
            continue
        sets = [dict(s, **{p: v}) for s in sets for v in _grid_values(p)]
    return sets


def check_toolflow(check_fabric_params=None, fabrics=None, board=None):
    """[disagreement lines] between synth/toolflow.py check_fabric_params and the RTL."""
    sys.path.insert(0, os.path.join(ROOT, "synth"))
    import tables  # noqa: E402
    import toolflow  # noqa: E402
    check = check_fabric_params or toolflow.check_fabric_params
    fabrics = fabrics or tables.FABRICS
    board = board or max(tables.BOARDS.values(), key=lambda b: b.luts)
    out = []
    for design, (module, _, _, names) in sorted(fabrics.items()):
        fixed = {"D": 3} if "STEPS" in names else {}  # hypercube: STEPS against one D
        for p in _grid(names, fixed):
            try:
                check(design, dict(p), board)
                accepted, why = True, ""
            except toolflow.RequestError as e:
                accepted, why = False, str(e)
            if not accepted and "LUTs" in why:
                continue  # the board's size, not a rule of the RTL
            bad = errors(module, p)
            if accepted and bad:
                out.append(f"toolflow accepts {design} {p}, the RTL refuses it: {bad[0]}")
            elif not accepted and not bad:
                out.append(f"toolflow refuses {design} {p} ({why}), the RTL accepts it")
    return out


def _sweep_rtl(v):
    """[(module, params)] whose checks a gen_sweep variant elaborates."""
    sched = mfparams.read_codes()["SCHED"]
    if v["group"] == "F":
        p = {"N": v["N"], "W": v["W"], "CONTROL": v["C"], "PIPELINE": v["P"]}
        if v["net"] == "gsen":
            p["ROUND_VALID"] = v["R"]
        return [(v["net"] + "_fabric", p)]
    if v["net"] == "gsen" and v["S"] == sched["alt"]:
        return [("gsen_sched_alt", {"N": v["N"]})]
    return []


# every control mode by name (gen_sweep reads the names through mfparams)
SWEEP_SPECS = ["fabric:gsen:N=4-18:W=8:C=%s:P=0-1:R=0-1" % ",".join(mfparams.read_codes()["CTRL"]),
               "fabric:banyan:N=4-32:W=8:C=indiv,stage,tag:P=0-1:R=0-1",
               "engine:gsen:N=4-22:S=alt,stage:P=1:T=0", "xchg:gsen:N=4-22:DW=8:S=alt,stage"]


def check_gen_sweep(parse_spec=None):
    """[disagreement lines] between tb/a2a/gen_sweep.py's variants and the RTL: every variant
    written is legal, and a variant's ROUND_VALID = 1 (fabric) or alt scheduler (GSEN engine)
    sibling is written exactly when the RTL accepts it."""
    sys.path.insert(0, os.path.join(ROOT, "tb", "a2a"))
    import gen_sweep  # noqa: E402
    parse = parse_spec or gen_sweep.parse_spec
    alt, stage = gen_sweep.SCHED["alt"], gen_sweep.SCHED["stage"]
    out = []
    for spec in SWEEP_SPECS:
        got = parse(spec)
        keys = {tuple(sorted(v.items())) for v in got}
        for v in got:
            for m, p in _sweep_rtl(v):
                if not legal(m, p):
                    out.append(f"gen_sweep {spec}: writes {v}, which the RTL refuses "
                               f"({errors(m, p)[0]})")
            if v["group"] == "F" and v["R"] == 0:
                sib = dict(v, R=1)
            elif v["group"] != "F" and v["S"] == stage:
                sib = dict(v, S=alt)
            else:
                continue
            if v["net"] == "banyan" and v["group"] == "F":
                ok = "ROUND_VALID" in read_module("banyan_fabric")[0]
            else:
                ok = all(legal(m, p) for m, p in _sweep_rtl(sib))
            if ok and tuple(sorted(sib.items())) not in keys:
                out.append(f"gen_sweep {spec}: leaves out {sib}, which the RTL accepts")
    return out


def plant():
    """Planted rules: a looser / stricter toolflow and gen_sweep must each be caught."""
    sys.path.insert(0, os.path.join(ROOT, "synth"))
    sys.path.insert(0, os.path.join(ROOT, "tb", "a2a"))
    import gen_sweep  # noqa: E402
    import tables  # noqa: E402
    import toolflow  # noqa: E402
    sub = {d: tables.FABRICS[d] for d in ("gsen_fabric", "gsen_a2a_xchg")}

    def looser(design, params, board):  # forgets ROUND_VALID=1 with tag control
        if params.get("ROUND_VALID") == 1:
            params = dict(params, ROUND_VALID=0)
        return toolflow.check_fabric_params(design, params, board)

    def stricter(design, params, board):  # refuses N = 6 for the GSEN fabric
        if design == "gsen_fabric" and params.get("N") == 6:
            raise toolflow.RequestError("planted: N = 6")
        return toolflow.check_fabric_params(design, params, board)

    def sweep_with(accepts):
        def parse(spec):
            saved = gen_sweep.rtl_accepts
            gen_sweep.rtl_accepts = accepts
            try:
                return gen_sweep.parse_spec(spec)
            finally:
                gen_sweep.rtl_accepts = saved
        return parse

    cases = [("toolflow looser", lambda: check_toolflow(looser, sub)),
             ("toolflow stricter", lambda: check_toolflow(stricter, sub)),
             ("gen_sweep looser", lambda: check_gen_sweep(sweep_with(lambda m, **p: True))),
             ("gen_sweep stricter", lambda: check_gen_sweep(sweep_with(lambda m, **p: False)))]
    ok = True
    for name, run in cases:
        found = run()
        print(f"{'CAUGHT' if found else 'MISSED'} {name}" + (f": {found[0]}" if found else ""))
        ok &= bool(found)
    print("rtl_legal --plant: " + ("every planted rule caught" if ok else "FAIL"))
    return 0 if ok else 1


def verdicts(module, grid):
    """[(params, first ERRMOD or None)] over the product of grid {name: [values]}."""
    sets = [{}]
    for name, values in grid.items():
        sets = [dict(p, **{name: v}) for p in sets for v in values]
    return [(p, (errors(module, p) or [None])[0]) for p in sets]


def _values(text):
    """'0-4,8' -> [0, 1, 2, 3, 4, 8]."""
    out = []
    for item in text.split(","):
        a, _, b = item.partition("-") if not item.startswith("-") else (item, "", "")
        out += list(range(int(a), int(b) + 1)) if b else [int(a)]
    return out


def main(argv):
    if argv[1:] == ["--plant"]:
        return plant()
    if argv[1:2] == ["--verdicts"] and len(argv) > 2:
        # one JSON line per parameter set: {"params": {...}, "error": "ERROR_..." | null}
        import json
        try:
            grid = {k: _values(v) for k, v in (a.split("=", 1) for a in argv[3:])}
            for p, err in verdicts(argv[2], grid):
                print(json.dumps({"params": p, "error": err}))
        except (ValueError, KeyError, FileNotFoundError, Unsupported) as e:
            sys.stderr.write(f"rtl_legal: --verdicts: {e}\n")
            return 2
        return 0
    if len(argv) > 1:
        sys.stderr.write(__doc__)
        return 2
    try:
        found = check_toolflow() + check_gen_sweep()
    except Unsupported as e:
        print(f"rtl_legal: {e}")
        return 1
    for line in found:
        print(line)
    if found:
        print(f"rtl_legal: {len(found)} parameter sets judged otherwise than the RTL")
        return 1
    print("rtl_legal: toolflow.py and gen_sweep.py accept exactly what the RTL accepts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
