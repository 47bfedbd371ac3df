#!/bin/bash
# pertemplate.sh OUT LABEL CAP(0|2GB) SECS_WARM SECS_EACH CLIENTS [quarry serve options...]
# One new server on BSBM 100M (STORE=), as ../2026-11-30-jit-share/serve.sh starts it: the Explore
# mix for SECS_WARM from the start command, then each template alone (a use case whose mix is that
# template five times, made here from the driver's own copies) for SECS_EACH, with /metrics before
# and after each. pt.py OUT/LABEL prints device KB, pool misses and term-file reads per query.
OUT=$1; LABEL=$2; CAP=$3; SW=$4; SE=$5; CL=$6; shift 6
R=${REPO:-/work/main}; B=$R/bsbm-driver; S=${STORE:-/work/bench/quarry-284826-side}
TD=${TD:-/work/bench/data-284826/td-gen}
D=$OUT/$LABEL; mkdir -p "$D"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 QUARRY_BUILD=never
Q=$(mktemp -d); trap 'rm -rf "$Q"' EXIT
for t in 1 2 3 4 5 7 8 9 10 11 12; do
  mkdir -p "$Q/$t/usecases/explore"
  cp -r "$B/src/main/resources/dev/quarry/bsbm/queries" "$Q/$t/"
  echo "querymix=queries/explore" > "$Q/$t/usecases/explore/sparql.txt"
  echo "$t $t $t $t $t" > "$Q/$t/queries/explore/querymix.txt"
done
. "$B/results/2026-11-30-jit-share/serve.sh"
start_server "$S" "$CAP" "$D/server.log" "$@"
wait_for_server
metrics() { curl -s --max-time 10 http://127.0.0.1:7878/metrics | grep -E '^quarry_(buffer|terms|process)_' > "$1"; }
$B/bsbm run http://127.0.0.1:7878/sparql --name warm -idir "$TD" -w 0 -runs 100000 -mt "$CL" \
  --duration "$SW" --period 10 --started-at "$started" -o "$D/warm" --quiet
for t in 1 2 3 4 5 7 8 9 10 11 12; do
  metrics "$D/m-$t-before.txt"
  $B/bsbm run http://127.0.0.1:7878/sparql --name "t$t" -idir "$TD" -w 0 -seed $((1000 + t)) \
    -runs 100000 -mt "$CL" --duration "$SE" --period 10 --queries "$Q/$t" -o "$D/t$t" --quiet
  metrics "$D/m-$t-after.txt"
done
kill $pid; wait $pid 2>/dev/null
[ "$CAP" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
