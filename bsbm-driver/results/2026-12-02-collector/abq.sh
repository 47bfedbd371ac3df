#!/bin/bash
# abq.sh OUT ROUNDS CAP SECS CLIENTS "LABEL|JVM options|serve options[|store]" ...: tdiag runs on this
# build, alternating the sets (reversed in even rounds); a set's store, if given, instead of STORE.
OUT=$1; ROUNDS=$2; CAP=$3; SECS=$4; CL=$5; shift 5
export STORE=${STORE:-/work/bench/quarry-284826-side}
for r in $(seq 1 $ROUNDS); do
  sets=("$@")
  if [ $((r % 2)) = 0 ]; then sets=(); for s in "$@"; do sets=("$s" "${sets[@]}"); done; fi
  for s in "${sets[@]}"; do
    IFS='|' read -r label qj opts store <<< "$s"
    STORE=${store:-$STORE} QJ="$qj" "$(dirname "$0")"/tdiag.sh $OUT $label-$r $CAP $SECS $CL $opts | grep -E "QMpH|total|GC threads|allocated"
  done
done
