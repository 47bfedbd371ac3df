#!/bin/bash
# protocol.sh OUT ROUNDS [CAP]: the issue's own measurement (one-server.sh), capped (CAP, default
# 2GB) and uncapped on new servers in ABBA order (capped first in odd rounds) -- "16 clients
# afterwards", as issue #51 measured its "today" figures. Capped: a memory cgroup that counts the page
# cache, the OS cache dropped; uncapped: the store read into the OS cache first, a 4 GB heap and a
# 6 GB pool (../2026-11-30-jit-share/serve.sh). Typed store, O_DIRECT auto. REPO=, STORE=, IDIR=.
OUT=$1; N=$2; CAP=${3:-2GB}
R=${REPO:-/work/main}
S=${STORE:-/work/bench/quarry-284826-typed}; TD=${IDIR:-/work/bench/data-284826/td-gen}
. "$(dirname "$0")/one-server.sh"
for r in $(seq $N); do
  if [ $((r % 2)) = 1 ]; then order="$CAP 0"; else order="0 $CAP"; fi
  for cap in $order; do
    l=$([ $cap = 0 ] && echo u || echo c)-$r
    protocol_server "$OUT/$l" $l $cap
  done
done
