#!/bin/bash
# ab.sh OUT ROUNDS CAP SECS CLIENTS: tdiag runs alternating this build (new) and another (base: BASE=, a
# worktree of b96becb built with ./mvnw package -DskipTests).
OUT=$1; ROUNDS=$2; CAP=$3; SECS=$4; CL=$5
export STORE=${STORE:-/work/bench/quarry-284826-side}
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for v in $order; do
    if [ $v = new ]; then R=/work/main; else R=${BASE:-/work/bench/s48/base}; fi
    REPO=$R "$(dirname "$0")"/tdiag.sh $OUT $v-$r $CAP $SECS $CL | grep -E "QMpH|total|GC threads|allocated"
  done
done
