#!/usr/bin/env bash
# RTL lint of minforge:
#   0. every RTL file is listed by exactly one FuseSoC core (scripts/mfcores.py check).
#   1. Verilator --lint-only -Wall on every RTL file of the cores alone (default
#      parameters), with every folder of the cores on the include/library path (-I:
#      Verilator finds the sub-modules by file name, so each top is linted with its
#      sub-modules).
#   2. Verilator -Wall on the fabric and engine tops in every control mode / scheduler /
#      pipeline option (parameter sweeps below).
#   3. Icarus -g2005 compiles all files together.
#   4. Illegal parameters must stop elaboration in Verilator, Icarus and Yosys with the
#      module's message (odd N, N < 4, banyan N not a power of two, W too small, unknown
#      CONTROL / SCHED, RN1 self-test NE not a power of two 2..64 or payload too short,
#      a board top's DESIGN that the board does not carry, a hypercube dimension outside
#      1..16, no steps, no data bits or a node number outside the cube, an LCAN switch size
#      not in 2, 4, 8, 16, N not a power of d, W beyond 32, a switch level above the PE
#      number's digits, an RN1 router MODE_SEL, endpoint NE/NSTAGES/P/MAX_ATT/NPORT or a
#      decoder whose stages, ports, tables or candidates do not fit).
#      Skipped for a tool that is not installed (yosys is optional).
# MINFORGE_LINT_LARGE=1 (`make lint`): also the large parameter sets (N = 64 tops, the rn1-64
# network, d = 8 hypercube; about a third of the Verilator CPU). `make test`'s rtl.lint runs
# without them: the same generate branches are linted at smaller sizes.
# Exit code 0 = clean.
set -uo pipefail
large=${MINFORGE_LINT_LARGE:-0}
cd "$(dirname "$0")/.."
fail=0
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# 0. the FuseSoC cores, the one list of the RTL files, list every RTL file exactly once
if ! python3 scripts/mfcores.py check; then echo "lint: the cores' file lists are wrong"; fail=1; fi
# The files, include and source folders of every core (scripts/mfcores.py).
mapfile -t files < <(python3 scripts/mfcores.py files all --relative)
[ ${#files[@]} -eq 0 ] && { echo "lint: the cores list no RTL file"; exit 1; }
mapfile -t dirs < <(python3 scripts/mfcores.py srcdirs all --relative;
                    python3 scripts/mfcores.py incdirs all --relative)
incs=$(printf -- '-I%s ' $(printf '%s\n' "${dirs[@]}" | sort -u))

# 1. each file alone (the rn1-64 network top, 17 s of Verilator CPU, only with
#    MINFORGE_LINT_LARGE: its generator's other outputs are linted here and its text is checked
#    against the generator byte for byte)
for f in "${files[@]}"; do
  [ "$large" != 1 ] && [ "$f" = rtl/rn1/gen/rn1_net_rn1_64.v ] && continue
  if ! verilator --lint-only -Wall $incs "$f"; then echo "lint: verilator: $f"; fail=1; fi
done

# 2. parameter sweeps: "file|-G options"; the codes by name (MF_* of rtl/common/mf_params.vh)
eval "$(python3 scripts/mfparams.py sh)" || exit 1
sweeps=()
for c in $MF_CTRL_CODES; do for p in 0 1; do
  sweeps+=("rtl/gsen/gsen_fabric.v|-GN=10 -GCONTROL=$c -GPIPELINE=$p")
  sweeps+=("rtl/gsen/gsen_fabric.v|-GN=16 -GCONTROL=$c -GPIPELINE=$p")
  [ $c -ne $MF_CTRL_TAG ] && sweeps+=("rtl/gsen/gsen_fabric.v|-GN=10 -GCONTROL=$c -GPIPELINE=$p -GROUND_VALID=1")
done; done
for c in $MF_CTRL_INDIV $MF_CTRL_STAGE $MF_CTRL_TAG; do for p in 0 1; do
  sweeps+=("rtl/banyan/banyan_fabric.v|-GN=16 -GCONTROL=$c -GPIPELINE=$p")
  sweeps+=("rtl/banyan/banyan_fabric.v|-GN=4 -GCONTROL=$c -GPIPELINE=$p")
done; done
for t in 0 1; do for p in 0 1; do
  sweeps+=("rtl/engine/gsen_a2a_engine.v|-GN=10 -GSCHED=$MF_SCHED_ALT -GUSE_TAGS=$t -GPIPELINE=$p")
  sweeps+=("rtl/engine/gsen_a2a_engine.v|-GN=12 -GSCHED=$MF_SCHED_STAGE -GUSE_TAGS=$t -GPIPELINE=$p")
  sweeps+=("rtl/engine/gsen_a2a_engine.v|-GN=20 -GSCHED=$MF_SCHED_PLAYER -GPLAYER_CONTROL=$MF_CTRL_ALT2 -GPLAYER_LEN=24 -GUSE_TAGS=$t -GPIPELINE=$p")
  sweeps+=("rtl/engine/banyan_a2a_engine.v|-GN=16 -GUSE_TAGS=$t -GPIPELINE=$p")
done; done
for pc in $MF_CTRL_STAGE $MF_CTRL_ALT $MF_CTRL_ALT4; do
  sweeps+=("rtl/engine/gsen_a2a_engine.v|-GN=24 -GSCHED=$MF_SCHED_PLAYER -GPLAYER_CONTROL=$pc -GPLAYER_LEN=32")
done
# the data engines: one data bit, blocks of B words (B = 2^k and not), both pipelines
for p in 0 1; do
  sweeps+=("rtl/engine/gsen_a2a_xchg.v|-GN=10 -GSCHED=$MF_SCHED_ALT -GDW=1 -GB=3 -GPIPELINE=$p")
  sweeps+=("rtl/engine/gsen_a2a_xchg.v|-GN=12 -GSCHED=$MF_SCHED_STAGE -GDW=32 -GB=4 -GUSE_TAGS=1 -GPIPELINE=$p")
  sweeps+=("rtl/engine/banyan_a2a_xchg.v|-GN=16 -GDW=8 -GB=5 -GPIPELINE=$p")
  sweeps+=("rtl/engine/banyan_a2a_engine.v|-GN=8 -GW=20 -GB=2 -GPIPELINE=$p")
  # the fault-tolerant engine: N = 8, one data bit with B = 3 and 5 relay slots
  sweeps+=("rtl/engine/banyan_ft_engine.v|-GN=8 -GPIPELINE=$p")
  sweeps+=("rtl/engine/banyan_ft_engine.v|-GN=16 -GDW=1 -GB=3 -GRELAY_DEPTH=5 -GPIPELINE=$p")
done
large_sweeps+=("rtl/engine/banyan_ft_engine.v|-GN=64 -GDW=32 -GB=4 -GPLAN_DEPTH=1 -GRELAY_DEPTH=1")
# the AXI4-Stream exchange IP: both engines, B = 1 and B not a power of two, one data bit
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_GSEN -GN=10 -GSCHED=$MF_SCHED_ALT -GB=1 -GDW=1")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_GSEN -GN=12 -GSCHED=$MF_SCHED_STAGE -GB=3 -GUSE_TAGS=1 -GPIPELINE=0")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_BANYAN -GN=16 -GB=5 -GDW=32 -GUSE_TAGS=1")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_GSEN -GN=6 -GSCHED=$MF_SCHED_ALT -GB=3 -GSRC_LAT=2")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_BANYAN -GN=8 -GB=1 -GPIPELINE=0 -GSRC_LAT=2")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_BANYAN_FT -GN=8 -GB=3 -GDW=5")
sweeps+=("rtl/engine/a2a_axis_xchg.v|-GENGINE=$MF_DESIGN_BANYAN_FT -GN=16 -GB=1 -GPIPELINE=0 -GSRC_LAT=2 -GRELAY_DEPTH=1")
# source memories with an output register (SRC_LAT = 2)
sweeps+=("rtl/engine/gsen_a2a_xchg.v|-GN=10 -GSCHED=$MF_SCHED_ALT -GDW=1 -GB=3 -GSRC_LAT=2")
sweeps+=("rtl/engine/gsen_a2a_xchg.v|-GN=12 -GSCHED=$MF_SCHED_STAGE -GUSE_TAGS=1 -GPIPELINE=0 -GSRC_LAT=2")
sweeps+=("rtl/engine/banyan_a2a_xchg.v|-GN=16 -GB=5 -GSRC_LAT=2")
sweeps+=("rtl/engine/banyan_ft_engine.v|-GN=16 -GDW=1 -GB=3 -GRELAY_DEPTH=5 -GSRC_LAT=2")
for ne in 2 4 8 32 64; do
  sweeps+=("rtl/board/rn1_selftest.v|-GNE=$ne")
done
sweeps+=("rtl/board/rn1_selftest.v|-GNE=4 -GP=1")
# RN1: the single-port endpoint (Fig. 20.3), decoders of four stages / one port / wide tables
sweeps+=("rtl/rn1/rn1_endpoint.v|-GNPORT=1 -GNE=256 -GNSTAGES=8 -GP=8 -GMAX_ATT=255")
sweeps+=("rtl/rn1/rn1_decoder.v|-GNSTAGES=4 -GMAXC=5 -GNL=160 -GLW=8 -GNR=40 -GRW=6")
sweeps+=("rtl/rn1/rn1_decoder.v|-GNSTAGES=1 -GNPORT=1 -GMAXC=9 -GNL=1024 -GLW=10 -GNR=256 -GRW=8")
# the packet-switched hypercube: small and odd dimensions, schedules longer and shorter than
# the default 2D - 3, one data bit
for d in 1 2 3 5; do
  sweeps+=("rtl/hypercube/hypercube_net.v|-GD=$d")
done
large_sweeps=("rtl/hypercube/hypercube_net.v|-GD=8")
sweeps+=("rtl/hypercube/hypercube_net.v|-GD=4 -GSTEPS=1 -GW=1")
sweeps+=("rtl/hypercube/hypercube_net.v|-GD=6 -GSTEPS=16 -GW=32")
# the circuit-switched CB-LCAN: d = u, d > u, d < u, one level, 16-port switches, W 1 and 32
# (small N where the case allows: with u > d the upper levels multiply, e.g. (16, 2, 8) has
# 680 switches and took 22 s of lint, (256, 16, 8) 21 s; d = u = 2 at N = 16, four levels,
# 1.5 s, where N = 64 took 9 s)
for n_d_u in 16,4,4 64,4,2 8,2,4 4,4,2 16,2,2 16,16,8; do
  IFS=, read -r n d u <<<"$n_d_u"
  sweeps+=("rtl/lcan/lcan_engine.v|-GN=$n -GD=$d -GU=$u")
done
sweeps+=("rtl/lcan/lcan_engine.v|-GN=4 -GD=2 -GU=8 -GW=1" "rtl/lcan/lcan_engine.v|-GN=4 -GD=4 -GU=2 -GPIPE=1")
sweeps+=("rtl/lcan/lcan_engine.v|-GN=16 -GD=4 -GU=2 -GPIPE=1")
large_sweeps+=("rtl/lcan/lcan_engine.v|-GN=64 -GD=8 -GU=2 -GW=32" "rtl/lcan/lcan_engine.v|-GN=64 -GD=4 -GU=2 -GPIPE=1")
# the board tops with each design they carry (DESIGN 0 = gsen, their default, is step 1)
sweeps+=("rtl/board/icebreaker_top.v|-GDESIGN=$MF_DESIGN_BANYAN" "rtl/board/hx8k_top.v|-GDESIGN=$MF_DESIGN_BANYAN")
sweeps+=("rtl/board/hx8k_top.v|-GDESIGN=$MF_DESIGN_LCAN" "rtl/board/hx8k_top.v|-GDESIGN=$MF_DESIGN_BANYAN_FT")
sweeps+=("rtl/board/icebreaker_top.v|-GDESIGN=$MF_DESIGN_AXIS")
large_sweeps+=("rtl/board/lcan_selftest.v|-GN=64 -GD=4 -GU=2 -GW=32")
sweeps+=("rtl/board/lcan_selftest.v|-GN=4 -GD=4 -GU=4 -GW=1")
large_sweeps+=("rtl/board/ulx3s_top.v|-GDESIGN=$MF_DESIGN_BANYAN" "rtl/board/ulx3s_top.v|-GDESIGN=$MF_DESIGN_RN1")
# the payload self-test instead of the transpose demonstration (XPOSE = 0; XPOSE = 1, the
# tops' default, is step 1); the transpose with both engines, B > 1, the ULX3S N = 64 word
sweeps+=("rtl/board/icebreaker_top.v|-GXPOSE=0" "rtl/board/hx8k_top.v|-GDESIGN=$MF_DESIGN_BANYAN -GXPOSE=0")
sweeps+=("rtl/board/board_xpose.v|-GENGINE=$MF_DESIGN_BANYAN -GN=16 -GW=18 -GB=3 -GPIPELINE=0")
large_sweeps+=("rtl/board/board_xpose.v|-GN=64 -GW=32 -GSCHED=$MF_SCHED_STAGE")
[ "$large" = 1 ] && sweeps+=("${large_sweeps[@]}")
for s in "${sweeps[@]}"; do
  f=${s%%|*}; g=${s#*|}
  if ! verilator --lint-only -Wall $incs $g "$f"; then echo "lint: verilator: $f $g"; fail=1; fi
done

# 3. Icarus
if ! iverilog -g2005 -o "$work/all.vvp" $incs "${files[@]}"; then echo "lint: iverilog failed"; fail=1; fi
#    and the generate branches that only non-default parameters elaborate
for g in "CONTROL=$MF_CTRL_STAGE PIPELINE=1 ROUND_VALID=1" "CONTROL=$MF_CTRL_ALT PIPELINE=0 ROUND_VALID=1"; do
  ps=(); for kv in $g; do ps+=("-Pgsen_fabric.$kv"); done
  if ! iverilog -g2005 -s gsen_fabric "${ps[@]}" -o "$work/rv.vvp" $incs \
       $(python3 scripts/mfcores.py files fabrics --relative); then
    echo "lint: iverilog failed on gsen_fabric $g"; fail=1
  fi
done

# 4. illegal parameters: "top|file|param=value[,param=value]|text of the $error|name of the
#    missing module"
#    Verilator and Yosys print the $error text; Icarus (no elaboration tasks) reports the
#    unresolvable ERROR_* module instantiated in the same generate branch.
bad=(
  "gsen_fabric|rtl/gsen/gsen_fabric.v|N=7|N must be even|ERROR_gsen_fabric_N_must_be_even"
  "gsen_fabric|rtl/gsen/gsen_fabric.v|N=2|N must be >= 4|ERROR_gsen_fabric_N_must_be_at_least_4"
  "gsen_fabric|rtl/gsen/gsen_fabric.v|CONTROL=9|unknown CONTROL|ERROR_gsen_fabric_unknown_CONTROL"  # one-source: ok (no code: out of range on purpose)
  "gsen_fabric|rtl/gsen/gsen_fabric.v|ROUND_VALID=2|ROUND_VALID must be 0 or 1|ERROR_gsen_fabric_ROUND_VALID_must_be_0_or_1"
  "gsen_fabric|rtl/gsen/gsen_fabric.v|ROUND_VALID=1,CONTROL=$MF_CTRL_TAG|ROUND_VALID=1 needs a configured CONTROL|ERROR_gsen_fabric_ROUND_VALID_needs_a_configured_CONTROL"
  "banyan_fabric|rtl/banyan/banyan_fabric.v|N=12|N must be a power of two|ERROR_banyan_fabric_N_must_be_a_power_of_two"
  "banyan_fabric|rtl/banyan/banyan_fabric.v|CONTROL=$MF_CTRL_ALT|CONTROL must be 0 individual|ERROR_banyan_fabric_CONTROL_must_be_0_1_or_5"
  "gsen_a2a_engine|rtl/engine/gsen_a2a_engine.v|W=8|too small|ERROR_gsen_a2a_engine_W_too_small"
  "gsen_a2a_engine|rtl/engine/gsen_a2a_engine.v|SCHED=5|unknown SCHED|ERROR_gsen_a2a_xchg_unknown_SCHED"  # one-source: ok (no code: out of range on purpose)
  "gsen_a2a_engine|rtl/engine/gsen_a2a_engine.v|N=12|N must be 2 mod 4|ERROR_gsen_sched_alt_N_must_be_2_mod_4"
  "gsen_sched_player|rtl/engine/gsen_sched_player.v|CONTROL=$MF_CTRL_TAG|CONTROL must be 1 stage|ERROR_gsen_sched_player_CONTROL_must_be_stage_or_alt"
  "banyan_a2a_engine|rtl/engine/banyan_a2a_engine.v|N=24|N must be a power of two|ERROR_banyan_a2a_xchg_N_must_be_a_power_of_two"
  "gsen_a2a_xchg|rtl/engine/gsen_a2a_xchg.v|DW=0|DW must be >= 1|ERROR_gsen_a2a_xchg_DW_must_be_positive"
  "gsen_a2a_xchg|rtl/engine/gsen_a2a_xchg.v|B=0|B must be >= 1|ERROR_gsen_a2a_xchg_B_must_be_positive"
  "gsen_a2a_xchg|rtl/engine/gsen_a2a_xchg.v|N=9|N must be even|ERROR_gsen_a2a_xchg_N_must_be_even"
  "banyan_a2a_xchg|rtl/engine/banyan_a2a_xchg.v|DW=0|DW must be >= 1|ERROR_banyan_a2a_xchg_DW_must_be_positive"
  "banyan_a2a_xchg|rtl/engine/banyan_a2a_xchg.v|B=0|B must be >= 1|ERROR_banyan_a2a_xchg_B_must_be_positive"
  "gsen_a2a_xchg|rtl/engine/gsen_a2a_xchg.v|SRC_LAT=3|SRC_LAT must be 1 or 2|ERROR_gsen_a2a_xchg_SRC_LAT_must_be_1_or_2"
  "banyan_a2a_xchg|rtl/engine/banyan_a2a_xchg.v|SRC_LAT=0|SRC_LAT must be 1 or 2|ERROR_banyan_a2a_xchg_SRC_LAT_must_be_1_or_2"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|SRC_LAT=3|SRC_LAT must be 1 or 2|ERROR_banyan_ft_engine_SRC_LAT_must_be_1_or_2"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|ENGINE=$MF_DESIGN_RN1|ENGINE must be 0, 1 or 4|ERROR_a2a_axis_xchg_ENGINE_must_be_0_1_or_4"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|ENGINE=$MF_DESIGN_BANYAN_FT,N=4|N must be a power of two >= 8|ERROR_banyan_ft_engine_N_must_be_a_power_of_two_at_least_8"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|ENGINE=$MF_DESIGN_BANYAN_FT,USE_TAGS=1|ENGINE 4 (banyan FT) needs USE_TAGS 0|ERROR_a2a_axis_xchg_FT_USE_TAGS_must_be_0"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|PLAN_DEPTH=0|PLAN_DEPTH and RELAY_DEPTH must be >= 1|ERROR_a2a_axis_xchg_PLAN_DEPTH_RELAY_DEPTH_must_be_positive"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|ENGINE=$MF_DESIGN_GSEN,SCHED=$MF_SCHED_PLAYER|SCHED must be 0 (alt) or 1 (stage)|ERROR_a2a_axis_xchg_SCHED_must_be_0_or_1"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|N=2|N must be >= 4, DW and B >= 1|ERROR_a2a_axis_xchg_N_at_least_4_DW_B_positive"
  "a2a_axis_xchg|rtl/engine/a2a_axis_xchg.v|SRC_LAT=3|SRC_LAT must be 1 or 2|ERROR_a2a_axis_xchg_SRC_LAT_must_be_1_or_2"
  "a2a_axis_xchg_noplan|rtl/engine/a2a_axis_xchg_noplan.v|ENGINE=$MF_DESIGN_BANYAN_FT|ENGINE 4 (banyan FT) needs the plan port|ERROR_a2a_axis_xchg_noplan_ENGINE_4_needs_the_plan_port"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|N=4|N must be a power of two >= 8|ERROR_banyan_ft_engine_N_must_be_a_power_of_two_at_least_8"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|N=24|N must be a power of two >= 8|ERROR_banyan_ft_engine_N_must_be_a_power_of_two_at_least_8"
  "board_xpose|rtl/board/board_xpose.v|W=11|must be 4..32|ERROR_board_xpose_data_word_must_be_4_to_32_bits"
  "board_xpose|rtl/board/board_xpose.v|SCHED=$MF_SCHED_PLAYER|SCHED must be 0 (alt) or 1 (stage)|ERROR_board_xpose_SCHED_must_be_alt_or_stage"
  "board_a2a_selftest|rtl/board/board_a2a_selftest.v|XPOSE=2|XPOSE must be 0 or 1|ERROR_board_a2a_selftest_XPOSE_must_be_0_or_1"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|DW=0|DW must be >= 1|ERROR_banyan_ft_engine_DW_must_be_positive"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|B=0|B must be >= 1|ERROR_banyan_ft_engine_B_must_be_positive"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|PIPELINE=2|PIPELINE must be 0 or 1|ERROR_banyan_ft_engine_PIPELINE_must_be_0_or_1"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|PLAN_DEPTH=0|PLAN_DEPTH must be >= 1|ERROR_banyan_ft_engine_PLAN_DEPTH_must_be_positive"
  "banyan_ft_engine|rtl/engine/banyan_ft_engine.v|RELAY_DEPTH=0|RELAY_DEPTH must be >= 1|ERROR_banyan_ft_engine_RELAY_DEPTH_must_be_positive"
  "gsen_a2a_engine|rtl/engine/gsen_a2a_engine.v|B=4,W=12|too small|ERROR_gsen_a2a_engine_W_too_small"
  "rn1_selftest|rtl/board/rn1_selftest.v|NE=12|NE must be a power of two 2..64|ERROR_rn1_selftest_needs_NE_pow2_2_64_and_8P_above_2log2NE"
  "rn1_selftest|rtl/board/rn1_selftest.v|NE=128|NE must be a power of two 2..64|ERROR_rn1_selftest_needs_NE_pow2_2_64_and_8P_above_2log2NE"
  "rn1_selftest|rtl/board/rn1_selftest.v|P=1|8*P >= 2*log2(NE)+1|ERROR_rn1_selftest_needs_NE_pow2_2_64_and_8P_above_2log2NE"
  "rn1|rtl/rn1/rn1.v|MODE_SEL=4|rn1: MODE_SEL must be 0 (register), 1 (pins)|ERROR_rn1_MODE_SEL_must_be_0_to_3"
  "rn1_endpoint|rtl/rn1/rn1_endpoint.v|NE=12|rn1_endpoint: NE must be a power of two 2..256|ERROR_rn1_endpoint_NE_must_be_a_power_of_two_2_to_256"
  "rn1_endpoint|rtl/rn1/rn1_endpoint.v|NSTAGES=9|rn1_endpoint: NSTAGES must be 1..8|ERROR_rn1_endpoint_NSTAGES_must_be_1_to_8"
  "rn1_endpoint|rtl/rn1/rn1_endpoint.v|P=0|rn1_endpoint: P must be 1..8|ERROR_rn1_endpoint_P_must_be_1_to_8"
  "rn1_endpoint|rtl/rn1/rn1_endpoint.v|MAX_ATT=256|rn1_endpoint: MAX_ATT must be 1..255|ERROR_rn1_endpoint_MAX_ATT_must_be_1_to_255"
  "rn1_endpoint|rtl/rn1/rn1_endpoint.v|NPORT=3|rn1_endpoint: NPORT must be 1 or 2|ERROR_rn1_endpoint_NPORT_must_be_1_or_2"
  "rn1_decoder|rtl/rn1/rn1_decoder.v|NPORT=0|rn1_decoder: need NSTAGES 1..8 and NPORT 1..2|ERROR_rn1_decoder_NSTAGES_1_to_8_NPORT_1_or_2"
  "rn1_decoder|rtl/rn1/rn1_decoder.v|NL=200|rn1_decoder: need 1 <= NL <= 2^LW, 1 <= NR <= 2^RW|ERROR_rn1_decoder_NL_NR_must_fit_LW_RW_bits"
  "rn1_decoder|rtl/rn1/rn1_decoder.v|MAXC=2|rn1_decoder: MAXC must be NSTAGES+1..9|ERROR_rn1_decoder_MAXC_must_be_NSTAGES_plus_1_to_9"
  "rn1_monitor|rtl/rn1/rn1_monitor.v|NL=200|rn1_monitor: need 1 <= NL <= 2^LW|ERROR_rn1_monitor_NL_must_fit_LW_bits"
  "rn1_monitor|rtl/rn1/rn1_monitor.v|MAXC=0|rn1_monitor: MAXC must be 1..9|ERROR_rn1_monitor_MAXC_must_be_1_to_9"
  "rn1_monitor|rtl/rn1/rn1_monitor.v|TH=16|rn1_monitor: need CW 1..8 and 1 <= TH < 2^CW|ERROR_rn1_monitor_TH_must_be_1_to_2_CW_minus_1"
  "board_a2a_selftest|rtl/board/board_a2a_selftest.v|ENGINE=$MF_DESIGN_RN1|ENGINE must be 0 (GSEN) or 1 (banyan)|ERROR_board_a2a_selftest_ENGINE_must_be_0_or_1"
  "icebreaker_top|rtl/board/icebreaker_top.v|DESIGN=$MF_DESIGN_RN1|icebreaker_top: DESIGN must be 0 (gsen) or 1 (banyan)|ERROR_icebreaker_top_DESIGN_must_be_gsen_or_banyan"
  "hx8k_top|rtl/board/hx8k_top.v|DESIGN=$MF_DESIGN_RN1|hx8k_top: DESIGN must be 0 (gsen), 1 (banyan) or 3 (lcan)|ERROR_hx8k_top_DESIGN_must_be_gsen_banyan_or_lcan"
  "ulx3s_top|rtl/board/ulx3s_top.v|DESIGN=$MF_DESIGN_LCAN|ulx3s_top: DESIGN must be 0 (gsen), 1 (banyan) or 2 (rn1)|ERROR_ulx3s_top_DESIGN_must_be_gsen_banyan_or_rn1"
  "hypercube_net|rtl/hypercube/hypercube_net.v|D=0|hypercube_net: D must be 1..16|ERROR_hypercube_net_D_must_be_1_to_16"
  "hypercube_net|rtl/hypercube/hypercube_net.v|D=17|hypercube_net: D must be 1..16|ERROR_hypercube_net_D_must_be_1_to_16"
  "hypercube_net|rtl/hypercube/hypercube_net.v|STEPS=0|hypercube_net: STEPS must be >= 1|ERROR_hypercube_net_STEPS_must_be_positive"
  "hypercube_net|rtl/hypercube/hypercube_net.v|W=0|hypercube_net: W must be >= 1|ERROR_hypercube_net_W_must_be_positive"
  "hypercube_node|rtl/hypercube/hypercube_node.v|D=0|hypercube_node: D must be 1..16|ERROR_hypercube_node_D_must_be_1_to_16"
  "hypercube_node|rtl/hypercube/hypercube_node.v|STEPS=0|hypercube_node: STEPS must be >= 1|ERROR_hypercube_node_STEPS_must_be_positive"
  "hypercube_node|rtl/hypercube/hypercube_node.v|INDEX=8|hypercube_node: INDEX must be 0..2^D-1|ERROR_hypercube_node_INDEX_out_of_range"
  "lcan_engine|rtl/lcan/lcan_engine.v|D=3|lcan_net: D and U must be 2, 4, 8 or 16|ERROR_lcan_net_D_and_U_must_be_2_4_8_16"
  "lcan_engine|rtl/lcan/lcan_engine.v|U=1|lcan_net: D and U must be 2, 4, 8 or 16|ERROR_lcan_net_D_and_U_must_be_2_4_8_16"
  "lcan_engine|rtl/lcan/lcan_engine.v|N=32,D=4|lcan_net: N must be a power of D|ERROR_lcan_net_N_must_be_a_power_of_D_up_to_4096"
  "lcan_engine|rtl/lcan/lcan_engine.v|N=8192|lcan_net: N must be a power of D|ERROR_lcan_net_N_must_be_a_power_of_D_up_to_4096"
  "lcan_engine|rtl/lcan/lcan_engine.v|W=33|lcan_net: W must be 1..32|ERROR_lcan_net_W_must_be_1_to_32"
  "lcan_engine|rtl/lcan/lcan_engine.v|PIPE=2|lcan_net: PIPE must be 0 or 1|ERROR_lcan_net_PIPE_must_be_0_or_1"
  "lcan_selftest|rtl/board/lcan_selftest.v|W=33|lcan_selftest: N must be >= 2 and W 1..32|ERROR_lcan_selftest_bad_N_or_W"
  "lcan_switch|rtl/lcan/lcan_switch.v|U=32|lcan_switch: U must be 2, 4, 8 or 16|ERROR_lcan_switch_U_must_be_2_4_8_16"
  "lcan_switch|rtl/lcan/lcan_switch.v|LEVEL=2|lcan_switch: bad LEVEL/LW/NB/W|ERROR_lcan_switch_bad_LEVEL_LW_NB_or_W"
)
have_yosys=0; command -v yosys >/dev/null && have_yosys=1
# Yosys reads every file of every core (-defer: parsed now, elaborated by hierarchy from
# the top down, so only the modules under the top are built); Icarus searches every source
# folder (-y).
libs=$(printf -- '-y%s ' $(python3 scripts/mfcores.py srcdirs all --relative))
nbad=0
for b in "${bad[@]}"; do
  IFS='|' read -r top f pv text mod <<<"$b"
  vg=(); ip=(); yc=""
  IFS=',' read -ra pvs <<<"$pv"
  for one in "${pvs[@]}"; do
    p=${one%%=*}; v=${one#*=}
    vg+=("-G$p=$v"); ip+=("-P$top.$p=$v"); yc+=" -chparam $p $v"
  done
  if verilator --lint-only -Wno-fatal $incs "${vg[@]}" "$f" >"$work/v.log" 2>&1 \
     || ! grep -qF "$text" "$work/v.log"; then
    echo "lint: verilator did not stop on $top $pv with '$text'"; cat "$work/v.log"; fail=1
  fi
  if iverilog -g2005 $libs $incs "${ip[@]}" -o "$work/b.vvp" "$f" >"$work/i.log" 2>&1 \
     || ! grep -qF "$mod" "$work/i.log"; then
    echo "lint: iverilog did not stop on $top $pv with '$mod'"; cat "$work/i.log"; fail=1
  fi
  if [ $have_yosys -eq 1 ]; then
    if yosys -q -p "read_verilog -defer $incs ${files[*]}; hierarchy -top $top$yc" \
         >"$work/y.log" 2>&1 || ! grep -qF "$text" "$work/y.log"; then
      echo "lint: yosys did not stop on $top $pv with '$text'"; cat "$work/y.log"; fail=1
    fi
  fi
  nbad=$((nbad + 1))
done

[ "$large" = 1 ] && scope="with the large sets" || scope="without the large sets (MINFORGE_LINT_LARGE=1)"
[ $fail -eq 0 ] && echo "lint ($scope): ${#files[@]} files + ${#sweeps[@]} parameter sets clean (verilator -Wall, iverilog -g2005); $nbad illegal parameter sets stop every tool"
exit $fail
