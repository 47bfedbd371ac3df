#!/bin/bash
# Capped (2 GB), the pool's mapping advised to huge pages against 4 KB pages, typed store, ABBA.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=/work/bench/s57
( while true; do p=$(pgrep -f "quarry.jar.*serve|QuarryMain.*serve" | head -1); [ -n "$p" ] && echo "$(date +%T) $p $(grep AnonHugePages /proc/$p/smaps_rollup 2>/dev/null)"; sleep 30; done ) > $S/thp-anon-c.log 2>&1 &
M=$!
$S/abx.sh $S/thp-c 2 2GB 120 16 "thp /work/main /work/bench/quarry-284826-typed" "nothp /work/main /work/bench/quarry-284826-typed -Dquarry.pool.huge-pages=false"
kill $M
echo done
