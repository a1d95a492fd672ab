#!/usr/bin/env python3
"""Tests of synth/flow.py that need no synthesis: request validation (exit code 2 and a
message naming the limit), the board database against the pin files, report parsing."""
import contextlib
import io
import json
import re
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import flow  # noqa: E402


def run_flow(*args):
    err = io.StringIO()
    out = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        rc = flow.main(list(args))
    return rc, err.getvalue().strip()


class BadRequests(unittest.TestCase):
    def test_unknown_board(self):
        rc, msg = run_flow("build", "--board", "nosuchboard", "--design", "gsen")
        self.assertEqual(rc, 2)
        self.assertEqual(msg, "flow: error: unknown board 'nosuchboard' "
                              "(known boards: hx8k, icebreaker, ulx3s)")

    def test_fabric_too_large_names_the_limit(self):
        rc, msg = run_flow("build", "--board", "icebreaker", "--design", "gsen_fabric",
                           "--param", "N=64", "--param", "W=32")
        self.assertEqual(rc, 2)
        self.assertIn("needs at least N*n*W = 12288 LUTs, more than the 5280 of iCEBreaker", msg)

    def test_board_top_too_large_names_the_limit(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "gsen", "--param", "N=64",
                           "--param", "W=32")
        self.assertEqual(rc, 2)
        self.assertIn("N*n*W = 12288 LUTs, more than the 7680 of iCE40-HX8K", msg)

    def test_bound_is_exact_at_the_limit(self):
        # the largest GSEN fabric whose lower bound still fits the UP5K passes validation
        b = flow.BOARDS["icebreaker"]
        self.assertEqual(flow.check_fabric_params("gsen_fabric", {"N": 66, "W": 10}, b), 66 * 7 * 10)
        with self.assertRaises(flow.RequestError):
            flow.check_fabric_params("gsen_fabric", {"N": 76, "W": 10}, b)  # 5320 > 5280

    def test_banyan_needs_power_of_two(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "banyan_fabric", "--param", "N=12")
        self.assertEqual(rc, 2)
        self.assertIn("N=12 must be a power of two", msg)

    def test_gsen_needs_even_n(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "gsen_fabric", "--param", "N=11")
        self.assertEqual(rc, 2)
        self.assertIn("N=11 must be even", msg)

    def test_banyan_has_no_alternating_control(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "banyan_fabric",
                           "--param", "N=16", "--param", "CONTROL=alt")
        self.assertEqual(rc, 2)
        self.assertIn("is not one of indiv, stage, tag", msg)

    def test_round_valid_not_with_tag(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "gsen_fabric",
                           "--param", "N=16", "--param", "CONTROL=tag", "--param", "ROUND_VALID=1")
        self.assertEqual(rc, 2)
        self.assertIn("ROUND_VALID=1 needs a configured CONTROL, not tag", msg)

    def test_round_valid_is_gsen_only(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "banyan_fabric",
                           "--param", "N=16", "--param", "ROUND_VALID=1")
        self.assertEqual(rc, 2)
        self.assertIn("ROUND_VALID is a gsen_fabric parameter", msg)

    def test_unknown_fabric_param(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "gsen_fabric",
                           "--param", "N=16", "--param", "PIPELIN=1")
        self.assertEqual(rc, 2)
        self.assertIn("unknown parameter(s) PIPELIN (known: CONTROL, N, PIPELINE, ROUND_VALID, W)",
                      msg)

    def test_router_checks_its_parameters_too(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "rn1_router", "--param", "N=4")
        self.assertEqual(rc, 2)
        self.assertIn("rn1_router: unknown parameter(s) N (known: MODE_SEL)", msg)

    def test_unknown_design(self):
        rc, msg = run_flow("build", "--board", "icebreaker", "--design", "rn1")
        self.assertEqual(rc, 2)
        self.assertIn("unknown design 'rn1' for board icebreaker", msg)

    def test_bad_param_syntax(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "gsen_fabric", "--param", "N")
        self.assertEqual(rc, 2)
        self.assertIn("expected NAME=VALUE", msg)


def pins_of(board):
    """{port: pin} from a board's .pcf or .lpf."""
    text = (flow.SYNTH / board.constraints).read_text()
    if board.family == "ice40":
        return dict(re.findall(r"^set_io\s+(?:-\S+\s+)*(\S+)\s+(\S+)", text, re.M))
    return dict(re.findall(r'^LOCATE COMP "([^"]+)" SITE "([^"]+)";', text, re.M))


class BoardDatabase(unittest.TestCase):
    def test_pin_files_match_database(self):
        for b in flow.BOARDS.values():
            pins = pins_of(b)
            self.assertEqual(pins.get("clk"), b.clk_pin, b.name)
            self.assertEqual(pins.get("uart_tx"), b.uart_tx_pin, b.name)
            for i, p in enumerate(b.led_pins):
                self.assertEqual(pins.get(f"led[{i}]"), p, f"{b.name} led[{i}]")
            self.assertEqual(len(pins), 2 + len(b.led_pins), b.name)

    def test_board_tops_have_the_constrained_ports(self):
        for b in flow.BOARDS.values():
            for design, (module, params) in b.tops.items():
                path = flow.ROOT / "rtl" / "board" / f"{module}.v"
                if not path.is_file():
                    continue
                text = path.read_text()
                self.assertRegex(text, r"input\s+wire\s+clk", module)
                self.assertRegex(text, r"output\s+wire\s+uart_tx", module)
                self.assertRegex(text, rf"output\s+wire\s+\[{len(b.led_pins) - 1}:0\]\s+led", module)
                for k, v in params.items():
                    self.assertRegex(text, rf"parameter integer {k} = {v},", f"{module} {k}")
                self.assertRegex(text, rf"parameter integer CLK_HZ = {int(b.clk_mhz * 1e6)},", module)

    def test_real_board_facts(self):
        ice = flow.BOARDS["icebreaker"]
        self.assertEqual((ice.device, ice.package, ice.clk_mhz, ice.clk_pin), ("up5k", "sg48", 12.0, "35"))
        self.assertEqual(ice.led_pins, ("37", "11"))  # green LEDG_N, red LEDR_N
        hx = flow.BOARDS["hx8k"]
        self.assertEqual((hx.device, hx.package, hx.clk_pin, hx.uart_tx_pin), ("hx8k", "ct256", "J3", "B12"))
        ulx = flow.BOARDS["ulx3s"]
        self.assertEqual((ulx.device, ulx.package, ulx.clk_mhz, ulx.clk_pin, ulx.uart_tx_pin),
                         ("85k", "CABGA381", 25.0, "G2", "L4"))


class Reports(unittest.TestCase):
    def test_yosys_stat_parsing(self):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "s.json"
            p.write_text(json.dumps({"design": {"num_cells_by_type": {
                "SB_LUT4": 100, "SB_DFF": 7, "SB_DFFESR": 3, "SB_CARRY": 5, "SB_RAM40_4K": 2}}}))
            self.assertEqual(flow.yosys_stat(p, "ice40"),
                             {"luts": 100, "ffs": 10, "brams": 2, "carry": 5})
            p.write_text(json.dumps({"design": {"num_cells_by_type": {
                "LUT4": 50, "CCU2C": 4, "TRELLIS_FF": 9, "DP16KD": 1}}}))
            self.assertEqual(flow.yosys_stat(p, "ecp5"),
                             {"luts": 58, "ffs": 9, "brams": 1, "carry": 4})

    def test_request_keys_are_stable(self):
        r = flow.make_request("hx8k", "gsen_fabric", flow.parse_params(["N=16", "W=8", "CONTROL=alt"]))
        self.assertEqual(r.key, "hx8k-gsen_fabric-CONTROLalt_N16_W8")
        self.assertEqual(r.lower_bound, 16 * 4 * 8)
        self.assertEqual(r.module, "bench_gsen_fabric")

    def test_module_files_are_the_closure(self):
        files = [Path(f).name for f in flow.module_files("bench_gsen_fabric")]
        self.assertIn("gsen_fabric.v", files)
        self.assertIn("mf_switch2x2.v", files)
        self.assertNotIn("banyan_fabric.v", files)
        self.assertNotIn("uart_tx.v", files)


if __name__ == "__main__":
    unittest.main(verbosity=1)
