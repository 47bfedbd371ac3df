#!/bin/bash
# histo.sh OUT LABEL CAP SECS CLIENTS: a cold.sh run; at SECS-10 s the server's live heap by class (jcmd, after a full GC).
OUT=$1; LABEL=$2; CAP=$3; SECS=$4; CL=$5; shift 5
D=$OUT/$LABEL; mkdir -p $D
(QUARRY_BUILD=never PERIOD=10 /work/main/bsbm-driver/results/2026-11-30-kept-orders/cold.sh $OUT $LABEL $CAP $SECS $CL "$@" | tail -1) &
pid=
for _ in $(seq 60); do pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1); [ -n "$pid" ] && break; sleep 1; done
sleep $((SECS-12))
/usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $pid GC.heap_info > $D/heapinfo.txt 2>&1
/usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $pid GC.class_histogram > $D/histo.txt 2>&1
wait
head -25 $D/histo.txt
