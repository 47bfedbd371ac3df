#!/bin/bash
# stores.sh OUT ROUNDS SECS CLIENTS: BSBM 100M in a 2 GB cgroup, OS cache dropped, new servers of one
# build, alternating two stores of the same data: one this build loaded (language-ids=all: every
# tagged literal's id holds its language) and the older build's store upgraded in place (paged-v2 to
# v3: its literals' ids hold none, so a filter on lang() reads each literal, as before).
OUT=$1; ROUNDS=${2:-2}; SECS=${3:-180}; CL=${4:-16}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never
for r in $(seq 1 $ROUNDS); do
  STORE=/work/bench/quarry-284826-v3 PERIOD=5 QJ= $C $OUT ids-$r 2GB $SECS $CL 2>&1 | tail -1
  STORE=/work/bench/quarry-284826 PERIOD=5 QJ= $C $OUT upgraded-$r 2GB $SECS $CL 2>&1 | tail -1
done
