#!/usr/bin/env python3
"""Tests of synth/ that need no synthesis: request validation (exit code 2 and a message
naming the limit), the board and design tables against the pin files, the RTL and the
control codes, report parsing, and the one direction of imports between the modules."""
import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import flow  # noqa: E402
import tables  # noqa: E402
import toolflow  # noqa: E402


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
        b = tables.BOARDS["icebreaker"]
        self.assertEqual(toolflow.check_fabric_params("gsen_fabric", {"N": 66, "W": 10}, b), 66 * 7 * 10)
        with self.assertRaises(tables.RequestError):
            toolflow.check_fabric_params("gsen_fabric", {"N": 76, "W": 10}, b)  # 5320 > 5280

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

    def test_hypercube_checks_its_dimension(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "hypercube_net", "--param", "D=17")
        self.assertEqual(rc, 2)
        self.assertIn("hypercube_net: D=17 must be 1..16", msg)
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "hypercube_net", "--param", "N=16")
        self.assertEqual(rc, 2)
        self.assertIn("hypercube_net: unknown parameter(s) N (known: D, STEPS, W)", msg)
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "hypercube_net",
                           "--param", "D=4", "--param", "STEPS=0")
        self.assertEqual(rc, 2)
        self.assertIn("hypercube_net: STEPS=0 must be at least 1", msg)

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
    text = (tables.SYNTH / board.constraints).read_text()
    if board.family == "ice40":
        return dict(re.findall(r"^set_io\s+(?:-\S+\s+)*(\S+)\s+(\S+)", text, re.M))
    return dict(re.findall(r'^LOCATE COMP "([^"]+)" SITE "([^"]+)";', text, re.M))


class BoardDatabase(unittest.TestCase):
    def test_pin_files_match_database(self):
        for b in tables.BOARDS.values():
            pins = pins_of(b)
            self.assertEqual(pins.get("clk"), b.clk_pin, b.name)
            self.assertEqual(pins.get("uart_tx"), b.uart_tx_pin, b.name)
            for i, p in enumerate(b.led_pins):
                self.assertEqual(pins.get(f"led[{i}]"), p, f"{b.name} led[{i}]")
            self.assertEqual(len(pins), 2 + len(b.led_pins), b.name)

    def test_board_tops_have_the_constrained_ports(self):
        for b in tables.BOARDS.values():
            path = tables.ROOT / "rtl" / "board" / f"{b.top}.v"
            self.assertTrue(path.is_file(), b.top)
            text = path.read_text()
            self.assertRegex(text, r"input\s+wire\s+clk;", b.top)
            self.assertRegex(text, r"output\s+wire\s+uart_tx;", b.top)
            self.assertRegex(text, rf"output\s+wire\s+\[{len(b.led_pins) - 1}:0\]\s+led;", b.top)

    def test_real_board_facts(self):
        ice = tables.BOARDS["icebreaker"]
        self.assertEqual((ice.device, ice.package, ice.clk_mhz, ice.clk_pin), ("up5k", "sg48", 12.0, "35"))
        self.assertEqual(ice.led_pins, ("37", "11"))  # green LEDG_N, red LEDR_N
        hx = tables.BOARDS["hx8k"]
        self.assertEqual((hx.device, hx.package, hx.clk_pin, hx.uart_tx_pin), ("hx8k", "ct256", "J3", "B12"))
        ulx = tables.BOARDS["ulx3s"]
        self.assertEqual((ulx.device, ulx.package, ulx.clk_mhz, ulx.clk_pin, ulx.uart_tx_pin),
                         ("85k", "CABGA381", 25.0, "G2", "L4"))


class Reports(unittest.TestCase):
    def test_yosys_stat_parsing(self):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "s.json"
            p.write_text(json.dumps({"design": {"num_cells_by_type": {
                "SB_LUT4": 100, "SB_DFF": 7, "SB_DFFESR": 3, "SB_CARRY": 5, "SB_RAM40_4K": 2}}}))
            self.assertEqual(toolflow.yosys_stat(p, "ice40"),
                             {"luts": 100, "ffs": 10, "brams": 2, "carry": 5})
            p.write_text(json.dumps({"design": {"num_cells_by_type": {
                "LUT4": 50, "CCU2C": 4, "TRELLIS_FF": 9, "DP16KD": 1}}}))
            self.assertEqual(toolflow.yosys_stat(p, "ecp5"),
                             {"luts": 58, "ffs": 9, "brams": 1, "carry": 4})

    def test_request_keys_are_stable(self):
        r = toolflow.make_request("hx8k", "gsen_fabric", toolflow.parse_params(["N=16", "W=8", "CONTROL=alt"]))
        self.assertEqual(r.key, "hx8k-gsen_fabric-CONTROLalt_N16_W8")
        self.assertEqual(r.lower_bound, 16 * 4 * 8)
        self.assertEqual(r.module, "ooc_gsen_fabric")

    def test_module_files_are_the_closure(self):
        files = [Path(f).name for f in toolflow.module_files("ooc_gsen_fabric")]
        self.assertIn("gsen_fabric.v", files)
        self.assertIn("mf_switch2x2.v", files)
        self.assertNotIn("banyan_fabric.v", files)
        self.assertNotIn("uart_tx.v", files)


class Tables(unittest.TestCase):
    """The board table, the design table and the control codes: each from its one source."""

    def test_boards_command_prints_the_board_table(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(flow.main(["boards"]), 0)
        self.assertEqual(json.loads(out.getvalue()),
                         json.loads((tables.SYNTH / "boards" / "boards.json").read_text()))

    def test_board_table_fields(self):
        raw = json.loads((tables.SYNTH / "boards" / "boards.json").read_text())
        for name, b in raw.items():
            self.assertEqual(set(b), {"title", "family", "device", "package", "clock_mhz",
                                      "constraints", "pins", "led_active_low", "capacity",
                                      "top", "default_design", "designs"}, name)
            self.assertIn(b["default_design"], b["designs"], name)
            self.assertIn(b["family"], ("ice40", "ecp5"), name)
            self.assertTrue((tables.SYNTH / "boards" / b["constraints"]).is_file(), name)
            self.assertEqual(set(b["capacity"]), {"luts", "ffs", "brams"}, name)
            for design, d in b["designs"].items():
                self.assertIn(design, tables.TOP_DESIGNS, f"{name}: {design}")
                unknown = set(d) - set(tables.TOP_DESIGNS[design]["params"])
                self.assertFalse(unknown, f"{name} {design}: {unknown}")

    def test_board_table_names_its_codes(self):
        """A code parameter of a board row is the code's name ("SCHED": "alt"), turned into its
        value by tables.py; a bare number or an unknown name is refused."""
        raw = json.loads((tables.SYNTH / "boards" / "boards.json").read_text())
        named = 0
        for name, b in raw.items():
            for design, d in b["designs"].items():
                for p, group in tables.ROW_CODE_PARAMS.items():
                    if p in d:
                        self.assertIsInstance(d[p], str, f"{name} {design} {p}")
                        self.assertEqual(tables.BOARDS[name].designs[design][p],
                                         tables.mfparams.read_codes()[group][d[p]])
                        named += 1
        self.assertGreater(named, 0)
        self.assertEqual(tables._row_params("x", {"SCHED": "stage"}),
                         {"SCHED": tables.SCHEDS["stage"]})
        for bad in (0, "0", "Alt", "bogus"):
            with self.assertRaisesRegex(ValueError, "not the name of a MF_SCHED_\\* code"):
                tables._row_params("icebreaker gsen", {"SCHED": bad})

    def test_design_table_names_real_modules(self):
        known = {Path(f).stem for f in toolflow.rtl_files()}
        for design, (module, wrapper, controls, params) in tables.FABRICS.items():
            self.assertIn(module, known, design)
            self.assertIn(wrapper, known, design)
            self.assertTrue(set(controls) <= set(tables.CONTROLS), design)
        for b in tables.BOARDS.values():
            self.assertIn(b.top, known, b.name)
            for design in b.designs:
                self.assertIn(design, tables.DESIGN_CODES, f"{b.name} {design}")

    def test_control_codes_come_from_mf_params(self):
        sys.path.insert(0, str(tables.ROOT / "scripts"))
        import mfparams
        self.assertEqual(tables.CONTROLS, mfparams.read_codes()["CTRL"])
        self.assertEqual(tables.CONTROLS["stage"], 1)
        self.assertEqual(tables.CONTROLS["tag"], 5)
        text = (tables.SYNTH / "flow.py").read_text() + (tables.SYNTH / "toolflow.py").read_text()
        self.assertNotRegex(text, r'"tag":\s*5', "a copy of the control codes in the flow")

    def test_unknown_top_parameter(self):
        rc, msg = run_flow("build", "--board", "hx8k", "--design", "banyan", "--param",
                           f"SCHED={tables.mfparams.read_codes()['SCHED']['stage']}")
        self.assertEqual(rc, 2)
        self.assertIn("hx8k banyan top: unknown parameter(s) SCHED (known: BAUD, CLK_HZ, "
                      "LINE_PERIOD, N, PIPELINE, W, XPOSE)", msg)

    def test_board_top_requests_take_the_board_defaults(self):
        for b in tables.BOARDS.values():
            for design, params in b.designs.items():
                r = toolflow.make_request(b.name, design, {})
                self.assertEqual(r.module, b.top)
                self.assertEqual(r.params, params)
                self.assertEqual(r.yosys_params["DESIGN"], tables.DESIGN_CODES[design])
                self.assertEqual(list(r.shown_params)[0], "DESIGN")
        # the key (report rows, caches) does not change with the one-top-per-board layout
        self.assertEqual(toolflow.make_request("icebreaker", "gsen", {}).key,
                         "icebreaker-gsen-N10_SCHED0_W16_XPOSE1")
        self.assertEqual(toolflow.make_request("ulx3s", "rn1", {}).key, "ulx3s-rn1")

    def test_design_is_chosen_by_design_not_param(self):
        rc, msg = run_flow("build", "--board", "ulx3s", "--design", "gsen", "--param",
                           f"DESIGN={tables.DESIGN_CODES['rn1']}")
        self.assertEqual(rc, 2)
        self.assertIn("DESIGN is chosen by --design (gsen, banyan, rn1), not by --param", msg)

    def test_verilog_top_defaults_match_board_table(self):
        """Each top elaborated by Yosys with each DESIGN of the table (and with none): its
        parameters' values are the table's defaults, its clock the board clock, its DESIGN
        default the table's default_design."""
        self.assertIsNotNone(shutil.which("yosys"), "yosys is needed for this test (make deps)")
        incs = " ".join(f"-I{d}" for d in toolflow.rtl_sources()["include_dirs"])
        for b in tables.BOARDS.values():
            path = tables.ROOT / "rtl" / "board" / f"{b.top}.v"
            for design in [None] + list(b.designs):
                with tempfile.TemporaryDirectory() as d:
                    out = Path(d) / "top.json"
                    # (a parameter must be set for Yosys to elaborate the top and write its
                    # values: without a DESIGN, LINE_PERIOD, which the test does not read)
                    ch = (f"chparam -set DESIGN {tables.DESIGN_CODES[design]} {b.top}; "
                          if design else f"chparam -set LINE_PERIOD 1 {b.top}; ")
                    r = subprocess.run(["yosys", "-q", "-p", f"read_verilog -defer {incs} {path}; "
                                        f"{ch}write_json {out}"], capture_output=True, text=True)
                    self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
                    mods = json.loads(out.read_text())["modules"]
                    (vals,) = [m["parameter_default_values"] for m in mods.values()]
                got = {k: int(v, 2) for k, v in vals.items()
                       if k in ("DESIGN", "N", "B", "D", "U", "W", "SCHED", "PIPELINE", "XPOSE",
                                "FAULT_STAGE", "FAULT_ELEM", "PLAN_LEN", "CLK_HZ")}
                got.update({k: v for k, v in vals.items() if k == "PLAN_FILE"})  # a string
                want = {"DESIGN": tables.DESIGN_CODES[design or b.default_design],
                        "CLK_HZ": int(b.clk_mhz * 1e6)}
                want.update(b.designs[design or b.default_design])
                self.assertEqual({k: got[k] for k in want}, want, f"{b.top} DESIGN={design}")

    def test_fusesoc_board_targets_match_board_table(self):
        """minforge_boards.core: one build target per board and design of the table, with the
        board's top, DESIGN code, flow, device, package, clock and pin file; a lint target per
        board top; no other build target."""
        sys.path.insert(0, str(tables.ROOT / "scripts"))
        import mfcores
        core = mfcores.listing()["boards"]
        builds = {t: v for t, v in core["targets"].items()
                  if v["flow"] in ("icestorm", "trellis")}
        want = {f"{b.name}_{d}" for b in tables.BOARDS.values() for d in b.designs}
        self.assertEqual(set(builds), want)
        for b in tables.BOARDS.values():
            lint = core["targets"].get(f"lint_{b.name}")
            self.assertIsNotNone(lint, b.name)
            self.assertEqual((lint["flow"], lint["toplevel"]), ("lint", b.top))
            for d in b.designs:
                t = builds[f"{b.name}_{d}"]
                self.assertEqual(t["toplevel"], b.top)
                self.assertEqual(t["parameters"], [f"DESIGN={tables.DESIGN_CODES[d]}"])
                self.assertEqual(t["flow"], "icestorm" if b.family == "ice40" else "trellis")
                opts = t["flow_options"]["nextpnr_options"]
                self.assertEqual(opts, [f"--{b.device}", "--package", b.package,
                                        "--freq", int(b.clk_mhz)]
                                 + (toolflow.nextpnr_ecp5_args(d) if b.family == "ecp5" else []),
                                 f"{b.name}_{d}")
                if b.family == "ecp5":
                    self.assertEqual(t["flow_options"]["yosys_synth_options"], ["-nowidelut"])
                files = mfcores.resolve(["boards"], target=f"{b.name}_{d}", relative=True)
                plan = b.designs[d].get("PLAN_FILE")  # banyan_ft: its plan image too
                self.assertEqual(sorted(f["name"] for f in files["other_files"]),
                                 sorted([f"synth/{b.constraints}"] +
                                        ([f"rtl/board/{plan}"] if plan else [])), f"{b.name}_{d}")


class RenderedReports(unittest.TestCase):
    """synth/reports/*.md, *.svg are the render of their JSON (flow.REPORTS); the tree stamps
    say which rows are older than their RTL."""

    def test_committed_reports_are_their_render(self):
        for name in flow.REPORTS:
            self.assertEqual(flow.report_problems(tables.SYNTH / "reports", name), [], name)

    def copy_reports(self):
        tmp = Path(tempfile.mkdtemp(prefix="mf-reports-"))
        self.addCleanup(shutil.rmtree, tmp)
        for src, _, _ in flow.REPORTS.values():
            shutil.copy(tables.SYNTH / "reports" / src, tmp / src)
        for name in flow.REPORTS:
            flow.write_report(tmp, name)
        return tmp

    def test_hand_edit_is_caught(self):
        tmp = self.copy_reports()
        md = tmp / "board_tops.md"
        text = md.read_text()
        row = next(line for line in text.splitlines() if line.startswith("| hx8k | hx8k_top"))
        md.write_text(text.replace(row, row.replace(" | met |", " | FAILED |"), 1))
        self.assertEqual(len(flow.report_problems(tmp, "board_tops.md")), 1)
        md.write_text(text.replace(row, row[:-2] + f", {toolflow.STALE} |", 1))
        self.assertIn("marked stale, but its RTL is the one measured",
                      flow.report_problems(tmp, "board_tops.md")[0])
        rc, msg = run_flow("render", "--reports", str(tmp), "--check")
        self.assertEqual(rc, 1)
        self.assertIn("board_tops.md:", msg)

    def test_stale_rows_are_marked_not_failed(self):
        tmp = self.copy_reports()
        doc = json.loads((tmp / "board_tops.json").read_text())
        r = doc["tops"][0]
        r["tree"] = toolflow.tree_stamp(*toolflow.design_modules(r["board"], r["design"]))
        (tmp / "board_tops.json").write_text(json.dumps(doc))
        flow.write_report(tmp, "board_tops.md")
        self.assertEqual(flow.report_problems(tmp, "board_tops.md"), [])
        self.assertIn(f"| `{r['tree']['commit'][:10]}`", (tmp / "board_tops.md").read_text())

        def marked():  # rows marked stale (other committed rows may have gone stale since)
            return [line for line in (tmp / "board_tops.md").read_text().splitlines()
                    if toolflow.STALE in line and line.startswith("|")]
        before = marked()
        r["tree"]["rtl_sha256"] = "0" * 16  # as if measured on other RTL
        (tmp / "board_tops.json").write_text(json.dumps(doc))
        self.assertEqual(flow.report_problems(tmp, "board_tops.md"), [])  # rendered before
        flow.write_report(tmp, "board_tops.md")
        self.assertEqual(len(marked()), len(before) + 1)
        self.assertEqual(flow.report_problems(tmp, "board_tops.md"), [])

    def test_tree_stamp(self):
        t = toolflow.tree_stamp("icebreaker_top")
        self.assertEqual(set(t), {"commit", "rtl_uncommitted", "rtl_files", "rtl_sha256"})
        self.assertGreater(t["rtl_files"], 10)
        rec = {"key": "k", "board": "icebreaker", "design": "gsen", "tree": t}
        self.assertEqual(toolflow.stale_keys([rec]), set())
        other = dict(rec, design="gsen_fabric", tree=dict(t))  # another design, other RTL
        self.assertEqual(toolflow.stale_keys([other]), {"k"})
        self.assertEqual(toolflow.stale_keys([{"key": "k"}]), set())
        self.assertEqual(toolflow.tree_cell({"key": "k"}, set()), "tree not recorded")
        self.assertTrue(toolflow.tree_cell(rec, {"k"}).endswith(toolflow.STALE))

    def test_render_without_json_is_refused(self):
        rc, msg = run_flow("render", "--reports", "/nonexistent", "--check")
        self.assertEqual(rc, 2)
        self.assertIn("no /nonexistent/board_tops.json to render board_tops.md from", msg)


class Imports(unittest.TestCase):
    """One direction: flow -> sweep -> toolflow -> tables, nothing back."""

    def imported_by(self, module):
        code = (f"import sys; sys.path.insert(0, {str(tables.SYNTH)!r}); import {module}; "
                "print(' '.join(m for m in ('flow', 'sweep', 'toolflow', 'tables') "
                "if m in sys.modules))")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        return set(r.stdout.split())

    def test_one_direction(self):
        self.assertEqual(self.imported_by("tables"), {"tables"})
        self.assertEqual(self.imported_by("toolflow"), {"toolflow", "tables"})
        self.assertEqual(self.imported_by("sweep"), {"sweep", "toolflow", "tables"})
        self.assertEqual(self.imported_by("flow"), {"flow", "sweep", "toolflow", "tables"})

    def test_no_sys_modules_patching(self):
        for f in ("flow.py", "sweep.py", "toolflow.py", "tables.py"):
            self.assertNotIn("sys.modules[", (tables.SYNTH / f).read_text(), f)

    def test_sweep_runs_without_flow(self):
        r = subprocess.run([sys.executable, str(tables.SYNTH / "sweep.py"), "--help"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("--cached-only", r.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=1)
