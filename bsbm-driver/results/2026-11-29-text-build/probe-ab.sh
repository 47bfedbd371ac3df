#!/bin/bash
# $1 repo dir, $2 store, $3 label
cd $1
./quarry serve --location $2 --port 7878 > /tmp/srv-$3.log 2>&1 &
for i in $(seq 60); do curl -s -o /dev/null "http://127.0.0.1:7878/sparql?query=ASK%7B%7D" && break; sleep 0.5; done
cd /work/main
for f in q6 rev; do bsbm-driver/bsbm probe --queries /tmp/$f.tsv --warm-up 100 --requests 200 --connections 1 $3=http://127.0.0.1:7878/sparql -o /tmp/probe-$3-$f.md > /dev/null 2>&1; done
pkill -f "quarry.jar serve"; sleep 2
