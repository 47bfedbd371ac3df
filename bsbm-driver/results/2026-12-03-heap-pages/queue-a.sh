#!/bin/bash
# The JVM heap in transparent huge pages (-XX:+UseTransparentHugePages) against the default, typed store, ABBA, capped then uncapped.
export DIO=auto IDIR=/work/bench/data-284826/td-gen
S=${OUT:-/work/bench/s58}; R=/work/main/bsbm-driver/results
ST=/work/bench/quarry-284826-typed
$R/2026-12-03-typed-ids/abx.sh $S/heap-c 2 2GB 120 16 "hthp /work/main $ST -XX:+UseTransparentHugePages" "base /work/main $ST"
$R/2026-12-03-typed-ids/abx.sh $S/heap-u 2 0 120 16 "hthp /work/main $ST -XX:+UseTransparentHugePages" "base /work/main $ST"
echo done
