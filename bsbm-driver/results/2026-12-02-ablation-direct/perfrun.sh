#!/bin/bash
# perfrun.sh LABEL CAP: a 120 s 16-client run (tdiag) with 30 s of kernel+user call stacks from 40 s
cd /work/main/bsbm-driver/results/2026-12-02-collector
export DIO=auto STORE=/work/bench/quarry-284826-coded
./tdiag.sh /work/bench/s52/perf $1 $2 120 16 > /work/bench/s52/perf-$1.out 2>&1 &
sleep 40
pid=$(pgrep -f -- '-jar .*quarry\.jar serve' | head -1)
perf record -g -F 199 -p $pid -o /work/bench/s52/perf-$1.data -- sleep 30 > /dev/null 2>&1
wait
