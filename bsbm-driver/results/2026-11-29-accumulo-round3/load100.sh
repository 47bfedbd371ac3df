#!/bin/bash
# BSBM 100M generated into an Accumulo store through a pipe, the loader within -Xmx2g / --memory 1g.
cd /work/bench
/work/main/bsbm-driver/bsbm generate -pc 284826 -o - -dir /work/bench/data-284826/td_data 2> /work/bench/gen100.log \
 | QUARRY_JAVA_OPTS=-Xmx2g /usr/bin/time -v /work/main/quarry load --verbose --memory 1g --store-config /work/bench/acc100/q100m.yaml --format ntriples - > /work/bench/load100.log 2>&1
echo "rc=${PIPESTATUS[*]}" >> /work/bench/load100.log
