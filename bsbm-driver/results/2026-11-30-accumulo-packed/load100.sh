#!/bin/bash
# BSBM 100M generated into an Accumulo store through a pipe, `quarry load --memory 2g` (the launcher
# sizes the heap at 1.5 GB; the load holds 1 GB of data, as round 3's -Xmx2g --memory 1g did).
cd /work/bench
/work/main/bsbm-driver/bsbm generate -pc 284826 -o - -dir /work/bench/data-284826/td_data 2> /work/bench/gen100.log \
 | /usr/bin/time -v /work/main/quarry load --verbose --memory 2g --store-config /work/bench/acc/q100m.yaml --format ntriples - > /work/bench/load100.log 2>&1
echo "rc=${PIPESTATUS[*]}" >> /work/bench/load100.log
