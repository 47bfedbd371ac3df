#!/bin/bash
# pool.sh OUT ROUNDS: 100M capped at 2 GB, 16 clients, 240 s from the start command, alternating the auto pool (768 MB) and 512 MB; vmstat beside each
OUT=$1; ROUNDS=${2:-2}
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
mkdir -p $OUT
for r in $(seq 1 $ROUNDS); do
  vmstat 5 > $OUT/vm-auto-$r.txt & v=$!; PERIOD=5 QJ= $C $OUT auto-$r 2GB 240 16; kill $v
  vmstat 5 > $OUT/vm-512-$r.txt & v=$!; PERIOD=5 QJ= $C $OUT p512-$r 2GB 240 16 --set store.buffers=512MB; kill $v
done
