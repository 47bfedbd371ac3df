#!/bin/bash
# BSBM 1M Explore over HTTP on the mini cluster: one Quarry server, then two behind HAProxy
# (store-accumulo/balancer.sh), each server new; same driver, seed and mixes. Answers of the
# balancer compared to the one server's on 20 mixes (same-answers.sh: 7878 vs 7879).
set -u
OUT=${OUT:-/work/bench/results-balance}; W=${W:-50}; RUNS=${RUNS:-200}; CFG=${CFG:-/work/bench/acc2/q1mnew3.yaml}
mkdir -p $OUT
B=/work/main/bsbm-driver/bsbm
pkill -f "quarry.jar serve"; pkill haproxy; sleep 2
cd /work/main && ./quarry --version > /dev/null || exit 1
nohup ./quarry serve --config $CFG --port 7881 > /tmp/one-serve.log 2>&1 &
sleep 30
cd ${DATA:-/work/bench/data-2785}
for c in ${CLIENTS:-1 16}; do
  $B run http://127.0.0.1:7881/sparql -mt $c -w $W -runs $RUNS --quiet --name one -o $OUT/one-$c > $OUT/one-$c.log 2>&1; grep -E "QMpH" $OUT/one-$c.log | sed "s/^/one server, $c clients: /"
done
pkill -f "quarry.jar serve"; sleep 3
cd /work/main
nohup ./quarry serve --config $CFG --port 7882 > /tmp/two-a.log 2>&1 &
nohup ./quarry serve --config $CFG --port 7883 > /tmp/two-b.log 2>&1 &
sleep 40
nohup store-accumulo/balancer.sh 7879 127.0.0.1:7882 127.0.0.1:7883 > /tmp/balancer.log 2>&1 &
sleep 3
cd ${DATA:-/work/bench/data-2785}
for c in ${CLIENTS:-1 16}; do
  $B run http://127.0.0.1:7879/sparql -mt $c -w $W -runs $RUNS --quiet --name two -o $OUT/two-$c > $OUT/two-$c.log 2>&1; grep -E "QMpH" $OUT/two-$c.log | sed "s/^/two servers behind HAProxy, $c clients: /"
done
curl -s "http://127.0.0.1:7879/haproxy?stats;csv" | cut -d, -f1,2,8 | grep quarry > $OUT/haproxy-shares.csv
cat $OUT/haproxy-shares.csv
# answers: the balancer against a server of its own (the one-server set-up again on 7878)
cd /work/main && nohup ./quarry serve --config $CFG --port 7878 > /tmp/ref-serve.log 2>&1 &
sleep 30
bash /work/bench/same-answers.sh 20 | tail -3 | tee $OUT/same-answers.txt
pkill -f "quarry.jar serve"; pkill haproxy
