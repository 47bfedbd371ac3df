#!/bin/bash
# series.sh OUT LABEL CAP SECS CLIENTS [serve opts]: cold.sh's run, with /metrics every 10 s
# (queries, pool misses and evictions, term-file reads, device bytes) to see where in the run
# the reads fall.
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; CL=$5; shift 5
D=$OUT/$LABEL; mkdir -p $D
. "$(dirname "$0")/../2026-12-02-collector/beside.sh"
start_beside $OUT $LABEL $CAP $SECS $CL 10 "$@" || exit 1
t0=$(date +%s)
for i in $(seq 1 $((SECS / 10))); do
  sleep $((t0 + 10 * i - $(date +%s)))
  { echo "# t $((10 * i))"; curl -s --max-time 5 http://127.0.0.1:7878/metrics | grep -E '^(quarry_buffer_(misses|evictions|reads_batched_pages)_total|quarry_terms_file_read(s|_bytes)_total|quarry_process_device_read_bytes_total|quarry_sparql_query_seconds_count)'; } >> $D/series.txt
done
wait
