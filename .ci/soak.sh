#!/usr/bin/env bash
# A soak run, outside CI's time: `quarry serve` over a copy of a BSBM store with updates on, 16
# clients of BSBM's Explore-and-Update mix for MINUTES, and every minute the server's RSS, heap in
# use, open files and threads sampled. Prints the samples and the driver's errors at the end.
#   .ci/soak.sh MINUTES STORE TD_DATA UPDATE_FILE [OUT]
# e.g. bsbm-driver/bsbm generate -pc 2785 -ud -o ds.nt   (writes td_data and dataset_update.nt)
#      ./quarry load --location /tmp/bsbm1m ds.nt
#      .ci/soak.sh 60 /tmp/bsbm1m td_data dataset_update.nt
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=$1
source_store=$2
td=$3
updates=$4
out=${5:-$(mktemp -d)}
mkdir -p "$out"
store="$out/store"
rm -rf "$store"
cp -r "$source_store" "$store" # the updates change it: the original stays as it was
rm -f "$store/server-endpoint" "$store/lock"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null || true' EXIT

./quarry serve --location "$store" --port 0 --set update.enabled=true >"$out/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 240); do
  [ -f "$store/server-endpoint" ] && break
  sleep 0.25
done
endpoint=$(cat "$store/server-endpoint")

sample() {
  local heap
  heap=$(curl -s "${endpoint%/sparql}/metrics" |
    awk '/^jvm_memory_used_bytes\{area="heap"/ { s += $2 } END { printf "%.0f", s / 1048576 }')
  printf '%s  rss %6d MB  heap %6s MB  open files %5d  threads %4d\n' "$(date +%T)" \
    $(($(ps -o rss= -p "$server") / 1024)) "$heap" "$(ls /proc/"$server"/fd | wc -l)" \
    "$(ls /proc/"$server"/task | wc -l)" | tee -a "$out/samples"
}

sample
bsbm-driver/bsbm run "$endpoint" -ucf exploreAndUpdate -u "$endpoint" -udataset "$updates" \
  -idir "$td" -mt 16 -w 50 -runs 1000000 --duration $((minutes * 60)) --quiet \
  -o "$out/bsbm" >"$out/bsbm.log" 2>&1 &
driver=$!
while kill -0 "$driver" 2>/dev/null; do
  for _ in $(seq 1 60); do
    kill -0 "$driver" 2>/dev/null || break
    sleep 1
  done
  sample
done
wait "$driver" || echo "the driver exited with $?"
grep -iE 'error|fail|QMpH' "$out/bsbm.log" | tail -20 || true
echo "samples in $out/samples; driver output in $out/bsbm.log and $out/bsbm/"
