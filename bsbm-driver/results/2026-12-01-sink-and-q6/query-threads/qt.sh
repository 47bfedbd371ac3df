#!/bin/bash
# 16 clients on the 1M store, a new server per setting: 50 + 500 mixes twice (the second warm)
OUT=$1; R=$2; shift 2; mkdir -p $OUT
for r in $(seq $R); do for t in "$@"; do
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 --set server.query-threads=$t > $OUT/s$t-r$r.log 2>&1 &)
  for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
  cd /work/bench/data-2785
  for k in a b; do /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -mt 16 -w 50 -runs 500 --quiet -o $OUT/c$t-r$r-$k > $OUT/c$t-r$r-$k.log 2>&1; done
  echo "threads $t r$r: $(grep -o 'QMpH [0-9,]*' $OUT/c$t-r$r-a.log | head -1) then $(grep -o 'QMpH [0-9,]*' $OUT/c$t-r$r-b.log | head -1)"
done; done
pkill -f "quarry.jar serve"
