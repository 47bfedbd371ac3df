#!/bin/bash
# (bsbm-driver/results/2026-11-30-100m-vs-10m; the stores: 100M loaded by `bsbm generate -pc 284826 -o - | quarry load --location /work/bench/q100 -`, 10M by compare.sh -pc 28480)
# Warm per template, one client, new server: 100M then 10M, same build, same session.
set -u
run() { # STORE TD NAME
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && nohup ./quarry serve --location $1 --port 7878 > /work/bench/scale/$3.serve.log 2>&1 &)
  for i in $(seq 120); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
  cd $(dirname $2) && /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -idir $(basename $2) -mt 1 -w 300 -runs 500 --quiet --name $3 -o /work/bench/scale/$3 > /work/bench/scale/$3.log 2>&1
  echo "$3 $(grep -m1 -o 'QMpH [0-9,]*' /work/bench/scale/$3.log)"
}
mkdir -p /work/bench/scale
run /work/bench/q100 /work/bench/data-284826/td-new 100m-a
run /work/bench/cmp/quarry-28480 /work/bench/cmp/data-28480/td_data 10m-a
run /work/bench/q100 /work/bench/data-284826/td-new 100m-b
run /work/bench/cmp/quarry-28480 /work/bench/cmp/data-28480/td_data 10m-b
pkill -f "quarry.jar serve"
