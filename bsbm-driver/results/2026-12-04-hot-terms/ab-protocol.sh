#!/bin/bash
# ab-protocol.sh OUT ROUNDS [CAP] [FIRST]: the issue's own measurement (../2026-12-04-issue-protocol/protocol.sh:
# one client, 50 warm-up and 500 mixes, then 16 clients, 20 and 500, on one new server) on capped
# servers only, this change (/work/main, "new") against its parent (/work/bench/alt, "base") in
# ABBA order, rounds FIRST (default 1) to FIRST+ROUNDS-1.
OUT=$1; N=$2; CAP=${3:-2GB}; FIRST=${4:-1}
S=${STORE:-/work/bench/quarry-284826-typed}; TD=${IDIR:-/work/bench/data-284826/td-gen}
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 DIO=${DIO:-auto} QUARRY_BUILD=never
qmph() { python3 -c "import json,glob;print(round(json.load(open(glob.glob('$1/explore-*.json')[0]))['qmph']))"; }
for r in $(seq $FIRST $((FIRST + N - 1))); do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for a in $order; do
    R=$([ $a = new ] && echo /work/main || echo /work/bench/alt); B=$R/bsbm-driver
    . "$R/bsbm-driver/results/2026-11-30-jit-share/serve.sh"
    l=$a-$r; D=$OUT/$l; mkdir -p $D
    start_server $S "$CAP" "$D/server.log"
    wait_for_server
    $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-1" -idir $TD -w 50 -mt 1 -o $D/one --quiet > /dev/null
    $B/bsbm run http://127.0.0.1:7878/sparql --name "$l-16" -idir $TD -w 20 -mt 16 -o $D/sixteen --quiet > /dev/null
    awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$D/io.txt"
    kill $pid; wait $pid 2>/dev/null
    $B/memcap.sh --remove quarry-bench-exp
    echo "$l one $(qmph $D/one) sixteen $(qmph $D/sixteen)"
  done
done
