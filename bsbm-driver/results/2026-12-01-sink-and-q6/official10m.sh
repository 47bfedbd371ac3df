#!/bin/bash
# official10m.sh OUT: BSBM 10M, the original test driver, one client: Quarry (its 10M store, new server)
# then Oxigraph (its optimized 10M store, new server): -w 50 -runs 200, then -w 300 -runs 500 on the same server.
set -u
OUT=$(realpath -m $1); mkdir -p $OUT
D=/work/main/bsbm-driver/official-driver.sh
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
pkill -f "quarry.jar serve"; sleep 1
(cd /work/main && nohup ./quarry serve --location /work/bench/q6-10m/quarry-28480 --port 7878 > $OUT/quarry-serve.log 2>&1 &)
for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
$D -pc 28480 -w 50 -runs 200 -o $OUT/quarry http://127.0.0.1:7878/sparql > $OUT/quarry-w50.log 2>&1
$D -pc 28480 -w 300 -runs 500 -o $OUT/quarry http://127.0.0.1:7878/sparql > $OUT/quarry-w300.log 2>&1
pkill -f "quarry.jar serve"; sleep 2
/work/bench/q6-10m/peers/oxigraph-venv/bin/oxigraph serve --location /work/bench/q6-10m/oxigraph-28480 --bind 127.0.0.1:7879 > $OUT/oxigraph-serve.log 2>&1 &
opid=$!
for _ in $(seq 240); do curl -s -o /dev/null "http://127.0.0.1:7879/query?query=ASK%7B%7D" && break; sleep 0.25; done
$D -pc 28480 -w 50 -runs 200 -o $OUT/oxigraph http://127.0.0.1:7879/query > $OUT/oxigraph-w50.log 2>&1
$D -pc 28480 -w 300 -runs 500 -o $OUT/oxigraph http://127.0.0.1:7879/query > $OUT/oxigraph-w300.log 2>&1
kill $opid; wait $opid 2>/dev/null
grep -H '^| QMpH' $OUT/*.log
