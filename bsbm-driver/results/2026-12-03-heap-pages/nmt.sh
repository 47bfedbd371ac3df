#!/bin/bash
# nmt.sh OUT LABEL CAP: one capped/uncapped 16-client run with native memory tracking; at 100 s the
# JVM's own account (jcmd VM.native_memory summary), the cgroup's memory.stat and smaps_rollup.
OUT=$1; L=$2; CAP=$3
export DIO=auto IDIR=/work/bench/data-284826/td-gen STORE=${STORE:-/work/bench/quarry-284826-typed}
export QJ="-XX:NativeMemoryTracking=summary"
D=$OUT/$L; mkdir -p $D
C=/work/main/bsbm-driver/results/2026-11-30-kept-orders/cold.sh
(QUARRY_BUILD=never $C $OUT $L $CAP 120 16 | tail -1) &
sleep 100
pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1)
/usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $pid VM.native_memory summary > $D/nmt.txt 2>&1
cat /proc/$pid/smaps_rollup > $D/smaps.txt
[ "$CAP" = 0 ] || cat /sys/fs/cgroup/memory/quarry-bench-exp/memory.stat > $D/memstat.txt
wait
