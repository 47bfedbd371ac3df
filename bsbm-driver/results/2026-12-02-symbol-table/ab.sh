#!/bin/bash
# ab.sh OUT ROUNDS SECS CLIENTS: the store of uncoded records (paged-v4, upgraded; A=) and the one of
# coded records (B=), each on a new server in a CAP (default 2GB; 0: uncapped) cgroup, alternating
# (even rounds reversed); tdiag.sh's run.
OUT=$1; N=$2; SECS=$3; CL=$4
T=$(dirname "$0")/../2026-12-02-collector/tdiag.sh
A=${A:-/work/bench/quarry-284826-v4}; B=${B:-/work/bench/quarry-284826-coded}
for r in $(seq $N); do
  if [ $((r % 2)) = 1 ]; then order="v4 coded"; else order="coded v4"; fi
  for s in $order; do
    l=$s$CL-$r
    STORE=$([ $s = v4 ] && echo $A || echo $B) timeout 600 $T $OUT $l ${CAP:-2GB} $SECS $CL > /dev/null 2>&1
    echo "$l $(python3 -c "import json,glob;print(round(json.load(open(glob.glob('$OUT/$l/explore-*.json')[0]))['qmph']))")"
  done
done
