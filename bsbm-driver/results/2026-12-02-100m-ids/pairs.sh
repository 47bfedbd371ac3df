#!/bin/bash
# pairs.sh OUT ROUNDS SECS CLIENTS: BSBM 100M (the ids store), a new server per run, uncapped (the
# store read into the OS cache first, 6 GB pool) against capped at 2 GB (OS cache dropped, pool and
# heap sized from the cgroup), alternating (even rounds capped first); CLIENTS clients for SECS
# from the start command (../2026-11-30-kept-orders/cold.sh). Runs go to OUT/<uncapped|capped>-ROUND.
OUT=$1; ROUNDS=$2; SECS=$3; CL=$4
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never STORE=${STORE:-/work/bench/quarry-284826-ids} PERIOD=5
for r in $(seq 1 "$ROUNDS"); do
  caps="0 2GB"; [ $((r % 2)) = 0 ] && caps="2GB 0"
  for cap in $caps; do
    label=$([ "$cap" = 0 ] && echo uncapped || echo capped)-$r
    $C "$OUT" "$label" "$cap" "$SECS" "$CL" 2>&1 | tail -1
  done
done
