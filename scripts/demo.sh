#!/usr/bin/env bash
# `make demo`: the main job, end to end.  Prints a summary of each step.
set -euo pipefail
cli=${1:-build/sim/minforge}
echo "== GSEN N=10, alternating control: all-to-all personalized exchange (paper 001, Alg. 2-4)"
"$cli" gsen schedule --ports 10 --control alt
echo
echo "== Verification: the N=10 schedule's configurations cover all 100 pairs"
"$cli" gsen cover --ports 10 --control alt --configs 0,1,3,2,6,7,5,4,12,13
