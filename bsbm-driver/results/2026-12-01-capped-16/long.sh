#!/bin/bash
# long.sh OUT ROUNDS: 100M, 16 clients for 240 s from the start command, alternating uncapped (store in the OS cache) and a 2 GB cap (OS cache dropped)
OUT=$1; ROUNDS=${2:-2}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
for r in $(seq 1 $ROUNDS); do
  PERIOD=5 QJ= $C $OUT default-$r 0 240 16
  PERIOD=5 QJ= $C $OUT capped-$r 2GB 240 16
done
