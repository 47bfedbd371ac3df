#!/bin/bash
# split.sh OUT ROUND: which part of the cap costs what. Every server 16 clients, 120 s, new.
# u: uncapped (4 GB heap, 6 GB pool, store in the OS cache); h: u with a 512 MB heap; p: u with a
# 768 MB pool; hp: both, nothing else capped (store in the OS cache); c: the 2 GB cgroup.
OUT=$1; R=$2
export STORE=/work/bench/quarry-284826-coded DIO=auto
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
run() { L=$1; CAP=$2; shift 2; QJ="$QJX" timeout 600 $T $OUT $L-$R $CAP 120 16 "$@" > /dev/null 2>&1
  echo "$L-$R $(python3 -c "import json,glob;print(round(json.load(open(glob.glob('$OUT/$L-$R/explore-*.json')[0]))['qmph']))") $(head -2 $OUT/$L-$R/threads.txt | tr '\n' ' ') $(cat $OUT/$L-$R/alloc.txt)"; }
order=${ORDER:-"u h p hp c"}
for l in $order; do
  case $l in
    u) QJX="" run u 0 ;;
    h) QJX="-Xmx512m" run h 0 ;;
    p) QJX="" run p 0 --set store.buffers=768MB ;;
    hp) QJX="-Xmx512m" run hp 0 --set store.buffers=768MB ;;
    c) QJX="" run c 2GB ;;
  esac
done
