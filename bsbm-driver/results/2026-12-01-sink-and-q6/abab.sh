#!/bin/bash
# abab.sh OUT ROUNDS REPO_A REPO_B: ab.sh alternating between two builds (one variant each)
OUT=$1; R=$2; A=$3; B=$4
for r in $(seq $R); do
  REPO=$A /work/main/bsbm-driver/results/2026-12-01-start-nice/ab.sh $OUT/a-r$r 1 "|" | sed "s/^/A /"
  REPO=$B /work/main/bsbm-driver/results/2026-12-01-start-nice/ab.sh $OUT/b-r$r 1 "|" | sed "s/^/B /"
done
