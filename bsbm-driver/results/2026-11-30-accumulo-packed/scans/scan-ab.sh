#!/bin/bash
# Scans of many rows, before (c59c4e2 in /work/bench/qbefore) and after packed rows, a new server
# per build, alternating: each query of q.tsv 3 times untimed, then 10 timed (seconds, curl).
# Usage: scan-ab.sh OUT ROUNDS [--set k=v...]
set -u
OUT=$(realpath -m $1); ROUNDS=$2; shift 2; SETS=("$@")
mkdir -p $OUT
for r in $(seq $ROUNDS); do for build in ${ORDER:-before after}; do
  dir=/work/main; [ $build = before ] && dir=/work/bench/qbefore
  pkill -f "quarry.jar serve"; sleep 2
  (cd $dir && nohup ./quarry serve --config /work/bench/acc/quarry.yaml --port 7879 "${SETS[@]}" > $OUT/$build-$r.serve.log 2>&1 &)
  for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:7879/health && break; sleep 1; done
  while IFS=$'\t' read name q; do
    for i in 1 2 3; do curl -s -o /dev/null -H 'Accept: text/csv' --data-urlencode "query=$q" http://127.0.0.1:7879/sparql; done
    ts=""; for i in $(seq 10); do t=$(curl -s -o /dev/null -w '%{time_total}' -H 'Accept: text/csv' --data-urlencode "query=$q" http://127.0.0.1:7879/sparql); ts="$ts $t"; done
    echo "$build r$r $name $(echo $ts | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {printf "min %.3f p50 %.3f max %.3f", a[1], a[int((NR+1)/2)], a[NR]}')" | tee -a $OUT/summary.txt
  done < ${QUERIES:-$(dirname "$0")/q.tsv}
  curl -s http://127.0.0.1:7879/metrics | grep -E '^quarry_accumulo_(requests_total|received_bytes_total)' > $OUT/$build-$r.metrics.txt
done; done
pkill -f "quarry.jar serve"
