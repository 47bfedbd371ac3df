#!/bin/bash
# ab.sh OUT ROUNDS "ENV|JAVA_OPTS|SERVE_ARGS" ...: a new server (the 1M store, REPO= the build) per option set:
# one client 50 + 200 mixes, 300 + 500, 16 clients 50 + 500 (TWICE=1: that twice); C2 time from -XX:+CITime.
set -u
OUT=$(realpath -m $1); R=$2; shift 2; mkdir -p $OUT
for r in $(seq $R); do i=0; for o in "$@"; do i=$((i+1))
  envs=${o%%|*}; rest=${o#*|}; opts=${rest%%|*}; args=""; [ "$rest" != "$opts" ] && args=${rest#*|}
  pkill -f "quarry.jar serve"; sleep 2; sync;
  (cd ${REPO:-/work/main} && env $envs QUARRY_JAVA_OPTS="-XX:+CITime $opts" nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 $args > $OUT/s$i-r$r.log 2>&1 &)
  for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
  cd /work/bench/data-2785
  B=${REPO:-/work/main}/bsbm-driver/bsbm
  $B run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o $OUT/c$i-r$r-w50 > $OUT/c$i-r$r-w50.log 2>&1
  $B run http://127.0.0.1:7878/sparql -mt 1 -w 300 -runs 500 --quiet -o $OUT/c$i-r$r-w300 > $OUT/c$i-r$r-w300.log 2>&1
  $B run http://127.0.0.1:7878/sparql -mt 16 -w 50 -runs 500 --quiet -o $OUT/c$i-r$r-16 > $OUT/c$i-r$r-16.log 2>&1
  [ -n "${TWICE:-}" ] && $B run http://127.0.0.1:7878/sparql -mt 16 -w 50 -runs 500 --quiet -o $OUT/c$i-r$r-16b > $OUT/c$i-r$r-16b.log 2>&1
  pkill -f "quarry.jar serve"; sleep 3
  m=$(grep -o 'QMpH [0-9,]*' $OUT/c$i-r$r-16.log | head -1)
  a=$(grep -o 'QMpH [0-9,]*' $OUT/c$i-r$r-w50.log | head -1); b=$(grep -o 'QMpH [0-9,]*' $OUT/c$i-r$r-w300.log | head -1)
  echo "r$r c$i [$o] w50 $a | w300 $b | 16c $m | 16b $(grep -o "QMpH [0-9,]*" $OUT/c$i-r$r-16b.log 2>/dev/null | head -1) | $(grep -m1 -o 'C2 Compile Time: *[0-9.]* s' $OUT/s$i-r$r.log)"
done; done
