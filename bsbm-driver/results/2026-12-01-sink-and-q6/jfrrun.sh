#!/bin/bash
# jfrrun.sh OUT W RUNS [serve args]: one server with JFR (profile), Q6 mix, 1 client
set -u
OUT=$1; W=$2; RUNS=$3; shift 3; mkdir -p $OUT
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
QUARRY_JAVA_OPTS="-Xmx4g -XX:StartFlightRecording=settings=profile,filename=$OUT/rec.jfr" /work/main/quarry serve --location /work/bench/q6/quarry-2785 --port 7878 --set store.buffers=1GB --set store.direct-io=false "$@" > $OUT/server.log 2>&1 &
pid=$!
for i in $(seq 100); do curl -sf http://127.0.0.1:7878/health >/dev/null && break; sleep 0.3; done
BSBM_JAVA_OPTS="-Xmx1g" /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql --name Quarry -idir /work/bench/q6/data-2785/td_data -w $W -runs $RUNS -mt 1 -ucf exploreQ6 -o $OUT/r --quiet 2>&1 | grep QMpH
jpid=$(pgrep -f 'quarry.*serve --location /work/bench/q6' | head -1)
$JAVA_HOME/bin/jcmd $(pgrep -f 'sparql-server.*jar.*serve' | head -1) JFR.dump filename=$OUT/rec.jfr >/dev/null
kill $pid; wait $pid 2>/dev/null
