#!/bin/bash
# protocol.sh OUT ROUNDS [CAP]: the issue's own measurement, capped (CAP, default 2GB) and uncapped
# on new servers in ABBA order (capped first in odd rounds): one client with the driver's defaults
# (50 warm-up and 500 measured mixes), then 16 clients on the same server (20 warm-up, 500 measured)
# -- "16 clients afterwards", as issue #51 measured its "today" figures. Capped: a memory cgroup
# that counts the page cache, the OS cache dropped; uncapped: the store read into the OS cache
# first, a 4 GB heap and a 6 GB pool (../2026-11-30-jit-share/serve.sh). Typed store, O_DIRECT auto.
OUT=$1; N=$2; CAP=${3:-2GB}
R=${REPO:-/work/main}; B=$R/bsbm-driver
S=${STORE:-/work/bench/quarry-284826-typed}; TD=${IDIR:-/work/bench/data-284826/td-gen}
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 DIO=${DIO:-auto} QUARRY_BUILD=never
. "$R/bsbm-driver/results/2026-11-30-jit-share/serve.sh"
qmph() { python3 -c "import json,glob;print(round(json.load(open(glob.glob('$1/explore-*.json')[0]))['qmph']))"; }
for r in $(seq $N); do
  if [ $((r % 2)) = 1 ]; then order="$CAP 0"; else order="0 $CAP"; fi
  for cap in $order; do
    l=$([ $cap = 0 ] && echo u || echo c)-$r; D=$OUT/$l; mkdir -p $D
    start_server $S "$cap" "$D/server.log"
    wait_for_server
    $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-1" -idir $TD -w 50 -mt 1 -o $D/one --quiet > /dev/null
    $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-16" -idir $TD -w 20 -mt 16 -o $D/sixteen --quiet > /dev/null
    awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$D/io.txt"
    echo "$(( $(date +%s%3N) - started )) ms from the start command to the end" > $D/age.txt
    kill $pid; wait $pid 2>/dev/null
    [ "$cap" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
    echo "$l one $(qmph $D/one) sixteen $(qmph $D/sixteen) $(cat $D/age.txt | cut -d' ' -f1) ms"
  done
done
