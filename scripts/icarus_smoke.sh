#!/usr/bin/env bash
# Icarus Verilog (-g2005) smoke tests of the minforge RTL: the fabric benches (paper
# numbers), the all-to-all engine bench over the configurations below and the RN1 board
# self-test bench (tb/board/rn1_selftest_icarus_tb.v) and the hypercube bench
# (tb/hypercube/hypercube_net_tb.v) and the LCAN bench (tb/lcan/lcan_engine_tb.v).  Each bench
# prints PASS/FAIL and exits non-zero ($fatal) on failure.  Exit code 0 = all passed.
# Usage: scripts/icarus_smoke.sh [-v]     (-v: show every bench's full output)
#        scripts/icarus_smoke.sh --list DIR
#          run nothing: print what this script runs, expanded (loops and variables), one
#          shell-quoted line each: `cli ARGS...` (the minforge CLI writing a bench's input into
#          DIR) and `run NAME BENCH PARAM...` (scripts/mutate.py reads its benches this way)
set -uo pipefail
cd "$(dirname "$0")/.."
verbose=0; [ "${1:-}" = "-v" ] && verbose=1
list=""
if [ "${1:-}" = "--list" ]; then
  list=${2:-}
  [ -n "$list" ] || { echo "icarus_smoke: --list needs the folder the inputs would go to" >&2; exit 2; }
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# Include and module-search folders (scripts/mfcores.py): the board core's RN1 self-test
# target brings every RTL core and tb/board (the self-test's network wrapper).
# The hypercube and lcan cores (their sim targets) are not below the boards core: their
# folders are added.
lib=()
core=(boards --target sim_rn1_selftest --relative)
for d in $(python3 scripts/mfcores.py incdirs "${core[@]}"); do lib+=(-I"$d"); done
for d in $(python3 scripts/mfcores.py srcdirs "${core[@]}"); do lib+=(-y "$d"); done
for d in $(python3 scripts/mfcores.py srcdirs hypercube --target sim --relative;
         python3 scripts/mfcores.py srcdirs lcan --target sim --relative); do
  [[ " ${lib[*]} " == *" $d "* ]] || lib+=(-y "$d")
done
pass=0; fail=0
# The codes (ENGINE, SCHED, PLAYER_CONTROL, FAULT_KIND) by name: MF_* of rtl/common/mf_codes.vh.
eval "$(python3 scripts/mfparams.py sh)" || exit 2

# run NAME BENCH [iverilog -P options...]
run() {
  if [ -n "$list" ]; then printf 'run'; printf ' %q' "$@"; echo; return 0; fi
  local name=$1 bench=$2; shift 2
  local top; top=$(basename "$bench" .v)
  local opts=()
  for p in "$@"; do opts+=("-P$top.$p"); done
  if ! iverilog -g2005 "${lib[@]}" "${opts[@]}" -o "$work/$name.vvp" "$bench" \
       >"$work/$name.log" 2>&1; then
    echo "FAIL $name (compile)"; cat "$work/$name.log"; fail=$((fail + 1)); return
  fi
  if vvp -n "$work/$name.vvp" >"$work/$name.log" 2>&1 && grep -q '^PASS' "$work/$name.log" \
     && ! grep -q '^FAIL' "$work/$name.log"; then
    echo "ok   $name: $(grep '^PASS' "$work/$name.log")"; pass=$((pass + 1))
  else
    echo "FAIL $name"; cat "$work/$name.log"; fail=$((fail + 1)); return
  fi
  [ $verbose -eq 1 ] && cat "$work/$name.log"
  return 0
}

E=tb/icarus/a2a_engine_tb.v
# The schedule player's memory images come from its twin, through the CLI (minforge gsen
# player): the same tables the Verilator lockstep checks, never a second copy of the routing.
cli=${MINFORGE_CLI:-build/sim/minforge}
[ -n "$list" ] || [ -x "$cli" ] || { echo "icarus_smoke: the minforge CLI is needed ($cli; set MINFORGE_CLI)"; exit 2; }
# cli_in ARGS...: the CLI writing a bench's input (its stdout dropped)
cli_in() {
  if [ -n "$list" ]; then printf 'cli'; printf ' %q' "$@"; echo; return 0; fi
  "$cli" "$@" >/dev/null
}
D=$work; [ -n "$list" ] && D=$list
cli_in gsen player --ports 10 --control alt --configs 0,1,3,2,6,7,5,4,12,13 \
  --hex "$D/player_n10_alt.hex" || exit 2
cli_in gsen player --ports 20 --control alt2 --configs 0-15,20-23,28-31 \
  --hex "$D/player_r20_alt2.hex" || exit 2   # R(20) <= 24, paper 001 Theorem 5.5
run gsen_fabric_pipe      tb/icarus/gsen_fabric_tb.v PIPELINE=1
run gsen_fabric_comb      tb/icarus/gsen_fabric_tb.v PIPELINE=0
# gsen_route, the route predictor no other module instantiates: every configuration number and
# input under the four controls, against a2a_gsen_path, Lemma 3.3 and Fig. 4
run gsen_route_n10        tb/icarus/gsen_route_tb.v N=10
run gsen_route_n12        tb/icarus/gsen_route_tb.v N=12
run gsen_route_n16        tb/icarus/gsen_route_tb.v N=16
# rtl/common's functions (mf_clog2, mf_payload32, mf_popcount) against their definitions computed
# another way: the engines use mf_payload32 at both ends, so their benches cannot see it change
run mf_common_w5          tb/icarus/mf_common_tb.v W=5
run mf_common_w37         tb/icarus/mf_common_tb.v W=37
# The R(N) certificates of issue 28 (docs/research/gsen_r<N>_k<K>.json, individual control)
# played on gsen_fabric: the configuration words from the model's certificate reader.
for cert in docs/research/gsen_r*_k*.json; do
  b=$(basename "$cert" .json); rn=${b#gsen_r}; rk=${rn#*_k}; rn=${rn%_k*}
  [ "$rn" -le 24 ] || continue   # the small ones: a fraction of a second each
  cli_in gsen rcheck --cert "$cert" --hex "$D/$b.hex" || { echo "FAIL $b (rcheck)"; fail=$((fail + 1)); continue; }
  run "${b}_pipe" tb/icarus/gsen_rbound_tb.v N=$rn K=$rk PIPELINE=1 "CFG_FILE=\"$D/$b.hex\""
  run "${b}_comb" tb/icarus/gsen_rbound_tb.v N=$rn K=$rk PIPELINE=0 "CFG_FILE=\"$D/$b.hex\""
done
run banyan_fabric_pipe    tb/icarus/banyan_fabric_tb.v PIPELINE=1
run banyan_fabric_comb    tb/icarus/banyan_fabric_tb.v PIPELINE=0
run gsen_alt_n10          $E ENGINE=$MF_DESIGN_GSEN N=10 SCHED=$MF_SCHED_ALT
run gsen_alt_n10_tags     $E ENGINE=$MF_DESIGN_GSEN N=10 SCHED=$MF_SCHED_ALT USE_TAGS=1
run gsen_alt_n14_comb     $E ENGINE=$MF_DESIGN_GSEN N=14 SCHED=$MF_SCHED_ALT PIPELINE=0
run gsen_alt_n6           $E ENGINE=$MF_DESIGN_GSEN N=6 SCHED=$MF_SCHED_ALT W=12
run gsen_stage_n12        $E ENGINE=$MF_DESIGN_GSEN N=12 SCHED=$MF_SCHED_STAGE
run gsen_stage_n12_tags   $E ENGINE=$MF_DESIGN_GSEN N=12 SCHED=$MF_SCHED_STAGE USE_TAGS=1
run gsen_stage_n4         $E ENGINE=$MF_DESIGN_GSEN N=4 SCHED=$MF_SCHED_STAGE W=8
run gsen_stage_n16_comb   $E ENGINE=$MF_DESIGN_GSEN N=16 SCHED=$MF_SCHED_STAGE PIPELINE=0
run gsen_stage_n20        $E ENGINE=$MF_DESIGN_GSEN N=20 SCHED=$MF_SCHED_STAGE
run gsen_player_n10_file  $E ENGINE=$MF_DESIGN_GSEN N=10 SCHED=$MF_SCHED_PLAYER PLAYER_CONTROL=$MF_CTRL_ALT PLAYER_LEN=10 "PLAYER_FILE=\"$D/player_n10_alt.hex\""
run gsen_player_n6_write  $E ENGINE=$MF_DESIGN_GSEN N=6 SCHED=$MF_SCHED_PLAYER W=12 PLAYER_CONTROL=$MF_CTRL_ALT PLAYER_LEN=6 PLAYER_WRITE=1
run gsen_player_r20_alt2  $E ENGINE=$MF_DESIGN_GSEN N=20 SCHED=$MF_SCHED_PLAYER PLAYER_CONTROL=$MF_CTRL_ALT2 PLAYER_LEN=24 "PLAYER_FILE=\"$D/player_r20_alt2.hex\""
run gsen_player_r20_tags  $E ENGINE=$MF_DESIGN_GSEN N=20 SCHED=$MF_SCHED_PLAYER PLAYER_CONTROL=$MF_CTRL_ALT2 PLAYER_LEN=24 USE_TAGS=1 "PLAYER_FILE=\"$D/player_r20_alt2.hex\""
run banyan_n16            $E ENGINE=$MF_DESIGN_BANYAN N=16
run banyan_n16_tags       $E ENGINE=$MF_DESIGN_BANYAN N=16 USE_TAGS=1
run banyan_n8_comb        $E ENGINE=$MF_DESIGN_BANYAN N=8 PIPELINE=0 W=12
run banyan_n16_dead_e11   $E ENGINE=$MF_DESIGN_BANYAN N=16 FAULT=1 FAULT_STAGE=1 FAULT_ELEM=1 FAULT_KIND=$MF_FAULT_DEAD
run banyan_n16_dead_e30   $E ENGINE=$MF_DESIGN_BANYAN N=16 FAULT=1 FAULT_STAGE=3 FAULT_ELEM=0 FAULT_KIND=$MF_FAULT_DEAD
run banyan_n32_dead_tags  $E ENGINE=$MF_DESIGN_BANYAN N=32 FAULT=1 FAULT_STAGE=2 FAULT_ELEM=5 FAULT_KIND=$MF_FAULT_DEAD USE_TAGS=1
# blocks of B words per pair (the data engine's schedule repeated B times)
run gsen_alt_n10_b3       $E ENGINE=$MF_DESIGN_GSEN N=10 SCHED=$MF_SCHED_ALT B=3 W=18
run banyan_n16_b4_dead    $E ENGINE=$MF_DESIGN_BANYAN N=16 B=4 W=18 FAULT=1 FAULT_STAGE=2 FAULT_ELEM=3 FAULT_KIND=$MF_FAULT_DEAD
# the fault-tolerant banyan exchange engine (tb/icarus/banyan_ft_engine_tb.v) on the plan
# images the model writes (minforge banyan fault --plan-hex), loaded with $readmemh
F=tb/icarus/banyan_ft_engine_tb.v
cli_in banyan fault --ports 8 --fault 1,2 --latency 0 --plan-hex "$D/ft_n8_e12.hex" || exit 2
cli_in banyan fault --ports 16 --fault 2,3 --latency 4 --plan-hex "$D/ft_n16_e23.hex" || exit 2
cli_in banyan fault --ports 32 --fault 2,9 --latency 5 --plan-hex "$D/ft_n32_e29.hex" || exit 2
run banyan_ft_n8_comb     $F N=8 PIPELINE=0 PLAN_LEN=24 FAULT_STAGE=1 FAULT_ELEM=2 "PLAN_FILE=\"$D/ft_n8_e12.hex\""
run banyan_ft_n16_b3      $F N=16 B=3 PLAN_LEN=48 FAULT_STAGE=2 FAULT_ELEM=3 "PLAN_FILE=\"$D/ft_n16_e23.hex\""
run banyan_ft_n16_b3_lat2 $F N=16 B=3 SRC_LAT=2 PLAN_LEN=48 FAULT_STAGE=2 FAULT_ELEM=3 "PLAN_FILE=\"$D/ft_n16_e23.hex\""  # output-registered source RAM
run banyan_ft_n32         $F N=32 DW=12 PLAN_LEN=64 FAULT_STAGE=2 FAULT_ELEM=9 "PLAN_FILE=\"$D/ft_n32_e29.hex\""
# the packet-switched hypercube (tb/hypercube/hypercube_net_tb.v): routed permutations, rule
# violations flagged
run hypercube_d3          tb/hypercube/hypercube_net_tb.v D=3
run hypercube_d4          tb/hypercube/hypercube_net_tb.v D=4
run hypercube_d6_w16      tb/hypercube/hypercube_net_tb.v D=6 W=16
# the circuit-switched CB-LCAN (tb/lcan/lcan_engine_tb.v): identity, complement and shift
# routed to completion, every arrival checked
# the CB-LCAN's legality rule and geometry (rtl/lcan/lcan_functions.vh) against their
# specification: the corners no network bench reaches (N = 4096, D or U = 16, W = 1 and 32)
run lcan_functions        tb/icarus/lcan_functions_tb.v
run lcan_n16_d2_u2        tb/lcan/lcan_engine_tb.v N=16 D=2 U=2
run lcan_n64_d4_u2        tb/lcan/lcan_engine_tb.v N=64 D=4 U=2
run lcan_n8_d2_u4         tb/lcan/lcan_engine_tb.v N=8 D=2 U=4
run lcan_n16_d2_u2_pipe   tb/lcan/lcan_engine_tb.v N=16 D=2 U=2 PIPE=1
run lcan_n8_d8_u2         tb/lcan/lcan_engine_tb.v N=8 D=8 U=2   # D = 8, and N = D (one level)
# RN1 board top's core: self-test on the Fig. 20.9 network, clean and with endpoint 5 cut off
run rn1_selftest_clean    tb/board/rn1_selftest_icarus_tb.v CUT=0 EXCHANGES=2
run rn1_selftest_cut      tb/board/rn1_selftest_icarus_tb.v CUT=1 EXCHANGES=1
# ... and with one stuck wire on link 60's backward channel: lost acknowledgements, retries
# the endpoints' duplicate filter must drop (240 deliveries, 0 errors)
run rn1_selftest_stuck    tb/board/rn1_selftest_icarus_tb.v EXCHANGES=1 STUCK_LINK=60 STUCK_DIR=1 STUCK_BIT=4 STUCK_VAL=1
# the board tops' matrix transpose (rtl/board/board_xpose.v): seeded matrices transposed and
# checked in hardware, the checksum against the closed form, a torn seed counted as errors
run xpose_gsen_alt_n10    tb/board/board_xpose_icarus_tb.v ENGINE=$MF_DESIGN_GSEN N=10 CYCLES=20
run xpose_gsen_stg_n16    tb/board/board_xpose_icarus_tb.v ENGINE=$MF_DESIGN_GSEN N=16 SCHED=$MF_SCHED_STAGE PIPELINE=0 CYCLES=22
run xpose_banyan_n16_b3   tb/board/board_xpose_icarus_tb.v ENGINE=$MF_DESIGN_BANYAN N=16 W=18 B=3 CYCLES=58
run xpose_banyan_ft_n16  tb/board/board_xpose_icarus_tb.v ENGINE=$MF_DESIGN_BANYAN_FT N=16 W=16 CYCLES=58 FAULT_STAGE=2 FAULT_ELEM=3 PLAN_LEN=48 "PLAN_FILE=\"$D/ft_n16_e23.hex\""  # B*T + FLAT + 4 + PL = 48 + 4 + 4 + 2
# ... and with that plan around another element than the dead one (1,5): 48 messages lost per
# exchange, which errors must count (missing > 0, errors = the sum of the checker's counts)
run xpose_banyan_ft_loss  tb/board/board_xpose_icarus_tb.v ENGINE=$MF_DESIGN_BANYAN_FT N=16 W=16 CYCLES=58 FAULT_STAGE=1 FAULT_ELEM=5 PLAN_LEN=48 "PLAN_FILE=\"$D/ft_n16_e23.hex\"" LOSS=1
# the board tops' report line (rtl/board/uart_line_fmt.v): every byte of every line against the
# header's format, with and without the checksum field, under a random out_ready
run uart_line_fmt         tb/board/uart_line_fmt_icarus_tb.v SUM_FIELD=0
run uart_line_fmt_sum     tb/board/uart_line_fmt_icarus_tb.v SUM_FIELD=1
# ... and its 8N1 transmitter (rtl/board/uart_tx.v): the line every cycle against the frame,
# DIV = 7 (650 / 100 rounded) and the minimum DIV = 2
run uart_tx_div7          tb/board/uart_tx_icarus_tb.v CLK_HZ=650 BAUD=100
run uart_tx_div2          tb/board/uart_tx_icarus_tb.v CLK_HZ=200 BAUD=100
# The boards' power-on reset: high for exactly 2^CNT_W edges, then low
run board_por_w1          tb/board/board_por_icarus_tb.v CNT_W=1
run board_por_w4          tb/board/board_por_icarus_tb.v CNT_W=4
# The boards' reporter (rtl/board/board_reporter.v) in front of a stand-in engine: report lines
# exactly LINE_PERIOD cycles apart, the start handshake, rounds, pass / fail (an error in
# exchange 3); LINE_PERIOD = 2047 = 2^PW - 1 with one-cycle exchanges
run board_reporter        tb/board/board_reporter_icarus_tb.v LINE_PERIOD=2000 XCYC=37
run board_reporter_err    tb/board/board_reporter_icarus_tb.v LINE_PERIOD=2000 XCYC=37 ERR_AT=3
run board_reporter_2047   tb/board/board_reporter_icarus_tb.v LINE_PERIOD=2047 XCYC=1
# the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v): frames through every port under
# random tvalid gaps / tready pauses, every word and the status counters checked (SRC_LAT 1
# and 2: the source RAM without and with an output register)
run axis_banyan_n8_b4     tb/axis/a2a_axis_tb.v ENGINE=$MF_DESIGN_BANYAN N=8 B=4 FRAMES=5 PAUSE=96
run axis_gsen_alt_n6_b3_l2 tb/axis/a2a_axis_tb.v ENGINE=$MF_DESIGN_GSEN N=6 B=3 SCHED=$MF_SCHED_ALT DW=8 SRC_LAT=2 FRAMES=5 PAUSE=160

[ -n "$list" ] && exit 0
echo "icarus_smoke: $pass passed, $fail failed"
[ $fail -eq 0 ]
