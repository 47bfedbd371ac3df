#!/bin/bash
# pair.sh, 4 rounds, on the build whose launcher puts serve's heap in huge pages; AnonHugePages every 30 s.
S=${OUT:-/work/bench/s58}; R=/work/main/bsbm-driver/results
( while true; do p=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1); [ -n "$p" ] && echo "$(date +%T) $p $(grep AnonHugePages /proc/$p/smaps_rollup 2>/dev/null)"; sleep 30; done ) > $S/pair-hthp-anon.log 2>&1 &
M=$!
DIO=auto IDIR=/work/bench/data-284826/td-gen STORE=/work/bench/quarry-284826-typed $R/2026-12-02-capped-costs/pair.sh $S/pair-hthp 4 120 16
kill $M
