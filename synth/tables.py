"""The facts the FPGA flow works from, each read from its one source.

* Board table: synth/boards/boards.json.  Per board: title, family (ice40 | ecp5), device
  (the nextpnr switch: up5k, hx8k, 85k), package, clock_mhz, constraints (pin file in
  synth/boards/), pins (clk, uart_tx, led[0..]), led_active_low, capacity (luts: iCE40 logic
  cells / ECP5 LUT4s, ffs, brams), top (the board's top module, rtl/board/<board>_top.v,
  whose DESIGN parameter chooses the self-test), default_design (DESIGN's default in the
  top), designs: {design: the design's default parameters on that board, which are the
  defaults of the top's parameters when DESIGN is that design; a code parameter (SCHED) by
  its name, "alt", turned into its value here}.  CMake reads the same file
  (tb/board/CMakeLists.txt, string(JSON)).
* Design table: synth/designs.json.  Per design: kind (top: a board's self-test; fabric: a
  fabric placed through its out-of-context timing wrapper), title, ports (even | pow2: the
  rule for N), params (the parameters a request may set), and for fabrics module, wrapper
  and controls (the legal CONTROL names).
* Codes: rtl/common/mf_params.vh, read by scripts/mfparams.py (read_codes()): CONTROL
  (fabric control modes) and DESIGN (MF_DESIGN_*, the value of a board top's DESIGN).

Nothing here imports another module of synth/; toolflow.py, sweep.py and flow.py import
this one (and flow.py imports the other two).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYNTH = ROOT / "synth"
BOARDS_JSON = SYNTH / "boards" / "boards.json"
DESIGNS_JSON = SYNTH / "designs.json"
sys.path.insert(0, str(ROOT / "scripts"))
import mfparams  # noqa: E402  (codes of rtl/common/mf_params.vh)


class RequestError(Exception):
    """A malformed request (unknown board, design that cannot fit, bad parameter)."""


class ToolError(Exception):
    """A tool failed (synthesis error, place-and-route failure)."""


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    family: str  # ice40 | ecp5
    device: str  # nextpnr device switch: up5k, hx8k, 85k
    package: str
    clk_mhz: float
    constraints: str  # path relative to synth/
    clk_pin: str
    uart_tx_pin: str
    led_pins: tuple
    led_active_low: bool
    luts: int  # logic cells (iCE40) / LUT4 (ECP5) available
    ffs: int
    brams: int  # SB_RAM40_4K / DP16KD
    top: str = ""  # the board's top module; its DESIGN parameter chooses the self-test
    default_design: str = ""  # DESIGN's default in the top
    designs: dict = field(default_factory=dict)  # design -> default parameters


_CODES = mfparams.read_codes()
# The parameters of a board table row that carry a code, and the code group of each: the
# table writes the code's name ("SCHED": "alt"), the rows below hold its value.
ROW_CODE_PARAMS = {"SCHED": "SCHED"}  # (the board tops take no other code parameter)


def _row_params(where: str, row: dict) -> dict:
    """A design's row of the board table with its code names turned into their values."""
    out = dict(row)
    for p, group in ROW_CODE_PARAMS.items():
        if p not in out:
            continue
        v = out[p]
        if not isinstance(v, str) or v not in _CODES[group]:
            raise ValueError(f"{BOARDS_JSON}: {where} {p} is {json.dumps(v)}, not the name of a "
                             f"MF_{group}_* code ({', '.join(_CODES[group])})")
        out[p] = _CODES[group][v]
    return out


def _load_boards(path=BOARDS_JSON) -> dict:
    out = {}
    for name, b in json.loads(Path(path).read_text()).items():
        out[name] = Board(
            name, b["title"], b["family"], b["device"], b["package"], float(b["clock_mhz"]),
            f"boards/{b['constraints']}", b["pins"]["clk"], b["pins"]["uart_tx"],
            tuple(b["pins"]["led"]), bool(b["led_active_low"]), b["capacity"]["luts"],
            b["capacity"]["ffs"], b["capacity"]["brams"], b["top"], b["default_design"],
            {d: _row_params(f"{name} {d}", v) for d, v in b["designs"].items()})
    return out


BOARDS = _load_boards()
DESIGNS = json.loads(DESIGNS_JSON.read_text())
# design -> (module, timing wrapper, legal controls, parameters the wrapper takes)
FABRICS = {d: (v["module"], v["wrapper"], tuple(v["controls"]), tuple(v["params"]))
           for d, v in DESIGNS.items() if v["kind"] == "fabric"}
TOP_DESIGNS = {d: v for d, v in DESIGNS.items() if v["kind"] == "top"}

CONTROLS = dict(_CODES["CTRL"])  # indiv, stage, alt, alt2, alt4, tag
SCHEDS = dict(_CODES["SCHED"])  # alt, stage, player: the GSEN engines' SCHED
CONTROL_NAMES = {v: k for k, v in CONTROLS.items()}
DESIGN_CODES = dict(_CODES["DESIGN"])  # gsen, banyan, rn1: a board top's DESIGN
DESIGN_NAMES = {v: k for k, v in DESIGN_CODES.items()}


def clog2(v: int) -> int:
    return max(0, (v - 1).bit_length())


def board_of(name: str) -> Board:
    if name not in BOARDS:
        raise RequestError(f"unknown board '{name}' (known boards: {', '.join(sorted(BOARDS))})")
    return BOARDS[name]


def boards_json() -> dict:
    """The board table as its file holds it (flow.py boards)."""
    return json.loads(BOARDS_JSON.read_text())
