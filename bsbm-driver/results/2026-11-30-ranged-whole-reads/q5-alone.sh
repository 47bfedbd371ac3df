#!/bin/bash
# q5run.sh LABEL OPTS: new 100M server, 30 warm Q5-only mixes, 2 x 30 measured, then explains
LABEL=$1; OPTS=$2
pkill -f "quarry.*serve"; sleep 3
cd /work/main && (QUARRY_JAVA_OPTS="-Xmx4g $OPTS" ./quarry serve --location /work/bench/quarry-284826 --set store.buffers=6g --set store.direct-io=false > /tmp/s-$LABEL.log 2>&1 &)
for i in $(seq 90); do curl -sf -o /dev/null http://127.0.0.1:7878/health && break; sleep 1; done
cd /work/bench
B=/work/main/bsbm-driver/bsbm
$B run --queries /tmp/q5d -ucf q5only -idir data-284826/td_data -w 30 -runs 10 http://127.0.0.1:7878/sparql -o /tmp/q5r/$LABEL-w > /dev/null 2>&1
for r in 1 2; do $B run --queries /tmp/q5d -ucf q5only -idir data-284826/td_data -w 0 -runs 30 http://127.0.0.1:7878/sparql -o /tmp/q5r/$LABEL-$r > /dev/null 2>&1; echo "$LABEL $r $(grep -h 'explore/query5' /tmp/q5r/$LABEL-$r/*.md)"; done
for m in 4 5 6 7 8 9 10 11; do curl -s http://127.0.0.1:7878/sparql --data-urlencode query@/tmp/qt$m/explore-query5.rq --data-urlencode explain=true -H 'Accept: text/plain' > /tmp/q5r/ex-$LABEL-$m.txt; echo "$(grep -E 'rows in' /tmp/q5r/ex-$LABEL-$m.txt) $(grep -oE 'walk \?productLabel.*rows walked[^]]*\]' /tmp/q5r/ex-$LABEL-$m.txt | cut -c 70-) $(grep -E '^  top' /tmp/q5r/ex-$LABEL-$m.txt | grep -oE '[0-9.]+ / [0-9.]+ ms$')"; done
