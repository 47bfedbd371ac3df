#!/bin/bash
# load100m.sh: both 100M stores from the generator through a pipe: ids (v4tree build), records (main build)
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 QUARRY_BUILD=never
cd /work/bench
for set in "ids|/work/bench/v4tree|/work/bench/quarry-284826-ids" "records|/work/main|/work/bench/quarry-284826-rec"; do
  IFS='|' read -r label repo store <<< "$set"
  s=$(date +%s)
  /work/main/bsbm-driver/bsbm generate -pc 284826 -o - -dir /work/bench/data-284826/td-gen --quiet \
    | $repo/quarry load --format ntriples --location $store - 2>&1 | tr '\r' '\n' | tail -3
  echo "$label load $(( $(date +%s) - s )) s; $(du -sh $store)"
done
