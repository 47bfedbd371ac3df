#!/bin/bash
# probe-ab.sh OUT REPO... : per build (alternating in the order given), a new server on BSBM 1M
# (/work/bench/quarry-2785) and the templates whose results carry long texts (Q2's comment, Q7 and
# Q8's reviews), one connection, 10,000 warm-up and 3,000 measured requests each: p50 per build.
OUT=$1; shift
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
here=$(cd "$(dirname "$0")" && pwd); mkdir -p "$OUT"; n=0
for repo in "$@"; do
  n=$((n + 1)); label=$n-$(git -C "$repo" rev-parse --short HEAD)
  "$repo/quarry" serve --location /work/bench/quarry-2785 --port 7878 > "$OUT/$label.log" 2>&1 &
  pid=$!
  for _ in $(seq 120); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.5; done
  /work/main/bsbm-driver/bsbm probe --queries "$here/long-texts.tsv" --connections 1 --warm-up 10000 \
    --requests 3000 -o "$OUT/$label.md" q=http://127.0.0.1:7878/sparql > /dev/null 2>&1
  kill $pid; wait $pid 2>/dev/null
  echo "$label $(grep -o '| explore-query[0-9]* | 1 | q | [0-9.]*' "$OUT/$label.md" | awk -F'|' '{printf "%s %s  ", $2, $5}')"
done
