#!/usr/bin/env bash
# A soak run, outside CI's time: `quarry serve` over a copy of a BSBM store with updates on, 16
# clients of BSBM's Explore-and-Update mix for MINUTES, and every minute the server's RSS, heap in
# use, open files and threads sampled. Prints the samples and the driver's errors at the end.
#   .ci/soak.sh MINUTES STORE TD_DATA UPDATE_FILE [OUT]
# (the update dataset is used up after 1,000 update transactions; later rounds start it again)
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

. .ci/serve-lib.sh
serve_store "$store" "$out/serve.log" || exit 1

sample() {
  local heap
  heap=$(curl -s "${endpoint%/sparql}/metrics" |
    awk '/^jvm_memory_used_bytes/ && /area="heap"/ { s += $NF } END { printf "%.0f", s / 1048576 }')
  printf '%s  rss %6d MB  heap %6s MB  open files %5d  threads %4d\n' "$(date +%T)" \
    $(($(ps -o rss= -p "$server") / 1024)) "$heap" "$(ls /proc/"$server"/fd | wc -l)" \
    "$(ls /proc/"$server"/task | wc -l)" | tee -a "$out/samples"
}

# The driver plans its mixes up front, so it runs in rounds of 2,000 mixes until the time is up;
# the samples go on every minute meanwhile.
end=$(($(date +%s) + minutes * 60))
(while [ "$(date +%s)" -lt "$end" ]; do sample; sleep 60; done) &
sampler=$!
round=0
failed=0
warm=50
while [ "$(date +%s)" -lt "$end" ]; do
  round=$((round + 1))
  bsbm-driver/bsbm run "$endpoint" -ucf exploreAndUpdate -u "$endpoint" -udataset "$updates" \
    -idir "$td" -mt 16 -w "$warm" -runs 2000 -seed $((808080 + round)) \
    --duration $((end - $(date +%s) > 1 ? end - $(date +%s) : 1)) --quiet \
    -o "$out/bsbm-$round" >"$out/bsbm-$round.log" 2>&1 || {
    # The driver stops on a query that fails (an HTTP error): that is an error of the server's.
    failed=$((failed + 1))
    echo "round $round: the driver stopped: $(grep -m1 -E 'HTTP|Exception' "$out/bsbm-$round.log")"
  }
  warm=0
  grep -h 'QMpH' "$out/bsbm-$round.log" | sed "s/^/round $round: /" | tee -a "$out/rounds"
done
kill "$sampler" 2>/dev/null || true
sample
# Timeouts: the last column of the per-query table of every round's report.
timeouts=$(cat "$out"/bsbm-*/*.md 2>/dev/null | awk -F'|' '/^\| (explore|update)/ { e += $(NF-1) } END { print e + 0 }')
echo "soak: $minutes min, $round rounds, failed queries $failed, timeouts $timeouts; first and last samples:"
head -1 "$out/samples"
tail -1 "$out/samples"
