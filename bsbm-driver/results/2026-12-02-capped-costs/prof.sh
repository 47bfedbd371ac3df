#!/bin/bash
# prof.sh OUT LABEL CAP CLIENTS: a 100 s run with perf record of the server from 40 to 70 s
OUT=$1; L=$2; CAP=$3; CL=$4
export STORE=${STORE:-/work/bench/quarry-284826-side}
export QJ="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer"
T=$(dirname "$0")/../2026-12-02-collector/tdiag.sh
(timeout 600 $T $OUT $L $CAP 100 $CL > $OUT/$L.log 2>&1 &)
sleep 5
pid=; for _ in $(seq 60); do pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1); [ -n "$pid" ] && break; sleep 1; done
sleep 35
curl -s http://127.0.0.1:7878/metrics | grep -E '^quarry_sparql_query_seconds_count' > $OUT/$L.q0
perf record -F 499 -g -p $pid -o $OUT/$L.perf -- sleep 30 > /dev/null 2>&1
curl -s http://127.0.0.1:7878/metrics | grep -E '^quarry_sparql_query_seconds_count' > $OUT/$L.q1
echo $pid > $OUT/$L.pid
while pgrep -f -- '-jar .*quarry\.jar serve' > /dev/null; do sleep 2; done
sleep 2
