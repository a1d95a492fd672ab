# minforge top-level Makefile.  Two commands do everything on a fresh Debian machine:
#   make demo   the CLI only, then golden model, RTL vs model (Verilator lockstep, each model
#               built on demand), RN1, synthesis, summary
#   make test   everything, then the whole regression (GoogleTest + Verilator lockstep + lint
#               + the formal proofs' quick subset), via CTest on all cores
SHELL      := /bin/bash
BUILD      ?= build
JOBS       ?= $(shell nproc)
CLI        := $(BUILD)/sim/minforge
WERROR     := $(if $(CI),ON,OFF)
CMAKE_GEN  := $(if $(shell command -v ninja),-G Ninja,)

.PHONY: all deps configure build demo test bench lint format clean formal

all: build

deps:
	@bash scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DMINFORGE_WERROR=$(WERROR) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The demo builds what it runs: the CLI (no Verilated model is linked into it); the models it
# simulates are built on demand by the CLI itself, into $(BUILD)/model-cache.
demo: configure
	@cmake --build $(BUILD) -j $(JOBS) --target minforge
	@MINFORGE_CACHE=$${MINFORGE_CACHE:-$(abspath $(BUILD))/model-cache} \
	  bash scripts/demo.sh $(CLI) $(BUILD)/demo

test: build
	@ctest --test-dir $(BUILD) -j $(JOBS) --output-on-failure

bench: build
	@cmake --build $(BUILD) -j $(JOBS) --target minforge_bench
	@$(BUILD)/bench/minforge_bench --benchmark_counters_tabular=true
	@bash bench/rtl_bench.sh $(BUILD)

lint: deps
	@MINFORGE_LINT_LARGE=1 bash scripts/lint_rtl.sh

# Formal proofs (SymbiYosys, tb/formal/<proof>/, docs/verification.md "Formal proofs"): every
# task of every proof and every planted bug (each must fail), in parallel on the machine's
# cores, one line per run.  `make formal ONLY=<regex>` runs the matching "<proof>/<task>"s.
formal: deps
	@python3 tb/formal/run.py --mutants -j $(JOBS) --out $(BUILD)/formal $(if $(ONLY),--only '$(ONLY)')

# Mutation campaign (scripts/mutate.py, docs/verification.md "Mutation campaign"): every
# mutant of every hand-written RTL file (about 10,500), each against the Icarus benches, the
# formal proofs and the Verilator lockstep tests that cover its file, cheapest first; resumable
# (build/mutate/cache), progress on stderr, scores in build/mutate/report.{json,md}.  The whole
# campaign takes days on 2 cores (the lockstep models are rebuilt per mutant); a sample:
# `make mutate SAMPLE=200 SEED=1` (optionally FOLDERS=rtl/lcan,rtl/hypercube, MUTATE_JOBS=2;
# PER_FOLDER=1: SAMPLE mutants in every RTL folder, a stratified sample; MUTATE_ARGS: more
# scripts/mutate.py options, e.g. "--formal quick --lockstep-budget 480 --equiv-timeout 60").
# One Dask task per mutant (docs/scaling.md): MUTATE_JOBS worker processes of an embedded
# LocalCluster (each with its own tree copy and build folder), or SCHEDULER=tcp://HOST:PORT.
MUTATE_JOBS ?= 1
.PHONY: mutate
mutate: configure
	@cmake --build $(BUILD) -j $(JOBS) --target minforge
	@MINFORGE_CLI=$(abspath $(CLI)) python3 scripts/mutate.py --dask --out $(BUILD)/mutate \
	  $(if $(SCHEDULER),--scheduler $(SCHEDULER),--workers $(or $(WORKERS),$(MUTATE_JOBS))) \
	  $(if $(SAMPLE),--sample $(SAMPLE) --seed $(or $(SEED),1)) $(if $(FOLDERS),--folders $(FOLDERS)) \
	  $(if $(PER_FOLDER),--per-folder) $(MUTATE_ARGS)

# Task layer (scripts/mftasks.py, docs/scaling.md): synth-report, mutate and campaign run their
# tasks on an embedded Dask LocalCluster (WORKERS processes, default one per core) or on a
# running scheduler: `make campaign SCHEDULER=tcp://HOST:8786` (or MINFORGE_DASK_SCHEDULER).
DASK_FLAGS = $(if $(SCHEDULER),--scheduler $(SCHEDULER)) $(if $(WORKERS),--workers $(WORKERS))

# Long lockstep campaigns (scripts/campaign.py): the MINFORGE_TB_LARGE runs (N = 256 networks
# and engines, ULX3S N = 64 board tops) and the fault runs, every test once per seed
# (SEEDS=1-5 by default; TESTS=<regex> for a subset); report in $(BUILD)/campaign/campaign.md.
.PHONY: campaign
campaign: deps
	@python3 scripts/campaign.py --out $(BUILD)/campaign $(DASK_FLAGS) \
	  $(if $(SEEDS),--seeds $(SEEDS)) $(if $(TESTS),--tests '$(TESTS)')

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf $(BUILD)

# ---- FPGA flow (synth/flow.py, docs/synth.md): Yosys + nextpnr to bitstreams ----------
#   make synth          every board top: synthesis, place-and-route, JSON report
#   make bitstreams     the same, plus .bin (icepack) / .bit (ecppack) files in $(SYNTH_OUT)
#   make synth-report   the N/W/control sweep -> synth/reports/sweep.{json,md,svg}
SYNTH_OUT ?= build-synth
.PHONY: synth synth-ci bitstreams synth-report deps-synth
deps-synth:
	@bash scripts/deps.sh synth

synth: deps-synth
	@python3 synth/flow.py synth --out $(SYNTH_OUT)

bitstreams: deps-synth
	@python3 synth/flow.py synth --bitstream --out $(SYNTH_OUT)

# The smallest board top of each family (iCE40 and ECP5) to a bitstream with its report
# checked; make test runs the iCE40 one (CTest synth_ci_ice40).
synth-ci: deps-synth
	@python3 synth/flow.py ci --out $(SYNTH_OUT)/ci

synth-report: deps-synth
	@python3 synth/flow.py report --out $(SYNTH_OUT)/sweep $(DASK_FLAGS)

# RTL simulation speed alone (Verilator with and without the lockstep model, Icarus):
# bench/rtl_bench.sh, also run at the end of `make bench`.
.PHONY: bench-rtl
bench-rtl: build
	@bash bench/rtl_bench.sh $(BUILD)

# The AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v): long randomized runs (Icarus
# bench, 400 frames x 6 configurations x 2 seeds, random tvalid gaps / tready pauses; a
# 100-frame cocotb run), scripts/axis_long.sh; make test runs a short sample (rtl.axis_*).
.PHONY: axis-long
axis-long:
	@bash scripts/axis_long.sh

# RN1 networks: rewrite the checked-in Verilog tops rtl/rn1/gen/rn1_net_*.v from the model's
# wiring (minforge::rn1::net_spec) with `minforge rn1 verilog`; the tests Rn1Verilog.* fail
# while they differ.
RN1_TOPOLOGIES := fig20.7 fig20.9 rn1-64 fig20.3 fig20.4
.PHONY: rn1-verilog
rn1-verilog: configure
	@cmake --build $(BUILD) -j $(JOBS) --target minforge
	@for t in $(RN1_TOPOLOGIES); do \
	  $(CLI) rn1 verilog --topology $$t --out rtl/rn1/gen/rn1_net_$$(echo $$t | tr '.-' '__').v \
	    || exit 1; \
	done

# The CLI under hostile input (scripts/cli_probe.py, docs/cli.md): every probe derived from
# minforge --help (about 5,600, 6 min wall, 1 min CPU); make test runs a fixed sample
# (CTest CliProbe.sample).  The probes' classes and answers go to $(BUILD)/cli_probe.json.
.PHONY: cli-probe
cli-probe: configure
	@cmake --build $(BUILD) -j $(JOBS) --target minforge
	@python3 scripts/cli_probe.py --bin $(CLI) --json $(BUILD)/cli_probe.json

# LCAN (paper 003) section 3 experiments: Figs. 5, 6, 7 (1000 permutations per class per
# network, the paper's routing policy, the analytic prediction beside the root class) as
# docs/lcan/fig{5,6,7}.{csv,svg}, by `minforge lcan figures` (docs/lcan.md), and the networks
# of Figs. 2, 3a, 3b and a CM-5 with the first network cycle of a root permutation.
.PHONY: lcan-figures
lcan-figures: configure
	@cmake --build $(BUILD) -j $(JOBS) --target minforge
	@$(CLI) lcan figures --out docs/lcan
	@$(CLI) lcan draw --network t:16,4,2 --class root --seed 1 --svg docs/lcan/fig2_t_16_4_2.svg
	@$(CLI) lcan draw --network cb:16,2,2 --class root --seed 1 --svg docs/lcan/fig3a_cb_16_2_2.svg
	@$(CLI) lcan draw --network cb:27,3,2 --class root --seed 1 --svg docs/lcan/fig3b_cb_27_3_2.svg
	@$(CLI) lcan draw --network cm5:64 --class root --seed 1 --svg docs/lcan/cm5_64.svg
