#!/bin/bash
# capab.sh REPO LABEL: Quarry alone at 100M, one client, in a 2 GB cgroup from a dropped OS cache
REPO=$1; LABEL=$2
cd /work
$REPO/bsbm-driver/compare.sh -pc 284826 --work bench --keep-stores --systems quarry --clients 1 --memory-cap 2GB > /tmp/capab-$LABEL.log 2>&1
mkdir -p /tmp/capab/$LABEL-$(date +%H%M%S)
cp -r /work/bench/results-284826-cap2GB/Quarry /work/bench/results-284826-cap2GB/io.tsv /tmp/capab/$LABEL-$(date +%H%M%S)/ 2>/dev/null
echo "$LABEL $(grep -o 'QMpH [0-9,]*' /tmp/capab-$LABEL.log | head -1) $(tail -1 /work/bench/results-284826-cap2GB/io.tsv | cut -f2)"
