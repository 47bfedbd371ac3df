#!/bin/bash
# warm1m-switch.sh OUT ROUNDS: BSBM 1M (/work/bench/quarry-2785-v3, loaded by this build), new servers
# alternating filters on lang() decided on ids and -Dquarry.exec.language-ids=false: one client
# 50 + 200 mixes (a newcomer's), then 300 + 500 (warm); per template from the JSON (summary.py).
set -u
OUT=$(realpath -m $1); ROUNDS=${2:-2}; R=${REPO:-/work/main}; B=$R/bsbm-driver/bsbm
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 QUARRY_BUILD=never
mkdir -p $OUT
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="ids off"; else order="off ids"; fi
  for k in $order; do
    label=$k-$r; qj=; [ $k = off ] && qj=-Dquarry.exec.language-ids=false
    QUARRY_JAVA_OPTS="$qj" $R/quarry serve --location /work/bench/quarry-2785-v3 --port 7878 > $OUT/$label.log 2>&1 &
    pid=$!
    for _ in $(seq 240); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
    (cd /work/bench/data-2785 && $B run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o $OUT/$label-w50 > $OUT/$label-w50.txt 2>&1
     $B run http://127.0.0.1:7878/sparql -mt 1 -w 300 -runs 500 --quiet -o $OUT/$label-w300 > $OUT/$label-w300.txt 2>&1)
    kill $pid; wait $pid 2>/dev/null
    python3 "$(dirname "$0")/summary.py" $OUT/$label-w50 $OUT/$label-w300
  done
done
