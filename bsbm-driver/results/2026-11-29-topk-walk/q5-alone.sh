#!/bin/bash
# q5ab.sh PC STORE LABEL JAVAOPTS: a new server, 150 warm Q5s, then two Q5-only runs (20 + 60 mixes of five Q5s)
PC=$1; STORE=$2; LABEL=$3; OPTS=$4
pkill -f "quarry.*serve"; sleep 2
cd /work/main; (QUARRY_JAVA_OPTS="-Xmx4g $OPTS" ./quarry serve --location $STORE --set store.buffers=6g --set store.direct-io=false > /tmp/s-$LABEL.log 2>&1 &)
for i in $(seq 60); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
cd /work/bench
/work/main/bsbm-driver/bsbm run --queries /tmp/q5dir -ucf q5only -idir data-$PC/td_data -w 30 -runs 10 http://127.0.0.1:7878/sparql -o /tmp/q5ab/$PC-$LABEL-warm > /dev/null 2>&1
for r in 1 2; do /work/main/bsbm-driver/bsbm run --queries /tmp/q5dir -ucf q5only -idir data-$PC/td_data -w 20 -runs 60 http://127.0.0.1:7878/sparql -o /tmp/q5ab/$PC-$LABEL-$r > /dev/null 2>&1; echo "$PC $LABEL $r $(grep -h 'explore/query5' /tmp/q5ab/$PC-$LABEL-$r/*.md)"; done
pkill -f "quarry.*serve"
