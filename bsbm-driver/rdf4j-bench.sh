#!/usr/bin/env bash
# BSBM Explore on Quarry in process, through the Jena API and through the RDF4J API, alternating,
# 1 and 16 clients, ROUNDS rounds; prints each run's QMpH (reports under OUT/<api>-<clients>-<round>).
#   bsbm-driver/rdf4j-bench.sh STORE_DIR TD_DATA_DIR [ROUNDS] [OUT]
set -euo pipefail
store=${1:?store directory}
td=${2:?td_data directory}
rounds=${3:-3}
out=${4:-bsbm-results/rdf4j-bench}
cd "$(dirname "$0")/.."
mkdir -p "$out"
for ((round = 1; round <= rounds; round++)); do
  for mt in 1 16; do
    runs=$([ "$mt" = 1 ] && echo 2000 || echo 4000)
    for api in embedded rdf4j; do
      dir="$out/$api-$mt-$round"
      bsbm-driver/bsbm run "--$api" "$store" -idir "$td" -w 300 -runs "$runs" -mt "$mt" --quiet \
        -o "$dir" >"$dir.log" 2>&1 || { echo "run failed: $dir.log" >&2; exit 1; }
      echo "round $round, $api API, $mt clients: $(grep -o 'QMpH [0-9,]*' "$dir/explore-$mt.md")"
    done
  done
done
