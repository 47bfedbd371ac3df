#!/bin/bash
# rounds 3 and 4 of abs.sh (ABBA continues: round 3 new first, round 4 base first)
for r in 3 4; do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for a in $order; do
    rp=$([ $a = new ] && echo /work/main || echo /work/bench/alt)
    REPO=$rp "$(dirname "$0")"/../2026-12-03-cold-minute/series.sh $1 $a-$r 2GB
  done
done
