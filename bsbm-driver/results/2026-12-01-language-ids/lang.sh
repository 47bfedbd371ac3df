#!/bin/bash
# lang.sh OUT ROUNDS SECS CLIENTS: BSBM 100M in a 2 GB cgroup, OS cache dropped, new servers of one
# build on one store (STORE=, default /work/bench/quarry-284826-v3, loaded by this build: every
# tagged literal's id holds its language), alternating filters on lang() decided on ids and the
# same server with -Dquarry.exec.language-ids=false (they read each literal, as before). Odd
# rounds start with ids, even ones without.
OUT=$1; ROUNDS=${2:-2}; SECS=${3:-180}; CL=${4:-16}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never STORE=${STORE:-/work/bench/quarry-284826-v3}
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="ids off"; else order="off ids"; fi
  for k in $order; do
    if [ $k = ids ]; then qj=; else qj=-Dquarry.exec.language-ids=false; fi
    PERIOD=5 QJ=$qj $C $OUT $k-$r 2GB $SECS $CL 2>&1 | tail -1
  done
done
