#!/bin/bash
# a third pair at 100M, before first, each server with a GC log
for b in before after; do
  export QUARRY_JAVA_OPTS="-Xlog:gc:file=/tmp/gc-$b.log"
  ORDER=$b DATA=/work/bench/data-284826 W=10 RUNS=50 CLIENTS=1 PERTEMPLATE=1 \
    /work/main/bsbm-driver/results/2026-11-30-accumulo-packed/ab.sh ${OUT:-/work/bench/packed/100m-r3} 1 /work/bench/acc/q100m.yaml
done
