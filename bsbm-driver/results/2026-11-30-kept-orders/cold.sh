#!/bin/bash
# cold.sh OUT LABEL CAP(0|2GB) SECONDS CLIENTS [quarry serve options...]
# A new server on BSBM 100M (STORE=, default /work/bench/quarry-284826), CLIENTS clients from the start command for
# SECONDS, QMpH per 10 s (PERIOD=); IDIR= the driver's data of another scale; QJ= sets JVM options (-Dquarry.exec.order-files=false: no kept orders).
# Writes OUT/LABEL/: the driver's report, the server log, its device reads and /metrics.
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; CLIENTS=$5; shift 5
R=${REPO:-/work/main}; B=$R/bsbm-driver; S=${STORE:-/work/bench/quarry-284826}
D=$OUT/$LABEL; mkdir -p "$D"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
. "$(dirname "$0")/../2026-11-30-jit-share/serve.sh"
start_server $S "$CAP" "$D/server.log" "$@"
wait_for_server
$B/bsbm run http://127.0.0.1:7878/sparql --name "$LABEL" -idir ${IDIR:-/work/bench/data-284826/td-gen} -w 0 \
  -runs ${RUNS:-100000} -mt "$CLIENTS" --duration "$SECS" --period ${PERIOD:-10} --started-at "$started" -o "$D" --quiet
awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$D/io.txt"
curl -s --max-time 10 http://127.0.0.1:7878/metrics | grep -E '^quarry_(buffer|terms|process)_' > "$D/metrics.txt"
kill $pid; wait $pid 2>/dev/null
[ "$CAP" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
grep -h "objects' order" "$D/server.log" | sed 's/^/  /'
python3 - "$D" <<'PY'
import json,sys,glob
d=sys.argv[1]; j=json.load(open(glob.glob(d+'/explore-*.json')[0]))
print(d, 'QMpH', round(j.get('qmph',0)))
PY
