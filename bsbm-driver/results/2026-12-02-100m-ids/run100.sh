#!/bin/bash
# BSBM 100M, Quarry (the ids store) and Oxigraph 0.5.13 (oxload.sh) side by side: two default passes
# (the second starts after the first's Oxigraph runs filled the OS cache with its store) and one with
# each server in a 2 GB cgroup. WORK holds quarry-284826, oxigraph-284826, data-284826/td_data and
# data-284826/triples (links to the loaded stores). Each pass's results go to OUT/<pass>/.
# BI=1: the Business Intelligence runs only (below).
OUT=$1; WORK=${WORK:-/work/bench/cmp100}
C=$(cd "$(dirname "$0")/../.." && pwd)/compare.sh
pass() { # NAME [compare.sh options...]
  local name=$1; shift
  rm -rf "$WORK"/results-284826*
  "$C" -pc 284826 --work "$WORK" --keep-stores --systems "quarry oxigraph" --clients "1 16" \
    --slow-mixes oxigraph=5:20 --cold 60 "$@" > "$OUT/$name.log" 2>&1
  mkdir -p "$OUT/$name" && cp -r "$WORK"/results-284826*/. "$OUT/$name/"
}
mkdir -p "$OUT"
[ -n "$BI" ] || pass default
[ -n "$BI" ] || pass default-second
[ -n "$BI" ] || pass cap2GB --memory-cap 2GB
# Business Intelligence (official 2 + 10 mixes): Quarry with 1 and 4 clients; Oxigraph one mix with
# one client, each query cut at 30 s.
bi() { # NAME [compare.sh options...]
  local name=$1; shift
  rm -rf "$WORK"/results-284826-businessIntelligence
  "$C" -pc 284826 --work "$WORK" --keep-stores --usecase businessIntelligence "$@" > "$OUT/$name.log" 2>&1
  mkdir -p "$OUT/$name" && cp -r "$WORK"/results-284826-businessIntelligence/. "$OUT/$name/"
}
[ -n "$BI" ] || exit 0
bi bi-quarry --systems quarry --clients "1 4" -w 2 -runs 10
bi bi-oxigraph --systems oxigraph --clients 1 -w 0 -runs 1 -t 30000
