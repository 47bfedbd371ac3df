#!/bin/bash
# mixab.sh PC STORE LABEL JAVAOPTS CLIENTS: a new server, then the official explore mix (50 warm-up + 200 measured mixes)
PC=$1; STORE=$2; LABEL=$3; OPTS=$4; MT=${5:-1}
pkill -f "quarry.*serve"; sleep 2
cd /work/main; (QUARRY_JAVA_OPTS="-Xmx4g $OPTS" ./quarry serve --location $STORE --set store.buffers=6g --set store.direct-io=false > /tmp/s-$PC-$LABEL.log 2>&1 &)
for i in $(seq 90); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
cd /work/bench
out=/tmp/mixab/$PC-$LABEL-mt$MT-$(date +%H%M%S)
/work/main/bsbm-driver/bsbm run -idir data-$PC/td_data -w 50 -runs 200 -mt $MT http://127.0.0.1:7878/sparql -o $out > /dev/null 2>&1
echo "$PC $LABEL mt$MT $(grep -ho 'QMpH [0-9,]*' $out/*.md) Q5 $(grep -h 'explore/query5 ' $out/*.md | cut -d'|' -f4)"
grep -h "put in their objects" /tmp/s-$PC-$LABEL.log | sed 's/.*INFO//' | head -2
pkill -f "quarry.*serve"
