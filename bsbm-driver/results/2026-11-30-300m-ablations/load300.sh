#!/bin/bash
# BSBM 300M generated straight into Quarry's load through a pipe (no 78 GB file)
cd /work/bench
rm -rf quarry-864000
date +%s > load300.start
/work/main/bsbm-driver/bsbm generate -pc 864000 -o - -dir data-864000/td_data 2> gen300.log \
 | /usr/bin/time -v /work/main/quarry load - --format ntriples --location quarry-864000 > load300.log 2>&1
echo "exit ${PIPESTATUS[@]}" >> load300.log
date +%s > load300.end
