#!/bin/bash
# queue-a.sh again, arms in the other order (base first), uncapped first: the heap in huge pages.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=${OUT:-/work/bench/s58}; R=/work/main/bsbm-driver/results
ST=/work/bench/quarry-284826-typed
( while true; do p=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1); [ -n "$p" ] && echo "$(date +%T) $p $(grep AnonHugePages /proc/$p/smaps_rollup 2>/dev/null)"; sleep 30; done ) > $S/heap-anon.log 2>&1 &
M=$!
$R/2026-12-03-typed-ids/abx.sh $S/heap-u2 2 0 120 16 "base /work/main $ST" "hthp /work/main $ST -XX:+UseTransparentHugePages"
$R/2026-12-03-typed-ids/abx.sh $S/heap-c2 2 2GB 120 16 "base /work/main $ST" "hthp /work/main $ST -XX:+UseTransparentHugePages"
kill $M
echo done
