#!/bin/bash
# q6head.sh: the Q6 mix newcomer runs again at HEAD (1M then 10M), kept stores, new servers
cd /work/bench
/work/main/bsbm-driver/compare.sh -pc 2785 --work /work/bench/q6 --keep-stores --systems "quarry oxigraph" \
  --clients "1 16" --usecase exploreQ6 --quarry-text -w 50 -runs 200 > /work/bench/s41/q6-head-1m.log 2>&1
rm -rf /work/bench/s41/q6-head-1m; cp -r /work/bench/q6/results-2785-exploreQ6 /work/bench/s41/q6-head-1m
/work/main/bsbm-driver/compare.sh -pc 28480 --work /work/bench/q6-10m --keep-stores --systems "quarry oxigraph" \
  --clients "1 16" --usecase exploreQ6 --quarry-text -w 50 -runs 200 > /work/bench/s41/q6-head-10m.log 2>&1
rm -rf /work/bench/s41/q6-head-10m; cp -r /work/bench/q6-10m/results-28480-exploreQ6 /work/bench/s41/q6-head-10m
