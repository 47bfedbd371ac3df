#!/bin/bash
# alt.sh OUT ROUNDS SECS CLIENTS "LABEL|JVM OPTIONS|SERVE OPTIONS" ...: BSBM 100M (STORE=, default
# /work/bench/quarry-284826-v3) in a 2 GB cgroup, OS cache dropped, a new server per option set
# (../2026-11-30-kept-orders/cold.sh), CLIENTS clients for SECS from the start command; odd rounds
# take the sets in the order given, even rounds in reverse. Runs go to OUT/LABEL-ROUND.
#   language ids:  alt.sh OUT 2 180 16 "ids||" "off|-Dquarry.exec.language-ids=false|"
#   O_DIRECT:      alt.sh OUT 2 180 16 "direct-false||" "direct-true||--set store.direct-io=true"
OUT=$1; ROUNDS=$2; SECS=$3; CL=$4; shift 4
C=$(cd "$(dirname "$0")/.." && pwd)/2026-11-30-kept-orders/cold.sh
export QUARRY_BUILD=never STORE=${STORE:-/work/bench/quarry-284826-v3}
for r in $(seq 1 $ROUNDS); do
  sets=("$@")
  if [ $((r % 2)) = 0 ]; then sets=(); for s in "$@"; do sets=("$s" "${sets[@]}"); done; fi
  for s in "${sets[@]}"; do
    IFS='|' read -r label qj args <<< "$s"
    PERIOD=5 QJ=$qj $C $OUT $label-$r 2GB $SECS $CL $args 2>&1 | tail -1
  done
done
