#!/bin/bash
# abs.sh OUT ROUNDS CAP [FIRST]: ABBA of this change (/work/main, "new") against its parent
# (/work/bench/alt, "base"), each run series.sh (16 clients, 120 s, device reads and misses every 5 s);
# rounds FIRST (default 1) to FIRST+ROUNDS-1, new first in odd ones.
OUT=$1; N=$2; CAP=$3; FIRST=${4:-1}
for r in $(seq $FIRST $((FIRST + N - 1))); do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for a in $order; do
    rp=$([ $a = new ] && echo /work/main || echo /work/bench/alt)
    REPO=$rp "$(dirname "$0")"/series.sh $OUT $a-$r $CAP
  done
done
