#!/bin/bash
# warm16.sh OUT LABEL CAP(0|2GB) WARM RUNS CLIENTS [quarry serve options...]: a new server, WARM warm-up + RUNS measured mixes.
OUT=$1; LABEL=$2; CAP=$3; W=$4; N=$5; C=$6; shift 6
R=/work/bench/qrun; B=$R/bsbm-driver; S=${STORE:-/work/bench/quarry-284826}; TD=${TD:-/work/bench/data-284826/td_data}
D=$OUT/$LABEL; mkdir -p "$D"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
. "$(dirname "$0")/serve.sh"
start_server $S "$CAP" "$D/server.log" "$@"
wait_for_server
nice -n ${DRIVER_NICE:-0} $B/bsbm run http://127.0.0.1:7878/sparql --name "$LABEL" -idir $TD -w $W -runs $N \
  -mt $C -o "$D" --quiet > /dev/null
awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$D/io.txt"
kill $pid; wait $pid 2>/dev/null
[ "$CAP" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
python3 -c "import json,sys; j=json.load(open('$D/explore-$C.json')); print('$LABEL', round(j['qmph']))"
