#!/bin/bash
# pair.sh OUT ROUNDS SECS CLIENTS: capped (CAP=, default 2GB) and uncapped, alternating (even rounds
# reversed)
OUT=$1; N=$2; SECS=$3; CL=$4
T=$(dirname "$0")/../2026-12-02-collector/tdiag.sh
export STORE=${STORE:-/work/bench/quarry-284826-side}
for r in $(seq $N); do
  if [ $((r % 2)) = 1 ]; then order="${CAP:-2GB} 0"; else order="0 ${CAP:-2GB}"; fi
  for cap in $order; do
    l=$([ $cap = 0 ] && echo u || echo c)$CL-$r
    timeout 600 $T $OUT $l $cap $SECS $CL > /dev/null 2>&1
    echo "$l $(python3 -c "import json,glob;print(round(json.load(open(glob.glob('$OUT/$l/explore-*.json')[0]))['qmph']))")"
  done
done
