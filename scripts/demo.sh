#!/usr/bin/env bash
# `make demo`: the main job, end to end.
#   1. golden model: the papers' schedules (GSEN N=10, banyan N=16 with a dead element)
#   2. RTL vs model: Verilator builds (cached) of the GSEN and banyan engines, run in
#      lockstep with the golden model on every cycle
#   3. RN1: path expansion and a faulty 16x16 network, RTL in lockstep with the model; the
#      chapter's fault-tolerance claims; a dead link localised and switched off by the RTL's own monitor
#   3b. LCAN (paper 003): the Fig. 4 route, randomized routing vs the analysis, realization,
#       the CB-LCAN RTL routing random permutations in lockstep
#   3c. hypercube (paper 004): REALIZE at d = 20, the packet-switched 5-cube RTL in lockstep
#   4. synthesis: the iCEBreaker GSEN self-test top through Yosys + nextpnr to a bitstream
#   5. a summary table
# Any failing step stops the demo with a non-zero exit.
set -euo pipefail
cli=${1:-build/sim/minforge}
out=${2:-build/demo}
mkdir -p "$out"
export MINFORGE_CACHE=${MINFORGE_CACHE:-$PWD/build/model-cache}

step() { printf '\n== %s\n' "$*"; }
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

step "1a. Golden model: GSEN 10x10 all-to-all personalized exchange (paper 001, Algorithms 2-4)"
"$cli" gsen schedule --ports 10 --control alt
"$cli" gsen schedule --ports 10 --control alt --json >"$out/gsen_schedule.json"
"$cli" gsen draw --ports 10 --alt 3 --svg "$out/gsen10_round2.svg"

step "1b. Golden model: R(20) <= 24 with the doubly alternating set of Theorem 5.5"
"$cli" gsen cover --ports 20 --control alt2 --configs 0-15,20-23,28-31
"$cli" gsen cover --ports 20 --control alt2 --configs 0-15,20-23,28-31 --json >"$out/cover20.json"

step "1c. Golden model: banyan 16x16 with dead element E_1,1, relays through processors (paper 000)"
"$cli" banyan fault --ports 16 --fault 1,1
"$cli" banyan fault --ports 16 --fault 1,1 --json >"$out/banyan_fault.json"
"$cli" banyan fault --ports 16 --fault 1,1 --latency 4 --plan-hex "$out/banyan16_e11_plan.hex"
"$cli" banyan draw --ports 16 --config 2 --fault 1,1 --svg "$out/banyan16_fault.svg"
# N = 8 with a 3-cycle pipeline: 24 cycles, one under the Appendix's 25 (the minimum, SAT)
"$cli" banyan fault --ports 8 --fault 1,1 --latency 3

step "2. RTL vs golden model (Verilator, lockstep on every cycle; first build is cached in $MINFORGE_CACHE)"
"$cli" sim gsen --ports 10 --width 16 --control alt
"$cli" sim gsen --ports 10 --width 16 --control alt --json >"$out/sim_gsen_alt.json"
"$cli" sim gsen --ports 12 --width 16 --control stage --json >"$out/sim_gsen_stage.json"
"$cli" sim banyan-ft --ports 16 --width 16 --fault 1,1 --json >"$out/sim_banyan_fault.json"

step "3. RN1 (paper 002): path expansion and a 16x16 network with 2 faults, RTL in lockstep"
"$cli" rn1 paths --topology fig20.7
"$cli" sim rn1 --topology fig20.9 --traffic uniform --load 0.5 --cycles 3000 --faults 2 \
  --seed 1 --json >"$out/rn1_net.json"
"$cli" rn1 claims --static
"$cli" rn1 claims --static --json >"$out/rn1_claims.json"
"$cli" rn1 localise --topology fig20.9 --every-link --rtl --json >"$out/rn1_localise.json"

step "3b. LCAN (paper 003): Fig. 4's route, randomized permutation routing, off-line realization"
"$cli" lcan route --network cb:27,3,2 --src 4 --dst 18
"$cli" lcan route --network cb:27,3,2 --src 4 --dst 18 --json >"$out/lcan_route.json"
"$cli" lcan simulate --network cb:4096,4,4 --class root --trials 200 --seed 1
"$cli" lcan simulate --network cb:4096,4,4 --class root --trials 200 --seed 1 --json \
  >"$out/lcan_simulate.json"
"$cli" lcan realize --network cb:64,4,2 --class random --seed 1 --json >"$out/lcan_realize.json"
"$cli" lcan draw --network cb:27,3,2 --class root --seed 1 --svg "$out/lcan_cb27_3_2.svg"
"$cli" sim lcan --network cb:64,4,4 --class random --trials 100 --seed 1
"$cli" sim lcan --network cb:64,4,4 --class random --trials 100 --seed 1 --json >"$out/sim_lcan.json"

step "3c. Hypercube (paper 004): 2-realization at d = 20, Corollary 3.5's schedule on the 5-cube RTL"
"$cli" hypercube realize --dim 20 --class random --seed 1
"$cli" hypercube realize --dim 20 --class random --seed 1 --json >"$out/hypercube_realize.json"
"$cli" hypercube draw --dim 4 --class bit-reversal --svg "$out/hypercube4_bitrev.svg"
"$cli" sim hypercube --dim 5 --class random --seed 7
"$cli" sim hypercube --dim 5 --class random --seed 7 --json >"$out/hypercube_sim.json"

step "4. Synthesis: iCEBreaker (iCE40 UP5K) GSEN self-test top -> bitstream"
python3 synth/flow.py build --board icebreaker --design gsen --bitstream --out "$out/synth" \
  | tee "$out/synth.log"

step "5. Summary"
printf '%-44s %s\n' "GSEN N=10 alt schedule (model)" \
  "$(json "$out/gsen_schedule.json" "f\"{d['rounds']} rounds, configs {d['configs']}\"")"
printf '%-44s %s\n' "GSEN N=20 doubly alternating set (model)" \
  "$(json "$out/cover20.json" "f\"covers={d['covers']} pairs={d['pairs_covered']}\"")"
printf '%-44s %s\n' "banyan N=16 E_1,1 dead (model)" \
  "$(json "$out/banyan_fault.json" "f\"{d['cycles']} cycles (bound {d['bound']}), delivered {d['delivered']}, lost {d['lost']}\"")"
for f in sim_gsen_alt sim_gsen_stage sim_banyan_fault; do
  printf '%-44s %s\n' "RTL $f (Verilator vs model)" \
    "$(json "$out/$f.json" "f\"{d['cycles']} cycles ({d['rounds']} rounds, latency {d['latency']}), delivered {d['delivered']}, lost {d['lost']}, dup {d['duplicates']}, mismatches {d['mismatches']}\"")"
done
printf '%-44s %s\n' "RN1 fig20.9, 2 faults (RTL vs model)" \
  "$(json "$out/rn1_net.json" "f\"sent {d['sent']}, delivered {d['delivered']}, lost {d['lost']}, dup {d['duplicates']}, mismatches {d['mismatches']}\"")"
printf '%-44s %s\n' "RN1 claims of paper 002 (wiring, model)" \
  "$(json "$out/rn1_claims.json" "f\"{sum(1 for c in d['claims'] if c['holds'])} of {len(d['claims'])} claims hold\"")"
printf '%-44s %s\n' "RN1 fig20.9 every dead link (RTL monitor)" \
  "$(json "$out/rn1_localise.json" "f\"{d['localised']} of {d['cases']} localised, {d['wrong']} wrong; RTL monitor {d['rtl_localised']} localised, {d['rtl_wrong']} wrong; mismatches {d['mismatches']}\"")"
printf '%-44s %s\n' "LCAN CB-LCAN(27,3,2) PE 4 -> 18 (Fig. 4)" \
  "$(json "$out/lcan_route.json" "f\"LCA level {d['lca_level']}, {len(d['lca_switches'])} LCA switches\"")"
printf '%-44s %s\n' "LCAN CB-LCAN(4096,4,4) root, 200 perms" \
  "$(json "$out/lcan_simulate.json" "f\"mean {d['mean_cycles']:.2f} cycles (predicted {d['predicted_cycles']:.2f}), variance {d['variance']:.3f}\"")"
printf '%-44s %s\n' "LCAN CB-LCAN(64,4,2) off-line realization" \
  "$(json "$out/lcan_realize.json" "f\"{d['cycles']} network cycles (Theorem 3: {d['theorem3_cycles']}), verified {d['verified']}\"")"
printf '%-44s %s\n' "LCAN CB-LCAN(64,4,4) RTL, 100 random perms" \
  "$(json "$out/sim_lcan.json" "f\"mean {d['mean_cycles']:.2f} cycles (model {d['model_mean_cycles']:.2f}), delivered {d['delivered']}, errors {d['errors']}, mismatches {d['mismatches']}\"")"
printf '%-44s %s\n' "hypercube d=20 random (model)" \
  "$(json "$out/hypercube_realize.json" "f\"max edge load {d['max_edge_load']}, {d['edge_uses']} edge uses (bound {d['bound_edge_uses']}), longest path {d['max_path_length']} (bound {d['bound_path_length']}), {d['packet_steps']} packet steps\"")"
printf '%-44s %s\n' "hypercube d=5 RTL (Verilator vs model)" \
  "$(json "$out/hypercube_sim.json" "f\"{d['hw_steps']} steps, {d['ok_nodes']} of {d['nodes']} nodes hold their packet, all_ok {d['all_ok']}, mismatches {d['mismatches']}\"")"
printf '%-44s %s\n' "iCEBreaker GSEN top (Yosys + nextpnr)" "$(tail -n 1 "$out/synth.log")"
printf '\nPictures (open in a browser): %s\n' \
  "$out/gsen10_round2.svg $out/banyan16_fault.svg $out/lcan_cb27_3_2.svg $out/hypercube4_bitrev.svg"
