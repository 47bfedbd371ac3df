#!/bin/bash
# states.sh OUT LABEL CAP [serve opts]: a 120 s, 16-client run (cold.sh by way of beside.sh) with
# tstates.py sampling the query threads' states from 25 s to 110 s.
OUT=$1; LABEL=$2; CAP=$3; shift 3
R=/work/main/bsbm-driver/results
. $R/2026-12-02-collector/beside.sh
mkdir -p $OUT/$LABEL
start_beside $OUT $LABEL $CAP 120 16 10 "$@" || exit 1
sleep 25
python3 /work/bench/s59/tstates.py $pid 85 $OUT/$LABEL/states.txt
wait
echo "$LABEL $(python3 -c "import json,glob;print(round(json.load(open(glob.glob('$OUT/$LABEL/explore-*.json')[0]))['qmph']))")"
