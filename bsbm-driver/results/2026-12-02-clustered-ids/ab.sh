#!/bin/bash
# ab.sh OUT ROUNDS DATA "LABEL|STORE|REPO" ...: BSBM uncapped, a new server per set, alternating (even
# rounds in reverse): one client 50 + 200 mixes, then 16 clients 20 + 200 mixes.
set -u
OUT=$(realpath -m $1); R=$2; DATA=$3; shift 3; mkdir -p $OUT
export QUARRY_BUILD=never JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
B=/work/main/bsbm-driver/bsbm
for r in $(seq $R); do
  sets=("$@")
  if [ $((r % 2)) = 0 ]; then sets=(); for s in "$@"; do sets=("$s" "${sets[@]}"); done; fi
  for o in "${sets[@]}"; do
    IFS='|' read -r label store repo <<< "$o"
    pkill -f "quarry.jar serve"; sleep 2; sync
    (cd $repo && nohup ./quarry serve --location $store --port 7878 > $OUT/$label-r$r.server.log 2>&1 &)
    for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
    cd $DATA
    $B run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o $OUT/$label-r$r-w50 > $OUT/$label-r$r-w50.log 2>&1
    $B run http://127.0.0.1:7878/sparql -mt 16 -w 20 -runs 200 --quiet -o $OUT/$label-r$r-16 > $OUT/$label-r$r-16.log 2>&1
    pkill -f "quarry.jar serve"; sleep 3
    q() { grep -o 'QMpH [0-9,]*' $1 | head -1; }
    echo "r$r $label w50 $(q $OUT/$label-r$r-w50.log) | 16c $(q $OUT/$label-r$r-16.log)"
  done
done
