#!/bin/bash
# BSBM 100M, Quarry (the ids store) and Oxigraph 0.5.13 (oxload.sh) side by side: two default passes
# (the second starts after the first's Oxigraph runs filled the OS cache with its store) and one with
# each server in a 2 GB cgroup. WORK holds quarry-284826, oxigraph-284826, data-284826/td_data and
# data-284826/triples (links to the loaded stores). Each run's results go to OUT/<name>/.
# BI=1: the Business Intelligence runs only (below).
OUT=$1; WORK=${WORK:-/work/bench/cmp100}
C=$(cd "$(dirname "$0")/../.." && pwd)/compare.sh
run() { # NAME compare.sh options...
  local name=$1; shift
  rm -rf "$WORK"/results-284826*
  "$C" -pc 284826 --work "$WORK" --keep-stores "$@" > "$OUT/$name.log" 2>&1
  mkdir -p "$OUT/$name" && cp -r "$WORK"/results-284826*/. "$OUT/$name/"
}
mkdir -p "$OUT"
EXPLORE=(--systems "quarry oxigraph" --clients "1 16" --slow-mixes oxigraph=5:20 --cold 60)
if [ -z "$BI" ]; then
  run default "${EXPLORE[@]}"
  run default-second "${EXPLORE[@]}"
  run cap2GB "${EXPLORE[@]}" --memory-cap 2GB
  exit 0
fi
# Business Intelligence (official 2 + 10 mixes): Quarry with 1 and 4 clients; Oxigraph one mix with
# one client, each query cut at 30 s.
run bi-quarry --usecase businessIntelligence --systems quarry --clients "1 4" -w 2 -runs 10
run bi-oxigraph --usecase businessIntelligence --systems oxigraph --clients 1 -w 0 -runs 1 -t 30000
