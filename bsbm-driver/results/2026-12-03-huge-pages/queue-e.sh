#!/bin/bash
# Uncapped, the pool's mapping advised to huge pages (the default of this build) against 4 KB pages
# (-Dquarry.pool.huge-pages=false), typed store, ABBA; AnonHugePages of the server every 30 s.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=/work/bench/s57
( while true; do p=$(pgrep -f "quarry.jar.*serve|QuarryMain.*serve" | head -1); [ -n "$p" ] && echo "$(date +%T) $p $(grep AnonHugePages /proc/$p/smaps_rollup 2>/dev/null)"; sleep 30; done ) > $S/thp-anon.log 2>&1 &
M=$!
$S/abx.sh $S/thp-u 2 0 120 16 "thp /work/main /work/bench/quarry-284826-typed" "nothp /work/main /work/bench/quarry-284826-typed -Dquarry.pool.huge-pages=false"
kill $M
echo done
