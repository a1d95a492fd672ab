# minforge top-level Makefile.  Two commands do everything on a fresh Debian machine:
#   make demo   build, run the golden model (and, as the project grows, RTL vs model and synthesis)
#   make test   the whole regression (GoogleTest + Verilator lockstep + lint), via CTest on all cores
SHELL      := /bin/bash
BUILD      ?= build
JOBS       ?= $(shell nproc)
CLI        := $(BUILD)/sim/minforge
WERROR     := $(if $(CI),ON,OFF)
CMAKE_GEN  := $(if $(shell command -v ninja),-G Ninja,)

.PHONY: all deps configure build demo test bench lint format clean

all: build

deps:
	@bash scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DMINFORGE_WERROR=$(WERROR) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	@bash scripts/demo.sh $(CLI)

test: build
	@ctest --test-dir $(BUILD) -j $(JOBS) --output-on-failure

bench: build
	@$(BUILD)/bench/minforge_bench --benchmark_counters_tabular=true

lint: deps
	@bash scripts/lint_rtl.sh

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf $(BUILD)

# ---- FPGA flow (synth/flow.py, docs/synth.md): Yosys + nextpnr to bitstreams ----------
#   make synth          every board top: synthesis, place-and-route, JSON report
#   make bitstreams     the same, plus .bin (icepack) / .bit (ecppack) files in $(SYNTH_OUT)
#   make synth-report   the N/W/control sweep -> synth/reports/sweep.{json,md,svg}
SYNTH_OUT ?= build-synth
.PHONY: synth bitstreams synth-report
synth: deps
	@python3 synth/flow.py synth --out $(SYNTH_OUT)

bitstreams: deps
	@python3 synth/flow.py synth --bitstream --out $(SYNTH_OUT)

synth-report: deps
	@python3 synth/flow.py report --out $(SYNTH_OUT)/sweep

# RTL simulation speed (Verilator with and without the lockstep model, Icarus): see
# bench/rtl_bench.sh.  Not part of `make bench` (it builds an extra Verilated model).
.PHONY: bench-rtl
bench-rtl: build
	@bash bench/rtl_bench.sh $(BUILD)
