#!/bin/bash
# ab1m.sh OUT ROUNDS "LABEL|STORE" ...: BSBM 1M, a new server per store, alternating (even rounds in
# reverse): one client 50 + 200 mixes (a newcomer's run), then 300 + 500 (warm), then 16 clients
# 50 + 500. The two stores hold the same data, loaded with and without IRIs in ids:
#   quarry load --location /work/bench/quarry-2785-v4 /work/bench/data-2785/dataset.nt
#   QUARRY_JAVA_OPTS=-Dquarry.store.iri-ids=false quarry load --location /work/bench/quarry-2785-rec ...
set -u
OUT=$(realpath -m $1); R=$2; shift 2; mkdir -p $OUT
export QUARRY_BUILD=never
B=${REPO:-/work/main}/bsbm-driver/bsbm
for r in $(seq $R); do
  sets=("$@")
  if [ $((r % 2)) = 0 ]; then sets=(); for s in "$@"; do sets=("$s" "${sets[@]}"); done; fi
  for o in "${sets[@]}"; do
    IFS='|' read -r label store <<< "$o"
    pkill -f "quarry.jar serve"; sleep 2; sync
    (cd ${REPO:-/work/main} && nohup ./quarry serve --location $store --port 7878 > $OUT/$label-r$r.server.log 2>&1 &)
    for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
    cd /work/bench/data-2785
    $B run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o $OUT/$label-r$r-w50 > $OUT/$label-r$r-w50.log 2>&1
    $B run http://127.0.0.1:7878/sparql -mt 1 -w 300 -runs 500 --quiet -o $OUT/$label-r$r-w300 > $OUT/$label-r$r-w300.log 2>&1
    $B run http://127.0.0.1:7878/sparql -mt 16 -w 50 -runs 500 --quiet -o $OUT/$label-r$r-16 > $OUT/$label-r$r-16.log 2>&1
    pkill -f "quarry.jar serve"; sleep 3
    q() { grep -o 'QMpH [0-9,]*' $1 | head -1; }
    echo "r$r $label w50 $(q $OUT/$label-r$r-w50.log) | w300 $(q $OUT/$label-r$r-w300.log) | 16c $(q $OUT/$label-r$r-16.log)"
  done
done
