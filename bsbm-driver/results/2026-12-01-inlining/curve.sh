#!/bin/bash
# curve.sh LABEL [QJ opts]: new server on the 1M store, JFR compilation events, one client 0 + 600 mixes with a 1 s period
set -u
L=$1; QJ=${2:-}
pkill -f "quarry.jar serve"; sleep 1
t0=$(date +%s%3N)
(cd /work/main && QUARRY_JAVA_OPTS="$QJ -XX:StartFlightRecording=filename=/work/bench/s37/$L.jfr,settings=/work/bench/s37/comp.jfc,dumponexit=true" nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 > /work/bench/s37/$L-server.log 2>&1 &)
cd /work/bench/data-2785
/work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql --started-at $t0 -mt 1 -w 0 -runs 600 --period 1 --quiet -o /work/bench/s37/$L > /work/bench/s37/$L.log 2>&1
/work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -mt 1 -w 0 -runs 500 --quiet -o /work/bench/s37/$L-warm > /work/bench/s37/$L-warm.log 2>&1
pkill -f "quarry.jar serve"; sleep 2
grep -o 'QMpH [0-9,]*' /work/bench/s37/$L.log /work/bench/s37/$L-warm.log
