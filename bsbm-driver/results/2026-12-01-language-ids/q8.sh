#!/bin/bash
# q8.sh OUT ROUNDS RUNS CLIENTS: BSBM 100M, Q8 alone (a mix of ten Q8s, RUNS mixes, the driver's
# seed: the same products each time), a new server in a 2 GB cgroup on the OS cache dropped, no
# warm-up; alternating filters on lang() decided on ids and -Dquarry.exec.language-ids=false (each
# text read for its tag). Per run: the driver's report, the server's device reads and /metrics.
OUT=$(realpath -m $1); ROUNDS=${2:-2}; RUNS=${3:-300}; CL=${4:-16}
R=${REPO:-/work/main}; B=$R/bsbm-driver; S=${STORE:-/work/bench/quarry-284826-v3}
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 QUARRY_BUILD=never
Q=$OUT/queries; mkdir -p $Q/usecases/q8
cp -r $B/src/main/resources/dev/quarry/bsbm/queries $Q/
echo "8 8 8 8 8 8 8 8 8 8" > $Q/queries/explore/querymix-q8.txt
echo "querymix=queries/explore querymix-q8.txt" > $Q/usecases/q8/sparql.txt
. "$(dirname "$0")/../2026-11-30-jit-share/serve.sh"
for r in $(seq 1 $ROUNDS); do
  if [ $((r % 2)) = 1 ]; then order="ids off"; else order="off ids"; fi
  for k in $order; do
    D=$OUT/$k-$r; mkdir -p $D
    if [ $k = ids ]; then QJ=; else QJ=-Dquarry.exec.language-ids=false; fi
    start_server $S 2GB $D/server.log
    wait_for_server
    $B/bsbm run http://127.0.0.1:7878/sparql --queries $Q -ucf q8 -idir /work/bench/data-284826/td-gen \
      -w 0 -runs $RUNS -mt $CL -o $D --quiet > $D/driver.txt 2>&1
    awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > $D/io.txt
    curl -s --max-time 10 http://127.0.0.1:7878/metrics | grep -E '^quarry_(buffer|terms|process)_' > $D/metrics.txt
    kill $pid; wait $pid 2>/dev/null
    $B/memcap.sh --remove quarry-bench-exp
    python3 "$(dirname "$0")/summary.py" $D
  done
done
