#!/usr/bin/env bash
# Starts minforge Dask workers on this machine (docs/scaling.md), one single-threaded worker
# process per core (the tasks run Yosys / nextpnr / Verilator builds: one task per core):
#   scripts/worker/start.sh tcp://SCHEDULER:8786 [NPROCS]
# The worker must see the repository (this checkout, at the same commit as the client) and
# the tools of scripts/deps.sh; tasks refuse to run when a tool version differs from the
# client's.  Extra `dask worker` options: MINFORGE_WORKER_OPTS (e.g. --memory-limit 8GB).
set -euo pipefail
sched="${1:?usage: start.sh tcp://SCHEDULER:PORT [NPROCS]}"
nprocs="${2:-$(nproc)}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
bash "$root/scripts/deps.sh" synth
python3 "$root/scripts/mftasks.py" versions
cd "$root"
export PYTHONPATH="$root/scripts:$root/synth${PYTHONPATH:+:$PYTHONPATH}"
# shellcheck disable=SC2086
exec dask worker "$sched" --nworkers "$nprocs" --nthreads 1 --name "$(hostname -s)" \
  ${MINFORGE_WORKER_OPTS:-}
