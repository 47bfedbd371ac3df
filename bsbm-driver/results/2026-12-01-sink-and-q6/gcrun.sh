#!/bin/bash
# gcrun.sh OUT "QUARRY_JAVA_OPTS" "BSBM_JAVA_OPTS" W RUNS : one server, Q6 mix, GC logs both sides
set -u
OUT=$1; mkdir -p $OUT
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
QUARRY_JAVA_OPTS="-Xmx4g $2 -Xlog:gc*=debug:file=$OUT/server-gc.log" /work/main/quarry serve --location /work/bench/q6/quarry-2785 --port 7878 --set store.buffers=1GB --set store.direct-io=false > $OUT/server.log 2>&1 &
pid=$!
for i in $(seq 100); do curl -sf http://127.0.0.1:7878/health >/dev/null && break; sleep 0.3; done
BSBM_JAVA_OPTS="-Xmx1g $3 -Xlog:gc:file=$OUT/driver-gc.log" /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql --name Quarry -idir /work/bench/q6/data-2785/td_data -w $4 -runs $5 -mt 1 -ucf exploreQ6 -o $OUT/r --quiet 2>&1 | tail -3
kill $pid; wait $pid 2>/dev/null
grep -c Pause $OUT/server-gc.log $OUT/driver-gc.log
