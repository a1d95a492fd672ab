"""cocotb tests of the AXI4-Stream exchange IP rtl/engine/a2a_axis_xchg.v, driven by
cocotbext-axi (AxiStreamSource / AxiStreamSink, a client this project did not write).

The DUT is the wrapper run_axis.py generates (a2a_axis_tb_top): the IP with each packed
port vector split into per-port streams s<i>_axis_* / m<j>_axis_*, the names cocotbext-axi
looks for.  The settings come from the environment (run_axis.py sets them):
  AXIS_N, AXIS_B, AXIS_DW   the IP's size;  AXIS_FRAMES  frames per test (AXIS_PAUSE_FRAMES
  in test_random_pauses);  AXIS_SEED
  AXIS_PAUSE   probability of a pause cycle on every port in test_random_pauses
  AXIS_TESTS   which tests run (comma list; run_axis.py passes it as cocotb's filter)
  AXIS_MIN_RATIO  test_throughput fails below this fraction of N words per clock
  AXIS_PLAN, AXIS_FAULT  ENGINE 4 (the fault-tolerant engine): the plan image the model
               wrote (`minforge banyan fault --plan-hex`) and its dead element "I,L"; setup()
               writes the image into the plan port, one entry per cycle, sets plan_len and
               the fault, before the first frame is sent (empty: the ports are held at 0)

Expected output: frame f on master port j is, for s = 0..N-1 and b = 0..B-1 (s outer),
word j*B + b of frame f sent on slave port s.  Every frame of every port is compared.
"""
import itertools
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge
from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSink, AxiStreamSource

N = int(os.environ.get("AXIS_N", "8"))
B = int(os.environ.get("AXIS_B", "4"))
DW = int(os.environ.get("AXIS_DW", "16"))
FRAMES = int(os.environ.get("AXIS_FRAMES", "4"))
PAUSE_FRAMES = int(os.environ.get("AXIS_PAUSE_FRAMES", str(FRAMES)))
SEED = int(os.environ.get("AXIS_SEED", "1"))
PAUSE = float(os.environ.get("AXIS_PAUSE", "0.3"))
MIN_RATIO = float(os.environ.get("AXIS_MIN_RATIO", "0.9"))
PLAN = os.environ.get("AXIS_PLAN", "")
FAULT = os.environ.get("AXIS_FAULT", "")
NB = N * B


def pause_gen(rng, p):
    while True:
        yield rng.random() < p


async def setup(dut, pause):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    srcs = [AxiStreamSource(AxiStreamBus.from_prefix(dut, f"s{i}_axis"), dut.clk, dut.rst,
                            byte_lanes=1) for i in range(N)]
    snks = [AxiStreamSink(AxiStreamBus.from_prefix(dut, f"m{j}_axis"), dut.clk, dut.rst,
                          byte_lanes=1) for j in range(N)]
    for p in srcs + snks:
        p.log.setLevel("WARNING")
    if pause > 0:
        rng = random.Random(SEED * 7919 + 1)
        for p in srcs + snks:
            p.set_pause_generator(pause_gen(random.Random(rng.getrandbits(32)), pause))
    for n in ("plan_wr_en", "plan_wr_addr", "plan_wr_data", "plan_len", "fault_en",
              "fault_stage", "fault_elem", "fault_kind"):
        getattr(dut, n).value = 0
    dut.rst.value = 1
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst.value = 0
    await RisingEdge(dut.clk)
    if PLAN:
        await load_plan(dut)
    return srcs, snks


def plan_entries(path):
    """The entries of a plan image (ft_image_hex: '//' comment lines, one hex entry a line)."""
    with open(path) as fh:
        return [int(x, 16) for x in (ln.strip() for ln in fh) if x and not x.startswith("//")]


async def load_plan(dut):
    """The plan port: entry t at plan_wr_addr t, one per cycle; then plan_len and the dead
    element, held from here on (the engine is idle: no frame has been sent)."""
    entries = plan_entries(PLAN)
    for t, e in enumerate(entries):
        dut.plan_wr_en.value = 1
        dut.plan_wr_addr.value = t
        dut.plan_wr_data.value = e
        await RisingEdge(dut.clk)
    dut.plan_wr_en.value = 0
    stage, elem = (int(x) for x in FAULT.split(","))
    dut.plan_len.value = len(entries)
    dut.fault_en.value = 1
    dut.fault_stage.value = stage
    dut.fault_elem.value = elem
    dut.fault_kind.value = 0  # dead
    await RisingEdge(dut.clk)


def make_frames(rng, frames=FRAMES):
    return [[[rng.getrandbits(DW) for _ in range(NB)] for _ in range(N)]
            for _ in range(frames)]


def expected(frame, j):
    return [frame[s][j * B + b] for s in range(N) for b in range(B)]


async def send_all(srcs, frames):
    for f in frames:
        for i in range(N):
            await srcs[i].send(AxiStreamFrame(list(f[i])))


async def check_all(dut, snks, frames):
    for k, f in enumerate(frames):
        for j in range(N):
            rx = await snks[j].recv(compact=True)
            want = expected(f, j)
            got = list(rx.tdata)
            if got != want:
                first = next((x for x, (g, w) in enumerate(zip(got, want)) if g != w),
                             min(len(got), len(want)))
                raise AssertionError(f"frame {k} master port {j}: first difference at word "
                                     f"{first} ({len(got)} words, {len(want)} expected)")


def status(dut):
    return {n: int(getattr(dut, n).value) for n in
            ("frames_in", "frames_done", "frames_out", "err_tlast", "err_dst", "err_dup",
             "missing", "conflicts", "relay_miss", "relay_ovf")}


async def check_status(dut, frames=FRAMES):
    # the drain's bank flips (frames_out) a cycle after the last word was handed over
    for _ in range(4):
        await RisingEdge(dut.clk)
    st = status(dut)
    assert st["frames_in"] == frames and st["frames_done"] == frames and \
        st["frames_out"] == frames, st
    for n in ("err_tlast", "err_dst", "err_dup", "missing", "conflicts", "relay_miss",
              "relay_ovf"):
        assert st[n] == 0, st
    return st


async def watchdog(dut, limit):
    for _ in range(limit):
        await RisingEdge(dut.clk)
    raise AssertionError(f"deadlock: no end after {limit} cycles")


@cocotb.test()
async def test_random_pauses(dut):
    """Random tvalid gaps and tready pauses on every port; every frame compared."""
    srcs, snks = await setup(dut, PAUSE)
    frames = make_frames(random.Random(SEED), PAUSE_FRAMES)
    # generous: a frame period without pauses is < 2*N*B + 64 cycles
    limit = int((PAUSE_FRAMES + 3) * (2 * NB + 64) / max(0.05, (1 - PAUSE) ** 2))
    wd = cocotb.start_soon(watchdog(dut, limit))
    cocotb.start_soon(send_all(srcs, frames))
    await check_all(dut, snks, frames)
    st = await check_status(dut, PAUSE_FRAMES)
    wd.cancel()
    dut._log.info("random pauses p=%.2f: %d frames of N=%d x %d words, all equal; %s",
                  PAUSE, PAUSE_FRAMES, N, NB, st)


@cocotb.test()
async def test_throughput(dut):
    """No pauses: every frame compared, sustained words per clock measured."""
    srcs, snks = await setup(dut, 0.0)
    frames = make_frames(random.Random(SEED + 1))
    ends = []  # cycle in which master port 0 hands over the last word of each frame

    async def frame_ends():
        while len(ends) < FRAMES:
            await RisingEdge(dut.clk)
            await ReadOnly()
            if int(dut.m0_axis_tvalid.value) and int(dut.m0_axis_tready.value) and \
                    int(dut.m0_axis_tlast.value):
                ends.append(int(dut.cycles.value))

    mon = cocotb.start_soon(frame_ends())
    wd = cocotb.start_soon(watchdog(dut, (FRAMES + 3) * (2 * NB + 64)))
    cocotb.start_soon(send_all(srcs, frames))
    await check_all(dut, snks, frames)
    await mon
    await check_status(dut)
    wd.cancel()
    # sustained: from the end of the second frame to the end of the last (the pipeline's
    # fill, one frame load and one exchange, left out)
    k0 = 1
    words = (FRAMES - 1 - k0) * N * NB
    cyc = ends[-1] - ends[k0]
    wpc = words / cyc
    ratio = wpc / N
    print(f"THROUGHPUT N={N} B={B} DW={DW} frames={FRAMES} words_per_clock={wpc:.3f} "
          f"limit={N} ratio={ratio:.4f} frame_period={cyc / (FRAMES - 1 - k0):.1f} "
          f"xchg_cycles={int(dut.xchg_cycles.value)}", flush=True)
    with open(os.environ.get("AXIS_RESULT", os.devnull), "w") as fh:
        fh.write(f"{wpc:.4f} {N} {ratio:.4f}\n")
    assert ratio >= MIN_RATIO, f"{wpc:.3f} words per clock < {MIN_RATIO} x N = {MIN_RATIO * N}"


@cocotb.test()
async def test_tlast_errors(dut):
    """Port 0's tlast one word early (on word N*B-2, and again on the last): counted once in
    err_tlast, framing kept, the data still exchanged."""
    srcs, snks = await setup(dut, 0.0)
    frames = make_frames(random.Random(SEED + 2))[:1]
    cocotb.start_soon(watchdog(dut, 8 * NB + 200))
    # port 0 sends its frame as two AXI frames: NB-1 words (tlast on word NB-2) + 1 word
    async def port0():
        await srcs[0].send(AxiStreamFrame(list(frames[0][0][:NB - 1])))
        await srcs[0].send(AxiStreamFrame(list(frames[0][0][NB - 1:])))

    cocotb.start_soon(port0())
    for i in range(1, N):
        await srcs[i].send(AxiStreamFrame(list(frames[0][i])))
    for j in range(N):
        rx = await snks[j].recv(compact=True)
        assert list(rx.tdata) == expected(frames[0], j), f"port {j}"
    for _ in range(3):
        await RisingEdge(dut.clk)
    st = status(dut)
    assert st["err_tlast"] == 1 and st["frames_out"] == 1, st
