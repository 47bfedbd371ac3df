#!/bin/bash
# prof.sh LABEL: new server on 1M with JFR (profile settings), newcomer run 50+200 one client, timestamps of the driver's phases
L=$1
pkill -f "quarry.jar serve"; sleep 1
(cd /work/main && QUARRY_JAVA_OPTS="-XX:StartFlightRecording=filename=/work/bench/s38/$L.jfr,settings=profile,dumponexit=true" nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 > /work/bench/s38/$L-server.log 2>&1 &)
for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
date +%s.%N > $L.t0
cd /work/bench/data-2785
/work/main/bsbm-driver/bsbm run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o /work/bench/s38/$L > /work/bench/s38/$L.log 2>&1
date +%s.%N > /work/bench/s38/$L.t1
pkill -f "quarry.jar serve"; sleep 3
grep -o 'QMpH [0-9,]*' /work/bench/s38/$L.log
