#!/bin/bash
# direct.sh OUT ROUNDS SECS CLIENTS: BSBM 100M (this build's store) in a 2 GB cgroup, OS cache
# dropped, new servers alternating the pool's reads through the OS cache (store.direct-io=false,
# as every capped run so far) and O_DIRECT (true), odd rounds starting with the former.
OUT=$1; ROUNDS=${2:-2}; SECS=${3:-180}; CL=${4:-16}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never STORE=${STORE:-/work/bench/quarry-284826-v3}
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="false true"; else order="true false"; fi
  for k in $order; do
    PERIOD=5 QJ= $C $OUT direct-$k-$r 2GB $SECS $CL --set store.direct-io=$k 2>&1 | tail -1
  done
done
