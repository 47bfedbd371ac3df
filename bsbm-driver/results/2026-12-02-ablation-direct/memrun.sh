#!/bin/bash
# memrun.sh: a capped 16-client run (90 s) with NMT; at 60 s the cgroup's memory.stat and the JVM's native memory summary
cd /work/main/bsbm-driver/results/2026-12-02-collector
export DIO=auto STORE=/work/bench/quarry-284826-coded QJ="-XX:NativeMemoryTracking=summary"
./tdiag.sh /work/bench/s52/mem m16 2GB 90 16 > /work/bench/s52/mem.out 2>&1 &
sleep 60
pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1)
cat /sys/fs/cgroup/memory/quarry-bench-exp/memory.stat > /work/bench/s52/mem-stat.txt
grep -E "VmRSS|RssAnon|RssFile|RssShmem" /proc/$pid/status > /work/bench/s52/mem-rss.txt
/usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd $pid VM.native_memory summary > /work/bench/s52/mem-nmt.txt 2>&1
wait
