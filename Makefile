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
