#!/bin/bash
# ab.sh OUT ROUNDS CAP SECS CLIENTS NAME_A REPO_A NAME_B REPO_B [serve opts]: tdiag runs alternating two
# builds (ABBA), on STORE.
OUT=$1; ROUNDS=$2; CAP=$3; SECS=$4; CL=$5; NA=$6; RA=$7; NB=$8; RB=$9; shift 9
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="A B"; else order="B A"; fi
  for x in $order; do
    if [ $x = A ]; then n=$NA; rp=$RA; else n=$NB; rp=$RB; fi
    REPO=$rp $T $OUT $n-$r $CAP $SECS $CL "$@" | grep -E "QMpH|GC threads|allocated"
  done
done
