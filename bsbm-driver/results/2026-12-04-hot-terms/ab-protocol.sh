#!/bin/bash
# ab-protocol.sh OUT ROUNDS [CAP] [FIRST]: the issue's own measurement
# (../2026-12-04-issue-protocol/one-server.sh) on capped servers only, this change (/work/main,
# "new") against its parent (/work/bench/alt, "base") in ABBA order, rounds FIRST (default 1) to
# FIRST+ROUNDS-1.
OUT=$1; N=$2; CAP=${3:-2GB}; FIRST=${4:-1}
S=${STORE:-/work/bench/quarry-284826-typed}; TD=${IDIR:-/work/bench/data-284826/td-gen}
. "$(dirname "$0")/../2026-12-04-issue-protocol/one-server.sh"
for r in $(seq $FIRST $((FIRST + N - 1))); do
  if [ $((r % 2)) = 1 ]; then order="new base"; else order="base new"; fi
  for a in $order; do
    R=$([ $a = new ] && echo /work/main || echo /work/bench/alt)
    protocol_server "$OUT/$a-$r" $a-$r "$CAP"
  done
done
