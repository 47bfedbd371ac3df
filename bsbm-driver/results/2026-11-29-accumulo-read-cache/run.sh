#!/bin/bash
# BSBM 1M Explore over HTTP: paged store vs Accumulo store (mini cluster), same driver, seed, mixes.
set -u
OUT=${OUT:-/work/bench/results-acc}; W=${W:-50}; RUNS=${RUNS:-200}
mkdir -p $OUT
B=/work/main/bsbm-driver/bsbm
pkill -f "quarry.jar serve"; sleep 2
(cd /work/main && ./quarry --version > /dev/null) || exit 1 # build once, not in two launchers at once
cd /work/main
nohup ./quarry serve --location ${PAGED:-/work/bench/quarry-2785} --port 7878 > /tmp/paged-serve.log 2>&1 &
nohup ./quarry serve --config ${ACC:-/work/bench/acc/quarry.yaml} --port 7879 > /tmp/acc-serve.log 2>&1 &
sleep 15
cd ${DATA:-/work/bench/data-2785}
for c in ${CLIENTS:-1 16}; do
  for s in paged:7878 accumulo:7879; do
    n=${s%%:*}; p=${s##*:}
    $B run http://127.0.0.1:$p/sparql -mt $c -w $W -runs $RUNS --quiet --name $n -o $OUT/$n-$c 2>&1 > $OUT/$n-$c.log; grep -E "QMpH" $OUT/$n-$c.log | sed "s/^/$n $c: /"
  done
done
curl -s http://127.0.0.1:7879/metrics | grep -E "^quarry_accumulo_requests_total|^quarry_http_requests_total" > $OUT/accumulo-metrics.txt
pkill -f "quarry.jar serve"
