#!/bin/bash
# abx.sh OUT ROUNDS CAP SECS CLIENTS "NAME REPO STORE [QJ...]" "NAME REPO STORE [QJ...]": ABBA of two arms
# (build, store, JVM options) through tdiag.sh.
OUT=$1; ROUNDS=$2; CAP=$3; SECS=$4; CL=$5; A=$6; B=$7
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="$A|$B"; else order="$B|$A"; fi
  IFS='|' read -r x y <<< "$order"
  for arm in "$x" "$y"; do
    read -r n rp st qj <<< "$arm"
    REPO=$rp STORE=$st QJ="$qj" $T $OUT $n-$r $CAP $SECS $CL | grep -E "QMpH|GC threads|allocated"
  done
done
