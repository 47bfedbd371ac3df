#!/bin/bash
# cpurun.sh OUT RUNS [serve args]: a server warmed by 300+1000 mixes, then RUNS measured mixes (w 10);
# server CPU per thread group and the driver's CPU over the measured run.
set -u
OUT=$1; RUNS=$2; shift 2; mkdir -p $OUT
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
QUARRY_JAVA_OPTS="-Xmx4g ${QJ:-}" /work/main/quarry serve --location /work/bench/q6/quarry-2785 --port 7878 --set store.buffers=1GB --set store.direct-io=false "$@" > $OUT/server.log 2>&1 &
pid=$!
for i in $(seq 100); do curl -sf http://127.0.0.1:7878/health >/dev/null && break; sleep 0.3; done
spid=$(pgrep -f 'sparql-server.*jar.*serve' | head -1)
BSBM_JAVA_OPTS="-Xmx1g" /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql --name Quarry -idir /work/bench/q6/data-2785/td_data -w 300 -runs 1000 -mt 1 -ucf exploreQ6 -o $OUT/r0 --quiet > $OUT/driver0.log 2>&1
snap() { for t in /proc/$spid/task/*; do echo "$(cat $t/comm | tr ' ' _) $(awk '{print $14+$15}' $t/stat)"; done | sed -E 's/^([A-Za-z_ -]*[A-Za-z_-])[#0-9_-]*[0-9]+ /\1 /' | awk '{c[$1]+=$2} END {for (k in c) print k, c[k]}' | sort; }
snap > $OUT/t0
BSBM_JAVA_OPTS="-Xmx1g ${BJ:-}" /work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql --name Quarry -idir /work/bench/q6/data-2785/td_data -w 10 -runs $RUNS -mt 1 -ucf exploreQ6 -o $OUT/r --quiet > $OUT/driver.log 2>&1 &
dpid=$!
sleep 0.5; jp=$(pgrep -f 'bsbm-driver.*jar.*run' | head -1); last=0
while kill -0 $dpid 2>/dev/null; do d=$(awk '{print $14+$15}' /proc/$jp/stat 2>/dev/null) && last=$d; sleep 0.2; done
snap > $OUT/t1
grep QMpH $OUT/driver.log
join $OUT/t0 $OUT/t1 | awk '{d=$3-$2; if (d>0) print d*10, "ms", $1}' | sort -rn | head -12
echo "driver process: ${last}0 ms"
kill $pid; wait $pid 2>/dev/null
