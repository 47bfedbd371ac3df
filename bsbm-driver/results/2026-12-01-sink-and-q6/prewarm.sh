#!/bin/bash
# prewarm.sh OUT ROUNDS: new server; (a) explore 50+200 at once; (b) BI mix ~15 s first, then explore 50+200
OUT=$(realpath -m $1); R=$2; mkdir -p $OUT
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
B=/work/main/bsbm-driver/bsbm
for r in $(seq $R); do for v in a b; do
  pkill -f "quarry.jar serve"; sleep 2
  (cd /work/main && nohup ./quarry serve --location /work/bench/quarry-2785 --port 7878 > $OUT/s$v$r.log 2>&1 &)
  for _ in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/health && break; sleep 0.25; done
  cd /work/bench/data-2785
  if [ $v = b ]; then timeout 60 $B run http://127.0.0.1:7878/sparql -mt 1 -w 0 -runs 1000 --duration 15 -ucf businessIntelligence --quiet -o $OUT/bi$r > $OUT/bi$r.log 2>&1; fi
  $B run http://127.0.0.1:7878/sparql -mt 1 -w 50 -runs 200 --quiet -o $OUT/$v$r > $OUT/$v$r.log 2>&1
  echo "r$r $v $(grep -o 'QMpH [0-9,]*' $OUT/$v$r.log | head -1) bi: $(grep -o 'QMpH [0-9,]*' $OUT/bi$r.log 2>/dev/null | head -1)"
  pkill -f "quarry.jar serve"; sleep 2
done; done
