#!/bin/bash
# mix16.sh PC STORE LABEL JAVAOPTS: as compare.sh: a new server, 1 client (50+200), then 16 clients (50+200) on it
PC=$1; STORE=$2; LABEL=$3; OPTS=$4
pkill -f "quarry.*serve"; sleep 2
cd ${REPO:-/work/main}; (QUARRY_JAVA_OPTS="-Xmx4g $OPTS" ./quarry serve --location $STORE --set store.buffers=6g --set store.direct-io=false > /tmp/s-$PC-$LABEL.log 2>&1 &)
for i in $(seq 90); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
cd /work/bench
for MT in 1 16; do
out=/tmp/mixab/$PC-$LABEL-seq-mt$MT-$(date +%H%M%S)
/work/main/bsbm-driver/bsbm run -idir data-$PC/td_data -w 50 -runs 200 -mt $MT http://127.0.0.1:7878/sparql -o $out > /dev/null 2>&1
echo "$PC $LABEL mt$MT $(grep -ho 'QMpH [0-9,]*' $out/*.md) Q5 $(grep -h 'explore/query5 ' $out/*.md | cut -d'|' -f4)"
done
pkill -f "quarry.*serve"
