#!/bin/bash
# rec.sh OUT ROUNDS SECS CLIENTS: BSBM 100M in a 2 GB cgroup, OS cache dropped, new servers,
# alternating a build with the record cache (store.term-records: auto, 192 MB here) and the same
# build with it off (--set store.term-records=0). The record cache was not kept (README).
OUT=$1; ROUNDS=${2:-2}; SECS=${3:-180}; CL=${4:-16}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never
for r in $(seq 1 $ROUNDS); do
  PERIOD=5 QJ= $C $OUT records-$r 2GB $SECS $CL 2>&1 | tail -1
  PERIOD=5 QJ= $C $OUT none-$r 2GB $SECS $CL --set store.term-records=0 2>&1 | tail -1
done
