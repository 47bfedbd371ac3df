#!/bin/bash
# One Quarry server behind HAProxy (the balancer's own cost), same mixes as balance-run.sh.
set -u
OUT=${OUT:-/work/bench/results-balance-w300}; W=${W:-300}; RUNS=${RUNS:-200}; CFG=${CFG:-/work/bench/acc2/q1mnew3.yaml}
B=/work/main/bsbm-driver/bsbm
pkill -f "quarry.jar serve"; pkill haproxy; sleep 2
cd /work/main
nohup ./quarry serve --config $CFG --port 7882 > /tmp/onebehind.log 2>&1 &
sleep 30
nohup store-accumulo/balancer.sh 7879 127.0.0.1:7882 > /tmp/balancer1.log 2>&1 &
sleep 3
cd /work/bench/data-2785
for c in 1 16; do
  $B run http://127.0.0.1:7879/sparql -mt $c -w $W -runs $RUNS --quiet --name onebehind -o $OUT/onebehind-$c > $OUT/onebehind-$c.log 2>&1; grep -E "QMpH" $OUT/onebehind-$c.log | sed "s/^/one server behind HAProxy, $c clients: /"
done
pkill -f "quarry.jar serve"; pkill haproxy
