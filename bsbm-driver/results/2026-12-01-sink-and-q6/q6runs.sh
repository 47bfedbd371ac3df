#!/bin/bash
# q6runs.sh: the Q6 mix at 1M, Quarry and Oxigraph, newcomer then a long warm run (new servers each)
cd /work/bench
for spec in "n1:-w 50 -runs 200" "long1:-w 1000 -runs 1000"; do
  name=${spec%%:*}; args=${spec#*:}
  /work/main/bsbm-driver/compare.sh -pc 2785 --work /work/bench/q6 --keep-stores --systems "quarry oxigraph" \
    --clients "1 16" --usecase exploreQ6 --quarry-text $args > /work/bench/s41/q6-$name.log 2>&1
  rm -rf /work/bench/s41/q6-$name; cp -r /work/bench/q6/results-2785-exploreQ6 /work/bench/s41/q6-$name
  grep -h 'QMpH' /work/bench/s41/q6-$name/comparison.md | head -5
done
