#!/bin/bash
# drop.sh: capped ABBA, long term records' pages dropped from the OS cache after their read
# (-Dquarry.terms.drop-long=192) against not; then cT: the cap plus the term file (terms fit), heap
# 512 MB and pool 768 MB as capped.
export STORE=/work/bench/quarry-284826-coded DIO=auto
A=/work/main/bsbm-driver/results/2026-12-02-collector/abq.sh
$A /work/bench/s54/drop 2 2GB 120 16 "drop|-Dquarry.terms.drop-long=192||" "keep|||"
T=/work/main/bsbm-driver/results/2026-12-02-collector/tdiag.sh
for r in 1 2; do QJ="-Xmx512m" timeout 600 $T /work/bench/s54/split cT-$r 4900MB 120 16 --set store.buffers=768MB | grep -E "QMpH|total|GC threads|allocated"; done
