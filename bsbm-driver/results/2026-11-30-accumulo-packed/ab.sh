#!/bin/bash
# Packed rows against cell-per-row reads, BSBM on the mini cluster: for each round, each build
# (before = c59c4e2 in /work/bench/qbefore, after = this tree) serves the same store on a new
# server: per-template requests and bytes (pertemplate-bytes.sh), then the Explore mix at 1 and
# 16 clients. Usage: ab.sh OUT ROUNDS CFG [--set k=v...]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1; ROUNDS=$2; CFG=$3; shift 3
SETS=("$@")
B=/work/main/bsbm-driver/bsbm
DATA=${DATA:-/work/bench/data-2785}
mkdir -p $OUT
serve() { # DIR NAME
  pkill -f "quarry.jar serve"; sleep 2
  (cd $1 && nohup ./quarry serve --config $CFG --port 7879 "${SETS[@]}" > $OUT/$2.serve.log 2>&1 &)
  for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:7879/health && return 0; sleep 1; done
  echo "server $2 did not start"; return 1
}
for r in $(seq $ROUNDS); do
  for build in ${ORDER:-before after}; do
    dir=/work/main; [ $build = before ] && dir=/work/bench/qbefore
    name=$build-r$r
    serve $dir $name || exit 1
    [ "${PERTEMPLATE:-1}" = 1 ] && bash $HERE/../2026-11-29-accumulo-round3/pertemplate-bytes.sh http://127.0.0.1:7879 20 $DATA > $OUT/$name.pertemplate.txt
    cd $DATA
    for c in ${CLIENTS:-1 16}; do
      $B run http://127.0.0.1:7879/sparql -mt $c -w ${W:-50} -runs ${RUNS:-200} --quiet --name $name -o $OUT/$name-$c > $OUT/$name-$c.log 2>&1
      echo "$name $c clients: $(grep -E 'QMpH' $OUT/$name-$c.log | head -1)"
    done
    curl -s http://127.0.0.1:7879/metrics | grep -E '^quarry_accumulo_(requests_total|received_bytes_total)' > $OUT/$name.metrics.txt
  done
done
pkill -f "quarry.jar serve"
