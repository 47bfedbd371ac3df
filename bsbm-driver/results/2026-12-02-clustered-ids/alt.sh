#!/bin/bash
# alt.sh OUT ROUNDS SECS CLIENTS "LABEL|STORE|REPO[|JVM options|serve options]" ...: BSBM 100M in a
# 2 GB cgroup, OS cache dropped, a new server per set (../2026-11-30-kept-orders/cold.sh, from the
# build in REPO, with the set's JVM and `quarry serve` options), CLIENTS clients for SECS from the
# start command; odd rounds take the sets in the order given, even rounds in reverse. Runs go to
# OUT/LABEL-ROUND.
OUT=$1; ROUNDS=$2; SECS=$3; CL=$4; shift 4
C=/work/main/bsbm-driver/results/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never
for r in $(seq 1 $ROUNDS); do
  sets=("$@")
  if [ $((r % 2)) = 0 ]; then sets=(); for s in "$@"; do sets=("$s" "${sets[@]}"); done; fi
  for s in "${sets[@]}"; do
    IFS='|' read -r label store repo qj opts <<< "$s"
    QJ="$qj" REPO=$repo STORE=$store PERIOD=5 $C $OUT $label-$r 2GB $SECS $CL $opts 2>&1 | tail -1
  done
done
