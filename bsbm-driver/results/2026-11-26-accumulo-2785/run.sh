#!/bin/bash
# BSBM 1M Explore over HTTP: the paged store and the Accumulo store (MiniAccumuloCluster, 2 tablet
# servers), the same driver, seed and mixes; 1 and 16 clients.
set -u
cd /work/cmp/data-2785
B=/work/main/bsbm-driver/bsbm
out=${OUT:-/work/cmp/results-acc}
mkdir -p $out
run() { # name url clients warm runs
  $B run "$2" -mt $3 -w $4 -runs $5 --quiet --name "$1" -o $out/$1-$3 2>&1 | grep -E "QMpH"
}
pkill -f "quarry.jar serve"; sleep 2
cd /work/main
nohup ./quarry serve --location /work/cmp/quarry-2785 --port 7878 > /tmp/paged-serve.log 2>&1 &
nohup ./quarry serve --config /work/cmp/acc/quarry.yaml --port 7879 > /tmp/acc-serve.log 2>&1 &
sleep 15
cd /work/cmp/data-2785
for c in 1 16; do
  run paged http://127.0.0.1:7878/sparql $c 50 200
  run accumulo http://127.0.0.1:7879/sparql $c 50 200
done
curl -s http://127.0.0.1:7879/metrics | grep -E "^quarry_accumulo_requests_total|^quarry_http_requests_total|^quarry_query" > $out/accumulo-metrics.txt
