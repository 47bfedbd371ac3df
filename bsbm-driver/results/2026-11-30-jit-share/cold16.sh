#!/bin/bash
# cold16.sh OUT LABEL CAP(0|2GB) SECONDS [quarry serve options...]
# A new server on BSBM 100M, 16 clients from the start command for SECONDS, with the CPU seconds of
# the JIT's compiler threads and of the whole process per 10 s (cpu.tsv).
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; shift 4
R=/work/bench/qrun; B=$R/bsbm-driver; S=/work/bench/quarry-284826
D=$OUT/$LABEL; mkdir -p "$D"
WARM=$R/bsbm-driver/results/2026-11-30-300m-ablations/100m-cap2GB/Quarry/explore-16.json
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
. "$(dirname "$0")/serve.sh"
start_server $S "$CAP" "$D/server.log" "$@"
(
  printf 't\tC1 s\tC2 s\tprocess s\n'
  t0=$(date +%s)
  while kill -0 $pid 2>/dev/null; do
    c1=0; c2=0
    for t in /proc/$pid/task/*; do
      n=$(cat $t/comm 2>/dev/null)
      v=$(awk '{print $14+$15}' $t/stat 2>/dev/null || echo 0)
      case "$n" in "C1 Compiler"*) c1=$((c1+v));; "C2 Compiler"*) c2=$((c2+v));; esac
    done
    p=$(awk '{print $14+$15}' /proc/$pid/stat 2>/dev/null || echo 0)
    printf '%s\t%.1f\t%.1f\t%.1f\n' $(( $(date +%s) - t0 )) $(echo "$c1/100" | bc -l) $(echo "$c2/100" | bc -l) $(echo "$p/100" | bc -l)
    sleep 10
  done
) > "$D/cpu.tsv" &
sampler=$!
wait_for_server
nice -n ${DRIVER_NICE:-0} $B/bsbm run http://127.0.0.1:7878/sparql --name "$LABEL" -idir /work/bench/data-284826/td_data -w 0 -runs 5000 \
  -mt 16 --duration "$SECS" --period 10 --warm-reference "$WARM" --started-at "$started" -o "$D" --quiet
awk '$1=="read_bytes:"{print "device read bytes", $2}' /proc/$pid/io > "$D/io.txt"
curl -s --max-time 10 http://127.0.0.1:7878/metrics | grep -E '^quarry_(buffer|terms|process|sparql)_' > "$D/metrics.txt"
kill $pid; wait $pid 2>/dev/null; kill $sampler 2>/dev/null
[ "$CAP" = 0 ] || $B/memcap.sh --remove quarry-bench-exp
python3 - "$D" <<'PY'
import json,sys,glob
d=sys.argv[1]; j=json.load(open(glob.glob(d+'/explore-16.json')[0]))
print(d, 'qmph', round(j.get('qmph',0)), [k for k in j.keys()][:30])
PY
