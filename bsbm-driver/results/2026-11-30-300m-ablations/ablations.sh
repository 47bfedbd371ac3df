#!/bin/bash
# The design's parts, one off at a time: BSBM 100M, each Quarry server in a 2 GB memory cgroup
# (OS cache dropped before it starts), 16 clients, a new server per configuration.
# ablations.sh OUT [config...]: OUT/<config>/ gets compare.sh's results folder.
OUT=$1; shift
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
cd /work
run() { # NAME [-w W -runs R] compare.sh options...
  local name=$1; shift
  rm -rf bench/results-284826-cap2GB
  "$REPO/bsbm-driver/compare.sh" -pc 284826 --work bench --keep-stores --systems quarry --clients 16 \
    --memory-cap 2GB "$@" > "/tmp/ablation-$name.log" 2>&1
  mkdir -p "$OUT/$name" && cp -r bench/results-284826-cap2GB/. "$OUT/$name/"
  echo "$name $(grep -o 'QMpH [0-9,]*' /tmp/ablation-$name.log | head -1)"
}
want() { [ -z "$CONFIGS" ] || [[ " $CONFIGS " == *" $1 "* ]]; }
CONFIGS="$*"
OFF_RA=(--quarry-set store.read-ahead.extent=false --quarry-set store.read-ahead.batched=false --quarry-set store.read-ahead.sequential=false)
# Without vectored lookups, a query past 60 s is cut (the driver counts it as a timeout).
want all-on && run all-on
want vectored-off && run vectored-off -t 60000 --quarry-java -Dquarry.exec.vectored=false
want vectored-and-readahead-off && run vectored-and-readahead-off -t 60000 --quarry-java -Dquarry.exec.vectored=false "${OFF_RA[@]}"
want extent-readahead-off && run extent-readahead-off --quarry-set store.read-ahead.extent=false
want batched-readahead-off && run batched-readahead-off --quarry-set store.read-ahead.batched=false
want direct-io-on && run direct-io-on --quarry-set store.direct-io=true
# Whole-read tables and top-k walks (which serve Q5's joins from memory) off: what the lookups then do.
WHOLE_OFF="-Dquarry.exec.whole-patterns=false -Dquarry.exec.range-whole=false -Dquarry.exec.walk=false"
want whole-reads-off && run whole-reads-off -w 2 -runs 32 -t 60000 --quarry-java "$WHOLE_OFF"
want whole-reads-and-vectored-off && run whole-reads-and-vectored-off -w 2 -runs 32 -t 60000 \
  --quarry-java "$WHOLE_OFF -Dquarry.exec.vectored=false"
for pool in 256MB 512MB 1GB; do
  want pool-$pool && run pool-$pool --quarry-set store.buffers=$pool
done
