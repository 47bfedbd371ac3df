#!/bin/bash
# qtc.sh OUT ROUNDS T...: compare.sh's protocol for Quarry alone at 1M (a new server: one client 50 + 200,
# then 16 clients 50 + 200), per query-thread count, alternating
OUT=$(realpath -m $1); R=$2; shift 2; mkdir -p $OUT
for r in $(seq $R); do for t in "$@"; do
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && QUARRY_JAVA_OPTS=-Xmx4g nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 --set server.query-threads=$t > $OUT/s$t-r$r.log 2>&1 &)
  for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
  cd /work/bench/data-2785
  for c in 1 16; do /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -mt $c -w 50 -runs 200 --quiet -o $OUT/c$t-r$r-$c > $OUT/c$t-r$r-$c.log 2>&1; done
  echo "threads $t r$r: 1c $(grep -o 'QMpH [0-9,]*' $OUT/c$t-r$r-1.log | head -1) 16c $(grep -o 'QMpH [0-9,]*' $OUT/c$t-r$r-16.log | head -1)"
done; done
pkill -f "quarry.jar serve"
