#!/bin/bash
# The queries of mixes 0..N-1 (one per template each, as the driver sends them) on both endpoints:
# row counts and the rows themselves (CSV, sorted) compared.
cd ${DATA:-/work/bench/data-2785}
n=${1:-20}; same=0; diff=0; rows=0
for m in $(seq 0 $((n-1))); do
  rm -rf /tmp/qm; /work/main/bsbm-driver/bsbm queries --mix $m -o /tmp/qm > /dev/null 2>&1
  for f in /tmp/qm/*.rq; do
    acc=text/csv; grep -qE "DESCRIBE|CONSTRUCT" $f && acc=application/n-triples
    a=$(curl -s http://127.0.0.1:7878/sparql --data-urlencode "query@$f" -H "Accept: $acc" | tr -d "\r" | sort)
    b=$(curl -s http://127.0.0.1:7879/sparql --data-urlencode "query@$f" -H "Accept: $acc" | tr -d "\r" | sort)
    if [ "$a" == "$b" ]; then same=$((same+1)); else diff=$((diff+1)); echo "differs: mix $m $(basename $f)"; fi
    rows=$((rows + $(echo "$a" | wc -l) - 1))
  done
done
echo "$same queries with the same answers, $diff different, $rows rows in all"
