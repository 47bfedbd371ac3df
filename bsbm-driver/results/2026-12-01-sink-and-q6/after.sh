#!/bin/bash
# after.sh: at f2686eb (query threads auto), 1M new servers: Explore with Q6, then the 25-query mix
cd /work/bench
/work/main/bsbm-driver/compare.sh -pc 2785 --work /work/bench/q6 --keep-stores --systems "quarry oxigraph" \
  --clients "1 16" --usecase exploreQ6 --quarry-text -w 50 -runs 200 > /work/bench/s41/after-q6.log 2>&1
rm -rf /work/bench/s41/after-q6; cp -r /work/bench/q6/results-2785-exploreQ6 /work/bench/s41/after-q6
/work/main/bsbm-driver/compare.sh -pc 2785 --work /work/bench/q6 --keep-stores --systems "quarry oxigraph" \
  --clients "1 16" -w 50 -runs 200 > /work/bench/s41/after-explore.log 2>&1
rm -rf /work/bench/s41/after-explore; cp -r /work/bench/q6/results-2785 /work/bench/s41/after-explore
