#!/bin/bash
# series.sh OUT LABEL CAP [serve opts]: a 120 s, 16-client run; every 5 s the server's device reads
# (/proc/PID/io), pool misses, term-file reads and queries answered (/metrics) into OUT/LABEL/series.txt
OUT=$1; LABEL=$2; CAP=$3; shift 3
export STORE=/work/bench/quarry-284826-typed DIO=auto IDIR=/work/bench/data-284826/td-gen
. /work/main/bsbm-driver/results/2026-12-02-collector/beside.sh
mkdir -p $OUT/$LABEL
start_beside $OUT $LABEL $CAP 120 16 10 "$@" || exit 1
t0=$(date +%s)
while kill -0 $pid 2>/dev/null; do
  m=$(curl -s --max-time 2 http://127.0.0.1:7878/metrics | grep -E '^(quarry_buffer_misses_total|quarry_buffer_reads_batched_pages_total|quarry_terms_file_reads_total|quarry_sparql_query_seconds_count|jvm_gc_pause_seconds_count)' | awk '{k=$1; sub(/\{.*/,"",k); s[k]+=$2} END {for (k in s) printf "%s=%d ", k, s[k]}')
  io=$(awk '$1=="read_bytes:"{print $2}' /proc/$pid/io 2>/dev/null)
  echo "$(( $(date +%s) - t0 )) io=$io $m" >> $OUT/$LABEL/series.txt
  sleep 5
done
wait
