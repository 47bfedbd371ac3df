#!/bin/bash
# bgpair.sh OUT RATE: uncapped, 16 clients, 120 s, with and without bgread.py at RATE reads/s
# (started 15 s after the server), perf recorded from 40 to 70 s.
OUT=$1; RATE=$2; H=$(cd "$(dirname "$0")" && pwd)
for l in bg quiet; do
  if [ $l = bg ]; then (sleep 15; exec python3 $H/bgread.py /work/bench/quarry-284826-side/terms.dat $RATE > $OUT/bg.reader 2>&1) & rp=$!; fi
  $H/prof.sh $OUT $l 0 16
  if [ $l = bg ]; then pkill -TERM -f bgread.py; wait $rp; fi
done
