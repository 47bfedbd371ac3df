#!/bin/bash
# One Quarry server against two behind HAProxy (store-accumulo/balancer.sh), new servers each
# round, alternating; the same driver, seed and mixes. Usage: two-ab.sh OUT ROUNDS CFG [--set k=v...]
# (env W, RUNS, CLIENTS, DATA as in ../2026-11-30-accumulo-packed/ab.sh)
set -u
OUT=$(realpath -m $1); ROUNDS=$2; CFG=$3; shift 3; SETS=("$@")
B=/work/main/bsbm-driver/bsbm; DATA=${DATA:-/work/bench/data-2785}
mkdir -p $OUT
stop() { pkill -f "quarry.jar serve"; pkill haproxy; sleep 2; }
serve() { # PORT NAME
  (cd /work/main && nohup ./quarry serve --config $CFG --port $1 "${SETS[@]}" > $OUT/$2.serve.log 2>&1 &)
}
up() { for i in $(seq 90); do curl -s -o /dev/null http://127.0.0.1:$1/health && return 0; sleep 1; done; return 1; }
run() { # PORT NAME
  cd $DATA
  for c in ${CLIENTS:-1 16}; do
    $B run http://127.0.0.1:$1/sparql -mt $c -w ${W:-50} -runs ${RUNS:-200} --quiet --name $2 -o $OUT/$2-$c > $OUT/$2-$c.log 2>&1
    echo "$2 $c clients: $(grep -m1 QMpH $OUT/$2-$c.log)"
  done
}
for r in $(seq $ROUNDS); do
  for setup in ${ORDER:-one two}; do
    stop
    if [ $setup = one ]; then
      serve 7881 one-r$r; up 7881 || exit 1; run 7881 one-r$r
    else
      serve 7882 two-a-r$r; serve 7883 two-b-r$r; up 7882 && up 7883 || exit 1
      (cd /work/main && nohup store-accumulo/balancer.sh 7879 127.0.0.1:7882 127.0.0.1:7883 > $OUT/balancer-r$r.log 2>&1 &)
      up 7879 || exit 1; run 7879 two-r$r
      curl -s "http://127.0.0.1:7879/haproxy?stats;csv" | cut -d, -f1,2,8 | grep quarry > $OUT/two-r$r.shares.csv
    fi
  done
done
stop
