#!/bin/bash
# threads100m.sh OUT ROUNDS: BSBM 100M in a 2 GB cgroup, OS cache dropped, 16 clients for 120 s from
# the start command; query threads 16 against 8, alternating.
OUT=$(realpath -m $1); R=$2
C=/work/main/bsbm-driver/results/2026-11-30-kept-orders/cold.sh
for r in $(seq ${FROM:-1} $R); do
  for t in 16 8; do $C $OUT t$t-r$r 2GB 120 16 --set server.query-threads=$t | tail -1; done
done
