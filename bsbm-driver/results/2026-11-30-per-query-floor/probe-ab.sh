#!/usr/bin/env bash
# Per template on a warm server, builds alternating: probe-ab.sh OUT ROUNDS QUERIES.tsv REPO...
# (bsbm probe: one connection, WARM warm-up and REQ measured requests per query, SPARQL XML).
set -euo pipefail
out=$1; rounds=$2; queries=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
STORE=${STORE:-/work/bench/q6/quarry-2785}
mkdir -p "$out"
for r in $(seq "$rounds"); do
  for repo in "$@"; do
    tag=$(basename "$repo")-$r
    QUARRY_JAVA_OPTS="-Xmx4g" "$repo/quarry" serve --location "$STORE" --port 7878 \
      --set store.buffers=4GB --set store.direct-io=false > "$out/server-$tag.log" 2>&1 &
    spid=$!
    for i in $(seq 100); do sleep 0.3; curl -sf -o /dev/null "http://127.0.0.1:7878/sparql?query=ASK%7B%7D" && break; done
    "$root/bsbm-driver/bsbm" probe --queries "$queries" --accept application/sparql-results+xml \
      --connections 1 --warm-up "${WARM:-10000}" --requests "${REQ:-4000}" -o "$out/probe-$tag.md" \
      q=http://127.0.0.1:7878/sparql > /dev/null 2>&1
    kill $spid; wait $spid 2>/dev/null || true
  done
done
