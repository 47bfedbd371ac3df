#!/bin/bash
# probes.sh OUT CAP ROUNDS: this build (REPO=/work/main, probes kept per operator) against the base
# (REPO=/work/bench/base, eeb75a1d), alternating (ABBA), 16 clients, 120 s, new servers
OUT=$1; CAP=$2; N=$3
export STORE=/work/bench/quarry-284826-coded DIO=auto
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
for r in $(seq $N); do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for b in $order; do
    repo=/work/main; [ $b = base ] && repo=/work/bench/base
    REPO=$repo timeout 600 $T $OUT $b-$r $CAP 120 16 > /dev/null 2>&1
    echo "$b-$r $(python3 -c "import json,glob;print(round(json.load(open(glob.glob('$OUT/$b-$r/explore-*.json')[0]))['qmph']))") $(sed -n 2p $OUT/$b-$r/threads.txt) $(cat $OUT/$b-$r/alloc.txt)"
  done
done
